//! The drivers in C, C++ and Pascal, compiled and linked against libmis (Pascal through the
//! unit `drivers/mis.pas`), play full games; what they print must match a game refereed in
//! Rust, line for line.

use crate::common::{lib_dir, scratch_dir};
use mis::{MisModule, Move, Position};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// What a Rust static library needs from the system (`rustc --print native-static-libs`).
const NATIVE_LIBS: [&str; 6] = ["-lgcc_s", "-lutil", "-lrt", "-lpthread", "-lm", "-ldl"];

/// Starting positions, each won by Bolek: the statement's, the largest game
/// (about 2·10⁷ moves with B = 1), and the limits in other corners.
const WON_GAMES: [(u32, u32, u32); 5] = [
    (7, 2, 3),
    (10_000_000, 9_999_999, 1),
    (10_000_000, 10_000_000, 1_000_000),
    (1, 10_000_000, 999_999),
    (123_457, 98_765, 1_000),
];

/// A start lost for Bolek that the simple Lolek also wins: B = 1, residues (0, 0).
const LOST_GAME: (u32, u32, u32) = (2, 2, 1);

/// A longer start lost for Bolek: B = 5, residues (3, 5), a Wythoff pair. The module takes
/// one stick from lost positions, so the game runs on and is printed in full.
const LOST_LONGER: (u32, u32, u32) = (9, 11, 5);

/// What the driver must print, and its exit status, from a game refereed here with the
/// module's Rust twin and the simple Lolek (one poohstick if any, else one eeyorestick): with
/// `quiet`, only the result line; else the start line, every move and the result line, as the
/// Rust `graj` prints them.
fn expected_result((p, e, bound): (u32, u32, u32), quiet: bool) -> (String, i32) {
    let mut module = MisModule::poczatek(p as i32, e as i32, bound as i32);
    let mut at = Position::new(p, e, bound).unwrap();
    let mut moves = 0u64;
    let mut out = String::new();
    if !quiet {
        out += &format!("start: p={p} e={e} B={bound}\n");
    }
    let record = |out: &mut String, moves: u64, who: &str, taken: Move, at: Position| {
        if !quiet {
            *out += &format!(
                "{moves}. {who} takes p={} e={}, leaving p={} e={}\n",
                taken.take_p,
                taken.take_e,
                at.p(),
                at.e()
            );
        }
    };
    loop {
        let (bp, be) = module.ruch_bolka(at.p() as i32, at.e() as i32);
        let taken = Move::new(bp as u32, be as u32);
        at = at.play(taken).expect("the module moves legally");
        moves += 1;
        record(&mut out, moves, "Bolek", taken, at);
        if at.is_over() {
            return (out + &format!("result: win after {moves} moves\n"), 0);
        }
        let lolek = if at.p() > 0 {
            Move::pooh(1)
        } else {
            Move::eeyore(1)
        };
        at = at.play(lolek).unwrap();
        moves += 1;
        record(&mut out, moves, "Lolek", lolek, at);
        if at.is_over() {
            let line = format!("result: loss after {moves} moves: Lolek took the last stick\n");
            return (out + &line, 1);
        }
    }
}

fn run(exe: &Path, args: &[String]) -> Output {
    Command::new(exe)
        .args(args)
        .output()
        .unwrap_or_else(|err| panic!("running {}: {err}", exe.display()))
}

fn assert_success(what: &str, out: &Output) {
    assert!(
        out.status.success(),
        "{what} failed: {}\n{}{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A start `(p, e, B)`, whether the driver runs with `-q`, and its expected output and exit
/// status.
type Game = ((u32, u32, u32), bool, (String, i32));

/// Every game with its expected result, refereed once for all the drivers. Long games run
/// quiet (a game of 2·10⁷ moves would print about a gigabyte).
fn games() -> &'static [Game] {
    static GAMES: OnceLock<Vec<Game>> = OnceLock::new();
    GAMES.get_or_init(|| {
        WON_GAMES
            .into_iter()
            .chain([LOST_GAME, LOST_LONGER])
            .map(|game| {
                let quiet = u64::from(game.0) + u64::from(game.1) > 1000;
                (game, quiet, expected_result(game, quiet))
            })
            .collect()
    })
}

fn check_driver(exe: &Path) {
    for &((p, e, bound), quiet, (ref expected, code)) in games() {
        let won = Position::new(p, e, bound).unwrap().is_win();
        assert_eq!(won, ![LOST_GAME, LOST_LONGER].contains(&(p, e, bound)));
        let mut args = vec![p.to_string(), e.to_string(), bound.to_string()];
        if quiet {
            args.insert(0, "-q".into());
        }
        let out = run(exe, &args);
        assert_eq!(&String::from_utf8_lossy(&out.stdout), expected, "{args:?}");
        assert_eq!(out.status.code(), Some(code), "{args:?}");
    }
    // Standard input works too, `--quiet` is `-q`, and bad input is refused with exit code 2.
    for (args, quiet) in [(&[][..], false), (&["--quiet"][..], true)] {
        let mut child = Command::new(exe)
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        child.stdin.take().unwrap().write_all(b"7 2 3\n").unwrap();
        let out = child.wait_with_output().unwrap();
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            expected_result((7, 2, 3), quiet).0
        );
        assert_eq!(out.status.code(), Some(0));
    }
    for bad in [
        &["0", "1", "1"][..],
        &["1", "1", "1000001"],
        &["1", "x", "1"],
        &["1", "1"],
        &["-q", "1", "1", "1", "1"],
    ] {
        let args: Vec<String> = bad.iter().map(|s| s.to_string()).collect();
        let out = run(exe, &args);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        assert!(out.stdout.is_empty(), "{bad:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).starts_with("graj: usage: graj [-q] P E B"),
            "{bad:?}"
        );
    }
}

fn compile_c_like(compiler: &str, std: &str, source: &str, link: &[String], name: &str) -> PathBuf {
    let dir = scratch_dir(name);
    let exe = dir.join("graj");
    let include = duel_mis_abi::include_dir();
    let out = Command::new(compiler)
        .args([std, "-O2", "-Wall", "-Wextra", "-Werror", "-pedantic", "-I"])
        .arg(include)
        .arg(duel_mis_abi::drivers_dir().join(source))
        .args(link)
        .arg("-o")
        .arg(&exe)
        .output()
        .unwrap_or_else(|err| panic!("{compiler}: {err}"));
    assert_success(&format!("{compiler} {source}"), &out);
    exe
}

fn static_link_args() -> Vec<String> {
    let mut args = vec![lib_dir().join("libmis.a").display().to_string()];
    args.extend(NATIVE_LIBS.iter().map(|s| s.to_string()));
    args
}

#[test]
fn c_driver_linked_statically_plays_full_games() {
    let exe = compile_c_like("gcc", "-std=c99", "graj.c", &static_link_args(), "graj-c");
    check_driver(&exe);
}

#[test]
fn c_driver_linked_dynamically_plays_full_games() {
    let dir = lib_dir();
    let link = vec![
        format!("-L{}", dir.display()),
        format!("-Wl,-rpath,{}", dir.display()),
        "-lmis".to_string(),
    ];
    let exe = compile_c_like("gcc", "-std=c99", "graj.c", &link, "graj-c-shared");
    // Make sure it really uses the shared library.
    let ldd = Command::new("ldd").arg(&exe).output().unwrap();
    assert!(String::from_utf8_lossy(&ldd.stdout).contains("libmis.so"));
    check_driver(&exe);
}

#[test]
fn cpp_driver_plays_full_games() {
    let exe = compile_c_like(
        "g++",
        "-std=c++17",
        "graj.cpp",
        &static_link_args(),
        "graj-cpp",
    );
    check_driver(&exe);
}

#[test]
fn pascal_driver_plays_full_games() {
    // fpc answers `--version` with its usage and status 1: `-iV` prints its version.
    let fpc = std::process::Command::new("fpc")
        .arg("-iV")
        .output()
        .is_ok_and(|out| out.status.success());
    if !duel_test_support::skip::unless_required(
        fpc,
        "Free Pascal (fpc) is not installed",
        ".ci/setup installs it (apt-get install fp-compiler)",
        "DUEL_REQUIRE_FPC",
    ) {
        return;
    }
    let dir = scratch_dir("graj-pas");
    // Only the static library in the link directory, so ld cannot pick libmis.so.
    let lib = dir.join("lib");
    std::fs::create_dir_all(&lib).unwrap();
    std::fs::copy(lib_dir().join("libmis.a"), lib.join("libmis.a")).unwrap();
    for file in ["graj.pas", "mis.pas"] {
        std::fs::copy(duel_mis_abi::drivers_dir().join(file), dir.join(file)).unwrap();
    }
    let out = Command::new("fpc")
        .current_dir(&dir)
        .args(["-O2", "-Sew", "-vw"])
        .arg(format!("-Fl{}", lib.display()))
        .arg("graj.pas")
        .output()
        .expect("fpc");
    assert_success("fpc graj.pas", &out);
    check_driver(&dir.join("graj"));
}
