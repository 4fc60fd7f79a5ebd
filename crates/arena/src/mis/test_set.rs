//! Test positions: the official set and files of positions.

use super::parse_position;
use duel_mis::Position;
use std::fmt;

/// The official test set's source text: `p e B  # what it catches`, one test a line.
pub const OFFICIAL_TESTS: &str = include_str!("../../data/mis-official.txt");

/// One test: a start position Bolek can win, with the comment of its line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MisTest {
    /// The test's number, from 1, in file order.
    pub number: usize,
    /// The start position.
    pub start: Position,
    /// The comment after `#` on its line, if any.
    pub note: Option<String>,
}

/// A line of a test file that is not a position Bolek can win.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestFileError {
    /// The line number, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub message: String,
}

impl fmt::Display for TestFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for TestFileError {}

/// The official test set (see `crates/arena/data/mis-official.txt`).
///
/// ```
/// let tests = duel_arena::mis::official_tests();
/// assert!(tests.len() >= 30);
/// assert_eq!(tests[0].start.to_string(), "7 2 3"); // the statement's example comes first
/// ```
pub fn official_tests() -> Vec<MisTest> {
    // The embedded file is checked by a test, so this cannot fail in a released build.
    parse_tests(OFFICIAL_TESTS).unwrap_or_default()
}

/// Parses a file of tests: one `p e B` a line; `#` starts a comment; blank lines are skipped.
/// Every position must be within the task's limits and winnable for Bolek, as the task
/// promises its tests are.
///
/// ```
/// let tests = duel_arena::mis::parse_tests("7 2 3  # example\n\n1 1 1\n").unwrap();
/// assert_eq!(tests.len(), 2);
/// assert_eq!(tests[1].number, 2);
/// assert_eq!(tests[0].note.as_deref(), Some("example"));
/// let error = duel_arena::mis::parse_tests("2 2 1\n").unwrap_err();
/// assert_eq!(error.line, 1); // a loss for Bolek whatever he does
/// ```
pub fn parse_tests(text: &str) -> Result<Vec<MisTest>, TestFileError> {
    let mut tests = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let (data, note) = match line.split_once('#') {
            Some((data, note)) => (data, Some(note.trim().to_string())),
            None => (line, None),
        };
        if data.trim().is_empty() {
            continue;
        }
        let error = |message: String| TestFileError {
            line: index + 1,
            message,
        };
        let start = parse_position(data).map_err(|e| error(e.to_string()))?;
        if !start.is_win() {
            return Err(error(format!(
                "{start} is lost for Bolek whatever he does; tests must be winnable"
            )));
        }
        tests.push(MisTest {
            number: tests.len() + 1,
            start,
            note: note.filter(|note| !note.is_empty()),
        });
    }
    if tests.is_empty() {
        return Err(TestFileError {
            line: 0,
            message: "no tests in the file".into(),
        });
    }
    Ok(tests)
}
