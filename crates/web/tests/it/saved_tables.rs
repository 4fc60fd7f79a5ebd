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

/// A running server over two saved tables, and the lookups the page makes.
struct Served {
    running: duel_web::RunningServer,
    tables: Vec<(VariantTable, std::path::PathBuf)>,
    _dir: tempfile::TempDir,
}

/// The status and body of `GET target` on a real server.
fn http_get(address: std::net::SocketAddr, target: &str) -> (u16, String) {
    let raw = format!("GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    let answer = crate::common::exchange(address, raw.as_bytes());
    let status = answer
        .split(' ')
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or(0);
    let body = answer.split_once("\r\n\r\n").map_or("", |(_, body)| body);
    (status, body.to_string())
}

fn serve_two_tables() -> Served {
    let dir = work_dir!();
    let mut tables = Vec::new();
    for (pits, cap) in [(5, 3), (6, 3)] {
        let table = VariantTable::solve(Variant::new(pits, cap).unwrap()).unwrap();
        let path = dir.path().join(format!("n{pits}c{cap}.bin"));
        save(&table, &path);
        tables.push((table, path));
    }
    let app = App::new().with_saved_tables(SavedTables::open(dir.path()).unwrap());
    Served {
        running: duel_web::Server::bind(0, app).unwrap().spawn(),
        tables,
        _dir: dir,
    }
}

impl Served {
    /// Looks up a board of table `k` (every pit 1 to 3 beads); the status, and the value when
    /// answered, checked against the table solved in memory: never a wrong value.
    fn lookup(&self, k: usize, seed: usize) -> (u16, String) {
        let (table, _) = &self.tables[k];
        let variant = table.variant();
        let pits: Vec<u8> = (0..variant.pits())
            .map(|pit| 1 + ((pit * 7 + seed) % 3) as u8)
            .collect();
        let board = VariantBoard::new(variant, &pits).unwrap();
        let words: Vec<String> = pits.iter().map(u8::to_string).collect();
        let target = format!(
            "/api/ioiwari/variant?pits={}&cap={}&board={}",
            variant.pits(),
            variant.cap(),
            words.join("-")
        );
        let (status, body) = http_get(self.running.local_addr(), &target);
        if status == 200 {
            let doc: Value = serde_json::from_str(&body).unwrap();
            assert_eq!(doc["value"], table.value(&board), "a wrong value: {body}");
            let values = table.move_values(&board);
            for m in doc["moves"].as_array().unwrap() {
                let pit = m["pit"].as_u64().unwrap() as usize;
                assert_eq!(
                    m["value"],
                    values[pit - 1].unwrap(),
                    "a wrong value: {body}"
                );
            }
        }
        (status, body)
    }

    /// Table `k` is refused with `503` naming its file, whatever is asked of it; the other
    /// table answers.
    fn refused(&self, k: usize, what: &str) {
        let path = self.tables[k].1.display().to_string();
        for seed in 0..3 {
            let (status, body) = self.lookup(k, seed);
            assert_eq!(status, 503, "{what}: {body}");
            let error: Value = serde_json::from_str(&body).unwrap();
            let message = error["error"].as_str().unwrap();
            assert!(message.contains(&path), "{what}: {message}");
            assert!(message.contains(what), "{message}");
        }
        let variant = self.tables[k].0.variant();
        let post = format!(
            "POST /api/ioiwari/variant/analyze HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: {len}\r\n\r\n{body}",
            body = json!({ "pits": variant.pits(), "cap": variant.cap(), "board": vec![1; variant.pits()] }),
            len = json!({ "pits": variant.pits(), "cap": variant.cap(), "board": vec![1; variant.pits()] }).to_string().len(),
        );
        let answer = crate::common::exchange(self.running.local_addr(), post.as_bytes());
        assert!(answer.starts_with("HTTP/1.1 503"), "{what}: {answer}");
        assert_eq!(self.lookup(1 - k, 0).0, 200, "the other table serves on");
    }
}

#[test]
fn a_table_truncated_under_the_server_is_refused_naming_it_and_the_others_serve_on() {
    let served = serve_two_tables();
    assert_eq!(served.lookup(0, 0).0, 200);
    let file = std::fs::OpenOptions::new()
        .write(true)
        .open(&served.tables[0].1)
        .unwrap();
    let length = file.metadata().unwrap().len();
    file.set_len(length / 2).unwrap();
    served.refused(0, "its length changed");
    // Put back as it was, it stays refused: what was read meanwhile is not trusted.
    file.set_len(0).unwrap();
    save(&served.tables[0].0, &served.tables[0].1);
    served.refused(0, "since the server started");
}

#[test]
fn a_table_rewritten_in_place_or_replaced_under_the_server_is_refused() {
    let served = serve_two_tables();
    // The same length, one value changed, written in place.
    let path = &served.tables[1].1;
    let mut bytes = std::fs::read(path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(path, &bytes).unwrap();
    served.refused(1, "it was written to");
    // Another file renamed over the first (as --save replaces a table).
    let served = serve_two_tables();
    let path = &served.tables[0].1;
    let fresh = path.with_extension("new");
    save(&served.tables[0].0, &fresh);
    std::fs::rename(&fresh, path).unwrap();
    served.refused(0, "another file was put in its place");
    // Removed.
    let served = serve_two_tables();
    std::fs::remove_file(&served.tables[1].1).unwrap();
    served.refused(1, "it is gone");
}

/// Lookups while another thread truncates and rewrites the file again and again: every answer
/// is the right value or a `503`, never a wrong value, and the server never faults (a mapped
/// file truncated under a read would kill it with SIGBUS).
#[test]
fn lookups_while_the_file_changes_are_right_or_refused_never_wrong() {
    let served = serve_two_tables();
    let path = served.tables[1].1.clone();
    let good = std::fs::read(&path).unwrap();
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let changer = {
        let stop = std::sync::Arc::clone(&stop);
        std::thread::spawn(move || {
            let mut round = 0u32;
            while !stop.load(std::sync::atomic::Ordering::SeqCst) && round < 2000 {
                let mut bytes = good.clone();
                // Every value flipped: any of them read would be wrong.
                for byte in &mut bytes[32..] {
                    *byte = byte.wrapping_neg();
                }
                let file = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
                // First written over in place (the same length: only the values differ), then
                // truncated and written again.
                if round >= 100 {
                    file.set_len(if round.is_multiple_of(2) { 40 } else { 0 })
                        .unwrap();
                }
                std::io::Write::write_all(&mut &file, &bytes).unwrap();
                round += 1;
                std::thread::sleep(std::time::Duration::from_micros(200));
            }
        })
    };
    let mut refused = 0;
    for seed in 0..200 {
        let (status, _) = served.lookup(1, seed);
        assert!(status == 200 || status == 503, "{status}");
        refused += usize::from(status == 503);
        assert_eq!(served.lookup(0, seed).0, 200);
    }
    stop.store(true, std::sync::atomic::Ordering::SeqCst);
    changer.join().unwrap();
    assert!(refused > 0, "the changes were seen");
    served.refused(1, "since the server started");
}
