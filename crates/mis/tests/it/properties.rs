//! Properties at the task's full scale (piles up to 10⁷, bounds up to 10⁶).
//!
//! Whether a big position is lost is read from the library's own `is_win`, which the
//! brute-force test validates on small positions; here we check that its answers
//! are locally consistent with the rules (a won position has a move to a lost
//! one, a lost position has none), which is what the theorem's induction needs.

use duel_mis::theory::{lower_wythoff, upper_wythoff};
use duel_mis::{Bolek, LolekKind, Move, Position, MAX_BOUND, MAX_PILE};
use proptest::prelude::*;

fn any_bound() -> impl Strategy<Value = u32> {
    prop_oneof![1..=10u32, 1..=1_000u32, 1..=MAX_BOUND]
}

fn any_position() -> impl Strategy<Value = Position> {
    (0..=MAX_PILE, 0..=MAX_PILE, any_bound())
        .prop_map(|(p, e, b)| Position::new_unchecked_limits(p, e, b).unwrap())
}

/// A lost position: a Wythoff pair `(a_j, b_j)` with `b_j ≤ B`, each member lifted
/// by its own multiple of `B + 1`, in either order.
fn lost_position() -> impl Strategy<Value = Position> {
    (
        any_bound(),
        any::<u32>(),
        0..=MAX_PILE,
        0..=MAX_PILE,
        any::<bool>(),
    )
        .prop_map(|(bound, j_seed, lift_a, lift_b, swap)| {
            // b_j = ⌊jφ²⌋ ≤ B for j ≤ B / φ², found by stepping down from an estimate.
            let mut j = j_seed % (bound / 2 + 1);
            while upper_wythoff(j) > u64::from(bound) {
                j -= 1;
            }
            let m = bound + 1;
            let a = lower_wythoff(j) as u32 + lift_a / m * m;
            let b = upper_wythoff(j) as u32 + lift_b / m * m;
            let (p, e) = if swap { (b, a) } else { (a, b) };
            Position::new_unchecked_limits(p, e, bound).unwrap()
        })
}

/// Moves worth trying from `pos`: near residue boundaries and the bound, plus random.
fn probe_moves(pos: &Position, random: &[u64]) -> Vec<Move> {
    let (r, s) = pos.residues();
    let b = pos.bound();
    let amounts = [
        1,
        2,
        r,
        r + 1,
        s,
        s + 1,
        b - 1,
        b,
        r.abs_diff(s),
        b - r,
        b - s,
    ];
    let mut moves: Vec<Move> = amounts
        .iter()
        .filter(|&&k| k >= 1)
        .flat_map(|&k| [Move::pooh(k), Move::eeyore(k), Move::both(k)])
        .collect();
    let count = pos.legal_move_count();
    if count > 0 {
        moves.extend(random.iter().filter_map(|&x| pos.nth_legal_move(x % count)));
    }
    moves.retain(|&mv| pos.check(mv).is_ok());
    moves
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn winning_move_is_legal_and_leaves_a_lost_position(pos in any_position()) {
        match pos.winning_move() {
            Some(mv) => {
                prop_assert!(pos.is_win());
                let after = pos.play(mv);
                prop_assert!(after.is_ok(), "{} at {}: {:?}", mv, pos, after);
                prop_assert!(!after.unwrap().is_win());
            }
            None => prop_assert!(!pos.is_win()),
        }
    }

    #[test]
    fn every_listed_winning_move_wins(pos in any_position()) {
        let all = pos.winning_moves();
        prop_assert_eq!(all.is_empty(), !pos.is_win());
        if let Some(mv) = pos.winning_move() {
            prop_assert!(all.contains(&mv));
        }
        for mv in all {
            prop_assert!(!pos.play(mv).unwrap().is_win(), "{} at {}", mv, pos);
        }
    }

    #[test]
    fn no_move_from_a_lost_position_leads_to_a_lost_one(
        pos in lost_position(),
        random in prop::collection::vec(any::<u64>(), 64),
    ) {
        prop_assert!(!pos.is_win(), "{}", pos);
        prop_assert!(pos.winning_moves().is_empty());
        for mv in probe_moves(&pos, &random) {
            prop_assert!(pos.play(mv).unwrap().is_win(), "{} at {}", mv, pos);
        }
    }

    #[test]
    fn small_bounds_at_large_piles_are_locally_consistent(
        p in 0..=MAX_PILE, e in 0..=MAX_PILE, bound in 1..=60u32,
    ) {
        // Every legal move is examined: exactly the lost successors are winning moves.
        let pos = Position::new_unchecked_limits(p, e, bound).unwrap();
        let mut winning: Vec<Move> =
            pos.legal_moves().filter(|&mv| !pos.play(mv).unwrap().is_win()).collect();
        winning.sort();
        prop_assert_eq!(pos.winning_moves(), winning);
    }

    #[test]
    fn outcome_has_period_bound_plus_one_in_each_pile(
        pos in any_position(), shift_p in 0..=3u32, shift_e in 0..=3u32,
    ) {
        let m = pos.bound() + 1;
        let (r, s) = pos.residues();
        let reduced = Position::new_unchecked_limits(r, s, pos.bound()).unwrap();
        let shifted = Position::new_unchecked_limits(r + shift_p * m, s + shift_e * m, pos.bound())
            .unwrap();
        prop_assert_eq!(pos.is_win(), reduced.is_win());
        prop_assert_eq!(pos.is_win(), shifted.is_win());
    }

    #[test]
    fn bolek_beats_every_lolek_from_winning_task_positions(
        p in 1..=5_000u32, e in 1..=5_000u32, bound in 1..=300u32, seed in any::<u64>(),
    ) {
        let start = Position::new(p, e, bound).unwrap();
        prop_assume!(start.is_win());
        for kind in [LolekKind::Simple, LolekKind::Optimal, LolekKind::Random { seed }, LolekKind::Adversarial] {
            let mut bolek = Bolek::new(start);
            let mut lolek = duel_mis::lolek(kind);
            let mut at = start;
            loop {
                at = at.play(bolek.next_move(at.p(), at.e())).unwrap();
                if at.is_over() {
                    break; // Bolek took the last stick
                }
                prop_assert!(!at.is_win(), "Bolek left a winning {} against {}", at, kind);
                at = at.play(lolek.choose(&at)).unwrap();
                prop_assert!(!at.is_over(), "Lolek ({}) emptied the pool", kind);
            }
        }
    }
}

#[test]
fn bolek_wins_a_long_game_against_the_simple_lolek() {
    // B = 1, 10⁶ poohsticks and 10⁶ - 1 eeyoresticks: about 10⁶ moves (the full 10⁷
    // game is played through the C ABI by duel-mis-ffi's tests and benches).
    let start = Position::new(1_000_000, 999_999, 1).unwrap();
    let mut bolek = Bolek::new(start);
    let mut lolek = duel_mis::lolek(LolekKind::Simple);
    let mut at = start;
    let mut moves = 0u64;
    let winner = loop {
        at = at.play(bolek.next_move(at.p(), at.e())).unwrap();
        moves += 1;
        if at.is_over() {
            break "Bolek";
        }
        at = at.play(lolek.choose(&at)).unwrap();
        moves += 1;
        if at.is_over() {
            break "Lolek";
        }
    };
    assert_eq!(winner, "Bolek");
    assert!(moves > 900_000, "{moves}");
}
