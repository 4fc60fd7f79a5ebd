//! Solver speed: the full table against naive memoized recursions (same group, so the ratio is
//! visible), move lookup, and the start-up solve of the `ioiwari` player.

// criterion_group! and criterion_main! define public functions of their own.
#![allow(missing_docs)]

use std::collections::HashMap;
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use duel_ioiwari::{Board, Oracle, Pit, PitSet, ReachableSolver, Table, BOARD_COUNT};

/// The obvious solver: recursion over `Board::play`, memoized in a `HashMap`.
fn naive_hashmap_solve() -> HashMap<Board, (i8, PitSet)> {
    fn solve(board: Board, memo: &mut HashMap<Board, (i8, PitSet)>) -> i8 {
        if let Some(&(value, _)) = memo.get(&board) {
            return value;
        }
        let mut best = (0, PitSet::EMPTY);
        for pit in board.legal_moves() {
            let sowing = board.play(pit).expect("legal move");
            let value = sowing.gain_difference() - solve(sowing.board, memo);
            if best.1.is_empty() || value > best.0 {
                best = (value, PitSet::single(pit));
            } else if value == best.0 {
                best.1.insert(pit);
            }
        }
        memo.insert(board, best);
        best.0
    }
    let mut memo = HashMap::new();
    for index in 0..BOARD_COUNT {
        solve(Board::from_index(index).expect("in range"), &mut memo);
    }
    memo
}

/// The same recursion memoized in a dense array indexed by `Board::index` (a stronger
/// baseline than the `HashMap`).
fn naive_vec_solve() -> Vec<Option<(i8, PitSet)>> {
    fn solve(board: Board, memo: &mut [Option<(i8, PitSet)>]) -> i8 {
        if let Some((value, _)) = memo[board.index() as usize] {
            return value;
        }
        let mut best = (0, PitSet::EMPTY);
        for pit in board.legal_moves() {
            let sowing = board.play(pit).expect("legal move");
            let value = sowing.gain_difference() - solve(sowing.board, memo);
            if best.1.is_empty() || value > best.0 {
                best = (value, PitSet::single(pit));
            } else if value == best.0 {
                best.1.insert(pit);
            }
        }
        memo[board.index() as usize] = Some(best);
        best.0
    }
    let mut memo = vec![None; BOARD_COUNT as usize];
    for index in 0..BOARD_COUNT {
        solve(Board::from_index(index).expect("in range"), &mut memo);
    }
    memo
}

fn full_table(c: &mut Criterion) {
    let mut group = c.benchmark_group("full_table");
    group.sample_size(20);
    group.bench_function("Table::solve", |b| b.iter(Table::solve));
    group.bench_function("naive_recursion_hashmap", |b| b.iter(naive_hashmap_solve));
    group.bench_function("naive_recursion_memo_vec", |b| b.iter(naive_vec_solve));
    group.finish();
}

fn lookup(c: &mut Criterion) {
    let table = Table::solve();
    let boards: Vec<Board> = Board::start_boards();
    let mut group = c.benchmark_group("lookup");
    let mut i = 0;
    group.bench_function("Table::first_best_move", |b| {
        b.iter(|| {
            i = (i + 1) % boards.len();
            table.first_best_move(black_box(boards[i]))
        })
    });
    group.bench_function("Table::best_moves", |b| {
        b.iter(|| {
            i = (i + 1) % boards.len();
            table.best_moves(black_box(boards[i]))
        })
    });
    let example: Board = "4 3 2 4 2 3 2".parse().expect("valid");
    let reachable = ReachableSolver::solve_from(example);
    let after = example
        .play(Pit::new(2).expect("valid"))
        .expect("legal")
        .board;
    group.bench_function("ReachableSolver::first_best_move", |b| {
        b.iter(|| reachable.first_best_move(black_box(after)))
    });
    group.finish();
}

fn start_up(c: &mut Criterion) {
    let example: Board = "4 3 2 4 2 3 2".parse().expect("valid");
    let mut group = c.benchmark_group("start_up");
    group.bench_function("ReachableSolver::solve_from(4 3 2 4 2 3 2)", |b| {
        b.iter(|| ReachableSolver::solve_from(black_box(example)))
    });
    let heaviest: Board = "5 5 5 5 5 5 5".parse().expect("valid");
    group.bench_function("ReachableSolver::solve_from(5 5 5 5 5 5 5)", |b| {
        b.iter(|| ReachableSolver::solve_from(black_box(heaviest)))
    });
    group.finish();
}

criterion_group!(benches, full_table, lookup, start_up);
criterion_main!(benches);
