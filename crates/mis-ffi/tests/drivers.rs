//! The kit's drivers in C, C++ and Pascal, compiled and linked against libmis, play
//! full games; their printed result must match a game refereed in Rust.

mod common;

use common::{have, lib_dir, package_dir, scratch_dir};
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

/// The line the driver must print, from a game refereed here with the module's
/// Rust twin and the simple Lolek (one poohstick if any, else one eeyorestick).
fn expected_result((p, e, bound): (u32, u32, u32)) -> (String, i32) {
    let mut module = MisModule::poczatek(p as i32, e as i32, bound as i32);
    let mut at = Position::new(p, e, bound).unwrap();
    let mut moves = 0u64;
    loop {
        let (bp, be) = module.ruch_bolka(at.p() as i32, at.e() as i32);
        at = at
            .play(Move::new(bp as u32, be as u32))
            .expect("the module moves legally");
        moves += 1;
        if at.is_over() {
            return (format!("Bolek wins after {moves} moves\n"), 0);
        }
        let lolek = if at.p() > 0 {
            Move::pooh(1)
        } else {
            Move::eeyore(1)
        };
        at = at.play(lolek).unwrap();
        moves += 1;
        if at.is_over() {
            return (format!("Lolek wins after {moves} moves\n"), 1);
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

/// A start `(p, e, B)` with the driver's expected output line and exit code.
type Game = ((u32, u32, u32), (String, i32));

/// Every game with its expected result, refereed once for all the drivers.
fn games() -> &'static [Game] {
    static GAMES: OnceLock<Vec<Game>> = OnceLock::new();
    GAMES.get_or_init(|| {
        WON_GAMES
            .into_iter()
            .chain([LOST_GAME])
            .map(|game| (game, expected_result(game)))
            .collect()
    })
}

fn check_driver(exe: &Path) {
    for &((p, e, bound), (ref line, code)) in games() {
        let won = Position::new(p, e, bound).unwrap().is_win();
        assert_eq!(won, (p, e, bound) != LOST_GAME);
        let out = run(exe, &[p.to_string(), e.to_string(), bound.to_string()]);
        assert_eq!(
            &String::from_utf8_lossy(&out.stdout),
            line,
            "{p} {e} {bound}"
        );
        assert_eq!(out.status.code(), Some(code), "{p} {e} {bound}");
    }
    // Standard input works too, and bad input is refused with exit code 2.
    let mut child = Command::new(exe)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child.stdin.take().unwrap().write_all(b"7 2 3\n").unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        expected_result((7, 2, 3)).0
    );
    assert_eq!(out.status.code(), Some(0));
    for bad in [["0", "1", "1"], ["1", "1", "1000001"], ["1", "x", "1"]] {
        let args: Vec<String> = bad.iter().map(|s| s.to_string()).collect();
        assert_eq!(run(exe, &args).status.code(), Some(2), "{bad:?}");
    }
}

fn compile_c_like(compiler: &str, std: &str, source: &str, link: &[String], name: &str) -> PathBuf {
    let dir = scratch_dir(name);
    let exe = dir.join("graj");
    let include = package_dir().join("include");
    let out = Command::new(compiler)
        .args([std, "-O2", "-Wall", "-Wextra", "-Werror", "-pedantic", "-I"])
        .arg(&include)
        .arg(package_dir().join("drivers").join(source))
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
    if !have("fpc") && std::env::var_os("DUEL_REQUIRE_FPC").is_none() {
        eprintln!("SKIPPED: Free Pascal (fpc) is not installed; apt-get install fp-compiler");
        return;
    }
    let dir = scratch_dir("graj-pas");
    // Only the static library in the link directory, so ld cannot pick libmis.so.
    let lib = dir.join("lib");
    std::fs::create_dir_all(&lib).unwrap();
    std::fs::copy(lib_dir().join("libmis.a"), lib.join("libmis.a")).unwrap();
    std::fs::copy(package_dir().join("drivers/graj.pas"), dir.join("graj.pas")).unwrap();
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
