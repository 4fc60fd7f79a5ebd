//! `duel ioiwari variants`, run as a person would, checked against the task's facts, a
//! brute-force count of start boards, and the library's solver.

use duel_test_support::duel;
use duel_test_support::process::WithStdin;
use serde_json::{json, Value};
use std::process::Command;

/// `duel ioiwari variants` with the words of `line` (paths in tests hold no spaces).
fn variants(line: &str) -> Command {
    let mut command = duel!();
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
    // The counts by final margin are the --json document's `values` (checked above), in words.
    let at = text.lines().position(row).unwrap();
    let under: Vec<Vec<&str>> = text
        .lines()
        .skip(at + 1)
        .take(4)
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(under[0], ["84", "starts", "won", "by", "6"], "{text}");
    assert_eq!(under[1], ["133", "starts", "won", "by", "4"], "{text}");
    assert_eq!(under[2], ["140", "starts", "won", "by", "2"], "{text}");
    assert_eq!(
        under[3].join(" "),
        "for example a win: 2 2 2 2 4 4 4",
        "{text}"
    );
    assert!(!text.contains(":140"), "{text}");
}

#[test]
fn progress_prints_a_line_per_tier_on_a_pipe_and_leaves_stdout_alone() {
    let quiet = variants("--pits 6 --json").output().unwrap();
    assert!(quiet.status.success(), "{quiet:?}");
    // Without --progress nothing goes to a stderr that is no terminal.
    assert!(quiet.stderr.is_empty(), "{quiet:?}");
    let logged = variants("--pits 6 --json --progress").output().unwrap();
    assert!(logged.status.success(), "{logged:?}");
    assert_eq!(logged.stdout, quiet.stdout);
    let stderr = String::from_utf8(logged.stderr).unwrap();
    let lines: Vec<&str> = stderr.lines().collect();
    // 6 pits of cap 5 hold 1 to 30 beads: a line per tier in order, then the total.
    assert_eq!(lines.len(), 31, "{stderr}");
    for (beads, line) in (1..=30).zip(&lines) {
        let prefix = format!("solving 6 pits, cap 5: tier {beads}/30: ");
        assert!(line.starts_with(&prefix), "{line}");
    }
    assert!(
        lines[30].starts_with("solved 46656 boards of 6 pits, cap 5 in "),
        "{stderr}"
    );
}

#[test]
fn a_saved_table_loads_back_to_the_same_answers() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t.bin");
    let file = file.to_str().unwrap();
    let solved = run_ok(&format!("--pits 6 --cap 4 --save {file} --json"));
    // 15 625 boards in 2 635 rotation classes, one byte each.
    assert_eq!(std::fs::metadata(file).unwrap().len(), 32 + 2635);
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
        ("--pits 5 --verify-sample 0", "at least 1"),
        ("", "give --pits"),
    ] {
        refused(line, needle);
    }
    // Options that need another: clap's usage error, exit status 2.
    for (line, needle) in [
        ("--pits 5 --resume", "--tiers"),
        ("--pits 5 --seed 3", "--verify-sample"),
        ("--pits 5 --load t.bin --progress", "--load"),
    ] {
        let output = variants(line).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{line}");
        assert!(
            String::from_utf8_lossy(&output.stderr).contains(needle),
            "{line}"
        );
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
    let output = duel!()
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
    let bad = duel!()
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
    let output = duel!()
        .args([
            "ioiwari", "play", "--pits", "6", "--cap", "4", "--side", "1",
        ])
        .args(["--board", "2 3 2 3 2 3"])
        .output_with_stdin(format!("hint\n{moves}"));
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains(&expected_hint("2 3 2 3 2 3", [0, 0])),
        "{text}"
    );
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

/// The hint of `duel ioiwari play --pits 6 --cap 4` for player 1 to move on `board` with
/// `banks` so far, from the library's solver: worded as the 7-pit game's, forwards, each final
/// result counting the banks so far.
fn expected_hint(board: &str, banks: [i64; 2]) -> String {
    use duel_ioiwari::variant::{Variant, VariantBoard, VariantTable};
    let variant = Variant::new(6, 4).unwrap();
    let table = VariantTable::solve(variant).unwrap();
    let board = VariantBoard::parse(variant, board).unwrap();
    let words = |margin: i64| match margin {
        m if m > 0 => format!("win by {m}"),
        m if m < 0 => format!("loss by {}", -m),
        _ => "draw".to_owned(),
    };
    let so_far = banks[0] - banks[1];
    let best = table.best_moves(&board);
    let mut hint = format!(
        "With best play you can force a final {}.\n",
        words(i64::from(table.value(&board)) + so_far)
    );
    for (k, value) in table.move_values(&board).into_iter().enumerate() {
        let Some(value) = value else { continue };
        let mark = match best.iter().position(|&pit| pit == k + 1) {
            Some(0) => "  (best, preferred)",
            Some(_) => "  (best)",
            None => "",
        };
        hint += &format!(
            "  pit {}: {}{mark}\n",
            k + 1,
            words(i64::from(value) + so_far)
        );
    }
    hint
}

#[test]
fn a_variant_games_hint_reads_forwards_with_the_banks_so_far() {
    // Player 1 sows pit 1, the computer answers; the hint then counts the banks so far.
    use duel_ioiwari::variant::{Variant, VariantBoard, VariantTable};
    let variant = Variant::new(6, 4).unwrap();
    let table = VariantTable::solve(variant).unwrap();
    let mut board = VariantBoard::parse(variant, "4 1 3 2 4 1").unwrap();
    let mut banks = [0i64; 2];
    for (pit, mover) in [(1, 0), (0, 1)] {
        let pit = if pit == 0 {
            table.best_moves(&board)[0]
        } else {
            pit
        };
        let sowing = board.play(pit).unwrap();
        banks[mover] += i64::from(sowing.mover_gain);
        banks[1 - mover] += i64::from(sowing.opponent_gain);
        board = sowing.board;
    }
    assert!(banks != [0, 0], "the test wants banks to count: {banks:?}");
    let output = duel!()
        .args([
            "ioiwari", "play", "--pits", "6", "--cap", "4", "--side", "1",
        ])
        .args(["--board", "4 1 3 2 4 1"])
        .output_with_stdin("1\nhint\nquit\n");
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).unwrap();
    let expected = expected_hint(&board.to_string(), banks);
    assert!(text.contains(&expected), "wanted:\n{expected}in:\n{text}");
    assert!(
        !text.contains(":+") && !text.contains("move values"),
        "{text}"
    );
}

/// The summaries published in docs/variants/, generated by this command.
fn published(pits: usize) -> Vec<u8> {
    let path = format!(
        "{}/../../docs/variants/pits-{pits}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read(path).expect("the published summary")
}

#[test]
fn the_published_summaries_from_2_to_10_pits_are_reproduced_byte_for_byte() {
    for pits in 2..=10 {
        assert!(
            run_ok(&format!("--pits {pits} --json")) == published(pits),
            "{pits} pits"
        );
    }
}

#[test]
fn a_run_killed_mid_way_resumes_to_the_same_table_and_summary() {
    let dir = tempfile::tempdir().unwrap();
    let tiers = dir.path().join("tiers of 9");
    let whole = dir.path().join("whole.bin");
    let resumed = dir.path().join("resumed.bin");
    let uninterrupted = variants("--pits 9 --json --save")
        .arg(&whole)
        .output()
        .unwrap();
    assert!(uninterrupted.status.success());
    // Start the run, kill it (SIGKILL) as soon as tier 12 of 45 is on disk: the big middle
    // tiers are still to come.
    let mut child = duel!()
        .args(["ioiwari", "variants", "--pits", "9", "--json", "--tiers"])
        .arg(&tiers)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while !tiers.join("tier-012.bin").exists() {
        assert!(started.elapsed().as_secs() < 120, "tier 12 never appeared");
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    child.kill().unwrap();
    let status = child.wait().unwrap();
    assert!(!status.success(), "the run was killed, not finished");
    assert!(
        !tiers.join("tier-045.bin").exists(),
        "killed before the last tier"
    );
    // A fresh run into the same directory is refused; --resume goes on.
    let output = variants("--pits 9 --tiers").arg(&tiers).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("--resume")
            || String::from_utf8_lossy(&output.stderr).contains("resume from them")
    );
    let output = variants("--pits 9 --json --resume --tiers")
        .arg(&tiers)
        .arg("--save")
        .arg(&resumed)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    assert_eq!(output.stdout, uninterrupted.stdout);
    assert!(output.stdout == published(9));
    assert!(std::fs::read(&whole).unwrap() == std::fs::read(&resumed).unwrap());
}

/// Flips value `at` of a saved table and fixes the header's checksum, as a faulty solver
/// would have written it.
fn corrupt_value(bytes: &mut [u8], at: usize) {
    bytes[32 + at] = bytes[32 + at].wrapping_add(2);
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for word in bytes[32..].chunks(8) {
        let mut padded = [0u8; 8];
        padded[..word.len()].copy_from_slice(word);
        hash = (hash ^ u64::from_le_bytes(padded)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    bytes[24..32].copy_from_slice(&hash.to_le_bytes());
}

#[test]
fn verify_passes_a_solved_table_and_fails_a_corrupted_one() {
    let output = variants("--pits 8 --beads 20 --verify").output().unwrap();
    assert!(output.status.success(), "{output:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("verified every class of 8 pits, cap 5: 210126 classes checked, all agree"),
        "{stderr}"
    );
    let output = variants("--pits 8 --beads 20 --verify-sample 5000 --seed 9")
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("5000 classes checked, all agree"),
        "{stderr}"
    );

    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t6.bin");
    run_ok(&format!("--pits 6 --save {}", file.display()));
    let mut bytes = std::fs::read(&file).unwrap();
    corrupt_value(&mut bytes, 4000);
    std::fs::write(&file, &bytes).unwrap();
    for check in ["--verify", "--verify-sample 100000"] {
        let output = variants(&format!("--pits 6 --load {} {check}", file.display()))
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1), "{check}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.contains("verification FAILED"), "{check}: {stderr}");
    }
}
