//! The computer opponent of `duel ... play` and the web page: a strength's name (`perfect`,
//! `greedy`, `random`) read as one of the game crates' own strategies, the one taxonomy each
//! game has: [`duel_ioiwari::ComputerKind`] and [`duel_mis::LolekKind`] (which also has the
//! judge's Loleks, `simple` and `adversarial`, so a person can play those too).

use duel_ioiwari::{Computer, ComputerKind};
use duel_mis::{LolekKind, Move, Position as MisPosition, Strategy};

/// A strength name that names no strategy of the game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown strength {name:?}: expected {expected}")]
pub struct ParseStrengthError {
    /// The name given.
    pub name: String,
    /// The names the game takes.
    pub expected: &'static str,
}

/// The Ioiwari computer named `name` (`perfect`, `greedy` or `random`); a random one draws
/// from `seed`, else from the clock.
///
/// ```
/// use duel_analysis::engine::ioiwari_computer;
/// use duel_ioiwari::{remoteness::Remoteness, ComputerKind, Position};
///
/// let solver = Remoteness::solve();
/// let start = Position::start("4 3 2 4 2 3 2".parse()?);
/// let mut perfect = ioiwari_computer("perfect", None)?;
/// assert_eq!(perfect.kind(), ComputerKind::Perfect);
/// assert_eq!(perfect.choose(&solver, &start).map(|pit| pit.number()), Some(2));
/// assert!(ioiwari_computer("strong", None).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn ioiwari_computer(name: &str, seed: Option<u64>) -> Result<Computer, ParseStrengthError> {
    let seed = seed.unwrap_or_else(crate::rng::clock_seed);
    ComputerKind::strength(name.trim(), seed)
        .map(ComputerKind::player)
        .ok_or_else(|| ParseStrengthError {
            name: name.to_string(),
            expected: "perfect, greedy or random",
        })
}

/// The Pooh-Eeyore-sticks computer named `name`: `perfect` ([`LolekKind::Optimal`]), `greedy`,
/// `random` (from `seed`, else the clock), or any other Lolek (`simple`, `adversarial`).
///
/// ```
/// use duel_analysis::engine::{mis_computer, mis_move};
/// use duel_mis::{LolekKind, Position};
///
/// assert_eq!(mis_computer("perfect", None)?, LolekKind::Optimal);
/// assert_eq!(mis_computer("random", Some(7))?, LolekKind::Random { seed: 7 });
/// let mut perfect = duel_mis::lolek(mis_computer("perfect", None)?);
/// let start = Position::new(7, 2, 3)?;
/// assert_eq!(mis_move(perfect.as_mut(), &start), start.winning_move());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn mis_computer(name: &str, seed: Option<u64>) -> Result<LolekKind, ParseStrengthError> {
    let seed = seed.unwrap_or_else(crate::rng::clock_seed);
    LolekKind::strength(name.trim(), seed).ok_or_else(|| ParseStrengthError {
        name: name.to_string(),
        expected: "perfect, greedy or random (or the judge's Loleks: simple, optimal, adversarial)",
    })
}

/// `player`'s move at `position`, `None` when the pool is empty.
pub fn mis_move(player: &mut (dyn Strategy + Send), position: &MisPosition) -> Option<Move> {
    if position.is_over() {
        return None;
    }
    Some(player.choose(position))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_strength_of_both_games_is_a_game_crate_strategy() {
        for name in ["perfect", "greedy", "random"] {
            assert!(ioiwari_computer(name, Some(1)).is_ok(), "{name}");
            assert!(mis_computer(name, Some(1)).is_ok(), "{name}");
        }
        assert_eq!(mis_computer("greedy", None), Ok(LolekKind::Greedy));
        assert_eq!(
            mis_computer(" adversarial ", None),
            Ok(LolekKind::Adversarial)
        );
        let error = ioiwari_computer("adversarial", None).unwrap_err();
        assert_eq!(
            error.to_string(),
            "unknown strength \"adversarial\": expected perfect, greedy or random"
        );
    }

    #[test]
    fn perfect_mis_wins_from_a_winning_position() {
        let mut perfect = duel_mis::lolek(mis_computer("perfect", None).unwrap());
        let mut random = duel_mis::lolek(mis_computer("random", Some(9)).unwrap());
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
