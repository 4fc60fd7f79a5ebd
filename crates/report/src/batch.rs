//! Several submissions judged together: the ranking and every report.

use crate::untrusted::csv_cell;
use crate::{Report, Task, Verdict};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One submission's line in a ranking.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RankingRow {
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
/// use duel_report::{rank, Task, Report};
/// let report = |name: &str, tests| Report::new(Task::Ioiwari, name, 2, tests, false);
/// let standings = rank(&[report("a", vec![]), report("b", vec![]), report("c", vec![])]);
/// let ranks: Vec<usize> = standings.iter().map(|s| s.rank).collect();
/// assert_eq!(ranks, [1, 1, 1]);
/// ```
pub fn rank(reports: &[Report]) -> Vec<RankingRow> {
    let mut standings: Vec<RankingRow> = reports
        .iter()
        .map(|report| {
            let mut verdicts = BTreeMap::new();
            for test in &report.tests {
                *verdicts.entry(test.verdict.name().to_owned()).or_insert(0) += 1;
            }
            RankingRow {
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
    /// The game (`"ioiwari"` or `"mis"` in JSON).
    pub game: Task,
    /// How many tests every submission was to meet.
    pub planned: usize,
    /// True when judging was interrupted (Ctrl-C).
    pub interrupted: bool,
    /// The ranking, best first.
    pub ranking: Vec<RankingRow>,
    /// Each submission's full report, in the order the submissions were given.
    pub submissions: Vec<Report>,
}

impl BatchReport {
    /// The batch report of these reports (ranked here).
    pub fn new(game: Task, planned: usize, submissions: Vec<Report>) -> BatchReport {
        BatchReport {
            game,
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

    /// The ranking as CSV: `rank,submission,score,time_ms` and one column per verdict the game
    /// can produce ([`Verdict::of_game`]). Cells a submission named are escaped and neutralised
    /// ([`csv_cell`]).
    ///
    /// ```
    /// use duel_report::{BatchReport, Task, Report};
    /// let batch = BatchReport::new(Task::Mis, 0, vec![Report::new(Task::Mis, "a, \"b\"", 0, vec![], false)]);
    /// let csv = batch.to_csv();
    /// assert!(csv.starts_with("rank,submission,score,time_ms,win,loss,"));
    /// assert!(csv.lines().nth(1).unwrap().starts_with("1,\"a, \"\"b\"\"\",0.00,0,0,"));
    /// ```
    pub fn to_csv(&self) -> String {
        let verdicts = Verdict::of_game(self.game);
        let mut csv = String::from("rank,submission,score,time_ms");
        for verdict in &verdicts {
            csv.push(',');
            csv.push_str(verdict.name());
        }
        csv.push('\n');
        for standing in &self.ranking {
            csv.push_str(&format!(
                "{},{},{:.2},{}",
                standing.rank,
                csv_cell(&standing.submission),
                standing.score,
                standing.time_ms
            ));
            for verdict in &verdicts {
                let count = standing.verdicts.get(verdict.name()).copied().unwrap_or(0);
                csv.push_str(&format!(",{count}"));
            }
            csv.push('\n');
        }
        csv
    }

    /// Every test of every submission as CSV, a row each, in the order the submissions were
    /// given: `submission,test,input,verdict,points` (the share of the test earned: 1, 0.5,
    /// 0), `moves,time_ms,wall_ms,memory_kb` (empty where no figure is known),
    /// `memory_resolution_kb,summary,reason,first_mistake`. Text cells are escaped and
    /// neutralised ([`csv_cell`]).
    ///
    /// ```
    /// use duel_report::{BatchReport, Task, Report, TestResult, Verdict};
    /// let lost = TestResult::unplayed(1, "7 2 3".into(), Verdict::CompileError, "=no".into());
    /// let batch = BatchReport::new(Task::Mis, 1, vec![Report::new(Task::Mis, "b.c", 1, vec![lost], false)]);
    /// let csv = batch.to_tests_csv();
    /// assert_eq!(csv.lines().nth(1), Some("b.c,1,7 2 3,compile_error,0,0,0,0,,,,'=no,"));
    /// ```
    pub fn to_tests_csv(&self) -> String {
        let mut csv = String::from(
            "submission,test,input,verdict,points,moves,time_ms,wall_ms,memory_kb,\
             memory_resolution_kb,summary,reason,first_mistake\n",
        );
        let number = |n: Option<u64>| n.map(|n| n.to_string()).unwrap_or_default();
        let text = |t: &Option<String>| t.as_deref().map(csv_cell).unwrap_or_default();
        for report in &self.submissions {
            for test in &report.tests {
                csv.push_str(&format!(
                    "{},{},{},{},{},{},{},{},{},{},{},{},{}\n",
                    csv_cell(&report.player),
                    test.index,
                    csv_cell(&test.input),
                    test.verdict.name(),
                    test.points(),
                    test.moves,
                    test.time_ms,
                    test.wall_ms,
                    number(test.memory_kb),
                    number(test.memory_resolution_kb),
                    text(&test.summary),
                    text(&test.reason),
                    text(&test.first_mistake),
                ));
            }
        }
        csv
    }
}
