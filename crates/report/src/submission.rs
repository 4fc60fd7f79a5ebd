//! One submission's report: its tests and its score.

use crate::{BuildRecord, Start, Task, TestResult};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// All the results of one judging run, with the score.
///
/// Read from JSON, the move lists of an older report (strings) are read as its game's moves
/// (see [`crate::MoveList`]), and a test without a typed [`Start`] gets the one its `input`
/// gives.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
// The derived code as `Report::serialize` and `Report::deserialize`, which the trait impls
// below call: reading goes on to type the move lists by the report's game.
#[serde(remote = "Self")]
pub struct Report {
    /// The game (`"ioiwari"` or `"mis"` in JSON).
    pub game: Task,
    /// The command judged.
    pub player: String,
    /// The score out of 100: every planned test weighs the same, a win earns its full share, a
    /// draw half. Tests that never finished (an interrupted run) earn nothing.
    pub score: f64,
    /// How many tests were to be judged.
    pub planned: usize,
    /// True when judging was interrupted (Ctrl-C): `tests` holds only the finished tests.
    pub interrupted: bool,
    /// The finished tests, in test order.
    pub tests: Vec<TestResult>,
    /// How the submission was built, when it was judged from source.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub build: Option<BuildRecord>,
}

impl Report {
    /// A report of `tests` out of `planned`, with its score computed.
    pub fn new(
        game: Task,
        player: impl Into<String>,
        planned: usize,
        tests: Vec<TestResult>,
        interrupted: bool,
    ) -> Report {
        Report {
            game,
            player: player.into(),
            score: score(&tests, planned),
            planned,
            interrupted,
            tests,
            build: None,
        }
    }

    /// The report as pretty-printed JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a report always serializes") + "\n"
    }
}

impl Serialize for Report {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Report::serialize(self, serializer)
    }
}

impl<'de> Deserialize<'de> for Report {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Report, D::Error> {
        let mut report = Report::deserialize(deserializer)?;
        let game = report.game;
        for test in &mut report.tests {
            test.move_list = test.move_list.take().map(|list| list.of_game(game));
            if test.start.is_none() {
                test.start = Start::read_text(game, &test.input);
            }
        }
        Ok(report)
    }
}

/// The score out of 100 of these results when `planned` tests were to be judged.
///
/// ```
/// use duel_report::{score, TestResult};
/// use duel_report::Verdict;
/// let result = |verdict| TestResult {
///     index: 1, input: String::new(), start: None, verdict, reason: None, moves: 0, move_list: None,
///     summary: None, time_ms: 0, wall_ms: 0, memory_kb: None, memory_resolution_kb: None,
///     first_mistake: None,
/// };
/// let tests = [result(Verdict::Win), result(Verdict::Draw), result(Verdict::Loss), result(Verdict::Win)];
/// assert_eq!(score(&tests, 4), 62.5);
/// assert_eq!(score(&tests, 8), 31.25);
/// // No test finished yet (an interrupted contest): 0, printed as 0.
/// assert_eq!(format!("{:.2}", score(&[], 24)), "0.00");
/// ```
pub fn score(tests: &[TestResult], planned: usize) -> f64 {
    if planned == 0 {
        return 0.0;
    }
    // Folded from +0.0: `Sum` for floats starts from -0.0, which an empty list keeps, and a
    // score of -0 would print as "-0.00" (and `-0.0` in JSON).
    let earned = tests
        .iter()
        .map(TestResult::points)
        .fold(0.0, |sum, points| sum + points);
    100.0 * earned / planned as f64
}
