//! The viewer of judged games: judge reports (one submission, or several with their ranking,
//! read with the judge's own types from `duel-report`) and the records of games' moves that
//! `--logs` keeps (`test-NN.moves`), opened from `duel serve --report FILE` or sent by the
//! page, and replayed in windows of moves (`/api/viewer/*`, see `API.md`). The text logs are
//! for people and are never read here.

use std::collections::VecDeque;

use duel_analysis::replay::{IoiwariReplay, MisReplay};
use duel_ioiwari::record as ioiwari_record;
use duel_ioiwari::{Board, Pit, Position as IoiwariPosition};
use duel_ioiwari::{Outcome, Player};
use duel_mis::record::MoveRecord;
use duel_mis::{Move, Position as MisPosition, StickKind};
use duel_report::{BatchReport, MisStart, MoveList, Report, Start, Task, TestResult, Verdict};
use serde::{Deserialize, Serialize};

use crate::message::one_line;

/// Most documents kept open at once; opening another closes the oldest.
pub const MAX_OPEN: usize = 16;

/// Most bytes of documents (their reports' text, their records) kept open at once; opening
/// another closes the oldest until it fits.
pub const MAX_HELD_BYTES: usize = 64 << 20;

/// The largest document the viewer opens (a larger one is refused, `413` from the API).
pub const MAX_DOCUMENT_BYTES: usize = 16 << 20;

/// The longest name (a document's, a submission's) the viewer keeps, in characters; a longer
/// one is cut, with `…`.
pub const MAX_NAME_CHARS: usize = 200;

/// The longest text of a test (its input, reason, first mistake, summary) the viewer keeps, in
/// characters; a longer one is cut, with `…` (the judge writes one line of each).
pub const MAX_TEXT_CHARS: usize = 2000;

/// `name` cut to [`MAX_NAME_CHARS`].
pub(crate) fn clip_name(name: &str) -> String {
    clip(name, MAX_NAME_CHARS)
}

/// `text` cut to `most` characters, with `…` when it was longer.
fn clip(text: &str, most: usize) -> String {
    let mut chars = text.chars();
    let mut clipped: String = chars.by_ref().take(most).collect();
    if chars.next().is_some() {
        clipped.push('…');
    }
    clipped
}

/// Why the viewer refuses a document: one line, naming it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ViewerError {
    /// Larger than [`MAX_DOCUMENT_BYTES`].
    #[error("{name}: {megabytes} MB, more than the viewer opens ({} MB)", MAX_DOCUMENT_BYTES >> 20)]
    TooLarge {
        /// The document's name.
        name: String,
        /// Its size, in whole MB.
        megabytes: usize,
    },
    /// A judge's text log (or any text that is not JSON), which is for people.
    #[error(
        "{name}: not a judge report (JSON); a judge's text log is written for people: open \
         the record of its moves beside it (test-NN.moves) instead"
    )]
    TextLog {
        /// The document's name.
        name: String,
    },
    /// Not JSON.
    #[error("{name}: not JSON: {reason}")]
    NotJson {
        /// The document's name.
        name: String,
        /// The parser's message.
        reason: String,
    },
    /// JSON, but not of a judge report's shape.
    #[error("{name}: not a judge report: {reason}")]
    NotAReport {
        /// The document's name.
        name: String,
        /// The parser's message.
        reason: String,
    },
    /// Bytes that begin as neither game's record of moves.
    #[error("{name}: not a record of moves (test-NN.moves starts with DUELIOI1 or DUELMIS1)")]
    NotARecord {
        /// The document's name.
        name: String,
    },
    /// A record of moves that is damaged or holds an illegal move.
    #[error("{name}: {reason}")]
    BadRecord {
        /// The document's name.
        name: String,
        /// What is wrong, as the record's reader says it.
        reason: String,
    },
}

impl ViewerError {
    /// `name` as an error names it: clipped, on one line.
    fn named(name: &str) -> String {
        one_line(&clip_name(name))
    }

    /// `reason` (a message that may quote the document) on one line.
    fn reason(reason: impl std::fmt::Display) -> String {
        one_line(&clip(&reason.to_string(), MAX_TEXT_CHARS))
    }
}

/// Why a test's game cannot be replayed (its note, in the viewer).
#[derive(Debug, thiserror::Error)]
enum NoReplay {
    #[error("the report gives no start of {0} for this test")]
    NoStart(Task),
    #[error("the list {0:?} is not one of {1}'s moves")]
    NotMoves(String, Task),
    #[error("the start is another game's than {0}'s")]
    OtherStart(Task),
    #[error("the list holds another game's moves than {0}'s")]
    OtherMoves(Task),
    #[error("a board has 7 pits, not {0}")]
    PitCount(usize),
    #[error(transparent)]
    Pit(#[from] duel_ioiwari::PitError),
    #[error(transparent)]
    Board(#[from] duel_ioiwari::BoardError),
    #[error(transparent)]
    Position(#[from] duel_mis::PositionError),
    #[error(transparent)]
    Moves(#[from] duel_analysis::replay::ReplayError),
}

/// A game that can be replayed, or why it cannot.
#[derive(Clone, Debug)]
pub(crate) enum Record {
    Ioiwari(IoiwariReplay),
    Mis(MisReplay),
    Missing(String),
}

/// A test's verdict in the viewer: the judge's, or `unfinished` for a record of moves that
/// stops before its game's end (the judge's report says why). Written as its name: `win`,
/// `time_limit`, `unfinished`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TestVerdict {
    /// The judge's verdict (a report's test, or the end of a whole game's record).
    Judged(Verdict),
    /// A record of moves that ends before the game does.
    Unfinished,
}

impl TestVerdict {
    /// Every verdict in the order the viewer lists them: the judge's report order, then
    /// `unfinished`.
    pub const ALL: [TestVerdict; Verdict::ALL.len() + 1] = {
        let mut all = [TestVerdict::Unfinished; Verdict::ALL.len() + 1];
        let mut at = 0;
        while at < Verdict::ALL.len() {
            all[at] = TestVerdict::Judged(Verdict::ALL[at]);
            at += 1;
        }
        all
    };

    /// Its name, as reports and the API write it.
    pub fn name(self) -> &'static str {
        match self {
            TestVerdict::Judged(verdict) => verdict.name(),
            TestVerdict::Unfinished => "unfinished",
        }
    }
}

impl Serialize for TestVerdict {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

/// How many tests of a submission ended with one verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct VerdictCount {
    /// The verdict.
    pub verdict: TestVerdict,
    /// Its tests.
    pub count: usize,
}

/// The verdicts of `tests` with their counts, in the order of [`TestVerdict::ALL`] (those no
/// test has left out).
fn verdict_counts(tests: &[TestView]) -> Vec<VerdictCount> {
    TestVerdict::ALL
        .iter()
        .map(|&verdict| VerdictCount {
            verdict,
            count: tests.iter().filter(|test| test.verdict == verdict).count(),
        })
        .filter(|counted| counted.count > 0)
        .collect()
}

/// One test as the viewer lists it.
#[derive(Clone, Debug, Serialize)]
pub struct TestView {
    /// The test's number in its report.
    pub index: usize,
    /// Its input as the report gives it, for people (an Ioiwari board, a position `p e B`).
    pub input: String,
    /// Its start, typed (the report's, or read from an older report's `input`): the seven
    /// pits of an Ioiwari board, or a position's `{p, e, b}`; `null` when the report gives
    /// none of its game.
    pub start: Option<Start>,
    /// The verdict, e.g. `win`, `time_limit`, or `unfinished` for a record that stops
    /// before the game's end.
    pub verdict: TestVerdict,
    /// Why, for every verdict but a win.
    pub reason: Option<String>,
    /// Moves played.
    pub moves: u64,
    /// The judge's note on the first move that gave value away.
    pub first_mistake: Option<String>,
    /// The final banks or pool, as the judge summed them up.
    pub summary: Option<String>,
    /// The submission's peak resident memory in KiB, `null` where no figure is known (the
    /// built-in player, a module test, a test not run, a log).
    pub memory_kb: Option<u64>,
    /// The peak memory as the judge's table shows it (`812 KB`, `<1 MB`, `-`): the report's
    /// one notation (`duel_report::memory_text`), so that the page and the terminal agree.
    pub memory: String,
    /// The submission's CPU time in milliseconds, `null` where none was measured (a log).
    pub time_ms: Option<u64>,
    /// Moves the viewer can replay (from the start); less than `moves` when the report or the
    /// log kept only part of the game.
    pub replayable_moves: u64,
    /// Why the game cannot be replayed in full, if it cannot.
    pub note: Option<String>,
    #[serde(skip)]
    pub(crate) record: Record,
}

/// One submission of an opened document.
#[derive(Clone, Debug, Serialize)]
pub struct SubmissionView {
    /// The command or file judged.
    pub player: String,
    /// Its score out of 100 (`null` for a log).
    pub score: Option<f64>,
    /// Its tests, in order.
    pub tests: Vec<TestView>,
    /// How many of its tests ended with each verdict, in the order of [`TestVerdict::ALL`]
    /// (verdicts no test has left out).
    pub verdict_counts: Vec<VerdictCount>,
}

/// A ranking line of a report with several submissions.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RankView {
    /// From 1; equal scores share a rank.
    pub rank: usize,
    /// The submission, as the batch report names it (cut to [`MAX_NAME_CHARS`]).
    pub submission: String,
    /// Its score out of 100.
    pub score: f64,
    /// Its CPU time over all tests, in milliseconds.
    #[serde(default)]
    pub time_ms: u64,
}

/// An opened report or log (`GET /api/viewer/report`).
#[derive(Clone, Debug, Serialize)]
pub struct DocumentView {
    /// Its number, for the other viewer requests.
    pub id: u64,
    /// The file's name.
    pub name: String,
    /// `report` or `log`.
    pub kind: &'static str,
    /// `ioiwari` or `mis`.
    pub game: Task,
    /// Tests each submission was to meet.
    pub planned: usize,
    /// Whether judging was interrupted.
    pub interrupted: bool,
    /// The ranking, when the report holds several submissions; else `null`.
    pub ranking: Option<Vec<RankView>>,
    /// Every submission of the document, in the report's order (one for a single report or a
    /// log).
    pub submissions: Vec<SubmissionView>,
    /// The bytes it was opened from, counted against [`MAX_HELD_BYTES`].
    #[serde(skip)]
    held_bytes: usize,
}

/// The documents open in the viewer.
#[derive(Debug, Default)]
pub struct Viewer {
    next_id: u64,
    open: VecDeque<DocumentView>,
    /// The open documents' bytes, at most [`MAX_HELD_BYTES`].
    held_bytes: usize,
}

impl Viewer {
    /// Opens a judge report (the JSON of `duel ... judge --report`, one submission or several
    /// with their ranking); returns its summary, or one line saying why it is refused.
    pub fn open(&mut self, name: &str, text: &str) -> Result<&DocumentView, ViewerError> {
        too_large(name, text.len())?;
        let mut document = parse_report(name, text)?;
        document.held_bytes = text.len();
        Ok(self.keep(document))
    }

    /// Opens the record of one game's moves (`test-NN.moves`, written beside each `--logs`
    /// file: [`duel_ioiwari::record`] or [`duel_mis::record`], told apart by their first
    /// bytes); returns its summary, or one line saying why it is refused.
    pub fn open_record(
        &mut self,
        name: &str,
        bytes: Vec<u8>,
    ) -> Result<&DocumentView, ViewerError> {
        too_large(name, bytes.len())?;
        let held_bytes = bytes.len();
        let mut document = parse_record(name, bytes)?;
        document.held_bytes = held_bytes;
        Ok(self.keep(document))
    }

    fn keep(&mut self, mut document: DocumentView) -> &DocumentView {
        self.next_id += 1;
        document.id = self.next_id;
        while self.open.len() == MAX_OPEN
            || (!self.open.is_empty() && self.held_bytes + document.held_bytes > MAX_HELD_BYTES)
        {
            if let Some(closed) = self.open.pop_front() {
                self.held_bytes -= closed.held_bytes;
            }
        }
        self.held_bytes += document.held_bytes;
        self.open.push_back(document);
        self.open.back().expect("just pushed")
    }

    /// The bytes of the documents open, at most [`MAX_HELD_BYTES`].
    pub fn held_bytes(&self) -> usize {
        self.held_bytes
    }

    /// The documents open, oldest first.
    pub fn documents(&self) -> impl Iterator<Item = &DocumentView> {
        self.open.iter()
    }

    /// The document `id`.
    pub fn document(&self, id: u64) -> Option<&DocumentView> {
        self.open.iter().find(|document| document.id == id)
    }
}

/// Refuses a document of more than [`MAX_DOCUMENT_BYTES`].
fn too_large(name: &str, bytes: usize) -> Result<(), ViewerError> {
    if bytes > MAX_DOCUMENT_BYTES {
        return Err(ViewerError::TooLarge {
            name: ViewerError::named(name),
            megabytes: bytes >> 20,
        });
    }
    Ok(())
}

/// Whether a report holds a ranking (several submissions), found without keeping anything of
/// the text.
#[derive(Deserialize)]
struct Shape {
    #[serde(default)]
    ranking: Option<serde::de::IgnoredAny>,
}

/// Reads a report with the judge's own types ([`duel_report`]), one submission or several.
fn parse_report(name: &str, text: &str) -> Result<DocumentView, ViewerError> {
    if !text.trim_start().starts_with('{') {
        return Err(ViewerError::TextLog {
            name: ViewerError::named(name),
        });
    }
    // The report is read straight into its types, never into a tree of values (a report of
    // 16 MB would take several times that).
    let shape: Shape = serde_json::from_str(text).map_err(|error| ViewerError::NotJson {
        name: ViewerError::named(name),
        reason: ViewerError::reason(error),
    })?;
    let not_report = |error: serde_json::Error| ViewerError::NotAReport {
        name: ViewerError::named(name),
        reason: ViewerError::reason(error),
    };
    let (game, planned, interrupted, ranking, reports) = if shape.ranking.is_some() {
        let batch: BatchReport = serde_json::from_str(text).map_err(not_report)?;
        let ranking = batch
            .ranking
            .iter()
            .map(|standing| RankView {
                rank: standing.rank,
                submission: clip_name(&standing.submission),
                score: standing.score,
                time_ms: standing.time_ms,
            })
            .collect();
        (
            batch.game,
            batch.planned,
            batch.interrupted,
            Some(ranking),
            batch.submissions,
        )
    } else {
        let report: Report = serde_json::from_str(text).map_err(not_report)?;
        let head = (report.game, report.planned, report.interrupted);
        (head.0, head.1, head.2, None, vec![report])
    };
    let submissions = reports
        .into_iter()
        .map(|report| submission(game, report))
        .collect();
    Ok(DocumentView {
        id: 0,
        name: clip_name(name),
        kind: "report",
        game,
        planned,
        interrupted,
        ranking,
        submissions,
        held_bytes: 0,
    })
}

fn submission(game: Task, report: Report) -> SubmissionView {
    let tests: Vec<TestView> = report
        .tests
        .into_iter()
        .map(|test| {
            let record = match &test.move_list {
                None => Record::Missing(format!(
                    "the report lists no moves for this game of {} moves",
                    test.moves
                )),
                Some(list) => replay(game, test.start.as_ref(), list),
            };
            view(&test, record)
        })
        .collect();
    SubmissionView {
        player: clip_name(&report.player),
        score: Some(report.score),
        verdict_counts: verdict_counts(&tests),
        tests,
    }
}

/// The moves a replay holds, from the start.
fn known_moves(record: &Record) -> u64 {
    match record {
        Record::Ioiwari(replay) => replay.len() as u64,
        Record::Mis(replay) => replay.len(),
        Record::Missing(_) => 0,
    }
}

fn view(test: &TestResult, record: Record) -> TestView {
    let replayable_moves = known_moves(&record);
    let note = match &record {
        Record::Missing(why) => Some(why.clone()),
        _ if replayable_moves < test.moves => Some(format!(
            "only the first {replayable_moves} of {} moves are known",
            test.moves
        )),
        _ => None,
    };
    TestView {
        index: test.index,
        input: clip(&test.input, MAX_TEXT_CHARS),
        start: test.start.clone(),
        verdict: TestVerdict::Judged(test.verdict),
        reason: test
            .reason
            .as_deref()
            .map(|text| clip(text, MAX_TEXT_CHARS)),
        moves: test.moves,
        first_mistake: test
            .first_mistake
            .as_deref()
            .map(|text| clip(text, MAX_TEXT_CHARS)),
        summary: test
            .summary
            .as_deref()
            .map(|text| clip(text, MAX_TEXT_CHARS)),
        memory_kb: test.memory_kb,
        memory: test.memory_text(),
        time_ms: Some(test.time_ms),
        replayable_moves,
        note,
        record,
    }
}

/// The replay of a report's move list from the test's typed start (no text is parsed here:
/// an older report's strings were read with the report).
fn replay(game: Task, start: Option<&Start>, list: &MoveList) -> Record {
    replayed(game, start, list)
        .unwrap_or_else(|why| Record::Missing(format!("the moves do not replay: {why}")))
}

fn replayed(game: Task, start: Option<&Start>, list: &MoveList) -> Result<Record, NoReplay> {
    match (game, start, list) {
        (_, None, _) => Err(NoReplay::NoStart(game)),
        (Task::Ioiwari, Some(Start::Ioiwari(pits)), MoveList::Ioiwari(moves)) => {
            let board = ioiwari_board(pits)?;
            let pits = moves
                .iter()
                .map(|&pit| Pit::new(pit))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Record::Ioiwari(IoiwariReplay::new(
                IoiwariPosition::start(board),
                &pits,
            )?))
        }
        (Task::Mis, Some(Start::Mis(MisStart { p, e, b })), MoveList::Mis(takes)) => {
            let start = MisPosition::new(*p, *e, *b)?;
            let moves: Vec<Move> = takes
                .iter()
                .map(|taken| Move::new(taken.take_p, taken.take_e))
                .collect();
            Ok(Record::Mis(MisReplay::new(start, &moves)?))
        }
        (_, _, MoveList::Text(text)) => Err(NoReplay::NotMoves(clip_name(text), game)),
        (_, Some(start), _) if start.task() != game => Err(NoReplay::OtherStart(game)),
        _ => Err(NoReplay::OtherMoves(game)),
    }
}

/// An Ioiwari start board from its pits, checked as the rules check a board.
fn ioiwari_board(pits: &[u8]) -> Result<Board, NoReplay> {
    let pits: [u8; 7] = pits
        .try_into()
        .map_err(|_| NoReplay::PitCount(pits.len()))?;
    Ok(Board::new(pits)?)
}

/// A move record as a document of one test: its verdict is the game's end for the side
/// judged (Ioiwari's player 1, Bolek), or `unfinished` when the record stops before the end
/// (the judge's report says why).
fn parse_record(name: &str, bytes: Vec<u8>) -> Result<DocumentView, ViewerError> {
    let damaged = |reason: &dyn std::fmt::Display| ViewerError::BadRecord {
        name: ViewerError::named(name),
        reason: ViewerError::reason(reason),
    };
    let (game, input, verdict, summary, record) = if bytes.starts_with(&ioiwari_record::MAGIC) {
        let parsed = ioiwari_record::MoveRecord::parse(&bytes).map_err(|error| damaged(&error))?;
        let last = parsed.last();
        let verdict = match last.outcome() {
            None => TestVerdict::Unfinished,
            Some(Outcome::Win(Player::One)) => TestVerdict::Judged(Verdict::Win),
            Some(Outcome::Win(Player::Two)) => TestVerdict::Judged(Verdict::Loss),
            Some(Outcome::Draw) => TestVerdict::Judged(Verdict::Draw),
        };
        let replay = IoiwariReplay::new(IoiwariPosition::start(parsed.start()), parsed.moves())
            .map_err(|error| damaged(&error))?;
        let summary = format!("{}-{}", last.banks.one, last.banks.two);
        let record = Record::Ioiwari(replay);
        let start = Start::Ioiwari(parsed.start().pits().to_vec());
        (
            Task::Ioiwari,
            (parsed.start().to_string(), start),
            verdict,
            summary,
            record,
        )
    } else if bytes.starts_with(&duel_mis::record::MAGIC) {
        let parsed = MoveRecord::parse(bytes).map_err(|error| damaged(&error))?;
        let last = parsed.position(parsed.len());
        // Bolek moves first: whoever took the last stick won.
        let verdict = match (last.is_over(), parsed.len() % 2 == 1) {
            (false, _) => TestVerdict::Unfinished,
            (true, true) => TestVerdict::Judged(Verdict::Win),
            (true, false) => TestVerdict::Judged(Verdict::Loss),
        };
        let first = parsed.start();
        let start = Start::Mis(MisStart {
            p: first.p(),
            e: first.e(),
            b: first.bound(),
        });
        let (start, summary) = (
            (first.to_string(), start),
            format!(
                "{} {}",
                last.count(StickKind::Pooh),
                last.count(StickKind::Eeyore)
            ),
        );
        (
            Task::Mis,
            start,
            verdict,
            summary,
            Record::Mis(MisReplay::from_record(parsed)),
        )
    } else {
        return Err(ViewerError::NotARecord {
            name: ViewerError::named(name),
        });
    };
    // A record holds every move of its game, so all of them replay.
    let moves = known_moves(&record);
    let (input, start) = input;
    let test = TestView {
        index: 1,
        input,
        start: Some(start),
        verdict,
        reason: (verdict == TestVerdict::Unfinished).then(|| {
            "the record ends before the game does: the judge's report says why".to_string()
        }),
        moves,
        first_mistake: None,
        summary: Some(summary),
        memory_kb: None,
        memory: duel_report::memory_text(None, None),
        time_ms: None,
        replayable_moves: moves,
        note: None,
        record,
    };
    Ok(DocumentView {
        id: 0,
        name: clip_name(name),
        kind: "record",
        game,
        planned: 1,
        interrupted: false,
        ranking: None,
        submissions: vec![SubmissionView {
            player: clip_name(name),
            score: None,
            verdict_counts: verdict_counts(std::slice::from_ref(&test)),
            tests: vec![test],
        }],
        held_bytes: 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_of_one_and_of_several_submissions() {
        let one = r#"{"game":"ioiwari","player":"./a.out","score":50.0,"planned":2,"interrupted":false,
            "tests":[{"index":1,"input":"4 3 2 4 2 3 2","verdict":"win","reason":null,"moves":6,
              "move_list":"2 3 5 4 5 7","summary":"11-9","time_ms":1,"wall_ms":1,"memory_kb":1,"first_mistake":null},
              {"index":2,"input":"4 3 2 4 2 3 2","verdict":"time_limit","reason":"too slow","moves":0,
              "move_list":null,"summary":null,"time_ms":1,"wall_ms":1,"memory_kb":1,"first_mistake":null}]}"#;
        let mut viewer = Viewer::default();
        let doc = viewer.open("report.json", one).unwrap();
        assert!(doc.ranking.is_none());
        let tests = &doc.submissions[0].tests;
        assert_eq!(tests[0].replayable_moves, 6);
        assert!(tests[0].note.is_none());
        assert_eq!(tests[1].replayable_moves, 0);
        let batch = format!(
            r#"{{"game":"ioiwari","planned":2,"interrupted":false,
              "ranking":[{{"rank":1,"submission":"a","score":50.0,"verdicts":{{}},"time_ms":3}}],
              "submissions":[{one}]}}"#
        );
        let doc = viewer.open("batch.json", &batch).unwrap();
        assert_eq!(doc.ranking.as_ref().unwrap()[0].submission, "a");
        assert_eq!(doc.submissions.len(), 1);
        assert_eq!(viewer.documents().count(), 2);
        assert!(viewer.open("x.json", "{\"game\": 3}").is_err());
        assert!(viewer.open("x.txt", "hello").is_err());
    }

    /// Typed lists replay as they are; a list of the other game's moves, or an older
    /// report's string that is no list of its game, leaves its test without a replay.
    #[test]
    fn typed_move_lists_replay_and_lists_of_another_shape_do_not() {
        let report = |game: &str, input: &str, lists: [&str; 3]| {
            let tests: Vec<String> = lists
                .iter()
                .enumerate()
                .map(|(at, list)| {
                    format!(
                        r#"{{"index":{},"input":"{input}","verdict":"win","reason":null,"moves":2,
                          "move_list":{list},"summary":null,"time_ms":1,"wall_ms":1,
                          "memory_kb":null,"first_mistake":null}}"#,
                        at + 1
                    )
                })
                .collect();
            format!(
                r#"{{"game":"{game}","player":"p","score":100.0,"planned":3,"interrupted":false,
                  "tests":[{}]}}"#,
                tests.join(",")
            )
        };
        let mut viewer = Viewer::default();
        let ioiwari = report(
            "ioiwari",
            "4 3 2 4 2 3 2",
            ["[2, 3]", r#"[{"take_p": 1, "take_e": 0}]"#, r#""2 x""#],
        );
        let mis = report(
            "mis",
            "3 4 5",
            [
                r#"[{"take_p": 1, "take_e": 0}, {"take_p": 0, "take_e": 4}]"#,
                "[2, 3]",
                r#""1 0, 2""#,
            ],
        );
        for (name, text) in [("ioiwari.json", ioiwari), ("mis.json", mis)] {
            let doc = viewer.open(name, &text).unwrap();
            let tests = &doc.submissions[0].tests;
            assert_eq!(tests[0].replayable_moves, 2, "{name}");
            assert!(tests[0].note.is_none(), "{name}");
            for test in &tests[1..] {
                assert_eq!(test.replayable_moves, 0, "{name}");
                let note = test.note.as_deref().unwrap();
                assert!(
                    note.starts_with("the moves do not replay"),
                    "{name}: {note}"
                );
            }
        }
    }

    /// A test replays from its typed start, whatever its `input` text says (the text is for
    /// people); an older report's test, without one, replays from the start its input gives
    /// (read with the report), and a test whose input gives none has no replay.
    #[test]
    fn games_replay_from_the_typed_start_and_older_reports_from_their_input() {
        let test = |input: &str, start: &str| {
            format!(
                r#"{{"index":1,"input":"{input}",{start}"verdict":"win","reason":null,"moves":2,
                  "move_list":[{{"take_p":1,"take_e":0}},{{"take_p":0,"take_e":4}}],
                  "summary":null,"time_ms":1,"wall_ms":1,"memory_kb":null,"first_mistake":null}}"#
            )
        };
        let report = |tests: [String; 3]| {
            format!(
                r#"{{"game":"mis","player":"p","score":100.0,"planned":3,"interrupted":false,
                  "tests":[{}]}}"#,
                tests.join(",")
            )
        };
        let text = report([
            test("a position", r#""start":{"p":3,"e":4,"b":5},"#),
            test("3 4 5", ""),
            test("a position", ""),
        ]);
        let mut viewer = Viewer::default();
        let doc = viewer.open("mis.json", &text).unwrap();
        let tests = &doc.submissions[0].tests;
        let typed = Some(Start::Mis(MisStart { p: 3, e: 4, b: 5 }));
        for test in &tests[..2] {
            assert_eq!(test.start, typed);
            assert_eq!((test.replayable_moves, test.note.as_deref()), (2, None));
        }
        assert_eq!(tests[2].start, None);
        assert_eq!(tests[2].replayable_moves, 0);
        let note = tests[2].note.as_deref().unwrap();
        assert!(note.contains("gives no start of mis"), "{note}");
        let json = serde_json::to_value(&tests[0]).unwrap();
        assert_eq!(json["start"], serde_json::json!({"p": 3, "e": 4, "b": 5}));
    }

    /// The counts are the tests' verdicts counted one by one, in the report's order of
    /// verdicts whatever the tests' order, and `unfinished` last.
    #[test]
    fn verdict_counts_follow_the_reports_order_of_verdicts() {
        let verdicts = [
            "time_limit",
            "win",
            "loss",
            "time_limit",
            "compile_error",
            "win",
            "win",
        ];
        let tests: Vec<String> = verdicts
            .iter()
            .enumerate()
            .map(|(at, verdict)| {
                format!(
                    r#"{{"index":{},"input":"7 2 3","verdict":"{verdict}","reason":null,"moves":0,
                      "move_list":null,"summary":null,"time_ms":1,"wall_ms":1,"memory_kb":null,
                      "first_mistake":null}}"#,
                    at + 1
                )
            })
            .collect();
        let report = format!(
            r#"{{"game":"mis","player":"p","score":30.0,"planned":7,"interrupted":false,
              "tests":[{}]}}"#,
            tests.join(",")
        );
        let mut viewer = Viewer::default();
        let doc = viewer.open("r.json", &report).unwrap();
        let counts = serde_json::to_value(&doc.submissions[0].verdict_counts).unwrap();
        assert_eq!(
            counts,
            serde_json::json!([
                {"verdict": "win", "count": 3}, {"verdict": "loss", "count": 1},
                {"verdict": "time_limit", "count": 2}, {"verdict": "compile_error", "count": 1}
            ])
        );
        let names: Vec<&str> = TestVerdict::ALL.iter().map(|v| v.name()).collect();
        assert_eq!(names.last(), Some(&"unfinished"));
        assert_eq!(names.len(), Verdict::ALL.len() + 1);
    }

    #[test]
    fn a_text_log_is_refused_and_pointed_to_its_record() {
        let log = "start 4 3 2 4 2 3 2 banks 0 0\n1. player 1 plays 2 -> 4 0 3 5 0 3 2 banks 3 0\n";
        let error = Viewer::default().open("test-01.out", log).unwrap_err();
        assert!(error.to_string().contains("test-NN.moves"), "{error}");
    }

    #[test]
    fn records_of_both_games_name_their_verdict_from_the_game() {
        use duel_ioiwari::{Pit, Table};
        let start: Board = "4 3 2 4 2 3 2".parse().unwrap();
        // A whole game by the table's first best moves: player 1 wins this start.
        let table = Table::solve();
        let (mut position, mut pits) = (IoiwariPosition::start(start), Vec::new());
        while !position.is_over() {
            let pit = table.first_best_move(position.board).unwrap();
            position = position.play(pit).unwrap();
            pits.push(pit);
        }
        let mut viewer = Viewer::default();
        let whole = ioiwari_record::encode(start, &pits);
        let doc = viewer.open_record("test-01.moves", whole).unwrap();
        let test = &doc.submissions[0].tests[0];
        let expected = match position.outcome() {
            Some(Outcome::Win(Player::One)) => "win",
            Some(Outcome::Win(Player::Two)) => "loss",
            _ => "draw",
        };
        assert_eq!((doc.kind, doc.game), ("record", Task::Ioiwari));
        assert_eq!(test.verdict.name(), expected);
        assert_eq!(test.replayable_moves, pits.len() as u64);
        let cut = ioiwari_record::encode(start, &pits[..1]);
        let doc = viewer.open_record("test-02.moves", cut).unwrap();
        assert_eq!(doc.submissions[0].tests[0].verdict, TestVerdict::Unfinished);
        assert!(viewer
            .open_record(
                "x.moves",
                ioiwari_record::encode(start, &[Pit::new(1).unwrap(); 9])
            )
            .is_err());

        // Pooh-Eeyore-sticks: Bolek takes the last stick after an odd number of moves.
        let mis_start = MisPosition::new(7, 2, 3).unwrap();
        let record = |moves: &[Move]| {
            let mut writer = duel_mis::record::RecordWriter::new(mis_start);
            moves.iter().for_each(|&mv| writer.push(mv));
            writer.finish()
        };
        let game = [Move::both(1), Move::pooh(3), Move::eeyore(1), Move::pooh(3)];
        let doc = viewer.open_record("a.moves", record(&game)).unwrap();
        assert_eq!(doc.submissions[0].tests[0].verdict.name(), "loss");
        let doc = viewer.open_record("b.moves", record(&game[..3])).unwrap();
        assert_eq!(doc.submissions[0].tests[0].verdict, TestVerdict::Unfinished);
        let won = [Move::pooh(3), Move::both(2), Move::pooh(2)];
        let doc = viewer.open_record("c.moves", record(&won)).unwrap();
        assert_eq!(doc.submissions[0].tests[0].verdict.name(), "win");
        assert!(viewer.open_record("d.moves", b"DUELXXXX".to_vec()).is_err());
    }

    #[test]
    fn the_bytes_held_stay_bounded_by_closing_the_oldest() {
        let mut viewer = Viewer::default();
        let padding = "x".repeat(10 << 20);
        for n in 0..12 {
            let text = format!(
                "{{\"game\": \"mis\", \"player\": \"{padding}\", \"score\": 0.0, \
                 \"planned\": 0, \"interrupted\": false, \"tests\": []}}"
            );
            let id = viewer.open(&format!("r{n}.json"), &text).unwrap().id;
            assert!(viewer.held_bytes() <= MAX_HELD_BYTES);
            assert!(viewer.document(id).is_some(), "the newest stays open");
        }
        assert!(viewer.documents().count() < 12);
    }
}
