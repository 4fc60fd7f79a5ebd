//! Source files as submissions: `duel ioiwari judge --player FILE` and `duel mis judge --module
//! FILE` build C, C++, Pascal, Python, Rust and Go sources and judge what they built.
//!
//! The evidence is independent of the judge: the flawed Ioiwari players (lowest non-empty pit)
//! are simulated here with the rules crate against the first optimal player 2; the wrong MIS
//! modules must give exactly the verdicts of an independent line-protocol player with the same
//! strategy (`tests/mis-players/one_stick.py`).

use duel_ioiwari::{Board, Outcome, Player, Position, Table};
use duel_test_support::{duel, work_dir};
use serde_json::Value;
use std::path::{Path, PathBuf};

use std::process::Output;

use crate::support::hostile::verdicts;
use crate::support::sources::{compiler_of, duel_ok, missing, run_duel, source};

/// Runs a judge with `--report` and returns the output and the report.
fn judged(args: &[&str], dir: &Path) -> (Output, Value) {
    let report = dir.join("report.json");
    let mut all: Vec<&str> = args.to_vec();
    all.extend(["--report", report.to_str().unwrap()]);
    let output = duel_ok(&all);
    let text = std::fs::read_to_string(&report).unwrap();
    (output, serde_json::from_str(&text).unwrap())
}

/// `duel mis judge --module PATH --tests TESTS`: its report.
fn judged_module(path: &Path, tests: &Path, dir: &Path) -> Value {
    let args = [
        "mis",
        "judge",
        "--module",
        path.to_str().unwrap(),
        "--tests",
        tests.to_str().unwrap(),
    ];
    judged(&args, dir).1
}

/// The lowest-pit player 1 against the first optimal player 2, played out with the rules crate.
fn simulated_flawed_verdict(table: &Table, board: Board) -> &'static str {
    let mut position = Position::start(board);
    while !position.is_over() {
        let pit = match position.to_move {
            Player::One => board_first_pit(position.board),
            Player::Two => table.first_best_move(position.board).unwrap(),
        };
        position = position.play(pit).unwrap();
    }
    match Outcome::from_banks(position.banks) {
        Outcome::Win(Player::One) => "win",
        Outcome::Draw => "draw",
        Outcome::Win(Player::Two) => "loss",
    }
}

fn board_first_pit(board: Board) -> duel_ioiwari::Pit {
    board.legal_moves().first().expect("a move")
}

/// The flawed player's verdicts on the official boards, simulated.
fn flawed_verdicts_on_the_official_boards() -> Vec<&'static str> {
    let table = Table::solve();
    let boards: Vec<Board> = duel_arena::ioiwari::TestSet::Official.boards().unwrap();
    boards
        .iter()
        .map(|b| simulated_flawed_verdict(&table, *b))
        .collect()
}

#[test]
fn perfect_players_in_every_language_score_100_and_flawed_ones_what_the_simulation_says() {
    let dir = work_dir!();
    let expected = flawed_verdicts_on_the_official_boards();
    assert!(
        expected.contains(&"loss"),
        "the flawed player must lose somewhere"
    );
    for language in duel_arena::compile::Language::ALL {
        for kind in ["perfect", "flawed"] {
            let file = format!("{kind}.{}", language.extensions()[0]);
            let path = source(&format!("ioiwari/{file}"));
            // Every language the judge knows has its two players here.
            assert!(path.is_file(), "no {}", path.display());
            if missing(compiler_of(&file)) {
                continue;
            }
            let (_, report) = judged(
                &[
                    "ioiwari",
                    "judge",
                    "--player",
                    path.to_str().unwrap(),
                    "--jobs",
                    "2",
                ],
                dir.path(),
            );
            let build = &report["build"];
            assert_eq!(build["succeeded"], true, "{file}: {report}");
            assert!(!build["command"].as_str().unwrap().is_empty());
            let got = verdicts(&report);
            if kind == "perfect" {
                assert_eq!(report["score"], 100.0, "{file}: {got:?}");
            } else {
                assert_eq!(got, expected, "{file}");
            }
        }
    }
}

#[test]
fn a_pascal_player_relying_on_writeln_gets_the_time_limit_with_the_flush_hint_unless_pascal_flush()
{
    // RULES.md, G2: built as the contest systems build Pascal, Writeln alone leaves the move in
    // Free Pascal's buffer; --pascal-flush builds it as the IOI 2001 judge did; a Pascal
    // command given with --compile decides alone, and may load the judge's unit itself.
    if missing("fpc") {
        return;
    }
    let dir = work_dir!();
    let tests = dir.path().join("boards.txt");
    std::fs::write(&tests, "4 3 2 4 2 3 2\n").unwrap();
    // The perfect player without its Flush(Output): as IOI 2001's statement had it written.
    let perfect = std::fs::read_to_string(source("ioiwari/perfect.pas")).unwrap();
    let writeln_only = perfect.replacen("    Flush(Output);\n", "", 1);
    assert_ne!(
        writeln_only, perfect,
        "perfect.pas flushes after its Writeln"
    );
    let player = dir.path().join("writeln_only.pas");
    std::fs::write(&player, writeln_only).unwrap();
    let judge = |extra: &[&str]| {
        let mut args = vec![
            "ioiwari",
            "judge",
            "--player",
            player.to_str().unwrap(),
            "--tests",
            tests.to_str().unwrap(),
            "--time-limit",
            "0.5",
        ];
        args.extend_from_slice(extra);
        let (_, report) = judged(&args, dir.path());
        let test = report["tests"][0].clone();
        let reason = test["reason"].as_str().unwrap_or("").to_owned();
        (test["verdict"].as_str().unwrap().to_owned(), reason)
    };
    let (verdict, reason) = judge(&[]);
    assert_eq!(verdict, "time_limit", "{reason}");
    assert!(reason.contains("flushes its output"), "{reason}");
    assert!(
        reason.contains("a Pascal player must call Flush(Output) after each Writeln"),
        "{reason}"
    );
    assert!(reason.contains("--pascal-flush"), "{reason}");
    assert_eq!(judge(&["--pascal-flush"]).0, "win");
    let own = "pascal=fpc -l- -v0 -O2 -Fu{dir} -FU{dir} -FE{dir} -o{output} {source}";
    assert_eq!(judge(&["--pascal-flush", "--compile", own]).0, "time_limit");
    let own_with_unit =
        "pascal=fpc -l- -v0 -O2 -Faduelflush -Fu{dir} -FU{dir} -FE{dir} -o{output} {source}";
    assert_eq!(judge(&["--compile", own_with_unit]).0, "win");
    // The same player flushing: a win, without the flag.
    assert_eq!(
        judged(
            &[
                "ioiwari",
                "judge",
                "--player",
                source("ioiwari/perfect.pas").to_str().unwrap(),
                "--tests",
                tests.to_str().unwrap(),
            ],
            dir.path()
        )
        .1["tests"][0]["verdict"],
        "win"
    );
}

#[test]
fn a_source_that_does_not_compile_gets_compile_error_on_every_test() {
    let dir = work_dir!();
    let path = source("ioiwari/broken.c");
    let logs = dir.path().join("logs");
    let (output, report) = judged(
        &[
            "ioiwari",
            "judge",
            "--player",
            path.to_str().unwrap(),
            "--logs",
            logs.to_str().unwrap(),
        ],
        dir.path(),
    );
    // The log directory keeps what the compiler said.
    let compile_log = std::fs::read_to_string(logs.join("compile.txt")).unwrap();
    assert!(
        compile_log.contains("result: compile error"),
        "{compile_log}"
    );
    assert!(compile_log.contains("broken.c:5"), "{compile_log}");
    let tests = report["tests"].as_array().unwrap();
    assert_eq!(tests.len(), 24);
    for test in tests {
        assert_eq!(test["verdict"], "compile_error");
        let reason = test["reason"].as_str().unwrap();
        assert!(
            reason.starts_with("compilation failed: broken.c:5"),
            "{reason}"
        );
    }
    assert_eq!(report["score"], 0.0);
    assert_eq!(report["build"]["succeeded"], false);
    assert_eq!(report["build"]["language"], "c");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("does not compile") && stderr.contains("error"),
        "{stderr}"
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("compile_error"), "{stdout}");
}

#[test]
fn a_missing_compiler_is_a_judge_error_naming_the_package() {
    let path = source("ioiwari/perfect.c");
    let output = run_duel(&[
        "ioiwari",
        "judge",
        "--player",
        path.to_str().unwrap(),
        "--compile",
        "c=surely-no-such-cc -o {output} {source}",
    ]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("surely-no-such-cc"), "{stderr}");
    assert!(stderr.contains("apt-get install gcc"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

#[test]
fn nothing_is_written_beside_the_source() {
    let dir = work_dir!();
    for file in ["perfect.c", "perfect.py"] {
        std::fs::copy(source(&format!("ioiwari/{file}")), dir.path().join(file)).unwrap();
    }
    let tests = dir.path().join("t.txt");
    std::fs::write(&tests, "4 3 2 4 2 3 2\n").unwrap();
    let listing = || {
        let mut names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        names.sort();
        names
    };
    let before = listing();
    for file in ["perfect.c", "perfect.py"] {
        let output = run_duel(&[
            "ioiwari",
            "judge",
            "--player",
            dir.path().join(file).to_str().unwrap(),
            "--tests",
            tests.to_str().unwrap(),
        ]);
        assert!(output.status.success());
    }
    assert_eq!(before, listing());
}

/// The mis tests: the statement's example and small positions Bolek can win (so the
/// line-protocol reference is quick).
fn mis_tests(dir: &Path) -> PathBuf {
    let mut text = String::from("7 2 3\n");
    for (p, e, bound) in [
        (10, 7, 5),
        (1, 12, 4),
        (100, 3, 7),
        (5, 5, 1),
        (9, 2, 2),
        (30, 40, 6),
        (1000, 999, 10),
        (12, 5, 3),
        (50, 50, 50),
    ] {
        if !duel_mis::theory::is_losing(p, e, bound) {
            text.push_str(&format!("{p} {e} {bound}\n"));
        }
    }
    let path = dir.join("positions.txt");
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn correct_modules_in_c_cpp_and_pascal_win_and_wrong_ones_lose_like_the_reference() {
    let dir = work_dir!();
    let tests = mis_tests(dir.path());
    let tests = tests.to_str().unwrap();
    let reference = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mis-players/one_stick.py");
    let (_, one_stick) = judged(
        &[
            "mis",
            "judge",
            "--player",
            &format!("python3 {}", duel_test_support::shell_word(&reference)),
            "--tests",
            tests,
        ],
        dir.path(),
    );
    let expected = verdicts(&one_stick);
    assert!(expected.iter().any(|v| v == "loss"), "{expected:?}");
    for file in [
        "correct.c",
        "correct.cpp",
        "correct.pas",
        "wrong.c",
        "wrong.pas",
    ] {
        if missing(compiler_of(file)) {
            continue;
        }
        let path = source(&format!("mis/{file}"));
        let (_, report) = judged(
            &[
                "mis",
                "judge",
                "--module",
                path.to_str().unwrap(),
                "--tests",
                tests,
            ],
            dir.path(),
        );
        assert_eq!(report["build"]["succeeded"], true, "{file}: {report}");
        assert_eq!(report["build"]["target"], "module");
        if file.starts_with("correct") {
            assert_eq!(report["score"], 100.0, "{file}: {report}");
        } else {
            assert_eq!(verdicts(&report), expected, "{file}");
        }
    }
    // The official set, with its 10^7-stick games, for the Pascal unit (a generous time
    // limit: the machine running the tests may be crowded, and its wall clock with it).
    if !missing("fpc") {
        let path = source("mis/correct.pas");
        let (_, report) = judged(
            &[
                "mis",
                "judge",
                "--module",
                path.to_str().unwrap(),
                "--jobs",
                "2",
                "--time-limit",
                "10",
            ],
            dir.path(),
        );
        assert_eq!(report["score"], 100.0, "{report}");
    }
}

#[test]
fn a_wrong_cpp_module_loses_and_a_mangled_one_fails_to_build_clearly() {
    let dir = work_dir!();
    let tests = mis_tests(dir.path());
    let path = source("mis/wrong.cpp");
    let report = judged_module(&path, &tests, dir.path());
    assert!(report["score"].as_f64().unwrap() < 100.0, "{report}");
    // Built, but without the task's C names: the build fails (as in a ranking), and says why.
    let mangled = source("mis/mangled.cpp");
    let report = judged_module(&mangled, &tests, dir.path());
    assert!(verdicts(&report).iter().all(|v| v == "compile_error"));
    let reason = report["tests"][0]["reason"].as_str().unwrap();
    assert!(reason.contains("mangled.cpp does not define"), "{reason}");
    assert!(reason.contains("extern \"C\""), "{reason}");
}

#[test]
fn a_pascal_unit_that_does_not_compile_gets_compile_error() {
    if missing("fpc") {
        return;
    }
    let dir = work_dir!();
    let tests = mis_tests(dir.path());
    let path = source("mis/broken.pas");
    let report = judged_module(&path, &tests, dir.path());
    assert!(verdicts(&report).iter().all(|v| v == "compile_error"));
    let reason = report["tests"][0]["reason"].as_str().unwrap();
    assert!(
        reason.contains("ruch_bolka") || reason.contains("rror"),
        "{reason}"
    );
}

#[test]
fn python_is_not_a_module_language() {
    let output = run_duel(&[
        "mis",
        "judge",
        "--module",
        source("ioiwari/perfect.py").to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("C, C++ or Pascal"), "{stderr}");
}

#[test]
fn test_files_are_bounded_and_read_errors_said_once() {
    for game in ["ioiwari", "mis"] {
        let output = run_duel(&[game, "judge", "--tests", "/dev/zero"]);
        assert_eq!(output.status.code(), Some(2), "{game}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("too large for a test file"), "{stderr}");
        let output = run_duel(&[game, "judge", "--tests", "/no/such/tests.txt"]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(stderr.matches("os error").count(), 1, "{stderr}");
    }
}

#[test]
fn an_unwinnable_ioiwari_board_is_named_in_a_warning() {
    let dir = work_dir!();
    let boards = dir.path().join("boards.txt");
    std::fs::write(&boards, "4 3 2 4 2 3 2\n0 0 0 0 0 0 1\n").unwrap();
    let output = duel_ok(&["ioiwari", "judge", "--tests", boards.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("test 2 (0 0 0 0 0 0 1): player 1 cannot win"),
        "{stderr}"
    );
    assert!(!stderr.contains("test 1 "), "{stderr}");
}

#[test]
fn under_bwrap_the_compiler_can_write_only_its_build_directory() {
    if !duel_test_support::skip::unless(
        duel_sandbox::Sandbox::Bwrap.check().is_ok(),
        "bubblewrap does not work here",
        ".ci/setup installs bubblewrap; it needs user namespaces or root",
    ) {
        return;
    }
    let dir = work_dir!();
    let tests = dir.path().join("t.txt");
    std::fs::write(&tests, "4 3 2 4 2 3 2\n").unwrap();
    let intruder = dir.path().join("written-by-the-compiler");
    let command = format!(
        "c=touch {} ; gcc -O2 -o {{output}} {{source}}",
        intruder.display()
    );
    let player = source("ioiwari/perfect.c");
    let (_, report) = judged(
        &[
            "ioiwari",
            "judge",
            "--player",
            player.to_str().unwrap(),
            "--tests",
            tests.to_str().unwrap(),
            "--sandbox",
            "bwrap",
            "--compile",
            &command,
        ],
        dir.path(),
    );
    assert!(
        !intruder.exists(),
        "the compiler wrote outside its directory"
    );
    let output = report["build"]["output"].to_string();
    // Read-only where the real tree shows through; absent where the sandbox's private /tmp
    // hides it (a checkout under /tmp): either way the write failed.
    assert!(
        output.contains("Read-only file system") || output.contains("No such file or directory"),
        "{report}"
    );
    // The build itself worked, in the sandbox, and so did the game.
    assert_eq!(report["tests"][0]["verdict"], "win", "{report}");
}

/// `duel ioiwari judge --player FILE` for a Go source, on the official boards, with `extra`
/// flags and `DUEL_ISOLATION=isolation` (empty: every level the machine has): the report.
fn judged_go(file: &str, extra: &[&str], isolation: &str, dir: &Path) -> Value {
    judged_go_at(&source(&format!("ioiwari/{file}")), extra, isolation, dir)
}

/// [`judged_go`] for the Go source, or the program built from one, at `path` (a program is a
/// command, run by the shell: its path quoted).
fn judged_go_at(path: &Path, extra: &[&str], isolation: &str, dir: &Path) -> Value {
    let file = path.file_name().unwrap().to_string_lossy();
    let report = dir.join(format!("{file}-{isolation}.json"));
    let player = if path.extension().is_some_and(|extension| extension == "go") {
        path.as_os_str().to_owned()
    } else {
        duel_test_support::shell_word(path).into()
    };
    let output = duel!()
        .args(["ioiwari", "judge", "--jobs", "2", "--player"])
        .arg(player)
        .args(extra)
        .arg("--report")
        .arg(&report)
        .env("DUEL_ISOLATION", isolation)
        .output()
        .unwrap();
    assert_eq!(
        output.status.code(),
        Some(0),
        "{file} {extra:?} {isolation}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap()
}

/// Go, built and run under the judge's isolation: the default (as root: bubblewrap, a user of
/// its own, a cgroup per run, the system-call filter), `--sandbox none` (a user of its own,
/// the filter, a cgroup) and without cgroups, where the runner limits the address space, of
/// which Go's runtime reserves several hundred megabytes at start: there the judge adds Go's
/// allowance to it, so with the task's 32 MB the players play as everywhere else. The perfect
/// player scores 100 and the flawed one gets exactly the simulated verdicts.
#[test]
fn go_players_are_judged_from_source_under_each_isolation() {
    if missing("go") {
        return;
    }
    let dir = work_dir!();
    let expected = flawed_verdicts_on_the_official_boards();
    for (extra, isolation) in [
        (&[][..], ""),
        (&["--sandbox", "none"][..], ""),
        (&[][..], "no-cgroups"),
        (&["--sandbox", "none"][..], "no-cgroups"),
    ] {
        let report = judged_go("perfect.go", extra, isolation, dir.path());
        assert_eq!(report["build"]["succeeded"], true, "{report}");
        assert_eq!(report["build"]["language"], "go");
        assert_eq!(report["score"], 100.0, "{extra:?} {isolation}: {report}");
        let report = judged_go("flawed.go", extra, isolation, dir.path());
        assert_eq!(verdicts(&report), expected, "{extra:?} {isolation}");
    }
}

/// The allowance is address space only: without cgroups a Go player that touches more memory
/// than `--memory-limit` is still stopped at the limit (`memory_limit` on every board), and a
/// Go program given as a command, whose language the judge does not know, gets no allowance:
/// with the task's 32 MB its runtime cannot start.
#[test]
fn without_cgroups_a_go_player_is_still_held_to_the_memory_it_uses() {
    if missing("go") {
        return;
    }
    let dir = work_dir!();
    let hog = dir.path().join("hog.go");
    std::fs::write(
        &hog,
        "package main\n\nimport (\n\t\"fmt\"\n\t\"os\"\n)\n\nvar kept []byte\n\n\
         func main() {\n\tkept = make([]byte, 96<<20)\n\tfor i := 0; i < len(kept); i += 4096 {\n\
         \t\tkept[i] = 1\n\t}\n\tvar pit int\n\tfor {\n\t\tif _, err := fmt.Fscan(os.Stdin, &pit); err != nil {\n\
         \t\t\tos.Exit(int(kept[4096]))\n\t\t}\n\t}\n}\n",
    )
    .unwrap();
    let report = judged_go_at(&hog, &[], "no-cgroups", dir.path());
    assert_eq!(report["build"]["succeeded"], true, "{report}");
    assert!(
        verdicts(&report).iter().all(|v| v == "memory_limit"),
        "{report}"
    );
    // The same player built by hand and given as a command: no allowance.
    let built = dir.path().join("perfect-go");
    let status = std::process::Command::new("go")
        .args(["build", "-o"])
        .arg(&built)
        .arg(source("ioiwari/perfect.go"))
        .env("CGO_ENABLED", "0")
        .env("GOCACHE", dir.path().join("gocache"))
        .env("HOME", dir.path())
        .status()
        .unwrap();
    assert!(status.success());
    let report = judged_go_at(&built, &[], "no-cgroups", dir.path());
    assert_eq!(report["score"], 0.0, "{report}");
    assert!(
        verdicts(&report)
            .iter()
            .all(|v| v == "runtime_error" || v == "memory_limit"),
        "{report}"
    );
}
