//! The judge's results: one [`TestResult`] per test, a [`Report`] with the score, and an
//! atomic JSON writer.

use crate::compile::BuildRecord;
use crate::Verdict;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The result of one judged test.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TestResult {
    /// The test's number, from 1, in test-set order.
    pub index: usize,
    /// The test's input as text (an Ioiwari board "4 3 2 4 2 3 2", a MIS position "p e B").
    pub input: String,
    /// How the test ended.
    pub verdict: Verdict,
    /// One line explaining every verdict other than `win`.
    pub reason: Option<String>,
    /// The number of moves played, by both sides.
    pub moves: u64,
    /// The moves in order, space-separated, when the game is short enough to list them.
    pub move_list: Option<String>,
    /// A short summary of the final position: the banks "11-9" for Ioiwari (player 1 first).
    pub summary: Option<String>,
    /// The submission's CPU time, in milliseconds.
    pub time_ms: u64,
    /// The wall-clock time the judge waited for the submission, in milliseconds.
    pub wall_ms: u64,
    /// The submission's peak resident memory, in KiB.
    pub memory_kb: u64,
    /// For a loss or draw: the first move that gave away value, and the better alternative.
    pub first_mistake: Option<String>,
}

impl TestResult {
    /// The result of a test that was never played (the source did not compile...).
    ///
    /// ```
    /// use duel_arena::{TestResult, Verdict};
    /// let result = TestResult::unplayed(3, "7 2 3".into(), Verdict::CompileError, "no".into());
    /// assert_eq!((result.index, result.moves, result.points()), (3, 0, 0.0));
    /// ```
    pub fn unplayed(index: usize, input: String, verdict: Verdict, reason: String) -> TestResult {
        TestResult {
            index,
            input,
            verdict,
            reason: Some(reason),
            moves: 0,
            move_list: None,
            summary: None,
            time_ms: 0,
            wall_ms: 0,
            memory_kb: 0,
            first_mistake: None,
        }
    }

    /// The share of the test this result earns: 1 for a win, ½ for a draw, 0 otherwise.
    pub fn points(&self) -> f64 {
        points(self.verdict)
    }
}

/// The share of a test a verdict earns: 1 for a win, ½ for a draw, 0 otherwise.
///
/// ```
/// use duel_arena::{report::points, Verdict};
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

/// Receives the results while judging runs (the printers of the command line implement it).
pub trait Sink {
    /// Some test finished (tests finish in any order): `done` of `planned`.
    fn progress(&mut self, done: usize, planned: usize) {
        let _ = (done, planned);
    }

    /// The submission was built from source (successfully or not), before anything else is
    /// told of it.
    fn built(&mut self, build: &BuildRecord) {
        let _ = build;
    }

    /// How the submission's runs are isolated, told before its first result (see
    /// [`Game::isolation`](crate::judge::Game::isolation)).
    fn isolation(&mut self, record: &crate::runner::IsolationRecord) {
        let _ = record;
    }

    /// The next result in test order, with the test's dialogue log (for Ioiwari, the
    /// `ioiwari.out` text).
    fn result(&mut self, result: &TestResult, log: &str);

    /// The compact record of every move of a test's game (see [`duel_mis::record`]), given
    /// just before its [`Sink::result`] when the text log had to leave moves out.
    fn moves(&mut self, result: &TestResult, record: &[u8]) {
        let _ = (result, record);
    }
}

/// All the results of one judging run, with the score.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// The game: "ioiwari" or "mis".
    pub game: String,
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
        game: impl Into<String>,
        player: impl Into<String>,
        planned: usize,
        tests: Vec<TestResult>,
        interrupted: bool,
    ) -> Report {
        Report {
            game: game.into(),
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

    /// Writes the JSON report to `path` atomically (see [`write_atomically`]).
    pub fn write_json(&self, path: &Path) -> Result<(), ReportError> {
        write_atomically(path, self.to_json().as_bytes()).map_err(|source| ReportError {
            path: path.to_owned(),
            source,
        })
    }
}

/// One submission's line in a ranking.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Standing {
    /// From 1; equal scores share a rank (1, 2, 2, 4...).
    pub rank: usize,
    /// The submission, as its report names it.
    pub submission: String,
    /// Its score out of 100.
    pub score: f64,
    /// How many of its tests ended with each verdict (verdicts that occurred only).
    pub verdicts: BTreeMap<String, usize>,
    /// Its CPU time over all tests, in milliseconds.
    pub time_ms: u64,
}

/// Ranks reports by score, highest first. Equal scores share a rank and keep the order given
/// (so a ranking does not change with the machine's speed).
///
/// ```
/// use duel_arena::report::{rank, Report};
/// let report = |name: &str, tests| Report::new("ioiwari", name, 2, tests, false);
/// let standings = rank(&[report("a", vec![]), report("b", vec![]), report("c", vec![])]);
/// let ranks: Vec<usize> = standings.iter().map(|s| s.rank).collect();
/// assert_eq!(ranks, [1, 1, 1]);
/// ```
pub fn rank(reports: &[Report]) -> Vec<Standing> {
    let mut standings: Vec<Standing> = reports
        .iter()
        .map(|report| {
            let mut verdicts = BTreeMap::new();
            for test in &report.tests {
                *verdicts.entry(test.verdict.name().to_owned()).or_insert(0) += 1;
            }
            Standing {
                rank: 0,
                submission: report.player.clone(),
                score: report.score,
                verdicts,
                time_ms: report.tests.iter().map(|t| t.time_ms).sum(),
            }
        })
        .collect();
    // A stable sort keeps the given order among equals.
    standings.sort_by(|a, b| b.score.total_cmp(&a.score));
    for at in 0..standings.len() {
        standings[at].rank = if at > 0 && standings[at - 1].score == standings[at].score {
            standings[at - 1].rank
        } else {
            at + 1
        };
    }
    standings
}

/// The report of several submissions judged together: the ranking and every report.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BatchReport {
    /// The game: "ioiwari" or "mis".
    pub game: String,
    /// How many tests every submission was to meet.
    pub planned: usize,
    /// True when judging was interrupted (Ctrl-C).
    pub interrupted: bool,
    /// The ranking, best first.
    pub ranking: Vec<Standing>,
    /// Each submission's full report, in the order the submissions were given.
    pub submissions: Vec<Report>,
}

impl BatchReport {
    /// The batch report of these reports (ranked here).
    pub fn new(game: impl Into<String>, planned: usize, submissions: Vec<Report>) -> BatchReport {
        BatchReport {
            game: game.into(),
            planned,
            interrupted: submissions.iter().any(|r| r.interrupted),
            ranking: rank(&submissions),
            submissions,
        }
    }

    /// The report as pretty-printed JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a report always serializes") + "\n"
    }

    /// The ranking as CSV: `rank,submission,score,time_ms` and one column per verdict.
    ///
    /// ```
    /// use duel_arena::report::{BatchReport, Report};
    /// let batch = BatchReport::new("mis", 0, vec![Report::new("mis", "a, \"b\"", 0, vec![], false)]);
    /// let csv = batch.to_csv();
    /// assert!(csv.starts_with("rank,submission,score,time_ms,win,"));
    /// assert!(csv.lines().nth(1).unwrap().starts_with("1,\"a, \"\"b\"\"\",0.00,0,0,"));
    /// ```
    pub fn to_csv(&self) -> String {
        let mut csv = String::from("rank,submission,score,time_ms");
        for verdict in Verdict::ALL {
            csv.push(',');
            csv.push_str(verdict.name());
        }
        csv.push('\n');
        for standing in &self.ranking {
            csv.push_str(&format!(
                "{},{},{:.2},{}",
                standing.rank,
                csv_field(&standing.submission),
                standing.score,
                standing.time_ms
            ));
            for verdict in Verdict::ALL {
                let count = standing.verdicts.get(verdict.name()).copied().unwrap_or(0);
                csv.push_str(&format!(",{count}"));
            }
            csv.push('\n');
        }
        csv
    }
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_owned()
    }
}

/// The score out of 100 of these results when `planned` tests were to be judged.
///
/// ```
/// use duel_arena::report::{score, TestResult};
/// use duel_arena::Verdict;
/// let result = |verdict| TestResult {
///     index: 1, input: String::new(), verdict, reason: None, moves: 0, move_list: None,
///     summary: None, time_ms: 0, wall_ms: 0, memory_kb: 0, first_mistake: None,
/// };
/// let tests = [result(Verdict::Win), result(Verdict::Draw), result(Verdict::Loss), result(Verdict::Win)];
/// assert_eq!(score(&tests, 4), 62.5);
/// assert_eq!(score(&tests, 8), 31.25);
/// ```
pub fn score(tests: &[TestResult], planned: usize) -> f64 {
    if planned == 0 {
        return 0.0;
    }
    let earned: f64 = tests.iter().map(TestResult::points).sum();
    100.0 * earned / planned as f64
}

/// The report could not be written.
#[derive(Debug, thiserror::Error)]
#[error("cannot write {}: {source}", path.display())]
pub struct ReportError {
    /// The file being written.
    pub path: PathBuf,
    /// The underlying error.
    #[source]
    pub source: io::Error,
}

/// Replaces `path` with `bytes` so that readers see the old file or the whole new one, never a
/// part: the bytes go to a new temporary file in the same directory, which is flushed to disk
/// and then renamed over `path`.
///
/// ```
/// let dir = tempfile::tempdir()?;
/// let path = dir.path().join("report.json");
/// duel_arena::report::write_atomically(&path, b"{}")?;
/// assert_eq!(std::fs::read(&path)?, b"{}");
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_owned(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file path"))?;
    let temp = temp_path(&dir, &name.to_string_lossy());
    let written = (|| {
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        std::fs::rename(&temp, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&temp);
        return written;
    }
    // Make the rename itself durable; not every file system lets a directory be synced.
    if let Ok(dir) = std::fs::File::open(&dir) {
        let _ = dir.sync_all();
    }
    Ok(())
}

fn temp_path(dir: &Path, name: &str) -> PathBuf {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let unique = COUNTER.fetch_add(1, Ordering::Relaxed);
    dir.join(format!(".{name}.{}.{unique}.tmp", std::process::id()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(index: usize, verdict: Verdict) -> TestResult {
        TestResult {
            index,
            input: "4 3 2 4 2 3 2".into(),
            verdict,
            reason: (verdict != Verdict::Win).then(|| "because".into()),
            moves: 6,
            move_list: Some("2 3 5 4 5 7".into()),
            summary: Some("11-9".into()),
            time_ms: 3,
            wall_ms: 4,
            memory_kb: 1500,
            first_mistake: None,
        }
    }

    #[test]
    fn the_json_uses_the_verdict_names_and_round_trips() {
        let report = Report::new(
            "ioiwari",
            "./a.out",
            3,
            vec![result(1, Verdict::Win), result(2, Verdict::IllegalMove)],
            true,
        );
        let json = report.to_json();
        assert!(json.contains("\"verdict\": \"illegal_move\""), "{json}");
        assert!(json.contains("\"interrupted\": true"), "{json}");
        let value: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert!((value["score"].as_f64().unwrap() - 100.0 / 3.0).abs() < 1e-9);
        let back: Report = serde_json::from_str(&json).unwrap();
        assert_eq!(back, report);
    }

    #[test]
    fn rankings_share_ranks_on_equal_scores() {
        let report = |name: &str, verdicts: &[Verdict]| {
            let tests = verdicts
                .iter()
                .enumerate()
                .map(|(i, v)| result(i + 1, *v))
                .collect();
            Report::new("ioiwari", name, 2, tests, false)
        };
        let reports = [
            report("half", &[Verdict::Win, Verdict::Loss]),
            report("all", &[Verdict::Win, Verdict::Win]),
            report("half too", &[Verdict::Draw, Verdict::Draw]),
            report("none", &[Verdict::CompileError, Verdict::CompileError]),
        ];
        let ranking = rank(&reports);
        let rows: Vec<(usize, &str)> = ranking
            .iter()
            .map(|s| (s.rank, s.submission.as_str()))
            .collect();
        assert_eq!(
            rows,
            [(1, "all"), (2, "half"), (2, "half too"), (4, "none")]
        );
        assert_eq!(ranking[3].verdicts["compile_error"], 2);
        assert_eq!(ranking[0].time_ms, 6);
        let batch = BatchReport::new("ioiwari", 2, reports.to_vec());
        let back: BatchReport = serde_json::from_str(&batch.to_json()).unwrap();
        assert_eq!(back, batch);
        assert_eq!(batch.to_csv().lines().count(), 5);
    }

    #[test]
    fn no_planned_tests_score_zero() {
        assert_eq!(score(&[], 0), 0.0);
    }

    #[test]
    fn atomic_writes_replace_and_leave_no_temporary_files() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.json");
        write_atomically(&path, b"old").unwrap();
        write_atomically(&path, b"new").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new");
        let entries: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(entries.len(), 1);
    }

    #[test]
    fn a_missing_directory_is_an_error_naming_the_file() {
        let report = Report::new("ioiwari", "x", 0, vec![], false);
        let error = report
            .write_json(Path::new("/nonexistent-dir-for-duel/r.json"))
            .unwrap_err();
        assert!(error
            .to_string()
            .contains("/nonexistent-dir-for-duel/r.json"));
    }
}
