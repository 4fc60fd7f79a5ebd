//! Drawing positions for people in a terminal.

use duel_ioiwari::{Pit, Player, Position};
use std::fmt::Write;

/// An Ioiwari position as a few lines of text: pit numbers, bead counts and bead marks, the
/// banks and whose turn it is. `name` says how to call each player (e.g. "player 1 (you)").
///
/// ```
/// use duel_ioiwari::{Board, Position};
/// let board: Board = "4 3 2 4 2 3 2".parse().unwrap();
/// let text = duel_cli::draw::ioiwari_position(&Position::start(board), |p| p.to_string());
/// assert!(text.contains("pit     1     2     3     4     5     6     7"));
/// assert!(text.contains("beads   4     3     2     4     2     3     2\n"));
/// assert!(text.contains("        oooo  ooo   oo    oooo  oo    ooo   oo"));
/// assert!(text.contains("player 1 to move"));
/// ```
pub fn ioiwari_position(position: &Position, name: impl Fn(Player) -> String) -> String {
    let pits = position.board.pits();
    let mut out = String::from("\n  pit     ");
    for pit in Pit::ALL {
        let _ = write!(out, "{pit:<6}");
    }
    out.push_str("\n  beads   ");
    for beads in pits {
        let _ = write!(out, "{beads:<6}");
    }
    out.push_str("\n          ");
    for beads in pits {
        let _ = write!(out, "{:<6}", "o".repeat(usize::from(beads)));
    }
    let _ = writeln!(
        out,
        "\n  banks   {}: {}   {}: {}",
        name(Player::One),
        position.banks.one,
        name(Player::Two),
        position.banks.two
    );
    if !position.is_over() {
        let _ = writeln!(out, "  {} to move", name(position.to_move));
    }
    // Columns are padded; a terminal does not need the padding at the ends of lines.
    out.lines().fold(String::new(), |mut text, line| {
        text.push_str(line.trim_end());
        text.push('\n');
        text
    })
}
