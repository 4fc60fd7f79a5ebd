//! Cost of Bolek's set-up and moves, side by side with the table-based baseline
//! (the official O(B) approach: precompute each residue's losing partner).

// criterion_group! and criterion_main! define public functions of their own.
#![allow(missing_docs)]

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};
use duel_mis::{Bolek, Move, Position, SplitMix64, MAX_BOUND, MAX_PILE};

/// The baseline: O(B) tables built by the mex construction, then O(1) lookups.
struct TableBolek {
    modulus: u32,
    /// `partner[x]` = the other member of x's Wythoff pair (may exceed B).
    partner: Vec<u32>,
    /// `lower[k]` = a_k for every pair whose lower member is a residue.
    lower: Vec<u32>,
}

impl TableBolek {
    const UNSET: u32 = u32::MAX;

    fn new(bound: u32) -> TableBolek {
        let modulus = bound + 1;
        let mut partner = vec![Self::UNSET; modulus as usize];
        let mut lower = Vec::new();
        let mut a = 0u32;
        for k in 0.. {
            while a < modulus && partner[a as usize] != Self::UNSET {
                a += 1;
            }
            if a >= modulus {
                break;
            }
            let b = a + k;
            partner[a as usize] = b;
            if b < modulus {
                partner[b as usize] = a;
            }
            lower.push(a);
        }
        TableBolek {
            modulus,
            partner,
            lower,
        }
    }

    fn next_move(&self, p: u32, e: u32) -> Move {
        let (r, s) = (p % self.modulus, e % self.modulus);
        let (low, high, swapped) = if r <= s { (r, s, false) } else { (s, r, true) };
        let q = self.partner[low as usize];
        let (take_low, take_high) = if q == high {
            return if p > 0 {
                Move::pooh(1)
            } else {
                Move::eeyore(1)
            };
        } else if q < high {
            (0, high - q)
        } else {
            let both = low - self.lower[(high - low) as usize];
            (both, both)
        };
        if swapped {
            Move::new(take_high, take_low)
        } else {
            Move::new(take_low, take_high)
        }
    }
}

const SAMPLES: usize = 4096;

fn random_pools(seed: u64) -> Vec<(u32, u32)> {
    let mut rng = SplitMix64::new(seed);
    let mut pile = move || 1 + rng.below(u64::from(MAX_PILE)) as u32;
    (0..SAMPLES).map(|_| (pile(), pile())).collect()
}

fn formula_vs_table(c: &mut Criterion) {
    let pools = random_pools(1);
    // The baseline must agree with Bolek, or the comparison means nothing.
    for bound in [1, 7, 1_000, MAX_BOUND] {
        let (mut bolek, table) = (
            Bolek::new(Position::new(1, 1, bound).unwrap()),
            TableBolek::new(bound),
        );
        for &(p, e) in &pools {
            assert_eq!(
                bolek.next_move(p, e),
                table.next_move(p, e),
                "B={bound} at {p} {e}"
            );
        }
    }

    let mut group = c.benchmark_group("formula_vs_table");
    for bound in [1, MAX_BOUND] {
        let start = Position::new(1, 1, bound).unwrap();
        // Set-up = what `poczatek` does: validate the task's numbers, build the player.
        let (p, e) = pools[0];
        group.bench_with_input(
            BenchmarkId::new("setup/formula", bound),
            &bound,
            |b, &bound| {
                b.iter(|| {
                    let start = Position::new(black_box(p), black_box(e), black_box(bound));
                    Bolek::new(start.unwrap())
                })
            },
        );
        group.bench_with_input(
            BenchmarkId::new("setup/table", bound),
            &bound,
            |b, &bound| {
                b.iter(|| {
                    let start = Position::new(black_box(p), black_box(e), black_box(bound));
                    TableBolek::new(start.unwrap().bound())
                })
            },
        );
        group.bench_with_input(
            BenchmarkId::new("move/formula", bound),
            &start,
            |b, &start| {
                let mut bolek = Bolek::new(start);
                let mut i = 0;
                b.iter(|| {
                    i = (i + 1) % SAMPLES;
                    let (p, e) = pools[i];
                    bolek.next_move(black_box(p), black_box(e))
                })
            },
        );
        let table = TableBolek::new(bound);
        group.bench_with_input(BenchmarkId::new("move/table", bound), &table, |b, table| {
            let mut i = 0;
            b.iter(|| {
                i = (i + 1) % SAMPLES;
                let (p, e) = pools[i];
                table.next_move(black_box(p), black_box(e))
            })
        });
    }
    group.finish();
}

fn winning_move(c: &mut Criterion) {
    let pools = random_pools(2);
    let mut group = c.benchmark_group("winning_move");
    for bound in [1, 1_000, MAX_BOUND] {
        let positions: Vec<Position> = pools
            .iter()
            .map(|&(p, e)| Position::new(p, e, bound).unwrap())
            .collect();
        group.bench_with_input(
            BenchmarkId::from_parameter(bound),
            &positions,
            |b, positions| {
                let mut i = 0;
                b.iter(|| {
                    i = (i + 1) % SAMPLES;
                    black_box(positions[i]).winning_move()
                })
            },
        );
    }
    group.finish();
}

criterion_group!(benches, winning_move, formula_vs_table);
criterion_main!(benches);
