//! The first move with which Bolek gave the game away.

use duel_mis::mistake::Who;
use duel_mis::{Move, Player, Position};
use std::fmt;

/// A Bolek move that left Lolek a winning position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mistake {
    /// The move's number in the game (both players' moves counted from 1).
    pub number: u64,
    /// The position Bolek moved from.
    pub before: Position,
    /// What Bolek took.
    pub taken: Move,
    /// The position Bolek left: a win for Lolek.
    pub after: Position,
    /// A winning move Bolek had instead, if `before` was a winning position.
    pub better: Option<Move>,
}

/// The sentence is the game's own ([`duel_mis::mistake::Mistake::sentence`], said of Bolek),
/// the one terminal play and the page say to the person:
/// `Move 1 of the game, at (7, 2), was Bolek's first mistake: Bolek chose to take 3
/// poohsticks, which left the other side a winning position; take 1 of each or take 2
/// poohsticks would have won.` A move from a position already lost is no mistake by the rules
/// ([`duel_mis::mistake::is_mistake`]); if one is noted, it says so.
impl fmt::Display for Mistake {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let played = (self.number, self.before, self.taken);
        match duel_mis::mistake::first_mistake([played]) {
            Some(mistake) => f.write_str(&mistake.sentence(Who::Player(Player::Bolek))),
            None => write!(
                f,
                "Move {} of the game, at ({}, {}): Bolek's position was already lost; every \
                 move there loses.",
                self.number,
                self.before.p(),
                self.before.e()
            ),
        }
    }
}
