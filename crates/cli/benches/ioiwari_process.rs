//! The `ioiwari` process, side by side with C programs:
//!
//! - `ioiwari_first_move`: from spawn to its first line of output, next to a trivial C program
//!   that reads the seven numbers of the start board and prints one line, linked statically
//!   (the floor) and dynamically. Each is timed from just before the spawn to the moment its
//!   first line has been read; ending the process (closing its input, waiting) is not timed.
//! - `ioiwari_full_game`: a whole game, next to a C program written the way the official
//!   solution notes describe (memoized recursion from the start board). Both players face the
//!   same optimal player 2 (driven from here, from a prebuilt table), so the difference is the
//!   player's own cost: process start, solving, and the dialogue.

// criterion_group! and criterion_main! define public functions of their own.
#![allow(missing_docs)]

mod common;

use common::{build_c, spawn_piped};
use criterion::{criterion_group, criterion_main, Criterion};
use duel_ioiwari::{Board, Pit, Player, Position, Table};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Spawns `program`, sends it the start board and returns how long its first line took to
/// arrive, with the line. The process is then ended untimed.
fn first_line(program: &Path, start: &str) -> (Duration, String) {
    let began = Instant::now();
    let (mut child, mut to_player, mut from_player) = spawn_piped(program);
    to_player.write_all(start.as_bytes()).unwrap();
    let mut line = String::new();
    from_player.read_line(&mut line).unwrap();
    let took = began.elapsed();
    drop(to_player);
    child.wait().unwrap();
    (took, line)
}

fn first_move(c: &mut Criterion) {
    let dir = std::env::temp_dir().join(format!("duel-bench-first-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let static_c = build_c(&dir, "seven_numbers", "seven_static", &["-static"]);
    let dynamic_c = build_c(&dir, "seven_numbers", "seven_dynamic", &[]);
    let ours = PathBuf::from(env!("CARGO_BIN_EXE_ioiwari"));
    let start = "4 3 2 4 2 3 2\n";
    assert_eq!(first_line(&ours, start).1, "2\n");
    assert_eq!(first_line(&static_c, start).1, "1\n");

    let mut group = c.benchmark_group("ioiwari_first_move");
    for (name, program) in [
        ("trivial C, static", &static_c),
        ("ioiwari", &ours),
        ("trivial C, dynamic", &dynamic_c),
    ] {
        group.bench_function(name, |b| {
            b.iter_custom(|iters| (0..iters).map(|_| first_line(program, start).0).sum())
        });
    }
    group.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

/// One complete game of `program` as player 1 from `start`; returns player 1's margin.
fn play_game(program: &Path, start: Board, table: &Table) -> i32 {
    let (mut child, mut to_player, mut from_player) = spawn_piped(program);
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
    let reference = build_c(&dir, "ioiwari_memo", "ioiwari_memo", &[]);
    let ours = PathBuf::from(env!("CARGO_BIN_EXE_ioiwari"));
    let table = Table::solve();
    let start: Board = "4 3 2 4 2 3 2".parse().unwrap();
    // Both must play the same, optimal game before their times mean anything.
    assert_eq!(play_game(&ours, start, &table), 2);
    assert_eq!(play_game(&reference, start, &table), 2);

    let mut group = c.benchmark_group("ioiwari_full_game");
    group.bench_function("ioiwari (Rust, table built at compile time)", |b| {
        b.iter(|| play_game(&ours, start, &table))
    });
    group.bench_function("official notes (C, memoized recursion)", |b| {
        b.iter(|| play_game(&reference, start, &table))
    });
    group.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, first_move, full_game);
criterion_main!(benches);
