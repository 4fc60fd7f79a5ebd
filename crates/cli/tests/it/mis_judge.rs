//! End-to-end tests of `duel mis judge`: the built-in player on the official set, hostile
//! players, a mediocre player whose score is computed here, modules, logs, errors, --jobs and
//! Ctrl-C.

use crate::support::players::{
    c_bolek, c_module, c_program, check_log, libmis, players_source_dir,
};
use duel_mis::{lolek, LolekKind, Move, Position, SimpleLolek, Strategy};
use duel_test_support::process::send_signal;
use duel_test_support::{duel, shell_word, sticks, work_dir};
use rustix::process::Signal;
use rustix::process::{test_kill_process, Pid};
use serde_json::Value;
use std::path::Path;
use std::process::Output;
use std::time::{Duration, Instant};

fn judge(args: &[&str], dir: &Path) -> (Output, Value) {
    let report = dir.join("report.json");
    let output = duel!()
        .args(["mis", "judge"])
        .args(args)
        .arg("--report")
        .arg(&report)
        .output()
        .expect("duel runs");
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    let text = std::fs::read_to_string(&report).expect("a report");
    (output, serde_json::from_str(&text).expect("JSON"))
}

fn tests_of(report: &Value) -> &Vec<Value> {
    report["tests"].as_array().expect("tests")
}

/// Small positions Bolek can win, by brute force: (p, e, B) with piles below 12.
fn small_winnable(bound: u32, count: usize) -> Vec<(u32, u32, u32)> {
    let wins = sticks::wins(bound as usize, 12);
    let mut positions = Vec::new();
    for p in 1..12u32 {
        for e in 1..12u32 {
            if wins[p as usize][e as usize] {
                positions.push((p, e, bound));
            }
        }
    }
    positions.truncate(count);
    positions
}

fn write_tests(dir: &Path, positions: &[(u32, u32, u32)]) -> String {
    let path = dir.join("tests.txt");
    let text: String = positions
        .iter()
        .map(|(p, e, b)| format!("{p} {e} {b}\n"))
        .collect();
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_owned()
}

#[test]
fn the_builtin_player_scores_100_on_the_official_set() {
    let dir = work_dir!();
    let (output, report) = judge(&["--jobs", "2"], dir.path());
    assert_eq!(report["score"], 100.0);
    assert_eq!(report["game"], "mis");
    assert_eq!(report["interrupted"], false);
    let tests = tests_of(&report);
    assert!(tests.len() >= 30);
    assert_eq!(report["planned"].as_u64(), Some(tests.len() as u64));
    for (i, test) in tests.iter().enumerate() {
        assert_eq!(test["index"].as_u64(), Some(i as u64 + 1));
        assert_eq!(test["verdict"], "win", "{test}");
        // Bolek moves first and takes the last stick: an odd number of moves.
        assert_eq!(test["moves"].as_u64().unwrap() % 2, 1, "{test}");
        assert_eq!(test["summary"], "0 0");
        // The built-in player runs inside the judge: no figure of its own.
        assert!(test["memory_kb"].is_null(), "{test}");
    }
    let table = String::from_utf8_lossy(&output.stdout);
    assert!(
        table
            .lines()
            .last()
            .unwrap()
            .starts_with("score: 100.00 / 100"),
        "{table}"
    );
    assert!(
        table.contains("9999999 10000000 1"),
        "the longest test is in the table"
    );
}

/// (script or program, expected verdict, what the reason must mention).
const HOSTILE: &[(&str, &str, &str)] = &[
    ("perfect", "win", ""),
    ("crash.sh", "runtime_error", "SIGSEGV"),
    ("hang.sh", "time_limit", "wall-clock"),
    ("busy.sh", "time_limit", "CPU"),
    ("letters.sh", "protocol_error", "\"abc\""),
    ("too_many.sh", "illegal_move", "over the PE-bound"),
    ("unequal.sh", "illegal_move", "equal numbers"),
    ("early_exit.sh", "early_exit", "before the game was over"),
    ("nonzero.sh", "runtime_error", "status 3"),
    ("flood.sh", "protocol_error", "longer than"),
    ("memhog", "memory_limit", "memory"),
    ("forker.sh", "win", ""),
    ("silent.sh", "time_limit", "wall-clock"),
    ("perfect", "win", ""),
];

#[test]
fn every_hostile_player_gets_its_verdict_and_disturbs_nothing_else() {
    let dir = work_dir!();
    let positions = small_winnable(3, HOSTILE.len());
    let tests = write_tests(dir.path(), &positions);
    let (_, bolek) = c_bolek();
    let memhog = c_program(
        dir.path(),
        "memhog",
        &std::fs::read_to_string(players_source_dir().join("memhog.c")).unwrap(),
    );
    // The judged program dispatches on its first position to the hostile player of the case.
    let pids = dir.path().join("pids");
    // The judge gives programs none of its own variables: the script sets what they read.
    let mut dispatch = format!(
        "export PLAYERS={} BOLEK={} PIDS={}\n",
        shell_word(players_source_dir()),
        shell_word(&bolek),
        shell_word(&pids)
    );
    dispatch.push_str("read p e b\ncase \"$p $e $b\" in\n");
    for ((program, _, _), (p, e, b)) in HOSTILE.iter().zip(&positions) {
        let run = match *program {
            "perfect" => format!("exec \"$BOLEK\" {p} {e} {b}"),
            "memhog" => format!("exec {}", shell_word(&memhog)),
            script => format!("exec sh \"$PLAYERS/{script}\" {p} {e} {b}"),
        };
        dispatch.push_str(&format!("\"{p} {e} {b}\") {run} ;;\n"));
    }
    dispatch.push_str("esac\nexit 42\n");
    let dispatcher = dir.path().join("dispatch.sh");
    std::fs::write(&dispatcher, dispatch).unwrap();
    std::fs::create_dir(&pids).unwrap();

    let report_path = dir.path().join("report.json");
    let started = Instant::now();
    // A wall-clock limit well above the CPU one, so that the busy loop is caught by its CPU
    // time even on a crowded machine.
    let output = duel!()
        .args([
            "mis",
            "judge",
            "--jobs",
            "2",
            "--time-limit",
            "0.5",
            "--wall-limit",
            "4",
        ])
        .args(["--tests", &tests])
        // `exec`: the dispatcher is the judged process itself, whatever its path holds (a
        // quoted word makes the command a shell line, which the shell would run as its child).
        .arg("--player")
        .arg(format!("exec sh {}", shell_word(&dispatcher)))
        .arg("--report")
        .arg(&report_path)
        // The forker writes its child's pid into the judge's directory, as seen from outside:
        // only the judge's own user, outside bubblewrap, can.
        .env("DUEL_ISOLATION", "no-user,no-bwrap")
        .output()
        .unwrap();
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        started.elapsed() < Duration::from_secs(60),
        "took {:?}",
        started.elapsed()
    );
    let report: Value =
        serde_json::from_str(&std::fs::read_to_string(&report_path).unwrap()).unwrap();
    for ((program, verdict, needle), test) in HOSTILE.iter().zip(tests_of(&report)) {
        assert_eq!(test["verdict"], *verdict, "{program}: {test}");
        let reason = test["reason"].as_str().unwrap_or("");
        assert!(reason.contains(needle), "{program}: {reason}");
        if *verdict != "win" {
            assert!(
                !reason.is_empty(),
                "{program}: a reason for every verdict but win"
            );
        }
    }
    let wins = HOSTILE.iter().filter(|(_, v, _)| *v == "win").count() as f64;
    let expected = 100.0 * wins / HOSTILE.len() as f64;
    assert!((report["score"].as_f64().unwrap() - expected).abs() < 1e-9);
    // The forker's child did not outlive its test.
    let pid: i32 = std::fs::read_to_string(pids.join("forker"))
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    // Signal 0 only asks whether the process exists.
    let exists = Pid::from_raw(pid).is_some_and(|pid| test_kill_process(pid).is_ok());
    assert!(!exists, "the forked sleeper {pid} survived its test");
}

/// The mediocre player's result on one test, computed with the rules and Lolek's strategy only:
/// Bolek takes one poohstick if any, else one eeyorestick.
fn one_stick_wins(start: Position) -> bool {
    let mut lolek = lolek(LolekKind::Adversarial);
    let mut position = start;
    loop {
        let mine = SimpleLolek.choose(&position);
        position = position.play(mine).unwrap();
        if position.is_over() {
            return true;
        }
        position = position.play(lolek.choose(&position)).unwrap();
        if position.is_over() {
            return false;
        }
    }
}

#[test]
fn a_mediocre_player_gets_the_score_computed_independently() {
    let dir = work_dir!();
    let mut positions = small_winnable(1, 6);
    positions.extend(small_winnable(2, 6));
    positions.extend([
        (7, 2, 3),
        (1, 2, 1),
        (3000, 1, 1),
        (2000, 1998, 2),
        (1, 1, 30),
        (11, 11, 30),
    ]);
    // The judge takes only positions Bolek can win.
    positions.retain(|&(p, e, b)| Position::new(p, e, b).unwrap().is_win());
    let tests = write_tests(dir.path(), &positions);
    let won = positions
        .iter()
        .filter(|&&(p, e, b)| one_stick_wins(Position::new(p, e, b).unwrap()))
        .count();
    let expected = 100.0 * won as f64 / positions.len() as f64;
    assert!(
        expected > 0.0 && expected < 100.0,
        "a meaningful test: {expected}"
    );

    let module = c_module(
        dir.path(),
        "one_stick",
        &std::fs::read_to_string(players_source_dir().join("one_stick.c")).unwrap(),
    );
    let python = format!(
        "python3 {}",
        shell_word(players_source_dir().join("one_stick.py"))
    );
    for bolek in [
        ["--module", module.to_str().unwrap()],
        ["--player", python.as_str()],
    ] {
        let (_, report) = judge(
            &[bolek[0], bolek[1], "--tests", &tests, "--time-limit", "5"],
            dir.path(),
        );
        assert!(
            (report["score"].as_f64().unwrap() - expected).abs() < 1e-9,
            "{bolek:?}: {report}"
        );
        for test in tests_of(&report) {
            let verdict = test["verdict"].as_str().unwrap();
            assert!(verdict == "win" || verdict == "loss", "{test}");
            if verdict == "loss" {
                let mistake = test["first_mistake"]
                    .as_str()
                    .expect("a loss names the mistake");
                assert!(
                    mistake.contains("Bolek chose to take 1 poohstick,")
                        || mistake.contains("Bolek chose to take 1 eeyorestick,"),
                    "{mistake}"
                );
            }
        }
    }
}

#[test]
fn modules_are_judged_through_the_host() {
    let dir = work_dir!();
    let positions = [
        (7, 2, 3),
        (17, 14, 5),
        (10, 10, 5),
        (100000, 1, 1),
        (4_618_038, 3_000_001, 1_000_000),
    ];
    let tests = write_tests(dir.path(), &positions);
    let (c_module_path, _) = c_bolek();
    for module in [libmis(), c_module_path] {
        let (_, report) = judge(
            &[
                "--module",
                module.to_str().unwrap(),
                "--tests",
                &tests,
                "--time-limit",
                "5",
            ],
            dir.path(),
        );
        assert_eq!(report["score"], 100.0, "{report}");
        assert!(report["player"]
            .as_str()
            .unwrap()
            .contains(module.to_str().unwrap()));
        // A module shares its host's process, and this one allocates nothing: no figure of
        // its own, `null` (the table's dash), never a 0 that reads as measured.
        for test in tests_of(&report) {
            assert!(test["memory_kb"].is_null(), "{test}");
        }
    }
    // A module that takes too much is caught on every test, and the judge carries on.
    let greedy = c_module(
        dir.path(),
        "greedy",
        "static int b; void poczatek(int p, int e, int peb) { b = peb; }\n\
         void ruch_bolka(int p, int e, int *bp, int *be) { *bp = p; *be = 0; }\n",
    );
    let (_, report) = judge(
        &["--module", greedy.to_str().unwrap(), "--tests", &tests],
        dir.path(),
    );
    let verdicts: Vec<&str> = tests_of(&report)
        .iter()
        .map(|t| t["verdict"].as_str().unwrap())
        .collect();
    // Taking the whole pile of poohsticks is legal only when it is at most B: 7 > 3, 17 > 5...
    assert!(
        verdicts
            .iter()
            .all(|v| *v == "illegal_move" || *v == "loss"),
        "{verdicts:?}"
    );
    assert_eq!(verdicts[0], "illegal_move");
    for test in tests_of(&report) {
        assert!(
            !test["reason"].as_str().unwrap().contains("slept"),
            "{test}"
        );
    }
    // The same module, asleep for 0.2 s first: DMOJ's sandbox would stop it, so each test's
    // reason says so (crates/protocol/RULES.md, last section).
    let sleepy = c_module(
        dir.path(),
        "sleepy",
        "#include <unistd.h>\n\
         static int b; void poczatek(int p, int e, int peb) { b = peb; usleep(200000); }\n\
         void ruch_bolka(int p, int e, int *bp, int *be) { *bp = p; *be = 0; }\n",
    );
    let (_, report) = judge(
        &["--module", sleepy.to_str().unwrap(), "--tests", &tests],
        dir.path(),
    );
    for test in tests_of(&report) {
        let reason = test["reason"].as_str().unwrap();
        assert!(reason.contains("note: it slept (clock_nanosleep"), "{test}");
    }
}

#[test]
fn results_do_not_depend_on_jobs_and_logs_hold_the_games() {
    let dir = work_dir!();
    let mut positions = small_winnable(4, 8);
    // A game long enough for its log to keep only its first and last moves.
    positions.push((30000, 3, 1));
    let tests = write_tests(dir.path(), &positions);
    let (_, bolek) = c_bolek();
    let player = &shell_word(&bolek);
    let logs = dir.path().join("logs");
    let (_, one) = judge(
        &["--player", player, "--tests", &tests, "--jobs", "1"],
        dir.path(),
    );
    let (_, three) = judge(
        &[
            "--player",
            player,
            "--tests",
            &tests,
            "--jobs",
            "3",
            "--logs",
            logs.to_str().unwrap(),
        ],
        dir.path(),
    );
    let strip = |report: &Value| -> Vec<Value> {
        tests_of(report)
            .iter()
            .map(|t| {
                let mut t = t.clone();
                for volatile in ["time_ms", "wall_ms", "memory_kb"] {
                    t.as_object_mut().unwrap().remove(volatile);
                }
                t
            })
            .collect()
    };
    assert_eq!(strip(&one), strip(&three));
    assert_eq!(one["score"], 100.0);
    // A program's peak is measured by the kernel: a number on every test.
    for test in tests_of(&one) {
        assert!(
            test["memory_kb"].as_u64().is_some_and(|kb| kb > 0),
            "{test}"
        );
    }
    for (i, &(p, e, b)) in positions.iter().enumerate() {
        let log = std::fs::read_to_string(logs.join(format!("test-{:02}.out", i + 1)))
            .expect("a log per test");
        let (moves, skipped, result) = check_log(&log, (p, e, b));
        assert!(result.starts_with("win "), "{result}");
        assert_eq!(
            Some(moves.len() as u64 + skipped),
            tests_of(&one)[i]["moves"].as_u64()
        );
        // Every game's moves are in the record beside the text, and agree with what it lists.
        let bytes = std::fs::read(logs.join(format!("test-{:02}.moves", i + 1)))
            .expect("a record of every move beside each log");
        let record = duel_mis::record::MoveRecord::parse(bytes).unwrap();
        assert_eq!(record.start(), Position::new(p, e, b).unwrap());
        assert_eq!(record.len(), moves.len() as u64 + skipped);
        assert!(record.position(record.len()).is_over());
        let shown: Vec<Move> = moves.iter().map(|line| line.taken).collect();
        if p == 30000 {
            assert_eq!(
                moves.len(),
                11_000,
                "the first 10000 and the last 1000 moves are kept"
            );
            let mut listed = record.moves(0, 10_000);
            listed.extend(record.moves(record.len() - 1000, 1000));
            assert_eq!(listed, shown);
        } else {
            assert_eq!(skipped, 0);
            assert_eq!(record.moves(0, record.len()), shown);
        }
    }
}

#[test]
fn the_judge_refuses_to_run_without_a_usable_player_or_tests() {
    let dir = work_dir!();
    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            vec!["--player".into(), "./surely-no-such-player".into()],
            "surely-no-such-player",
        ),
        (
            vec![
                "--module".into(),
                dir.path().join("libnone.so").display().to_string(),
            ],
            "no such module",
        ),
        (
            vec![
                "--tests".into(),
                dir.path().join("none.txt").display().to_string(),
            ],
            "cannot read the test file",
        ),
    ];
    for (args, needle) in cases {
        let output = duel!().args(["mis", "judge"]).args(&args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
    }
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "7 2 3\n2 2 1\n").unwrap();
    let output = duel!()
        .args(["mis", "judge", "--tests", bad.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("line 2") && stderr.contains("lost for Bolek"),
        "{stderr}"
    );
}

#[test]
fn ctrl_c_writes_the_report_of_the_finished_tests() {
    let dir = work_dir!();
    // Two quick tests, then a game of two million sticks that a line player needs seconds for.
    let tests = write_tests(
        dir.path(),
        &[(7, 2, 3), (10, 7, 5), (2_000_000, 1, 1), (17, 14, 5)],
    );
    let (_, bolek) = c_bolek();
    let report = dir.path().join("report.json");
    let mut child = duel!()
        .args(["mis", "judge", "--jobs", "1", "--tests", &tests])
        .arg("--player")
        .arg(shell_word(&bolek))
        .arg("--report")
        .arg(&report)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    send_signal(child.id(), Signal::INT);
    let started = Instant::now();
    let status = child.wait().unwrap();
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "the judge stops promptly"
    );
    assert_eq!(status.code(), Some(130));
    let report: Value = serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    assert_eq!(report["interrupted"], true);
    let finished = tests_of(&report);
    assert_eq!(finished.len(), 2, "{report}");
    assert!(finished.iter().all(|t| t["verdict"] == "win"));
    assert_eq!(report["score"], 50.0);
}
