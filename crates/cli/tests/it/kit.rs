//! `duel kit`: every skeleton builds with its driver exactly as the kits' READMEs say and
//! plays a game. The MIS kit's `graj` in C, C++ and Pascal must print, line for line, what
//! the Rust `graj` prints for the same Bolek (a line player, or the skeleton's source given to
//! `graj --module`), and exit with the same status; the Ioiwari
//! skeletons play every official board to the end against the kit's own `ioiwari2`, which
//! refuses any illegal move. Each kit's `STATEMENT.md` holds a true sample game, and every
//! build block of the kits' READMEs (and the contestants' guide's driver build) works pasted
//! whole, twice.

use crate::kit_builds::kit_line;
use crate::support::players;
use crate::support::players::{libmis, players_source_dir};
use assert_cmd::cargo::cargo_bin;
use duel_arena::compile::{Language, Target};
use duel_mis::{Move, Position};
use duel_test_support::process::text;
use duel_test_support::{bin, duel, sh_script, shell_word, work_dir};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs `duel` with these arguments in `dir`.
fn run_duel(args: &[&str], dir: &Path) -> Output {
    duel!()
        .args(args)
        .current_dir(dir)
        .output()
        .expect("duel runs")
}

/// Runs a shell command in `dir` and insists that it succeeds.
fn sh(dir: &Path, command: &str) -> Output {
    let out = Command::new("sh")
        .args(["-c", command])
        .current_dir(dir)
        .output()
        .expect("sh runs");
    assert!(
        out.status.success(),
        "`{command}` failed in {}: {}\n{}{}",
        dir.display(),
        out.status,
        text(&out.stdout),
        text(&out.stderr)
    );
    out
}

/// Whether the Pascal parts run: fpc is installed; without it they are skipped as
/// `duel_test_support::skip` says (DUEL_REQUIRE_FPC requires it too).
fn pascal() -> bool {
    let have = Command::new("fpc")
        .arg("-iV")
        .output()
        .is_ok_and(|out| out.status.success());
    duel_test_support::skip::unless_required(
        have,
        "Free Pascal (fpc) is not installed",
        ".ci/setup installs it (apt-get install fp-compiler)",
        "DUEL_REQUIRE_FPC",
    )
}

/// A fresh kit of `kind` (`mis` or `ioiwari`) in a scratch directory.
fn kit(kind: &str) -> tempfile::TempDir {
    let dir = work_dir!();
    let out = run_duel(&["kit", kind, "kit"], dir.path());
    assert!(out.status.success(), "{}", text(&out.stderr));
    dir
}

/// What the Rust `graj` prints and its exit status, for Bolek the line-protocol program
/// `player`, with the first-mistake line of a loss left out (the kit's drivers know no
/// theory).
fn rust_graj(player: &str, start: &[&str]) -> (String, Option<i32>) {
    rust_graj_with(&["--player", player], start)
}

/// [`rust_graj`] with any Bolek options.
fn rust_graj_with(bolek: &[&str], start: &[&str]) -> (String, Option<i32>) {
    let out = bin!("graj")
        .args(bolek)
        .args(start)
        .output()
        .expect("graj runs");
    let printed: String = text(&out.stdout)
        .lines()
        .filter(|line| !line.starts_with("first mistake: "))
        .map(|line| format!("{line}\n"))
        .collect();
    (printed, out.status.code())
}

fn run(program: &Path, args: &[&str]) -> (String, Option<i32>) {
    let out = Command::new(program)
        .args(args)
        .output()
        .expect("graj runs");
    (text(&out.stdout), out.status.code())
}

/// The one-stick line player: the kit skeletons' strategy.
fn one_stick() -> String {
    format!(
        "python3 {}",
        shell_word(players_source_dir().join("one_stick.py"))
    )
}

/// Builds the kit's `graj` of `lang` with the skeleton as the README says, then plays won,
/// lost and stdin games against the Rust graj's record of the same strategy, both as a line
/// player and with the skeleton's source as `graj --module`.
fn mis_skeleton_plays_as_rust_graj(lang: &str, build: &str, module: &str) {
    let dir = kit("mis");
    let lang_dir = dir.path().join("kit/mis").join(format!("mis_{lang}"));
    sh(&lang_dir, build);
    let graj = lang_dir.join("graj");
    let source = format!("--module={}", lang_dir.join(module).display());
    for start in [&["7", "2", "3"][..], &["2", "2", "1"], &["12", "30", "4"]] {
        let (printed, code) = run(&graj, start);
        let (expected, expected_code) = rust_graj(&one_stick(), start);
        assert_eq!(printed, expected, "{lang} {start:?}");
        assert_eq!(code, expected_code, "{lang} {start:?}");
        players::check_transcript(&printed, parse(start));
        let built = rust_graj_with(&[source.as_str()], start);
        assert_eq!(built, (expected, expected_code), "graj {source} {start:?}");
    }
    // 7 + 2 sticks, one a move: Bolek takes the last one; 2 + 2: Lolek does.
    assert_eq!(run(&graj, &["7", "2", "3"]).1, Some(0));
    assert_eq!(run(&graj, &["2", "2", "1"]).1, Some(1));
    let quiet = run(&graj, &["-q", "7", "2", "3"]);
    assert_eq!(quiet, ("result: win after 9 moves\n".to_owned(), Some(0)));
    let stdin = sh(&lang_dir, "echo 7 2 3 | ./graj");
    assert_eq!(
        text(&stdin.stdout),
        rust_graj(&one_stick(), &["7", "2", "3"]).0
    );
    let bad = run(&graj, &["7", "2", "0"]);
    assert_eq!(bad, (String::new(), Some(2)));
}

/// The kit's line that builds `graj` in `language` with its module (the judge's command).
fn graj_line(language: Language) -> String {
    let sources = if language == Language::C {
        "graj.c mis.c"
    } else if language == Language::CPP {
        "graj.cpp mis.cpp"
    } else {
        "graj.pas"
    };
    kit_line(language, Target::Module, "graj", sources)
}

/// The kit's line that builds `player` from `source` (the judge's command).
fn player_line(language: Language, source: &str) -> String {
    kit_line(language, Target::Player, "player", source)
}

fn parse(start: &[&str]) -> (u32, u32, u32) {
    let n: Vec<u32> = start.iter().map(|s| s.parse().unwrap()).collect();
    (n[0], n[1], n[2])
}

#[test]
fn the_mis_kit_has_the_statement_layout() {
    let dir = kit("mis");
    let mut files = Vec::new();
    for entry in walk(&dir.path().join("kit")) {
        files.push(entry);
    }
    files.sort();
    // The kit's own directory, `mis`, as the Ioiwari kit's is `ioiwari`.
    let expected = [
        "mis/README.md",
        "mis/STATEMENT.md",
        "mis/mis_c/graj.c",
        "mis/mis_c/mis.c",
        "mis/mis_c/mis.h",
        "mis/mis_cpp/graj.cpp",
        "mis/mis_cpp/mis.cpp",
        "mis/mis_cpp/mis.h",
        "mis/mis_pas/graj.pas",
        "mis/mis_pas/mis.pas",
    ];
    assert_eq!(files, expected);
    let unit = std::fs::read_to_string(dir.path().join("kit/mis/mis_pas/mis.pas")).unwrap();
    assert!(unit.contains("unit mis;"));
    let driver = std::fs::read_to_string(dir.path().join("kit/mis/mis_pas/graj.pas")).unwrap();
    assert!(driver.contains("uses SysUtils, mis;"));
}

#[test]
fn a_second_kit_in_the_same_place_is_refused_with_one_line() {
    let dir = kit("mis");
    let out = run_duel(&["kit", "mis", "kit"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    let error = text(&out.stderr);
    assert_eq!(error.lines().count(), 1, "{error}");
    assert!(error.contains("exists already"), "{error}");
    let forced = run_duel(&["kit", "mis", "kit", "--force"], dir.path());
    assert!(forced.status.success(), "{}", text(&forced.stderr));
}

#[test]
fn the_c_skeleton_builds_with_graj_c_and_plays() {
    mis_skeleton_plays_as_rust_graj("c", &graj_line(Language::C), "mis.c");
}

#[test]
fn the_cpp_skeleton_builds_with_graj_cpp_and_plays() {
    mis_skeleton_plays_as_rust_graj("cpp", &graj_line(Language::CPP), "mis.cpp");
}

#[test]
fn the_pascal_unit_builds_with_graj_pas_and_plays() {
    if pascal() {
        mis_skeleton_plays_as_rust_graj("pas", &graj_line(Language::PASCAL), "mis.pas");
    }
}

/// Illegal moves, one per language and reason: the kit's graj stops at once with the Rust
/// graj's result line and exit status 3.
#[test]
fn illegal_moves_end_the_game_as_in_rust_graj() {
    let cases = [
        (
            "c",
            "mis.c",
            "#include \"mis.h\"\nstatic int b;\nvoid poczatek(int p, int e, int peb) { (void)p; (void)e; b = peb; }\n\
             void ruch_bolka(int p, int e, int *bp, int *be) { (void)p; (void)e; *bp = b + 1; *be = 0; }\n",
            graj_line(Language::C),
            "read p e b; read x y; echo $((b + 1)) 0",
            ["7", "2", "3"],
            "over the PE-bound 3",
        ),
        (
            "cpp",
            "mis.cpp",
            "#include \"mis.h\"\nvoid poczatek(int, int, int) {}\n\
             void ruch_bolka(int, int, int *bp, int *be) { *bp = 2; *be = 1; }\n",
            graj_line(Language::CPP),
            "read p e b; read x y; echo 2 1",
            ["7", "2", "3"],
            "the move takes 2 poohsticks and 1 eeyorestick: both kinds",
        ),
        (
            "pas",
            "mis.pas",
            "unit mis;\ninterface\nprocedure poczatek(p, e, peb : LongInt);\n\
             procedure ruch_bolka(p, e : LongInt; var bp, be : LongInt);\nimplementation\n\
             procedure poczatek(p, e, peb : LongInt); begin end;\n\
             procedure ruch_bolka(p, e : LongInt; var bp, be : LongInt);\n\
             begin if p > 5 then begin bp := 1; be := 0; end else begin bp := 0; be := e + 1; end; end;\nend.\n",
            graj_line(Language::PASCAL),
            "read p e b; while read x y; do if [ $x -gt 5 ]; then echo 1 0; else echo 0 $((y + 1)); fi; done",
            ["7", "2", "30"],
            "the move takes 3 eeyoresticks but the pool holds only 2",
        ),
    ];
    let script_dir = work_dir!();
    for (index, (lang, file, module, build, player, start, reason)) in cases.iter().enumerate() {
        if *lang == "pas" && !pascal() {
            continue;
        }
        let dir = kit("mis");
        let lang_dir = dir.path().join("kit/mis").join(format!("mis_{lang}"));
        std::fs::write(lang_dir.join(file), module).unwrap();
        sh(&lang_dir, build);
        let (printed, code) = run(&lang_dir.join("graj"), start);
        let script: PathBuf = script_dir.path().join(format!("player{index}.sh"));
        std::fs::write(&script, player).unwrap();
        let expected = rust_graj(&sh_script(&script), start);
        assert_eq!((printed.clone(), code), expected, "{lang}");
        assert_eq!(code, Some(3), "{lang}");
        let last = printed.lines().last().unwrap();
        assert!(last.starts_with("result: illegal_move after "), "{last}");
        assert!(last.contains(reason), "{lang}: {last}");
    }
}

/// Every file under `root`, as relative paths with `/`.
fn walk(root: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let relative = path.strip_prefix(root).unwrap();
                out.push(relative.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    out
}

#[test]
fn the_ioiwari_kit_holds_the_tool_the_players_and_the_official_boards() {
    let dir = kit("ioiwari");
    let root = dir.path().join("kit/ioiwari");
    let tool = std::fs::read(root.join("ioiwari2")).unwrap();
    assert_eq!(tool, std::fs::read(cargo_bin("ioiwari2")).unwrap());
    let official = duel_ioiwari::Board::official_positions();
    assert_eq!(official.len(), 24);
    let mut all = String::new();
    for (index, board) in official.iter().enumerate() {
        let test = std::fs::read_to_string(root.join(format!("tests/{:02}.txt", index + 1)));
        assert_eq!(test.unwrap(), format!("{board}\n"));
        all += &format!("{board}\n");
    }
    assert_eq!(
        std::fs::read_to_string(root.join("tests/official.txt")).unwrap(),
        all
    );
    for file in [
        "README.md",
        "STATEMENT.md",
        "player.c",
        "player.cpp",
        "player.pas",
        "player.py",
    ] {
        assert!(root.join(file).is_file(), "{file}");
    }
}

/// Builds an Ioiwari skeleton as the README says and plays all 24 official boards against
/// the kit's ioiwari2, which runs it (`--run`) as in the README.
fn ioiwari_skeleton_plays_every_official_board(build: Option<&str>, run: &str) {
    let dir = kit("ioiwari");
    let root = dir.path().join("kit/ioiwari");
    if let Some(build) = build {
        sh(&root, build);
    }
    for test in 1..=24 {
        let log = format!("game{test:02}.out");
        // The game's result is the exit status: 0 a win, 3 a draw, 4 a loss; anything else
        // (1: an illegal move, 124: a time-out) fails.
        let command = format!(
            "timeout 20 ./ioiwari2 --position \"$(cat tests/{test:02}.txt)\" --log {log} \
             --run {run} > /dev/null || test $? -eq 3 -o $? -eq 4"
        );
        sh(&root, &command);
        let transcript = std::fs::read_to_string(root.join(&log)).unwrap();
        let last = transcript.lines().last().unwrap_or_default();
        assert!(
            last.starts_with("result: "),
            "{run}, test {test}: {transcript}"
        );
        // Player 1 moved first and the moves alternated to the end.
        let moves: Vec<&str> = transcript
            .lines()
            .filter(|line| line.contains(" plays "))
            .collect();
        for (index, line) in moves.iter().enumerate() {
            let player = if index % 2 == 0 {
                "player 1"
            } else {
                "player 2"
            };
            assert!(
                line.starts_with(&format!("{}. {player} plays ", index + 1)),
                "{line}"
            );
        }
    }
}

#[test]
fn the_ioiwari_c_skeleton_plays_legally_against_ioiwari2() {
    ioiwari_skeleton_plays_every_official_board(
        Some(&player_line(Language::C, "player.c")),
        "./player",
    );
}

#[test]
fn the_ioiwari_cpp_skeleton_plays_legally_against_ioiwari2() {
    ioiwari_skeleton_plays_every_official_board(
        Some(&player_line(Language::CPP, "player.cpp")),
        "./player",
    );
}

#[test]
fn the_ioiwari_pascal_skeleton_plays_legally_against_ioiwari2() {
    if pascal() {
        ioiwari_skeleton_plays_every_official_board(
            Some(&player_line(Language::PASCAL, "player.pas")),
            "./player",
        );
    }
}

#[test]
fn the_ioiwari_python_skeleton_plays_legally_against_ioiwari2() {
    ioiwari_skeleton_plays_every_official_board(None, "python3 player.py");
}

/// The judge's report of one submission, as JSON.
fn judge_json(dir: &Path, args: &[&str]) -> serde_json::Value {
    let out = run_duel(args, dir);
    assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("a JSON report")
}

/// Each test's verdict and moves, from a report.
fn games_of(report: &serde_json::Value) -> Vec<(String, String)> {
    report["tests"]
        .as_array()
        .expect("tests")
        .iter()
        .map(|test| {
            (
                test["verdict"].as_str().unwrap().to_owned(),
                test["move_list"].to_string(),
            )
        })
        .collect()
}

#[test]
fn the_judge_takes_every_skeleton_source_as_it_is() {
    // The four Ioiwari skeletons play the same strategy, so they must play the same games on
    // the official boards, each to its end (never an illegal move or a protocol error).
    let dir = kit("ioiwari");
    let mut sources = vec!["player.c", "player.cpp", "player.py"];
    if pascal() {
        sources.push("player.pas");
    }
    let mut first: Option<Vec<(String, String)>> = None;
    for source in &sources {
        let path = format!("kit/ioiwari/{source}");
        let report = judge_json(
            dir.path(),
            &["ioiwari", "judge", "--player", &path, "--json"],
        );
        let games = games_of(&report);
        assert_eq!(games.len(), 24, "{source}");
        for (verdict, _) in &games {
            assert!(
                ["win", "draw", "loss"].contains(&verdict.as_str()),
                "{source}: {verdict}"
            );
        }
        match &first {
            None => first = Some(games),
            Some(first) => assert_eq!(&games, first, "{source} against {}", sources[0]),
        }
    }
    // The three MIS skeletons likewise, as modules, on small positions.
    let dir = kit("mis");
    let tests = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/mis-positions.txt");
    let tests = tests.to_str().unwrap();
    let mut modules = vec!["kit/mis/mis_c/mis.c", "kit/mis/mis_cpp/mis.cpp"];
    if pascal() {
        modules.push("kit/mis/mis_pas/mis.pas");
    }
    let mut first: Option<Vec<(String, String)>> = None;
    for module in &modules {
        let report = judge_json(
            dir.path(),
            &[
                "mis", "judge", "--module", module, "--tests", tests, "--json",
            ],
        );
        let games = games_of(&report);
        assert_eq!(games.len(), 4, "{module}");
        for (verdict, _) in &games {
            assert!(
                ["win", "loss"].contains(&verdict.as_str()),
                "{module}: {verdict}"
            );
        }
        match &first {
            None => first = Some(games),
            Some(first) => assert_eq!(&games, first, "{module} against {}", modules[0]),
        }
    }
}

// Kits carry the task and their READMEs' build lines work pasted whole: each kit's
// `STATEMENT.md` tells the task with a sample game that is true (the Ioiwari one is what
// `ioiwari2` plays, the MIS one is legal and ends in Bolek's win), and every build block of
// the kits' READMEs (and the contestants' guide's block that builds the drivers) runs as a whole,
// twice, as a person pasting it would, leaving nothing in the checkout.

/// Runs `script` whole with `sh -e` in `dir`, with the binaries under test on the PATH, and
/// insists that it succeeds.
fn paste(dir: &Path, script: &str) -> Output {
    let bin = cargo_bin("duel");
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let output = Command::new("timeout")
        .args(["120", "sh", "-e", "-c", script])
        .current_dir(dir)
        .env("PATH", path)
        .output()
        .expect("sh runs");
    assert!(
        output.status.success(),
        "the block failed in {}:\n{script}\n{}{}",
        dir.display(),
        text(&output.stdout),
        text(&output.stderr)
    );
    output
}

/// The ```sh blocks of a Markdown text.
fn sh_blocks(markdown: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in markdown.lines() {
        match (&mut current, line.trim_end()) {
            (None, "```sh") => current = Some(String::new()),
            (Some(block), "```") => {
                blocks.push(std::mem::take(block));
                current = None;
            }
            (Some(block), line) => {
                block.push_str(line);
                block.push('\n');
            }
            (None, _) => {}
        }
    }
    blocks
}

/// A block without its Pascal lines when fpc is missing (and not demanded).
fn runnable(block: &str) -> String {
    if pascal() {
        return block.to_owned();
    }
    block
        .lines()
        .filter(|line| !line.contains("fpc") && !line.contains("graj-pas"))
        .map(|line| format!("{line}\n"))
        .collect()
}

/// A fresh kit of `kind` in a scratch directory; returns the directory and the kit's root.
fn kit_root(kind: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = kit(kind);
    let root = dir.path().join("kit").join(kind);
    (dir, root)
}

#[test]
fn the_mis_kits_build_block_works_pasted_whole_twice() {
    let (_dir, root) = kit_root("mis");
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let blocks = sh_blocks(&readme);
    let build = blocks
        .iter()
        .find(|block| block.contains("gcc"))
        .expect("a build block");
    for _ in 0..2 {
        let output = paste(&root, &runnable(build));
        let results: Vec<String> = text(&output.stdout)
            .lines()
            .filter(|line| line.starts_with("result: "))
            .map(str::to_owned)
            .collect();
        let expected = if pascal() { 3 } else { 2 };
        assert_eq!(results.len(), expected, "{results:?}");
        // The skeleton takes one stick a turn; the simple Lolek too: 9 sticks, Bolek last.
        for result in results {
            assert_eq!(result, "result: win after 9 moves");
        }
    }
}

#[test]
fn the_ioiwari_kits_build_lines_and_run_block_work_pasted_whole_twice() {
    let (_dir, root) = kit_root("ioiwari");
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    // The table's build column: `| player.c | C | `gcc -O2 -o player player.c` | ...`.
    let builds: Vec<String> = readme
        .lines()
        .filter(|line| line.starts_with("| `player."))
        .filter_map(|line| line.split('|').nth(3))
        .map(|cell| cell.trim().trim_matches('`').to_owned())
        .filter(|cell| !cell.is_empty())
        .filter(|cell| pascal() || !cell.starts_with("fpc"))
        .collect();
    assert!(builds.len() >= 2, "{builds:?}");
    for build in &builds {
        paste(&root, build);
    }
    let pipe = sh_blocks(&readme)
        .into_iter()
        .find(|block| block.contains("--run"))
        .expect("the --run block");
    for _ in 0..2 {
        let output = paste(&root, &with_statuses(&pipe));
        let last = text(&output.stdout)
            .lines()
            .last()
            .unwrap_or_default()
            .to_owned();
        assert!(last.starts_with("result: "), "{}", text(&output.stdout));
    }
    // The named pipe's line, run twice: the second run finds the pipe made by the first.
    let fifo = readme
        .lines()
        .find(|line| line.contains("mkfifo"))
        .expect("the named pipe's line");
    let fifo = fifo.trim().trim_end_matches('.').trim_matches('`');
    for round in 0..2 {
        std::fs::remove_file(root.join("ioiwari.out")).ok();
        paste(&root, fifo);
        let log = std::fs::read_to_string(root.join("ioiwari.out")).unwrap();
        let last = log.lines().last().unwrap_or_default();
        assert!(last.starts_with("result: "), "round {round}: {log}");
    }
}

/// A block whose lines may promise an exit status in their comment (`# exit 4: ...`), made
/// to insist on exactly that status under `sh -e`.
fn with_statuses(block: &str) -> String {
    block
        .lines()
        .map(|line| match line.split_once("# exit ") {
            Some((command, rest)) => {
                let status: String = rest.chars().take_while(char::is_ascii_digit).collect();
                format!("{command}|| test $? -eq {status}\n")
            }
            None => format!("{line}\n"),
        })
        .collect()
}

#[test]
fn the_contestants_guides_driver_build_works_pasted_whole_and_leaves_the_checkout_clean() {
    let guide = include_str!("../../../../docs/contestants.md");
    let block = sh_blocks(guide)
        .into_iter()
        .find(|block| block.starts_with("D=crates/mis-abi"))
        .expect("the contestants' guide's driver block");
    // A checkout's worth: the drivers and the header, and libmis.a where a release build
    // puts it (here: the one of the profile under test).
    let checkout = work_dir!();
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    for dir in ["crates/mis-abi/include", "crates/mis-abi/drivers"] {
        std::fs::create_dir_all(checkout.path().join(dir)).unwrap();
        for entry in std::fs::read_dir(repo.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            std::fs::copy(
                &path,
                checkout.path().join(dir).join(path.file_name().unwrap()),
            )
            .unwrap();
        }
    }
    let release = checkout.path().join("target/release");
    std::fs::create_dir_all(&release).unwrap();
    std::fs::copy(libmis().with_extension("a"), release.join("libmis.a")).unwrap();
    let before = files_outside_target(checkout.path());
    for _ in 0..2 {
        let output = paste(checkout.path(), &runnable(&block));
        let wins = text(&output.stdout)
            .lines()
            .filter(|line| line.starts_with("result: win"))
            .count();
        assert_eq!(wins, if pascal() { 3 } else { 2 });
    }
    assert_eq!(files_outside_target(checkout.path()), before);
}

/// Every file of `root` outside `root/target`, sorted.
fn files_outside_target(root: &Path) -> Vec<String> {
    let mut found: Vec<String> = walk(root)
        .into_iter()
        .filter(|path| !path.starts_with("target/"))
        .collect();
    found.sort();
    found
}

/// The lines of the fenced block after the heading `## A sample...` of a statement.
fn sample(statement: &str) -> Vec<String> {
    let after = statement
        .split("\n## A sample")
        .nth(1)
        .expect("a sample section");
    let block = after.split("```text\n").nth(1).expect("a sample block");
    let block = block.split("```").next().unwrap();
    block.lines().map(str::to_owned).collect()
}

#[test]
fn the_ioiwari_statements_sample_is_what_ioiwari2_plays() {
    let (_dir, root) = kit_root("ioiwari");
    let statement = std::fs::read_to_string(root.join("STATEMENT.md")).unwrap();
    for words in ["7 pits", "bank", "flushes", "Scoring"] {
        assert!(statement.contains(words), "{words}");
    }
    let lines = sample(&statement);
    let start = lines[0].strip_prefix("< ").expect("the start board first");
    // Each move line: `> 2        4 0 3 5 0 3 2   3  0   ...`.
    let moves: Vec<(bool, String, String)> = lines[1..]
        .iter()
        .map(|line| {
            let mine = line.starts_with('>');
            let words: Vec<&str> = line[1..].split_whitespace().collect();
            let pit = words[0].to_owned();
            let after = format!("{} banks {} {}", words[1..8].join(" "), words[8], words[9]);
            (mine, pit, after)
        })
        .collect();
    let player_1: String = moves
        .iter()
        .filter(|(mine, _, _)| *mine)
        .map(|(_, pit, _)| format!("{pit}\n"))
        .collect();
    let log = root.join("sample.out");
    let mut child = Command::new(root.join("ioiwari2"))
        .args(["--position", start, "--log"])
        .arg(&log)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(player_1.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    let said: Vec<String> = text(&output.stdout).lines().map(str::to_owned).collect();
    let expected: Vec<String> = std::iter::once(start.to_owned())
        .chain(
            moves
                .iter()
                .filter(|(mine, _, _)| !*mine)
                .map(|(_, pit, _)| pit.clone()),
        )
        .collect();
    assert_eq!(said, expected, "what ioiwari2 writes");
    // The boards and banks after every move, as ioiwari2 records them.
    let transcript = std::fs::read_to_string(&log).unwrap();
    let recorded: Vec<&str> = transcript
        .lines()
        .filter_map(|line| line.split(" -> ").nth(1))
        .collect();
    let shown: Vec<&str> = moves.iter().map(|(_, _, after)| after.as_str()).collect();
    assert_eq!(recorded, shown);
    assert!(
        transcript.ends_with("result: player 1 wins 11-9\n"),
        "{transcript}"
    );
}

#[test]
fn the_mis_statements_sample_is_a_legal_game_bolek_wins() {
    let (_dir, root) = kit_root("mis");
    let statement = std::fs::read_to_string(root.join("STATEMENT.md")).unwrap();
    for words in ["poczatek", "ruch_bolka", "PE-bound", "Scoring", "procedure"] {
        assert!(statement.contains(words), "{words}");
    }
    let numbers = |text: &str| -> Vec<u32> {
        text.split(|c: char| !c.is_ascii_digit())
            .filter(|word| !word.is_empty())
            .map(|word| word.parse().unwrap())
            .collect()
    };
    let lines = sample(&statement);
    let start = numbers(&lines[0]);
    assert!(lines[0].starts_with("poczatek("), "{}", lines[0]);
    let mut position = Position::new(start[0], start[1], start[2]).unwrap();
    let mut calls = 0;
    for line in lines.iter().filter(|line| line.starts_with("ruch_bolka(")) {
        // ruch_bolka(p, e)  ->  bp = x, be = y
        let (call, answer) = line.split_once("->").unwrap();
        let asked = numbers(call);
        if calls > 0 {
            // Lolek's move in between: legal, from where Bolek left the pool.
            let lolek = Move {
                take_p: position.p() - asked[0],
                take_e: position.e() - asked[1],
            };
            position = position.play(lolek).expect("Lolek's move is legal");
        }
        assert_eq!((position.p(), position.e()), (asked[0], asked[1]), "{line}");
        let taken = numbers(
            answer
                .split("  ")
                .find(|part| !part.trim().is_empty())
                .unwrap(),
        );
        let bolek = Move {
            take_p: taken[0],
            take_e: taken[1],
        };
        position = position.play(bolek).expect("Bolek's move is legal");
        calls += 1;
    }
    assert_eq!(calls, 3);
    assert!(position.is_over(), "Bolek takes the last stick");
}

/// A copy of the `duel` and `ioiwari2` under test in `dir/bin`, with `extra` files beside them.
fn duel_copy(dir: &Path, extra: &[(&str, &[u8])]) -> PathBuf {
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    for program in ["duel", "ioiwari2"] {
        std::fs::copy(cargo_bin(program), bin.join(program)).unwrap();
    }
    for (name, bytes) in extra {
        std::fs::write(bin.join(name), bytes).unwrap();
    }
    bin.join("duel")
}

#[test]
fn the_ioiwari_kit_writes_ioiwari2_exe_or_says_how_to_get_it() {
    let dir = work_dir!();
    let lone = duel_copy(&dir.path().join("lone"), &[]);
    let out = Command::new(&lone)
        .args(["kit", "ioiwari", "kit1"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let exe = dir.path().join("kit1/ioiwari/ioiwari2.exe");
    let embedded = exe.is_file();
    if embedded {
        // Built by a release: a Windows program.
        assert!(std::fs::read(&exe).unwrap().starts_with(b"MZ"));
        assert_eq!(text(&out.stderr), "");
    } else {
        let note = text(&out.stderr);
        assert_eq!(note.lines().count(), 1, "{note}");
        assert!(note.starts_with("duel: note: ioiwari2.exe "), "{note}");
        assert!(note.contains("x86_64-windows.zip"), "{note}");
    }
    assert!(dir.path().join("kit1/ioiwari/ioiwari2").is_file());
    // ioiwari2.exe beside duel (as the Windows archive has it) goes into the kit.
    let tool: &[u8] = b"MZ stands in for the Windows tool";
    let beside = duel_copy(&dir.path().join("beside"), &[("ioiwari2.exe", tool)]);
    let out = Command::new(&beside)
        .args(["kit", "ioiwari", "kit2"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr), "");
    let copied = std::fs::read(dir.path().join("kit2/ioiwari/ioiwari2.exe")).unwrap();
    if !embedded {
        assert_eq!(copied, tool);
    }
    // Each kit's README speaks of the Windows tool exactly when the kit holds it.
    for (kit, holds) in [("kit1", embedded), ("kit2", true)] {
        let readme =
            std::fs::read_to_string(dir.path().join(format!("{kit}/ioiwari/README.md"))).unwrap();
        assert_eq!(readme.contains("ioiwari2.exe"), holds, "{kit}:\n{readme}");
        assert!(readme.contains("./ioiwari2 --run"), "{kit}");
    }
}

#[test]
fn both_kits_sit_side_by_side_each_in_its_tasks_directory() {
    let dir = work_dir!();
    for (task, files) in [("mis", 10), ("ioiwari", 32)] {
        let out = run_duel(&["kit", task, "kit"], dir.path());
        assert!(out.status.success(), "{}", text(&out.stderr));
        let said = text(&out.stdout);
        // The count: the kit's own files, and its tools (the Windows one when this duel has it).
        let written: usize = said
            .split_whitespace()
            .nth(1)
            .and_then(|count| count.parse().ok())
            .unwrap_or_default();
        assert!(written >= files, "{said}");
        assert!(
            said.contains(&format!("files under kit/{task}\n")),
            "{said}"
        );
        assert!(
            said.contains(&format!("read kit/{task}/README.md first")),
            "{said}"
        );
        assert!(dir.path().join(format!("kit/{task}/README.md")).is_file());
        assert!(dir
            .path()
            .join(format!("kit/{task}/STATEMENT.md"))
            .is_file());
    }
    let mut top: Vec<String> = std::fs::read_dir(dir.path().join("kit"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    top.sort();
    assert_eq!(top, ["ioiwari", "mis"]);
}
