//! `duel ioiwari analyze`, `duel ioiwari table` and `duel mis analyze`, run as a person would,
//! checked against the rules libraries, a brute-force solver and the official notes' facts.

use duel_ioiwari::{Board, Pit, Table};
use duel_test_support::{duel, sticks};
use serde_json::Value;

fn json_of(args: &[&str]) -> Value {
    let output = duel!().args(args).output().unwrap();
    assert!(output.status.success(), "{args:?}: {output:?}");
    serde_json::from_slice(&output.stdout).expect("--json prints JSON")
}

fn text_of(args: &[&str]) -> String {
    let output = duel!().args(args).output().unwrap();
    assert!(output.status.success(), "{args:?}: {output:?}");
    String::from_utf8(output.stdout).unwrap()
}

/// Bad input: exit code 2, nothing on stdout, exactly one line on stderr containing `needle`.
fn refused(args: &[&str], needle: &str) {
    let output = duel!().args(args).output().unwrap();
    assert_eq!(output.status.code(), Some(2), "{args:?}");
    assert!(output.stdout.is_empty(), "{args:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    assert!(stderr.starts_with("duel: "), "{stderr}");
    assert!(stderr.contains(needle), "{args:?}: {stderr}");
}

// ---- duel ioiwari analyze ------------------------------------------------------------------

#[test]
fn analyze_the_statements_board() {
    let table = Table::solve();
    let board: Board = "4 3 2 4 2 3 2".parse().unwrap();
    let doc = json_of(&["ioiwari", "analyze", "4 3 2 4 2 3 2", "--json"]);
    assert_eq!(doc["value"], table.value(board));
    assert_eq!(doc["standing"], "win");
    // Every legal move, its value recomputed here from the rules and the solved table.
    let moves = doc["moves"].as_array().unwrap();
    assert_eq!(moves.len(), board.legal_moves().len());
    for m in moves {
        let pit = Pit::new(m["pit"].as_u64().unwrap() as u8).unwrap();
        let sowing = board.play(pit).unwrap();
        let value = i64::from(sowing.gain_difference()) - i64::from(table.value(sowing.board));
        assert_eq!(m["value"], value, "pit {pit}");
        assert_eq!(
            m["best"],
            value == i64::from(table.value(board)),
            "pit {pit}"
        );
    }
    let best: Vec<u64> = table
        .best_moves(board)
        .iter()
        .map(|p| u64::from(p.number()))
        .collect();
    assert_eq!(doc["best_moves"], serde_json::json!(best));

    // The text names the same best moves with a star and the final result.
    let text = text_of(&["ioiwari", "analyze", "4 3 2 4 2 3 2"]);
    let value = i32::from(table.value(board));
    assert!(text.contains(&format!(
        "player 1 wins {}-{}",
        (20 + value) / 2,
        (20 - value) / 2
    )));
    for pit in Pit::ALL {
        let starred = text
            .lines()
            .any(|line| line.trim_start().starts_with(&format!("*{pit} ")));
        assert_eq!(
            starred,
            table.best_moves(board).contains(pit),
            "pit {pit}:\n{text}"
        );
    }
}

#[test]
fn analyze_with_banks_and_the_second_player_to_move() {
    // The statement's game after 1. 2 2. 3: banks 3-4, player 1 to move. The statement's
    // game goes on 5, 4, 5, 7 and ends 11-9.
    let table = Table::solve();
    let board: Board = "4 0 0 4 1 4 0".parse().unwrap();
    let doc = json_of(&[
        "ioiwari",
        "analyze",
        "4 0 0 4 1 4 0",
        "--to-move",
        "1",
        "--banks",
        "3",
        "4",
        "--json",
    ]);
    assert_eq!(doc["final_margin"], i64::from(table.value(board)) - 1);
    let total: u64 = doc["predicted"]["banks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b.as_u64().unwrap())
        .sum();
    assert_eq!(total, 20);

    let doc = json_of(&[
        "ioiwari",
        "analyze",
        "0 0 0 0 1 1 1",
        "--to-move",
        "2",
        "--banks",
        "8",
        "4",
        "--json",
    ]);
    assert_eq!(doc["position"]["to_move"], 2);
    // Player 2 is 4 behind with 3 beads left: it loses whatever it does.
    assert_eq!(doc["standing"], "loss");

    let over = text_of(&["ioiwari", "analyze", "0 0 0 0 0 0 0", "--banks", "11", "9"]);
    assert!(
        over.contains("The game is over: player 1 wins 11-9."),
        "{over}"
    );
}

/// The lines of an analysis that are labels, not numbers: every line's first words up to its
/// first digit or sign (`Board`, `Value`, the table's header...), without the table's rows.
fn labels(text: &str) -> Vec<String> {
    text.lines()
        .filter(|line| {
            !line
                .trim_start()
                .starts_with(|c: char| c.is_ascii_digit() || c == '*')
        })
        .map(|line| {
            let end = line
                .find(|c: char| c.is_ascii_digit() || c == '+' || c == '-')
                .unwrap_or(line.len());
            line[..end].trim_end().to_owned()
        })
        .collect()
}

#[test]
fn a_variants_analysis_has_the_7_pit_layout_and_the_variant_solvers_values() {
    use duel_ioiwari::variant::{Variant, VariantBoard, VariantTable};
    let seven = text_of(&["ioiwari", "analyze", "4 3 2 4 2 3 2"]);
    let args = [
        "ioiwari",
        "analyze",
        "3 0 4 2 3 1",
        "--pits",
        "6",
        "--cap",
        "4",
    ];
    let text = text_of(&[&args[..], &["--to-move", "2", "--banks", "1", "4"]].concat());
    // Same labels in the same order: board, banks, mover, value, the table's header, best moves.
    let mut expected = labels(&seven);
    let mut got = labels(&text);
    // The variant says where moves to end are unknown, in one line of its own at the end.
    assert_eq!(got.pop().as_deref(), Some("Moves to end ("), "{text}");
    assert!(!seven.contains("Moves to end ("), "{seven}");
    expected.iter_mut().chain(got.iter_mut()).for_each(|label| {
        if label.starts_with("Board") {
            *label = "Board".into();
        }
    });
    assert_eq!(got, expected, "{seven}\n{text}");
    assert!(text.contains("(pits 1..6, cap 4)"), "{text}");
    // The value line's wording too.
    assert!(
        seven.contains(" from here on: player 1 can force a final "),
        "{seven}"
    );
    assert!(
        text.contains(" from here on: player 2 can force a final "),
        "{text}"
    );
    assert!(text.contains(") with best play.\n"), "{text}");
    // Each row against the variant solver: the legal moves only, with their values.
    let variant = Variant::new(6, 4).unwrap();
    let table = VariantTable::solve(variant).unwrap();
    let board = VariantBoard::parse(variant, "3 0 4 2 3 1").unwrap();
    let rows: Vec<Vec<&str>> = text
        .lines()
        .filter(|line| {
            line.trim_start()
                .starts_with(|c: char| c.is_ascii_digit() || c == '*')
        })
        .map(|line| line.split_whitespace().collect())
        .collect();
    let values = table.move_values(&board);
    let legal: Vec<usize> = (0..6).filter(|&k| values[k].is_some()).collect();
    assert_eq!(rows.len(), legal.len(), "{text}");
    let best = table.best_moves(&board);
    for (row, &k) in rows.iter().zip(&legal) {
        let value = i64::from(values[k].unwrap());
        let mark = if best.contains(&(k + 1)) { "*" } else { "" };
        assert_eq!(row[0], format!("{mark}{}", k + 1), "{text}");
        assert_eq!(row[1], board.pits()[k].to_string(), "{text}");
        let margin = value + 4 - 1;
        let words = match margin {
            m if m > 0 => format!("win by {m}"),
            m if m < 0 => format!("loss by {}", -m),
            _ => "draw".into(),
        };
        assert_eq!(row[2..row.len() - 2].join(" "), words, "{text}");
        let banked = if value > 0 {
            format!("+{value}")
        } else {
            value.to_string()
        };
        assert_eq!(row[row.len() - 2], banked, "{text}");
        assert_eq!(row[row.len() - 1], "-", "{text}");
    }
}

#[test]
fn analyze_refuses_bad_input_in_one_line() {
    refused(&["ioiwari", "analyze", "4 3 2 4 2 3"], "invalid board");
    refused(&["ioiwari", "analyze", "4 3 2 4 2 3 6"], "invalid board");
    refused(&["ioiwari", "analyze", "4 3 2 x 2 3 2"], "invalid board");
    refused(
        &["ioiwari", "analyze", "4 3 2 4 2 3 2", "--to-move", "3"],
        "--to-move",
    );
    refused(
        &["ioiwari", "analyze", "4 3 2 4 2 3 2", "--banks", "1", "x"],
        "bank",
    );
    refused(
        &["ioiwari", "analyze", "4 3 2 4 2 3 2", "--banks", "1", "-2"],
        "bank",
    );
}

// ---- duel ioiwari table --------------------------------------------------------------------

#[test]
fn the_class_table_matches_the_official_notes() {
    let doc = json_of(&["ioiwari", "table", "--classes", "--json"]);
    let rows = doc["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 51);
    // The notes: player 1 wins every start board; greedy wins 22 classes and draws 7.
    assert!(rows.iter().all(|r| r["value"].as_i64().unwrap() > 0));
    assert_eq!(doc["greedy_totals"]["wins"], 22);
    assert_eq!(doc["greedy_totals"]["draws"], 7);
    assert_eq!(doc["greedy_totals"]["losses"], 22);
    let expected: Vec<Value> = Board::rotation_classes()
        .iter()
        .map(|b| serde_json::json!(b.pits()))
        .collect();
    let listed: Vec<Value> = rows.iter().map(|r| r["board"].clone()).collect();
    assert_eq!(listed, expected);

    // Winning first moves, recomputed from the rules and the table.
    let table = Table::solve();
    for row in rows {
        let board: Board = row["text"].as_str().unwrap().parse().unwrap();
        let winning: Vec<u64> = board
            .legal_moves()
            .iter()
            .filter(|&pit| {
                let sowing = board.play(pit).unwrap();
                sowing.gain_difference() - table.value(sowing.board) > 0
            })
            .map(|pit| u64::from(pit.number()))
            .collect();
        assert_eq!(
            row["winning_first_moves"],
            serde_json::json!(winning),
            "{board}"
        );
    }
}

#[test]
fn the_full_table_lists_all_357_start_boards() {
    let text = text_of(&["ioiwari", "table"]);
    // One line per board: each ends with greedy's first move.
    let rows = text
        .lines()
        .filter(|line| line.ends_with(')') && line.contains("(first move "))
        .count();
    assert_eq!(rows, 357);
    assert!(
        text.contains("357 start boards: player 1 wins every one with best play."),
        "{text}"
    );
    let classes = text_of(&["ioiwari", "table", "--classes"]);
    assert!(classes.contains("22 wins, 7 draws"), "{classes}");
}

// ---- duel mis analyze ----------------------------------------------------------------------

#[test]
fn mis_analysis_matches_brute_force() {
    let bound = 3;
    let lost = sticks::lost(bound, 12);
    for (p, e) in [(7, 2), (6, 1), (9, 5), (0, 4), (11, 11), (3, 10), (1, 2)] {
        let doc = json_of(&[
            "mis",
            "analyze",
            &p.to_string(),
            &e.to_string(),
            "3",
            "--json",
        ]);
        assert_eq!(
            doc["standing"],
            if lost[p][e] { "loss" } else { "win" },
            "({p}, {e})"
        );
        for m in doc["winning_moves"].as_array().unwrap() {
            let to = m["to"].as_array().unwrap();
            let (x, y) = (
                to[0].as_u64().unwrap() as usize,
                to[1].as_u64().unwrap() as usize,
            );
            assert!(lost[x][y], "({p}, {e}) -> ({x}, {y}) must be lost");
        }
        let count = doc["winning_moves"].as_array().unwrap().len();
        let expected = sticks::moves(bound, p, e)
            .filter(|&(a, b)| lost[p - a][e - b])
            .count();
        assert_eq!(count, expected, "({p}, {e})");
        assert_eq!(doc["pattern"]["period"], 4);
        assert_eq!(
            doc["pattern"]["residues"],
            serde_json::json!([p % 4, e % 4])
        );
    }
    let text = text_of(&["mis", "analyze", "7", "2", "3"]);
    assert!(text.contains("the side to move WINS"), "{text}");
    assert!(text.contains("take 1 of each -> (6, 1)"), "{text}");
    assert!(
        text.contains("losing residue pairs modulo 4: (0, 0) (1, 2) (2, 1)"),
        "{text}"
    );
    let text = text_of(&["mis", "analyze", "6", "1", "3"]);
    assert!(text.contains("LOSES"), "{text}");
}

#[test]
fn mis_analysis_at_the_limits() {
    let doc = json_of(&[
        "mis", "analyze", "10000000", "10000000", "1000000", "--json",
    ]);
    // Residues (10^7 mod 1000001, twice): equal non-zero residues are never a Wythoff pair.
    assert_eq!(doc["standing"], "win");
    assert_eq!(doc["pattern"]["losing_pairs"], Value::Null);
}

/// The text map's first p, first e, columns, and the labels under it: (column, value).
fn map_of(text: &str) -> (u64, u64, usize, Vec<(usize, u64)>) {
    let header = text
        .lines()
        .find(|line| line.starts_with("Nearby pools (p across from "))
        .expect("a map");
    let numbers: Vec<u64> = header
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|word| word.parse().ok())
        .collect();
    let rows: Vec<&str> = text
        .lines()
        .skip_while(|line| !line.starts_with("Nearby pools"))
        .skip(1)
        .collect();
    let columns = rows[0][11..].split_whitespace().count();
    let labels = rows
        .iter()
        .find(|line| line.trim_start().starts_with("p:"))
        .expect("a line of p labels");
    // Each label starts under its column: the map's glyphs sit at 11, 13, 15, ...
    let mut found = Vec::new();
    let mut at = 11;
    for word in labels[11..].split(' ') {
        if !word.is_empty() {
            assert_eq!((at - 11) % 2, 0, "a label between columns: {labels}");
            found.push(((at - 11) / 2, word.parse().expect("a whole p")));
        }
        at += word.len() + 1;
    }
    (numbers[0], numbers[1], columns, found)
}

#[test]
fn mis_map_labels_whole_values_of_p_and_stays_within_the_limits() {
    let (p_from, e_from, columns, labels) = map_of(&text_of(&["mis", "analyze", "23", "12", "3"]));
    assert_eq!((p_from, e_from, columns), (19, 8, 9));
    assert!(labels.len() >= 2, "{labels:?}");
    for (column, p) in labels {
        assert_eq!(p, p_from + column as u64, "the label under column {column}");
    }
    // At the limit of 10^7 sticks the window ends there instead of passing it.
    let (p_from, e_from, columns, labels) =
        map_of(&text_of(&["mis", "analyze", "10000000", "9999999", "3"]));
    assert_eq!(p_from + columns as u64 - 1, 10_000_000);
    assert_eq!(e_from + columns as u64 - 1, 10_000_000);
    for (column, p) in labels {
        assert_eq!(p, p_from + column as u64);
    }
}

#[test]
fn mis_analyze_refuses_bad_input_in_one_line() {
    refused(
        &["mis", "analyze", "10000001", "1", "3"],
        "10000001 poohsticks is outside the limits 0..=10000000",
    );
    refused(
        &["mis", "analyze", "1", "10000001", "3"],
        "10000001 eeyoresticks is outside the limits 0..=10000000",
    );
    refused(&["mis", "analyze", "-1", "1", "3"], "invalid p");
    refused(&["mis", "analyze", "1", "1", "0"], "PE-bound 0 is outside");
    refused(
        &["mis", "analyze", "1", "1", "1000001"],
        "PE-bound 1000001 is outside",
    );
    refused(&["mis", "analyze", "seven", "1", "3"], "invalid p");
}

#[test]
fn every_command_explains_itself_with_examples() {
    for args in [
        &["ioiwari", "analyze", "--help"][..],
        &["ioiwari", "table", "--help"],
        &["ioiwari", "play", "--help"],
        &["mis", "analyze", "--help"],
        &["mis", "play", "--help"],
        &["serve", "--help"],
    ] {
        let text = text_of(args);
        assert!(text.contains("Examples:"), "{args:?}");
    }
}

#[test]
fn analyze_takes_an_addresss_moves_and_analyses_the_position_after_them() {
    // The moves played here by the rules library, then the same text given to --moves.
    let start: duel_ioiwari::Position =
        duel_ioiwari::Position::start("4 3 2 4 2 3 2".parse().unwrap());
    let mut position = start;
    let mut pits = Vec::new();
    for _ in 0..4 {
        let pit = position.board.legal_moves().into_iter().last().unwrap();
        pits.push(pit.to_string());
        position = position.play(pit).unwrap();
    }
    let after = json_of(&[
        "ioiwari",
        "analyze",
        "4 3 2 4 2 3 2",
        "--moves",
        &pits.join("."),
        "--json",
    ]);
    let board: Vec<String> = position.board.pits().iter().map(u8::to_string).collect();
    let banks = [position.banks.one, position.banks.two];
    let direct = json_of(&[
        "ioiwari",
        "analyze",
        &board.join(" "),
        "--banks",
        &banks[0].to_string(),
        &banks[1].to_string(),
        "--to-move",
        &position.to_move.number().to_string(),
        "--json",
    ]);
    assert_eq!(after, direct);
    assert_eq!(after["position"]["banks"], serde_json::json!(banks));
    refused(
        &["ioiwari", "analyze", "4 3 2 4 2 3 2", "--moves", "1.1"],
        "move 2 (pit 1) cannot be played",
    );
    refused(
        &["ioiwari", "analyze", "4 3 2 4 2 3 2", "--moves", "1,0"],
        "move 2 (\"0\") is not a pit",
    );
    refused(
        &[
            "ioiwari",
            "analyze",
            "3 3 3 3 3",
            "--pits",
            "5",
            "--cap",
            "3",
            "--moves",
            "1",
        ],
        "not a variant",
    );
}
