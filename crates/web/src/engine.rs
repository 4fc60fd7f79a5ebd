//! The computer opponent at three strengths, for both games.

use std::fmt;
use std::str::FromStr;

use duel_ioiwari::remoteness::Remoteness;
use duel_ioiwari::{greedy_move, Pit, Position as IoiwariPosition};
use duel_mis::{Move, Position as MisPosition};

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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseStrengthError(pub String);

impl fmt::Display for ParseStrengthError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown strength {:?}: expected perfect, greedy or random",
            self.0
        )
    }
}

impl std::error::Error for ParseStrengthError {}

impl FromStr for Strength {
    type Err = ParseStrengthError;

    /// ```
    /// use duel_web::engine::Strength;
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

/// The computer's Ioiwari move, `None` when the game is over.
pub fn ioiwari_move(
    solver: &Remoteness,
    position: &IoiwariPosition,
    strength: Strength,
    rng: &mut Rng,
) -> Option<Pit> {
    match strength {
        Strength::Perfect => solver.preferred_move(position),
        Strength::Greedy => greedy_move(position.board),
        Strength::Random => {
            let legal = position.board.legal_moves();
            legal.iter().nth(rng.below(legal.len() as u64) as usize)
        }
    }
}

/// The computer's Pooh-Eeyore-sticks move, `None` when the pool is empty.
pub fn mis_move(position: &MisPosition, strength: Strength, rng: &mut Rng) -> Option<Move> {
    if position.is_over() {
        return None;
    }
    match strength {
        Strength::Perfect => position
            .winning_move()
            .or_else(|| Some(smallest_move(position))),
        Strength::Greedy => Some(greedy_mis_move(position)),
        Strength::Random => position.nth_legal_move(rng.below(position.legal_move_count())),
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
        let mut rng = Rng::new(1);
        for board in duel_ioiwari::Board::start_boards().into_iter().step_by(40) {
            for strength in Strength::ALL {
                let mut position = IoiwariPosition::start(board);
                while let Some(pit) = ioiwari_move(&solver, &position, strength, &mut rng) {
                    position = position.play(pit).expect("engine moves are legal");
                }
                assert!(position.is_over());
            }
        }
        for (p, e, bound) in [(7, 2, 3), (10, 0, 4), (1, 1, 1), (30, 17, 5)] {
            for strength in Strength::ALL {
                let mut position = MisPosition::new_unchecked_limits(p, e, bound).unwrap();
                let mut moves = 0;
                while let Some(mv) = mis_move(&position, strength, &mut rng) {
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
        let mut rng = Rng::new(9);
        let mut position = MisPosition::new(7, 2, 3).unwrap();
        let mut perfect_moved_last = false;
        while !position.is_over() {
            let strength = if perfect_moved_last {
                Strength::Random
            } else {
                Strength::Perfect
            };
            position = position
                .play(mis_move(&position, strength, &mut rng).unwrap())
                .unwrap();
            perfect_moved_last = !perfect_moved_last;
        }
        assert!(perfect_moved_last, "the perfect side took the last stick");
    }
}
