//! Drawing positions for people in a terminal.

use duel_ioiwari::{Pit, Player, Position};
use std::fmt::Write;

/// An Ioiwari position as a few lines of text: pit numbers, beads, banks, whose turn.
///
/// ```
/// use duel_ioiwari::{Board, Position};
/// let board: Board = "4 3 2 4 2 3 2".parse().unwrap();
/// let text = duel_cli::draw::ioiwari_position(&Position::start(board));
/// assert!(text.contains("pit     1  2  3  4  5  6  7"));
/// assert!(text.contains("beads   4  3  2  4  2  3  2"));
/// ```
pub fn ioiwari_position(position: &Position) -> String {
    let mut text = String::from("\n  pit   ");
    for pit in Pit::ALL {
        let _ = write!(text, "{pit:>3}");
    }
    text.push_str("\n  beads ");
    for count in position.board.pits() {
        let _ = write!(text, "{count:>3}");
    }
    let _ = writeln!(
        text,
        "\n  banks   player 1: {}   player 2: {}",
        position.banks.one, position.banks.two
    );
    match position.outcome() {
        Some(outcome) => {
            let _ = writeln!(text, "  game over: {outcome}");
        }
        None => {
            let turn = match position.to_move {
                Player::One => "player 1",
                Player::Two => "player 2",
            };
            let _ = writeln!(text, "  {turn} to move");
        }
    }
    text
}
