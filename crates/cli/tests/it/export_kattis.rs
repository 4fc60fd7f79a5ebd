//! The Kattis packages agree with duel: for every official test and every submission in a
//! package, the verdict of the package's own referee (run here as Kattis runs it) is the
//! verdict of `duel ioiwari judge` / `duel mis judge`.

use crate::support::export::*;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A compiled submission: how to run it, and its name.
struct Built {
    name: String,
    run: Vec<String>,
    source: PathBuf,
}

/// Compiles every Ioiwari submission of the package.
fn build_ioiwari_submissions(package: &Path, work: &Path) -> Vec<Built> {
    let mut built = Vec::new();
    for category in [
        "accepted",
        "partially_accepted",
        "wrong_answer",
        "time_limit_exceeded",
        "run_time_error",
    ] {
        let mut entries: Vec<PathBuf> = fs::read_dir(package.join("submissions").join(category))
            .expect("the category exists")
            .map(|entry| entry.expect("a directory entry").path())
            .collect();
        entries.sort();
        for source in entries {
            built.push(build_ioiwari_submission(category, source, work));
        }
    }
    built
}

/// Compiles the Ioiwari submission `source` of `category`.
fn build_ioiwari_submission(category: &str, source: PathBuf, work: &Path) -> Built {
    let name = format!(
        "{category}/{}",
        source.file_name().unwrap().to_string_lossy()
    );
    let binary = work.join(name.replace(['/', '.'], "_"));
    let run = match source.extension().and_then(|e| e.to_str()) {
        Some("c") => {
            c(std::slice::from_ref(&source), work, &binary);
            vec![binary.display().to_string()]
        }
        Some("cpp") => {
            cpp(std::slice::from_ref(&source), work, &binary);
            vec![binary.display().to_string()]
        }
        Some("pas") => {
            let units = work.join(format!("{}-units", binary.display()));
            fs::create_dir_all(&units).unwrap();
            pascal(&source, &units, &binary);
            vec![binary.display().to_string()]
        }
        // Python submissions run under CPython on both sides here: duel limits a submission's
        // address space, which PyPy's garbage collector cannot start under (Kattis runs them
        // with PyPy, which `verifyproblem` checks).
        Some("py") => vec!["python3".to_owned(), source.display().to_string()],
        other => panic!("unexpected submission {source:?} ({other:?})"),
    };
    Built { name, run, source }
}

/// One Ioiwari game as Kattis plays it: the submission's output feeds the interactor and the
/// interactor's output feeds the submission. Returns duel's verdict word for the outcome.
// Both processes are waited for in `wait_both_within`.
#[allow(clippy::zombie_processes)]
fn kattis_ioiwari_game(
    interactor: &Path,
    submission: &Built,
    board: &str,
    dir: &Path,
    within: Duration,
) -> String {
    fs::create_dir_all(dir).unwrap();
    let input = dir.join("input");
    fs::write(&input, format!("{board}\n")).unwrap();
    let feedback = dir.join("feedback");
    fs::create_dir_all(&feedback).unwrap();
    let mut player = cpu_limited(Command::new(&submission.run[0]), 1)
        .args(&submission.run[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the submission starts");
    let to_player = player.stdin.take().unwrap();
    let from_player = player.stdout.take().unwrap();
    let mut referee = Command::new(interactor)
        .arg(&input)
        .arg(&input)
        .arg(&feedback)
        .stdin(Stdio::from(from_player))
        .stdout(Stdio::from(to_player))
        .spawn()
        .expect("the interactor starts");
    // The CPU limit decides time limits, as on Kattis; the wall-clock deadline catches a
    // player that waits for ever (one that never flushes), as Kattis's wall-clock limit does.
    let (player_end, referee_end) = wait_both_within(&mut player, &mut referee, within);
    if matches!(player_end, Ended::TimedOut) || player_end.out_of_cpu() {
        return "time_limit".into();
    }
    let Ended::Status(referee_status) = referee_end else {
        panic!("the interactor hung on {board} against {}", submission.name);
    };
    let message = fs::read_to_string(feedback.join("judgemessage.txt")).unwrap_or_default();
    let Ended::Status(player_status) = player_end else {
        unreachable!()
    };
    // An illegal or unreadable move is the interactor's wrong answer whatever the submission
    // did next; a submission whose output ended because it failed is a run-time error (the
    // interactor only saw the output end), as duel judges it.
    let word = verdict_word(&message);
    if referee_status.code() == Some(43) && word != "early_exit" {
        return word;
    }
    if !player_status.success() {
        return "runtime_error".into();
    }
    match referee_status.code() {
        Some(42) => {
            let score = fs::read_to_string(feedback.join("score.txt")).unwrap();
            let word = verdict_word(&message);
            let expected = match word.as_str() {
                "win" => "100",
                "draw" => "50",
                _ => "0",
            };
            assert_eq!(score.trim(), expected, "{word} is scored {expected}");
            word
        }
        Some(43) => verdict_word(&message),
        other => panic!("the interactor failed ({other:?}) on {board}: {message}"),
    }
}

#[test]
fn kattis_ioiwari_package_agrees_with_duel_on_every_test_and_submission() {
    if !need("g++", "DUEL_REQUIRE_FPC") || !need("fpc", "DUEL_REQUIRE_FPC") {
        return;
    }
    let work = tempfile::tempdir().unwrap();
    let package = export("kattis", "ioiwari", work.path());
    let validator = package.join("output_validators/interactor");
    let interactor = work.path().join("interactor");
    cpp(&[validator.join("interactor.cpp")], &validator, &interactor);
    let boards: Vec<String> = (1..=24)
        .map(|n| {
            let text = fs::read_to_string(package.join(format!("data/secret/{n:02}.in"))).unwrap();
            text.trim().to_owned()
        })
        .collect();
    assert_eq!(boards.len(), 24);
    let tests_file = work.path().join("official.txt");
    fs::write(&tests_file, boards.join("\n") + "\n").unwrap();
    let mut submissions = build_ioiwari_submissions(&package, work.path());
    assert_eq!(submissions.len(), 8);
    // The players that never flush travel in the pass-fail packages (DOMjudge's here): this
    // interactor, which does not depend on the scoring, plays them.
    let pass_fail = duel_export::package(duel_export::Format::Domjudge, duel_export::Task::Ioiwari)
        .write_into(&work.path().join("domjudge"))
        .unwrap();
    for (name, _) in IOIWARI_UNFLUSHED {
        let source = pass_fail.join("submissions/time_limit_exceeded").join(name);
        submissions.push(build_ioiwari_submission(
            "time_limit_exceeded",
            source,
            work.path(),
        ));
    }
    assert_eq!(submissions.len(), 10);
    let mut seen = std::collections::BTreeSet::new();
    for submission in &submissions {
        let games = work
            .path()
            .join("games")
            .join(submission.name.replace('/', "_"));
        let report = work.path().join("report.json");
        let command = submission.run.join(" ");
        // One game through the package's interactor, killed after `seconds` of wall clock.
        let play = |i: usize, board: &str, seconds: u64| {
            let dir = games.join(i.to_string());
            let within = Duration::from_secs(seconds);
            kattis_ioiwari_game(&interactor, submission, board, &dir, within)
        };
        if let Some(difference) = unflushed_verdict(&submission.name) {
            // A program that never flushes waits until the wall clock runs out: two boards
            // show it, with short wall-clock limits on both sides. duel's judge gets the
            // source, as a contestant's, and builds it as the contest systems do.
            let duel = duel_judge_source_briefly(&submission.source, &boards[..2], work.path());
            let package_verdicts: Vec<String> = boards[..2]
                .iter()
                .enumerate()
                .map(|(i, board)| play(i, board, 4))
                .collect();
            assert_eq!(
                package_verdicts,
                ["time_limit", "time_limit"],
                "{}",
                submission.name
            );
            assert_eq!(
                duel,
                [difference, difference],
                "{}: duel's judge",
                submission.name
            );
            let (ioi_2001, win) = IOI_2001_FLUSH;
            if submission.name.ends_with(ioi_2001) {
                // Built as IOI 2001's judge built it, Writeln flushed: a win.
                let flushed = duel_judge_source_briefly_with(
                    &submission.source,
                    &boards[..2],
                    work.path(),
                    &["--pascal-flush"],
                );
                assert_eq!(flushed, [win, win], "{ioi_2001} with --pascal-flush");
            }
            continue;
        }
        let duel = duel_ioiwari_judge(&command, &report);
        let numbered: Vec<(usize, &String)> = boards.iter().enumerate().collect();
        let package_verdicts = parallel(&numbered, 2, |(i, board)| play(*i, board, 60));
        assert_eq!(
            package_verdicts, duel,
            "{}: the package against duel",
            submission.name
        );
        seen.extend(duel);
    }
    // The submissions reach every kind of ending the package can give.
    assert_reaches(&seen, &IOIWARI_ENDINGS);
}

/// Builds a Pooh-Eeyore-sticks submission twice: linked with the package's driver (as Kattis
/// builds it) and as a shared library for `duel mis judge --module`.
fn build_mis_submission(package: &Path, source: &Path, work: &Path) -> (PathBuf, PathBuf) {
    let stem = source.to_string_lossy().replace(['/', '.'], "_");
    let binary = work.join(format!("{stem}-driver"));
    if source.is_dir() {
        let unit = source.join("mis.pas");
        let dir = work.join(format!("{stem}-pas"));
        fs::create_dir_all(&dir).unwrap();
        fs::copy(&unit, dir.join("mis.pas")).unwrap();
        pascal(&package.join("include/pascal/main.pas"), &dir, &binary);
    } else if source.extension().is_some_and(|e| e == "c") {
        let include = package.join("include/c");
        c(
            &[include.join("driver.c"), source.to_owned()],
            &include,
            &binary,
        );
    } else {
        let include = package.join("include/cpp");
        cpp(
            &[include.join("driver.cpp"), source.to_owned()],
            &include,
            &binary,
        );
    }
    let library = mis_module_library(source, &package.join("include/c"), work);
    (binary, library)
}

/// One Pooh-Eeyore-sticks test as Kattis runs it: the driver-linked submission writes its
/// stream, then the output validator judges it. Returns duel's verdict word.
fn kattis_mis_test(
    binary: &Path,
    validator: &Path,
    input: &Path,
    answer: &Path,
    dir: &Path,
) -> String {
    fs::create_dir_all(dir).unwrap();
    let output = dir.join("output");
    // The slowest accepted submission needs about 0.2 s of CPU on the longest game.
    let mut run = cpu_limited(Command::new(binary), 1)
        .stdin(fs::File::open(input).unwrap())
        .stdout(fs::File::create(&output).unwrap())
        .stderr(Stdio::null())
        .spawn()
        .expect("the submission starts");
    match wait_until(&mut run, Instant::now() + Duration::from_secs(60)) {
        Ended::TimedOut => return "time_limit".into(),
        ended if ended.out_of_cpu() => return "time_limit".into(),
        Ended::Status(status) if !status.success() => return "runtime_error".into(),
        Ended::Status(_) => {}
    }
    let feedback = dir.join("feedback");
    fs::create_dir_all(&feedback).unwrap();
    let status = Command::new(validator)
        .arg(input)
        .arg(answer)
        .arg(&feedback)
        .stdin(fs::File::open(&output).unwrap())
        .status()
        .expect("the validator runs");
    let message = fs::read_to_string(feedback.join("judgemessage.txt")).unwrap_or_default();
    match status.code() {
        Some(42) => {
            assert!(message.starts_with("win"), "{message}");
            "win".into()
        }
        Some(43) => verdict_word(&message),
        other => panic!(
            "the validator failed ({other:?}) on {}: {message}",
            input.display()
        ),
    }
}

#[test]
fn kattis_mis_package_agrees_with_duel_on_every_test_and_submission() {
    if !need("g++", "DUEL_REQUIRE_FPC") || !need("fpc", "DUEL_REQUIRE_FPC") {
        return;
    }
    let work = tempfile::tempdir().unwrap();
    let package = export("kattis", "mis", work.path());
    let referee = package.join("output_validators/referee");
    let validator = work.path().join("validator");
    cpp(&[referee.join("validator.cpp")], &referee, &validator);
    let tests = duel_arena::mis::official_tests();
    let mut submissions = Vec::new();
    for category in [
        "accepted",
        "wrong_answer",
        "time_limit_exceeded",
        "run_time_error",
    ] {
        let mut entries: Vec<PathBuf> = fs::read_dir(package.join("submissions").join(category))
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .collect();
        entries.sort();
        submissions.extend(entries);
    }
    assert_eq!(submissions.len(), 7);
    let mut seen = std::collections::BTreeSet::new();
    for source in &submissions {
        let (binary, library) = build_mis_submission(&package, source, work.path());
        let report = work.path().join("report.json");
        let duel = duel_mis_judge(&library, &report);
        let runs = work.path().join("runs").join(source.file_name().unwrap());
        let package_verdicts = parallel(&tests, 2, |test| {
            let name = format!("data/secret/{:02}", test.number);
            kattis_mis_test(
                &binary,
                &validator,
                &package.join(format!("{name}.in")),
                &package.join(format!("{name}.ans")),
                &runs.join(test.number.to_string()),
            )
        });
        assert_eq!(
            package_verdicts,
            duel,
            "{}: the package against duel",
            source.display()
        );
        seen.extend(duel);
    }
    assert_reaches(&seen, &MIS_ENDINGS);
}
