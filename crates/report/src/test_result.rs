//! The result of one judged test.

use crate::{MoveList, Start, Verdict};
use serde::{Deserialize, Serialize};

/// The result of one judged test.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TestResult {
    /// The test's number, from 1, in test-set order.
    pub index: usize,
    /// The test's input as text (an Ioiwari board "4 3 2 4 2 3 2", a MIS position "p e B").
    pub input: String,
    /// The same start, typed: what a reader replays the game from. Reports written before it
    /// was recorded lack it, and a [`crate::Report`] read from JSON reads it from `input`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<Start>,
    /// How the test ended.
    pub verdict: Verdict,
    /// One line explaining every verdict other than `win`.
    pub reason: Option<String>,
    /// The number of moves played, by both sides.
    pub moves: u64,
    /// The moves in order, when the game is short enough to list them.
    pub move_list: Option<MoveList>,
    /// A short summary of the final position: the banks "11-9" for Ioiwari (player 1 first).
    pub summary: Option<String>,
    /// The submission's CPU time, in milliseconds.
    pub time_ms: u64,
    /// The wall-clock time the judge waited for the submission, in milliseconds.
    pub wall_ms: u64,
    /// The submission's peak resident memory, in KiB; `None` (`null` in JSON) where no figure
    /// is known: the built-in player runs inside the judge, a test not run used nothing, a
    /// module's gain over its host's own memory was less than a page. Reports written before
    /// this was an option hold 0 there, which reads as `None`.
    #[serde(default, deserialize_with = "known_kb")]
    pub memory_kb: Option<u64>,
    /// The smallest difference in KiB the measurement of `memory_kb` tells apart (4: a page;
    /// 1024 under bubblewrap, whose own share of the charge varies from run to run). A
    /// `memory_kb` equal to it means "at most this" (tables show `<1 MB`). Absent where
    /// `memory_kb` is `null`, and in reports written before it was recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub memory_resolution_kb: Option<u64>,
    /// For a loss or draw: the first move that gave away value, and the better alternative.
    pub first_mistake: Option<String>,
}

impl TestResult {
    /// The result of a test that was never played (the source did not compile...).
    ///
    /// ```
    /// use duel_report::{TestResult, Verdict};
    /// let result = TestResult::unplayed(3, "7 2 3".into(), Verdict::CompileError, "no".into());
    /// assert_eq!((result.index, result.moves, result.points()), (3, 0, 0.0));
    /// ```
    pub fn unplayed(index: usize, input: String, verdict: Verdict, reason: String) -> TestResult {
        TestResult {
            index,
            input,
            start: None,
            verdict,
            reason: Some(reason),
            moves: 0,
            move_list: None,
            summary: None,
            time_ms: 0,
            wall_ms: 0,
            memory_kb: None,
            memory_resolution_kb: None,
            first_mistake: None,
        }
    }

    /// The share of the test this result earns: 1 for a win, ½ for a draw, 0 otherwise.
    pub fn points(&self) -> f64 {
        points(self.verdict)
    }

    /// The peak memory as every front end shows it ([`memory_text`]).
    pub fn memory_text(&self) -> String {
        memory_text(self.memory_kb, self.memory_resolution_kb)
    }
}

/// A measured peak as people read it, the one notation of the terminal's table and the web
/// page: `812 KB`, `1.5 MB`; `<1 MB` (less than the resolution) where the figure is the
/// measurement's resolution of a megabyte or more (under bubblewrap), which a smaller program
/// cannot be told apart below; `-` where no figure is known.
///
/// ```
/// use duel_report::memory_text;
/// assert_eq!(memory_text(Some(812), None), "812 KB");
/// assert_eq!(memory_text(Some(1536), Some(4)), "1.5 MB");
/// assert_eq!(memory_text(Some(1024), Some(1024)), "<1 MB");
/// assert_eq!(memory_text(Some(900), Some(1536)), "<1.5 MB");
/// assert_eq!(memory_text(None, Some(1024)), "-");
/// ```
pub fn memory_text(kb: Option<u64>, resolution_kb: Option<u64>) -> String {
    match (kb, resolution_kb) {
        (None, _) => "-".into(),
        (Some(kb), Some(resolution)) if kb <= resolution && resolution >= 1024 => {
            if resolution % 1024 == 0 {
                format!("<{} MB", resolution / 1024)
            } else {
                format!("<{}", kb_text(resolution))
            }
        }
        (Some(kb), _) => kb_text(kb),
    }
}

/// KiB as `812 KB` or `1.5 MB`.
///
/// ```
/// use duel_report::kb_text;
/// assert_eq!(kb_text(1023), "1023 KB");
/// assert_eq!(kb_text(32 * 1024), "32.0 MB");
/// ```
pub fn kb_text(kb: u64) -> String {
    if kb < 1024 {
        format!("{kb} KB")
    } else {
        format!("{:.1} MB", kb as f64 / 1024.0)
    }
}

/// A measured peak in KiB from bytes, `None` below 1 KiB: a run's measured peak is never that
/// small, so such a figure means nothing was measured apart.
///
/// ```
/// use duel_report::measured_kb;
/// assert_eq!(measured_kb(3 << 20), Some(3072));
/// assert_eq!(measured_kb(1023), None);
/// ```
pub fn measured_kb(bytes: u64) -> Option<u64> {
    Some(bytes / 1024).filter(|&kb| kb > 0)
}

/// Reads `memory_kb`: a number, `null`, or the 0 that older reports wrote for "not known".
fn known_kb<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Option<u64>, D::Error> {
    let kb: Option<u64> = Option::deserialize(deserializer)?;
    Ok(kb.filter(|&kb| kb > 0))
}

/// The share of a test a verdict earns: 1 for a win, ½ for a draw, 0 otherwise.
///
/// ```
/// use duel_report::{points, Verdict};
/// assert_eq!(points(Verdict::Win), 1.0);
/// assert_eq!(points(Verdict::Draw), 0.5);
/// assert_eq!(points(Verdict::TimeLimit), 0.0);
/// ```
pub fn points(verdict: Verdict) -> f64 {
    match verdict {
        Verdict::Win => 1.0,
        Verdict::Draw => 0.5,
        _ => 0.0,
    }
}
