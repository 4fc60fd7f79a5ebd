//! The generated referees compute what duel computes: the Ioiwari referee's values and
//! player-2 moves are duel's solver's on every board, and the Pooh-Eeyore-sticks driver's
//! Lolek plays duel's adversarial Lolek move for move on every official test.

use duel_export::{Format, Task};
use duel_ioiwari::{Board, Table, BOARD_COUNT};
use duel_mis::{AdversarialLolek, Move, Position, Strategy};
use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};

/// Whether g++ runs here; without it the test is skipped as `duel_test_support::skip` says.
fn have_gcc() -> bool {
    let found = Command::new("g++")
        .arg("--version")
        .stdout(Stdio::null())
        .status()
        .is_ok();
    duel_test_support::skip::unless_required(
        found,
        "g++ is not installed",
        ".ci/setup installs it (apt-get install g++)",
        "DUEL_REQUIRE_FPC",
    )
}

fn compile(compiler: &str, args: &[&Path], include: &Path, out: &Path) {
    let output = Command::new(compiler)
        .arg("-O2")
        .arg("-I")
        .arg(include)
        .args(args)
        .arg("-o")
        .arg(out)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn ioiwari_referee_values_and_replies_are_duels_on_every_board() {
    if !have_gcc() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let root = duel_export::package(Format::Kattis, Task::Ioiwari)
        .write_into(dir.path())
        .unwrap();
    let include = root.join("output_validators/interactor");
    let probe = dir.path().join("probe.cpp");
    fs::write(
        &probe,
        "#include \"referee.h\"\nint main() {\n  for (long i = 0; i < BOARD_COUNT; i++) {\n    \
         int pits[PITS]; long rest = i;\n    for (int j = 0; j < PITS; j++) { pits[j] = rest % 6; rest /= 6; }\n    \
         printf(\"%d %d\\n\", board_empty(pits) ? 0 : board_value(pits), board_empty(pits) ? 0 : first_best_move(pits));\n  }\n}\n",
    )
    .unwrap();
    let binary = dir.path().join("probe");
    compile("g++", &[&probe], &include, &binary);
    let output = Command::new(&binary).output().unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    let table = Table::solve();
    let mut lines = text.lines();
    for index in 0..BOARD_COUNT {
        let board = Board::from_index(index).unwrap();
        let expected = if board.is_empty() {
            "0 0".to_owned()
        } else {
            let pit = table.first_best_move(board).unwrap();
            format!("{} {pit}", table.value(board))
        };
        assert_eq!(lines.next(), Some(expected.as_str()), "board {board}");
    }
    assert_eq!(lines.next(), None);
}

/// Decodes a driver's stream into its moves (legal records only).
fn decode(stream: &[u8]) -> Vec<Move> {
    let body = stream
        .strip_prefix(b"duel-mis 2\n")
        .expect("the stream's magic line");
    let mut moves = Vec::new();
    let (mut value, mut shift) = (0u32, 0);
    for &byte in body {
        // Five bits a character: 'P' + d goes on, '0' + d ends the number.
        let more = byte >= b'P';
        let digit = byte - if more { b'P' } else { b'0' };
        assert!(digit < 32, "not a digit: {byte}");
        value |= u32::from(digit) << shift;
        shift += 5;
        if !more {
            let k = value / 3;
            moves.push(match value % 3 {
                0 => Move::pooh(k),
                1 => Move::eeyore(k),
                _ => Move::both(k),
            });
            (value, shift) = (0, 0);
        }
    }
    moves
}

#[test]
fn mis_driver_lolek_is_duels_adversarial_lolek_on_every_official_test() {
    if !have_gcc() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let root = duel_export::package(Format::Kattis, Task::Mis)
        .write_into(dir.path())
        .unwrap();
    let include = root.join("include/c");
    let binary = dir.path().join("driver");
    compile(
        "gcc",
        &[
            &include.join("driver.c"),
            &root.join("submissions/accepted/bolek.c"),
        ],
        &include,
        &binary,
    );
    for test in duel_mis::official_tests() {
        let input = dir.path().join("input");
        fs::write(&input, format!("{}\n", test.start)).unwrap();
        let output = Command::new(&binary)
            .stdin(fs::File::open(&input).unwrap())
            .output()
            .unwrap();
        assert!(output.status.success());
        let moves = decode(&output.stdout);
        let mut lolek = AdversarialLolek::new();
        let mut at: Position = test.start;
        for (i, mv) in moves.iter().enumerate() {
            if i % 2 == 1 {
                assert_eq!(
                    *mv,
                    lolek.choose(&at),
                    "test {}: move {}",
                    test.number,
                    i + 1
                );
            }
            at = at.play(*mv).expect("every streamed move is legal");
        }
        assert!(
            at.is_over() && moves.len() % 2 == 1,
            "test {}: Bolek wins",
            test.number
        );
    }
    // The stream of the statement's example is its five-move game.
    let sample: Position = "7 2 3".parse().unwrap();
    let answer = duel_export::generated::mis_stream(sample);
    assert_eq!(decode(&answer).len(), 5);
}
