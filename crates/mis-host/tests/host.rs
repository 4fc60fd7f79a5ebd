//! The module host's side, run in this process with small C modules built here: the header,
//! load errors, and the batched moves, which are replayed with the rules and Lolek's own
//! strategy (independently of the judge's client).

use duel_mis::{lolek, LolekKind, Move, Position, SimpleLolek, Strategy};
use duel_mis_host::serve;
use duel_mis_wire::frame::{Frame, FrameReader};
use duel_mis_wire::HostRequest;
use duel_test_support::build::c_module;
use std::path::Path;

/// The host's frames, each written as a line: `mis-host rss=KB`, `ready`, `error TEXT`,
/// `m` and the numbers of a batch, `end`.
fn host_output(library: &Path, game: Option<(Position, LolekKind)>) -> Vec<String> {
    let request = HostRequest {
        library: library.to_path_buf(),
        game,
    };
    let mut out = Vec::new();
    serve(&request, &mut out).unwrap();
    let mut reader = FrameReader::new();
    let mut lines = Vec::new();
    let mut rest = &out[..];
    loop {
        let space = reader.space();
        let n = space.len().min(rest.len());
        space[..n].copy_from_slice(&rest[..n]);
        reader.filled(n);
        rest = &rest[n..];
        while let Some(frame) = reader.next_frame().expect("well-formed frames") {
            lines.push(match frame {
                Frame::Header { baseline_rss_kb } => format!("mis-host rss={baseline_rss_kb}"),
                Frame::Ready => "ready".into(),
                Frame::Error(text) => format!("error {}", String::from_utf8_lossy(text)),
                Frame::Moves(moves) => {
                    let mut line = String::from("m");
                    for taken in moves {
                        let (p, e) = taken.expect("well-formed moves");
                        line += &format!(" {p} {e}");
                    }
                    line
                }
                Frame::LastMoves(_) => panic!("last words from a living host"),
                Frame::End => "end".into(),
            });
        }
        if rest.is_empty() {
            assert!(reader.pending().is_empty(), "bytes after the last frame");
            return lines;
        }
    }
}

/// Takes one poohstick if any, else one eeyorestick; counts its calls in `calls`.
const ONE_STICK: &str = "int calls; static int b;\n\
    void poczatek(int p, int e, int peb) { b = peb; calls = 0; }\n\
    void ruch_bolka(int p, int e, int *bp, int *be) { calls++; *bp = p > 0; *be = p > 0 ? 0 : 1; }\n";

#[test]
fn the_host_streams_every_move_in_batches() {
    let dir = tempfile::tempdir().unwrap();
    let library = c_module(dir.path(), "one", ONE_STICK);
    let start = Position::new(300_000, 200_000, 7).unwrap();
    for kind in [
        LolekKind::Simple,
        LolekKind::Adversarial,
        LolekKind::Random { seed: 3 },
    ] {
        let lines = host_output(&library, Some((start, kind)));
        assert!(lines[0].starts_with("mis-host rss="), "{}", lines[0]);
        assert_eq!(lines[1], "ready");
        assert_eq!(lines.last().unwrap(), "end");
        let batches = &lines[2..lines.len() - 1];
        assert!(batches.len() > 1, "a long game comes in several batches");
        let numbers: Vec<u32> = batches
            .iter()
            .flat_map(|line| line.strip_prefix("m ").expect("a move batch").split(' '))
            .map(|n| n.parse().unwrap())
            .collect();
        // Replay: Bolek's moves are the module's, Lolek's those of a fresh strategy.
        let mut lolek = lolek(kind);
        let mut position = start;
        for (i, pair) in numbers.chunks(2).enumerate() {
            let taken = Move {
                take_p: pair[0],
                take_e: pair[1],
            };
            if i % 2 == 0 {
                // The module under test plays the kit's one-stick rule.
                assert_eq!(taken, SimpleLolek.choose(&position), "Bolek's move {i}");
            } else {
                assert_eq!(taken, lolek.choose(&position), "Lolek's move {i}");
            }
            position = position.play(taken).unwrap();
        }
        assert!(
            position.is_over(),
            "the batches hold the whole game ({kind})"
        );
    }
}

#[test]
fn the_host_stops_at_an_illegal_move_and_sends_it() {
    let dir = tempfile::tempdir().unwrap();
    let library = c_module(
        dir.path(),
        "bad",
        "void poczatek(int p, int e, int peb) {}\n\
         void ruch_bolka(int p, int e, int *bp, int *be) { *bp = 2; *be = p < 5 ? -3 : 0; }\n",
    );
    let lines = host_output(
        &library,
        Some((Position::new(8, 1, 2).unwrap(), LolekKind::Simple)),
    );
    // 8 1: Bolek 2 0 -> 6 1; Lolek 1 0 -> 5 1; Bolek 2 0 -> 3 1; Lolek 1 0 -> 2 1; Bolek 2 -3.
    assert_eq!(lines[2..], ["m 2 0 1 0 2 0 1 0 2 -3", "end"]);
}

#[test]
fn load_errors_are_reported_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let half = c_module(
        dir.path(),
        "half",
        "void ruch_bolka(int p, int e, int *bp, int *be) {}\n",
    );
    let lines = host_output(&half, None);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(
        lines[1].starts_with("error ") && lines[1].contains("`poczatek`"),
        "{}",
        lines[1]
    );

    let lines = host_output(&dir.path().join("libnothing.so"), None);
    assert!(lines[1].starts_with("error no such module"), "{}", lines[1]);

    let library = c_module(dir.path(), "one", ONE_STICK);
    assert_eq!(host_output(&library, None)[1..], ["ready", "end"]);
}

#[test]
fn requests_survive_the_command_line() {
    for kind in [
        LolekKind::Simple,
        LolekKind::Optimal,
        LolekKind::Adversarial,
        LolekKind::Greedy,
        LolekKind::Random { seed: 99 },
    ] {
        let request = HostRequest {
            library: "/x/libm.so".into(),
            game: Some((Position::new(10_000_000, 1, 1_000_000).unwrap(), kind)),
        };
        assert_eq!(HostRequest::from_args(&request.to_args()), Ok(request));
    }
    let check = HostRequest {
        library: "lib.so".into(),
        game: None,
    };
    assert_eq!(HostRequest::from_args(&check.to_args()), Ok(check));
    let bad: Vec<std::ffi::OsString> = ["lib.so", "0", "1", "1", "simple"].map(Into::into).to_vec();
    assert!(HostRequest::from_args(&bad).is_err());
    let bad: Vec<std::ffi::OsString> = ["lib.so", "1", "1", "1", "clever"].map(Into::into).to_vec();
    assert!(HostRequest::from_args(&bad).is_err());
}
