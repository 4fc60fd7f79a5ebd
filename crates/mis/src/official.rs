//! The official test set: the start positions every Pooh-Eeyore-sticks judge and package
//! uses, with what each one catches (`data/mis-official.txt`, ours, commented line by line).
//!
//! The file is the project's own and checked by the tests below, so it is read here without
//! the messages an untrusted file of positions needs (the judge's `parse_tests` gives those,
//! and a test of the judge's checks that it reads this file the same way).

use crate::Position;

/// The official test set's source text: `p e B  # what it catches`, one test a line.
pub const OFFICIAL_TESTS: &str = include_str!("../data/mis-official.txt");

/// One test: a start position Bolek can win, with the comment of its line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MisTest {
    /// The test's number, from 1, in file order.
    pub number: usize,
    /// The start position `p e B` of its line, within the task's limits for a start; Bolek
    /// can win it.
    pub start: Position,
    /// The comment after `#` on its line, if any.
    pub note: Option<String>,
}

/// The official test set, in file order.
///
/// ```
/// let tests = duel_mis::official_tests();
/// assert_eq!(tests.len(), 37);
/// assert_eq!(tests[0].start.to_string(), "7 2 3"); // the statement's example comes first
/// assert!(tests.iter().all(|test| test.start.is_win()));
/// ```
pub fn official_tests() -> Vec<MisTest> {
    let mut tests = Vec::new();
    for line in OFFICIAL_TESTS.lines() {
        let (data, note) = match line.split_once('#') {
            Some((data, note)) => (data, Some(note.trim())),
            None => (line, None),
        };
        let numbers: Vec<u64> = data
            .split_whitespace()
            .filter_map(|word| word.parse().ok())
            .collect();
        let [p, e, bound] = numbers[..] else {
            continue;
        };
        if let Ok(start) = Position::in_play(p, e, bound).and_then(Position::as_start) {
            tests.push(MisTest {
                number: tests.len() + 1,
                start,
                note: note.filter(|note| !note.is_empty()).map(str::to_owned),
            });
        }
    }
    tests
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_with_data_is_a_winnable_start_and_none_repeats() {
        let data_lines = OFFICIAL_TESTS
            .lines()
            .filter(|line| !line.split('#').next().unwrap_or("").trim().is_empty())
            .count();
        let tests = official_tests();
        assert_eq!(tests.len(), data_lines, "a line of the file was not read");
        let mut seen = std::collections::BTreeSet::new();
        for test in &tests {
            assert!(test.start.is_win(), "{}", test.start);
            assert!(seen.insert(test.start.to_string()), "{} twice", test.start);
            assert!(
                test.note.is_some(),
                "{} says nothing of what it catches",
                test.start
            );
        }
    }
}
