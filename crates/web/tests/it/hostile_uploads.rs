//! Uploads the fuzzer found mishandled: each now gets a one-line refusal, not a panic or a
//! message of several lines.

use crate::common::{ok, post};
use serde_json::json;

fn one_line(answer: &serde_json::Value) -> &str {
    let message = answer["error"].as_str().expect("an error says why");
    assert!(!message.contains('\n'), "{message:?}");
    message
}

#[test]
fn a_name_or_a_field_with_line_breaks_is_escaped_in_the_error() {
    let (status, answer) = post(
        "/api/viewer/open",
        json!({ "name": "a\nb.out", "text": "neither a report nor a log" }),
    );
    assert_eq!(status, 422, "{answer}");
    assert!(one_line(&answer).starts_with("a\\nb.out: "), "{answer}");

    let (status, answer) = post("/api/viewer/open", json!({ "name": "x", "te\nxt": "" }));
    assert_eq!(status, 400, "{answer}");
    assert!(one_line(&answer).contains("te\\nxt"), "{answer}");
}

#[test]
fn a_log_or_a_record_claiming_more_sticks_than_a_number_holds_is_refused() {
    // A text log is refused whatever it says (the viewer reads records, not text).
    let text = "start: p=7 e=2 B=3\n... 3 moves not kept ...\n\
                5. Bolek takes p=1 e=0, leaving p=18446744073709551615 e=0\n";
    let (status, answer) = post("/api/viewer/open", json!({ "name": "t.out", "text": text }));
    assert_eq!(status, 422, "{answer}");
    assert!(one_line(&answer).starts_with("t.out: "), "{answer}");
    // A record whose start holds the largest numbers there are.
    use base64::Engine as _;
    let mut record = b"DUELMIS1".to_vec();
    record.extend([u8::MAX; 12]);
    record.extend(1u64.to_le_bytes());
    let moves = base64::engine::general_purpose::STANDARD.encode(&record);
    let (status, answer) = post(
        "/api/viewer/open",
        json!({ "name": "t.moves", "moves": moves }),
    );
    assert_eq!(status, 422, "{answer}");
    assert!(one_line(&answer).starts_with("t.moves: "), "{answer}");
    // The server goes on answering.
    ok("/api/mis/analyze", json!({ "p": 7, "e": 2, "bound": 3 }));
}

#[test]
fn a_report_whose_verdict_holds_line_breaks_is_refused_in_one_line_when_opened_directly() {
    // The library call `duel serve --report` makes, not the API: serde repeats the unknown
    // verdict in its message, line breaks and all.
    let report = json!({
        "game": "ioiwari", "player": "./a.out", "score": 50.0, "planned": 1,
        "interrupted": false,
        "tests": [{ "index": 0, "input": "4 3 2 4 2 3 2", "verdict": "win\n2. Lolek takes",
                    "moves": 0, "move_list": null, "summary": null, "time_ms": 1,
                    "wall_ms": 1, "memory_kb": 1, "first_mistake": null }],
    });
    let mut viewer = duel_web::viewer::Viewer::default();
    let why = viewer
        .open("upload.out", &report.to_string())
        .expect_err("an unknown verdict is refused")
        .to_string();
    assert!(!why.contains('\n'), "{why:?}");
    assert!(why.starts_with("upload.out: not a judge report: "), "{why}");
    assert!(
        why.contains("win\\n2. Lolek"),
        "the value is shown, escaped: {why}"
    );
    assert_eq!(viewer.documents().count(), 0);
    let why = viewer
        .open_record("a\nb.moves", b"DUELMIS1".to_vec())
        .expect_err("a record too short is refused")
        .to_string();
    assert!(why.starts_with("a\\nb.moves: "), "{why}");
}
