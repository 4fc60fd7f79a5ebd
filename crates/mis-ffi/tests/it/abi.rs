//! The C functions called from Rust, as a driver would call them. The module keeps
//! one global game, so everything that touches it runs in this one test, in order.

// System calls the checks need (who the test runs as, signals to its own children).
#![allow(unsafe_code)]

use duel_mis::{lolek, LolekKind};
use mis::{poczatek, ruch_bolka, Move, Position};
use std::ffi::c_int;

fn ask(p: c_int, e: c_int) -> (c_int, c_int) {
    let (mut bp, mut be) = (-7, -7);
    // SAFETY: both pointers are valid for writes.
    unsafe { ruch_bolka(p, e, &mut bp, &mut be) };
    (bp, be)
}

/// Plays a full game with a referee; Lolek answers with `lolek`. Returns whether
/// Bolek won and how many moves were made.
fn play(start: Position, mut lolek: impl FnMut(&Position) -> Move) -> (bool, u64) {
    poczatek(
        start.p() as c_int,
        start.e() as c_int,
        start.bound() as c_int,
    );
    let mut at = start;
    let mut moves = 0;
    loop {
        let (bp, be) = ask(at.p() as c_int, at.e() as c_int);
        assert!(bp >= 0 && be >= 0, "{bp} {be} at {at}");
        at = at
            .play(Move::new(bp as u32, be as u32))
            .unwrap_or_else(|err| panic!("Bolek at {at}: {err}"));
        moves += 1;
        if at.is_over() {
            return (true, moves);
        }
        at = at.play(lolek(&at)).unwrap();
        moves += 1;
        if at.is_over() {
            return (false, moves);
        }
    }
}

#[test]
fn the_c_abi_plays_and_survives_bad_calls() {
    // Before any poczatek: one stick, legal under every bound.
    assert_eq!(ask(5, 5), (1, 0));
    assert_eq!(ask(0, 3), (0, 1));
    assert_eq!(ask(0, 0), (0, 0));

    // The statement's example: where Bolek is asked, his answers win.
    poczatek(7, 2, 3);
    assert_eq!(ask(3, 1), (1, 0));
    assert_eq!(ask(1, 0), (1, 0));

    // Full games against several Loleks, including a long one.
    for (p, e, bound) in [
        (7, 2, 3),
        (1_000_000, 999_999, 1),
        (10_000_000, 3, 1_000_000),
    ] {
        let start = Position::new(p, e, bound).unwrap();
        for seed in 0..3u64 {
            let mut lolek = mis_lolek(seed);
            let (bolek_won, moves) = play(start, |at| lolek(at));
            assert!(bolek_won, "{start}, Lolek {seed}, after {moves} moves");
        }
    }

    // A second poczatek starts a new game cleanly: the bound changes.
    poczatek(10, 10, 1);
    assert_eq!(ask(1, 1), (1, 1));
    poczatek(10, 10, 5);
    assert_eq!(ask(1, 1), (1, 1));
    assert_eq!(ask(7, 7), (1, 1)); // residues (1, 1) modulo 6
    poczatek(10, 10, 1);
    assert_eq!(ask(2, 3), (0, 1)); // residues (0, 1) modulo 2 -> (0, 0)
    poczatek(10, 10, 5);
    assert_eq!(ask(2, 3), (0, 2)); // (2, 3) modulo 6 -> (2, 1)

    // Null pointers are skipped, not written through.
    poczatek(7, 2, 3);
    let mut be = -1;
    // SAFETY: bp is null (skipped), be is valid.
    unsafe { ruch_bolka(7, 2, std::ptr::null_mut(), &mut be) };
    assert_eq!(be, 0);
    // SAFETY: both null: nothing is written.
    unsafe { ruch_bolka(7, 2, std::ptr::null_mut(), std::ptr::null_mut()) };

    // Out-of-range input: still a legal move when one exists, else 0 0.
    poczatek(7, 2, 0);
    assert_eq!(ask(7, 2), (0, 0)); // a zero bound allows no move
    poczatek(-1, -1, -3);
    assert_eq!(ask(7, 2), (0, 0));
    poczatek(7, 2, 3);
    assert_eq!(ask(-5, 2), (0, 2)); // a negative pile is empty; (0, 2) -> (0, 0)
    assert_eq!(ask(-5, -5), (0, 0));
    let huge = Position::new_unchecked_limits(c_int::MAX as u32, 12_345, 3).unwrap();
    let (bp, be) = ask(c_int::MAX, 12_345);
    assert_eq!(huge.check(Move::new(bp as u32, be as u32)), Ok(()));
    poczatek(7, 2, c_int::MAX); // bound beyond the task's limit: plain Wythoff
    assert_eq!(ask(3, 5), (1, 0)); // (3, 5) is lost: one stick
    assert_eq!(ask(4, 5), (3, 3)); // to (1, 2), the theorem's choice over (3, 5)
}

/// Lolek number `seed`: 0 simple, 1 optimal, 2 adversarial.
fn mis_lolek(seed: u64) -> impl FnMut(&Position) -> Move {
    let kinds = [
        LolekKind::Simple,
        LolekKind::Optimal,
        LolekKind::Adversarial,
    ];
    let mut strategy = lolek(kinds[seed as usize]);
    move |at| strategy.choose(at)
}
