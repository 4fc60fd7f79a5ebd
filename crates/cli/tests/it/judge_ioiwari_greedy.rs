//! The greedy player of the official notes, judged on the official tests: its score and every
//! verdict must match a simulation done here with the rules crate.

use crate::support::hostile::{players_dir, read_report, verdicts};
use duel_ioiwari::{greedy_move, Board, Outcome, Player, Position, Table};
use duel_test_support::{duel, shell_word};

/// Greedy player 1 against the first optimal player 2, simulated with the rules crate.
fn simulated_verdict(table: &Table, board: Board) -> &'static str {
    let mut position = Position::start(board);
    while !position.is_over() {
        let pit = match position.to_move {
            Player::One => greedy_move(position.board),
            Player::Two => table.first_best_move(position.board),
        };
        position = position.play(pit.unwrap()).unwrap();
    }
    match Outcome::from_banks(position.banks) {
        Outcome::Win(Player::One) => "win",
        Outcome::Draw => "draw",
        Outcome::Win(Player::Two) => "loss",
    }
}

#[test]
fn the_greedy_player_scores_what_the_simulation_predicts() {
    let table = Table::solve();
    let official: Vec<Board> = duel_arena::ioiwari::TestSet::Official.boards().unwrap();
    let expected: Vec<&str> = official
        .iter()
        .map(|board| simulated_verdict(&table, *board))
        .collect();
    let points: f64 = expected
        .iter()
        .map(|v| match *v {
            "win" => 1.0,
            "draw" => 0.5,
            _ => 0.0,
        })
        .sum();
    let expected_score = 100.0 * points / official.len() as f64;
    // The official notes: the 24 official tests are boards on which greedy fails.
    assert!(expected.iter().all(|v| *v != "win"));
    assert!(expected.contains(&"draw") && expected.contains(&"loss"));

    let work = tempfile::tempdir().unwrap();
    let report_path = work.path().join("greedy.json");
    let output = duel!()
        .args(["ioiwari", "judge", "--jobs", "2", "--report"])
        .arg(&report_path)
        .arg("--player")
        .arg(shell_word(players_dir().join("greedy")))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    let report = read_report(&report_path);
    assert_eq!(verdicts(&report), expected, "{stdout}");
    assert!((report["score"].as_f64().unwrap() - expected_score).abs() < 1e-9);
    assert!(
        stdout.contains(&format!("score: {expected_score:.2} / 100")),
        "{stdout}"
    );
    // Every loss and draw names its first mistake.
    for test in report["tests"].as_array().unwrap() {
        let mistake = test["first_mistake"].as_str().unwrap();
        assert!(
            mistake.starts_with("Move ") && mistake.contains(", was player 1's first mistake: "),
            "{mistake}"
        );
    }
}
