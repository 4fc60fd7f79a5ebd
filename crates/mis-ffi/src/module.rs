//! The module's behaviour as a plain Rust value, without global state.

use duel_mis::{Bolek, Move, Position};
use std::ffi::c_int;

/// What the C functions do, as a Rust player: [`MisModule::poczatek`] and
/// [`MisModule::ruch_bolka`] behave exactly like `poczatek` / `ruch_bolka`.
///
/// Bad input never panics:
/// * a negative pile counts as empty (nothing can be taken from it);
/// * a position that does not follow from the previous one is simply played from;
/// * `ruch_bolka` before any `poczatek` takes one stick (legal under every bound);
/// * a PE-bound `≤ 0` allows no legal move, so the answer is `0 0`, as it is for an
///   empty pool.
///
/// ```
/// use mis::MisModule;
/// let mut module = MisModule::poczatek(7, 2, 3);
/// assert_eq!(module.ruch_bolka(3, 1), (1, 0));
/// assert_eq!(MisModule::NotStarted.ruch_bolka(0, 5), (0, 1));
/// assert_eq!(MisModule::poczatek(7, 2, 0).ruch_bolka(7, 2), (0, 0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MisModule {
    /// No `poczatek` yet: the bound is unknown.
    NotStarted,
    /// `poczatek` gave a non-positive PE-bound: no move is legal.
    NoLegalMove,
    /// A game with a valid bound, played by the perfect Bolek.
    Playing(Bolek),
}

impl MisModule {
    /// The state after `poczatek(p, e, peb)`; only the bound matters.
    pub fn poczatek(p: c_int, e: c_int, peb: c_int) -> MisModule {
        let _ = (p, e); // the first ruch_bolka repeats them
        match u32::try_from(peb)
            .ok()
            .and_then(|bound| Position::new_unchecked_limits(0, 0, bound).ok())
        {
            Some(start) => MisModule::Playing(Bolek::new(start)),
            None => MisModule::NoLegalMove,
        }
    }

    /// Bolek's answer `(bp, be)` when the pool holds `p` and `e` sticks.
    pub fn ruch_bolka(&mut self, p: c_int, e: c_int) -> (c_int, c_int) {
        let (p, e) = (pile(p), pile(e));
        let mv = match self {
            MisModule::Playing(bolek) => bolek.next_move(p, e),
            MisModule::NotStarted if p > 0 => Move::pooh(1),
            MisModule::NotStarted if e > 0 => Move::eeyore(1),
            MisModule::NotStarted | MisModule::NoLegalMove => Move::NONE,
        };
        // A move never takes more than a pile holds, and piles came from c_int.
        (mv.take_p as c_int, mv.take_e as c_int)
    }

    /// Packs the state into one word, so it fits a lock-free static:
    /// 0 = not started, `u32::MAX` = no legal move, otherwise the bound
    /// (a valid bound comes from a positive `c_int`, so it is neither).
    pub const fn to_bits(self) -> u32 {
        match self {
            MisModule::NotStarted => 0,
            MisModule::NoLegalMove => u32::MAX,
            MisModule::Playing(bolek) => bolek.bound(),
        }
    }

    /// Inverse of [`MisModule::to_bits`].
    pub fn from_bits(bits: u32) -> MisModule {
        match bits {
            0 => MisModule::NotStarted,
            u32::MAX => MisModule::NoLegalMove,
            bound => match Position::new_unchecked_limits(0, 0, bound) {
                Ok(start) => MisModule::Playing(Bolek::new(start)),
                Err(_) => MisModule::NoLegalMove,
            },
        }
    }
}

/// A pile as the game sees it: negative counts hold nothing.
fn pile(count: c_int) -> u32 {
    u32::try_from(count).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_round_trip() {
        for module in [
            MisModule::NotStarted,
            MisModule::NoLegalMove,
            MisModule::poczatek(1, 1, 1),
            MisModule::poczatek(1, 1, c_int::MAX),
        ] {
            assert_eq!(MisModule::from_bits(module.to_bits()), module);
        }
        assert_eq!(MisModule::poczatek(1, 1, -5), MisModule::NoLegalMove);
    }

    #[test]
    fn bad_piles_still_get_legal_answers() {
        let mut module = MisModule::poczatek(5, 5, 2);
        assert_eq!(module.ruch_bolka(-3, 4), (0, 1)); // residues (0, 1): take the 1
        assert_eq!(module.ruch_bolka(-1, -1), (0, 0));
        assert_eq!(module.ruch_bolka(c_int::MAX, 0), (1, 0)); // 2147483647 = 1 mod 3
    }
}
