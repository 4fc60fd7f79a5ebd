//! A whole game of the `ioiwari` process, side by side with a C program written the way the
//! official solution notes describe (memoized recursion from the start board).
//!
//! Both players face the same optimal player 2 (driven from here, from a prebuilt table), so the
//! difference is the player's own cost: process start, solving, and the dialogue.

use criterion::{criterion_group, criterion_main, Criterion};
use duel_ioiwari::{Board, Pit, Player, Position, Table};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Compiles the C reference player with gcc -O2 into `dir`.
fn build_reference(dir: &Path) -> PathBuf {
    let source = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/benches/reference/ioiwari_memo.c"
    );
    let binary = dir.join("ioiwari_memo");
    let status = Command::new("gcc")
        .args(["-O2", "-o"])
        .arg(&binary)
        .arg(source)
        .status()
        .expect("gcc runs");
    assert!(status.success(), "gcc failed on {source}");
    binary
}

/// One complete game of `program` as player 1 from `start`; returns player 1's margin.
fn play_game(program: &Path, start: Board, table: &Table) -> i32 {
    let mut child = Command::new(program)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the player starts");
    let mut to_player = child.stdin.take().unwrap();
    let mut from_player = BufReader::new(child.stdout.take().unwrap());
    writeln!(to_player, "{start}").unwrap();
    let mut position = Position::start(start);
    let mut line = String::new();
    while !position.is_over() {
        let pit: Pit = match position.to_move {
            Player::One => {
                line.clear();
                from_player.read_line(&mut line).unwrap();
                line.trim().parse().unwrap()
            }
            Player::Two => {
                let pit = table.first_best_move(position.board).unwrap();
                writeln!(to_player, "{pit}").unwrap();
                pit
            }
        };
        position = position.play(pit).unwrap();
    }
    drop(to_player);
    assert!(child.wait().unwrap().success());
    position.banks.one as i32 - position.banks.two as i32
}

fn full_game(c: &mut Criterion) {
    let dir = std::env::temp_dir().join(format!("duel-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let reference = build_reference(&dir);
    let ours = PathBuf::from(env!("CARGO_BIN_EXE_ioiwari"));
    let table = Table::solve();
    let start: Board = "4 3 2 4 2 3 2".parse().unwrap();
    // Both must play the same, optimal game before their times mean anything.
    assert_eq!(play_game(&ours, start, &table), 2);
    assert_eq!(play_game(&reference, start, &table), 2);

    let mut group = c.benchmark_group("ioiwari_full_game");
    group.bench_function("ioiwari (Rust, reachable solver)", |b| {
        b.iter(|| play_game(&ours, start, &table))
    });
    group.bench_function("official notes (C, memoized recursion)", |b| {
        b.iter(|| play_game(&reference, start, &table))
    });
    group.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, full_game);
criterion_main!(benches);
