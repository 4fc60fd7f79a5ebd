//! The schema of what duel's judges write (`--report FILE`, `--json`) and what its viewer
//! reads: one [`TestResult`] per test with its [`Verdict`], its [`Start`] and its
//! [`MoveList`] typed per [`Task`], one [`Report`] per submission, and a
//! [`BatchReport`] with the ranking when several are judged together. `crates/web/API.md`
//! documents the JSON.
//!
//! These are plain data with serde: no I/O. The judge (`duel-arena`) fills them and writes them
//! atomically; the viewer (`duel-web`) reads them back with the same types, so the two cannot
//! drift apart. [`untrusted`] (the crate `duel-untrusted`, re-exported) shows a submission's text
//! (its output, its name, its compiler's messages) escaped and clipped, for a terminal, a table
//! or a CSV cell.
//!
//! ```
//! use duel_report::{Task, Report, Start, TestResult, Verdict};
//! let mut win = TestResult::unplayed(1, "4 3 2 4 2 3 2".into(), Verdict::Win, String::new());
//! win.start = Some(Start::Ioiwari(vec![4, 3, 2, 4, 2, 3, 2]));
//! let report = Report::new(Task::Ioiwari, "./a.out", 2, vec![win], false);
//! assert_eq!(report.score, 50.0);
//! let read: Report = serde_json::from_str(&report.to_json())?;
//! assert_eq!(read, report);
//! # Ok::<(), serde_json::Error>(())
//! ```

mod batch;
mod build;
mod moves;
mod start;
mod submission;
mod task;
mod test_result;
mod verdict;

pub use batch::{rank, BatchReport, RankingRow};
pub use build::{BuildRecord, Target};
pub use moves::{MoveList, SticksTaken};
pub use start::{MisStart, Start};
pub use submission::{score, Report};
pub use task::{ParseTaskError, Task};
pub use test_result::{kb_text, measured_kb, memory_text, points, TestResult};
pub use verdict::Verdict;

/// Showing a submission's text escaped and clipped: `duel-untrusted`, under the name it has
/// always had here.
pub use duel_untrusted as untrusted;

#[cfg(test)]
mod tests {
    use super::*;

    fn result(index: usize, verdict: Verdict) -> TestResult {
        TestResult {
            index,
            input: "4 3 2 4 2 3 2".into(),
            start: Some(Start::Ioiwari(vec![4, 3, 2, 4, 2, 3, 2])),
            verdict,
            reason: (verdict != Verdict::Win).then(|| "because".into()),
            moves: 6,
            move_list: Some(MoveList::Ioiwari(vec![2, 3, 5, 4, 5, 7])),
            summary: Some("11-9".into()),
            time_ms: 3,
            wall_ms: 4,
            memory_kb: Some(1500),
            memory_resolution_kb: Some(4),
            first_mistake: None,
        }
    }

    #[test]
    fn the_json_uses_the_verdict_names_and_round_trips() {
        let report = Report::new(
            Task::Ioiwari,
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
    fn an_unknown_memory_figure_is_null_and_an_older_reports_zero_reads_as_null() {
        let mut unknown = result(1, Verdict::Win);
        unknown.memory_kb = None;
        let report = Report::new(
            Task::Mis,
            "x",
            2,
            vec![unknown, result(2, Verdict::Win)],
            false,
        );
        let value: serde_json::Value = serde_json::from_str(&report.to_json()).unwrap();
        assert!(value["tests"][0]["memory_kb"].is_null(), "{value}");
        assert_eq!(value["tests"][1]["memory_kb"], 1500);
        let older = report
            .to_json()
            .replacen("\"memory_kb\": null", "\"memory_kb\": 0", 1);
        assert!(older.contains("\"memory_kb\": 0"), "{older}");
        let back: Report = serde_json::from_str(&older).unwrap();
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
            Report::new(Task::Ioiwari, name, 2, tests, false)
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
        let batch = BatchReport::new(Task::Ioiwari, 2, reports.to_vec());
        let back: BatchReport = serde_json::from_str(&batch.to_json()).unwrap();
        assert_eq!(back, batch);
        assert_eq!(batch.to_csv().lines().count(), 5);
    }

    /// Reports written before the move lists were typed (fixtures typed by hand in that
    /// format) are read, their strings as their game's moves; written again, the lists are
    /// arrays, and those read back the same.
    #[test]
    fn older_reports_with_string_move_lists_are_read_typed() {
        let ioiwari: Report =
            serde_json::from_str(include_str!("../fixtures/ioiwari-report-untyped.json")).unwrap();
        assert_eq!(
            ioiwari.tests[0].move_list,
            Some(MoveList::Ioiwari(vec![2, 3, 5, 4, 5, 7]))
        );
        assert_eq!(ioiwari.tests[1].move_list, None);
        let batch: BatchReport =
            serde_json::from_str(include_str!("../fixtures/mis-batch-untyped.json")).unwrap();
        let take = |take_p, take_e| SticksTaken { take_p, take_e };
        let lists: Vec<_> = batch.submissions[0]
            .tests
            .iter()
            .map(|test| test.move_list.clone())
            .collect();
        assert_eq!(
            lists,
            [
                Some(MoveList::Mis(vec![take(1, 0), take(0, 2), take(2, 2)])),
                // One move of two numbers, not two Ioiwari pits: the report's game says so.
                Some(MoveList::Mis(vec![take(3, 4)])),
                Some(MoveList::Mis(vec![])),
            ]
        );
        for json in [ioiwari.to_json(), batch.to_json()] {
            let value: serde_json::Value = serde_json::from_str(&json).unwrap();
            let tests = value["tests"]
                .as_array()
                .or(value["submissions"][0]["tests"].as_array())
                .unwrap();
            assert!(tests[0]["move_list"].is_array(), "{json}");
        }
        // Their tests hold no typed start: it is read from each test's input.
        assert_eq!(
            ioiwari.tests[1].start,
            Some(Start::Ioiwari(vec![4, 3, 2, 4, 2, 3, 2]))
        );
        let starts: Vec<_> = batch.submissions[0]
            .tests
            .iter()
            .map(|test| test.start.clone())
            .collect();
        let mis = |p, e, b| Some(Start::Mis(MisStart { p, e, b }));
        assert_eq!(starts, [mis(3, 4, 2), mis(3, 4, 5), mis(0, 0, 1)]);
        let again: BatchReport = serde_json::from_str(&batch.to_json()).unwrap();
        assert_eq!(again, batch);
        assert_eq!(
            serde_json::from_str::<Report>(&ioiwari.to_json()).unwrap(),
            ioiwari
        );
    }

    #[test]
    fn a_string_that_is_no_list_of_the_game_stays_text() {
        for (game, text) in [
            (Task::Ioiwari, "2 x"),
            (Task::Mis, "1 0, 2"),
            (Task::Mis, "1 0 0"),
        ] {
            assert_eq!(
                MoveList::read_text(game, text),
                MoveList::Text(text.to_string())
            );
        }
        assert_eq!(
            MoveList::read_text(Task::Ioiwari, ""),
            MoveList::Ioiwari(vec![])
        );
    }

    /// A report written now names its game as before and gives each test's start typed
    /// beside its input; an input that is no start of the report's game gives none.
    #[test]
    fn the_game_is_named_as_before_and_the_start_is_typed() {
        let report = Report::new(
            Task::Ioiwari,
            "./a.out",
            1,
            vec![result(1, Verdict::Win)],
            false,
        );
        let value: serde_json::Value = serde_json::from_str(&report.to_json()).unwrap();
        assert_eq!(value["game"], "ioiwari");
        assert_eq!(
            value["tests"][0]["start"],
            serde_json::json!([4, 3, 2, 4, 2, 3, 2])
        );
        let mut position = TestResult::unplayed(1, "7 2 3".into(), Verdict::Win, String::new());
        position.start = Some(Start::Mis(MisStart { p: 7, e: 2, b: 3 }));
        let batch = BatchReport::new(
            Task::Mis,
            1,
            vec![Report::new(Task::Mis, "b", 1, vec![position], false)],
        );
        let value: serde_json::Value = serde_json::from_str(&batch.to_json()).unwrap();
        assert_eq!(value["game"], "mis");
        assert_eq!(
            value["submissions"][0]["tests"][0]["start"],
            serde_json::json!({"p": 7, "e": 2, "b": 3})
        );
        let odd = report.to_json().replace("\"4 3 2 4 2 3 2\"", "\"7 2 3\"");
        let odd = odd.replace("\"start\"", "\"unused\"");
        let read: Report = serde_json::from_str(&odd).unwrap();
        assert_eq!(read.tests[0].start, None);
        assert!(serde_json::from_str::<Report>(&odd.replace("ioiwari", "chess")).is_err());
    }

    #[test]
    fn no_planned_tests_score_zero() {
        assert_eq!(score(&[], 0), 0.0);
    }
}
