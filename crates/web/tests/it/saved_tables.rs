//! `duel serve --tables DIR`: variants answered from tables saved by `duel ioiwari variants
//! --save`, read in place ([`duel_web::tables`]).
//!
//! The evidence: the same variant solved in memory by the rules library's solver (a table the
//! served one never touches), for a variant too large to be solved on demand; and every way
//! a directory or a file can be wrong, each refused with a line naming it.

use std::path::Path;

use duel_ioiwari::variant::{summarize, StartRule, Variant, VariantBoard, VariantTable};
use duel_test_support::work_dir;
use duel_web::tables::SavedTables;
use duel_web::variants::VariantTables;
use duel_web::App;
use serde_json::{json, Value};

/// Writes `table` to `path` as `--save` does.
fn save(table: &VariantTable, path: &Path) {
    let mut bytes = Vec::new();
    table.write_to(&mut bytes).unwrap();
    std::fs::write(path, bytes).unwrap();
}

fn get(app: &App, target: &str) -> (u16, Value) {
    let response = crate::common::call(app, "GET", target, b"");
    (
        response.status,
        serde_json::from_slice(&response.body).unwrap(),
    )
}

#[test]
fn a_variant_too_large_to_solve_here_is_answered_from_its_saved_table() {
    // 9 pits of cap 6: 40353607 boards, past what the page solves on demand.
    let variant = Variant::new(9, 6).unwrap();
    assert!(!VariantTables::allows(variant));
    let solved = VariantTable::solve(variant).unwrap();
    let dir = work_dir!();
    save(&solved, &dir.path().join("n9c6.bin"));
    let app = App::new().with_saved_tables(SavedTables::open(dir.path()).unwrap());
    let (_, limits) = get(&app, "/api/ioiwari/variants");
    assert_eq!(limits["saved"], json!([{ "pits": 9, "cap": 6 }]));
    assert!(limits["pits"][7]["caps"]
        .as_array()
        .unwrap()
        .contains(&json!(6)));
    // Boards of every kind: a start, a middle game, nearly empty, a full pit.
    for text in [
        "3 3 3 3 3 3 3 3 3",
        "6 0 2 1 0 5 0 0 4",
        "0 0 0 0 0 0 0 1 1",
        "6 6 6 6 6 6 6 6 6",
    ] {
        let board = VariantBoard::parse(variant, text).unwrap();
        let target = format!(
            "/api/ioiwari/variant?pits=9&cap=6&board={}",
            text.replace(' ', "-")
        );
        let (status, doc) = get(&app, &target);
        assert_eq!(status, 200, "{doc}");
        assert_eq!(doc["value"], solved.value(&board), "{text}");
        let values = solved.move_values(&board);
        for m in doc["moves"].as_array().unwrap() {
            let pit = m["pit"].as_u64().unwrap() as usize;
            assert_eq!(m["value"], values[pit - 1].unwrap(), "{text} pit {pit}");
        }
        let legal = values.iter().flatten().count();
        assert_eq!(doc["moves"].as_array().unwrap().len(), legal, "{text}");
        // The POST answers alike, and a game can be played on from it.
        let body = json!({ "pits": 9, "cap": 6, "board": text });
        let response = crate::common::call(
            &app,
            "POST",
            "/api/ioiwari/variant/analyze",
            body.to_string().as_bytes(),
        );
        assert_eq!(
            serde_json::from_slice::<Value>(&response.body).unwrap(),
            doc
        );
    }
    // The results per bead total, counted from the file, as the solved table counts them.
    let (status, doc) = get(&app, "/api/ioiwari/variant/summary?pits=9&cap=6");
    assert_eq!(status, 200, "{doc}");
    let rows = summarize(&solved, StartRule::new(variant, 2, 4).unwrap(), None);
    let totals = doc["totals"].as_array().unwrap();
    assert_eq!(totals.len(), rows.len());
    for (got, row) in totals.iter().zip(&rows) {
        let expected = [
            row.beads.into(),
            row.starts,
            row.wins,
            row.draws,
            row.losses,
        ];
        let got =
            ["beads", "starts", "wins", "draws", "losses"].map(|key| got[key].as_u64().unwrap());
        assert_eq!(got, expected);
    }
    // Nothing was solved for it: the cache of on-demand tables is empty.
    assert!(get(&app, "/api/ioiwari/variants").1["cached"]
        .as_array()
        .unwrap()
        .is_empty());
    // Without the saved table the same request is refused as too large.
    let (status, _) = get(
        &App::new(),
        "/api/ioiwari/variant?pits=9&cap=6&board=3-3-3-3-3-3-3-3-3",
    );
    assert_eq!(status, 422);
}

/// The one-line refusal of `dir`.
fn refusal(dir: &Path) -> String {
    let error = SavedTables::open(dir).unwrap_err().to_string();
    assert!(!error.contains('\n'), "{error}");
    assert!(error.starts_with("--tables: "), "{error}");
    error
}

#[test]
fn a_missing_directory_a_foreign_file_and_damaged_tables_are_refused_naming_the_file() {
    let table = VariantTable::solve(Variant::new(5, 3).unwrap()).unwrap();
    let mut good = Vec::new();
    table.write_to(&mut good).unwrap();
    let dir = work_dir!();
    let missing = dir.path().join("nowhere");
    assert!(refusal(&missing).contains("nowhere"));
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        (
            "notes.txt",
            b"these are not values".to_vec(),
            "not a table saved by duel ioiwari variants --save",
        ),
        ("short.bin", good[..20].to_vec(), "truncated: the header"),
        ("cut.bin", good[..good.len() - 1].to_vec(), "truncated"),
        ("long.bin", [good.as_slice(), &[0]].concat(), "too long"),
        (
            "flipped.bin",
            {
                let mut bytes = good.clone();
                let last = bytes.len() - 1;
                bytes[last] ^= 1;
                bytes
            },
            "corrupt: the values",
        ),
        (
            "version.bin",
            {
                let mut bytes = good.clone();
                bytes[8] = 1;
                bytes
            },
            "format version 1",
        ),
        (
            "count.bin",
            {
                let mut bytes = good.clone();
                bytes[16] ^= 1;
                bytes
            },
            "corrupt header",
        ),
    ];
    for (name, bytes, words) in cases {
        let case = dir.path().join(name.replace('.', "-"));
        std::fs::create_dir(&case).unwrap();
        std::fs::write(case.join(name), bytes).unwrap();
        let error = refusal(&case);
        assert!(
            error.contains(name) && error.contains(words),
            "{name}: {error}"
        );
    }
    // Two tables of one variant: which one would answer is not guessed.
    let twice = dir.path().join("twice");
    std::fs::create_dir(&twice).unwrap();
    std::fs::write(twice.join("a.bin"), &good).unwrap();
    std::fs::write(twice.join("b.bin"), &good).unwrap();
    assert!(refusal(&twice).contains("a second table of 5 pits"));
    // The good one alone is served.
    std::fs::remove_file(twice.join("b.bin")).unwrap();
    assert_eq!(
        SavedTables::open(&twice).unwrap().variants(),
        [table.variant()]
    );
}
