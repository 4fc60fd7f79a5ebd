//! End-to-end tests of `graj`: the statement's example, every Lolek, bad input, modules (the
//! repo's libmis.so, an independent C module, and broken ones) and line-protocol players.
//! Every printed game is replayed here with the statement's rules.

use crate::support::players::{c_bolek, c_module, check_transcript, libmis, players_source_dir};
use duel_test_support::process::WithStdin;
use duel_test_support::{bin, shell_word, sticks, work_dir};
use std::process::Output;
use std::time::{Duration, Instant};

fn graj(args: &[&str]) -> Output {
    bin!("graj").args(args).output().expect("graj runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn code(output: &Output) -> i32 {
    output.status.code().expect("graj exits normally")
}

#[test]
fn the_statement_example_with_the_simple_lolek() {
    let output = graj(&["7", "2", "3"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let (moves, result) = check_transcript(&stdout(&output), (7, 2, 3));
    assert!(result.starts_with("win "), "{result}");
    assert!(moves.last().unwrap().bolek, "Bolek takes the last stick");
    // The kit's Lolek: one poohstick if there is one, else one eeyorestick.
    let mut pool = (7, 2);
    for line in &moves {
        if !line.bolek {
            let expected = if pool.0 > 0 { (1, 0) } else { (0, 1) };
            assert_eq!((line.taken.take_p, line.taken.take_e), expected, "{line:?}");
        }
        pool = line.left;
    }
}

#[test]
fn the_builtin_bolek_beats_every_lolek_from_winnable_positions() {
    // Positions and their fate come from the brute-force solver, not from the crates.
    let mut cases = Vec::new();
    for (bound, limit) in [(1, 9), (3, 14), (5, 20)] {
        let wins = sticks::wins(bound as usize, limit);
        for p in 1..limit as u32 {
            for e in 1..limit as u32 {
                if wins[p as usize][e as usize] && (p * 7 + e * 3) % 5 == 0 {
                    cases.push((p, e, bound));
                }
            }
        }
    }
    assert!(cases.len() > 30);
    let kinds: [&[&str]; 5] = [
        &["--lolek", "simple"],
        &["--lolek", "optimal"],
        &["--lolek", "adversarial"],
        &["--lolek", "random", "--seed", "1"],
        &["--lolek", "random", "--seed", "2"],
    ];
    for (p, e, bound) in cases {
        for kind in kinds {
            let numbers = [p.to_string(), e.to_string(), bound.to_string()];
            let mut args: Vec<&str> = kind.to_vec();
            args.extend(numbers.iter().map(String::as_str));
            let output = graj(&args);
            assert_eq!(code(&output), 0, "{args:?}: {}", stdout(&output));
            let (moves, result) = check_transcript(&stdout(&output), (p, e, bound));
            assert!(result.starts_with("win "), "{args:?}: {result}");
            assert!(moves.last().unwrap().bolek);
        }
    }
}

#[test]
fn the_position_can_come_from_stdin_and_quiet_prints_only_the_result() {
    let output = bin!("graj")
        .args(["--quiet", "--lolek", "adversarial"])
        .output_with_stdin("7 2 3\n");
    assert_eq!(code(&output), 0);
    let text = stdout(&output);
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(text.starts_with("result: win after "), "{text}");
}

#[test]
fn bad_input_is_refused_with_exit_status_2() {
    let cases: [(&[&str], &str); 7] = [
        (&["0", "2", "3"], "0 poohsticks"),
        (&["7", "10000001", "3"], "10000001"),
        (&["7", "2", "1000001"], "PE-bound 1000001"),
        (&["7", "2"], "<B>"),
        (&["7", "x", "3"], "\"x\""),
        (&["--", "-7", "2", "3"], "\"-7\""),
        (&["--seed", "3", "7", "2", "3"], "--seed"),
    ];
    for (args, message) in cases {
        let output = graj(args);
        assert_eq!(code(&output), 2, "{args:?}");
        assert!(
            stderr(&output).contains(message),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(stdout(&output).is_empty());
    }
    let empty = bin!("graj").output_with_stdin("");
    assert_eq!(code(&empty), 2);
    let help = graj(&["--help"]);
    assert_eq!(code(&help), 0);
    let usage = stdout(&help);
    assert!(
        usage.contains("Usage: graj [OPTIONS] [P] [E] [B]\n"),
        "{usage}"
    );
    assert!(usage.contains("(Polish OI 2004, \"MIS\")"), "{usage}");
    assert!(!usage.contains('\\'), "a backslash in --help: {usage}");
    assert!(!usage.contains("[B]..."), "one game, not several: {usage}");
    for needle in ["Exit status", "--module", "--player", "graj 7 2 3"] {
        assert!(stdout(&help).contains(needle), "--help lacks {needle}");
    }
}

/// A module a few directories deep under /tmp, in directories anyone may enter (as a checkout
/// under /tmp has them): under the default isolation (bubblewrap, a user of its own under
/// root) the module must still be reachable through the sandbox's private /tmp.
#[test]
fn a_module_deep_under_tmp_is_reachable_under_the_default_isolation() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::Builder::new().tempdir_in("/tmp").unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let deep = dir.path().join("checkout").join("target");
    std::fs::create_dir_all(&deep).unwrap();
    let library = deep.join("libmis.so");
    std::fs::copy(libmis(), &library).unwrap();
    let output = graj(&["--module", library.to_str().unwrap(), "7", "2", "3"]);
    assert_eq!(code(&output), 0, "{}{}", stdout(&output), stderr(&output));
    assert!(
        stdout(&output).contains("result: win"),
        "{}",
        stdout(&output)
    );
}

#[test]
fn the_repos_libmis_module_wins() {
    let library = libmis();
    let library = library.to_str().unwrap();
    let output = graj(&["--module", library, "--lolek", "adversarial", "7", "2", "3"]);
    assert_eq!(code(&output), 0, "{}{}", stdout(&output), stderr(&output));
    check_transcript(&stdout(&output), (7, 2, 3));
    // A long game: B = 1 and 10^6 sticks, half a million moves of the module.
    let output = graj(&[
        "--quiet",
        "--module",
        library,
        "--lolek",
        "adversarial",
        "1000000",
        "1",
        "1",
    ]);
    assert_eq!(code(&output), 0, "{}{}", stdout(&output), stderr(&output));
    assert!(
        stdout(&output).starts_with("result: win after 1000001 moves"),
        "{}",
        stdout(&output)
    );
}

#[test]
fn an_independent_c_module_and_line_player_win() {
    let (module, program) = c_bolek();
    for start in [(7, 2, 3), (17, 14, 5), (4_618_038, 3_000_001, 1_000_000)] {
        let numbers = [
            start.0.to_string(),
            start.1.to_string(),
            start.2.to_string(),
        ];
        let player = shell_word(&program);
        for bolek in [
            ["--module", module.to_str().unwrap()],
            ["--player", player.as_str()],
        ] {
            let mut args = vec!["--lolek", "adversarial", bolek[0], bolek[1]];
            args.extend(numbers.iter().map(String::as_str));
            let output = graj(&args);
            assert_eq!(
                code(&output),
                0,
                "{args:?}: {}{}",
                stdout(&output),
                stderr(&output)
            );
            let (_, result) = check_transcript(&stdout(&output), start);
            assert!(result.starts_with("win "), "{result}");
        }
    }
}

#[test]
fn broken_modules_get_their_verdicts_without_taking_graj_down() {
    let dir = work_dir!();
    let too_many = c_module(
        dir.path(),
        "too_many",
        "static int b; void poczatek(int p, int e, int peb) { b = peb; }\n\
         void ruch_bolka(int p, int e, int *bp, int *be) { *bp = b + 1; *be = 0; }\n",
    );
    let output = graj(&["--module", too_many.to_str().unwrap(), "10", "3", "2"]);
    assert_eq!(code(&output), 3, "{}", stdout(&output));
    let (moves, result) = check_transcript(&stdout(&output), (10, 3, 2));
    assert!(moves.is_empty());
    assert!(result.starts_with("illegal_move after 0 moves"), "{result}");
    assert!(
        result.contains("3 poohsticks") && result.contains("PE-bound 2"),
        "{result}"
    );

    // Crashes once the poohsticks run low: the moves before the crash are reported.
    let crash = c_module(
        dir.path(),
        "crash",
        "void poczatek(int p, int e, int peb) {}\n\
         void ruch_bolka(int p, int e, int *bp, int *be) {\n\
           if (p < 5) { volatile int *nowhere = 0; *nowhere = 1; }\n\
           *bp = 1; *be = 0; }\n",
    );
    let output = graj(&["--module", crash.to_str().unwrap(), "10", "3", "2"]);
    assert_eq!(code(&output), 3, "{}", stdout(&output));
    let (moves, result) = check_transcript(&stdout(&output), (10, 3, 2));
    // Bolek and the simple Lolek each take a poohstick: p goes 10, 8, 6, 4 at Bolek's turns.
    assert_eq!(moves.len(), 6, "{result}");
    assert!(
        result.starts_with("runtime_error") && result.contains("SIGSEGV"),
        "{result}"
    );

    let forever = c_module(
        dir.path(),
        "forever",
        "void poczatek(int p, int e, int peb) {}\n\
         void ruch_bolka(int p, int e, int *bp, int *be) { for (;;) {} }\n",
    );
    let started = Instant::now();
    let output = graj(&[
        "--time-limit",
        "0.5",
        "--module",
        forever.to_str().unwrap(),
        "10",
        "3",
        "2",
    ]);
    assert_eq!(code(&output), 3, "{}", stdout(&output));
    assert!(
        stdout(&output).contains("result: time_limit after 0 moves"),
        "{}",
        stdout(&output)
    );
    assert!(started.elapsed() < Duration::from_secs(20));

    let hog = c_module(
        dir.path(),
        "hog",
        // A global (not static) block, so that gcc cannot drop the allocation as unused.
        "#include <stdlib.h>\n#include <string.h>\nchar *hog_block;\n\
         void poczatek(int p, int e, int peb) { hog_block = malloc(40 << 20); memset(hog_block, 1, 40 << 20); }\n\
         void ruch_bolka(int p, int e, int *bp, int *be) { *bp = 1; *be = 0; }\n",
    );
    let output = graj(&["--module", hog.to_str().unwrap(), "10", "3", "2"]);
    assert_eq!(code(&output), 3, "{}", stdout(&output));
    let text = stdout(&output);
    assert!(
        text.contains("result: memory_limit") && text.contains("limit of 32 MB"),
        "{text}"
    );

    let exits = c_module(
        dir.path(),
        "exits",
        "#include <stdlib.h>\nvoid poczatek(int p, int e, int peb) {}\n\
         void ruch_bolka(int p, int e, int *bp, int *be) { exit(0); }\n",
    );
    let output = graj(&["--module", exits.to_str().unwrap(), "10", "3", "2"]);
    assert_eq!(code(&output), 3);
    assert!(
        stdout(&output).contains("result: early_exit after 0 moves"),
        "{}",
        stdout(&output)
    );
}

#[test]
fn modules_that_cannot_be_used_are_errors_not_verdicts() {
    let dir = work_dir!();
    let half = c_module(
        dir.path(),
        "half",
        "void poczatek(int p, int e, int peb) {}\n",
    );
    let output = graj(&["--module", half.to_str().unwrap(), "7", "2", "3"]);
    assert_eq!(code(&output), 2);
    assert!(
        stderr(&output).contains("does not export `ruch_bolka`"),
        "{}",
        stderr(&output)
    );
    assert_eq!(stderr(&output).lines().count(), 1);

    let missing = dir.path().join("libmissing.so");
    let output = graj(&["--module", missing.to_str().unwrap(), "7", "2", "3"]);
    assert_eq!(code(&output), 2);
    assert!(
        stderr(&output).contains("no such module"),
        "{}",
        stderr(&output)
    );

    let not_a_library = dir.path().join("libtext.so");
    std::fs::write(&not_a_library, "hello").unwrap();
    let output = graj(&["--module", not_a_library.to_str().unwrap(), "7", "2", "3"]);
    assert_eq!(code(&output), 2);
    assert!(
        stderr(&output).contains("cannot load module"),
        "{}",
        stderr(&output)
    );

    let output = graj(&["--player", "./surely-no-such-player", "7", "2", "3"]);
    assert_eq!(code(&output), 2);
}

#[test]
fn python_line_players_win_and_lose_as_the_theory_says() {
    let players = players_source_dir();
    let perfect = format!("python3 {}", shell_word(players.join("bolek.py")));
    let one_stick = format!("python3 {}", shell_word(players.join("one_stick.py")));
    for start in [(7u32, 2u32, 3u32), (10, 7, 5), (12, 2, 30)] {
        let numbers = [
            start.0.to_string(),
            start.1.to_string(),
            start.2.to_string(),
        ];
        let wins = sticks::wins(start.2 as usize, 40);
        // Taking one poohstick is a mistake exactly when it leaves Lolek a winning position.
        let one_stick_loses = wins[start.0 as usize - 1][start.1 as usize];
        for (player, should_win) in [(&perfect, true), (&one_stick, !one_stick_loses)] {
            let mut args = vec!["--lolek", "optimal", "--player", player.as_str()];
            args.extend(numbers.iter().map(String::as_str));
            let output = graj(&args);
            let (_, result) = check_transcript(&stdout(&output), start);
            if should_win {
                assert_eq!(code(&output), 0, "{args:?}: {result}");
            } else {
                assert_eq!(code(&output), 1, "{args:?}: {result}");
                let sentence = format!(
                    "first mistake: Move 1 of the game, at ({}, {}), was Bolek's first mistake: \
                     Bolek chose to take 1 poohstick, which left the other side a winning \
                     position; ",
                    start.0, start.1
                );
                assert!(result.contains(&sentence), "{result}");
            }
        }
    }
}

#[test]
fn line_players_that_break_the_protocol_get_verdicts() {
    let cases = [
        ("read x; echo 'one zero'", "protocol_error", "\"one zero\""),
        (
            "read x; echo '2 1'",
            "illegal_move",
            "both kinds must be taken in equal numbers",
        ),
        ("read x; echo '-1 0'", "illegal_move", "negative"),
        ("read x; exit 0", "early_exit", "before the game was over"),
        ("read x; kill -SEGV $$", "runtime_error", "SIGSEGV"),
    ];
    for (script, verdict, needle) in cases {
        let output = graj(&["--time-limit", "1", "--player", script, "7", "2", "3"]);
        assert_eq!(code(&output), 3, "{script}");
        let (_, result) = check_transcript(&stdout(&output), (7, 2, 3));
        assert!(result.starts_with(verdict), "{script}: {result}");
        assert!(result.contains(needle), "{script}: {result}");
    }
}

#[test]
fn module_sources_are_built_first() {
    // The independent perfect module, given as its C source, wins against the adversarial
    // Lolek from positions the brute-force solver says Bolek wins.
    let source = players_source_dir().join("bolek.c");
    let wins = sticks::wins(4, 40);
    for (p, e) in [(7u32, 2u32), (12, 30), (29, 1), (3, 17)] {
        assert!(wins[p as usize][e as usize], "{p} {e}");
        let numbers = [p.to_string(), e.to_string(), "4".to_string()];
        let mut args = vec![
            "--lolek",
            "adversarial",
            "--module",
            source.to_str().unwrap(),
        ];
        args.extend(numbers.iter().map(String::as_str));
        let output = graj(&args);
        assert_eq!(code(&output), 0, "{args:?}: {}", stderr(&output));
        let (moves, result) = check_transcript(&stdout(&output), (p, e, 4));
        assert!(result.starts_with("win "), "{result}");
        assert!(moves.last().unwrap().bolek);
    }
}

#[test]
fn a_module_source_that_does_not_build_is_refused_with_the_compilers_words() {
    let dir = work_dir!();
    let broken = dir.path().join("mis.c");
    std::fs::write(
        &broken,
        "void poczatek(int p, int e, int peb) { return p +; }\n",
    )
    .unwrap();
    let output = graj(&["--module", broken.to_str().unwrap(), "7", "2", "3"]);
    assert_eq!(code(&output), 2);
    assert!(stdout(&output).is_empty());
    let first = stderr(&output)
        .lines()
        .next()
        .unwrap_or_default()
        .to_owned();
    assert!(first.starts_with("graj: cannot build "), "{first}");
    assert!(first.contains("error"), "{first}");
    // C++ without mis.h or extern "C" exports mangled names: the build fails, and says why.
    let mangled = dir.path().join("mis.cpp");
    std::fs::write(
        &mangled,
        "void poczatek(int, int, int) {}\nvoid ruch_bolka(int, int, int *bp, int *be) { *bp = 1; *be = 0; }\n",
    )
    .unwrap();
    let output = graj(&["--module", mangled.to_str().unwrap(), "7", "2", "3"]);
    assert_eq!(code(&output), 2);
    let error = stderr(&output);
    assert!(error.contains("extern \"C\""), "{error}");
    assert!(error.starts_with("graj: cannot build "), "{error}");
    assert!(
        error.contains("mis.cpp does not define `poczatek`"),
        "{error}"
    );
}
