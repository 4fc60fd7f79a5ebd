//! The largest game, about 10⁷ Bolek moves (B = 1, p = 10⁷, e = 10⁷ - 1), played
//! through the C ABI functions as a driver would call them, against the simple Lolek.

// criterion_group! and criterion_main! define public functions of their own.
#![allow(missing_docs)]
// System calls the checks need (who the test runs as, signals to its own children).
#![allow(unsafe_code)]

use criterion::{criterion_group, criterion_main, Criterion};
use mis::{poczatek, ruch_bolka};
use std::ffi::c_int;
use std::hint::black_box;

/// Plays the game; returns Bolek's move count, or `None` if he lost or moved illegally.
fn full_game(p: c_int, e: c_int, bound: c_int) -> Option<u64> {
    let (mut p, mut e) = (p, e);
    poczatek(black_box(p), black_box(e), black_box(bound));
    let mut bolek_moves = 0;
    loop {
        let (mut bp, mut be) = (0, 0);
        // SAFETY: both pointers are valid for writes.
        unsafe { ruch_bolka(p, e, &mut bp, &mut be) };
        let legal = (bp > 0 || be > 0)
            && (bp == 0 || be == 0 || bp == be)
            && (0..=bound).contains(&bp)
            && (0..=bound).contains(&be)
            && bp <= p
            && be <= e;
        if !legal {
            return None;
        }
        (p, e) = (p - bp, e - be);
        bolek_moves += 1;
        if p == 0 && e == 0 {
            return Some(bolek_moves);
        }
        if p > 0 {
            p -= 1;
        } else {
            e -= 1;
        }
        if p == 0 && e == 0 {
            return None;
        }
    }
}

fn largest_game(c: &mut Criterion) {
    let moves = full_game(10_000_000, 9_999_999, 1).expect("Bolek wins");
    assert!(moves >= 9_999_999, "{moves}");
    let mut group = c.benchmark_group("full_game");
    group.sample_size(10);
    group.bench_function("c_abi/B=1/p=1e7/e=1e7-1", |b| {
        b.iter(|| full_game(10_000_000, 9_999_999, 1))
    });
    group.finish();
}

criterion_group!(benches, largest_game);
criterion_main!(benches);
