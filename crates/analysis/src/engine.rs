//! The computer opponent at three strengths, for both games.

use std::fmt;
use std::str::FromStr;

use duel_ioiwari::remoteness::Remoteness;
use duel_ioiwari::{greedy_move, Pit, Position as IoiwariPosition};
use duel_mis::{lolek, LolekKind, Move, Position as MisPosition, Strategy};

use duel_random::SplitMix64 as Rng;

/// How well the computer plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Strength {
    /// Optimal play. Ioiwari: the best margin, then the quickest win or slowest loss
    /// (see `duel_ioiwari::remoteness`). Pooh-Eeyore-sticks: a winning move when there is
    /// one, else one poohstick (or eeyorestick), to make the game last.
    #[default]
    Perfect,
    /// One move of look-ahead. Ioiwari: the official notes' greedy player (best immediate
    /// gain, first pit among equals). Pooh-Eeyore-sticks: takes the last sticks when it can,
    /// else the largest move that does not let the opponent take the last sticks at once,
    /// else the largest move.
    Greedy,
    /// A uniformly random legal move.
    Random,
}

impl Strength {
    /// All strengths, strongest first.
    pub const ALL: [Strength; 3] = [Strength::Perfect, Strength::Greedy, Strength::Random];

    /// `perfect`, `greedy` or `random`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Strength::Perfect => "perfect",
            Strength::Greedy => "greedy",
            Strength::Random => "random",
        }
    }
}

impl fmt::Display for Strength {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A strength name that is not `perfect`, `greedy` or `random`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown strength {0:?}: expected perfect, greedy or random")]
pub struct ParseStrengthError(pub String);

impl FromStr for Strength {
    type Err = ParseStrengthError;

    /// ```
    /// use duel_analysis::Strength;
    ///
    /// assert_eq!("greedy".parse(), Ok(Strength::Greedy));
    /// assert!("strong".parse::<Strength>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Strength, ParseStrengthError> {
        Strength::ALL
            .into_iter()
            .find(|strength| strength.as_str() == s.trim())
            .ok_or_else(|| ParseStrengthError(s.to_string()))
    }
}

/// The computer's Ioiwari player at one strength.
///
/// ```
/// use duel_analysis::Strength;
/// use duel_ioiwari::{remoteness::Remoteness, Position};
///
/// let solver = Remoteness::solve();
/// let start = Position::start("4 3 2 4 2 3 2".parse()?);
/// let mut perfect = Strength::Perfect.ioiwari_player(None);
/// assert_eq!(perfect.choose(&solver, &start).map(|pit| pit.number()), Some(2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct IoiwariPlayer {
    strength: Strength,
    rng: Rng,
}

impl IoiwariPlayer {
    /// How well it plays.
    pub fn strength(&self) -> Strength {
        self.strength
    }

    /// Its move at `position`, `None` when the game is over.
    pub fn choose(&mut self, solver: &Remoteness, position: &IoiwariPosition) -> Option<Pit> {
        match self.strength {
            Strength::Perfect => solver.preferred_move(position),
            Strength::Greedy => greedy_move(position.board),
            Strength::Random => {
                let legal = position.board.legal_moves();
                legal
                    .iter()
                    .nth(self.rng.below(legal.len() as u64) as usize)
            }
        }
    }
}

impl Strength {
    /// The Ioiwari player: perfect is the solver's preferred move, greedy is
    /// [`duel_ioiwari::greedy_move`], random draws from `seed` (else the clock).
    pub fn ioiwari_player(self, seed: Option<u64>) -> IoiwariPlayer {
        IoiwariPlayer {
            strength: self,
            rng: crate::rng::seeded(seed),
        }
    }

    /// The Pooh-Eeyore-sticks player, a [`duel_mis::Strategy`]: perfect is
    /// [`duel_mis::OptimalLolek`], random is [`duel_mis::RandomLolek`] (from `seed`, else the
    /// clock), greedy is [`GreedyMis`].
    ///
    /// ```
    /// use duel_analysis::{engine::mis_move, Strength};
    /// use duel_mis::{Move, Position};
    ///
    /// let mut perfect = Strength::Perfect.mis_player(None);
    /// let start = Position::new(7, 2, 3)?;
    /// assert_eq!(mis_move(perfect.as_mut(), &start), start.winning_move());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn mis_player(self, seed: Option<u64>) -> Box<dyn Strategy + Send> {
        match self {
            Strength::Perfect => lolek(LolekKind::Optimal),
            Strength::Greedy => Box::new(GreedyMis),
            Strength::Random => lolek(LolekKind::Random {
                seed: seed.unwrap_or_else(crate::rng::clock_seed),
            }),
        }
    }
}

/// `player`'s move at `position`, `None` when the pool is empty.
pub fn mis_move(player: &mut (dyn Strategy + Send), position: &MisPosition) -> Option<Move> {
    if position.is_over() {
        return None;
    }
    Some(player.choose(position))
}

/// The one-move look-ahead Pooh-Eeyore-sticks player: takes the last sticks when it can, else
/// the largest move that does not let the opponent take the last sticks at once, else the
/// largest move.
#[derive(Clone, Copy, Debug, Default)]
pub struct GreedyMis;

impl Strategy for GreedyMis {
    fn choose(&mut self, position: &MisPosition) -> Move {
        if position.is_over() {
            Move::NONE
        } else {
            greedy_mis_move(position)
        }
    }
}

fn smallest_move(position: &MisPosition) -> Move {
    if position.p() > 0 {
        Move::pooh(1)
    } else {
        Move::eeyore(1)
    }
}

/// Whether the side to move can empty the pool in one move.
fn can_take_all(position: &MisPosition) -> bool {
    let (p, e, bound) = (position.p(), position.e(), position.bound());
    !position.is_over()
        && ((p == 0 && e <= bound) || (e == 0 && p <= bound) || (p == e && p <= bound))
}

fn greedy_mis_move(position: &MisPosition) -> Move {
    if can_take_all(position) {
        return Move::new(position.p(), position.e());
    }
    let (p, e, bound) = (position.p(), position.e(), position.bound());
    let (p_max, e_max) = (p.min(bound), e.min(bound));
    let safe = |mv: &Move| position.play(*mv).is_ok_and(|after| !can_take_all(&after));
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
        .unwrap_or_else(|| smallest_move(position))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_engine_move_is_legal() {
        let solver = Remoteness::solve();
        for board in duel_ioiwari::Board::start_boards().into_iter().step_by(40) {
            for strength in Strength::ALL {
                let mut player = strength.ioiwari_player(Some(1));
                let mut position = IoiwariPosition::start(board);
                while let Some(pit) = player.choose(&solver, &position) {
                    position = position.play(pit).expect("engine moves are legal");
                }
                assert!(position.is_over());
            }
        }
        for (p, e, bound) in [(7, 2, 3), (10, 0, 4), (1, 1, 1), (30, 17, 5)] {
            for strength in Strength::ALL {
                let mut player = strength.mis_player(Some(1));
                let mut position = MisPosition::new_unchecked_limits(p, e, bound).unwrap();
                let mut moves = 0;
                while let Some(mv) = mis_move(player.as_mut(), &position) {
                    position = position.play(mv).expect("engine moves are legal");
                    moves += 1;
                }
                assert!(position.is_over() && moves > 0);
            }
        }
    }

    #[test]
    fn greedy_mis_takes_the_last_sticks_and_avoids_handing_them_over() {
        let take_all = MisPosition::new_unchecked_limits(3, 3, 3).unwrap();
        assert_eq!(greedy_mis_move(&take_all), Move::both(3));
        // From (5, 0) with B = 3 every move but taking 1 leaves at most 3: greedy takes 1.
        let careful = MisPosition::new_unchecked_limits(5, 0, 3).unwrap();
        assert_eq!(greedy_mis_move(&careful), Move::pooh(1));
    }

    #[test]
    fn perfect_mis_wins_from_a_winning_position() {
        let mut perfect = Strength::Perfect.mis_player(None);
        let mut random = Strength::Random.mis_player(Some(9));
        let mut position = MisPosition::new(7, 2, 3).unwrap();
        let mut perfect_moved_last = false;
        while !position.is_over() {
            let player = if perfect_moved_last {
                random.as_mut()
            } else {
                perfect.as_mut()
            };
            position = position.play(mis_move(player, &position).unwrap()).unwrap();
            perfect_moved_last = !perfect_moved_last;
        }
        assert!(perfect_moved_last, "the perfect side took the last stick");
    }
}
