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

#[cfg(test)]
mod tests {
    use super::*;

    fn noted(before: Position, taken: Move) -> Mistake {
        Mistake {
            number: 3,
            before,
            taken,
            after: before.play(taken).unwrap(),
            better: before.winning_move(),
        }
    }

    #[test]
    fn a_mistake_from_a_won_position_is_told_in_the_games_sentence_of_bolek() {
        // (7, 2) with B = 3 is won (take 2 poohsticks to (5, 2)); 3 poohsticks leave (4, 2),
        // won for Lolek: residues (0, 2) mod 4 are no losing pair.
        let before = Position::new(7, 2, 3).unwrap();
        let mistake = noted(before, Move::pooh(3));
        assert!(mistake.after.is_win() && mistake.better.is_some());
        assert_eq!(
            mistake.to_string(),
            duel_mis::mistake::your_first_mistake(3, &before, Move::pooh(3)).replace(
                "was your first mistake: you chose",
                "was Bolek's first mistake: Bolek chose"
            )
        );
    }

    #[test]
    fn a_move_from_a_lost_position_is_said_to_be_no_choice() {
        // (6, 1) with B = 3 is lost: every move leaves Lolek a win.
        let before = Position::new(6, 1, 3).unwrap();
        assert!(!before.is_win());
        let mistake = noted(before, Move::pooh(1));
        assert_eq!(
            mistake.to_string(),
            "Move 3 of the game, at (6, 1): Bolek's position was already lost; every move there \
             loses."
        );
    }
}
