//! Solver facts for people: how many moves remain under optimal play ("remoteness"), and what
//! every legal move of a position is worth.
//!
//! [`Table`] says what each player can force (the final bank difference). People also want to
//! know *how soon*: a winner should not dawdle and a loser should make the winner work. So, on
//! top of the value, each player follows these preferences, in this order:
//!
//! 1. the best final margin for itself (always: it is the value of the game);
//! 2. among moves with equal margins:
//!    - the player who ends up **winning** heads for the **quickest** end;
//!    - the player who ends up **losing** looks for the **slowest** end;
//!    - in a **drawn** position nobody is ahead, so nobody hurries: both look for the
//!      **slowest** end (the longest line that keeps the draw). This is the "loser's" rule
//!      applied to both sides, since neither gains by ending a draw early.
//!
//! Along optimal play the final margin never changes, so who is winning never changes either;
//! these facts depend only on the board and on the [`Prospect`] of the player to move (which
//! the banks decide: see [`Prospect::from_margin`]).

use std::fmt;

use crate::{Board, Oracle, Pit, Position, Table, BOARD_COUNT, MAX_BEADS, PITS};

/// How the game ends for the player to move if both sides play optimally.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Prospect {
    /// The player to move ends with more beads.
    Winning,
    /// Both end with the same number of beads.
    Drawing,
    /// The player to move ends with fewer beads.
    Losing,
}

impl Prospect {
    /// The standing of a player whose final bank difference (own minus opponent's) is
    /// `margin`.
    ///
    /// ```
    /// use duel_ioiwari::remoteness::Prospect;
    ///
    /// assert_eq!(Prospect::from_margin(2), Prospect::Winning);
    /// assert_eq!(Prospect::from_margin(0), Prospect::Drawing);
    /// assert_eq!(Prospect::from_margin(-1), Prospect::Losing);
    /// ```
    pub const fn from_margin(margin: i32) -> Prospect {
        if margin > 0 {
            Prospect::Winning
        } else if margin < 0 {
            Prospect::Losing
        } else {
            Prospect::Drawing
        }
    }

    /// The opponent's standing.
    pub const fn flipped(self) -> Prospect {
        match self {
            Prospect::Winning => Prospect::Losing,
            Prospect::Drawing => Prospect::Drawing,
            Prospect::Losing => Prospect::Winning,
        }
    }

    /// Whether this player wants the game to end quickly (only the winner does).
    const fn hurries(self) -> bool {
        matches!(self, Prospect::Winning)
    }

    const fn slot(self) -> usize {
        match self {
            Prospect::Winning => 0,
            Prospect::Drawing => 1,
            Prospect::Losing => 2,
        }
    }

    /// `"win"`, `"draw"` or `"loss"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Prospect::Winning => "win",
            Prospect::Drawing => "draw",
            Prospect::Losing => "loss",
        }
    }
}

/// Formats as `win`, `draw` or `loss`.
impl fmt::Display for Prospect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What one legal move is worth to the player making it, if both play optimally afterwards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveFacts {
    /// The pit the move sows.
    pub pit: Pit,
    /// The move's value as [`Oracle::move_values`] gives it: the bank difference the mover
    /// gains from here on (this move's gains included).
    pub value: i8,
    /// The mover's final bank difference, the banks so far included.
    pub final_margin: i32,
    /// How the game ends for the mover after this move.
    pub standing: Prospect,
    /// Moves until the game ends, this one included.
    pub moves_to_end: u8,
    /// Whether the move keeps the position's value (is optimal).
    pub best: bool,
}

/// Everything the solver knows about one position, for the player to move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PositionFacts {
    /// [`Table::value`] of the board: the bank difference the mover can force from here on.
    pub value: i8,
    /// The mover's final bank difference under optimal play, the banks so far included.
    pub final_margin: i32,
    /// How the game ends for the mover under optimal play.
    pub standing: Prospect,
    /// Moves until the game ends under optimal play with the preferences of the module docs
    /// (0 when the game is over).
    pub moves_to_end: u8,
    /// Every legal move, in pit order.
    pub moves: Vec<MoveFacts>,
    /// The best move the preferences choose (lowest pit among equals); `None` when over.
    pub preferred: Option<Pit>,
}

/// The solved [`Table`] plus moves-to-end for every board and [`Prospect`].
///
/// ```
/// use duel_ioiwari::remoteness::{Remoteness, Prospect};
/// use duel_ioiwari::{Banks, Board, Pit, Player, Position};
///
/// let solver = Remoteness::solve();
/// let board: Board = "0 0 0 0 1 1 1".parse()?;
/// // Pit 5 banks 2 and leaves one move for the opponent: a win by 1 in 2 moves.
/// assert_eq!(solver.moves_to_end(board, Prospect::Winning), 2);
///
/// // The statement's example position, player 1 to move, 3-4 behind.
/// let position = Position { board: "4 0 0 4 1 4 0".parse()?, banks: Banks { one: 3, two: 4 }, to_move: Player::One };
/// let facts = solver.analyze(&position);
/// assert_eq!(facts.final_margin, i32::from(facts.value) - 1);
/// assert!(facts.moves.iter().any(|m| m.best && m.moves_to_end == facts.moves_to_end));
/// assert_eq!(facts.moves.iter().map(|m| m.pit.number()).collect::<Vec<_>>(), [1, 4, 5, 6]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Remoteness {
    table: Table,
    /// Indexed by [`Board::index`], then by [`Prospect::slot`].
    moves_to_end: Box<[[u8; 3]]>,
}

impl Remoteness {
    /// Solves every board (the value table, then moves-to-end).
    pub fn solve() -> Remoteness {
        Remoteness::from_table(Table::solve())
    }

    /// Adds moves-to-end to an already solved table.
    pub fn from_table(table: Table) -> Remoteness {
        let mut moves_to_end = vec![[0u8; 3]; BOARD_COUNT as usize].into_boxed_slice();
        // Every move banks a bead, so successors hold fewer beads: fill in that order.
        for board in boards_by_bead_total() {
            // Each best move once; the successor's mover is the opponent, whose standing is
            // the flip of ours along a best move (the final margin is kept).
            let mut children = [0u32; PITS];
            let mut count = 0;
            for pit in table.best_moves(board) {
                if let Ok(sowing) = board.play(pit) {
                    children[count] = sowing.board.index();
                    count += 1;
                }
            }
            let children = &children[..count];
            let mut entry = [0u8; 3];
            for standing in [Prospect::Winning, Prospect::Drawing, Prospect::Losing] {
                let child_slot = standing.flipped().slot();
                let lengths = children
                    .iter()
                    .map(|&child| 1 + moves_to_end[child as usize][child_slot]);
                entry[standing.slot()] = if standing.hurries() {
                    lengths.min()
                } else {
                    lengths.max()
                }
                .unwrap_or(0);
            }
            moves_to_end[board.index() as usize] = entry;
        }
        Remoteness {
            table,
            moves_to_end,
        }
    }

    /// The value table this was built on.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// Moves until the end of the game from `board` under optimal play, when the player to
    /// move ends up `standing`.
    pub fn moves_to_end(&self, board: Board, standing: Prospect) -> u8 {
        self.moves_to_end[board.index() as usize][standing.slot()]
    }

    /// The value, standing and moves-to-end of `position`, and the same for every legal move.
    pub fn analyze(&self, position: &Position) -> PositionFacts {
        let board = position.board;
        let banked = position.banks.difference_for(position.to_move);
        let value = self.table.value(board);
        let final_margin = banked + i32::from(value);
        let standing = Prospect::from_margin(final_margin);
        let moves: Vec<MoveFacts> = board
            .legal_moves()
            .iter()
            .filter_map(|pit| {
                let sowing = board.play(pit).ok()?;
                let move_value = sowing.gain_difference() - self.table.value(sowing.board);
                let move_margin = banked + i32::from(move_value);
                let move_standing = Prospect::from_margin(move_margin);
                Some(MoveFacts {
                    pit,
                    value: move_value,
                    final_margin: move_margin,
                    standing: move_standing,
                    moves_to_end: 1 + self.moves_to_end(sowing.board, move_standing.flipped()),
                    best: move_value == value,
                })
            })
            .collect();
        let preferred = preferred_move(&moves, standing);
        PositionFacts {
            value,
            final_margin,
            standing,
            moves_to_end: self.moves_to_end(board, standing),
            moves,
            preferred,
        }
    }

    /// The move a perfect player with the preferences of the module docs makes; `None` when the
    /// game is over.
    pub fn preferred_move(&self, position: &Position) -> Option<Pit> {
        self.analyze(position).preferred
    }
}

impl Oracle for Remoteness {
    fn value(&self, board: Board) -> i8 {
        self.table.value(board)
    }

    fn best_moves(&self, board: Board) -> crate::PitSet {
        self.table.best_moves(board)
    }
}

impl fmt::Debug for Remoteness {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Remoteness")
            .field("table", &self.table)
            .finish_non_exhaustive()
    }
}

/// Every board, in order of increasing bead total (a counting sort on the digit sums).
fn boards_by_bead_total() -> Vec<Board> {
    let max_total = PITS * usize::from(MAX_BEADS);
    let mut buckets: Vec<Vec<Board>> = vec![Vec::new(); max_total + 1];
    for board in (0..BOARD_COUNT).filter_map(Board::from_index) {
        buckets[board.total_beads() as usize].push(board);
    }
    buckets.into_iter().flatten().collect()
}

/// Among the best moves, the quickest for a winner and the slowest otherwise; lowest pit first.
fn preferred_move(moves: &[MoveFacts], standing: Prospect) -> Option<Pit> {
    let best = moves.iter().filter(|m| m.best);
    let chosen = if standing.hurries() {
        best.min_by_key(|m| (m.moves_to_end, m.pit))
    } else {
        // Longest first, then the lowest pit: compare by (length, reversed pit).
        best.max_by_key(|m| (m.moves_to_end, std::cmp::Reverse(m.pit)))
    };
    chosen.map(|m| m.pit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Banks, Player};
    use std::collections::HashMap;

    /// What the naive search returns for a (board, banked difference) pair, for the mover:
    /// the final margin and the number of moves left.
    type Naive = (i32, u8);

    /// A plain recursive game-tree search that knows nothing of [`Table`]: the mover maximises
    /// its final margin and, among equal margins, prefers the quickest end when that margin is
    /// a win and the slowest end otherwise. Memoised only to keep the test fast.
    fn naive(board: Board, banked: i32, memo: &mut HashMap<(Board, i32), Naive>) -> Naive {
        if board.is_empty() {
            return (banked, 0);
        }
        if let Some(&known) = memo.get(&(board, banked)) {
            return known;
        }
        let mut best: Option<Naive> = None;
        for pit in Pit::ALL {
            let Ok(sowing) = board.play(pit) else {
                continue;
            };
            // The opponent moves next with the banks seen from its side.
            let after = banked + i32::from(sowing.gain_difference());
            let (their_margin, their_moves) = naive(sowing.board, -after, memo);
            let option = (-their_margin, their_moves + 1);
            best = Some(match best {
                None => option,
                Some(current) => better(current, option),
            });
        }
        let result = best.expect("a non-empty board has a legal move");
        memo.insert((board, banked), result);
        result
    }

    fn better(current: Naive, option: Naive) -> Naive {
        use std::cmp::Ordering::*;
        match option.0.cmp(&current.0) {
            Greater => option,
            Less => current,
            Equal if option.0 > 0 => {
                if option.1 < current.1 {
                    option
                } else {
                    current
                }
            }
            Equal => {
                if option.1 > current.1 {
                    option
                } else {
                    current
                }
            }
        }
    }

    fn boards_with_at_most(beads: u32) -> Vec<Board> {
        (0..BOARD_COUNT)
            .filter_map(Board::from_index)
            .filter(|board| board.total_beads() <= beads)
            .collect()
    }

    fn position(board: Board, banked: i32) -> Position {
        // Player 2 to move, so the banks are read from player 2's side.
        let (one, two) = if banked >= 0 {
            (0, banked as u32)
        } else {
            ((-banked) as u32, 0)
        };
        Position {
            board,
            banks: Banks { one, two },
            to_move: Player::Two,
        }
    }

    #[test]
    fn standings_flip_and_read_margins() {
        assert_eq!(Prospect::Winning.flipped(), Prospect::Losing);
        assert_eq!(Prospect::Losing.flipped(), Prospect::Winning);
        assert_eq!(Prospect::Drawing.flipped(), Prospect::Drawing);
        assert_eq!(Prospect::from_margin(i32::MIN), Prospect::Losing);
        assert_eq!(Prospect::Drawing.to_string(), "draw");
    }

    #[test]
    fn small_boards_match_the_naive_search_for_every_bank_difference() {
        let solver = Remoteness::solve();
        let mut memo = HashMap::new();
        let boards = boards_with_at_most(7);
        assert!(boards.len() > 3000, "the sample covers thousands of boards");
        for board in boards {
            for banked in -4..=4 {
                let facts = solver.analyze(&position(board, banked));
                let (margin, moves) = naive(board, banked, &mut memo);
                assert_eq!(facts.final_margin, margin, "{board} banked {banked}");
                assert_eq!(facts.moves_to_end, moves, "{board} banked {banked}");
                for m in &facts.moves {
                    let sowing = board.play(m.pit).unwrap();
                    let after = banked + i32::from(sowing.gain_difference());
                    let (their_margin, their_moves) = naive(sowing.board, -after, &mut memo);
                    assert_eq!(m.final_margin, -their_margin, "{board} pit {}", m.pit);
                    assert_eq!(m.moves_to_end, their_moves + 1, "{board} pit {}", m.pit);
                }
            }
        }
    }

    #[test]
    fn start_boards_match_the_naive_search() {
        let solver = Remoteness::solve();
        let mut memo = HashMap::new();
        // Every 7th start board keeps the naive search to a few seconds in debug builds.
        for board in Board::start_boards().into_iter().step_by(7) {
            let facts = solver.analyze(&Position::start(board));
            let (margin, moves) = naive(board, 0, &mut memo);
            assert_eq!(
                (facts.final_margin, facts.moves_to_end),
                (margin, moves),
                "{board}"
            );
        }
    }

    #[test]
    fn the_preferred_move_realises_the_announced_facts() {
        // Playing the preferred move for both sides must end the game with the predicted
        // margin after exactly the predicted number of moves.
        let solver = Remoteness::solve();
        for board in Board::start_boards().into_iter().step_by(5) {
            let start = Position::start(board);
            let facts = solver.analyze(&start);
            let mut position = start;
            let mut moves = 0;
            while let Some(pit) = solver.preferred_move(&position) {
                position = position.play(pit).unwrap();
                moves += 1;
            }
            assert_eq!(moves, facts.moves_to_end, "{board}");
            assert_eq!(
                position.banks.difference_for(Player::One),
                facts.final_margin,
                "{board}"
            );
        }
    }

    #[test]
    fn the_game_over_position_has_no_moves() {
        let solver = Remoteness::solve();
        let over = Position {
            board: Board::EMPTY,
            banks: Banks { one: 9, two: 11 },
            to_move: Player::One,
        };
        let facts = solver.analyze(&over);
        assert_eq!(facts.moves_to_end, 0);
        assert_eq!(facts.final_margin, -2);
        assert_eq!(facts.standing, Prospect::Losing);
        assert!(facts.moves.is_empty());
        assert_eq!(facts.preferred, None);
    }

    #[test]
    fn the_tie_breaks_matter_on_small_boards() {
        // The naive comparison above would be vacuous if best moves never differed in length:
        // check that both a winner and a loser do face a choice between lines of different
        // lengths somewhere.
        let solver = Remoteness::solve();
        let mut seen = [false; 3];
        for board in boards_with_at_most(7) {
            for banked in [-3, 0, 3] {
                let facts = solver.analyze(&position(board, banked));
                let lengths: Vec<u8> = facts
                    .moves
                    .iter()
                    .filter(|m| m.best)
                    .map(|m| m.moves_to_end)
                    .collect();
                if lengths.iter().min() != lengths.iter().max() {
                    seen[facts.standing.slot()] = true;
                }
            }
        }
        assert_eq!(seen, [true, true, true]);
    }
}
