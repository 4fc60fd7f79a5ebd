//! The viewer's uploads (`duel_web::viewer`): a judge report of any text (`Viewer::open`), a
//! record of moves of any bytes (`Viewer::open_record`), or a JSON body of any bytes sent to the
//! page's API (`POST /api/viewer/open`); the first byte of the input picks which.
//!
//! Beyond not panicking: a refused document gets one line saying why; an opened one is listed
//! under a new id, serialises, and replays every test through `/api/viewer/game` with a
//! window or a one-line reason; the API answers every body with JSON, never a server error;
//! the documents kept open stay within `MAX_OPEN` however many are sent.

// stable tests: -p duel-web --test it viewer::

#![no_main]

use duel_web::axum::body::Body;
use duel_web::axum::http::Request;
use duel_web::viewer::{DocumentView, Viewer, MAX_OPEN};
use duel_web::App;
use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use std::sync::OnceLock;

/// One server for every input, as `duel serve` keeps one: the Ioiwari tables are solved once.
static APP: OnceLock<App> = OnceLock::new();

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    match mode % 3 {
        0 => open_directly(rest),
        1 => open_record(rest),
        _ => upload(APP.get_or_init(App::new), rest),
    }
});

fn open_directly(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    let mut viewer = Viewer::default();
    for round in 1..=2 {
        match viewer.open("upload.out", &text) {
            Ok(document) => {
                assert_eq!(document.id, round, "ids are given in order");
                check_document(document);
            }
            Err(why) => {
                one_line(&why.to_string());
                assert_eq!(viewer.documents().count(), 0);
                return;
            }
        }
    }
    assert!(viewer.document(1).is_some() && viewer.document(2).is_some());
}

/// A record of moves: refused in one line, or opened as one test whose replay holds every move.
fn open_record(bytes: &[u8]) {
    let mut viewer = Viewer::default();
    match viewer.open_record("upload.moves", bytes.to_vec()) {
        Ok(document) => {
            assert_eq!(document.kind, "record");
            let test = &document.submissions[0].tests[0];
            assert_eq!(test.replayable_moves, test.moves, "a record holds every move");
            check_document(document);
        }
        Err(why) => one_line(&why.to_string()),
    }
}

fn check_document(document: &DocumentView) {
    assert!(matches!(document.kind, "report" | "record"));
    serde_json::to_string(document).expect("an opened document serialises");
    for submission in &document.submissions {
        for test in &submission.tests {
            assert!(
                test.memory_kb != Some(0),
                "a memory of 0 kB is shown as unknown"
            );
        }
    }
}

fn upload(app: &App, body: &[u8]) {
    let (status, answer) = call(app, "POST", "/api/viewer/open", body);
    match status {
        200 => {
            let id = answer["id"].as_u64().expect("an opened document has an id");
            let (status, again) = call(app, "GET", &format!("/api/viewer/report?id={id}"), b"");
            assert_eq!((status, &again), (200, &answer), "the document as listed");
            for submission in 0..answer["submissions"].as_array().map_or(0, Vec::len) {
                let tests = answer["submissions"][submission]["tests"]
                    .as_array()
                    .cloned();
                for test in tests.unwrap_or_default() {
                    let index = test["index"].as_u64().expect("a test has its index");
                    let moves = test["moves"].as_u64().expect("a test has its moves");
                    for from in [0, moves.saturating_sub(3), moves.saturating_add(5)] {
                        let target = format!(
                            "/api/viewer/game?id={id}&submission={submission}&test={index}&from={from}&count=50"
                        );
                        let (status, window) = call(app, "GET", &target, b"");
                        assert!(matches!(status, 200 | 422), "{target}: {status} {window}");
                    }
                }
            }
        }
        400 | 422 => {}
        _ => panic!("{status}: {answer}"),
    }
    let (status, listed) = call(app, "GET", "/api/viewer", b"");
    assert_eq!(status, 200);
    let open = listed["documents"].as_array().map_or(0, Vec::len);
    assert!(open <= MAX_OPEN, "{open} documents kept open");
}

/// A request's status and JSON answer, through the app's router; an error's message is one
/// line.
fn call(app: &App, method: &str, target: &str, body: &[u8]) -> (u16, Value) {
    let request = Request::builder()
        .method(method)
        .uri(target)
        .header("host", "127.0.0.1")
        .header("content-type", "application/json")
        .body(Body::from(body.to_vec()))
        .expect("a request");
    let response = app.answer_blocking(request).expect("a runtime");
    let status = response.status().as_u16();
    let body = response.into_body();
    let answer: Value = serde_json::from_slice(&body)
        .unwrap_or_else(|error| panic!("{target}: {status}, not JSON ({error})"));
    if status != 200 {
        let message = answer["error"].as_str().expect("an error says why");
        one_line(message);
    }
    (status, answer)
}

fn one_line(message: &str) {
    assert!(
        !message.is_empty() && !message.contains('\n'),
        "{message:?}"
    );
}
