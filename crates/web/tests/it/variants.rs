//! `/api/ioiwari/variants` and `/api/ioiwari/variant/*`, through `App::handle`.
//!
//! The evidence: the 7-pit API (the task's own solver) for the variant of 7 pits and cap 5, a
//! brute-force minimax written here over the rules library's moves for a small variant, and
//! the bounds that keep a visitor from making the server solve large or many variants.

use std::collections::HashMap;
use std::time::Instant;

use duel_ioiwari::variant::{Variant, VariantBoard};
use duel_web::variants::{CACHED_TABLES, MAX_BOARDS};
use serde_json::{json, Value};

use crate::common::{app, call, ok, parse, post, request, send};

fn get(path: &str) -> Value {
    let response = call(app(), "GET", path, b"");
    assert_eq!(response.status, 200, "{path}");
    parse(&response)
}

/// The status and the one-line message of a refused request.
fn refused(path: &str, body: Value) -> (u16, String) {
    let (status, answer) = post(path, body);
    assert_ne!(status, 200, "{path}: {answer}");
    let message = answer["error"].as_str().expect("a message").to_string();
    assert!(!message.contains('\n'), "{message}");
    (status, message)
}

const ANALYZE: &str = "/api/ioiwari/variant/analyze";
const PLAY: &str = "/api/ioiwari/variant/play";
const ENGINE: &str = "/api/ioiwari/variant/engine";

#[test]
fn seven_pits_of_cap_five_agree_with_the_tasks_solver() {
    for board in ["4 3 2 4 2 3 2", "2 2 2 2 4 4 4", "0 5 0 1 0 0 3"] {
        for (banks, to_move) in [([0, 0], 1), ([3, 8], 2)] {
            let task = ok(
                "/api/ioiwari/analyze",
                json!({ "board": board, "banks": banks, "to_move": to_move }),
            );
            let variant = ok(
                ANALYZE,
                json!({ "pits": 7, "cap": 5, "board": board, "banks": banks, "to_move": to_move }),
            );
            for field in [
                "value",
                "final_margin",
                "standing",
                "predicted",
                "best_moves",
                "over",
            ] {
                assert_eq!(
                    variant[field], task[field],
                    "{board} {banks:?} {to_move}: {field}"
                );
            }
            let values = |doc: &Value| -> Vec<(Value, Value, Value, Value)> {
                doc["moves"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|m| {
                        (
                            m["pit"].clone(),
                            m["value"].clone(),
                            m["final_margin"].clone(),
                            m["best"].clone(),
                        )
                    })
                    .collect()
            };
            assert_eq!(values(&variant), values(&task), "{board}");
            assert_eq!(variant["position"]["pits"], 7);
            assert_eq!(variant["board_text"], board);
        }
    }
}

/// The best bank difference the mover forces from `board`, by plain minimax over the rules.
fn minimax(board: VariantBoard, memo: &mut HashMap<VariantBoard, i32>) -> i32 {
    if board.is_empty() {
        return 0;
    }
    if let Some(&value) = memo.get(&board) {
        return value;
    }
    let pits: Vec<usize> = board.legal_moves().collect();
    let best = pits
        .into_iter()
        .map(|pit| {
            let sowing = board.play(pit).unwrap();
            i32::from(sowing.mover_gain)
                - i32::from(sowing.opponent_gain)
                - minimax(sowing.board, memo)
        })
        .max()
        .expect("a board with beads has a move");
    memo.insert(board, best);
    best
}

/// Checks an analysis of `board` (banks 2-1, player 2 to move) move by move against minimax.
fn agrees_with_brute_force(
    doc: &Value,
    board: VariantBoard,
    memo: &mut HashMap<VariantBoard, i32>,
) {
    let value = minimax(board, memo);
    assert_eq!(doc["value"], value, "{board}");
    assert_eq!(doc["final_margin"], value - 1, "{board}");
    for m in doc["moves"].as_array().unwrap() {
        let pit = m["pit"].as_u64().unwrap() as usize;
        let sowing = board.play(pit).unwrap();
        let move_value = i32::from(sowing.mover_gain)
            - i32::from(sowing.opponent_gain)
            - minimax(sowing.board, memo);
        assert_eq!(m["value"], move_value, "{board} pit {pit}");
        assert_eq!(m["best"], move_value == value, "{board} pit {pit}");
    }
    let legal = board.legal_moves().count();
    assert_eq!(doc["moves"].as_array().unwrap().len(), legal, "{board}");
}

#[test]
fn a_small_variant_agrees_with_brute_force_move_by_move() {
    let variant = Variant::new(5, 3).unwrap();
    let mut memo = HashMap::new();
    for text in ["3 3 3 3 3", "1 0 3 2 0", "0 0 0 0 2", "3 1 0 0 3"] {
        let board = VariantBoard::parse(variant, text).unwrap();
        let doc = ok(
            ANALYZE,
            json!({ "pits": 5, "cap": 3, "board": text, "banks": [2, 1], "to_move": 2 }),
        );
        agrees_with_brute_force(&doc, board, &mut memo);
    }
}

#[test]
fn a_game_against_the_perfect_computer_ends_as_predicted() {
    let mut position = json!({ "pits": 6, "cap": 4, "board": [3, 3, 3, 3, 3, 3] });
    let start = ok(ANALYZE, position.clone());
    let mut moves = 0;
    loop {
        let to_move = position["to_move"].as_u64().unwrap_or(1);
        // Player 1 always plays its highest legal pit, player 2 is the computer.
        let answer = if to_move == 1 {
            let analysis = ok(ANALYZE, position.clone());
            if analysis["over"] == true {
                break;
            }
            let pit = analysis["moves"].as_array().unwrap().last().unwrap()["pit"].clone();
            ok(PLAY, json!({ "position": position, "pit": pit }))
        } else {
            ok(ENGINE, json!({ "position": position }))
        };
        assert_eq!(answer["player"], to_move);
        let after = &answer["analysis"];
        position = after["position"].clone();
        moves += 1;
        if to_move == 2 {
            assert_eq!(
                answer["move_value"]["best"], true,
                "the computer plays a best pit"
            );
        }
        if after["over"] == true {
            break;
        }
    }
    assert!(moves > 1);
    let end = ok(ANALYZE, position.clone());
    let banks = end["result"]["banks"].as_array().unwrap().clone();
    let total: u64 = banks.iter().map(|b| b.as_u64().unwrap()).sum();
    assert_eq!(total, 18, "every bead is banked");
    // Player 1's moves were not best play; the computer never lets it do better than the start
    // promised.
    let margin = banks[0].as_i64().unwrap() - banks[1].as_i64().unwrap();
    assert!(margin <= start["final_margin"].as_i64().unwrap(), "{end}");
    let (status, message) = refused(ENGINE, json!({ "position": position }));
    assert_eq!(status, 422);
    assert!(message.contains("game is over"), "{message}");
}

#[test]
fn too_many_pits_are_refused_without_solving() {
    let started = Instant::now();
    let (status, message) = refused(ANALYZE, json!({ "pits": 15, "cap": 2, "board": "1" }));
    assert_eq!(status, 422);
    assert!(message.contains("15 pits"), "{message}");
    let (status, message) = refused(
        ANALYZE,
        json!({ "pits": 14, "cap": 3, "board": vec![1; 14] }),
    );
    assert_eq!(status, 422);
    assert!(message.contains(&MAX_BOARDS.to_string()), "{message}");
    let (status, _) = refused(ANALYZE, json!({ "pits": u64::MAX, "cap": 2, "board": [] }));
    assert_eq!(status, 422);
    assert!(
        started.elapsed().as_secs_f64() < 1.0,
        "refusals do not solve"
    );
}

#[test]
fn a_huge_cap_is_refused_without_solving() {
    let started = Instant::now();
    for cap in [10, 1000, u64::MAX] {
        let (status, message) = refused(
            ANALYZE,
            json!({ "pits": 5, "cap": cap, "board": [1, 1, 1, 1, 1] }),
        );
        assert_eq!(status, 422);
        assert!(message.contains(&format!("a cap of {cap}")), "{message}");
    }
    // A valid cap, but too many boards with 9 pits: 7^9.
    let (status, message) = refused(ANALYZE, json!({ "pits": 9, "cap": 6, "board": vec![2; 9] }));
    assert_eq!(status, 422);
    assert!(message.contains("40353607 boards"), "{message}");
    assert!(
        started.elapsed().as_secs_f64() < 1.0,
        "refusals do not solve"
    );
}

#[test]
fn malformed_boards_and_requests_are_refused() {
    let cases = [
        (
            json!({ "pits": 5, "cap": 3, "board": [1, 1, 1, 1] }),
            422,
            "4 pit counts given",
        ),
        (
            json!({ "pits": 5, "cap": 3, "board": [1, 1, 4, 1, 1] }),
            422,
            "more than the cap",
        ),
        (
            json!({ "pits": 5, "cap": 3, "board": "1 1 x 1 1" }),
            422,
            "not a bead count",
        ),
        (
            json!({ "pits": 5, "cap": 3, "board": [1, -1, 1, 1, 1] }),
            422,
            "non-negative",
        ),
        (
            json!({ "pits": 5, "cap": 3, "board": { "a": 1 } }),
            400,
            "expected an array",
        ),
        (
            json!({ "pits": 5, "cap": 3, "board": "1 1 1 1 1", "banks": [16, 0] }),
            422,
            "at most 15",
        ),
        (
            json!({ "pits": 5, "cap": 3, "board": "1 1 1 1 1", "to_move": 3 }),
            422,
            "not 1 or 2",
        ),
        (
            json!({ "pits": 5, "cap": 3, "board": "1 1 1 1 1", "extra": 1 }),
            400,
            "unknown field",
        ),
        (
            json!({ "cap": 3, "board": "1 1 1 1 1" }),
            400,
            "missing field",
        ),
    ];
    for (body, status, needle) in cases {
        let (got, message) = refused(ANALYZE, body.clone());
        assert_eq!(got, status, "{body}: {message}");
        assert!(message.contains(needle), "{body}: {message}");
    }
    let position = json!({ "pits": 5, "cap": 3, "board": "1 0 1 1 1" });
    let (status, message) = refused(PLAY, json!({ "position": position, "pit": 2 }));
    assert_eq!((status, message.as_str()), (422, "pit 2 is empty"));
    let (status, message) = refused(PLAY, json!({ "position": position, "pit": 6 }));
    assert_eq!(status, 422);
    assert!(message.contains("no pit 6"), "{message}");
    let (status, message) = refused(
        ENGINE,
        json!({ "position": position, "strength": "greedy" }),
    );
    assert_eq!(status, 422);
    assert!(
        message.contains("only by the perfect computer"),
        "{message}"
    );
}

#[test]
fn many_different_variants_in_a_row_keep_a_bounded_cache() {
    let limits = get("/api/ioiwari/variants");
    assert_eq!(limits["max_boards"], MAX_BOARDS);
    assert_eq!(limits["cached_tables"], CACHED_TABLES);
    let pits = limits["pits"].as_array().unwrap();
    assert_eq!(pits.len(), 13);
    // The task's cap of 5 with 9 pits (10077696 boards) is offered; so is every variant of
    // up to 2^24 boards, 8 pits of cap 7 and 12 of cap 3 among them.
    let caps = |max: u8| (2..=max).collect::<Vec<u8>>();
    let offered = |row: &Value| {
        (
            row["pits"].clone(),
            row["max_cap"].clone(),
            row["caps"].clone(),
        )
    };
    assert_eq!(offered(&pits[6]), (json!(8), json!(7), json!(caps(7))));
    assert_eq!(offered(&pits[7]), (json!(9), json!(5), json!(caps(5))));
    assert_eq!(offered(&pits[10]), (json!(12), json!(3), json!(caps(3))));
    assert_eq!(offered(&pits[12]), (json!(14), json!(2), json!(caps(2))));
    assert_eq!(limits["saved"], json!([]), "no --tables here");
    let mut asked = Vec::new();
    for n in 2..=5usize {
        for cap in 2..=5u8 {
            let board = vec![1; n];
            ok(ANALYZE, json!({ "pits": n, "cap": cap, "board": board }));
            asked.push((n, cap));
            let cached = get("/api/ioiwari/variants")["cached"]
                .as_array()
                .unwrap()
                .len();
            assert!(cached <= CACHED_TABLES, "{cached} tables kept");
        }
    }
    assert!(asked.len() > CACHED_TABLES);
    // A kept table answers at once: the last variant asked is kept.
    let started = Instant::now();
    for _ in 0..20 {
        ok(
            ANALYZE,
            json!({ "pits": 5, "cap": 5, "board": [5, 0, 5, 0, 5] }),
        );
    }
    assert!(started.elapsed().as_secs_f64() < 2.0);
}

#[test]
fn the_api_index_lists_the_variant_endpoints() {
    let index = get("/api");
    let paths: Vec<&str> = index["endpoints"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["path"].as_str().unwrap())
        .collect();
    for path in ["/api/ioiwari/variants", ANALYZE, PLAY, ENGINE] {
        assert!(paths.contains(&path), "{path}");
    }
}

/// A GET of the read-only lookup: the status, the named headers and the answer's body.
fn lookup(target: &str, if_none_match: Option<&str>) -> (u16, HashMap<String, String>, Vec<u8>) {
    let mut request = request("GET", target, b"");
    if let Some(tag) = if_none_match {
        request
            .headers_mut()
            .insert("if-none-match", tag.parse().unwrap());
    }
    let response = send(app(), request);
    let headers = response
        .headers
        .iter()
        .map(|(name, value)| {
            let value = value.to_str().unwrap_or_default().to_string();
            (name.as_str().to_string(), value)
        })
        .collect();
    (response.status, headers, response.body)
}

#[test]
fn the_lookup_gives_brute_force_values_and_may_be_cached_for_good() {
    let variant = Variant::new(5, 3).unwrap();
    let mut memo = HashMap::new();
    for (query, text) in [
        ("3-3-3-3-3", "3 3 3 3 3"),
        ("1,0,3,2,0", "1 0 3 2 0"),
        ("0+0+0+0+2", "0 0 0 0 2"),
    ] {
        let target = format!("/api/ioiwari/variant?pits=5&cap=3&board={query}&banks=2-1&to_move=2");
        let (status, headers, body) = lookup(&target, None);
        assert_eq!(status, 200, "{target}");
        let doc: Value = serde_json::from_slice(&body).unwrap();
        let board = VariantBoard::parse(variant, text).unwrap();
        agrees_with_brute_force(&doc, board, &mut memo);
        // The same document as the POST.
        let posted = ok(
            ANALYZE,
            json!({ "pits": 5, "cap": 3, "board": text, "banks": [2, 1], "to_move": 2 }),
        );
        assert_eq!(doc, posted);
        let cache = &headers["cache-control"];
        assert!(
            cache.contains("immutable") && cache.contains("max-age="),
            "{cache}"
        );
        let tag = headers["etag"].clone();
        assert!(tag.starts_with('"') && tag.ends_with('"'), "{tag}");
        // Asked again with its tag: 304, no body; another position has another tag.
        let (status, again, body) = lookup(&target, Some(&tag));
        assert_eq!((status, body.len()), (304, 0));
        assert_eq!(again["etag"], tag);
        let (status, _, _) = lookup(&target, Some("\"something else\""));
        assert_eq!(status, 200);
    }
    let (_, first, _) = lookup("/api/ioiwari/variant?pits=5&cap=3&board=3-3-3-3-3", None);
    let (_, second, _) = lookup("/api/ioiwari/variant?pits=5&cap=3&board=3-3-3-3-2", None);
    assert_ne!(first["etag"], second["etag"]);
}

#[test]
fn the_lookup_refuses_bad_queries_with_a_message() {
    for (target, status, words) in [
        ("/api/ioiwari/variant?cap=3&board=1-1", 400, "pits="),
        ("/api/ioiwari/variant?pits=5&cap=3", 400, "board="),
        (
            "/api/ioiwari/variant?pits=five&cap=3&board=1",
            400,
            "pits=five",
        ),
        (
            "/api/ioiwari/variant?pits=5&cap=3&board=1-1-1",
            422,
            "3 pit counts given",
        ),
        (
            "/api/ioiwari/variant?pits=5&cap=3&board=1-1-1-1-9",
            422,
            "9",
        ),
        (
            "/api/ioiwari/variant?pits=9&cap=6&board=1-1-1-1-1-1-1-1-1",
            422,
            "40353607 boards",
        ),
        (
            "/api/ioiwari/variant?pits=5&cap=3&board=1-1-1-1-1&banks=1",
            400,
            "banks=1",
        ),
    ] {
        let (got, headers, body) = lookup(target, None);
        let answer: Value = serde_json::from_slice(&body).unwrap();
        let message = answer["error"].as_str().unwrap_or_default();
        assert_eq!(got, status, "{target}: {message}");
        assert!(message.contains(words), "{target}: {message}");
        assert!(!headers.contains_key("etag"), "a refusal is not cached");
    }
}

#[test]
fn the_summary_counts_the_starts_of_each_total_as_brute_force_does() {
    let doc = get("/api/ioiwari/variant/summary?pits=5&cap=3");
    assert_eq!(
        (doc["pits"].as_u64(), doc["cap"].as_u64()),
        (Some(5), Some(3))
    );
    let variant = Variant::new(5, 3).unwrap();
    let mut memo = HashMap::new();
    // Every start of 2 to 3 beads a pit, counted by total and by player 1's result.
    let mut expected: HashMap<u32, [u64; 4]> = HashMap::new();
    for index in 0..4u32.pow(5) {
        let pits: Vec<u8> = (0..5).map(|k| (index / 4u32.pow(k) % 4) as u8).collect();
        if pits.iter().any(|&beads| beads < 2) {
            continue;
        }
        let board = VariantBoard::new(variant, &pits).unwrap();
        let value = minimax(board, &mut memo);
        let total: u32 = pits.iter().map(|&b| u32::from(b)).sum();
        let row = expected.entry(total).or_default();
        row[0] += 1;
        row[if value > 0 {
            1
        } else if value == 0 {
            2
        } else {
            3
        }] += 1;
    }
    let totals = doc["totals"].as_array().unwrap();
    assert_eq!(totals.len(), expected.len());
    for row in totals {
        let counts = expected[&(row["beads"].as_u64().unwrap() as u32)];
        let got = ["starts", "wins", "draws", "losses"].map(|key| row[key].as_u64().unwrap());
        assert_eq!(got, counts, "{row}");
    }
}
