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

/// An Ioiwari position drawn as the board is: pits 1 to 7 round a ring, clockwise from the
/// top (so pit 7 is seen to lead back to pit 1), each with its number, its beads as a count and
/// as marks; player 1's bank on the left, player 2's on the right; whose turn it is in the
/// middle. `name` says how to call each player (e.g. "player 1 (you)").
///
/// ```
/// use duel_ioiwari::{Board, Position};
/// let board: Board = "4 3 2 4 2 3 2".parse().unwrap();
/// let text = duel_cli::draw::ioiwari_ring(&Position::start(board), |p| p.to_string());
/// let lines: Vec<&str> = text.lines().collect();
/// // Pit 1 at the top, pit 2 to its right a little lower, pits 4 and 5 at the bottom.
/// let at = |label: &str| lines.iter().enumerate()
///     .find_map(|(row, line)| line.find(label).map(|col| (row, col))).unwrap();
/// let (one, two, four, five, seven) = (at("1: 4"), at("2: 3"), at("4: 4"), at("5: 2"), at("7: 2"));
/// assert!(one.0 < two.0 && two.0 < four.0 && four.0 == five.0);
/// assert!(seven.1 < one.1 && one.1 < two.1 && five.1 < four.1);
/// assert!(text.contains("player 1 to move"));
/// ```
pub fn ioiwari_ring(position: &Position, name: impl Fn(Player) -> String) -> String {
    const ROWS: usize = 11;
    const SIDE: usize = 20;
    const RING: usize = 40;
    let width = SIDE + RING + SIDE;
    let mut canvas = vec![vec![' '; width]; ROWS];
    let mut put = |row: usize, centre: usize, text: &str| {
        let start = centre.saturating_sub(text.chars().count() / 2);
        for (k, c) in text.chars().enumerate() {
            if let Some(cell) = canvas.get_mut(row).and_then(|line| line.get_mut(start + k)) {
                *cell = c;
            }
        }
    };
    for (index, beads) in position.board.pits().into_iter().enumerate() {
        let angle = (-90.0 + index as f64 * 360.0 / 7.0).to_radians();
        let column = (SIDE as f64 + 20.0 + 15.0 * angle.cos()).round() as usize;
        let row = (4.75 + 4.5 * angle.sin()).round() as usize;
        put(row, column, &format!("{}: {beads}", index + 1));
        put(row + 1, column, &"o".repeat(usize::from(beads)));
    }
    let middle = SIDE + RING / 2;
    put(4, middle, "clockwise");
    if position.is_over() {
        put(5, middle, "game over");
    } else {
        put(5, middle, &format!("{} to move", position.to_move));
    }
    for (player, bank, centre) in [
        (Player::One, position.banks.one, SIDE / 2),
        (Player::Two, position.banks.two, SIDE + RING + SIDE / 2),
    ] {
        put(4, centre, &name(player));
        put(5, centre, &format!("bank [{bank:>2}]"));
    }
    let mut out = String::from("\n");
    for line in canvas {
        let line: String = line.into_iter().collect();
        out.push_str(line.trim_end());
        out.push('\n');
    }
    if !position.is_over() {
        let _ = writeln!(out, "  {} to move", name(position.to_move));
    }
    out
}
