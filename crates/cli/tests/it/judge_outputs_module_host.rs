//! The module host (`mis-host`) outlives what a module leaves behind: once the game's result
//! is sent it ends at once, without unloading the module, so a thread the module started or a
//! destructor it registered cannot crash it after the game and turn a win into
//! `runtime_error`. And `mis-host --help` says what the program is for, with exit status 0.

use crate::support::players::players_source_dir;
use duel_test_support::process::text;
use duel_test_support::{bin, duel, work_dir};
use std::path::{Path, PathBuf};
use std::process::Output;

/// Starts a thread when the module is loaded that spins in the module's own code for ever
/// (unloading the module pulls that code from under it: a crash whenever the thread runs
/// between the unloading and the end of the process, which depends on the scheduler);
/// Bolek's moves are those of `inner_ruch_bolka`, or an illegal move (nothing taken) when the
/// thread could not be started, so that a host forbidding threads cannot pass for one that
/// outlives them.
const SPINNER: &str = r#"
#include <pthread.h>
void inner_ruch_bolka(int p, int e, int *bp, int *be);
static volatile unsigned long spins;
static int started;
static void *spin(void *unused) { (void)unused; for (;;) spins++; return 0; }
__attribute__((constructor)) static void start(void) {
    pthread_t thread;
    started = pthread_create(&thread, 0, spin, 0) == 0;
}
void ruch_bolka(int p, int e, int *bp, int *be) {
    if (!started) { *bp = 0; *be = 0; return; }
    inner_ruch_bolka(p, e, bp, be);
}
"#;

/// A destructor that aborts: it runs if the module is unloaded or the host exits normally.
const CRASHING_DESTRUCTOR: &str = r#"
#include <stdlib.h>
void inner_ruch_bolka(int p, int e, int *bp, int *be);
__attribute__((destructor)) static void bye(void) { abort(); }
void ruch_bolka(int p, int e, int *bp, int *be) { inner_ruch_bolka(p, e, bp, be); }
"#;

/// The independent perfect Bolek of `tests/mis-players/bolek.c`, with `extra` around its
/// moves, as a module.
fn perfect_module_with(dir: &Path, name: &str, extra: &str) -> PathBuf {
    let wrapper = dir.join(format!("{name}.c"));
    std::fs::write(&wrapper, extra).unwrap();
    let library = dir.join(format!("lib{name}.so"));
    let inner = dir.join(format!("{name}-bolek.o"));
    let gcc = |args: &[&std::ffi::OsStr]| {
        let flags: [&std::ffi::OsStr; 3] = ["-O2".as_ref(), "-fPIC".as_ref(), "-pthread".as_ref()];
        duel_test_support::build::gcc(flags.iter().chain(args));
    };
    let bolek = players_source_dir().join("bolek.c");
    gcc(&[
        "-c".as_ref(),
        "-Druch_bolka=inner_ruch_bolka".as_ref(),
        bolek.as_os_str(),
        "-o".as_ref(),
        inner.as_os_str(),
    ]);
    gcc(&[
        "-shared".as_ref(),
        "-o".as_ref(),
        library.as_os_str(),
        inner.as_os_str(),
        wrapper.as_os_str(),
    ]);
    library
}

/// Ten positions Bolek can win (the statement's example first), in a test file.
fn positions(dir: &Path) -> PathBuf {
    let mut lines = vec!["7 2 3".to_owned()];
    let mut p = 10;
    while lines.len() < 10 {
        p += 7;
        let (e, bound) = (p / 3 + 1, p % 5 + 1);
        if !duel_mis::theory::is_losing(p, e, bound) {
            lines.push(format!("{p} {e} {bound}"));
        }
    }
    let tests = dir.join("positions.txt");
    std::fs::write(&tests, lines.join("\n") + "\n").unwrap();
    tests
}

fn judge(module: &Path, tests: &Path) -> Output {
    duel!()
        .args(["mis", "judge", "--json", "--module"])
        .arg(module)
        .arg("--tests")
        .arg(tests)
        .output()
        .expect("duel runs")
}

/// Judges `module` on [`positions`] and insists on a win in every test.
fn assert_wins_everything(module: &Path, dir: &Path) {
    let output = judge(module, &positions(dir));
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    for test in report["tests"].as_array().unwrap() {
        assert_eq!(test["verdict"], "win", "{test}");
    }
    assert_eq!(report["score"], 100.0, "{report}");
}

#[test]
fn a_thread_the_module_leaves_running_does_not_change_a_win() {
    let dir = work_dir!();
    let module = perfect_module_with(dir.path(), "spinner", SPINNER);
    assert_wins_everything(&module, dir.path());
    // graj too, game after game: each ends while the thread spins.
    for _ in 0..5 {
        let output = bin!("graj")
            .args(["--quiet", "--module"])
            .arg(&module)
            .args(["--lolek", "optimal", "7", "2", "3"])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stdout));
        assert!(text(&output.stdout).starts_with("result: win"));
    }
}

#[test]
fn a_module_destructor_that_crashes_does_not_change_a_win() {
    let dir = work_dir!();
    let module = perfect_module_with(dir.path(), "destructor", CRASHING_DESTRUCTOR);
    assert_wins_everything(&module, dir.path());
}

#[test]
fn mis_host_help_says_what_it_is_for_and_exits_0() {
    let output = bin!("mis-host").arg("--help").output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let help = text(&output.stdout);
    assert!(help.contains("module host of Pooh-Eeyore-sticks"), "{help}");
    assert!(help.contains("graj --module"), "{help}");
    assert!(help.lines().count() <= 24, "{help}");
    // Bad arguments: exit status 2 and a pointer to the help.
    let output = bin!("mis-host").arg("--bogus").output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("mis-host --help"));
}
