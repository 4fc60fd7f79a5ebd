//! Helpers shared by the end-to-end tests of `graj` and `duel mis judge`: building the test
//! players and modules, finding the repo's `libmis.so`, and a checker of graj's transcripts.

use duel_mis::Move;
use duel_test_support::build::gcc_o2;
pub use duel_test_support::build::{c_module, c_program};
use duel_test_support::{sticks, work_dir};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// Where the MIS test players live.
pub fn players_source_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mis-players")
}

/// The independent perfect Bolek of `tests/mis-players/bolek.c`, built once per test binary:
/// the module `libbolek.so` and the line player `bolek`.
pub fn c_bolek() -> (PathBuf, PathBuf) {
    static BUILT: OnceLock<(tempfile::TempDir, PathBuf, PathBuf)> = OnceLock::new();
    let (_, module, program) = BUILT.get_or_init(|| {
        let dir = work_dir!();
        let source = players_source_dir().join("bolek.c");
        let module = dir.path().join("libbolek.so");
        gcc_o2(&["-shared", "-fPIC"], &module, &source);
        let program = dir.path().join("bolek");
        gcc_o2(&["-DLINE_PLAYER"], &program, &source);
        (dir, module, program)
    });
    (module.clone(), program.clone())
}

/// The repo's own module, `libmis.so` of the duel-mis-ffi crate, built (if needed) into the
/// same target directory and profile as the binaries under test.
pub fn libmis() -> PathBuf {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT
        .get_or_init(|| {
            let graj = assert_cmd::cargo::cargo_bin("graj");
            let profile_dir = graj.parent().expect("binaries live in target/<profile>");
            let target_dir = profile_dir.parent().expect("target/<profile> has a parent");
            let mut cargo = Command::new(env!("CARGO"));
            cargo
                .args(["build", "--quiet", "-p", "duel-mis-ffi", "--lib"])
                .env("CARGO_TARGET_DIR", target_dir);
            if profile_dir.ends_with("release") {
                cargo.arg("--release");
            }
            let status = cargo.status().expect("cargo runs");
            assert!(status.success(), "cargo build -p duel-mis-ffi failed");
            let library = profile_dir.join("libmis.so");
            assert!(library.is_file(), "{} was not built", library.display());
            library
        })
        .clone()
}

/// One parsed move line of a transcript.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line {
    pub number: u64,
    pub bolek: bool,
    pub taken: Move,
    pub left: (u32, u32),
}

/// Parses `N. Bolek takes p=1 e=1, leaving p=6 e=1`.
pub fn parse_move_line(line: &str) -> Option<Line> {
    let (number, rest) = line.split_once(". ")?;
    let (who, rest) = rest.split_once(" takes ")?;
    let (taken, left) = rest.split_once(", leaving ")?;
    let pair = |text: &str| -> Option<(u32, u32)> {
        let (p, e) = text.split_once(' ')?;
        Some((
            p.strip_prefix("p=")?.parse().ok()?,
            e.strip_prefix("e=")?.parse().ok()?,
        ))
    };
    let (take_p, take_e) = pair(taken)?;
    Some(Line {
        number: number.parse().ok()?,
        bolek: match who {
            "Bolek" => true,
            "Lolek" => false,
            _ => return None,
        },
        taken: Move { take_p, take_e },
        left: pair(left)?,
    })
}

/// Checks a transcript printed by graj (or kept by the judge's --logs) for a game from `start`:
/// the start line, moves numbered from 1 alternating from Bolek, each legal and leaving what
/// it says, and a result line naming the right count. A `... N moves not kept ...` line (long
/// logs) skips N moves; the check resumes from the next line. Returns the moves shown, the
/// number of moves skipped, and the result line (with graj's `first mistake:` line after it,
/// if any).
pub fn check_transcript(output: &str, start: (u32, u32, u32)) -> (Vec<Line>, String) {
    let (moves, skipped, result) = check_log(output, start);
    assert_eq!(skipped, 0, "graj prints every move");
    (moves, result)
}

/// [`check_transcript`] for logs that may skip moves.
pub fn check_log(output: &str, start: (u32, u32, u32)) -> (Vec<Line>, u64, String) {
    let (mut p, mut e, bound) = start;
    let mut lines = output.lines();
    assert_eq!(
        lines.next(),
        Some(format!("start: p={p} e={e} B={bound}").as_str()),
        "{output}"
    );
    let mut moves = Vec::new();
    let mut skipped = 0u64;
    let mut resync = false;
    let mut result = None;
    for line in lines {
        if let Some(rest) = line.strip_prefix("result: ") {
            result = Some(rest.to_owned());
            continue;
        }
        if let (Some(result), Some(_)) = (&mut result, line.strip_prefix("first mistake: ")) {
            // graj names a loss's first mistake on the line after the result.
            result.push('\n');
            result.push_str(line);
            continue;
        }
        assert!(result.is_none(), "a line after the result: {line}");
        if let Some(count) = line.strip_prefix("... ").and_then(|l| {
            l.strip_suffix(" moves not kept ...")
                .or_else(|| l.strip_suffix(" move not kept ..."))
        }) {
            skipped += count.parse::<u64>().unwrap();
            resync = true;
            continue;
        }
        let parsed = parse_move_line(line).unwrap_or_else(|| panic!("not a move line: {line}"));
        let number = moves.len() as u64 + skipped + 1;
        assert_eq!(parsed.number, number, "{line}");
        assert_eq!(
            parsed.bolek,
            number % 2 == 1,
            "Bolek moves first, then turns alternate: {line}"
        );
        if resync {
            // The pool before this move, from what it took and left.
            p = parsed.left.0 + parsed.taken.take_p;
            e = parsed.left.1 + parsed.taken.take_e;
            resync = false;
        }
        assert!(
            sticks::legal(
                bound as usize,
                p as usize,
                e as usize,
                (parsed.taken.take_p as usize, parsed.taken.take_e as usize)
            ),
            "illegal move printed: {line}"
        );
        p -= parsed.taken.take_p;
        e -= parsed.taken.take_e;
        assert_eq!(parsed.left, (p, e), "{line}");
        moves.push(parsed);
    }
    let result = result.expect("a result line");
    let total = moves.len() as u64 + skipped;
    let counted = match total {
        1 => " after 1 move".to_owned(),
        _ => format!(" after {total} moves"),
    };
    assert!(
        result.contains(&counted),
        "{result} (counted {total} moves)"
    );
    (moves, skipped, result)
}
