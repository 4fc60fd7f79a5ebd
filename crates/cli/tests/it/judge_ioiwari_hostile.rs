//! The hostile suite: one judge run (two jobs) over programs that crash, hang, flood, lie and
//! fork, each on its own board, each with its expected verdict. None may hang the judge or
//! change another test's result: the perfect players among them must still win.

use crate::support::hostile::{hostile_dir, players_dir, read_report};
use duel_ioiwari::Board;
use duel_test_support::{duel, process::is_alive, sh_script};
use std::time::{Duration, Instant};

/// (program, expected verdict, what the reason must mention).
const CASES: &[(&str, &str, &str)] = &[
    ("perfect", "win", ""),
    ("crash.sh", "runtime_error", "SIGSEGV"),
    ("hang.sh", "time_limit", "wall-clock"),
    ("sleep.sh", "time_limit", "wall-clock"),
    ("busy.sh", "time_limit", "CPU"),
    ("letters.sh", "protocol_error", "\"abc\""),
    ("pit9.sh", "illegal_move", "no pit 9"),
    (
        "empty_pit.sh",
        "illegal_move",
        "pit 1 is empty at 0 4 4 4 4 2 2",
    ),
    ("early_exit.sh", "early_exit", "before the game was over"),
    ("nonzero.sh", "runtime_error", "status 3"),
    ("flood.sh", "protocol_error", "longer than 4096 bytes"),
    ("memhog", "memory_limit", "memory limit"),
    ("forker.sh", "win", ""),
    (
        "holder.sh",
        "protocol_error",
        "after the game: its output was still open 1 s later (a program must end once the game \
         is over, without reading more input); note: its first process ended",
    ),
    (
        "trailing.sh",
        "protocol_error",
        "after the game: it wrote more than blanks and line feeds",
    ),
    (
        "nul.sh",
        "protocol_error",
        "expected a pit number, got \"1\\x00\"",
    ),
    ("silent.sh", "time_limit", "wall-clock"),
    ("perfect", "win", ""),
];

#[test]
fn every_hostile_program_gets_its_verdict_and_nothing_else_is_disturbed() {
    let work = tempfile::tempdir().unwrap();
    let players = players_dir();
    // One start board per case; the empty-pit case needs a board with an empty pit 1.
    let mut starts = Board::start_boards().into_iter();
    let boards: Vec<String> = CASES
        .iter()
        .map(|(program, _, _)| match *program {
            "empty_pit.sh" => "0 4 4 4 4 2 2".to_owned(),
            _ => starts.next().unwrap().to_string(),
        })
        .collect();
    let tests = work.path().join("tests.txt");
    std::fs::write(&tests, boards.join("\n") + "\n").unwrap();

    // The judged "program" dispatches on the board it reads to the hostile program of the case.
    let pids = work.path().join("pids");
    // The judge gives programs none of its own variables: the script sets what they read.
    let mut dispatch = format!(
        "export HOSTILE='{}' PLAYERS='{}' DUEL_TEST_PIDS='{}'\n",
        hostile_dir().display(),
        players.display(),
        pids.display()
    );
    dispatch.push_str("read board\ncase \"$board\" in\n");
    for ((program, _, _), board) in CASES.iter().zip(&boards) {
        let run = if program.ends_with(".sh") {
            format!("exec sh \"$HOSTILE/{program}\" $board")
        } else {
            format!("exec \"$PLAYERS/{program}\" $board")
        };
        dispatch.push_str(&format!("\"{board}\") {run} ;;\n"));
    }
    dispatch.push_str("esac\nexit 42\n");
    let dispatcher = work.path().join("dispatch.sh");
    std::fs::write(&dispatcher, dispatch).unwrap();

    let report = work.path().join("report.json");
    let logs = work.path().join("logs");
    let started = Instant::now();
    let output = duel!()
        .args(["ioiwari", "judge", "--jobs", "2", "--time-limit", "0.5"])
        // A wall-clock limit well above the CPU one, so that the busy loop is caught by its
        // CPU time even on a crowded machine.
        .args(["--wall-limit", "6"])
        .arg("--player")
        .arg(sh_script(&dispatcher))
        .arg("--tests")
        .arg(&tests)
        .arg("--report")
        .arg(&report)
        .arg("--logs")
        .arg(&logs)
        // The forker writes its child's pid into the judge's directory, as seen from outside:
        // only the judge's own user, outside bubblewrap, can.
        .env("DUEL_ISOLATION", "no-user,no-bwrap")
        .output()
        .unwrap();
    let elapsed = started.elapsed();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    // Four programs wait out a 6 s wall clock; with two jobs the whole run stays short.
    assert!(elapsed < Duration::from_secs(60), "took {elapsed:?}");

    let report = read_report(&report);
    let tests = report["tests"].as_array().unwrap();
    assert_eq!(tests.len(), CASES.len(), "{stdout}");
    for (test, (program, verdict, mention)) in tests.iter().zip(CASES) {
        let reason = test["reason"].as_str().unwrap_or("");
        assert_eq!(test["verdict"], *verdict, "{program}: {reason}\n{stdout}");
        assert!(
            reason.contains(mention),
            "{program}: {reason:?} lacks {mention:?}"
        );
        if *verdict != "win" {
            assert!(!reason.is_empty(), "{program} has no reason");
        }
        // The programs that sleep (`sleep` waits in clock_nanosleep) are said to, and only
        // they: DMOJ's sandbox forbids the call.
        let sleeps = ["sleep.sh", "silent.sh", "holder.sh", "forker.sh"];
        assert_eq!(
            reason.contains("note: it slept (clock_nanosleep"),
            sleeps.contains(program),
            "{program}: {reason:?}"
        );
    }
    let wins = CASES.iter().filter(|(_, v, _)| *v == "win").count() as f64;
    let expected_score = 100.0 * wins / CASES.len() as f64;
    assert!((report["score"].as_f64().unwrap() - expected_score).abs() < 1e-9);
    assert_eq!(report["interrupted"], false);

    // The forker's and the holder's children were killed with their tests.
    let children: Vec<u32> = std::fs::read_to_string(&pids)
        .unwrap()
        .lines()
        .map(|l| l.trim().parse().unwrap())
        .collect();
    assert_eq!(children.len(), 3);
    for child in children {
        assert!(!is_alive(child), "child {child} outlived its test");
    }

    // Each test has its dialogue log; an aborted game says why, naming player 1.
    let empty_pit = CASES.iter().position(|c| c.0 == "empty_pit.sh").unwrap() + 1;
    let log = std::fs::read_to_string(logs.join(format!("test-{empty_pit:02}.out"))).unwrap();
    assert_eq!(
        log,
        "start 0 4 4 4 4 2 2 banks 0 0\naborted: player 1: pit 1 is empty at 0 4 4 4 4 2 2\n"
    );
    let games = std::fs::read_dir(&logs)
        .unwrap()
        .filter(|entry| {
            let name = entry.as_ref().unwrap().file_name();
            name.to_string_lossy().ends_with(".out")
        })
        .count();
    assert_eq!(games, CASES.len());
}
