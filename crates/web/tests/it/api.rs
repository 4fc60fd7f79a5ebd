//! The JSON API, through `App::handle` (no socket) and through a real server on 127.0.0.1.
//!
//! The evidence: the task statement's worked game, the official notes' greedy counts, the
//! brute-force solver of Pooh-Eeyore-sticks in duel-test-support, and the rules library's own
//! moves.

use std::net::TcpStream;

use duel_ioiwari::{greedy_move, Board, Pit, Table};
use duel_web::{App, Server};
use serde_json::{json, Value};

use crate::common::{app, call, exchange, ok, parse, post, request, send, Answer};
use duel_test_support::sticks;

fn post_raw(path: &str, body: &[u8]) -> Answer {
    call(app(), "POST", path, body)
}

fn error(path: &str, body: Value) -> (u16, String) {
    let (status, answer) = post(path, body);
    let message = answer["error"]
        .as_str()
        .expect("errors carry a message")
        .to_string();
    (status, message)
}

// ---- Ioiwari -------------------------------------------------------------------------------

#[test]
fn the_statements_worked_game_through_the_api() {
    // From the statement: 2, 3, 5, 4, 5, 7 from 4 3 2 4 2 3 2 ends 11-9 for player 1.
    let mut position = json!({ "board": [4, 3, 2, 4, 2, 3, 2], "banks": [0, 0], "to_move": 1 });
    let expected_boards = [
        [4, 0, 3, 5, 0, 3, 2],
        [4, 0, 0, 4, 1, 4, 0],
        [4, 0, 0, 4, 0, 0, 0],
        [0, 0, 0, 0, 1, 1, 1],
        [0, 0, 0, 0, 0, 0, 1],
        [0, 0, 0, 0, 0, 0, 0],
    ];
    let expected_banks = [[3, 0], [3, 4], [8, 4], [8, 9], [10, 9], [11, 9]];
    for (i, pit) in [2, 3, 5, 4, 5, 7].into_iter().enumerate() {
        let answer = ok(
            "/api/ioiwari/play",
            json!({ "position": position, "pit": pit }),
        );
        assert_eq!(answer["player"], json!(1 + i % 2));
        position = answer["analysis"]["position"].clone();
        assert_eq!(
            position["board"],
            json!(expected_boards[i]),
            "after move {}",
            i + 1
        );
        assert_eq!(
            position["banks"],
            json!(expected_banks[i]),
            "after move {}",
            i + 1
        );
    }
    let last = ok("/api/ioiwari/analyze", position);
    assert_eq!(last["over"], json!(true));
    assert_eq!(last["result"]["text"], "player 1 wins 11-9");
    assert_eq!(last["result"]["winner"], 1);
    assert_eq!(last["moves"], json!([]));
}

#[test]
fn analysis_lists_every_legal_move_with_values_from_the_rules() {
    let table = Table::solve();
    for text in ["4 3 2 4 2 3 2", "0 5 0 1 0 0 2", "5 5 5 5 5 5 5"] {
        let board: Board = text.parse().unwrap();
        let answer = ok(
            "/api/ioiwari/analyze",
            json!({ "board": text, "banks": [3, 1], "to_move": 2 }),
        );
        assert_eq!(answer["value"], json!(table.value(board)));
        // Player 2 to move is 2 beads behind.
        assert_eq!(
            answer["final_margin"],
            json!(i32::from(table.value(board)) - 2)
        );
        let pits: Vec<u64> = answer["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["pit"].as_u64().unwrap())
            .collect();
        let legal: Vec<u64> = board
            .legal_moves()
            .iter()
            .map(|p| u64::from(p.number()))
            .collect();
        assert_eq!(pits, legal, "{text}");
        for m in answer["moves"].as_array().unwrap() {
            let pit = Pit::new(m["pit"].as_u64().unwrap() as u8).unwrap();
            let sowing = board.play(pit).unwrap();
            let value = i32::from(sowing.gain_difference()) - i32::from(table.value(sowing.board));
            assert_eq!(m["value"], json!(value), "{text} pit {pit}");
            assert_eq!(m["final_margin"], json!(value - 2));
            assert_eq!(m["best"], json!(value == i32::from(table.value(board))));
        }
        // Every bead ends in a bank: the predicted banks add up.
        let predicted = &answer["predicted"]["banks"];
        let total = predicted[0].as_u64().unwrap() + predicted[1].as_u64().unwrap();
        assert_eq!(total, 4 + u64::from(board.total_beads()));
    }
}

#[test]
fn the_perfect_engine_realises_the_announced_value() {
    let table = Table::solve();
    for text in ["4 3 2 4 2 3 2", "2 2 2 2 4 4 4", "4 4 4 2 2 2 2"] {
        let board: Board = text.parse().unwrap();
        let start = ok("/api/ioiwari/analyze", json!({ "board": text }));
        let mut position = start["position"].clone();
        let mut moves = 0;
        loop {
            let answer = ok(
                "/api/ioiwari/engine",
                json!({ "position": position, "strength": "perfect" }),
            );
            assert_eq!(answer["move_value"]["best"], json!(true));
            position = answer["analysis"]["position"].clone();
            moves += 1;
            if answer["analysis"]["over"] == json!(true) {
                break;
            }
        }
        let banks = &position["banks"];
        let margin = banks[0].as_i64().unwrap() - banks[1].as_i64().unwrap();
        assert_eq!(margin, i64::from(table.value(board)), "{text}");
        assert_eq!(json!(moves), start["moves_to_end"], "{text}");
    }
}

#[test]
fn greedy_and_random_engines() {
    let board: Board = "4 3 2 4 2 3 2".parse().unwrap();
    let answer = ok(
        "/api/ioiwari/engine",
        json!({ "position": { "board": [4, 3, 2, 4, 2, 3, 2] }, "strength": "greedy" }),
    );
    assert_eq!(answer["pit"], json!(greedy_move(board).unwrap().number()));
    // A seeded random engine repeats itself and plays only legal pits.
    let body = json!({ "position": { "board": "0 5 0 1 0 0 2" }, "strength": "random", "seed": 5 });
    let first = ok("/api/ioiwari/engine", body.clone());
    assert_eq!(ok("/api/ioiwari/engine", body)["pit"], first["pit"]);
    assert!([2, 4, 7].contains(&first["pit"].as_u64().unwrap()));
}

#[test]
fn the_start_table_agrees_with_the_official_notes() {
    let response = call(app(), "GET", "/api/ioiwari/table", b"");
    assert_eq!(response.status, 200);
    let table = parse(&response);
    let rows = table["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 357);
    assert!(rows.iter().all(|row| row["value"].as_i64().unwrap() > 0));
    // The notes: greedy wins 22 of the 51 rotation classes and draws 7 against optimal play.
    let classes: Vec<&Value> = rows
        .iter()
        .filter(|r| r["representative"] == true)
        .collect();
    assert_eq!(classes.len(), 51);
    let count = |result: &str| {
        classes
            .iter()
            .filter(|r| r["greedy"]["result"] == result)
            .count()
    };
    assert_eq!((count("win"), count("draw")), (22, 7));
    // ...and greedy fails on every one of the 24 official test boards.
    let official = duel_ioiwari::OFFICIAL_POSITIONS;
    for line in official.lines().filter(|l| !l.trim().is_empty()) {
        let board: Board = line.parse().unwrap();
        let row = rows
            .iter()
            .find(|r| r["board"] == json!(board.pits()))
            .expect("official boards are start boards");
        assert_ne!(row["greedy"]["result"], "win", "{line}");
    }
}

#[test]
fn ioiwari_bad_input_is_refused_with_a_message() {
    let cases = [
        (json!({ "board": [4, 3, 2, 4, 2, 3] }), 422, "7"),
        (json!({ "board": [4, 3, 2, 4, 2, 3, 6] }), 422, "6"),
        (json!({ "board": "4 3 2 x 2 3 2" }), 422, "x"),
        (json!({ "board": 7 }), 400, "board"),
        (
            json!({ "board": [4, 3, 2, 4, 2, 3, 2], "to_move": 3 }),
            422,
            "to_move",
        ),
        (
            json!({ "board": [4, 3, 2, 4, 2, 3, 2], "colour": "red" }),
            400,
            "colour",
        ),
        (json!({ "banks": [0, 0] }), 400, "board"),
    ];
    for (body, status, needle) in cases {
        let (got, message) = error("/api/ioiwari/analyze", body.clone());
        assert_eq!(got, status, "{body}: {message}");
        assert!(message.contains(needle), "{body}: {message}");
    }
    let (status, message) = error(
        "/api/ioiwari/play",
        json!({ "position": { "board": "4 0 2 4 2 3 2" }, "pit": 2 }),
    );
    assert_eq!(status, 422);
    assert!(
        message.contains("pit 2") && message.contains("empty"),
        "{message}"
    );
    let (status, message) = error(
        "/api/ioiwari/play",
        json!({ "position": { "board": "4 3 2 4 2 3 2" }, "pit": 8 }),
    );
    assert_eq!((status, message.contains("8")), (422, true), "{message}");
    let (status, _) = error(
        "/api/ioiwari/engine",
        json!({ "position": { "board": "0 0 0 0 0 0 0" } }),
    );
    assert_eq!(status, 422);
    let (status, message) = error(
        "/api/ioiwari/engine",
        json!({ "position": { "board": "1 0 0 0 0 0 0" }, "strength": "godlike" }),
    );
    assert_eq!(status, 422);
    assert!(message.contains("godlike"), "{message}");
}

// ---- Pooh-Eeyore-sticks --------------------------------------------------------------------

#[test]
fn mis_analysis_matches_brute_force() {
    for bound in 1..=4usize {
        let wins = sticks::wins(bound, 14);
        for p in 0..14usize {
            for e in 0..14usize {
                let answer = ok(
                    "/api/mis/analyze",
                    json!({ "p": p, "e": e, "bound": bound }),
                );
                let expected = if wins[p][e] { "win" } else { "loss" };
                assert_eq!(answer["standing"], expected, "({p}, {e}) B={bound}");
                assert_eq!(answer["pattern"]["residues_losing"], json!(!wins[p][e]));
                let winning = sticks::winning_moves(&wins, bound, p, e);
                let mut got: Vec<(usize, usize)> = answer["winning_moves"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|m| {
                        (
                            m["take_p"].as_u64().unwrap() as usize,
                            m["take_e"].as_u64().unwrap() as usize,
                        )
                    })
                    .collect();
                got.sort_unstable();
                assert_eq!(got, winning, "({p}, {e}) B={bound}");
            }
        }
    }
}

#[test]
fn mis_pattern_window_matches_brute_force() {
    let lost = sticks::lost(3, 40);
    let answer = ok(
        "/api/mis/pattern",
        json!({ "position": { "p": 20, "e": 3, "bound": 3 }, "size": 11 }),
    );
    assert_eq!(
        (answer["p_from"].clone(), answer["e_from"].clone()),
        (json!(15), json!(0))
    );
    let mut expected = Vec::new();
    for (p, column) in lost.iter().enumerate().take(26).skip(15) {
        for (e, &is_lost) in column.iter().enumerate().take(11) {
            if is_lost {
                expected.push(json!([p, e]));
            }
        }
    }
    assert_eq!(answer["losing"], json!(expected));
    // Reachable in one move: 3 of each kind and 3 of both from (20, 3) with B = 3.
    assert_eq!(answer["reachable"].as_array().unwrap().len(), 9);
}

#[test]
fn mis_statement_example_and_the_perfect_engine() {
    // The statement's game: Bolek 1 and 1 from (7, 2), Lolek 3 poohsticks, Bolek 1 poohstick,
    // Lolek 1 and 1, Bolek the last poohstick.
    let mut position = json!({ "p": 7, "e": 2, "bound": 3 });
    for (take_p, take_e, after) in [
        (1, 1, [6, 1]),
        (3, 0, [3, 1]),
        (1, 0, [2, 1]),
        (1, 1, [1, 0]),
        (1, 0, [0, 0]),
    ] {
        let answer = ok(
            "/api/mis/play",
            json!({ "position": position, "move": { "take_p": take_p, "take_e": take_e } }),
        );
        position = answer["analysis"]["position"].clone();
        assert_eq!(
            [position["p"].clone(), position["e"].clone()],
            after.map(|n| json!(n))
        );
    }
    assert_eq!(ok("/api/mis/analyze", position)["over"], json!(true));

    // Perfect against random from a winning position: perfect always moves last.
    for seed in 0..5u64 {
        let mut position = json!({ "p": 30, "e": 17, "bound": 5 });
        let mut perfect_to_move = true;
        loop {
            let strength = if perfect_to_move { "perfect" } else { "random" };
            let answer = ok(
                "/api/mis/engine",
                json!({ "position": position, "strength": strength, "seed": seed }),
            );
            position = answer["analysis"]["position"].clone();
            if answer["analysis"]["over"] == json!(true) {
                break;
            }
            perfect_to_move = !perfect_to_move;
        }
        assert!(perfect_to_move, "seed {seed}: perfect took the last stick");
    }
}

#[test]
fn mis_bad_input_is_refused_with_a_message() {
    let cases = [
        (
            json!({ "p": 10_000_001, "e": 1, "bound": 1 }),
            422,
            "10000001 poohsticks is outside the limits 0..=10000000",
        ),
        (
            json!({ "p": 1, "e": 20_000_000, "bound": 1 }),
            422,
            "20000000 eeyoresticks",
        ),
        (
            json!({ "p": 1, "e": 1, "bound": 0 }),
            422,
            "PE-bound 0 is outside",
        ),
        (
            json!({ "p": 1, "e": 1, "bound": 1_000_001 }),
            422,
            "1000001",
        ),
        (json!({ "p": -1, "e": 1, "bound": 1 }), 400, "bad JSON"),
        (json!({ "p": 1, "e": 1 }), 400, "bound"),
    ];
    for (body, status, needle) in cases {
        let (got, message) = error("/api/mis/analyze", body.clone());
        assert_eq!(got, status, "{body}: {message}");
        assert!(message.contains(needle), "{body}: {message}");
    }
    for (take_p, take_e) in [(0, 0), (2, 1), (4, 0), (0, 3)] {
        let (status, message) = error(
            "/api/mis/play",
            json!({ "position": { "p": 7, "e": 2, "bound": 3 }, "move": { "take_p": take_p, "take_e": take_e } }),
        );
        assert_eq!(status, 422, "{take_p} {take_e}: {message}");
    }
}

// ---- HTTP behaviour ------------------------------------------------------------------------

#[test]
fn malformed_bodies_methods_paths_and_hosts() {
    let response = post_raw("/api/mis/analyze", b"{\"p\": 7,");
    assert_eq!(response.status, 400);
    assert!(parse(&response)["error"]
        .as_str()
        .unwrap()
        .contains("bad JSON"));
    assert_eq!(post_raw("/api/mis/analyze", &[0xff, 0xfe]).status, 400);

    let mut text_plain = request("POST", "/api/mis/analyze", b"{}");
    text_plain
        .headers_mut()
        .insert("content-type", "text/plain".parse().unwrap());
    assert_eq!(send(app(), text_plain).status, 415);

    let get_on_post = call(app(), "GET", "/api/mis/analyze", b"");
    assert_eq!(get_on_post.status, 405);
    assert_eq!(get_on_post.header("allow"), Some("POST"));
    assert_eq!(call(app(), "POST", "/api/nothing", b"{}").status, 404);
    assert_eq!(call(app(), "GET", "/nothing", b"").status, 404);
    assert_eq!(call(app(), "POST", "/", b"").status, 405);

    let mut foreign = request("GET", "/", b"");
    foreign
        .headers_mut()
        .insert("host", "attacker.example:8080".parse().unwrap());
    assert_eq!(send(app(), foreign).status, 403);

    let index = call(app(), "GET", "/api", b"");
    let endpoints = parse(&index)["endpoints"].as_array().unwrap().len();
    assert!(endpoints >= 9);
}

/// The endpoints `GET /api` lists are those the router answers (each with its method, and
/// `405` naming it for another) and those `API.md` documents, neither more nor fewer.
#[test]
fn the_listed_endpoints_are_the_routed_and_the_documented_ones() {
    let index = parse(&call(app(), "GET", "/api", b""));
    let listed: Vec<(String, String)> = index["endpoints"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let text = |key: &str| e[key].as_str().unwrap().to_string();
            (text("method"), text("path"))
        })
        .collect();
    for (method, path) in &listed {
        let (right, wrong) = match method.as_str() {
            "GET" => ("GET", "POST"),
            "POST" => ("POST", "GET"),
            other => panic!("{path}: method {other}"),
        };
        let answered = call(app(), right, path, b"{}");
        assert!(
            ![404, 405, 415].contains(&answered.status),
            "{method} {path}: {}",
            answered.status
        );
        let refused = call(app(), wrong, path, b"{}");
        assert_eq!(refused.status, 405, "{path}");
        assert_eq!(refused.header("allow"), Some(method.as_str()), "{path}");
    }
    // Every `GET /api...` or `POST /api...` that API.md names, up to a query or a quote.
    let docs = include_str!("../../API.md");
    let mut documented: Vec<(String, String)> = Vec::new();
    for method in ["GET", "POST"] {
        for (at, _) in docs.match_indices(&format!("{method} /api")) {
            let path: String = docs[at + method.len() + 1..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || "/_-".contains(*c))
                .collect();
            documented.push((method.to_string(), path));
        }
    }
    documented.sort();
    documented.dedup();
    let mut routed = listed.clone();
    routed.sort();
    assert_eq!(routed, documented);
    assert_eq!(listed.len(), routed.len(), "an endpoint listed twice");
}

/// Sends raw bytes to a running server and returns the whole answer.
#[test]
fn a_real_server_on_loopback() {
    let running = Server::bind(0, App::new()).unwrap().spawn();
    let address = running.local_addr();
    assert!(address.ip().is_loopback());

    let page = exchange(
        address,
        b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
    );
    assert!(page.starts_with("HTTP/1.1 200 OK\r\n"));
    let lower = page.to_ascii_lowercase();
    assert!(lower.contains("content-type: text/html"), "{page}");
    assert!(
        lower.contains("content-security-policy: default-src 'self'"),
        "{page}"
    );
    assert!(page.contains("<svg id=\"ioi-board\""));

    let head = exchange(
        address,
        b"HEAD /ioiwari.js HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    );
    assert!(
        head.starts_with("HTTP/1.1 200") && head.ends_with("\r\n\r\n"),
        "{head}"
    );

    let body = br#"{"board":"4 3 2 4 2 3 2"}"#;
    let request = format!(
        "POST /api/ioiwari/analyze HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    let answer = exchange(address, &[request.as_bytes(), body].concat());
    assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
    assert!(
        answer.contains("\"predicted\":{\"banks\":[11,9]"),
        "{answer}"
    );

    // Over the size limits: refused with a status, not read in full.
    let huge = format!(
        "POST /api/mis/analyze HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: {}\r\n\r\n",
        10 * 1024 * 1024
    );
    assert!(exchange(address, huge.as_bytes()).starts_with("HTTP/1.1 413"));
    let long_head = format!(
        "GET /{} HTTP/1.1\r\nConnection: close\r\n\r\n",
        "a".repeat(20_000)
    );
    assert!(exchange(address, long_head.as_bytes()).starts_with("HTTP/1.1 431"));
    assert!(exchange(address, b"NONSENSE\r\n\r\n").starts_with("HTTP/1.1 400"));

    // Several clients at once are all answered.
    let handles: Vec<_> = (0..8)
        .map(|_| {
            std::thread::spawn(move || {
                exchange(
                    address,
                    b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
                )
            })
        })
        .collect();
    for handle in handles {
        assert!(handle.join().unwrap().ends_with("{\"ok\":true}"));
    }
    running.stop().unwrap();
    assert!(
        TcpStream::connect(address).is_err(),
        "stopped servers do not listen"
    );
}
