//! The viewer's API: reports and records of moves opened, and games replayed in windows,
//! checked against the rules and the solver.

use duel_ioiwari::{Board, Pit, Position, Table};
use duel_mis::{Move, Position as MisPosition};
use duel_web::App;
use serde_json::{json, Value};

fn call(app: &App, method: &str, target: &str, body: Option<Value>) -> (u16, Value) {
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let response = crate::common::call(app, method, target, body.as_bytes());
    let value = serde_json::from_slice(&response.body).expect("JSON answers");
    (response.status, value)
}

/// A report of one Ioiwari test in which player 1 plays `first` and then both sides play the
/// first optimal pit: a mistake at move 1 exactly when `first` is not optimal.
fn ioiwari_report(table: &Table, board: Board, first: Pit) -> (Value, Vec<Position>) {
    let mut position = Position::start(board);
    let mut positions = vec![position];
    let mut pits = vec![first];
    position = position.play(first).unwrap();
    positions.push(position);
    while let Some(pit) = table.first_best_move(position.board) {
        pits.push(pit);
        position = position.play(pit).unwrap();
        positions.push(position);
    }
    let list: Vec<String> = pits.iter().map(Pit::to_string).collect();
    let report = json!({
        "game": "ioiwari", "player": "./a.out", "score": 0.0, "planned": 1, "interrupted": false,
        "tests": [{
            "index": 1, "input": board.to_string(), "verdict": "loss", "reason": "lost",
            "moves": pits.len(), "move_list": list.join(" "), "summary": null,
            "time_ms": 7, "wall_ms": 9, "memory_kb": 1480, "first_mistake": "move 1"
        }]
    });
    (report, positions)
}

#[test]
fn an_ioiwari_report_replays_with_its_first_mistake() {
    let app = App::new();
    let table = Table::solve();
    let board: Board = "4 3 2 4 2 3 2".parse().unwrap();
    let wrong = board
        .legal_moves()
        .iter()
        .find(|pit| !table.best_moves(board).contains(*pit))
        .unwrap();
    let (report, positions) = ioiwari_report(&table, board, wrong);
    let (status, doc) = call(
        &app,
        "POST",
        "/api/viewer/open",
        Some(json!({ "name": "report.json", "text": report.to_string() })),
    );
    assert_eq!(status, 200, "{doc}");
    let id = doc["id"].as_u64().unwrap();
    assert_eq!(doc["ranking"], Value::Null);
    assert_eq!(doc["submissions"][0]["tests"][0]["verdict"], "loss");
    assert_eq!(doc["submissions"][0]["tests"][0]["memory_kb"], 1480);
    assert_eq!(doc["submissions"][0]["tests"][0]["time_ms"], 7);

    let (status, window) = call(
        &app,
        "GET",
        &format!("/api/viewer/game?id={id}&test=1&from=0&count=100"),
        None,
    );
    assert_eq!(status, 200, "{window}");
    assert_eq!(window["first_mistake"], 1);
    let frames = window["frames"].as_array().unwrap();
    assert_eq!(frames.len(), positions.len());
    for (frame, position) in frames.iter().zip(&positions) {
        assert_eq!(frame["board"], json!(position.board.pits()));
        assert_eq!(
            frame["banks"],
            json!([position.banks.one, position.banks.two])
        );
        // Player 1's margin with best play: the banks so far plus the table's value.
        let value = i32::from(table.value(position.board));
        let so_far = position.banks.one as i32 - position.banks.two as i32;
        let expected = if position.to_move.number() == 1 {
            so_far + value
        } else {
            so_far - value
        };
        assert_eq!(frame["margin_for_player_1"], expected);
    }
    let best: Vec<u8> = table.best_moves(board).iter().map(Pit::number).collect();
    assert_eq!(frames[1]["mistake"]["best_pits"], json!(best));
    assert!(frames[2..].iter().all(|f| f["mistake"].is_null()));

    // A window in the middle, and one past the end.
    let (_, middle) = call(
        &app,
        "GET",
        &format!("/api/viewer/game?id={id}&test=1&from=3&count=2"),
        None,
    );
    let numbers: Vec<u64> = middle["frames"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["number"].as_u64().unwrap())
        .collect();
    assert_eq!(numbers, [3, 4]);
    let (_, past) = call(
        &app,
        "GET",
        &format!("/api/viewer/game?id={id}&test=1&from=999&count=5"),
        None,
    );
    assert!(past["frames"].as_array().unwrap().is_empty());
}

#[test]
fn a_ranking_and_mis_games_from_reports_and_logs() {
    let app = App::new();
    let start = MisPosition::new(7, 2, 3).unwrap();
    // Bolek's first move is a mistake (to 4 2, a win for Lolek); then one stick at a time.
    let mut moves = vec![Move::pooh(3)];
    let mut position = start.play(moves[0]).unwrap();
    while !position.is_over() {
        let mv = position.winning_move().unwrap_or(if position.p() > 0 {
            Move::pooh(1)
        } else {
            Move::eeyore(1)
        });
        moves.push(mv);
        position = position.play(mv).unwrap();
    }
    let list: Vec<String> = moves.iter().map(Move::to_string).collect();
    // "a": no memory figure (`null`); "b": a report written before that was `null`, with 0.
    let report = |name: &str, memory: Value| {
        json!({
            "game": "mis", "player": name, "score": 0.0, "planned": 1, "interrupted": false,
            "tests": [{ "index": 1, "input": "7 2 3", "verdict": "loss", "reason": null,
              "moves": moves.len(), "move_list": list.join(", "), "summary": "0 0",
              "time_ms": 0, "wall_ms": 0, "memory_kb": memory, "first_mistake": null }]
        })
    };
    let batch = json!({
        "game": "mis", "planned": 1, "interrupted": false,
        "ranking": [
            { "rank": 1, "submission": "b", "score": 0.0, "verdicts": { "loss": 1 }, "time_ms": 0 },
            { "rank": 1, "submission": "a", "score": 0.0, "verdicts": { "loss": 1 }, "time_ms": 0 }
        ],
        "submissions": [report("a", Value::Null), report("b", json!(0))]
    });
    app.open("batch.json", &batch.to_string()).unwrap();
    let (_, list_doc) = call(&app, "GET", "/api/viewer", None);
    let id = list_doc["documents"][0]["id"].as_u64().unwrap();
    let (_, doc) = call(&app, "GET", &format!("/api/viewer/report?id={id}"), None);
    assert_eq!(doc["ranking"].as_array().unwrap().len(), 2);
    assert_eq!(doc["submissions"][1]["player"], "b");
    for submission in 0..2 {
        let memory = &doc["submissions"][submission]["tests"][0]["memory_kb"];
        assert!(memory.is_null(), "submission {submission}: {memory}");
    }
    let (status, window) = call(
        &app,
        "GET",
        &format!("/api/viewer/game?id={id}&submission=1&test=1"),
        None,
    );
    assert_eq!(status, 200, "{window}");
    assert_eq!(window["first_mistake"], 1);
    assert_eq!(window["frames"][1]["pool"], json!([4, 2]));
    assert_eq!(window["frames"][1]["standing_to_move"], "win");
    assert_eq!(window["frames"][0]["standing_to_move"], "win");
    let last = window["frames"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["over"], true);
    assert_eq!(window["total_moves"], moves.len());

    // A text log of the same game is for people: the viewer refuses it and names the record.
    let log =
        "start: p=7 e=2 B=3\n1. Bolek takes p=3 e=0, leaving p=4 e=2\nresult: loss after 3 moves\n";
    let (status, error) = call(
        &app,
        "POST",
        "/api/viewer/open",
        Some(json!({ "name": "test-1.out", "text": log })),
    );
    assert_eq!(status, 422, "{error}");
    assert!(
        error["error"].as_str().unwrap().contains("test-NN.moves"),
        "{error}"
    );
}

/// A long game's record of every move, as `duel mis judge --logs` keeps it beside the text.
/// Bolek plays perfectly (B = 1: lost exactly when both piles are even) but for one blunder at
/// move `blunder`; Lolek takes one stick at a time.
fn long_game(start: MisPosition, blunder: u64) -> (Vec<u8>, Vec<MisPosition>) {
    let one_stick = |at: MisPosition| {
        if at.p() > 0 {
            Move::pooh(1)
        } else {
            Move::eeyore(1)
        }
    };
    let mut writer = duel_mis::record::RecordWriter::new(start);
    let (mut at, mut after) = (start, vec![start]);
    while !at.is_over() {
        let number = after.len() as u64;
        let mv = if number == blunder {
            Move::eeyore(1)
        } else if number % 2 == 1 {
            at.winning_move().unwrap_or_else(|| one_stick(at))
        } else {
            one_stick(at)
        };
        at = at.play(mv).unwrap();
        writer.push(mv);
        after.push(at);
    }
    (writer.finish(), after)
}

#[test]
fn a_long_logged_game_replays_any_move_from_its_record() {
    let app = App::new();
    let start = MisPosition::new(100_000, 99_999, 1).unwrap();
    let blunder = 77_777;
    let (record, after) = long_game(start, blunder);
    let total = after.len() as u64 - 1;
    let id = app.open_record("test-01.moves", record).unwrap();
    let (_, doc) = call(&app, "GET", &format!("/api/viewer/report?id={id}"), None);
    let test = &doc["submissions"][0]["tests"][0];
    assert_eq!(test["replayable_moves"], total);
    assert!(test["note"].is_null(), "{test}");
    // Whoever took the last stick won: Bolek moves first, so an odd game is his win.
    assert_eq!(test["verdict"], if total % 2 == 1 { "win" } else { "loss" });
    // The start, the end, the first mistake and moves on either side of every checkpoint.
    let first = (1..after.len()).find(|&k| after[k - 1].is_win() && after[k].is_win());
    assert_eq!(
        first,
        Some(blunder as usize),
        "the blunder is the first mistake"
    );
    for from in [0, 1, 4095, 4096, 40_000, blunder - 3, total - 7, total] {
        let (status, window) = call(
            &app,
            "GET",
            &format!("/api/viewer/game?id={id}&test=1&from={from}&count=10"),
            None,
        );
        assert_eq!(status, 200, "{window}");
        assert_eq!(window["total_moves"], total);
        assert_eq!(window["first_mistake"], blunder);
        let frames = window["frames"].as_array().unwrap();
        assert_eq!(
            frames.len() as u64,
            (total + 1 - from).min(10),
            "from {from}"
        );
        for frame in frames {
            let number = frame["number"].as_u64().unwrap() as usize;
            let expected = after[number];
            assert_eq!(
                frame["pool"],
                json!([expected.p(), expected.e()]),
                "move {number}"
            );
            if number <= blunder as usize {
                assert_eq!(frame["mistake"].is_null(), number != blunder as usize);
            }
        }
    }
}

#[test]
fn a_long_games_record_sent_by_the_page_replays_every_move() {
    use base64::Engine as _;
    let app = App::new();
    let start = MisPosition::new(30_000, 29_999, 1).unwrap();
    let (record, after) = long_game(start, 20_001);
    let moves = base64::engine::general_purpose::STANDARD.encode(&record);
    let body = json!({ "name": "test-01.moves", "moves": moves });
    let (status, doc) = call(&app, "POST", "/api/viewer/open", Some(body));
    assert_eq!(status, 200, "{doc}");
    let total = after.len() as u64 - 1;
    assert_eq!(doc["submissions"][0]["tests"][0]["replayable_moves"], total);
    let id = doc["id"].as_u64().unwrap();
    let (_, window) = call(
        &app,
        "GET",
        &format!("/api/viewer/game?id={id}&test=1&from=15000&count=3"),
        None,
    );
    let expected = after[15_001];
    assert_eq!(
        window["frames"][1]["pool"],
        json!([expected.p(), expected.e()])
    );
    assert_eq!(window["first_mistake"], 20_001);
    let bad = json!({ "name": "test-01.moves", "moves": "%%" });
    let (status, error) = call(&app, "POST", "/api/viewer/open", Some(bad));
    assert_eq!(status, 400, "{error}");
    assert!(
        error["error"].as_str().unwrap().contains("base64"),
        "{error}"
    );
    // A report and a record in one request, or neither: which one is meant is not guessed.
    for body in [
        json!({ "name": "x", "text": "{}", "moves": moves }),
        json!({ "name": "x" }),
    ] {
        let (status, error) = call(&app, "POST", "/api/viewer/open", Some(body));
        assert_eq!(status, 400, "{error}");
    }
}

#[test]
fn a_damaged_record_is_refused() {
    let app = App::new();
    let (record, _) = long_game(MisPosition::new(20_000, 19_999, 1).unwrap(), 5);
    let why = app
        .open_record("test-01.moves", record[..record.len() - 1].to_vec())
        .unwrap_err()
        .to_string();
    assert!(why.starts_with("test-01.moves: "), "{why}");
    let why = app
        .open_record("test-01.moves", b"DUELMIS1".to_vec())
        .unwrap_err()
        .to_string();
    assert!(why.contains("not a move record"), "{why}");
    let why = app
        .open_record("test-01.out", b"start: p=1 e=1 B=1\n".to_vec())
        .unwrap_err()
        .to_string();
    assert!(why.contains("not a record of moves"), "{why}");
}

#[test]
fn viewer_errors_are_json_with_a_status() {
    let app = App::new();
    let (status, doc) = call(&app, "GET", "/api/viewer/report?id=7", None);
    assert_eq!(status, 404);
    assert!(doc["error"].as_str().unwrap().contains("--report"));
    assert_eq!(call(&app, "GET", "/api/viewer/report", None).0, 400);
    assert_eq!(call(&app, "GET", "/api/viewer/report?id=x", None).0, 400);
    let (status, doc) = call(
        &app,
        "POST",
        "/api/viewer/open",
        Some(json!({ "name": "notes.txt", "text": "hello" })),
    );
    assert_eq!(status, 422);
    assert!(doc["error"].as_str().unwrap().contains("notes.txt"));
    // A report whose moves break the rules opens, but says its game cannot be replayed.
    let bad = json!({ "game": "ioiwari", "player": "x", "score": 0.0, "planned": 1, "interrupted": false,
        "tests": [{ "index": 1, "input": "4 3 2 4 2 3 2", "verdict": "win", "moves": 2, "move_list": "2 2",
            "time_ms": 0, "wall_ms": 0 }] });
    let id = app.open("bad.json", &bad.to_string()).unwrap();
    let (status, doc) = call(
        &app,
        "GET",
        &format!("/api/viewer/game?id={id}&test=1"),
        None,
    );
    assert_eq!(status, 422);
    assert!(doc["error"].as_str().unwrap().contains("move 2"), "{doc}");
}

#[test]
fn sixteen_documents_with_15_mb_names_are_held_in_bounded_memory() {
    let app = App::new();
    let long_name = "n".repeat(15 << 20);
    for _ in 0..16 {
        let report = json!({
            "game": "ioiwari", "player": "a.out", "score": 0.0, "planned": 1,
            "interrupted": false, "tests": []
        });
        let body = json!({ "name": long_name, "text": report.to_string() });
        let (status, doc) = call(&app, "POST", "/api/viewer/open", Some(body));
        assert_eq!(
            status,
            200,
            "{}",
            doc.to_string().chars().take(300).collect::<String>()
        );
        let name = doc["name"].as_str().unwrap();
        assert_eq!(
            name.chars().count(),
            duel_web::viewer::MAX_NAME_CHARS + 1,
            "cut, with …"
        );
        let player = doc["submissions"][0]["player"].as_str().unwrap();
        assert!(player.chars().count() <= duel_web::viewer::MAX_NAME_CHARS + 1);
    }
    let response = crate::common::call(&app, "GET", "/api/viewer", b"");
    assert!(
        response.body.len() < 64 << 10,
        "the list is {} bytes",
        response.body.len()
    );
}

#[test]
fn a_document_larger_than_the_viewer_opens_is_refused_with_413() {
    let app = App::new();
    let text = format!(
        "{{\"game\": \"ioiwari\", \"player\": \"{}\"}}",
        "x".repeat(duel_web::viewer::MAX_DOCUMENT_BYTES)
    );
    let body = json!({ "name": "big.json", "text": text });
    // Through the API the body passes its limit first (the document is inside the body).
    let (status, error) = call(&app, "POST", "/api/viewer/open", Some(body));
    assert_eq!(status, 413, "{error}");
    assert!(
        error.to_string().contains("larger than 16777216 bytes"),
        "{error}"
    );
    // Opened directly (duel serve --report), the document is refused by its own size.
    let why = duel_web::viewer::Viewer::default()
        .open("big.json", &text)
        .unwrap_err()
        .to_string();
    assert!(why.contains("more than the viewer opens"), "{why}");
}
