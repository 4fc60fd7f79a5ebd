//! `duel serve --report` with what the judge writes: a report and the log of a game of
//! 1 000 001 moves, of which the text log keeps the start and the end and the record beside it
//! every move. The viewer reads the record, serves windows of moves, never the whole game, and
//! its frames agree with the log. A text log without its record is refused.

use crate::support::serve::Server;
use duel_test_support::duel;
use std::io::{Read, Write};
use std::net::TcpStream;

use serde_json::Value;

fn get(address: &str, path: &str) -> (u16, Value, usize) {
    let mut stream = TcpStream::connect(address).unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    let status = answer[9..12].parse().unwrap();
    let body = answer.split_once("\r\n\r\n").unwrap().1;
    (status, serde_json::from_str(body).unwrap(), body.len())
}

#[test]
fn a_long_judged_game_is_viewed_a_window_at_a_time() {
    let work = tempfile::tempdir().unwrap();
    let tests = work.path().join("long.txt");
    std::fs::write(&tests, "1 1000000 1\n").unwrap();
    let report = work.path().join("report.json");
    let logs = work.path().join("logs");
    let judged = duel!()
        .args(["mis", "judge", "--tests"])
        .arg(&tests)
        .arg("--report")
        .arg(&report)
        .arg("--logs")
        .arg(&logs)
        .output()
        .unwrap();
    assert!(judged.status.success(), "{judged:?}");
    let log = logs.join("test-01.out");
    let log_text = std::fs::read_to_string(&log).unwrap();

    let server = Server::start(&[
        "--report".as_ref(),
        report.as_os_str(),
        "--report".as_ref(),
        log.as_os_str(),
    ]);
    let address = server.address.clone();

    let (_, list, _) = get(&address, "/api/viewer");
    let documents = list["documents"].as_array().unwrap();
    assert_eq!(documents.len(), 2);
    // The report: one win, the move list too long to be kept.
    let report_id = documents[0]["id"].as_u64().unwrap();
    let (_, doc, _) = get(&address, &format!("/api/viewer/report?id={report_id}"));
    let test = &doc["submissions"][0]["tests"][0];
    assert_eq!(test["verdict"], "win");
    assert_eq!(test["moves"], 1_000_001);
    assert_eq!(test["replayable_moves"], 0);
    // The log: its text keeps the start and the end, for people; naming it opens the record
    // beside it, which holds every move, and the game's end names the verdict.
    assert!(logs.join("test-01.moves").is_file());
    let log_id = documents[1]["id"].as_u64().unwrap();
    let (_, doc, _) = get(&address, &format!("/api/viewer/report?id={log_id}"));
    assert_eq!(
        (&doc["kind"], &doc["name"]),
        (&"record".into(), &"test-01.moves".into())
    );
    let test = &doc["submissions"][0]["tests"][0];
    assert_eq!(test["moves"], 1_000_001);
    assert_eq!(test["verdict"], "win");
    let kept = log_text.lines().filter(|l| l.contains(" takes ")).count();
    assert_eq!(
        kept, 11_000,
        "the text keeps the first 10000 and the last 1000 moves"
    );
    assert_eq!(test["replayable_moves"], 1_000_001);

    let window = |from: u64, count: u64| {
        get(
            &address,
            &format!("/api/viewer/game?id={log_id}&test=1&from={from}&count={count}"),
        )
    };
    let (status, start, _) = window(0, 3);
    assert_eq!(status, 200);
    assert_eq!(start["total_moves"], 1_000_001);
    assert_eq!(
        start["frames"][0]["pool"],
        serde_json::json!([1, 1_000_000])
    );
    assert_eq!(
        start["frames"][1]["pool"],
        serde_json::json!([0, 1_000_000])
    );
    assert_eq!(start["known"], serde_json::json!([[0, 1_000_001]]));
    // The end, frame by frame as in the log.
    let (_, end, _) = window(999_995, 10);
    let frames = end["frames"].as_array().unwrap();
    let last = frames.last().unwrap();
    assert_eq!(last["number"], 1_000_001);
    assert_eq!(last["pool"], serde_json::json!([0, 0]));
    assert_eq!(last["over"], true);
    assert_eq!(last["side"], "Bolek");
    for frame in frames {
        let number = frame["number"].as_u64().unwrap();
        let pool = &frame["pool"];
        let line = format!("{number}. ");
        let logged = log_text
            .lines()
            .find(|l| l.starts_with(&line))
            .unwrap_or_else(|| panic!("move {number} is in the log"));
        assert!(
            logged.ends_with(&format!("leaving p={} e={}", pool[0], pool[1])),
            "{logged} vs {frame}"
        );
    }
    // The middle, which the text left out, from the record: after the lone poohstick, one
    // eeyorestick a move. No window is ever the whole game.
    let (_, middle, _) = window(500_000, 10);
    let frames = middle["frames"].as_array().unwrap();
    assert_eq!(frames.len(), 10);
    for frame in frames {
        let number = frame["number"].as_u64().unwrap();
        assert_eq!(
            frame["pool"],
            serde_json::json!([0, 1_000_001 - number]),
            "{frame}"
        );
    }
    let (_, big, bytes) = window(0, 1_000_000_000);
    assert!(big["frames"].as_array().unwrap().len() <= 500);
    assert!(bytes < 200_000, "a window is small: {bytes} bytes");
}

#[test]
fn a_text_log_without_its_record_is_refused_with_one_line() {
    let work = tempfile::tempdir().unwrap();
    let log = work.path().join("test-01.out");
    std::fs::write(&log, "start: p=7 e=2 B=3\nresult: win after 0 moves\n").unwrap();
    let out = duel!()
        .args(["serve", "--port", "0", "--report"])
        .arg(&log)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert!(stderr.contains("test-NN.moves"), "{stderr}");
}
