//! The viewer of judged games: judge reports (one submission, or several with their ranking)
//! and `--logs` files, opened from `duel serve --report FILE` or sent by the page, and
//! replayed in windows of moves (`/api/viewer/*`, see `API.md`).

use std::collections::VecDeque;

use duel_analysis::replay::{IoiwariReplay, MisReplay};
use duel_ioiwari::{Board, Position as IoiwariPosition};
use duel_mis::record::MoveRecord;
use duel_mis::{Move, Position as MisPosition};
use serde::{Deserialize, Serialize};

/// Most documents kept open at once; opening another closes the oldest.
pub const MAX_OPEN: usize = 16;

/// A game that can be replayed, or why it cannot.
#[derive(Clone, Debug)]
pub(crate) enum Record {
    Ioiwari(IoiwariReplay),
    /// The parts of the game that are known: the whole game, or a long game's start and end.
    Mis(Vec<MisReplay>),
    Missing(String),
}

/// One test as the viewer lists it.
#[derive(Clone, Debug, Serialize)]
pub struct TestView {
    /// The test's number in its report.
    pub index: usize,
    /// Its input (an Ioiwari board, a position `p e B`).
    pub input: String,
    /// The verdict's name, e.g. `win`, `time_limit`.
    pub verdict: String,
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
}

/// A ranking line of a report with several submissions.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RankView {
    /// From 1; equal scores share a rank.
    pub rank: usize,
    /// The submission.
    pub submission: String,
    /// Its score.
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
    pub game: String,
    /// Tests each submission was to meet.
    pub planned: usize,
    /// Whether judging was interrupted.
    pub interrupted: bool,
    /// The ranking, when the report holds several submissions; else `null`.
    pub ranking: Option<Vec<RankView>>,
    /// The submissions.
    pub submissions: Vec<SubmissionView>,
}

#[derive(Debug, Deserialize)]
struct ReportIn {
    game: String,
    #[serde(default)]
    player: String,
    #[serde(default)]
    score: f64,
    #[serde(default)]
    planned: usize,
    #[serde(default)]
    interrupted: bool,
    #[serde(default)]
    tests: Vec<TestIn>,
}

#[derive(Debug, Deserialize)]
struct BatchIn {
    game: String,
    #[serde(default)]
    planned: usize,
    #[serde(default)]
    interrupted: bool,
    ranking: Vec<RankView>,
    submissions: Vec<ReportIn>,
}

#[derive(Debug, Deserialize)]
struct TestIn {
    index: usize,
    input: String,
    verdict: String,
    #[serde(default)]
    reason: Option<String>,
    #[serde(default)]
    moves: u64,
    #[serde(default)]
    move_list: Option<String>,
    #[serde(default)]
    summary: Option<String>,
    #[serde(default)]
    first_mistake: Option<String>,
    /// `null` where no figure is known; reports written before that was so hold 0 there.
    #[serde(default)]
    memory_kb: Option<u64>,
}

/// The documents open in the viewer.
#[derive(Debug, Default)]
pub struct Viewer {
    next_id: u64,
    open: VecDeque<DocumentView>,
}

impl Viewer {
    /// Opens a judge report (JSON) or a `--logs` file (an `ioiwari.out` transcript or a
    /// Pooh-Eeyore-sticks game log); returns its summary.
    pub fn open(&mut self, name: &str, text: &str) -> Result<&DocumentView, String> {
        self.open_with_moves(name, text, None)
    }

    /// Opens a document as [`Viewer::open`] does; a Pooh-Eeyore-sticks log with `moves`, the
    /// record of every move the judge kept beside it (`test-NN.moves`, see
    /// `duel_mis::record`), replays the whole game, not only the moves its text lists.
    pub fn open_with_moves(
        &mut self,
        name: &str,
        text: &str,
        moves: Option<Vec<u8>>,
    ) -> Result<&DocumentView, String> {
        let mut document = parse(name, text, moves)?;
        self.next_id += 1;
        document.id = self.next_id;
        if self.open.len() == MAX_OPEN {
            self.open.pop_front();
        }
        self.open.push_back(document);
        Ok(self.open.back().expect("just pushed"))
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

fn parse(name: &str, text: &str, moves: Option<Vec<u8>>) -> Result<DocumentView, String> {
    let trimmed = text.trim_start();
    if trimmed.starts_with('{') {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|error| format!("{name}: not JSON: {error}"))?;
        if value.get("ranking").is_some() && value.get("submissions").is_some() {
            let batch: BatchIn = serde_json::from_value(value)
                .map_err(|error| format!("{name}: not a judge report: {error}"))?;
            let submissions = batch
                .submissions
                .into_iter()
                .map(|report| submission(&batch.game, report))
                .collect::<Result<_, _>>()?;
            return Ok(DocumentView {
                id: 0,
                name: name.to_string(),
                kind: "report",
                game: batch.game,
                planned: batch.planned,
                interrupted: batch.interrupted,
                ranking: Some(batch.ranking),
                submissions,
            });
        }
        let report: ReportIn = serde_json::from_value(value)
            .map_err(|error| format!("{name}: not a judge report: {error}"))?;
        let (game, planned, interrupted) =
            (report.game.clone(), report.planned, report.interrupted);
        return Ok(DocumentView {
            id: 0,
            name: name.to_string(),
            kind: "report",
            game: game.clone(),
            planned,
            interrupted,
            ranking: None,
            submissions: vec![submission(&game, report)?],
        });
    }
    if trimmed.starts_with("start ") {
        return ioiwari_log(name, text);
    }
    if trimmed.starts_with("start:") {
        return mis_log(name, text, moves);
    }
    Err(format!(
        "{name}: neither a judge report (JSON) nor a judge log (`start ...` first)"
    ))
}

fn submission(game: &str, report: ReportIn) -> Result<SubmissionView, String> {
    if game != "ioiwari" && game != "mis" {
        return Err(format!("unknown game {game:?}: expected ioiwari or mis"));
    }
    let tests = report
        .tests
        .into_iter()
        .map(|test| {
            let record = match &test.move_list {
                None => Record::Missing(format!(
                    "the report lists no moves for this game of {} moves",
                    test.moves
                )),
                Some(list) => replay(game, &test.input, list),
            };
            view(test, record)
        })
        .collect();
    Ok(SubmissionView {
        player: report.player,
        score: Some(report.score),
        tests,
    })
}

fn view(test: TestIn, record: Record) -> TestView {
    let replayable_moves = match &record {
        Record::Ioiwari(replay) => replay.len() as u64,
        Record::Mis(parts) => parts.iter().map(MisReplay::len).sum(),
        Record::Missing(_) => 0,
    };
    let note = match &record {
        Record::Missing(why) => Some(why.clone()),
        Record::Mis(parts) if parts.len() > 1 => Some(format!(
            "{replayable_moves} of {} moves are known: moves {}",
            test.moves,
            parts
                .iter()
                .map(|part| {
                    let [first, last] = part.known();
                    format!("{}-{last}", first.max(1))
                })
                .collect::<Vec<_>>()
                .join(" and ")
        )),
        _ if replayable_moves < test.moves => Some(format!(
            "only the first {replayable_moves} of {} moves are known",
            test.moves
        )),
        _ => None,
    };
    TestView {
        index: test.index,
        input: test.input,
        verdict: test.verdict,
        reason: test.reason,
        moves: test.moves,
        first_mistake: test.first_mistake,
        summary: test.summary,
        memory_kb: test.memory_kb.filter(|&kb| kb > 0),
        replayable_moves,
        note,
        record,
    }
}

/// The replay of a report's move list from the test's input.
fn replay(game: &str, input: &str, list: &str) -> Record {
    let result = if game == "ioiwari" {
        input
            .parse::<Board>()
            .map_err(|error| error.to_string())
            .and_then(|board| {
                IoiwariReplay::from_text(IoiwariPosition::start(board), list)
                    .map_err(|error| error.to_string())
            })
            .map(Record::Ioiwari)
    } else {
        input
            .parse::<MisPosition>()
            .map_err(|error| error.to_string())
            .and_then(|start| {
                let moves = list
                    .split(',')
                    .filter(|text| !text.trim().is_empty())
                    .map(|text| {
                        text.trim()
                            .parse::<Move>()
                            .map_err(|error| error.to_string())
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                MisReplay::new(start, &moves).map_err(|error| error.to_string())
            })
            .map(|replay| Record::Mis(vec![replay]))
    };
    result.unwrap_or_else(|why| Record::Missing(format!("the moves do not replay: {why}")))
}

fn log_document(name: &str, game: &str, test: TestView) -> DocumentView {
    DocumentView {
        id: 0,
        name: name.to_string(),
        kind: "log",
        game: game.to_string(),
        planned: 1,
        interrupted: false,
        ranking: None,
        submissions: vec![SubmissionView {
            player: name.to_string(),
            score: None,
            tests: vec![test],
        }],
    }
}

/// A log's verdict for the player judged (Ioiwari's player 1, Bolek), named from its last
/// line: `win`, `loss`, `draw`, a judge's verdict (`illegal_move`), `aborted` for an Ioiwari
/// game cut short, `unfinished` for a log without an ending.
///
/// ```text
/// result: player 1 wins 11-9      -> win
/// result: player 2 wins 12-8      -> loss
/// result: draw 10-10              -> draw
/// aborted: player 1: ...          -> aborted
/// result: time_limit after 4 moves -> time_limit
/// ```
fn log_verdict(ending: Option<&str>) -> String {
    let Some(ending) = ending else {
        return "unfinished".into();
    };
    if ending.starts_with("aborted:") {
        return "aborted".into();
    }
    let said = ending.strip_prefix("result:").unwrap_or(ending).trim();
    if said.starts_with("player 1 wins") {
        "win".into()
    } else if said.starts_with("player 2 wins") {
        "loss".into()
    } else {
        let word = said.split_whitespace().next().unwrap_or("unfinished");
        // A judge's verdict is a word of letters and underscores; anything else is not shown.
        if !word.is_empty() && word.chars().all(|c| c.is_ascii_lowercase() || c == '_') {
            word.into()
        } else {
            "unfinished".into()
        }
    }
}

/// `start 4 3 2 4 2 3 2 banks 0 0`, then `N. player X plays P -> ...`, then `result: ...`.
fn ioiwari_log(name: &str, text: &str) -> Result<DocumentView, String> {
    let mut lines = text.lines();
    let first = lines.next().unwrap_or_default();
    let board_text = first
        .strip_prefix("start ")
        .and_then(|rest| rest.split(" banks").next())
        .unwrap_or_default();
    let board: Board = board_text
        .parse()
        .map_err(|error| format!("{name}: the start line: {error}"))?;
    let mut pits = String::new();
    let mut ending = None;
    for line in lines {
        if let Some((_, after)) = line.split_once(" plays ") {
            pits.push_str(after.split_whitespace().next().unwrap_or_default());
            pits.push(' ');
        } else if line.starts_with("result:") || line.starts_with("aborted:") {
            ending = Some(line.to_string());
        }
    }
    let record = IoiwariReplay::from_text(IoiwariPosition::start(board), &pits)
        .map(Record::Ioiwari)
        .unwrap_or_else(|error| Record::Missing(format!("the moves do not replay: {error}")));
    let moves = pits.split_whitespace().count() as u64;
    let test = TestIn {
        index: 1,
        input: board.to_string(),
        verdict: log_verdict(ending.as_deref()),
        reason: ending,
        moves,
        move_list: None,
        summary: None,
        first_mistake: None,
        memory_kb: None,
    };
    Ok(log_document(name, "ioiwari", view(test, record)))
}

/// `start: p=7 e=2 B=3`, `N. Bolek takes p=1 e=1, leaving p=6 e=1`, `... K moves not kept ...`,
/// `result: win after 9 moves`.
fn mis_log(name: &str, text: &str, record: Option<Vec<u8>>) -> Result<DocumentView, String> {
    let field = |text: &str, key: &str| -> Option<u64> {
        text.split_whitespace()
            .find_map(|word| word.trim_end_matches(',').strip_prefix(key))
            .and_then(|number| number.parse().ok())
    };
    let mut lines = text.lines();
    let first = lines.next().unwrap_or_default();
    let (Some(p), Some(e), Some(bound)) =
        (field(first, "p="), field(first, "e="), field(first, "B="))
    else {
        return Err(format!(
            "{name}: the start line is not `start: p=P e=E B=B`"
        ));
    };
    let start = MisPosition::in_play(p, e, bound).map_err(|error| format!("{name}: {error}"))?;
    let mut moves = Vec::new();
    // After an elision: the number of the first move kept, the position before it, its moves.
    let mut tail: Option<(u64, MisPosition, Vec<Move>)> = None;
    let mut elided = false;
    let mut ending = None;
    let mut total = 0u64;
    // The number of moves the result line gives.
    let mut stated: Option<u64> = None;
    for line in lines {
        if line.starts_with("...") {
            elided = true;
        } else if line.starts_with("result:") {
            stated = line
                .split(" after ")
                .nth(1)
                .and_then(|rest| rest.split_whitespace().next())
                .and_then(|n| n.parse().ok());
            total = stated.unwrap_or(total);
            ending = Some(line.to_string());
        } else if let Some((number, rest)) = line.split_once(". ") {
            let (Ok(number), Some((_, taken))) =
                (number.parse::<u64>(), rest.split_once(" takes "))
            else {
                continue;
            };
            total = total.max(number);
            let (taken, left) = taken.split_once(", leaving").unwrap_or((taken, ""));
            let (Some(take_p), Some(take_e)) = (field(taken, "p="), field(taken, "e=")) else {
                continue;
            };
            let mv = Move::new(
                u32::try_from(take_p).unwrap_or(u32::MAX),
                u32::try_from(take_e).unwrap_or(u32::MAX),
            );
            if !elided {
                moves.push(mv);
            } else if let Some((_, _, tail_moves)) = tail.as_mut() {
                tail_moves.push(mv);
            } else if let (Some(p), Some(e)) = (field(left, "p="), field(left, "e=")) {
                // The position before the first kept move: what it left, plus what it took.
                let before =
                    MisPosition::in_play(p.saturating_add(take_p), e.saturating_add(take_e), bound)
                        .map_err(|error| format!("{name}: move {number}: {error}"))?;
                tail = Some((number, before, vec![mv]));
            }
        }
    }
    let record = match record {
        Some(bytes) => {
            let whole = MoveRecord::parse(bytes).map_err(|error| format!("{name}: {error}"))?;
            // The same start, the moves the text log kept, and as many moves as its result
            // line says (at least as many as it numbers, without one).
            let kept = whole.moves(0, moves.len() as u64);
            let length_agrees = stated.map_or(whole.len() >= total, |n| whole.len() == n);
            if whole.start() != start || !length_agrees || kept != moves {
                return Err(format!(
                    "{name}: the move record is of another game ({} moves from {}, the log's has {total} from {start})",
                    whole.len(),
                    whole.start()
                ));
            }
            total = whole.len();
            Record::Mis(vec![MisReplay::from_record(whole)])
        }
        None => {
            let head = MisReplay::new(start, &moves);
            let rest = tail.map(|(number, before, moves)| {
                MisReplay::starting_after(number.saturating_sub(1), before, &moves)
            });
            match (head, rest) {
                (Ok(head), None) => Record::Mis(vec![head]),
                (Ok(head), Some(Ok(tail))) => Record::Mis(vec![head, tail]),
                (Err(error), _) | (_, Some(Err(error))) => {
                    Record::Missing(format!("the moves do not replay: {error}"))
                }
            }
        }
    };
    let test = TestIn {
        index: 1,
        input: start.to_string(),
        verdict: log_verdict(ending.as_deref()),
        reason: ending,
        moves: total.max(moves.len() as u64),
        move_list: None,
        summary: None,
        first_mistake: None,
        memory_kb: None,
    };
    Ok(log_document(name, "mis", view(test, record)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_logs_verdict_is_named_from_its_last_line() {
        let cases = [
            (Some("result: player 1 wins 11-9"), "win"),
            (Some("result: player 2 wins 12-8"), "loss"),
            (Some("result: draw 10-10"), "draw"),
            (Some("aborted: player 1: pit 1 is empty"), "aborted"),
            (Some("result: win after 9 moves"), "win"),
            (
                Some("result: illegal_move after 2 moves: move 3: ..."),
                "illegal_move",
            ),
            (Some("result: <script> after 2 moves"), "unfinished"),
            (None, "unfinished"),
        ];
        for (ending, verdict) in cases {
            assert_eq!(log_verdict(ending), verdict, "{ending:?}");
        }
    }

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

    #[test]
    fn logs_of_both_games() {
        let ioiwari =
            "start 4 3 2 4 2 3 2 banks 0 0\n1. player 1 plays 2 -> 4 0 3 5 0 3 2 banks 3 0\n\
            2. player 2 plays 3 -> 4 0 0 4 1 4 0 banks 3 4\nresult: player 1 wins 11-9\n";
        let mut viewer = Viewer::default();
        let doc = viewer.open("test-01.out", ioiwari).unwrap();
        assert_eq!(doc.kind, "log");
        assert_eq!(doc.submissions[0].tests[0].replayable_moves, 2);
        let mis = "start: p=7 e=2 B=3\n1. Bolek takes p=1 e=1, leaving p=6 e=1\n\
            2. Lolek takes p=1 e=0, leaving p=5 e=1\n... 3 moves not kept ...\n\
            6. Lolek takes p=0 e=1, leaving p=1 e=0\n7. Bolek takes p=1 e=0, leaving p=0 e=0\n\
            result: win after 7 moves\n";
        let doc = viewer.open("test-02.out", mis).unwrap();
        let test = &doc.submissions[0].tests[0];
        assert_eq!((test.replayable_moves, test.moves), (4, 7));
        assert_eq!(
            test.note.as_deref(),
            Some("4 of 7 moves are known: moves 1-2 and 6-7")
        );
    }
}
