//! The Windows programs under Wine: `ioiwari2.exe`, `ioiwari.exe` and `duel.exe` (built for
//! x86_64-pc-windows-gnu, named by `DUEL_WINDOWS_BIN`, as `.ci/windows.sh` does) and the kits'
//! C and C++ sources built by MinGW-w64 behave as their Linux builds: the same logs, outputs and
//! exit statuses, the same clear errors on bad input.
//!
//! Each test is skipped as `duel_test_support::skip` says when Wine, MinGW-w64 or the Windows
//! build is missing, and fails then with `DUEL_REQUIRE_WINDOWS=1` (CI) or in the complete run.
//! Without `DUEL_WINDOWS_BIN` they are left to `.ci/windows.sh`, even in the complete run.
//!
//! Wine 8 lacks `bcryptprimitives.dll`, which Rust programs for Windows import: the tests build
//! a stand-in from `tests/windows/bcryptprimitives.c` beside the `.exe` files (real Windows has
//! the DLL; nothing users download holds the stand-in).

use assert_cmd::cargo::cargo_bin;
use duel_ioiwari::Board;
use duel_test_support::process::output_with_stdin;
use duel_test_support::process::text;
use duel_test_support::{bin, duel, skip};
use std::ffi::OsStr;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

/// Debian's wine64 program, and Wine's server.
const WINE: &str = "/usr/lib/wine/wine64";
const WINESERVER: &str = "/usr/lib/wine/wineserver64";
/// MinGW-w64's C and C++ compilers (Debian's gcc-mingw-w64-x86-64, g++-mingw-w64-x86-64).
const MINGW_GCC: &str = "x86_64-w64-mingw32-gcc";
const MINGW_GXX: &str = "x86_64-w64-mingw32-g++";

/// Where the Windows programs and the DLL stand-in are, and Wine's prefix.
pub(crate) struct Windows {
    pub(crate) bin: PathBuf,
    prefix: PathBuf,
}

/// The Windows setup, once per test run; `None` (after `duel_test_support::skip`) when a part
/// is missing.
///
/// Without `DUEL_WINDOWS_BIN` the tests are skipped whatever `DUEL_REQUIRE_WINDOWS` or the
/// complete run says (one of the policy's exceptions): the workspace's own test run has no
/// Windows build, and `.ci/windows.sh`, which makes one, sets it (and enforces
/// `DUEL_REQUIRE_WINDOWS` for the Rust target itself).
pub(crate) fn windows() -> Option<&'static Windows> {
    static SETUP: OnceLock<Result<Windows, String>> = OnceLock::new();
    if std::env::var_os("DUEL_WINDOWS_BIN").is_none() {
        skip::exempt(
            "DUEL_WINDOWS_BIN does not name a Windows build",
            ".ci/windows.sh makes one, sets it and runs these tests",
        );
        return None;
    }
    match SETUP.get_or_init(set_up) {
        Ok(windows) => Some(windows),
        Err(reason) => {
            skip::unless_required(
                false,
                reason,
                ".ci/setup installs Wine and MinGW-w64",
                "DUEL_REQUIRE_WINDOWS",
            );
            None
        }
    }
}

fn set_up() -> Result<Windows, String> {
    if !Path::new(WINE).is_file() {
        return Err(format!("{WINE} is missing (apt-get install wine64)"));
    }
    for compiler in [MINGW_GCC, MINGW_GXX] {
        let found = Command::new(compiler).arg("--version").output();
        if !found.is_ok_and(|output| output.status.success()) {
            return Err(format!(
                "{compiler} is missing (apt-get install gcc-mingw-w64-x86-64 g++-mingw-w64-x86-64)"
            ));
        }
    }
    let built = std::env::var_os("DUEL_WINDOWS_BIN")
        .map(PathBuf::from)
        .ok_or(
        "DUEL_WINDOWS_BIN does not name the Windows build (.ci/windows.sh builds it and sets it)",
    )?;
    let bin = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("windows-bin");
    let _ = std::fs::remove_dir_all(&bin);
    std::fs::create_dir_all(&bin).map_err(|e| e.to_string())?;
    for program in ["duel.exe", "ioiwari.exe", "ioiwari2.exe"] {
        std::fs::copy(built.join(program), bin.join(program))
            .map_err(|error| format!("{}: {error}", built.join(program).display()))?;
    }
    let shim = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/windows/bcryptprimitives.c");
    let dll = bin.join("bcryptprimitives.dll");
    mingw(
        MINGW_GCC,
        &["-shared", "-O2", "-o"],
        &dll,
        &[&shim],
        &["-ladvapi32"],
    );
    let prefix = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("wine-prefix");
    std::fs::create_dir_all(&prefix).map_err(|e| e.to_string())?;
    // Wine's server, started here with no output of its own and kept for a minute after its
    // last program: a server that a test's program started would write its diagnostics into
    // that program's stderr.
    let server = Command::new(WINESERVER)
        .arg("-p60")
        .env("WINEPREFIX", &prefix)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .map_err(|error| format!("{WINESERVER}: {error}"))?;
    if !server.success() {
        return Err(format!("{WINESERVER} -p60 failed: {server}"));
    }
    let windows = Windows { bin, prefix };
    // The first start of a fresh prefix sets it up (seconds): once, before the tests race.
    let first = windows
        .wine("ioiwari.exe")
        .arg("--version")
        .output()
        .unwrap();
    if !first.status.success() {
        return Err(format!("ioiwari.exe --version fails under Wine: {first:?}"));
    }
    Ok(windows)
}

impl Windows {
    /// `program` (one of the Windows build's) run by Wine.
    fn wine(&self, program: &str) -> Command {
        self.wine_own(&self.bin.join(program))
    }

    /// Any Windows program run by Wine, with MinGW-w64's C++ runtime DLLs on its path (as a
    /// Code::Blocks user has them).
    pub(crate) fn wine_own(&self, program: &Path) -> Command {
        let mut command = Command::new(WINE);
        command
            .arg(program)
            .env("WINEPREFIX", &self.prefix)
            .env("WINEDEBUG", "-all")
            .env("WINEPATH", mingw_runtime_dir());
        command
    }
}

/// The directory of MinGW-w64's libstdc++ and libgcc DLLs.
fn mingw_runtime_dir() -> String {
    let output = Command::new(MINGW_GXX)
        .arg("-print-file-name=libstdc++-6.dll")
        .output()
        .expect("MinGW g++ runs");
    let dll = PathBuf::from(String::from_utf8_lossy(&output.stdout).trim());
    dll.parent().unwrap_or(Path::new(".")).display().to_string()
}

/// Runs a MinGW compiler: `compiler BEFORE OUTPUT SOURCES AFTER`, insisting that it succeeds.
fn mingw(compiler: &str, before: &[&str], output: &Path, sources: &[&Path], after: &[&str]) {
    let result = Command::new(compiler)
        .args(before)
        .arg(output)
        .args(sources)
        .args(after)
        .output()
        .expect("the MinGW compiler runs");
    assert!(
        result.status.success(),
        "{compiler} {before:?} {} {sources:?}: {}",
        output.display(),
        String::from_utf8_lossy(&result.stderr)
    );
}

/// Exit code, stdout and stderr.
fn outcome(output: Output) -> (Option<i32>, String, String) {
    (
        output.status.code(),
        text(&output.stdout),
        text(&output.stderr),
    )
}

/// The perfect player 1 of the hostile players' set (C, negamax), built for Linux by gcc and
/// for Windows by MinGW into `dir`: `(player, player.exe)`.
fn perfect_players(dir: &Path) -> (PathBuf, PathBuf) {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hostile/perfect.c");
    let linux = dir.join("player");
    let windows = dir.join("player.exe");
    duel_test_support::build::gcc_o2(&[], &linux, &source);
    mingw(MINGW_GCC, &["-O2", "-o"], &windows, &[&source], &[]);
    (linux, windows)
}

/// One game of `tool` (an `ioiwari2`) from `start` against `player`, logged to `log`, in `dir`.
fn game(mut tool: Command, dir: &Path, start: &str, log: &str, player: &OsStr) -> Output {
    tool.args(["--position", start, "--log", log, "--run"])
        .arg(player)
        .current_dir(dir)
        .output()
        .unwrap()
}

/// The same game on both systems, in `dir`: Linux's `ioiwari2 OPTIONS` against
/// `linux_player` (logged to `linux.out`) and Wine's `ioiwari2.exe OPTIONS` against
/// `player.exe` (logged to `windows.out`), each exiting with 0; the Windows run's stdout, its
/// log and Linux's.
fn both_games(
    windows: &Windows,
    dir: &Path,
    start: &str,
    options: &[&str],
    linux_player: &Path,
) -> (String, String, String) {
    let mut linux = bin!("ioiwari2");
    linux.args(options);
    let linux = game(linux, dir, start, "linux.out", linux_player.as_os_str());
    assert_eq!(linux.status.code(), Some(0), "{start}: {linux:?}");
    let mut tool = windows.wine("ioiwari2.exe");
    tool.args(options);
    let (code, stdout, stderr) =
        outcome(game(tool, dir, start, "windows.out", "player.exe".as_ref()));
    assert_eq!(code, Some(0), "{start}: {stderr}");
    let log = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap();
    (stdout, log("windows.out"), log("linux.out"))
}

#[test]
fn windows_ioiwari2_exe_runs_a_mingw_perfect_player_with_the_linux_tools_logs() {
    let Some(windows) = windows() else { return };
    let dir = tempfile::tempdir().unwrap();
    let (linux_player, _) = perfect_players(dir.path());
    let boards = Board::official_positions();
    assert_eq!(boards.len(), 24);
    for board in boards {
        let start = board.to_string();
        let (stdout, log, expected) = both_games(windows, dir.path(), &start, &[], &linux_player);
        assert_eq!(log, expected, "{start}");
        assert_eq!(stdout, expected, "{start}: the dialogue shown");
    }
    // Random optimal replies from a seed: the same on both systems.
    for seed in ["1", "7", "2001"] {
        let options = ["--seed", seed];
        let (_, log, expected) = both_games(
            windows,
            dir.path(),
            "3 3 3 3 3 3 2",
            &options,
            &linux_player,
        );
        assert_eq!(log, expected, "seed {seed}");
    }
}

#[test]
fn windows_ioiwari_exe_beats_the_linux_optimal_player_2_through_pipes() {
    let Some(windows) = windows() else { return };
    let dir = tempfile::tempdir().unwrap();
    for board in Board::official_positions().into_iter().step_by(4) {
        let start = board.to_string();
        let ioiwari = cargo_bin("ioiwari");
        let linux = game(
            bin!("ioiwari2"),
            dir.path(),
            &start,
            "linux.out",
            ioiwari.as_os_str(),
        );
        assert_eq!(linux.status.code(), Some(0), "{start}: {linux:?}");
        // The Linux ioiwari2 starts Wine's ioiwari.exe and joins them through pipes.
        let crossed = bin!("ioiwari2")
            .args(["--position", &start, "--log", "crossed.out", "--run", WINE])
            .arg(windows.bin.join("ioiwari.exe"))
            .env("WINEPREFIX", &windows.prefix)
            .env("WINEDEBUG", "-all")
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert_eq!(crossed.status.code(), Some(0), "{start}: {crossed:?}");
        let expected = std::fs::read_to_string(dir.path().join("linux.out")).unwrap();
        let log = std::fs::read_to_string(dir.path().join("crossed.out")).unwrap();
        // The Linux game ended with exit status 0: player 1 won.
        assert_eq!(log, expected, "{start}");
    }
}

#[test]
fn windows_ioiwari2_exe_reads_crlf_moves_as_linux_reads_lf() {
    let Some(windows) = windows() else { return };
    let dir = tempfile::tempdir().unwrap();
    let linux = output_with_stdin(
        bin!("ioiwari2")
            .args(["--log", "linux.out"])
            .current_dir(dir.path()),
        "2\n5\n5\n",
    );
    assert!(linux.status.success(), "{linux:?}");
    let ran = output_with_stdin(
        windows
            .wine("ioiwari2.exe")
            .args(["--log", "windows.out"])
            .current_dir(dir.path()),
        "2\r\n5\r\n5\r\n",
    );
    let (code, stdout, stderr) = outcome(ran);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(stdout, text(&linux.stdout));
    assert_eq!(
        std::fs::read(dir.path().join("windows.out")).unwrap(),
        std::fs::read(dir.path().join("linux.out")).unwrap()
    );
}

#[test]
fn windows_duel_exe_analyses_as_linux_does() {
    let Some(windows) = windows() else { return };
    let cases: [&[&str]; 4] = [
        &["ioiwari", "analyze", "4 3 2 4 2 3 2"],
        &["ioiwari", "analyze", "4 4 4 2 2 2 2", "--json"],
        &["mis", "analyze", "7", "2", "3"],
        &["mis", "analyze", "100", "37", "5", "--json"],
    ];
    for args in cases {
        let linux = duel!().args(args).output().unwrap();
        let ran = windows.wine("duel.exe").args(args).output().unwrap();
        assert_eq!(ran.status.code(), linux.status.code(), "{args:?}");
        assert!(linux.status.success(), "{args:?}");
        assert_eq!(text(&ran.stdout), text(&linux.stdout), "{args:?}");
    }
}

#[test]
fn windows_duel_exe_tables_and_variants_as_linux_does() {
    let Some(windows) = windows() else { return };
    let dir = tempfile::tempdir().unwrap();
    let cases: [&[&str]; 3] = [
        &["ioiwari", "table", "--classes"],
        &[
            "ioiwari", "variants", "--pits", "5", "--cap", "3", "--min", "1", "--max", "3",
            "--json",
        ],
        // Saved (a file replaced by a new one, as on Linux) and loaded back.
        &["ioiwari", "variants", "--pits", "6", "--save", "t6.bin"],
    ];
    for args in cases {
        let linux = duel!().args(args).current_dir(dir.path()).output().unwrap();
        assert!(linux.status.success(), "{args:?}: {linux:?}");
        let saved = std::fs::read(dir.path().join("t6.bin")).ok();
        let ran = windows
            .wine("duel.exe")
            .args(args)
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert_eq!(
            ran.status.code(),
            Some(0),
            "{args:?}: {}",
            text(&ran.stderr)
        );
        assert_eq!(text(&ran.stdout), text(&linux.stdout), "{args:?}");
        if let Some(saved) = saved {
            assert_eq!(std::fs::read(dir.path().join("t6.bin")).unwrap(), saved);
        }
    }
    let args = [
        "ioiwari", "variants", "--pits", "6", "--load", "t6.bin", "--beads", "15",
    ];
    let linux = duel!().args(args).current_dir(dir.path()).output().unwrap();
    let ran = windows
        .wine("duel.exe")
        .args(args)
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(ran.status.success(), "{}", text(&ran.stderr));
    assert_eq!(text(&ran.stdout), text(&linux.stdout));
}

#[test]
fn windows_duel_exe_serves_the_api_on_127_0_0_1() {
    let Some(windows) = windows() else { return };
    let mut server = windows
        .wine("duel.exe")
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(server.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let url = first
        .trim()
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("the first line: {first:?}"))
        .to_owned();
    assert!(url.starts_with("http://127.0.0.1:"), "{url}");
    let answer = Command::new("curl")
        .args(["-sS", "--max-time", "30", &format!("{url}api")])
        .output()
        .expect("curl runs (apt-get install curl)");
    let _ = server.kill();
    let _ = server.wait();
    assert!(answer.status.success(), "{answer:?}");
    let body: serde_json::Value = serde_json::from_slice(&answer.stdout).expect("JSON");
    // The same API list as the Linux server's.
    let linux = crate::support::serve::Server::start(&[]);
    let expected = Command::new("curl")
        .args(["-sS", "--max-time", "30", &format!("{}api", linux.url())])
        .output()
        .unwrap();
    let expected: serde_json::Value = serde_json::from_slice(&expected.stdout).expect("JSON");
    assert_eq!(body, expected);
}

#[test]
fn windows_duel_exe_judge_says_it_needs_linux() {
    let Some(windows) = windows() else { return };
    for args in [
        &["ioiwari", "judge"][..],
        &[
            "ioiwari",
            "judge",
            "--player",
            "player.exe",
            "--tests",
            "all",
        ],
        &["mis", "judge", "--module", "mis.c"],
    ] {
        let (code, stdout, stderr) = outcome(windows.wine("duel.exe").args(args).output().unwrap());
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert_eq!(stdout, "");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains("needs Linux"), "{stderr}");
        assert!(stderr.contains("WSL"), "{stderr}");
    }
}

#[test]
fn windows_bad_input_gets_the_linux_errors() {
    let Some(windows) = windows() else { return };
    let dir = tempfile::tempdir().unwrap();
    // A missing program for --run: one line, exit 2, no log.
    let (code, _, stderr) = outcome(
        windows
            .wine("ioiwari2.exe")
            .args(["--run", "missing.exe"])
            .current_dir(dir.path())
            .output()
            .unwrap(),
    );
    assert_eq!(code, Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("ioiwari2: cannot run player 1's program missing.exe: "),
        "{stderr}"
    );
    assert!(!dir.path().join("ioiwari.out").exists());
    // A malformed position: the same message as on Linux.
    for position in ["4 3 2 x 2 3 2", "4 3 2 4 2 3", "9 3 2 4 2 3 2"] {
        let args = ["--position", position];
        let linux = outcome(bin!("ioiwari2").args(args).output().unwrap());
        let ran = outcome(windows.wine("ioiwari2.exe").args(args).output().unwrap());
        assert_eq!(linux.0, Some(2), "{position}");
        assert_eq!(ran.0, linux.0, "{position}");
        let linux_error = linux.2.lines().next().unwrap().to_owned();
        let error = ran
            .2
            .lines()
            .next()
            .unwrap_or_default()
            .replace("ioiwari2.exe", "ioiwari2");
        assert_eq!(error, linux_error, "{position}");
    }
    let (code, _, stderr) = outcome(
        windows
            .wine("duel.exe")
            .args(["mis", "analyze", "7", "two", "3"])
            .output()
            .unwrap(),
    );
    assert_eq!(code, Some(2), "{stderr}");
}

#[test]
fn windows_paths_with_spaces_and_non_ascii_letters_work() {
    let Some(windows) = windows() else { return };
    let dir = tempfile::tempdir().unwrap();
    let own = dir.path().join("Gracz zażółć é");
    std::fs::create_dir(&own).unwrap();
    let (_, player) = perfect_players(&own);
    assert!(player.is_file());
    let ran = windows
        .wine("ioiwari2.exe")
        .args([
            "--log",
            "Gracz zażółć é/gra ż.out",
            "--run",
            "Gracz zażółć é/player.exe",
        ])
        .current_dir(dir.path())
        .output()
        .unwrap();
    let (code, _, stderr) = outcome(ran);
    assert_eq!(code, Some(0), "{stderr}");
    let log = std::fs::read_to_string(own.join("gra ż.out")).unwrap();
    assert!(log.ends_with("result: player 1 wins 11-9\n"), "{log}");
    // duel.exe writes a kit there too.
    let ran = windows
        .wine("duel.exe")
        .args(["kit", "mis", "Zestaw ąę ó"])
        .current_dir(&own)
        .output()
        .unwrap();
    assert!(ran.status.success(), "{ran:?}");
    assert!(own.join("Zestaw ąę ó/mis/mis_c/graj.c").is_file());
    // And the Ioiwari kit, with duel.exe's own ioiwari2.exe, and the Linux ioiwari2 when
    // duel.exe carries it (.ci/windows.sh builds it so); else a note says where that one is.
    let ran = windows
        .wine("duel.exe")
        .args(["kit", "ioiwari", "Zestaw ąę ó"])
        .current_dir(&own)
        .output()
        .unwrap();
    let (code, _, stderr) = outcome(ran);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(
        std::fs::read(own.join("Zestaw ąę ó/ioiwari/ioiwari2.exe")).unwrap(),
        std::fs::read(windows.bin.join("ioiwari2.exe")).unwrap()
    );
    let linux_tool = std::fs::read(own.join("Zestaw ąę ó/ioiwari/ioiwari2")).ok();
    let expected =
        std::env::var_os("DUEL_WINDOWS_IOIWARI2_LINUX").map(|path| std::fs::read(path).unwrap());
    if expected.is_some() {
        assert!(
            linux_tool == expected,
            "duel.exe's kit lacks the Linux ioiwari2 built into it"
        );
    }
    assert_eq!(
        stderr.contains("ioiwari2 (the tool for Linux)"),
        linux_tool.is_none(),
        "{stderr}"
    );
}

/// The MIS kit's C and C++ `graj` with their skeletons, built by MinGW with the README's
/// Windows lines (the same flags as Linux's), print what the Linux builds print and exit alike.
#[test]
fn windows_mis_kit_graj_exe_plays_as_the_linux_build() {
    let Some(windows) = windows() else { return };
    let dir = tempfile::tempdir().unwrap();
    duel_kit::write_mis(dir.path(), false).unwrap();
    let builds = [("mis_c", "gcc", MINGW_GCC), ("mis_cpp", "g++", MINGW_GXX)];
    let kit = dir.path().join("mis");
    let readme = std::fs::read_to_string(kit.join("README.md")).unwrap();
    for (kit_dir, native, cross) in builds {
        let at = kit.join(kit_dir);
        // The README's Windows line, with MinGW's cross compiler in place of its gcc/g++.
        let line = readme
            .lines()
            .find(|line| line.starts_with(&format!("{native} ")) && line.contains("graj.exe"))
            .unwrap_or_else(|| panic!("no Windows line for {kit_dir}"));
        let words: Vec<&str> = line.split_whitespace().collect();
        let status = Command::new(cross)
            .args(&words[1..])
            .current_dir(&at)
            .status()
            .unwrap();
        assert!(status.success(), "{line}");
        let linux_line = line.replace("graj.exe", "graj");
        let status = Command::new("sh")
            .args(["-c", &linux_line])
            .current_dir(&at)
            .status()
            .unwrap();
        assert!(status.success(), "{linux_line}");
        for start in [
            &["7", "2", "3"][..],
            &["2", "2", "1"],
            &["-q", "12", "30", "4"],
            &["7", "2", "0"],
        ] {
            let linux = Command::new(at.join("graj")).args(start).output().unwrap();
            let ran = windows
                .wine_own(&at.join("graj.exe"))
                .args(start)
                .output()
                .unwrap();
            assert_eq!(
                ran.status.code(),
                linux.status.code(),
                "{kit_dir} {start:?}"
            );
            assert_eq!(
                text(&ran.stdout).replace("\r\n", "\n"),
                text(&linux.stdout),
                "{kit_dir} {start:?}"
            );
        }
        // Standard input, as on Linux.
        let ran = output_with_stdin(&mut windows.wine_own(&at.join("graj.exe")), "7 2 3\r\n");
        let linux = output_with_stdin(&mut Command::new(at.join("graj")), "7 2 3\n");
        assert_eq!(text(&ran.stdout).replace("\r\n", "\n"), text(&linux.stdout));
    }
}

/// The Ioiwari kit's C and C++ skeletons, built by MinGW with the README's Windows lines, play
/// under `ioiwari2.exe --run` as their Linux builds do under `ioiwari2 --run`.
#[test]
fn windows_ioiwari_kit_skeletons_play_as_the_linux_builds() {
    let Some(windows) = windows() else { return };
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("kit");
    duel_kit::write(&root, &duel_kit::ioiwari_kit(), false).unwrap();
    let at = root.join("ioiwari");
    let readme = std::fs::read_to_string(at.join("README.md")).unwrap();
    for (native, cross) in [("gcc", MINGW_GCC), ("g++", MINGW_GXX)] {
        let line = readme
            .lines()
            .find(|line| line.starts_with(&format!("{native} ")) && line.contains("player.exe"))
            .unwrap_or_else(|| panic!("no Windows line for {native}"));
        let words: Vec<&str> = line.split_whitespace().collect();
        assert!(
            Command::new(cross)
                .args(&words[1..])
                .current_dir(&at)
                .status()
                .unwrap()
                .success(),
            "{line}"
        );
        let linux_line = line.replace("player.exe", "player");
        assert!(Command::new("sh")
            .args(["-c", &linux_line])
            .current_dir(&at)
            .status()
            .unwrap()
            .success());
        for board in Board::official_positions().into_iter().step_by(6) {
            let start = board.to_string();
            let linux = game(
                bin!("ioiwari2"),
                &at,
                &start,
                "linux.out",
                "./player".as_ref(),
            );
            let tool = windows.wine("ioiwari2.exe");
            let ran = game(tool, &at, &start, "windows.out", "player.exe".as_ref());
            assert_eq!(ran.status.code(), linux.status.code(), "{native} {start}");
            assert_eq!(
                std::fs::read_to_string(at.join("windows.out")).unwrap(),
                std::fs::read_to_string(at.join("linux.out")).unwrap(),
                "{native} {start}"
            );
        }
    }
}

/// The DLLs every Windows 10 (and later) system has: the Windows build may import these only,
/// so each program is one file that runs as it is downloaded.
const WINDOWS_OWN_DLLS: [&str; 9] = [
    "kernel32.dll",
    "ntdll.dll",
    "userenv.dll",
    "ws2_32.dll",
    "advapi32.dll",
    "msvcrt.dll",
    "bcryptprimitives.dll",
    "api-ms-win-core-synch-l1-2-0.dll",
    "shell32.dll",
];

#[test]
fn windows_programs_are_single_files_needing_only_windows_own_dlls() {
    let Some(windows) = windows() else { return };
    for program in ["duel.exe", "ioiwari.exe", "ioiwari2.exe"] {
        let dump = Command::new("x86_64-w64-mingw32-objdump")
            .arg("-p")
            .arg(windows.bin.join(program))
            .output()
            .expect("MinGW's objdump runs (binutils-mingw-w64-x86-64)");
        assert!(dump.status.success(), "{dump:?}");
        let imports: Vec<String> = text(&dump.stdout)
            .lines()
            .filter_map(|line| line.trim().strip_prefix("DLL Name: "))
            .map(str::to_ascii_lowercase)
            .collect();
        assert!(
            imports.contains(&"kernel32.dll".to_owned()),
            "{program}: {imports:?}"
        );
        for dll in &imports {
            assert!(
                WINDOWS_OWN_DLLS.contains(&dll.as_str()),
                "{program} needs {dll}, which Windows does not have"
            );
        }
    }
    // The C++ runtime of MinGW is such a DLL: a dynamically linked C++ program is caught.
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("hello.cpp");
    std::fs::write(
        &source,
        "#include <iostream>\nint main() { std::cout << 1 << std::endl; }\n",
    )
    .unwrap();
    let exe = dir.path().join("hello.exe");
    mingw(MINGW_GXX, &["-o"], &exe, &[&source], &[]);
    let dump = Command::new("x86_64-w64-mingw32-objdump")
        .arg("-p")
        .arg(&exe)
        .output()
        .unwrap();
    assert!(text(&dump.stdout)
        .to_ascii_lowercase()
        .contains("libstdc++-6.dll"));
}

/// Whether `name` is one of the tool programs a package may attach (`ioiwari2`, `ioiwari2.exe`),
/// which each build takes from within or from beside itself.
fn is_tool(name: &std::ffi::OsStr) -> bool {
    name == "ioiwari2" || name == "ioiwari2.exe"
}

/// Every file below `dir` (`/`-separated paths relative to it) with its bytes, the tool
/// programs ([`is_tool`]) and the lines of Polygon's `problem.xml` that list them only if
/// `tools`; a zip is taken as the files it holds (extracted by Python's `zipfile`), under its
/// own name.
fn tree(dir: &Path, tools: bool) -> std::collections::BTreeMap<String, Vec<u8>> {
    let mut files = std::collections::BTreeMap::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(at) = pending.pop() {
        for entry in std::fs::read_dir(&at).unwrap() {
            let path = entry.unwrap().path();
            let meta = std::fs::symlink_metadata(&path).unwrap();
            if meta.is_dir() {
                pending.push(path);
                continue;
            }
            assert!(meta.is_file(), "{} is not a regular file", path.display());
            if !tools && is_tool(path.file_name().unwrap()) {
                continue;
            }
            let relative = path
                .strip_prefix(dir)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            if path.extension().is_some_and(|ext| ext == "zip") {
                let inside = tempfile::tempdir().unwrap();
                let unzipped = Command::new("python3")
                    .args(["-m", "zipfile", "-e"])
                    .arg(&path)
                    .arg(inside.path())
                    .status()
                    .unwrap();
                assert!(unzipped.success(), "{} is no zip", path.display());
                for (name, bytes) in tree(inside.path(), tools) {
                    files.insert(format!("{relative}/{name}"), bytes);
                }
                continue;
            }
            let mut bytes = std::fs::read(&path).unwrap();
            if !tools && path.file_name().unwrap() == "problem.xml" {
                // Polygon's list of attachments names the tools present.
                bytes = text(&bytes)
                    .lines()
                    .filter(|line| !line.contains("path=\"attachments/ioiwari2"))
                    .map(|line| format!("{line}\n"))
                    .collect::<String>()
                    .into_bytes();
            }
            files.insert(relative, bytes);
        }
    }
    files
}

/// `duel export`'s summary (`OUT/TASK: FORMAT package of TASK, N files` a line), each count
/// less the tool programs ([`is_tool`]) in that package (a directory or a zip) under `base`.
fn without_tools(summary: &str, base: &Path) -> String {
    summary
        .lines()
        .map(|line| {
            let counted = line.rsplit_once(", ").and_then(|(head, tail)| {
                let files: usize = tail.strip_suffix(" files")?.parse().ok()?;
                let (package, _) = head.split_once(": ")?;
                let tools = tools_in(&base.join(package));
                Some(format!("{head}, {} files", files - tools))
            });
            counted.unwrap_or_else(|| line.to_owned()) + "\n"
        })
        .collect()
}

/// The tool programs ([`is_tool`]) below `dir`, at any depth, or in it if it is a zip.
fn tools_in(dir: &Path) -> usize {
    if dir.extension().is_some_and(|ext| ext == "zip") {
        let listing = Command::new("python3")
            .args([
                "-c",
                "import sys, zipfile; print('\\n'.join(zipfile.ZipFile(sys.argv[1]).namelist()))",
            ])
            .arg(dir)
            .output()
            .unwrap();
        return text(&listing.stdout)
            .lines()
            .filter(|name| {
                is_tool(std::ffi::OsStr::new(
                    name.rsplit('/').next().unwrap_or(name),
                ))
            })
            .count();
    }
    std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| match entry.file_type() {
            Ok(kind) if kind.is_dir() => tools_in(&entry.path()),
            _ => usize::from(is_tool(&entry.file_name())),
        })
        .sum()
}

/// A Linux duel with the builds of `ioiwari2` that duel.exe has (as `duel.exe kit ioiwari`
/// writes them, so the statements of both name the same tools), and whether the two attach
/// the same bytes: this run's Linux `duel` in a directory of its own under `dir`, with them
/// beside it. duel.exe has `ioiwari2.exe` beside it (or built in) and the Linux `ioiwari2`
/// when it was built with `DUEL_IOIWARI2_LINUX`; `.ci/windows.sh` builds it so and names the
/// same file in `DUEL_WINDOWS_IOIWARI2_LINUX`, and then duel.exe must have exactly that build.
fn linux_duel_with_the_tools_of(windows: &Windows, dir: &Path) -> (PathBuf, bool) {
    let kit = dir.join("kit");
    let (code, _, stderr) = outcome(
        windows
            .wine("duel.exe")
            .args(["kit", "ioiwari", "kit"])
            .current_dir(dir)
            .output()
            .unwrap(),
    );
    assert_eq!(code, Some(0), "duel.exe kit ioiwari: {stderr}");
    let read = |name: &str| std::fs::read(kit.join("ioiwari").join(name)).ok();
    let (linux, exe) = (read("ioiwari2"), read("ioiwari2.exe"));
    std::fs::remove_dir_all(&kit).unwrap();
    if let Some(expected) = std::env::var_os("DUEL_WINDOWS_IOIWARI2_LINUX") {
        assert!(
            linux == Some(std::fs::read(&expected).unwrap()),
            "duel.exe does not carry the Linux ioiwari2 at {} (DUEL_WINDOWS_IOIWARI2_LINUX)",
            Path::new(&expected).display()
        );
    }
    let own = dir.join("linux-duel");
    std::fs::create_dir_all(&own).unwrap();
    let duel = own.join("duel");
    std::fs::copy(cargo_bin("duel"), &duel).unwrap();
    for (name, build) in [("ioiwari2", &linux), ("ioiwari2.exe", &exe)] {
        if let Some(bytes) = build {
            std::fs::write(own.join(name), bytes).unwrap();
            let mode = std::os::unix::fs::PermissionsExt::from_mode(0o755);
            std::fs::set_permissions(own.join(name), mode).unwrap();
        }
    }
    // A build built into the Linux duel wins over the file beside it.
    let found = duel_export::attachments::Tools::from_dir(&own).unwrap();
    assert_eq!(
        (found.linux.is_some(), found.windows.is_some()),
        (linux.is_some(), exe.is_some()),
        "the Linux duel carries a build of ioiwari2 duel.exe lacks: their statements differ"
    );
    (duel, found.linux == linux && found.windows == exe)
}

/// `duel.exe export` writes the same packages as the Linux duel for the same arguments: the
/// Kattis directories of both tasks, and Polygon's package as one zip, file for file and byte
/// for byte, the tools and the statements naming them included, and a second export over the
/// first replaces its files as on Linux. The Linux duel is given the builds of `ioiwari2`
/// duel.exe has ([`linux_duel_with_the_tools_of`]); only when a build built into the Linux
/// duel differs from duel.exe's are the tool programs left out of the comparison (their
/// files, their lines in Polygon's `problem.xml`, their share of the summary's counts).
#[test]
fn windows_duel_exe_exports_the_packages_linux_exports() {
    let Some(windows) = windows() else { return };
    let dir = tempfile::tempdir().unwrap();
    let (linux_duel, same_tools) = linux_duel_with_the_tools_of(windows, dir.path());
    if !same_tools {
        eprintln!(
            "the Linux duel has a build of ioiwari2 built in that duel.exe lacks: the packages \
             are compared without the tool programs"
        );
    }
    let counted = |summary: &str| {
        if same_tools {
            summary.to_owned()
        } else {
            without_tools(summary, dir.path())
        }
    };
    let cases: [&[&str]; 2] = [
        &["export", "kattis", "OUT"],
        &["export", "polygon", "OUT", "--task", "ioiwari", "--zip"],
    ];
    for args in cases {
        let at = |out: &str| -> Vec<String> {
            args.iter()
                .map(|arg| if *arg == "OUT" { out } else { arg }.to_owned())
                .collect()
        };
        let linux = Command::new(&linux_duel)
            .args(at("linux"))
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert!(linux.status.success(), "{args:?}: {linux:?}");
        for round in ["first", "again"] {
            let (code, stdout, stderr) = outcome(
                windows
                    .wine("duel.exe")
                    .args(at("windows"))
                    .current_dir(dir.path())
                    .output()
                    .unwrap(),
            );
            assert_eq!(code, Some(0), "{args:?} {round}: {stderr}");
            assert_eq!(
                counted(&stdout.replace('\\', "/")).replace("windows", "linux"),
                counted(&text(&linux.stdout)),
                "{args:?} {round}"
            );
            let (linux_files, windows_files) = (
                tree(&dir.path().join("linux"), same_tools),
                tree(&dir.path().join("windows"), same_tools),
            );
            assert!(
                !linux_files.is_empty(),
                "{args:?}: the Linux export wrote nothing"
            );
            assert_eq!(
                windows_files.keys().collect::<Vec<_>>(),
                linux_files.keys().collect::<Vec<_>>(),
                "{args:?} {round}"
            );
            for (path, bytes) in &linux_files {
                assert!(
                    windows_files[path] == *bytes,
                    "{args:?} {round}: {path} differs"
                );
            }
        }
        std::fs::remove_dir_all(dir.path().join("linux")).unwrap();
        std::fs::remove_dir_all(dir.path().join("windows")).unwrap();
    }
}

/// duel-files' own tests (`crates/files/tests/planting.rs`), built for Windows and named by
/// `DUEL_WINDOWS_FILES_TESTS` (as `.ci/windows.sh` does), pass under Wine: the writer of every
/// file duel.exe writes, on Windows' calls. (Wine shows a link as what it points to, so the
/// tests that plant links say so and skip there; on Windows itself they run.)
#[test]
fn windows_file_writer_passes_its_tests_under_wine() {
    let Some(windows) = windows() else { return };
    let Some(tests) = std::env::var_os("DUEL_WINDOWS_FILES_TESTS") else {
        skip::unless_required(
            false,
            "DUEL_WINDOWS_FILES_TESTS does not name duel-files' tests for Windows",
            ".ci/windows.sh builds them and sets it",
            "DUEL_REQUIRE_WINDOWS",
        );
        return;
    };
    let copy = windows.bin.join("duel-files-planting.exe");
    std::fs::copy(&tests, &copy).unwrap();
    let (code, stdout, stderr) = outcome(
        windows
            .wine("duel-files-planting.exe")
            .arg("--test-threads=1")
            .output()
            .unwrap(),
    );
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(stdout.contains("test result: ok."), "{stdout}");
}
