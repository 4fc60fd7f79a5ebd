//! The legal start boards: [`Board::start_boards`] and [`Board::rotation_classes`], and the
//! official test positions ([`OFFICIAL_POSITIONS`], [`Board::official_positions`]).

use crate::{Board, PITS};

/// Beads on a start board.
pub const START_BEADS: u32 = 20;
/// Fewest beads a pit holds at the start.
pub const START_MIN_PIT: u8 = 2;
/// Most beads a pit holds at the start.
pub const START_MAX_PIT: u8 = 4;

/// The 24 start positions that survive in the official IOI 2001 test data, in the official
/// order (tests 1 to 24), one board per line. This is task data, not computed.
pub const OFFICIAL_POSITIONS: &str = include_str!("../data/official-positions.txt");

impl Board {
    /// The 24 official test positions ([`OFFICIAL_POSITIONS`]), in the official order.
    ///
    /// ```
    /// use duel_ioiwari::Board;
    ///
    /// let official = Board::official_positions();
    /// assert_eq!(official.len(), 24);
    /// assert_eq!(official[0].to_string(), "4 4 4 2 2 2 2");
    /// ```
    pub fn official_positions() -> Vec<Board> {
        OFFICIAL_POSITIONS
            .lines()
            .filter_map(|line| line.parse().ok())
            .collect()
    }

    /// All 357 start boards (20 beads, every pit 2 to 4), sorted ascending by pits array.
    ///
    /// ```
    /// use duel_ioiwari::Board;
    ///
    /// let starts = Board::start_boards();
    /// assert_eq!(starts.len(), 357);
    /// assert_eq!(starts[0].to_string(), "2 2 2 2 4 4 4");
    /// assert!(starts.windows(2).all(|pair| pair[0] < pair[1]));
    /// ```
    pub fn start_boards() -> Vec<Board> {
        // Every array of counts 2..=4 is a valid board; keep those with 20 beads. Counting up
        // in base 3 with pit 7 fastest yields them already sorted by pits array.
        let width = usize::from(START_MAX_PIT - START_MIN_PIT) + 1;
        let combinations = width.pow(PITS as u32);
        (0..combinations)
            .map(|code| {
                let mut pits = [0; PITS];
                let mut rest = code;
                for beads in pits.iter_mut().rev() {
                    *beads = START_MIN_PIT + (rest % width) as u8;
                    rest /= width;
                }
                Board::from_checked_pits(pits)
            })
            .filter(|board| board.total_beads() == START_BEADS)
            .collect()
    }

    /// One representative of each of the 51 classes of start boards under rotation.
    ///
    /// The 357 start boards are listed ascending by their *reversed* pits tuple
    /// `(p7, p6, ..., p1)`; a board represents its class when it is the first of the class in
    /// that list, and the representatives come in that list's order.
    ///
    /// ```
    /// use duel_ioiwari::Board;
    ///
    /// let classes = Board::rotation_classes();
    /// assert_eq!(classes.len(), 51);
    /// assert_eq!(classes[0].to_string(), "4 4 4 2 2 2 2");
    /// ```
    pub fn rotation_classes() -> Vec<Board> {
        let mut starts = Board::start_boards();
        starts.sort_by_key(|board| {
            let mut reversed = board.pits();
            reversed.reverse();
            reversed
        });
        let mut representatives: Vec<Board> = Vec::new();
        for board in starts {
            let seen = (0..PITS).any(|steps| representatives.contains(&board.rotated(steps)));
            if !seen {
                representatives.push(board);
            }
        }
        representatives
    }
}
