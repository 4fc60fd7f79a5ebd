//! The computer's strategies, one taxonomy ([`LolekKind`]) for every front end: Lolek in the
//! `graj` driver and the judge, and the computer that `duel mis play` and the web page play
//! against (their strengths `perfect`, `greedy` and `random` are `optimal`, `greedy` and
//! `random` here).

use crate::bolek::one_stick;
use crate::{Move, Position, SplitMix64};
use std::fmt;
use std::str::FromStr;

/// A way of choosing moves.
///
/// `choose` is called with the side to move's position; on a nonempty pool it
/// always returns a legal move. On an empty pool (no legal move) it returns
/// [`Move::NONE`].
pub trait Strategy {
    /// The move to play at `pos`.
    fn choose(&mut self, pos: &Position) -> Move;
}

/// Which Lolek to play against Bolek (or against a person: `perfect` is read as `optimal`).
///
/// ```
/// use duel_mis::{lolek, LolekKind, Move, Position};
/// let kind: LolekKind = "random:42".parse().unwrap();
/// assert_eq!(kind, LolekKind::Random { seed: 42 });
/// let mut simple = lolek(LolekKind::Simple);
/// assert_eq!(simple.choose(&Position::new(3, 1, 3).unwrap()), Move::pooh(1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LolekKind {
    /// The original kit's Lolek: one poohstick if any, else one eeyorestick.
    Simple,
    /// Plays a winning move whenever it has one, else takes one stick like `Simple`.
    Optimal,
    /// A uniformly random legal move, reproducible from the seed.
    Random {
        /// Seed of the [`SplitMix64`] generator.
        seed: u64,
    },
    /// Punishes any mistake like `Optimal`; otherwise probes for wrong solutions
    /// (see [`AdversarialLolek`]).
    Adversarial,
    /// One move of look-ahead (see [`GreedyLolek`]).
    Greedy,
}

impl LolekKind {
    /// The strategies a person plays against, by the names `duel mis play` and the web page
    /// give them: `perfect` ([`LolekKind::Optimal`]), `greedy`, `random` (from `seed`).
    ///
    /// ```
    /// use duel_mis::LolekKind;
    /// assert_eq!(LolekKind::strength("perfect", 3), Some(LolekKind::Optimal));
    /// assert_eq!(LolekKind::strength("random", 3), Some(LolekKind::Random { seed: 3 }));
    /// assert_eq!(LolekKind::strength("adversarial", 3), Some(LolekKind::Adversarial));
    /// assert_eq!(LolekKind::strength("strong", 3), None);
    /// ```
    pub fn strength(name: &str, seed: u64) -> Option<LolekKind> {
        match name {
            "random" => Some(LolekKind::Random { seed }),
            other => other.parse().ok(),
        }
    }
}

/// Lolek of the given kind.
pub fn lolek(kind: LolekKind) -> Box<dyn Strategy + Send> {
    match kind {
        LolekKind::Simple => Box::new(SimpleLolek),
        LolekKind::Optimal => Box::new(OptimalLolek),
        LolekKind::Random { seed } => Box::new(RandomLolek::new(seed)),
        LolekKind::Adversarial => Box::new(AdversarialLolek::new()),
        LolekKind::Greedy => Box::new(GreedyLolek),
    }
}

impl fmt::Display for LolekKind {
    /// `simple`, `optimal`, `random:SEED`, `adversarial` (what `FromStr` reads).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LolekKind::Simple => f.write_str("simple"),
            LolekKind::Optimal => f.write_str("optimal"),
            LolekKind::Random { seed } => write!(f, "random:{seed}"),
            LolekKind::Adversarial => f.write_str("adversarial"),
            LolekKind::Greedy => f.write_str("greedy"),
        }
    }
}

/// Why a text names no Lolek kind.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown Lolek {text:?}: expected simple, optimal (or perfect), greedy, adversarial, random or random:SEED"
)]
pub struct ParseLolekKindError {
    /// The text that was given.
    pub text: String,
}

impl FromStr for LolekKind {
    type Err = ParseLolekKindError;

    /// `simple`, `optimal` (also `perfect`), `greedy`, `adversarial`, `random` (seed 0) or
    /// `random:SEED`.
    fn from_str(s: &str) -> Result<LolekKind, ParseLolekKindError> {
        let err = || ParseLolekKindError { text: s.to_owned() };
        match s {
            "simple" => Ok(LolekKind::Simple),
            "optimal" | "perfect" => Ok(LolekKind::Optimal),
            "greedy" => Ok(LolekKind::Greedy),
            "adversarial" => Ok(LolekKind::Adversarial),
            "random" => Ok(LolekKind::Random { seed: 0 }),
            _ => {
                let seed = s.strip_prefix("random:").ok_or_else(err)?;
                let seed = seed.parse().map_err(|_| err())?;
                Ok(LolekKind::Random { seed })
            }
        }
    }
}

/// The original kit's Lolek: one poohstick if any, else one eeyorestick.
#[derive(Clone, Copy, Debug, Default)]
pub struct SimpleLolek;

impl Strategy for SimpleLolek {
    fn choose(&mut self, pos: &Position) -> Move {
        one_stick(pos.p(), pos.e())
    }
}

/// Plays a winning move whenever there is one; otherwise one stick like [`SimpleLolek`].
#[derive(Clone, Copy, Debug, Default)]
pub struct OptimalLolek;

impl Strategy for OptimalLolek {
    fn choose(&mut self, pos: &Position) -> Move {
        pos.winning_move()
            .unwrap_or_else(|| one_stick(pos.p(), pos.e()))
    }
}

/// A uniformly random legal move.
#[derive(Clone, Debug)]
pub struct RandomLolek {
    rng: SplitMix64,
}

impl RandomLolek {
    /// Random Lolek whose choices are determined by `seed`.
    pub fn new(seed: u64) -> RandomLolek {
        RandomLolek {
            rng: SplitMix64::new(seed),
        }
    }
}

impl Strategy for RandomLolek {
    fn choose(&mut self, pos: &Position) -> Move {
        let index = self.rng.below(pos.legal_move_count());
        pos.nth_legal_move(index).unwrap_or(Move::NONE)
    }
}

/// The judge's Lolek. Its exact, deterministic policy:
///
/// 1. If the position has a winning move, it plays [`Position::winning_move`]: any
///    mistake by Bolek is punished.
/// 2. Otherwise (Bolek has played well so far) it makes a *probe* move. Probes cycle
///    through six kinds, counted by this Lolek's own probe counter `n` (from 0):
///    * `n % 6` = 0, 2, 4 — **one stick** from the larger pile (poohsticks on a tie):
///      the game lasts as long as possible, catching slow solutions.
///    * `n % 6 = 1` — **to a multiple of `B + 1`**: from the first pile (poohsticks,
///      then eeyoresticks) whose residue modulo `B + 1` is nonzero, take that residue,
///      leaving residue 0; catches mistakes at residue 0. If both residues are 0, one
///      stick as above.
///    * `n % 6 = 3` — **a long jump on one pile**: take `min(B, x)` from the larger
///      pile `x`. This empties the pile if `x ≤ B`, brings it below `B + 1` if
///      `B < x ≤ 2B`, and otherwise moves its residue up by one (taking `B ≡ -1`),
///      wrapping `B` to 0; catches solutions that forget the modulus.
///    * `n % 6 = 5` — **a long diagonal jump**: take `min(B, p, e)` of each kind if
///      both piles are nonempty, else the long jump on one pile.
#[derive(Clone, Debug, Default)]
pub struct AdversarialLolek {
    probes: u64,
}

impl AdversarialLolek {
    /// A fresh adversary (probe counter 0).
    pub fn new() -> AdversarialLolek {
        AdversarialLolek { probes: 0 }
    }

    fn probe(&self, pos: &Position) -> Move {
        let (p, e, bound) = (pos.p(), pos.e(), pos.bound());
        let larger_is_pooh = p >= e;
        let larger = p.max(e);
        let one_from_larger = || {
            if larger_is_pooh {
                Move::pooh(1)
            } else {
                Move::eeyore(1)
            }
        };
        let jump_one_pile = || {
            let k = bound.min(larger);
            if larger_is_pooh {
                Move::pooh(k)
            } else {
                Move::eeyore(k)
            }
        };
        match self.probes % 6 {
            1 => {
                let (r, s) = pos.residues();
                if r != 0 {
                    Move::pooh(r)
                } else if s != 0 {
                    Move::eeyore(s)
                } else {
                    one_from_larger()
                }
            }
            3 => jump_one_pile(),
            5 if p > 0 && e > 0 => Move::both(bound.min(p).min(e)),
            5 => jump_one_pile(),
            _ => one_from_larger(),
        }
    }
}

impl Strategy for AdversarialLolek {
    fn choose(&mut self, pos: &Position) -> Move {
        if pos.is_over() {
            return Move::NONE;
        }
        if let Some(mv) = pos.winning_move() {
            return mv;
        }
        let mv = self.probe(pos);
        self.probes += 1;
        mv
    }
}

/// The one-move look-ahead player: takes the last sticks when it can, else the largest move
/// that does not let the opponent take the last sticks at once (the largest of each kind's,
/// both kinds first on a tie), else the largest move.
#[derive(Clone, Copy, Debug, Default)]
pub struct GreedyLolek;

impl Strategy for GreedyLolek {
    fn choose(&mut self, pos: &Position) -> Move {
        if pos.is_over() {
            return Move::NONE;
        }
        if can_take_all(pos) {
            return Move::new(pos.p(), pos.e());
        }
        let (p, e, bound) = (pos.p(), pos.e(), pos.bound());
        let (p_max, e_max) = (p.min(bound), e.min(bound));
        let safe = |mv: &Move| pos.play(*mv).is_ok_and(|after| !can_take_all(&after));
        // The largest safe move of each kind (scanning down, lazily: there can be 10^6 moves),
        // then the largest of those three; if none is safe, the largest move.
        let largest_safe = [
            (1..=p_max.min(e_max)).rev().map(Move::both).find(safe),
            (1..=p_max).rev().map(Move::pooh).find(safe),
            (1..=e_max).rev().map(Move::eeyore).find(safe),
        ];
        let largest_any = [
            (p_max.min(e_max) > 0).then(|| Move::both(p_max.min(e_max))),
            (p_max > 0).then(|| Move::pooh(p_max)),
            (e_max > 0).then(|| Move::eeyore(e_max)),
        ];
        let pick = |options: [Option<Move>; 3]| {
            options
                .into_iter()
                .flatten()
                .reduce(|best, mv| if mv.total() > best.total() { mv } else { best })
        };
        pick(largest_safe)
            .or_else(|| pick(largest_any))
            .unwrap_or_else(|| one_stick(p, e))
    }
}

/// Whether the side to move can empty the pool in one move.
fn can_take_all(pos: &Position) -> bool {
    let (p, e, bound) = (pos.p(), pos.e(), pos.bound());
    !pos.is_over() && ((p == 0 && e <= bound) || (e == 0 && p <= bound) || (p == e && p <= bound))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(p: u32, e: u32, b: u32) -> Position {
        Position::new_unchecked_limits(p, e, b).unwrap()
    }

    #[test]
    fn kinds_parse_and_print_back() {
        for kind in [
            LolekKind::Simple,
            LolekKind::Optimal,
            LolekKind::Random { seed: 17 },
            LolekKind::Adversarial,
            LolekKind::Greedy,
        ] {
            assert_eq!(kind.to_string().parse::<LolekKind>(), Ok(kind));
        }
        assert_eq!("perfect".parse::<LolekKind>(), Ok(LolekKind::Optimal));
        assert_eq!(
            "random".parse::<LolekKind>(),
            Ok(LolekKind::Random { seed: 0 })
        );
        assert!("random:x".parse::<LolekKind>().is_err());
        assert!("strong".parse::<LolekKind>().is_err());
    }

    #[test]
    fn greedy_takes_the_last_sticks_and_avoids_handing_them_over() {
        assert_eq!(GreedyLolek.choose(&pos(3, 3, 3)), Move::both(3));
        // From (5, 0) with B = 3 every move but taking 1 leaves at most 3: greedy takes 1.
        assert_eq!(GreedyLolek.choose(&pos(5, 0, 3)), Move::pooh(1));
    }

    #[test]
    fn adversary_probes_follow_the_documented_cycle() {
        // Residues (0, 0) modulo 4 are lost for the mover, and so are (1,2), (2,1).
        let mut adversary = AdversarialLolek::new();
        let lost = pos(8, 12, 3);
        assert!(!lost.is_win());
        assert_eq!(adversary.choose(&lost), Move::eeyore(1)); // probe 0: larger pile
        let lost = pos(5, 6, 3); // residues (1, 2)
        assert!(!lost.is_win());
        assert_eq!(adversary.choose(&lost), Move::pooh(1)); // probe 1: 5 -> 4
        assert_eq!(adversary.choose(&pos(4, 4, 3)), Move::pooh(1)); // probe 2
        assert_eq!(adversary.choose(&pos(9, 10, 3)), Move::eeyore(3)); // probe 3: (1, 2)
        assert_eq!(adversary.choose(&pos(4, 0, 3)), Move::pooh(1)); // probe 4: (0, 0)
        assert_eq!(adversary.choose(&pos(6, 5, 3)), Move::both(3)); // probe 5: (2, 1)
                                                                    // A winning position is punished, and does not advance the probe counter.
        assert_eq!(adversary.choose(&pos(7, 2, 3)), Move::pooh(2)); // to residues (1, 2)
        assert_eq!(adversary.choose(&pos(8, 8, 3)), Move::pooh(1)); // probe 6 = kind 0
    }

    #[test]
    fn every_strategy_moves_legally_on_small_positions() {
        let kinds = [
            LolekKind::Simple,
            LolekKind::Optimal,
            LolekKind::Random { seed: 5 },
            LolekKind::Adversarial,
            LolekKind::Greedy,
        ];
        for kind in kinds {
            let mut strategy = lolek(kind);
            for b in 1..6 {
                for p in 0..15 {
                    for e in 0..15 {
                        let at = pos(p, e, b);
                        let mv = strategy.choose(&at);
                        if at.is_over() {
                            assert_eq!(mv, Move::NONE);
                        } else {
                            assert_eq!(at.check(mv), Ok(()), "{kind} at {at}: {mv}");
                        }
                    }
                }
            }
        }
    }
}
