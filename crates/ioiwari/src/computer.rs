//! [`ComputerKind`]: the computer's Ioiwari players, one taxonomy for every front end
//! (`duel ioiwari play`, the web page), each built on this crate's own players.

use std::fmt;
use std::str::FromStr;

use duel_random::SplitMix64;

use crate::remoteness::Remoteness;
use crate::{greedy_move, Pit, Position};

/// How the computer plays Ioiwari.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ComputerKind {
    /// Optimal play: the best margin, then the quickest win or slowest loss
    /// ([`Remoteness::preferred_move`]).
    #[default]
    Perfect,
    /// The official notes' one-move look-ahead ([`greedy_move`]: best immediate gain, first
    /// pit among equals).
    Greedy,
    /// A uniformly random legal pit, reproducible from the seed.
    Random {
        /// Seed of the [`SplitMix64`] generator.
        seed: u64,
    },
}

impl ComputerKind {
    /// `perfect`, `greedy` or `random` (then from `seed`).
    ///
    /// ```
    /// use duel_ioiwari::ComputerKind;
    /// assert_eq!(ComputerKind::strength("greedy", 1), Some(ComputerKind::Greedy));
    /// assert_eq!(ComputerKind::strength("random", 4), Some(ComputerKind::Random { seed: 4 }));
    /// assert_eq!(ComputerKind::strength("strong", 1), None);
    /// ```
    pub fn strength(name: &str, seed: u64) -> Option<ComputerKind> {
        match name {
            "random" => Some(ComputerKind::Random { seed }),
            other => other.parse().ok(),
        }
    }

    /// The player of this kind.
    pub fn player(self) -> Computer {
        Computer {
            kind: self,
            rng: match self {
                ComputerKind::Random { seed } => SplitMix64::new(seed),
                _ => SplitMix64::new(0),
            },
        }
    }
}

impl fmt::Display for ComputerKind {
    /// `perfect`, `greedy`, `random:SEED` (what `FromStr` reads).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ComputerKind::Perfect => f.write_str("perfect"),
            ComputerKind::Greedy => f.write_str("greedy"),
            ComputerKind::Random { seed } => write!(f, "random:{seed}"),
        }
    }
}

/// A text that names no [`ComputerKind`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown computer {0:?}: expected perfect, greedy, random or random:SEED")]
pub struct ParseComputerKindError(pub String);

impl FromStr for ComputerKind {
    type Err = ParseComputerKindError;

    /// `perfect`, `greedy`, `random` (seed 0) or `random:SEED`.
    fn from_str(s: &str) -> Result<ComputerKind, ParseComputerKindError> {
        let err = || ParseComputerKindError(s.to_string());
        match s {
            "perfect" => Ok(ComputerKind::Perfect),
            "greedy" => Ok(ComputerKind::Greedy),
            "random" => Ok(ComputerKind::Random { seed: 0 }),
            _ => {
                let seed = s.strip_prefix("random:").ok_or_else(err)?;
                Ok(ComputerKind::Random {
                    seed: seed.parse().map_err(|_| err())?,
                })
            }
        }
    }
}

/// The computer's player during one game.
///
/// ```
/// use duel_ioiwari::{remoteness::Remoteness, ComputerKind, Position};
///
/// let solver = Remoteness::solve();
/// let start = Position::start("4 3 2 4 2 3 2".parse()?);
/// let mut perfect = ComputerKind::Perfect.player();
/// assert_eq!(perfect.choose(&solver, &start).map(|pit| pit.number()), Some(2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Computer {
    kind: ComputerKind,
    rng: SplitMix64,
}

impl Computer {
    /// The kind this player was built from (for a random player, with the seed it started from).
    pub fn kind(&self) -> ComputerKind {
        self.kind
    }

    /// Its move at `position`, `None` when the game is over.
    pub fn choose(&mut self, solver: &Remoteness, position: &Position) -> Option<Pit> {
        match self.kind {
            ComputerKind::Perfect => solver.preferred_move(position),
            ComputerKind::Greedy => greedy_move(position.board),
            ComputerKind::Random { .. } => {
                let legal = position.board.legal_moves();
                legal
                    .iter()
                    .nth(self.rng.below(legal.len() as u64) as usize)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Board;

    #[test]
    fn every_kind_plays_legal_moves_to_the_end() {
        let solver = Remoteness::solve();
        for board in Board::start_boards().into_iter().step_by(40) {
            for kind in [
                ComputerKind::Perfect,
                ComputerKind::Greedy,
                ComputerKind::Random { seed: 1 },
            ] {
                let mut player = kind.player();
                let mut position = Position::start(board);
                while let Some(pit) = player.choose(&solver, &position) {
                    position = position.play(pit).expect("the computer's moves are legal");
                }
                assert!(position.is_over());
                assert_eq!(kind.to_string().parse(), Ok(kind));
            }
        }
    }
}
