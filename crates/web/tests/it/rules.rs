//! Every rule the page shows comes from the API, computed by the game and analysis crates:
//! the sowing step by step and in words, a whole game's moves with their mistakes and each
//! player's first mistake in the sentence the terminal says, who moves and how much they may
//! take in Pooh-Eeyore-sticks, the map's scale, a variant's usual start and bounds.
//!
//! The evidence: the statement's worked game, the rules played move by move with the rules
//! library, and Pooh-Eeyore-sticks solved by brute force in duel-test-support.

use duel_ioiwari::remoteness::Remoteness;
use duel_ioiwari::{Board, Pit, Position};
use serde_json::{json, Value};

use crate::common::{ok, post};
use duel_test_support::sticks;

// ---- Ioiwari -------------------------------------------------------------------------------

/// The statement's first move from its example board, bead by bead: pit 2's three beads go
/// into pits 3 and 4 and the last meets pit 5's two, which it takes to the bank.
#[test]
fn a_sowing_comes_step_by_step_and_in_words() {
    let start = json!({ "board": [4, 3, 2, 4, 2, 3, 2], "banks": [1, 2], "to_move": 1 });
    let answer = ok("/api/ioiwari/play", json!({ "position": start, "pit": 2 }));
    let steps = answer["sowing"]["steps"].as_array().unwrap();
    let seen: Vec<(&str, u64, Value, u64, Value)> = steps
        .iter()
        .map(|step| {
            (
                step["kind"].as_str().unwrap(),
                step["at"].as_u64().unwrap(),
                step["pits"].clone(),
                step["hand"].as_u64().unwrap(),
                step["banks"].clone(),
            )
        })
        .collect();
    assert_eq!(
        seen,
        [
            ("lift", 2, json!([4, 0, 2, 4, 2, 3, 2]), 3, json!([1, 2])),
            ("drop", 3, json!([4, 0, 3, 4, 2, 3, 2]), 2, json!([1, 2])),
            ("drop", 4, json!([4, 0, 3, 5, 2, 3, 2]), 1, json!([1, 2])),
            ("capture", 5, json!([4, 0, 3, 5, 0, 3, 2]), 0, json!([4, 2])),
        ]
    );
    assert_eq!(steps[3]["captured"], 2);
    // The last step is the position the move leads to.
    assert_eq!(steps[3]["pits"], answer["analysis"]["position"]["board"]);
    assert_eq!(steps[3]["banks"], answer["analysis"]["position"]["banks"]);
    assert_eq!(
        answer["sowing"]["text"],
        "Player 1 sowed pit 2's 3 beads: one each into pits 3 and 4; the last bead took pit 5's \
         2 beads with it into player 1's bank (3 beads for player 1)."
    );
    // A full pit on the way pays the mover, and a last bead meeting an empty pit goes to the
    // other bank: 5 0 0 0 0 0 2, pit 7 (the rules' own example).
    let wrap = json!({ "board": [5, 0, 0, 0, 0, 0, 2], "banks": [0, 0], "to_move": 2 });
    let answer = ok("/api/ioiwari/play", json!({ "position": wrap, "pit": 7 }));
    let kinds: Vec<&str> = answer["sowing"]["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|step| step["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["lift", "full", "drop", "opponent"]);
    assert_eq!(
        answer["sowing"]["text"],
        "Player 2 sowed pit 7's 2 beads: one into pit 2; full pit 1 gave 1 bead to player 2's \
         bank instead; the last bead met an empty pit 3 and went to player 1's bank (1 bead for \
         player 2, 1 for player 1)."
    );
}

/// Every legal move from every start board: the steps end on the board and banks the move
/// leads to, and each step changes only the pit it visits.
#[test]
fn every_sowing_from_every_start_board_ends_where_the_move_does() {
    for board in Board::start_boards() {
        let position = Position::start(board);
        for pit in board.legal_moves().iter() {
            let request = json!({
                "position": { "board": board.pits(), "banks": [0, 0], "to_move": 1 },
                "pit": pit.number(),
            });
            let answer = ok("/api/ioiwari/play", request);
            let after = position.play(pit).unwrap();
            let steps = answer["sowing"]["steps"].as_array().unwrap();
            let last = steps.last().unwrap();
            assert_eq!(last["pits"], json!(after.board.pits()), "{board} pit {pit}");
            assert_eq!(last["banks"], json!([after.banks.one, after.banks.two]));
            for pair in steps.windows(2) {
                let at = pair[1]["at"].as_u64().unwrap() as usize - 1;
                for other in (0..7).filter(|&k| k != at) {
                    assert_eq!(pair[0]["pits"][other], pair[1]["pits"][other]);
                }
            }
        }
    }
}

/// A game sent whole, as an address gives it (`2.4.1`), answers what playing its moves one by
/// one answers; the first mistake of each player is the first move that was not best, told
/// in the terminal's sentence.
#[test]
fn a_whole_game_answers_as_its_moves_played_one_by_one() {
    let start = json!({ "board": [4, 3, 2, 4, 2, 3, 2], "banks": [0, 0], "to_move": 1 });
    // Pit 1 first (a mistake), then always the highest pit that holds beads.
    let mut moves = vec![1u8];
    let mut played = Position::start("4 3 2 4 2 3 2".parse().unwrap())
        .play(Pit::new(1).unwrap())
        .unwrap();
    while !played.is_over() && moves.len() < 8 {
        let pit = played.board.legal_moves().iter().last().unwrap();
        moves.push(pit.number());
        played = played.play(pit).unwrap();
    }
    let text = moves
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(".");
    let doc = ok(
        "/api/ioiwari/game",
        json!({ "start": start, "moves": text }),
    );
    let listed = ok(
        "/api/ioiwari/game",
        json!({ "start": start, "moves": moves }),
    );
    assert_eq!(
        doc, listed,
        "a list and an address's text are the same game"
    );
    assert_eq!(doc["stopped"], Value::Null);
    let mut position = start.clone();
    let mut firsts: [Option<(usize, Value, Value)>; 2] = [None, None];
    for (index, pit) in moves.iter().enumerate() {
        let one = ok(
            "/api/ioiwari/play",
            json!({ "position": position, "pit": pit }),
        );
        assert_eq!(doc["moves"][index], one, "move {}", index + 1);
        let player = one["player"].as_u64().unwrap() as usize;
        if !one["move_value"]["best"].as_bool().unwrap() && firsts[player - 1].is_none() {
            firsts[player - 1] = Some((index + 1, one["mistake"].clone(), position.clone()));
        }
        position = one["analysis"]["position"].clone();
    }
    // The solver's own account of the same moves, independently of the documents.
    let solver = Remoteness::solve();
    for (slot, first) in firsts.iter().enumerate() {
        match first {
            None => {
                assert_eq!(doc["first_mistakes"][slot], Value::Null);
                assert_eq!(
                    doc["first_mistake_texts"][slot],
                    "You made no mistake: every move of yours kept the best value."
                );
            }
            Some((number, mistake, before)) => {
                let found = &doc["first_mistakes"][slot];
                assert_eq!(found["number"], *number);
                assert_eq!(found["mistake"], *mistake);
                let pit = Pit::new(moves[number - 1]).unwrap();
                let pits: [u8; 7] = serde_json::from_value(before["board"].clone()).unwrap();
                let board = Board::new(pits).unwrap();
                let banks: [u32; 2] = serde_json::from_value(before["banks"].clone()).unwrap();
                let to_move = if before["to_move"] == 2 {
                    duel_ioiwari::Player::Two
                } else {
                    duel_ioiwari::Player::One
                };
                let facts = solver.analyze(&Position {
                    board,
                    banks: duel_ioiwari::Banks {
                        one: banks[0],
                        two: banks[1],
                    },
                    to_move,
                });
                let played = facts.moves.iter().find(|m| m.pit == pit).unwrap();
                assert!(!played.best);
                let best: Vec<u8> = facts
                    .moves
                    .iter()
                    .filter(|m| m.best)
                    .map(|m| m.pit.number())
                    .collect();
                assert_eq!(mistake["best_pits"], json!(best));
                let sentence = duel_ioiwari::mistake::your_first_mistake(
                    *number,
                    pit,
                    played.final_margin,
                    facts.final_margin,
                    &best
                        .iter()
                        .map(|&n| Pit::new(n).unwrap())
                        .collect::<Vec<_>>(),
                );
                assert_eq!(doc["first_mistake_texts"][slot], sentence);
            }
        }
    }
    assert!(
        firsts[0].is_some(),
        "pit 1 first gives player 1's win away (the statement's board)"
    );
    let text = doc["first_mistake_texts"][0].as_str().unwrap();
    assert!(
        text.starts_with("Move 1 of the game, pit 1, was your first mistake: with best play"),
        "{text}"
    );
    // Player 1's margin at each position, the start's first: the chart's points.
    let margins = doc["margins_for_player_1"].as_array().unwrap();
    assert_eq!(margins.len(), moves.len() + 1);
    assert_eq!(margins[0], 2, "the statement's board is won by 2");
}

#[test]
fn a_game_stops_before_a_move_that_cannot_be_played() {
    let start = json!({ "board": "4 3 2 4 2 3 2" });
    for (moves, stopped_at, why) in [
        (json!("2.2"), 2, "empty"),
        (json!("2 8"), 2, "8"),
        (json!(["2", "x"]), 2, "x"),
        (json!([2, 3, 5, 4, 5, 7, 1]), 7, ""),
    ] {
        let doc = ok(
            "/api/ioiwari/game",
            json!({ "start": start, "moves": moves }),
        );
        assert_eq!(
            doc["moves"].as_array().unwrap().len(),
            stopped_at - 1,
            "{moves}"
        );
        assert_eq!(doc["stopped"]["number"], stopped_at, "{moves}");
        let reason = doc["stopped"]["reason"].as_str().unwrap();
        assert!(reason.contains(why), "{moves}: {reason}");
    }
    let (status, answer) = post(
        "/api/ioiwari/game",
        json!({ "start": start, "moves": [true] }),
    );
    assert_eq!(status, 400, "{answer}");
}

// ---- Pooh-Eeyore-sticks ----------------------------------------------------------------------

/// Every position of a game: who moves (Bolek first), how much a move may take there (by the
/// rules, move by move), whose moves were mistakes and who won, against brute force.
#[test]
fn a_whole_mis_game_says_who_moves_what_they_may_take_and_every_mistake() {
    let bound = 3usize;
    let wins = sticks::wins(bound, 16);
    let start = [11usize, 9];
    // Bolek: a mistake first (from a won pool to one won for Lolek), then Lolek's, then on.
    let game = [
        (3, 0),
        (1, 1),
        (2, 0),
        (0, 3),
        (1, 0),
        (2, 2),
        (1, 1),
        (0, 1),
        (1, 0),
        (0, 1),
    ];
    let tokens: Vec<String> = game.iter().map(|(p, e)| format!("{p}-{e}")).collect();
    let doc = ok(
        "/api/mis/game",
        json!({ "start": { "p": start[0], "e": start[1], "bound": bound }, "moves": tokens.join(".") }),
    );
    let positions = doc["positions"].as_array().unwrap();
    let (mut p, mut e) = (start[0], start[1]);
    let mut firsts: [Option<usize>; 2] = [None, None];
    let mut winner = Value::Null;
    for (number, position) in positions.iter().enumerate() {
        assert_eq!(position["number"], number);
        assert_eq!(position["to_move"], 1 + number % 2, "Bolek moves first");
        assert_eq!(
            position["analysis"]["position"],
            json!({ "p": p, "e": e, "bound": bound })
        );
        let most = |filter: fn(&(usize, usize)) -> bool, side: fn((usize, usize)) -> usize| {
            sticks::moves(bound, p, e)
                .filter(filter)
                .map(side)
                .max()
                .unwrap_or(0)
        };
        assert_eq!(
            position["limits"],
            json!({
                "pooh": most(|m| m.1 == 0, |m| m.0),
                "eeyore": most(|m| m.0 == 0, |m| m.1),
                "both": most(|m| m.0 == m.1, |m| m.0),
            }),
            "({p}, {e})"
        );
        let Some(&(take_p, take_e)) = game.get(number) else {
            break;
        };
        assert!(
            sticks::legal(bound, p, e, (take_p, take_e)),
            "({p}, {e}) {take_p} {take_e}"
        );
        let mistake = wins[p][e] && wins[p - take_p][e - take_e];
        let next = &positions[number + 1];
        assert_eq!(next["player"], 1 + number % 2);
        assert_eq!(next["move"]["take_p"], take_p);
        assert_eq!(next["mistake"].is_string(), mistake, "move {}", number + 1);
        if mistake && firsts[number % 2].is_none() {
            firsts[number % 2] = Some(number + 1);
        }
        p -= take_p;
        e -= take_e;
        if p == 0 && e == 0 {
            winner = json!(1 + number % 2);
        }
    }
    assert_eq!(positions.len(), game.len() + 1);
    assert_eq!(doc["winner"], winner);
    assert!(
        firsts[0].is_some() && firsts[1].is_some(),
        "both sides erred"
    );
    for slot in 0..2 {
        assert_eq!(doc["first_mistakes"][slot]["number"], json!(firsts[slot]));
    }
    let text = doc["first_mistake_texts"][0].as_str().unwrap();
    assert_eq!(
        text,
        duel_mis::mistake::your_first_mistake(
            1,
            &duel_mis::Position::new(11, 9, 3).unwrap(),
            duel_mis::Move::pooh(3)
        )
    );
    assert!(text.starts_with(
        "Move 1 of the game, at (11, 9), was your first mistake: you chose to take 3 poohsticks"
    ));
}

#[test]
fn a_mis_game_stops_before_a_move_that_cannot_be_played() {
    let start = json!({ "p": 7, "e": 2, "bound": 3 });
    for (moves, stopped_at, why) in [
        (json!("1-1.4-0"), 2, "bound"),
        (json!(["1-2"]), 1, ""),
        (json!("1"), 1, "like 1-1"),
        (json!([{ "take_p": 1, "take_e": 0 }, "0-0"]), 2, ""),
    ] {
        let doc = ok("/api/mis/game", json!({ "start": start, "moves": moves }));
        assert_eq!(
            doc["positions"].as_array().unwrap().len(),
            stopped_at,
            "{moves}"
        );
        assert_eq!(doc["stopped"]["number"], stopped_at, "{moves}");
        let reason = doc["stopped"]["reason"].as_str().unwrap();
        assert!(reason.contains(why), "{moves}: {reason}");
    }
}

/// The map's scale is the server's: with no size or scale asked for, every pool one move
/// away is on the map; a phone's smaller map gets a larger scale. The period lines are the
/// multiples of B + 1 across the map.
#[test]
fn the_map_is_scaled_by_the_server_to_show_every_pool_one_move_away() {
    for (p, e, bound, size) in [
        (7u64, 2u64, 3u64, None),
        (7, 2, 3, Some(11)),
        (7_777_777, 5_555_555, 65_536, None),
        (7_777_777, 5_555_555, 65_536, Some(11)),
        (40, 33, 30, None),
    ] {
        let mut request = json!({ "position": { "p": p, "e": e, "bound": bound } });
        if let Some(size) = size {
            request["size"] = json!(size);
        }
        let map = ok("/api/mis/pattern", request);
        let (from_p, from_e) = (
            map["p_from"].as_u64().unwrap(),
            map["e_from"].as_u64().unwrap(),
        );
        let (width, scale) = (
            map["width"].as_u64().unwrap(),
            map["scale"].as_u64().unwrap(),
        );
        if let Some(size) = size {
            assert_eq!(width, size);
        }
        let span = width * scale;
        // Every pool one legal move away lies on the map (where the pool holds the sticks).
        for k in 1..=bound {
            for (x, y) in [
                (p.checked_sub(k), Some(e)),
                (Some(p), e.checked_sub(k)),
                (p.checked_sub(k), e.checked_sub(k)),
            ] {
                let (Some(x), Some(y)) = (x, y) else { continue };
                assert!(
                    x >= from_p && x < from_p + span,
                    "p {x} off the map of {p} {e} {bound}"
                );
                assert!(
                    y >= from_e && y < from_e + span,
                    "e {y} off the map of {p} {e} {bound}"
                );
            }
        }
        // The fewest pools a square that do so.
        if scale > 1 {
            assert!(
                (scale - 1) * width < 2 * bound + 1,
                "scale {scale} larger than needed"
            );
        }
        assert_eq!(map["period"], bound + 1);
        let starts: Vec<u64> = serde_json::from_value(map["period_starts_p"].clone()).unwrap();
        let expected: Vec<u64> = (from_p..=from_p + span)
            .filter(|x| x % (bound + 1) == 0)
            .collect();
        assert_eq!(starts, expected);
    }
}

// ---- Ioiwari's variants ----------------------------------------------------------------------

#[test]
fn the_variants_bounds_and_usual_starts_come_from_the_server() {
    let (status, limits) = crate::common::get("/api/ioiwari/variants");
    assert_eq!(status, 200);
    assert_eq!(
        (
            &limits["min_pits"],
            &limits["max_pits"],
            &limits["min_cap"],
            &limits["max_cap"]
        ),
        (&json!(2), &json!(14), &json!(2), &json!(9))
    );
    for row in limits["pits"].as_array().unwrap() {
        let pits = row["pits"].as_u64().unwrap() as usize;
        let caps = row["caps"].as_array().unwrap();
        let starts = row["starts"].as_array().unwrap();
        assert_eq!(caps.len(), starts.len());
        for (cap, start) in caps.iter().zip(starts) {
            let beads = cap.as_u64().unwrap().min(3).to_string();
            assert_eq!(start.as_str().unwrap(), vec![beads; pits].join(" "));
        }
    }
}

#[test]
fn a_variants_whole_game_answers_as_its_moves_played_one_by_one() {
    let start = json!({ "pits": 5, "cap": 3, "board": "3 3 3 3 3" });
    let moves = [1u64, 2, 4];
    let doc = ok(
        "/api/ioiwari/variant/game",
        json!({ "start": start, "moves": "1.2.4.9" }),
    );
    let mut position = start.clone();
    let mut first = [Value::Null, Value::Null];
    for (index, pit) in moves.iter().enumerate() {
        let one = ok(
            "/api/ioiwari/variant/play",
            json!({ "position": position, "pit": pit }),
        );
        assert_eq!(doc["moves"][index], one);
        let slot = one["player"].as_u64().unwrap() as usize - 1;
        let best = one["move_value"]["best"].as_bool().unwrap();
        assert_eq!(one["mistake"].is_null(), best);
        if !best && first[slot].is_null() {
            first[slot] = json!(index + 1);
        }
        position = one["analysis"]["position"].clone();
    }
    for slot in 0..2 {
        assert_eq!(doc["first_mistakes"][slot]["number"], first[slot]);
    }
    assert_eq!(doc["stopped"]["number"], 4);
}
