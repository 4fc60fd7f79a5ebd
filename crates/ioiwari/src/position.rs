//! [`Position`]: the whole game state.

use crate::{Banks, Board, IllegalMove, Outcome, Pit, Player};

/// A game state: the pits, the banks and whose turn it is.
///
/// ```
/// use duel_ioiwari::{Banks, Outcome, Pit, Player, Position};
///
/// let mut position = Position::start("4 3 2 4 2 3 2".parse()?);
/// for pit in [2, 3, 5, 4, 5, 7] {
///     position = position.play(Pit::new(pit)?)?;
/// }
/// assert_eq!(position.banks, Banks { one: 11, two: 9 });
/// assert_eq!(position.outcome(), Some(Outcome::Win(Player::One)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The beads in the seven pits (shared by both players).
    pub board: Board,
    /// The beads each player has banked so far; empty at the start.
    pub banks: Banks,
    /// The player whose turn it is.
    pub to_move: Player,
}

impl Position {
    /// The start of a game on `board`: empty banks, player 1 to move.
    pub const fn start(board: Board) -> Position {
        Position {
            board,
            banks: Banks::EMPTY,
            to_move: Player::One,
        }
    }

    /// The position after the player to move sows `pit`.
    pub fn play(&self, pit: Pit) -> Result<Position, IllegalMove> {
        let sowing = self.board.play(pit)?;
        let mut banks = self.banks;
        banks.credit(self.to_move, u32::from(sowing.mover_gain));
        banks.credit(self.to_move.other(), u32::from(sowing.opponent_gain));
        Ok(Position {
            board: sowing.board,
            banks,
            to_move: self.to_move.other(),
        })
    }

    /// Whether the game is over (all pits empty).
    pub fn is_over(&self) -> bool {
        self.board.is_empty()
    }

    /// The outcome once the game is over, `None` while beads remain.
    pub fn outcome(&self) -> Option<Outcome> {
        self.is_over().then(|| Outcome::from_banks(self.banks))
    }
}
