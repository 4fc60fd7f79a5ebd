//! A game record: a start position and the moves played, each one verified.

use crate::{IllegalMove, Move, Player, Position};

/// A game in progress or finished; Bolek moves first.
///
/// ```
/// use duel_mis::{Game, Move, Player, Position};
/// let start = Position::new(7, 2, 3).unwrap();
/// let moves = [Move::both(1), Move::pooh(3), Move::pooh(1), Move::both(1), Move::pooh(1)];
/// let game = Game::replay(start, moves).unwrap();
/// assert_eq!(game.winner(), Some(Player::Bolek));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    start: Position,
    current: Position,
    moves: Vec<Move>,
}

impl Game {
    /// A game about to start at `start`, Bolek to move.
    pub fn new(start: Position) -> Game {
        Game {
            start,
            current: start,
            moves: Vec::new(),
        }
    }

    /// Replays `moves` from `start`, stopping at the first illegal one.
    pub fn replay(
        start: Position,
        moves: impl IntoIterator<Item = Move>,
    ) -> Result<Game, ReplayError> {
        let mut game = Game::new(start);
        for mv in moves {
            let player = game.to_move();
            let index = game.moves.len();
            game.play(mv).map_err(|error| ReplayError {
                index,
                player,
                error,
            })?;
        }
        Ok(game)
    }

    /// The position the game started from, Bolek to move.
    pub fn start(&self) -> Position {
        self.start
    }

    /// The position after every move so far: the pool the player to move faces.
    pub fn position(&self) -> Position {
        self.current
    }

    /// The moves played so far, all legal, Bolek's first (even indices are Bolek's).
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Who moves next (Bolek after an even number of moves).
    pub fn to_move(&self) -> Player {
        if self.moves.len().is_multiple_of(2) {
            Player::Bolek
        } else {
            Player::Lolek
        }
    }

    /// Plays `mv` for the side to move if it is legal; returns the new position.
    /// An illegal move leaves the game unchanged.
    pub fn play(&mut self, mv: Move) -> Result<Position, IllegalMove> {
        self.current = self.current.play(mv)?;
        self.moves.push(mv);
        Ok(self.current)
    }

    /// The winner — whoever took the last stick — once the pool is empty.
    pub fn winner(&self) -> Option<Player> {
        self.current
            .is_over()
            .then(|| self.to_move().other())
            .filter(|_| !self.moves.is_empty())
    }
}

/// The first illegal move of a replayed game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("move {} by {player}: {error}", .index + 1)]
pub struct ReplayError {
    /// Index of the move in the sequence (0 = Bolek's first move).
    pub index: usize,
    /// Who played it.
    pub player: Player,
    /// The rule it breaks.
    #[source]
    pub error: IllegalMove,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replay_reports_the_first_illegal_move() {
        let start = Position::new(3, 3, 2).unwrap();
        let err = Game::replay(start, [Move::pooh(1), Move::new(1, 2)]).unwrap_err();
        assert_eq!(err.index, 1);
        assert_eq!(err.player, Player::Lolek);
        assert_eq!(
            err.error,
            IllegalMove::UnequalBoth {
                take_p: 1,
                take_e: 2
            }
        );
    }

    #[test]
    fn winner_is_whoever_emptied_the_pool() {
        let start = Position::new(1, 1, 1).unwrap();
        let mut game = Game::new(start);
        assert_eq!(game.winner(), None);
        game.play(Move::pooh(1)).unwrap();
        game.play(Move::eeyore(1)).unwrap();
        assert_eq!(game.winner(), Some(Player::Lolek));
        assert_eq!(
            game.play(Move::pooh(1)),
            Err(IllegalMove::MoreThanPool {
                kind: crate::StickKind::Pooh,
                taken: 1,
                available: 0
            })
        );
        assert_eq!(game.moves().len(), 2);
    }
}
