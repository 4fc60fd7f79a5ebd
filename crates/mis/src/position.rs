//! A position: the pool and the PE-bound, with the rules and the theory's answers.

use crate::theory;
use crate::{IllegalMove, Move, ParsePositionError, PositionError, StickKind, MAX_BOUND, MAX_PILE};
use std::fmt;
use std::str::FromStr;

/// `p` poohsticks and `e` eeyoresticks in the pool, and the PE-bound `B`.
///
/// ```
/// use duel_mis::{Move, Position};
/// let start: Position = "7 2 3".parse().unwrap();
/// assert!(start.is_win());
/// let after = start.play(start.winning_move().unwrap()).unwrap();
/// assert!(!after.is_win());
/// assert_eq!(start.play(Move::both(1)).unwrap().to_string(), "6 1 3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    p: u32,
    e: u32,
    bound: u32,
}

impl Position {
    /// A task's starting position: `1 ≤ p, e ≤ MAX_PILE`, `1 ≤ bound ≤ MAX_BOUND`.
    ///
    /// ```
    /// use duel_mis::{Position, PositionError, StickKind};
    /// assert!(Position::new(10_000_000, 1, 1_000_000).is_ok());
    /// assert_eq!(
    ///     Position::new(0, 1, 1),
    ///     Err(PositionError::PileOutOfRange { kind: StickKind::Pooh, count: 0, least: 1 })
    /// );
    /// ```
    pub fn new(p: u32, e: u32, bound: u32) -> Result<Position, PositionError> {
        Position::in_play(p.into(), e.into(), bound.into())?.as_start()
    }

    /// A position of a game in play, from untrusted numbers: piles `0..=MAX_PILE` (a game may
    /// have emptied one), `1 ≤ bound ≤ MAX_BOUND`. This is how every front end (the web API,
    /// the command line, the judge's input) turns numbers it was given into a position.
    ///
    /// ```
    /// use duel_mis::{Position, PositionError, StickKind};
    /// assert!(Position::in_play(0, 5, 3).unwrap().p() == 0);
    /// assert_eq!(
    ///     Position::in_play(10_000_001, 1, 1).unwrap_err().to_string(),
    ///     "10000001 poohsticks is outside the limits 0..=10000000"
    /// );
    /// assert_eq!(Position::in_play(1, 1, 0), Err(PositionError::BoundOutOfRange { bound: 0 }));
    /// assert!(Position::in_play(1, u64::MAX, 1).is_err());
    /// ```
    pub fn in_play(p: u64, e: u64, bound: u64) -> Result<Position, PositionError> {
        let pile = |kind, count: u64| {
            u32::try_from(count)
                .ok()
                .filter(|count| *count <= MAX_PILE)
                .ok_or(PositionError::PileOutOfRange {
                    kind,
                    count,
                    least: 0,
                })
        };
        let (p, e) = (pile(StickKind::Pooh, p)?, pile(StickKind::Eeyore, e)?);
        let bound = u32::try_from(bound)
            .ok()
            .filter(|bound| (1..=MAX_BOUND).contains(bound))
            .ok_or(PositionError::BoundOutOfRange { bound })?;
        Ok(Position { p, e, bound })
    }

    /// This position as a task's start: [`Position::in_play`]'s limits, and neither pile empty.
    /// A start from untrusted numbers is `Position::in_play(p, e, bound)?.as_start()`.
    ///
    /// ```
    /// use duel_mis::{Position, PositionError, StickKind};
    /// assert!(Position::in_play(7, 2, 3)?.as_start().is_ok());
    /// assert_eq!(
    ///     Position::in_play(7, 0, 3)?.as_start().unwrap_err().to_string(),
    ///     "0 eeyoresticks is outside the limits 1..=10000000"
    /// );
    /// # Ok::<(), PositionError>(())
    /// ```
    pub fn as_start(self) -> Result<Position, PositionError> {
        for (kind, count) in [(StickKind::Pooh, self.p), (StickKind::Eeyore, self.e)] {
            if count == 0 {
                return Err(PositionError::PileOutOfRange {
                    kind,
                    count: 0,
                    least: 1,
                });
            }
        }
        Ok(self)
    }

    /// Any game state: piles may be empty or beyond the task's limits; only the bound
    /// must be positive (otherwise no move is ever legal).
    ///
    /// ```
    /// use duel_mis::{Position, PositionError};
    /// assert!(Position::new_unchecked_limits(0, 0, 5).unwrap().is_over());
    /// assert_eq!(Position::new_unchecked_limits(1, 1, 0), Err(PositionError::ZeroBound));
    /// ```
    pub fn new_unchecked_limits(p: u32, e: u32, bound: u32) -> Result<Position, PositionError> {
        if bound == 0 {
            return Err(PositionError::ZeroBound);
        }
        Ok(Position { p, e, bound })
    }

    /// Poohsticks in the pool.
    pub const fn p(&self) -> u32 {
        self.p
    }

    /// Eeyoresticks in the pool.
    pub const fn e(&self) -> u32 {
        self.e
    }

    /// The PE-bound `B`: the most sticks of one kind a move may take; at least 1.
    pub const fn bound(&self) -> u32 {
        self.bound
    }

    /// Sticks of one kind in the pool.
    #[inline]
    pub fn count(&self, kind: StickKind) -> u32 {
        match kind {
            StickKind::Pooh => self.p,
            StickKind::Eeyore => self.e,
        }
    }

    /// The most sticks of `kind` one move may take here: the bound, or fewer when the pile
    /// holds fewer (0 for an empty pile).
    ///
    /// ```
    /// use duel_mis::{Position, StickKind};
    /// let position = Position::new(7, 2, 3).unwrap();
    /// assert_eq!(position.max_take(StickKind::Pooh), 3);
    /// assert_eq!(position.max_take(StickKind::Eeyore), 2);
    /// assert_eq!(position.max_take_both(), 2);
    /// ```
    pub fn max_take(&self, kind: StickKind) -> u32 {
        self.count(kind).min(self.bound)
    }

    /// The most sticks of each kind one move may take here (both piles, the bound).
    pub fn max_take_both(&self) -> u32 {
        self.p.min(self.e).min(self.bound)
    }

    /// The pool is empty: the player who moved last has won.
    pub const fn is_over(&self) -> bool {
        self.p == 0 && self.e == 0
    }

    /// `(p mod (B+1), e mod (B+1))`, the only thing the outcome depends on
    /// (see [`theory`]).
    #[inline]
    pub fn residues(&self) -> (u32, u32) {
        match self.bound.checked_add(1) {
            Some(m) => (self.p % m, self.e % m),
            // B = u32::MAX exceeds every pile: each pile is its own residue.
            None => (self.p, self.e),
        }
    }

    /// Whether `mv` is legal here, and if not, which rule it breaks.
    #[inline]
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        let Move { take_p, take_e } = mv;
        if take_p == 0 && take_e == 0 {
            return Err(IllegalMove::NothingTaken);
        }
        if take_p != 0 && take_e != 0 && take_p != take_e {
            return Err(IllegalMove::UnequalBoth { take_p, take_e });
        }
        let takes = [(StickKind::Pooh, take_p), (StickKind::Eeyore, take_e)];
        for (kind, taken) in takes {
            if taken > self.bound {
                let bound = self.bound;
                return Err(IllegalMove::OverBound { kind, taken, bound });
            }
        }
        for (kind, taken) in takes {
            let available = self.count(kind);
            if taken > available {
                return Err(IllegalMove::MoreThanPool {
                    kind,
                    taken,
                    available,
                });
            }
        }
        Ok(())
    }

    /// The position after `mv`, if `mv` is legal.
    #[inline]
    pub fn play(&self, mv: Move) -> Result<Position, IllegalMove> {
        self.check(mv)?;
        Ok(Position {
            p: self.p - mv.take_p,
            e: self.e - mv.take_e,
            bound: self.bound,
        })
    }

    /// Whether the side to move can force a win (O(1)); `false` on an empty pool.
    ///
    /// ```
    /// use duel_mis::Position;
    /// let lost = Position::new_unchecked_limits(3 + 6, 5, 5).unwrap(); // residues (3, 5)
    /// assert!(!lost.is_win());
    /// assert!(Position::new(1, 1, 1).unwrap().is_win());
    /// ```
    #[inline]
    pub fn is_win(&self) -> bool {
        let (r, s) = self.residues();
        !theory::is_wythoff_pair(r, s)
    }

    /// A move to a position lost for the opponent, or `None` if there is none
    /// (the side to move is lost, or the pool is empty). O(1) time and memory,
    /// integer arithmetic only; the move never takes more than a pile's residue.
    ///
    /// ```
    /// use duel_mis::{Move, Position};
    /// let pos = Position::new(7, 2, 3).unwrap(); // residues (3, 2) modulo 4
    /// assert_eq!(pos.winning_move(), Some(Move::pooh(2))); // to residues (1, 2)
    /// ```
    #[inline]
    pub fn winning_move(&self) -> Option<Move> {
        let (r, s) = self.residues();
        theory::residue_winning_take(r, s).map(|(take_p, take_e)| Move { take_p, take_e })
    }

    /// Every winning move, sorted, including those that wrap a residue around
    /// (take more than the residue from a pile holding at least `B + 1`).
    /// Empty iff the side to move is lost. At most 4 moves; O(1).
    ///
    /// ```
    /// use duel_mis::{Move, Position};
    /// let pos = Position::new(7, 2, 3).unwrap();
    /// // To residues (2, 1) as in the statement's example, or to (1, 2).
    /// assert_eq!(pos.winning_moves(), [Move::both(1), Move::pooh(2)]);
    /// ```
    pub fn winning_moves(&self) -> Vec<Move> {
        let m = u64::from(self.bound) + 1;
        let (r, s) = self.residues();
        let (r, s, p, e) = (
            u64::from(r),
            u64::from(s),
            u64::from(self.p),
            u64::from(self.e),
        );
        // Every amount 1..=B reaches a different residue; this one reaches `to`.
        let amount_to = |from: u64, to: u64| (from + m - to) % m;
        let mut moves = Vec::new();

        // One kind: the other kind's residue fixes the only losing target residue.
        let target = theory::partner(s as u32);
        if target < m && target != r && amount_to(r, target) <= p {
            moves.push(Move::pooh(amount_to(r, target) as u32));
        }
        let target = theory::partner(r as u32);
        if target < m && target != s && amount_to(s, target) <= e {
            moves.push(Move::eeyore(amount_to(s, target) as u32));
        }

        // Both kinds: the signed residue difference is kept modulo m; a target pair
        // (x, y) with x - y = d must have d ≡ r - s and |d| < m.
        let m_signed = m as i64;
        let delta = r as i64 - s as i64;
        for d in [delta - m_signed, delta, delta + m_signed] {
            let Ok(j) = u32::try_from(d.unsigned_abs()) else {
                continue;
            };
            if u64::from(j) >= m {
                continue;
            }
            let (lower, upper) = (theory::lower_wythoff(j), theory::upper_wythoff(j));
            let (x, y) = if d >= 0 {
                (upper, lower)
            } else {
                (lower, upper)
            };
            if x >= m || y >= m {
                continue;
            }
            let k = amount_to(r, x);
            if k != 0 && k <= p.min(e) {
                moves.push(Move::both(k as u32));
            }
        }
        moves.sort_unstable();
        moves
    }

    /// All legal moves: poohsticks `1..`, then eeyoresticks `1..`, then both `1..`.
    ///
    /// ```
    /// use duel_mis::{Move, Position};
    /// let pos = Position::new(2, 1, 3).unwrap();
    /// let all: Vec<Move> = pos.legal_moves().collect();
    /// assert_eq!(all, [Move::pooh(1), Move::pooh(2), Move::eeyore(1), Move::both(1)]);
    /// ```
    pub fn legal_moves(&self) -> impl Iterator<Item = Move> {
        let (p_max, e_max) = (self.p.min(self.bound), self.e.min(self.bound));
        (1..=p_max)
            .map(Move::pooh)
            .chain((1..=e_max).map(Move::eeyore))
            .chain((1..=p_max.min(e_max)).map(Move::both))
    }

    /// How many legal moves there are (`legal_moves().count()`, in O(1)).
    pub fn legal_move_count(&self) -> u64 {
        let (p_max, e_max) = (self.p.min(self.bound), self.e.min(self.bound));
        u64::from(p_max) + u64::from(e_max) + u64::from(p_max.min(e_max))
    }

    /// The `index`-th move of [`Position::legal_moves`], in O(1).
    pub fn nth_legal_move(&self, index: u64) -> Option<Move> {
        let (p_max, e_max) = (self.p.min(self.bound), self.e.min(self.bound));
        let blocks = [
            (u64::from(p_max), Move::pooh as fn(u32) -> Move),
            (u64::from(e_max), Move::eeyore),
            (u64::from(p_max.min(e_max)), Move::both),
        ];
        let mut rest = index;
        for (len, make) in blocks {
            if rest < len {
                return Some(make(rest as u32 + 1));
            }
            rest -= len;
        }
        None
    }
}

impl fmt::Display for Position {
    /// `"p e B"`, the task's input line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.p, self.e, self.bound)
    }
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Parses `"p e B"` (any whitespace) and checks the task's limits for a start
    /// ([`Position::in_play`], then [`Position::as_start`]).
    fn from_str(s: &str) -> Result<Position, ParsePositionError> {
        let fields: Vec<&str> = s.split_whitespace().collect();
        let [p, e, bound] = fields[..] else {
            return Err(ParsePositionError::WrongFieldCount {
                found: fields.len(),
            });
        };
        let number = |field: &'static str, text: &str| {
            text.parse::<u64>()
                .map_err(|_| ParsePositionError::NotANumber {
                    field,
                    text: text.to_owned(),
                })
        };
        let p = number("poohsticks", p)?;
        let e = number("eeyoresticks", e)?;
        let bound = number("PE-bound", bound)?;
        Ok(Position::in_play(p, e, bound)?.as_start()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(p: u32, e: u32, b: u32) -> Position {
        Position::new_unchecked_limits(p, e, b).unwrap()
    }

    #[test]
    fn check_names_each_broken_rule() {
        let at = pos(5, 2, 3);
        assert_eq!(at.check(Move::NONE), Err(IllegalMove::NothingTaken));
        assert_eq!(
            at.check(Move::new(2, 1)),
            Err(IllegalMove::UnequalBoth {
                take_p: 2,
                take_e: 1
            })
        );
        assert_eq!(
            at.check(Move::pooh(4)),
            Err(IllegalMove::OverBound {
                kind: StickKind::Pooh,
                taken: 4,
                bound: 3
            })
        );
        assert_eq!(
            at.check(Move::both(3)),
            Err(IllegalMove::MoreThanPool {
                kind: StickKind::Eeyore,
                taken: 3,
                available: 2
            })
        );
        assert_eq!(at.check(Move::both(2)), Ok(()));
        assert_eq!(at.play(Move::pooh(3)), Ok(pos(2, 2, 3)));
    }

    #[test]
    fn limits_are_enforced_only_by_the_task_constructor() {
        assert_eq!(
            Position::new(1, 10_000_001, 1),
            Err(PositionError::PileOutOfRange {
                kind: StickKind::Eeyore,
                count: 10_000_001,
                least: 0
            })
        );
        assert_eq!(
            Position::new(1, 1, 1_000_001),
            Err(PositionError::BoundOutOfRange { bound: 1_000_001 })
        );
        assert_eq!(
            Position::new(1, 1, 0),
            Err(PositionError::BoundOutOfRange { bound: 0 })
        );
        assert!(Position::new_unchecked_limits(u32::MAX, 0, u32::MAX).is_ok());
    }

    #[test]
    fn positions_in_play_allow_empty_piles_and_refuse_what_does_not_fit() {
        assert_eq!(Position::in_play(0, 0, 1), Ok(pos(0, 0, 1)));
        assert_eq!(
            Position::in_play(10_000_000, 10_000_000, 1_000_000),
            Ok(pos(10_000_000, 10_000_000, 1_000_000))
        );
        let too_big = u64::from(u32::MAX) + 1;
        assert_eq!(
            Position::in_play(1, too_big, 1),
            Err(PositionError::PileOutOfRange {
                kind: StickKind::Eeyore,
                count: too_big,
                least: 0
            })
        );
        assert_eq!(
            Position::in_play(1, 1, too_big),
            Err(PositionError::BoundOutOfRange { bound: too_big })
        );
        assert_eq!(
            Position::in_play(1, 1, 1_000_001),
            Err(PositionError::BoundOutOfRange { bound: 1_000_001 })
        );
    }

    #[test]
    fn parse_and_display_round_trip() {
        let parsed: Position = " 7\t2\n3 ".parse().unwrap();
        assert_eq!(parsed, pos(7, 2, 3));
        assert_eq!(parsed.to_string(), "7 2 3");
        assert_eq!(
            "7 2".parse::<Position>(),
            Err(ParsePositionError::WrongFieldCount { found: 2 })
        );
        assert_eq!(
            "7 x 3".parse::<Position>(),
            Err(ParsePositionError::NotANumber {
                field: "eeyoresticks",
                text: "x".into()
            })
        );
        assert_eq!(
            "0 2 3".parse::<Position>(),
            Err(ParsePositionError::Invalid(PositionError::PileOutOfRange {
                kind: StickKind::Pooh,
                count: 0,
                least: 1
            }))
        );
    }

    #[test]
    fn nth_legal_move_matches_the_iterator() {
        for (p, e, b) in [(0, 0, 1), (3, 0, 2), (2, 5, 3), (7, 7, 4), (1, 9, 9)] {
            let at = pos(p, e, b);
            let listed: Vec<Move> = at.legal_moves().collect();
            assert_eq!(listed.len() as u64, at.legal_move_count());
            let indexed: Vec<Move> = (0..at.legal_move_count() + 2)
                .map_while(|i| at.nth_legal_move(i))
                .collect();
            assert_eq!(listed, indexed);
            assert!(listed.iter().all(|&mv| at.check(mv).is_ok()));
        }
    }

    #[test]
    fn huge_bound_uses_piles_as_residues() {
        let at = pos(3, 5, u32::MAX);
        assert!(!at.is_win());
        // Plain Wythoff from (4, 5): to (3, 5) or, down the diagonal, to (1, 2).
        let at = pos(4, 5, u32::MAX);
        assert_eq!(at.winning_moves(), [Move::pooh(1), Move::both(3)]);
        assert!(at.winning_moves().contains(&at.winning_move().unwrap()));
        let everything = Move::both(u32::MAX);
        assert!(pos(u32::MAX, u32::MAX, u32::MAX)
            .winning_moves()
            .contains(&everything));
    }
}
