//! Test positions: the official set and files of positions.

use super::parse_position;
use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

pub use duel_mis::{official_tests, MisTest, OFFICIAL_TESTS};

/// Where a judge's tests come from: the official 37 positions, or a file of positions.
///
/// ```
/// use duel_arena::mis::TestSet;
/// assert_eq!("official".parse::<TestSet>(), Ok(TestSet::Official));
/// assert_eq!("./official".parse::<TestSet>(), Ok(TestSet::File("./official".into())));
/// assert_eq!(TestSet::File("my-tests.txt".into()).to_string(), "my-tests.txt");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TestSet {
    /// The official positions ([`OFFICIAL_TESTS`]), in order.
    Official,
    /// A file with one `p e B` per line (see [`parse_tests`]).
    File(PathBuf),
}

impl FromStr for TestSet {
    type Err = std::convert::Infallible;

    /// `official`, or else a file path (write `./official` for a file of that name).
    fn from_str(text: &str) -> Result<TestSet, Self::Err> {
        Ok(match text {
            "official" => TestSet::Official,
            path => TestSet::File(PathBuf::from(path)),
        })
    }
}

impl fmt::Display for TestSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TestSet::Official => f.write_str("official"),
            TestSet::File(path) => write!(f, "{}", path.display()),
        }
    }
}

/// A line of a test file that is not a position Bolek can win.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct TestFileError {
    /// The line number, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub message: String,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_checked_reader_reads_the_official_file_as_the_rules_crate_does() {
        assert_eq!(parse_tests(OFFICIAL_TESTS), Ok(official_tests()));
    }
}
