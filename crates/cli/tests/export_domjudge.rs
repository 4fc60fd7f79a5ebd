//! `duel export domjudge`: a zip DOMjudge imports (read back with Python's `zipfile`, an
//! independent reader), a single-valued type, the interactor driven the way DOMjudge's judge
//! hosts drive it (`interactor input answer feedback_dir`, the submission on its standard
//! input and output; exit 42 accepted, 43 rejected) agreeing with duel's judge on every
//! official board, and the unzipped package accepted by problemtools' `verifyproblem`.

mod export_common;

use export_common::*;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// `duel export domjudge DIR` (both tasks asked for): DIR/ioiwari.zip, unzipped with Python
/// into DIR/ioiwari.
fn exported(dir: &Path) -> PathBuf {
    let output = Command::new(env!("CARGO_BIN_EXE_duel"))
        .args(["export", "domjudge"])
        .arg(dir)
        .output()
        .expect("duel runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    // Pooh-Eeyore-sticks is named as not exported, with the reason.
    assert!(
        stderr.contains("mis is not exported for domjudge"),
        "{stderr}"
    );
    assert!(!dir.join("mis.zip").exists());
    let unzipped = dir.join("ioiwari");
    let script = "import sys, zipfile\nz = zipfile.ZipFile(sys.argv[1])\n\
                  assert z.testzip() is None, 'a CRC is wrong'\nz.extractall(sys.argv[2])\n";
    let status = Command::new("python3")
        .args(["-c", script])
        .arg(dir.join("ioiwari.zip"))
        .arg(&unzipped)
        .status()
        .expect("python3 runs");
    assert!(status.success(), "Python reads the zip");
    unzipped
}

#[test]
fn the_zip_holds_the_package_a_single_type_and_the_statement_pdf() {
    if !need("python3", "DUEL_REQUIRE_FPC") || need_tool_on_path("lualatex").is_none() {
        return;
    }
    let work = tempfile::tempdir().unwrap();
    let root = exported(work.path());
    let package = duel_export::package(duel_export::Format::Domjudge, duel_export::Task::Ioiwari);
    for file in &package.files {
        assert_eq!(
            fs::read(root.join(&file.path)).unwrap(),
            file.contents,
            "{}",
            file.path
        );
    }
    let yaml = fs::read_to_string(root.join("problem.yaml")).unwrap();
    let types: Vec<&str> = yaml.lines().filter(|l| l.starts_with("type:")).collect();
    assert_eq!(types, ["type: pass-fail"], "one type, one value");
    assert!(yaml.contains("validation: custom interactive\n"));
    assert!(yaml.contains("memory: 32\n"));
    assert!(fs::read(root.join("problem.pdf"))
        .unwrap()
        .starts_with(b"%PDF-"));
    assert!(root.join("attachments/testing_tool.py").is_file());
}

#[test]
fn export_domjudge_of_mis_alone_is_an_error_naming_why() {
    let work = tempfile::tempdir().unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_duel"))
        .args(["export", "domjudge"])
        .arg(work.path())
        .args(["--task", "mis"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("no include/"), "{stderr}");
    assert_eq!(fs::read_dir(work.path()).unwrap().count(), 0);
}

/// One game as a DOMjudge judge host plays it: whether the interactor accepted (42).
// Both processes are waited for in `wait_both`.
#[allow(clippy::zombie_processes)]
fn accepted(interactor: &Path, program: &Path, board: &str, dir: &Path) -> bool {
    fs::create_dir_all(dir.join("feedback")).unwrap();
    let input = dir.join("input");
    fs::write(&input, format!("{board}\n")).unwrap();
    let answer = dir.join("answer");
    fs::write(&answer, "").unwrap();
    let mut player = cpu_limited(Command::new(program), 1)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let to_player = player.stdin.take().unwrap();
    let from_player = player.stdout.take().unwrap();
    let mut referee = Command::new(interactor)
        .arg(&input)
        .arg(&answer)
        .arg(dir.join("feedback"))
        .stdin(Stdio::from(from_player))
        .stdout(Stdio::from(to_player))
        .spawn()
        .unwrap();
    let (_, referee_end) = wait_both(&mut player, &mut referee);
    let Ended::Status(status) = referee_end else {
        panic!("the interactor hung on {board}");
    };
    match status.code() {
        Some(42) => true,
        Some(43) => false,
        other => panic!("the interactor failed ({other:?}) on {board}"),
    }
}

#[test]
fn the_interactor_accepts_exactly_the_games_duels_judge_says_are_won() {
    if !need("g++", "DUEL_REQUIRE_FPC")
        || !need("python3", "DUEL_REQUIRE_FPC")
        || need_tool_on_path("lualatex").is_none()
    {
        return;
    }
    let work = tempfile::tempdir().unwrap();
    let root = exported(&work.path().join("out"));
    let validator = root.join("output_validators/interactor");
    let interactor = work.path().join("interactor");
    cpp(&[validator.join("interactor.cpp")], &validator, &interactor);
    let boards: Vec<String> = (1..=24)
        .map(|n| {
            let text = fs::read_to_string(root.join(format!("data/secret/{n:02}.in"))).unwrap();
            text.trim().to_owned()
        })
        .collect();
    // The perfect player wins everywhere; the one-move look-ahead player wins some boards and
    // draws or loses others (all rejected: pass-fail).
    for source in ["accepted/perfect.c", "wrong_answer/greedy.c"] {
        let binary = work.path().join(source.replace(['/', '.'], "_"));
        c(
            &[root.join("submissions").join(source)],
            work.path(),
            &binary,
        );
        let report = work.path().join("report.json");
        let duel = duel_ioiwari_judge(&binary.display().to_string(), &report);
        let numbered: Vec<(usize, &String)> = boards.iter().enumerate().collect();
        let games = work.path().join("games").join(source.replace('/', "_"));
        let accepted_games = parallel(&numbered, 2, |(i, board)| {
            accepted(&interactor, &binary, board, &games.join(i.to_string()))
        });
        let won: Vec<bool> = duel.iter().map(|verdict| verdict == "win").collect();
        assert_eq!(accepted_games, won, "{source}");
        if source.starts_with("wrong") {
            assert!(won.contains(&false), "greedy.c fails some board");
        }
    }
}

#[test]
fn verifyproblem_accepts_the_unzipped_domjudge_package() {
    if need_tool_on_path("lualatex").is_none() {
        return;
    }
    let Some(tool) = need_tool("verifyproblem") else {
        return;
    };
    let work = tempfile::tempdir().unwrap();
    let root = exported(work.path());
    let output = Command::new(&tool)
        .arg(&root)
        .env("PATH", tools_path(&tool))
        .output()
        .expect("verifyproblem runs");
    let text = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    assert!(text.contains("ioiwari tested: 0 errors"), "{text}");
    assert!(!text.contains("ERROR"), "{text}");
    let submissions = text.lines().filter(|line| line.contains(") OK: ")).count();
    assert_eq!(submissions, 10, "every submission in its category:\n{text}");
}
