//! Which boards to judge: the official 24, all 357 start boards, or a file of positions.

use duel_ioiwari::{Board, Oracle};
use duel_sandbox::untrusted::{clip_line, SHOWN_CHARS};
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// The official test positions, in the official order (tests 1..24), as the rules crate keeps
/// them.
pub use duel_ioiwari::OFFICIAL_POSITIONS;

/// Where a judge's test boards come from: the 24 official ones, every legal start, or a file
/// of boards.
///
/// ```
/// use duel_arena::ioiwari::TestSet;
/// assert_eq!("official".parse::<TestSet>().unwrap().boards().unwrap().len(), 24);
/// assert_eq!("all".parse::<TestSet>().unwrap().boards().unwrap().len(), 357);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TestSet {
    /// The 24 positions of the official test data, in order.
    Official,
    /// The 357 start boards (20 beads, 2..4 per pit), in ascending order.
    All,
    /// A file with one board per line; `#` starts a comment, blank lines are skipped.
    File(PathBuf),
}

impl FromStr for TestSet {
    type Err = std::convert::Infallible;

    /// `official`, `all`, or else a file path (write `./official` for a file of that name).
    fn from_str(text: &str) -> Result<TestSet, Self::Err> {
        Ok(match text {
            "official" => TestSet::Official,
            "all" => TestSet::All,
            path => TestSet::File(PathBuf::from(path)),
        })
    }
}

impl fmt::Display for TestSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TestSet::Official => f.write_str("official"),
            TestSet::All => f.write_str("all"),
            TestSet::File(path) => write!(f, "{}", path.display()),
        }
    }
}

impl TestSet {
    /// The boards of this set (reads the file for [`TestSet::File`]).
    pub fn boards(&self) -> Result<Vec<Board>, TestSetError> {
        match self {
            TestSet::Official => parse_positions(OFFICIAL_POSITIONS, Path::new("official")),
            TestSet::All => Ok(Board::start_boards()),
            TestSet::File(path) => {
                let text =
                    crate::judge::read_test_file(path).map_err(|error| TestSetError::Read {
                        path: path.clone(),
                        error,
                    })?;
                parse_positions(&text, path)
            }
        }
    }
}

/// A test set that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum TestSetError {
    /// The file cannot be read (or is too large for a test file).
    #[error("cannot read the test file {}: {error}", path.display())]
    Read {
        /// The test file as given.
        path: PathBuf,
        /// Why (given once, in the message: it is not chained as a source).
        error: std::io::Error,
    },
    /// A line is not a board, or a board where the game is already over.
    #[error("{}:{line}: {message}: \"{text}\"", path.display())]
    BadLine {
        /// The test file as given.
        path: PathBuf,
        /// The line number, from 1.
        line: usize,
        /// The line's text, clipped to [`SHOWN_CHARS`] characters and escaped.
        text: String,
        /// What is wrong with it, clipped likewise.
        message: String,
    },
    /// The file holds no board.
    #[error("the test file {} holds no positions", path.display())]
    Empty {
        /// The test file as given (blank lines and comments only, or nothing).
        path: PathBuf,
    },
}

/// Parses a list of boards: one board (7 bead counts) per line, `#` to the end of a line is a
/// comment, blank lines are skipped. The empty board is refused (the game would be over before
/// player 1 moves). `path` names the source in errors.
///
/// ```
/// use duel_arena::ioiwari::parse_positions;
/// let boards = parse_positions("# two tests\n4 3 2 4 2 3 2\n\n0 0 0 0 1 1 1  # endgame\n", "t.txt".as_ref())?;
/// assert_eq!(boards.len(), 2);
/// let error = parse_positions("4 3 2\n", "t.txt".as_ref()).unwrap_err();
/// assert_eq!(error.to_string(), "t.txt:1: expected 7 pit counts, found 3: \"4 3 2\"");
/// # Ok::<(), duel_arena::ioiwari::TestSetError>(())
/// ```
pub fn parse_positions(text: &str, path: &Path) -> Result<Vec<Board>, TestSetError> {
    let mut boards = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let content = line.split('#').next().unwrap_or_default().trim();
        if content.is_empty() {
            continue;
        }
        // A line can be as long as the file: what an error shows of it is clipped.
        let bad = |message: String| TestSetError::BadLine {
            path: path.to_owned(),
            line: number + 1,
            text: clip_line(line.trim(), SHOWN_CHARS),
            message: clip_line(&message, SHOWN_CHARS),
        };
        let board: Board = content.parse().map_err(|e| bad(format!("{e}")))?;
        if board.is_empty() {
            return Err(bad("every pit is empty, so the game is already over".into()));
        }
        boards.push(board);
    }
    if boards.is_empty() {
        return Err(TestSetError::Empty {
            path: path.to_owned(),
        });
    }
    Ok(boards)
}

/// The boards of `boards` player 1 cannot win with best play, as (test number from 1, board,
/// the best final bank difference player 1 can force: 0 for a draw, negative for a loss).
///
/// ```
/// use duel_arena::ioiwari::unwinnable;
/// use duel_ioiwari::{Board, Table};
/// let table = Table::solve();
/// let boards: Vec<Board> = ["4 3 2 4 2 3 2", "0 0 0 0 0 5 5"].iter().map(|b| b.parse().unwrap()).collect();
/// let hopeless = unwinnable(&table, &boards);
/// assert!(hopeless.iter().all(|(number, _, value)| *number == 2 && *value <= 0));
/// ```
pub fn unwinnable(oracle: &impl Oracle, boards: &[Board]) -> Vec<(usize, Board, i8)> {
    boards
        .iter()
        .enumerate()
        .filter_map(|(at, board)| {
            let value = oracle.value(*board);
            (value <= 0).then_some((at + 1, *board, value))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn official_positions_are_distinct_start_boards() {
        let official = TestSet::Official.boards().unwrap();
        let starts = Board::start_boards();
        assert!(official.iter().all(|board| starts.contains(board)));
        let mut unique = official.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), 24);
        assert_eq!(official[0].to_string(), "4 4 4 2 2 2 2");
    }

    #[test]
    fn bad_lines_are_named_with_file_and_line() {
        let error =
            parse_positions("4 3 2 4 2 3 2\n4 3 2 4 2 3 9\n", Path::new("x.txt")).unwrap_err();
        let message = error.to_string();
        assert!(message.starts_with("x.txt:2: "), "{message}");
        assert!(matches!(error, TestSetError::BadLine { line: 2, .. }));
        let error = parse_positions("0 0 0 0 0 0 0\n", Path::new("x.txt")).unwrap_err();
        assert!(error.to_string().contains("already over"));
        let error = parse_positions("# nothing\n\n", Path::new("x.txt")).unwrap_err();
        assert!(matches!(error, TestSetError::Empty { .. }));
    }

    #[test]
    fn a_missing_file_is_an_error_naming_it_and_the_reason_once() {
        let set: TestSet = "/no/such/positions.txt".parse().unwrap();
        let error = set.boards().unwrap_err();
        let message = error.to_string();
        assert!(message.contains("/no/such/positions.txt"));
        assert_eq!(message.matches("os error").count(), 1, "{message}");
        assert!(std::error::Error::source(&error).is_none());
    }

    #[test]
    fn an_endless_file_is_refused_at_once() {
        let set: TestSet = "/dev/zero".parse().unwrap();
        let error = set.boards().unwrap_err();
        assert!(error.to_string().contains("too large"), "{error}");
    }

    #[test]
    fn boards_player_one_cannot_win_are_found() {
        let table = duel_ioiwari::Table::solve();
        let starts = Board::start_boards();
        assert!(
            unwinnable(&table, &starts).is_empty(),
            "every start board is a win"
        );
        // One bead in pit 7: player 1 sows it into an empty pit 1, so the bead goes to
        // player 2's bank and the game is over, lost 0-1.
        let lost: Board = "0 0 0 0 0 0 1".parse().unwrap();
        assert_eq!(unwinnable(&table, &[lost]), [(1, lost, -1)]);
    }
}
