//! `duel export domjudge`: a zip DOMjudge imports (read back with Python's `zipfile`, an
//! independent reader), a single-valued type, the interactor driven the way DOMjudge's judge
//! hosts drive it (`interactor input answer feedback_dir`, the submission on its standard
//! input and output; exit 42 accepted, 43 rejected) agreeing with duel's judge on every
//! official board, and the unzipped package accepted by problemtools' `verifyproblem`.
//! Pooh-Eeyore-sticks, whose contestants submit the attached driver and `mis.h` with their
//! module: the unzipped package through `verifyproblem`, and submissions compiled the way
//! DOMjudge's compile scripts compile several files and judged by the output validator as
//! the judge host runs it, a changed driver whose Lolek gives way included.

use crate::support::export::*;
use duel_test_support::duel;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// `duel export domjudge DIR --task TASK`: DIR/TASK.zip, unzipped with Python into DIR/TASK.
fn exported_task(dir: &Path, task: &str) -> PathBuf {
    let output = duel!()
        .args(["export", "domjudge"])
        .arg(dir)
        .args(["--task", task])
        .output()
        .expect("duel runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    let unzipped = dir.join(task);
    let script = "import sys, zipfile\nz = zipfile.ZipFile(sys.argv[1])\n\
                  assert z.testzip() is None, 'a CRC is wrong'\nz.extractall(sys.argv[2])\n";
    let status = Command::new("python3")
        .args(["-c", script])
        .arg(dir.join(format!("{task}.zip")))
        .arg(&unzipped)
        .status()
        .expect("python3 runs");
    assert!(status.success(), "Python reads the zip");
    unzipped
}

/// The Ioiwari zip, unzipped (see [`exported_task`]).
fn exported(dir: &Path) -> PathBuf {
    exported_task(dir, "ioiwari")
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
        // The statements name the tools duel attaches: those of the duel that wrote the zip.
        let contents = match file.path.strip_prefix("problem_statement/problem.") {
            Some(rest) => {
                let code = rest.strip_suffix(".tex").unwrap();
                let language = duel_export::statement::Locale::from_code(code).unwrap();
                let source = crate::export_attachments::source_of_this_duel(
                    duel_export::Format::Domjudge,
                    duel_export::Task::Ioiwari,
                    language,
                );
                duel_export::statement::latex(&source, true).into_bytes()
            }
            None => file.contents.clone(),
        };
        assert!(
            fs::read(root.join(&file.path)).unwrap() == contents,
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
    let (_, ok) = verifyproblem(&tool, &root);
    assert_eq!(ok.len(), 10, "every submission in its category: {ok:?}");
}

/// `verifyproblem` on the unzipped package at `root`, which must pass with no error: what it
/// said, and its lines for the submissions judged in their categories.
fn verifyproblem(tool: &Path, root: &Path) -> (String, Vec<String>) {
    let output = Command::new(tool)
        .arg(root)
        .env("PATH", tools_path(tool))
        .output()
        .expect("verifyproblem runs");
    let text = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    let name = root.file_name().unwrap().to_string_lossy();
    assert!(text.contains(&format!("{name} tested: 0 errors")), "{text}");
    assert!(!text.contains("ERROR"), "{text}");
    let ok = text
        .lines()
        .filter(|line| line.contains(") OK: "))
        .map(str::to_owned)
        .collect();
    (text, ok)
}

/// How DOMjudge's compile scripts build a submission of several files: C and C++ compile
/// every submitted file (`gcc -x c ... "$@"`, so `mis.h` is compiled too, harmlessly), and
/// Free Pascal compiles the one file holding a `program` line, which finds the unit beside it.
/// The files are copied into a directory of their own first, as the judge host does.
fn domjudge_compile(submission: &Path, binary: &Path) {
    let dir = binary.with_extension("sources");
    fs::create_dir_all(&dir).unwrap();
    let mut files: Vec<PathBuf> = fs::read_dir(submission)
        .unwrap()
        .map(|entry| {
            let entry = entry.unwrap();
            let copy = dir.join(entry.file_name());
            fs::copy(entry.path(), &copy).unwrap();
            copy
        })
        .collect();
    files.sort();
    let has = |ext: &str| {
        files
            .iter()
            .any(|f| f.extension().is_some_and(|e| e == ext))
    };
    if has("pas") {
        let main: Vec<&PathBuf> = files
            .iter()
            .filter(|f| {
                fs::read_to_string(f)
                    .unwrap()
                    .lines()
                    .any(|line| line.trim_start().starts_with("program "))
            })
            .collect();
        assert_eq!(main.len(), 1, "one main program in {files:?}");
        compile(
            Command::new("fpc")
                .args(["-viwn", "-O2", "-Sg", "-XS"])
                .arg(format!("-o{}", binary.display()))
                .arg(main[0])
                .stdout(Stdio::null()),
        );
        return;
    }
    let (compiler, language) = if has("cpp") {
        ("g++", "c++")
    } else {
        ("gcc", "c")
    };
    compile(
        Command::new(compiler)
            .args(["-x", language, "-Wall", "-O2", "-static", "-pipe", "-o"])
            .arg(binary)
            .args(&files)
            .arg("-lm"),
    );
}

/// One Pooh-Eeyore-sticks test as DOMjudge's judge host runs it: the program reads the test
/// on its standard input and writes to a file, then `validator input answer feedback_dir`
/// reads that file on its standard input. The validator's exit status (42 or 43), its
/// message, and the program's output.
fn domjudge_mis_test(
    program: &Path,
    validator: &Path,
    root: &Path,
    test: &str,
    dir: &Path,
) -> (i32, String, Vec<u8>) {
    fs::create_dir_all(dir.join("feedback")).unwrap();
    let input = root.join(format!("data/secret/{test}.in"));
    let output = dir.join("output");
    let mut run = cpu_limited(Command::new(program), 1)
        .stdin(fs::File::open(&input).unwrap())
        .stdout(fs::File::create(&output).unwrap())
        .spawn()
        .unwrap();
    let ended = wait_until(
        &mut run,
        std::time::Instant::now() + std::time::Duration::from_secs(60),
    );
    assert!(
        matches!(ended, Ended::Status(status) if status.success()),
        "{} on {test}: {ended:?}",
        program.display()
    );
    let status = Command::new(validator)
        .arg(&input)
        .arg(root.join(format!("data/secret/{test}.ans")))
        .arg(dir.join("feedback"))
        .stdin(fs::File::open(&output).unwrap())
        .status()
        .unwrap();
    let message = fs::read_to_string(dir.join("feedback/judgemessage.txt")).unwrap_or_default();
    let code = status.code().expect("the validator exits");
    assert!(code == 42 || code == 43, "the validator failed: {message}");
    (code, message, fs::read(&output).unwrap())
}

#[test]
fn the_mis_zip_judges_submitted_drivers_as_domjudge_and_verifyproblem_do() {
    if !need("python3", "DUEL_REQUIRE_FPC")
        || !need("g++", "DUEL_REQUIRE_FPC")
        || !need("fpc", "DUEL_REQUIRE_FPC")
        || need_tool_on_path("lualatex").is_none()
    {
        return;
    }
    let Some(tool) = need_tool("verifyproblem") else {
        return;
    };
    let work = tempfile::tempdir().unwrap();
    let root = exported_task(&work.path().join("out"), "mis");
    let yaml = fs::read_to_string(root.join("problem.yaml")).unwrap();
    let types: Vec<&str> = yaml.lines().filter(|l| l.starts_with("type:")).collect();
    assert_eq!(types, ["type: pass-fail"], "one type, one value");
    assert!(yaml.contains("validation: custom\n") && yaml.contains("memory: 32\n"));
    assert!(fs::read(root.join("problem.pdf"))
        .unwrap()
        .starts_with(b"%PDF-"));
    assert!(!root.join("include").exists(), "DOMjudge has no include/");
    for name in ["mis.h", "driver.c", "driver.cpp", "main.pas"] {
        assert!(root.join("attachments").join(name).is_file(), "{name}");
        for language in ["en", "vi", "pl"] {
            let tex = root.join(format!("problem_statement/problem.{language}.tex"));
            let tex = fs::read_to_string(tex).unwrap();
            assert!(
                tex.contains(&format!("\\texttt{{{name}}}")),
                "{language}: {name}"
            );
        }
    }

    // The validator, and submissions built as DOMjudge builds them.
    let referee = root.join("output_validators/referee");
    let validator = work.path().join("validator");
    cpp(&[referee.join("validator.cpp")], &referee, &validator);
    let build = |name: &str| {
        let binary = work.path().join(name.replace('/', "_"));
        domjudge_compile(&root.join("submissions").join(name), &binary);
        binary
    };
    // Each accepted submission wins the statement's example, the longest game and the last
    // test.
    for name in [
        "accepted/bolek_c",
        "accepted/bolek_cpp",
        "accepted/bolek_pascal",
    ] {
        let program = build(name);
        for test in ["01", "20", "37"] {
            let dir = work.path().join("games").join(format!("{test}-{name}"));
            let (code, message, _) = domjudge_mis_test(&program, &validator, &root, test, &dir);
            assert_eq!(code, 42, "{name} on {test}: {message}");
        }
    }
    // The simple module loses the statement's example (p = 7, e = 2, B = 3) to duel's Lolek.
    let simple = build("wrong_answer/simple_c");
    let dir = work.path().join("games/simple");
    let (code, message, _) = domjudge_mis_test(&simple, &validator, &root, "01", &dir);
    assert_eq!(code, 43, "{message}");
    assert!(message.starts_with("loss"), "{message}");
    // The same module with a changed driver whose Lolek takes one stick a move: its stream
    // records a game of 9 one-stick moves, the last Bolek's (a win, were Lolek's moves not
    // checked), and the validator rejects it for Lolek's first move.
    let weak = build("wrong_answer/weak_lolek_c");
    let dir = work.path().join("games/weak");
    let (code, message, stream) = domjudge_mis_test(&weak, &validator, &root, "01", &dir);
    let records = stream
        .strip_prefix(b"duel-mis 2\n".as_slice())
        .expect("the driver's stream");
    // One character a record: 3 (one poohstick) is '3', 4 (one eeyorestick) '4'.
    assert_eq!(records.len(), 9, "{records:?}");
    assert!(
        records.iter().all(|&r| r == b'3' || r == b'4'),
        "{records:?}"
    );
    assert_eq!(code, 43, "{message}");
    assert!(
        message.contains("protocol_error: the stream's Lolek took"),
        "{message}"
    );

    // problemtools' checks of the same files, every submission in its category.
    let (text, ok) = verifyproblem(&tool, &root);
    assert_eq!(ok.len(), 8, "every submission in its category:\n{text}");
    assert!(
        ok.iter()
            .any(|line| line.contains("wrong_answer/weak_lolek_c") && line.contains("OK: WA")),
        "{text}"
    );
}
