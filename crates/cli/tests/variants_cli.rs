//! `duel ioiwari variants`, run as a person would, checked against the task's facts, a
//! brute-force count of start boards, and the library's solver.

use assert_cmd::Command;
use serde_json::{json, Value};

fn duel() -> Command {
    Command::cargo_bin("duel").expect("the duel binary is built")
}

/// `duel ioiwari variants` with the words of `line` (paths in tests hold no spaces).
fn variants(line: &str) -> Command {
    let mut command = duel();
    command
        .args(["ioiwari", "variants"])
        .args(line.split_whitespace());
    command
}

fn run_ok(line: &str) -> Vec<u8> {
    let output = variants(line).output().unwrap();
    assert!(output.status.success(), "{line}: {output:?}");
    output.stdout
}

fn json_of(line: &str) -> Value {
    serde_json::from_slice(&run_ok(line)).expect("--json prints JSON")
}

/// Bad input: exit code 2, nothing on stdout, one line on stderr containing `needle`.
fn refused(line: &str, needle: &str) {
    let output = variants(line).output().unwrap();
    assert_eq!(output.status.code(), Some(2), "{line}");
    assert!(output.stdout.is_empty(), "{line}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{line}: {stderr}");
    assert!(stderr.contains(needle), "{line}: {stderr}");
}

#[test]
fn the_tasks_variant_in_exactly_the_documented_shape() {
    let doc = json_of("--pits 7 --cap 5 --min 2 --max 4 --beads 20 --json");
    assert_eq!(doc["pits"], 7);
    assert_eq!(doc["cap"], 5);
    assert_eq!(doc["min"], 2);
    assert_eq!(doc["max"], 4);
    let totals = doc["totals"].as_array().unwrap();
    assert_eq!(totals.len(), 1);
    let row = &totals[0];
    for (field, expected) in [
        ("beads", json!(20)),
        ("starts", json!(357)),
        ("wins", json!(357)),
        ("draws", json!(0)),
        ("losses", json!(0)),
        ("values", json!({"2": 140, "4": 133, "6": 84})),
    ] {
        assert_eq!(row[field], expected, "{field}");
    }
    // The fields come in the documented order (more may follow).
    let text = String::from_utf8(run_ok("--pits 7 --beads 20 --json")).unwrap();
    let order = [
        "pits", "cap", "min", "max", "totals", "beads", "starts", "wins", "draws", "losses",
        "values",
    ];
    let positions: Vec<usize> = order
        .iter()
        .map(|key| text.find(&format!("\"{key}\"")).unwrap())
        .collect();
    assert!(positions.windows(2).all(|w| w[0] < w[1]), "{text}");
}

#[test]
fn every_total_is_listed_and_the_starts_add_up() {
    let doc = json_of("--pits 6 --json");
    let totals = doc["totals"].as_array().unwrap();
    let beads: Vec<u64> = totals
        .iter()
        .map(|t| t["beads"].as_u64().unwrap())
        .collect();
    assert_eq!(beads, (12..=24).collect::<Vec<_>>());
    let count = |t: &Value, field: &str| t[field].as_u64().unwrap();
    let starts: u64 = totals.iter().map(|t| count(t, "starts")).sum();
    assert_eq!(starts, 3u64.pow(6));
    for t in totals {
        let sum = count(t, "wins") + count(t, "draws") + count(t, "losses");
        assert_eq!(sum, count(t, "starts"));
        let values = t["values"].as_object().unwrap();
        let by_value: u64 = values.values().map(|v| v.as_u64().unwrap()).sum();
        assert_eq!(by_value, sum);
        // Every bead ends in a bank: the value has the total's parity.
        let parity = count(t, "beads") as i64 % 2;
        for key in values.keys() {
            assert_eq!(key.parse::<i64>().unwrap().rem_euclid(2), parity);
        }
        // An example start of each outcome that occurs, with the right total.
        for (name, field) in [("win", "wins"), ("draw", "draws"), ("loss", "losses")] {
            let example = &t["examples"][name];
            assert_eq!(example.is_array(), count(t, field) > 0, "{name}");
            if let Some(pits) = example.as_array() {
                let total: u64 = pits.iter().map(|p| p.as_u64().unwrap()).sum();
                assert_eq!(total, count(t, "beads"));
            }
        }
    }
}

#[test]
fn the_text_names_every_total_and_the_examples() {
    let text = String::from_utf8(run_ok("--pits 7")).unwrap();
    assert!(
        text.contains("7 pits, cap 5, starts of 2 to 4 beads a pit"),
        "{text}"
    );
    let row =
        |line: &str| line.split_whitespace().collect::<Vec<_>>() == ["20", "357", "357", "0", "0"];
    assert!(text.lines().any(row), "{text}");
    assert!(text.contains("values +2:140 +4:133 +6:84"), "{text}");
    assert!(text.contains("win    2 2 2 2 4 4 4"), "{text}");
}

#[test]
fn a_saved_table_loads_back_to_the_same_answers() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t.bin");
    let file = file.to_str().unwrap();
    let solved = run_ok(&format!("--pits 6 --cap 4 --save {file} --json"));
    assert_eq!(std::fs::metadata(file).unwrap().len(), 32 + 5u64.pow(6));
    let loaded = run_ok(&format!("--pits 6 --cap 4 --load {file} --json"));
    assert_eq!(solved, loaded);
    refused(
        &format!("--pits 7 --cap 4 --load {file}"),
        "holds 6 pits, cap 4, not 7 pits, cap 4",
    );
    let mut bytes = std::fs::read(file).unwrap();
    bytes[40] ^= 0x10;
    std::fs::write(file, &bytes).unwrap();
    refused(&format!("--pits 6 --cap 4 --load {file}"), "checksum");
    refused("--pits 6 --load /nonexistent/t.bin", "cannot open");
}

#[test]
fn bad_arguments_are_one_line_errors() {
    for (line, needle) in [
        ("--pits 15", "2 to 14 pits"),
        ("--pits 1", "2 to 14 pits"),
        ("--pits 5 --cap 10", "cap is 2 to 9"),
        ("--pits 5 --min 4 --max 3", "does not fit"),
        ("--pits 5 --cap 3", "does not fit a cap of 3"),
        ("--pits 5 --threads 0", "at least 1"),
        ("", "give --pits"),
    ] {
        refused(line, needle);
    }
}

#[test]
fn the_heat_map_has_a_cell_per_total_and_variant() {
    let dir = tempfile::tempdir().unwrap();
    let summary = dir.path().join("n5.json");
    std::fs::write(&summary, run_ok("--pits 5 --json")).unwrap();
    let summary = summary.to_str().unwrap();
    let svg = dir.path().join("map.svg");
    let svg = svg.to_str().unwrap();
    run_ok(&format!(
        "--pits 4 --add-summary {summary} --table-svg {svg}"
    ));
    let text = std::fs::read_to_string(svg).unwrap();
    assert!(text.starts_with("<svg"), "{text}");
    // 4 pits: totals 8..=16 (9 cells), 5 pits: 10..=20 (11 cells); the legend has no titles.
    assert_eq!(text.matches("<title>").count(), 9 + 11);
    assert!(text.contains("5 pits, cap 5, 20 beads: 1 starts"));
    // Drawing only saved summaries needs no --pits.
    run_ok(&format!("--add-summary {summary} --table-svg {svg}"));
    let text = std::fs::read_to_string(svg).unwrap();
    assert_eq!(text.matches("<title>").count(), 11);
    std::fs::write(summary, "{\"pits\": 3}").unwrap();
    refused(
        &format!("--add-summary {summary} --table-svg {svg}"),
        "not the --json output",
    );
}

#[test]
fn analyze_takes_pits_and_cap_and_agrees_with_the_library() {
    use duel_ioiwari::variant::{Variant, VariantBoard, VariantTable};
    let variant = Variant::new(5, 4).unwrap();
    let table = VariantTable::solve(variant).unwrap();
    let board = VariantBoard::parse(variant, "3 2 4 2 3").unwrap();
    let output = duel()
        .args([
            "ioiwari",
            "analyze",
            "3 2 4 2 3",
            "--pits",
            "5",
            "--cap",
            "4",
        ])
        .args(["--to-move", "2", "--banks", "1", "4", "--json"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let doc: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(doc["value"], i64::from(table.value(&board)));
    assert_eq!(doc["final_margin"], i64::from(table.value(&board)) + 4 - 1);
    let moves = doc["moves"].as_array().unwrap();
    let values = table.move_values(&board);
    for (k, m) in moves.iter().enumerate() {
        assert_eq!(m["value"].as_i64(), values[k].map(i64::from));
        assert_eq!(m["best"], table.best_moves(&board).contains(&(k + 1)));
    }
    let bad = duel()
        .args([
            "ioiwari",
            "analyze",
            "3 2 4 2 5",
            "--pits",
            "5",
            "--cap",
            "4",
        ])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("more than the cap of 4"));
}

#[test]
fn play_takes_pits_and_cap_and_finishes_a_game_in_a_pipe() {
    // The person plays the lowest non-empty pit each turn (unknown pits are refused and asked
    // again); the computer answers until every bead is banked.
    let moves: String = (0..60).map(|k| format!("{}\n", k % 6 + 1)).collect();
    let output = duel()
        .args([
            "ioiwari", "play", "--pits", "6", "--cap", "4", "--side", "1",
        ])
        .args(["--board", "2 3 2 3 2 3"])
        .write_stdin(format!("hint\n{moves}"))
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("move values 1:"), "{text}");
    let last = text.lines().last().unwrap();
    assert!(last.starts_with("Game over: banks"), "{text}");
    let banks: Vec<u32> = last
        .trim_start_matches("Game over: banks ")
        .split([' ', ','])
        .take(2)
        .map(|b| b.parse().unwrap())
        .collect();
    assert_eq!(banks.iter().sum::<u32>(), 15, "every bead ends in a bank");
}
