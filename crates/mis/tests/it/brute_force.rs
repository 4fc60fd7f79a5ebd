//! The library against a plain retrograde solver, on every position with piles up to
//! `4(B+1)+5`, for every bound `B` from 1 to 40.

use duel_mis::{Bolek, Move, Position};
use duel_test_support::sticks;

/// The brute-force solver's verdicts for piles up to `limit` (inclusive), with the library's
/// types: whether the side to move wins, and its winning moves.
struct BruteForce {
    bound: u32,
    won: Vec<Vec<bool>>,
}

impl BruteForce {
    fn solve(bound: u32, limit: u32) -> BruteForce {
        let won = sticks::wins(bound as usize, limit as usize + 1);
        BruteForce { bound, won }
    }

    fn is_won(&self, p: u32, e: u32) -> bool {
        self.won[p as usize][e as usize]
    }

    fn winning_moves(&self, p: u32, e: u32) -> Vec<Move> {
        sticks::winning_moves(&self.won, self.bound as usize, p as usize, e as usize)
            .into_iter()
            .map(|(take_p, take_e)| Move {
                take_p: take_p as u32,
                take_e: take_e as u32,
            })
            .collect()
    }
}

/// Wythoff pairs by the mex construction (independent of the library's fixed point):
/// `a_k` = least number not yet used, `b_k = a_k + k`.
fn wythoff_pairs_up_to(limit: u32) -> Vec<(u32, u32)> {
    let mut used = vec![false; 3 * limit as usize + 3];
    let mut pairs = Vec::new();
    let mut a = 0usize;
    for k in 0.. {
        while used[a] {
            a += 1;
        }
        if a > limit as usize {
            break;
        }
        used[a] = true;
        used[a + k] = true;
        pairs.push((a as u32, (a + k) as u32));
    }
    pairs
}

#[test]
fn library_agrees_with_brute_force_for_bounds_1_to_40() {
    for bound in 1..=40u32 {
        let m = bound + 1;
        let limit = 4 * m + 5;
        let brute = BruteForce::solve(bound, limit);
        let mut bolek = Bolek::new(Position::new(1, 1, bound).unwrap());
        for p in 0..=limit {
            for e in 0..=limit {
                let pos = Position::new_unchecked_limits(p, e, bound).unwrap();
                let won = brute.is_won(p, e);
                assert_eq!(pos.is_win(), won, "is_win at {pos}");

                let expected = brute.winning_moves(p, e);
                assert_eq!(pos.winning_moves(), expected, "winning_moves at {pos}");

                match pos.winning_move() {
                    Some(mv) => {
                        let after = pos.play(mv).unwrap_or_else(|err| panic!("{pos}: {err}"));
                        assert!(
                            !brute.is_won(after.p(), after.e()),
                            "{pos}: {mv} does not win"
                        );
                        assert_eq!(bolek.next_move(p, e), mv);
                    }
                    None => {
                        assert!(!won, "{pos}: winning position without a winning move");
                        let answer = bolek.next_move(p, e);
                        if pos.is_over() {
                            assert_eq!(answer, Move::NONE);
                        } else {
                            assert_eq!(pos.check(answer), Ok(()), "Bolek at lost {pos}");
                            assert_eq!(answer.total(), 1, "Bolek at lost {pos} takes one stick");
                        }
                    }
                }
            }
        }
    }
}

/// The theorem the library is built on, checked on the brute-force tables alone:
/// lost positions repeat with period `B + 1` in each pile, and inside one period
/// they are exactly the Wythoff pairs (either order) with both members `≤ B`.
#[test]
fn brute_force_tables_show_wythoff_pairs_modulo_bound_plus_one() {
    for bound in 1..=40u32 {
        let m = bound + 1;
        let limit = 4 * m + 5;
        let brute = BruteForce::solve(bound, limit);
        for p in 0..=limit {
            for e in 0..=limit {
                if p >= m {
                    assert_eq!(
                        brute.is_won(p, e),
                        brute.is_won(p - m, e),
                        "B={bound} ({p},{e})"
                    );
                }
                if e >= m {
                    assert_eq!(
                        brute.is_won(p, e),
                        brute.is_won(p, e - m),
                        "B={bound} ({p},{e})"
                    );
                }
            }
        }
        let mut lost_in_period: Vec<(u32, u32)> = (0..m)
            .flat_map(|p| (0..m).map(move |e| (p, e)))
            .filter(|&(p, e)| !brute.is_won(p, e))
            .collect();
        lost_in_period.sort();
        let mut pairs: Vec<(u32, u32)> = wythoff_pairs_up_to(bound)
            .into_iter()
            .flat_map(|(a, b)| [(a, b), (b, a)])
            .filter(|&(x, y)| x <= bound && y <= bound)
            .collect();
        pairs.sort();
        pairs.dedup();
        assert_eq!(lost_in_period, pairs, "B = {bound}");
    }
}
