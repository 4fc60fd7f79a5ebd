//! The MIS engine: the referee's checks, the first-mistake rule, games of the built-in Bolek
//! against every Lolek, cancellation and transcripts. Fates of positions come from a
//! brute-force solver of duel-test-support.

use duel_arena::mis::transcript::{move_line, TranscriptWriter};
use duel_arena::mis::{play, GameSetup, MoveEvent, NoEvents, Referee, Side};
use duel_arena::Verdict;
use duel_mis::{LolekKind, Move, Position};
use duel_test_support::sticks;
use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

fn position(p: u32, e: u32, bound: u32) -> Position {
    Position::new(p, e, bound).unwrap()
}

fn illegal_reason(start: Position, take_p: i64, take_e: i64) -> String {
    let mut referee = Referee::new(start, LolekKind::Simple);
    match referee.bolek(take_p, take_e, &mut NoEvents) {
        ControlFlow::Break(ending) => {
            assert_eq!(ending.verdict, Verdict::IllegalMove, "{take_p} {take_e}");
            assert_eq!(referee.moves(), 0, "an illegal move is not played");
            ending.reason.unwrap()
        }
        ControlFlow::Continue(()) => panic!("{take_p} {take_e} accepted at {start}"),
    }
}

#[test]
fn every_kind_of_illegal_move_is_caught_with_its_reason() {
    let start = position(7, 2, 3);
    let cases: [(i64, i64, &str); 7] = [
        (0, 0, "no stick"),
        (4, 0, "over the PE-bound 3"),
        (0, 3, "pool holds only 2"),
        (2, 1, "equal numbers"),
        (-1, 0, "negative"),
        (0, -5, "negative"),
        (i64::from(u32::MAX) + 1, 0, "more than the pool holds"),
    ];
    for (take_p, take_e, needle) in cases {
        let reason = illegal_reason(start, take_p, take_e);
        assert!(reason.contains(needle), "{take_p} {take_e}: {reason}");
        assert!(reason.starts_with("move 1: Bolek takes"), "{reason}");
        assert!(reason.contains("at p=7 e=2"), "{reason}");
    }
}

#[test]
fn a_lolek_move_the_judge_would_not_play_is_a_protocol_error() {
    let mut referee = Referee::new(position(7, 2, 3), LolekKind::Simple);
    assert!(referee.bolek(1, 1, &mut NoEvents).is_continue());
    // The simple Lolek takes one poohstick; the host claims he took two.
    let flow = referee
        .lolek_reported(
            Move {
                take_p: 2,
                take_e: 0,
            },
            &mut NoEvents,
        )
        .unwrap();
    let ControlFlow::Break(ending) = flow else {
        panic!("accepted")
    };
    assert_eq!(ending.verdict, Verdict::ProtocolError);
    assert!(ending.reason.unwrap().contains("Lolek takes p=1 e=0"));
    // The right one is accepted.
    let mut referee = Referee::new(position(7, 2, 3), LolekKind::Simple);
    assert!(referee.bolek(1, 1, &mut NoEvents).is_continue());
    let flow = referee
        .lolek_reported(
            Move {
                take_p: 1,
                take_e: 0,
            },
            &mut NoEvents,
        )
        .unwrap();
    assert!(flow.is_continue());
    assert_eq!(referee.position().to_string(), "5 1 3");
}

#[test]
fn the_first_move_that_gives_lolek_a_win_is_named_in_a_loss() {
    // From every winnable small position, play one losing move, then let the optimal Lolek
    // finish while Bolek takes single sticks: a loss whose mistake is that first move.
    for bound in [1usize, 2, 3, 5] {
        let wins = sticks::wins(bound, 16);
        for p in 1..16 {
            for e in 1..16 {
                if !wins[p][e] {
                    continue;
                }
                let Some((a, b)) = (1..=bound)
                    .flat_map(|k| [(k, 0), (0, k), (k, k)])
                    .find(|&(a, b)| a <= p && b <= e && (a, b) != (p, e) && wins[p - a][e - b])
                else {
                    continue;
                };
                let start = position(p as u32, e as u32, bound as u32);
                let mut referee = Referee::new(start, LolekKind::Optimal);
                let mut events: Vec<MoveEvent> = Vec::new();
                let mut next = (a as i64, b as i64);
                let ending = loop {
                    if let ControlFlow::Break(ending) = referee.bolek(next.0, next.1, &mut events) {
                        break ending;
                    }
                    if let ControlFlow::Break(ending) = referee.lolek(&mut events).unwrap() {
                        break ending;
                    }
                    let now = referee.position();
                    next = if now.p() > 0 { (1, 0) } else { (0, 1) };
                };
                assert_eq!(ending.verdict, Verdict::Loss, "{start} after {a} {b}");
                let mistake = *referee.first_mistake().expect("a mistake");
                assert_eq!(mistake.number, 1);
                assert_eq!(
                    mistake.taken,
                    Move {
                        take_p: a as u32,
                        take_e: b as u32
                    }
                );
                assert_eq!(
                    (mistake.after.p() as usize, mistake.after.e() as usize),
                    (p - a, e - b)
                );
                let better = mistake.better.expect("a winning alternative");
                let (bp, be) = (better.take_p as usize, better.take_e as usize);
                assert!(!wins[p - bp][e - be], "{start}: {better:?} does not win");
                assert_eq!(events.last().unwrap().side, Side::Lolek);
                let result = referee.finish(ending, Default::default());
                assert_eq!(result.verdict, Verdict::Loss);
                assert_eq!(result.moves, events.len() as u64);
            }
        }
    }
}

#[test]
fn the_builtin_bolek_beats_every_lolek_and_every_move_is_reported() {
    let kinds = [
        LolekKind::Simple,
        LolekKind::Optimal,
        LolekKind::Adversarial,
        LolekKind::Random { seed: 7 },
        LolekKind::Random { seed: 8 },
    ];
    for bound in [1usize, 2, 4, 7] {
        let wins = sticks::wins(bound, 24);
        for p in 1..24 {
            for e in 1..24 {
                if !wins[p][e] {
                    continue;
                }
                let start = position(p as u32, e as u32, bound as u32);
                for kind in kinds {
                    let mut events: Vec<MoveEvent> = Vec::new();
                    let result = play(&GameSetup::builtin(start, kind), &mut events, None).unwrap();
                    assert_eq!(result.verdict, Verdict::Win, "{start} against {kind}");
                    assert_eq!(result.reason, None);
                    assert_eq!(result.moves, events.len() as u64);
                    assert_eq!(result.bolek_moves, events.len().div_ceil(2) as u64);
                    assert!(
                        result.first_mistake.is_none(),
                        "{start}: {:?}",
                        result.first_mistake
                    );
                    // Replay with the rules alone.
                    let (mut left_p, mut left_e) = (p, e);
                    for (i, event) in events.iter().enumerate() {
                        assert_eq!(event.number, i as u64 + 1);
                        assert_eq!(
                            event.side,
                            if i % 2 == 0 { Side::Bolek } else { Side::Lolek }
                        );
                        let (a, b) = (event.taken.take_p as usize, event.taken.take_e as usize);
                        assert!(
                            (a > 0 || b > 0)
                                && (a == 0 || b == 0 || a == b)
                                && a <= bound
                                && b <= bound
                        );
                        left_p -= a;
                        left_e -= b;
                        assert_eq!(
                            (event.left.p() as usize, event.left.e() as usize),
                            (left_p, left_e)
                        );
                        if event.side == Side::Bolek && (left_p, left_e) != (0, 0) {
                            assert!(!wins[left_p][left_e], "Bolek left Lolek a win: {event:?}");
                        }
                    }
                    assert_eq!((left_p, left_e), (0, 0));
                }
            }
        }
    }
}

#[test]
fn a_long_builtin_game_is_won() {
    let start = position(1_000_000, 1, 1);
    let mut count = 0u64;
    let result = play(
        &GameSetup::builtin(start, LolekKind::Adversarial),
        &mut |_: &MoveEvent| count += 1,
        None,
    )
    .unwrap();
    assert_eq!(result.verdict, Verdict::Win);
    // With B = 1 a move takes one stick or one of each: between (p + e) / 2 and p + e moves.
    assert!(
        result.moves <= 1_000_001 && result.moves >= 500_001,
        "{}",
        result.moves
    );
    assert_eq!(count, result.moves);
}

#[test]
fn a_cancelled_game_stops() {
    let cancel = Arc::new(AtomicBool::new(true));
    let setup = GameSetup::builtin(position(1_000_000, 1, 1), LolekKind::Adversarial);
    let outcome = play(&setup, &mut NoEvents, Some(&cancel));
    assert!(
        matches!(outcome, Err(duel_arena::mis::MisError::Cancelled)),
        "{outcome:?}"
    );
}

#[test]
fn transcripts_keep_their_head_and_tail() {
    let start = position(100, 1, 1);
    let mut events: Vec<MoveEvent> = Vec::new();
    let result = play(
        &GameSetup::builtin(start, LolekKind::Simple),
        &mut events,
        None,
    )
    .unwrap();
    let mut writer = TranscriptWriter::new(Vec::new(), &start, 10, 5);
    for event in &events {
        duel_arena::mis::EventSink::record(&mut writer, event);
    }
    let text = String::from_utf8(writer.finish(&result).unwrap()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "start: p=100 e=1 B=1");
    assert_eq!(lines[1], move_line(&events[0]));
    assert_eq!(lines[10], move_line(&events[9]));
    assert_eq!(
        lines[11],
        format!("... {} moves not kept ...", events.len() - 15)
    );
    assert_eq!(lines[16], move_line(events.last().unwrap()));
    assert_eq!(
        lines[17],
        format!("result: win after {} moves", events.len())
    );
    assert_eq!(lines.len(), 18);
}
