//! What a test does when it cannot do its work here: a tool, a compiler or a kernel feature it
//! needs is missing. One policy for every test, so that a test never reports `ok` for work it
//! did not do without saying so:
//!
//! - in the complete run (`DUEL_TESTS_COMPLETE=1`, which `.ci/env` exports for `.ci/test` and
//!   `.ci/run`) it fails, naming what is missing and how to get it: there everything
//!   `.ci/setup` installs and every machine fact CI has (root, cgroups, bubblewrap, keyrings,
//!   PID namespaces...) is required;
//! - otherwise (a plain `cargo test` on a bare machine) it returns early after writing one
//!   line straight to the process's stderr, which libtest does not capture as it captures
//!   `eprintln!`: `skipped: TEST: WHAT (HOW; .ci/test runs every test)`. A reason met again in
//!   the same test binary is written shorter, with how many tests it has skipped so far.
//!
//! The older variables `DUEL_REQUIRE_FPC`, `DUEL_REQUIRE_GO`, `DUEL_REQUIRE_EXPORT_TOOLS` and
//! `DUEL_REQUIRE_WINDOWS` still each make their own tools required ([`unless_required`]), as
//! `CI` makes the browser tests' tools; the complete run implies them all.
//!
//! The exceptions, skipped even in the complete run ([`exempt`]), are what CI's machine lacks
//! or another step of CI does:
//!
//! - the Windows programs under Wine need the build `.ci/windows.sh` makes and names (without
//!   `DUEL_WINDOWS_BIN` they are left to that step);
//! - under Wine, which shows a link as what it points to, duel-files' link tests cannot plant
//!   links;
//! - under `--sandbox none` a submission in Rust finds no compiler its box user may run where
//!   Rust comes through rustup under /root, as on CI's machine (the key-ring case of
//!   `crates/cli/tests/it/judge_kernel_state.rs` runs under bubblewrap only there).
//!
//! This file uses nothing but std, so that a test which cannot depend on this crate (duel-files'
//! tests, built for Windows too) can include it with `#[path]`.

use std::collections::HashMap;
use std::io::Write;
use std::sync::Mutex;

/// The variable that asks for the complete run, in which a test that cannot do its work fails.
pub const COMPLETE: &str = "DUEL_TESTS_COMPLETE";

/// Whether this is the complete run: [`COMPLETE`] is set to something other than empty or `0`.
pub fn complete() -> bool {
    is_set(COMPLETE)
}

/// Whether `var` is set to something other than empty or `0`.
fn is_set(var: &str) -> bool {
    on(std::env::var_os(var).as_deref())
}

/// Whether a variable's `value` turns its meaning on: anything but unset, empty or `0`.
fn on(value: Option<&std::ffi::OsStr>) -> bool {
    value.is_some_and(|value| !value.is_empty() && value != "0")
}

/// `available`, after [`skip`] when it is false: a test needing something calls
/// `if !skip::unless(have_it, "WHAT is missing here", "HOW to get it") { return; }`.
#[track_caller]
pub fn unless(available: bool, what: &str, how: &str) -> bool {
    if !available {
        skip(what, how);
    }
    available
}

/// As [`unless`], and required too when `var` (one of the older `DUEL_REQUIRE_*`) is set.
#[track_caller]
pub fn unless_required(available: bool, what: &str, how: &str, var: &str) -> bool {
    if !available {
        if is_set(var) && !complete() {
            panic!("{what}, but {var} is set, so the test must run: {how}");
        }
        skip(what, how);
    }
    available
}

/// Whether the tests must have what `var` (one of the older `DUEL_REQUIRE_*`) stands for: it
/// or [`COMPLETE`] is set. For a test that checks its own way when required (showing more
/// than a skip's failure would) and calls [`skip`] otherwise.
pub fn required(var: &str) -> bool {
    complete() || is_set(var)
}

/// The running test cannot do its work because of `what` (as "bubblewrap does not work here");
/// `how` says how to get it (as ".ci/setup installs it"). Fails the test in the complete run;
/// otherwise writes the skip to stderr and returns, and the test should return at once.
#[track_caller]
pub fn skip(what: &str, how: &str) {
    let mode = if complete() {
        Mode::Complete
    } else {
        Mode::Plain
    };
    report(mode, &mut std::io::stderr(), &SEEN, &test_name(), what, how);
}

/// A skip the complete run allows, one of the exceptions the module comment lists: written
/// as [`skip`] writes it, saying it is one, and never a failure.
pub fn exempt(what: &str, how: &str) {
    report(
        Mode::Exempt,
        &mut std::io::stderr(),
        &SEEN,
        &test_name(),
        what,
        how,
    );
}

/// What a skip does.
#[derive(Clone, Copy)]
enum Mode {
    /// Fails the test: the complete run.
    Complete,
    /// Says so on stderr: any other run.
    Plain,
    /// Says so on stderr, as an exception, in any run.
    Exempt,
}

/// How many tests of this process each reason has skipped.
static SEEN: Mutex<Option<HashMap<String, usize>>> = Mutex::new(None);

/// The running test's name: libtest names each test's thread after the test.
fn test_name() -> String {
    match std::thread::current().name() {
        Some(name) if name != "main" => name.to_owned(),
        _ => "a test".to_owned(),
    }
}

/// Panics in [`Mode::Complete`]; otherwise writes the skip of `test` to `out`, in one write so
/// that tests skipping at once do not mix their lines, counting it in `seen`: `how` is said at
/// a reason's first skip, the count at the next ones.
#[track_caller]
fn report(
    mode: Mode,
    out: &mut dyn Write,
    seen: &Mutex<Option<HashMap<String, usize>>>,
    test: &str,
    what: &str,
    how: &str,
) {
    let run = match mode {
        Mode::Complete => panic!("{what}, but {COMPLETE} is set, so every test must run: {how}"),
        Mode::Plain => ".ci/test runs every test",
        Mode::Exempt => "an exception: .ci/test skips it too",
    };
    let count = {
        let mut seen = seen.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let count = seen.get_or_insert_with(HashMap::new);
        let count = count.entry(what.to_owned()).or_insert(0);
        *count += 1;
        *count
    };
    let line = if count == 1 {
        format!("skipped: {test}: {what} ({how}; {run})\n")
    } else {
        format!("skipped: {test}: {what} (as above; {count} tests so far)\n")
    };
    let _ = out.write_all(line.as_bytes());
    let _ = out.flush();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[should_panic(
        expected = "bubblewrap does not work here, but DUEL_TESTS_COMPLETE is set, so every test \
                    must run: .ci/setup installs it"
    )]
    fn the_complete_run_fails_the_test() {
        let seen = Mutex::new(None);
        report(
            Mode::Complete,
            &mut Vec::new(),
            &seen,
            "t",
            "bubblewrap does not work here",
            ".ci/setup installs it",
        );
    }

    #[test]
    fn otherwise_one_line_per_skip_and_the_way_to_get_it_once_per_reason() {
        let seen = Mutex::new(None);
        let mut out = Vec::new();
        for test in ["a", "b"] {
            report(
                Mode::Plain,
                &mut out,
                &seen,
                test,
                "no gcc here",
                "apt-get install gcc",
            );
        }
        report(
            Mode::Plain,
            &mut out,
            &seen,
            "c",
            "no fpc here",
            "apt-get install fp-compiler",
        );
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "skipped: a: no gcc here (apt-get install gcc; .ci/test runs every test)\n\
             skipped: b: no gcc here (as above; 2 tests so far)\n\
             skipped: c: no fpc here (apt-get install fp-compiler; .ci/test runs every test)\n"
        );
    }

    #[test]
    fn an_exception_says_so_and_never_fails() {
        let seen = Mutex::new(None);
        let mut out = Vec::new();
        report(
            Mode::Exempt,
            &mut out,
            &seen,
            "w",
            "no Windows build",
            "make one",
        );
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "skipped: w: no Windows build (make one; an exception: .ci/test skips it too)\n"
        );
    }

    #[test]
    fn what_is_available_is_no_skip() {
        // Whatever the run, a test with what it needs goes on, and nothing is written.
        assert!(unless(true, "never", "never"));
        assert!(unless_required(
            true,
            "never",
            "never",
            "DUEL_REQUIRE_NOTHING"
        ));
    }

    #[test]
    fn the_test_is_named_after_its_thread() {
        // (Ends with: the module's path differs where a test includes this file.)
        assert!(
            test_name().ends_with("skip::tests::the_test_is_named_after_its_thread"),
            "{}",
            test_name()
        );
        let name = std::thread::Builder::new()
            .name("main".to_owned())
            .spawn(test_name)
            .unwrap()
            .join()
            .unwrap();
        assert_eq!(name, "a test");
    }

    #[test]
    fn only_a_value_other_than_empty_or_0_asks_for_the_complete_run() {
        use std::ffi::OsStr;
        assert!(!on(None));
        assert!(!on(Some(OsStr::new(""))));
        assert!(!on(Some(OsStr::new("0"))));
        assert!(on(Some(OsStr::new("1"))));
        assert!(on(Some(OsStr::new("yes"))));
    }
}
