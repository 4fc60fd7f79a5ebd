//! Attacks on the judge's own process and outputs, one test each: a player that kills its
//! parent, an orphan that rewrites the report, outputs on devices and links, signals mid-run,
//! stale logs. (Links planted during the run: `judge_outputs_links.rs`.)

use crate::support::hostile;
use crate::support::hostile::{one_board, read_report};
use crate::support::players;
use duel_test_support::process::is_root;
use duel_test_support::process::send_signal;
use duel_test_support::{bin, duel, shell_word, work_dir};
use rustix::process::Signal;
use std::os::unix::fs::FileTypeExt;
use std::process::Stdio;
use std::time::{Duration, Instant};

#[test]
fn a_player_that_kills_its_parent_does_not_kill_the_judge() {
    if !is_root() {
        return;
    }
    let dir = work_dir!();
    let report = dir.path().join("report.json");
    for levels_off in ["", "no-bwrap"] {
        let output = duel!()
            .args(["ioiwari", "judge", "--tests", &one_board(dir.path())])
            .args(["--player", "sh -c 'kill -9 $PPID; exit 1'", "--report"])
            .arg(&report)
            .env("DUEL_ISOLATION", levels_off)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "{levels_off:?}: {output:?}");
        let report = read_report(&report);
        assert_eq!(report["tests"][0]["verdict"], "runtime_error", "{report}");
    }
}

#[test]
fn an_orphan_cannot_rewrite_the_report_after_the_judge_exits() {
    let dir = work_dir!();
    let report = dir.path().join("report.json");
    // The orphan leaves the session, waits for the judge to finish, then forges the report.
    let player = format!(
        "sh -c \"(setsid sh -c 'sleep 1; echo forged > {}' &); exit 1\"",
        report.display()
    );
    // The judge's own user (no box user, no bubblewrap): only the end-of-test kill stops it.
    let output = duel!()
        .args(["ioiwari", "judge", "--tests", &one_board(dir.path())])
        .args(["--player", &player, "--report"])
        .arg(&report)
        .env("DUEL_ISOLATION", "no-user,no-bwrap")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    std::thread::sleep(Duration::from_millis(2000));
    let text = std::fs::read_to_string(&report).unwrap();
    // (The report names the player, whose command holds the word: only its start counts.)
    assert!(text.starts_with('{'), "the report was rewritten: {text}");
    let report = read_report(&report);
    assert_eq!(report["score"], 0.0, "the report was rewritten: {report}");
    assert_eq!(report["tests"][0]["verdict"], "runtime_error");
}

#[test]
fn a_report_on_a_device_node_stays_a_device() {
    let output = duel!()
        .args(["ioiwari", "judge", "--report", "/dev/null"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let kind = std::fs::symlink_metadata("/dev/null").unwrap().file_type();
    assert!(kind.is_char_device(), "/dev/null was replaced");
}

#[test]
fn a_report_named_by_a_symbolic_link_replaces_the_link_not_its_target() {
    let dir = work_dir!();
    let target = dir.path().join("real.json");
    let link = dir.path().join("link.json");
    std::fs::write(&target, "").unwrap();
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let output = duel!()
        .args([
            "ioiwari",
            "judge",
            "--tests",
            &one_board(dir.path()),
            "--report",
        ])
        .arg(&link)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_file());
    assert_eq!(read_report(&link)["score"], 100.0);
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "");
}

#[test]
fn an_unwritable_report_is_refused_before_any_test() {
    let started = Instant::now();
    let output = duel!()
        .args([
            "ioiwari",
            "judge",
            "--tests",
            "all",
            "--report",
            "/proc/version",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(output.stdout.is_empty(), "tests ran before the refusal");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("/proc/version"), "{stderr}");
    assert!(started.elapsed() < Duration::from_secs(10));
}

/// Starts a slow run (each test sleeps 0.3 s), sends `signal` after a while, and returns the
/// exit status and the report.
fn interrupted_by(signal: Signal) -> (Option<i32>, serde_json::Value) {
    let dir = work_dir!();
    let report = dir.path().join("report.json");
    let ioiwari = assert_cmd::cargo::cargo_bin("ioiwari");
    let child = duel!()
        .args(["ioiwari", "judge", "--jobs", "1", "--report"])
        .arg(&report)
        .arg("--player")
        .arg(format!(
            "sh -c {}",
            shell_word(format!("sleep 0.3; exec {}", shell_word(&ioiwari)))
        ))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(2500));
    send_signal(child.id(), signal);
    let output = child.wait_with_output().unwrap();
    (output.status.code(), read_report(&report))
}

#[test]
fn sigterm_mid_run_writes_the_report_of_the_finished_tests() {
    let (status, report) = interrupted_by(Signal::TERM);
    assert_eq!(status, Some(128 + Signal::TERM.as_raw()));
    assert_eq!(report["interrupted"], true);
    let finished = report["tests"].as_array().unwrap().len();
    assert!(finished > 0 && finished < 24, "{finished}");
}

#[test]
fn sighup_mid_run_writes_the_report_too() {
    let (status, report) = interrupted_by(Signal::HUP);
    assert_eq!(status, Some(128 + Signal::HUP.as_raw()));
    assert_eq!(report["interrupted"], true);
}

#[test]
fn the_log_directory_holds_exactly_this_runs_logs() {
    let dir = work_dir!();
    let logs = dir.path().join("logs");
    std::fs::create_dir(&logs).unwrap();
    let judge_with_logs = || {
        duel!()
            .args([
                "ioiwari",
                "judge",
                "--tests",
                &one_board(dir.path()),
                "--logs",
            ])
            .arg(&logs)
            .output()
            .unwrap()
    };
    // A log no judge run listed: refused, and left as it is.
    std::fs::write(logs.join("test-01.out"), "stale").unwrap();
    let output = judge_with_logs();
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert_eq!(
        std::fs::read_to_string(logs.join("test-01.out")).unwrap(),
        "stale"
    );
    std::fs::remove_file(logs.join("test-01.out")).unwrap();
    // Anything else there is left alone; a second run replaces the first one's logs.
    std::fs::write(logs.join("notes.txt"), "mine").unwrap();
    for _ in 0..2 {
        let output = judge_with_logs();
        assert_eq!(output.status.code(), Some(0), "{output:?}");
    }
    let mut names: Vec<String> = std::fs::read_dir(&logs)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [".duel-logs", "notes.txt", "test-01.moves", "test-01.out"]
    );
    assert_eq!(
        std::fs::read_to_string(logs.join("notes.txt")).unwrap(),
        "mine"
    );
}

/// The statement's example only.
fn one_position(dir: &std::path::Path) -> String {
    let tests = dir.join("one.txt");
    std::fs::write(&tests, "7 2 3\n").unwrap();
    tests.display().to_string()
}

/// `duel mis judge` of `module` on the statement's example, with `extra` options.
fn judge_module(
    dir: &std::path::Path,
    module: &std::path::Path,
    extra: &[&str],
) -> std::process::Output {
    duel!()
        .args(["mis", "judge"])
        .args(extra)
        .args(["--tests", &one_position(dir), "--module"])
        .arg(module)
        .output()
        .unwrap()
}

#[test]
fn a_module_with_a_100_mb_static_array_gets_memory_limit() {
    let dir = work_dir!();
    let module = c_module(
        dir.path(),
        "big",
        "#include <string.h>\n\
         static char big[100 << 20];\n\
         void poczatek(int p, int e, int b) { memset(big, 1, sizeof big); }\n\
         void ruch_bolka(int p, int e, int *bp, int *be) { *bp = p > 0; *be = p == 0; }\n",
    );
    let output = judge_module(dir.path(), &module, &["--json"]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["tests"][0]["verdict"], "memory_limit", "{report}");
}

#[test]
fn a_module_forging_a_host_line_cannot_drive_the_terminal() {
    let dir = work_dir!();
    let module = c_module(
        dir.path(),
        "forger",
        "#include <string.h>\n#include <unistd.h>\n\
         __attribute__((constructor)) static void forge(void) {\n\
           const char *m = \"error \\033[2J\\033[31mjudge crashed\\n\";\n\
           for (int fd = 3; fd < 10; fd++) write(fd, m, strlen(m));\n\
         }\n\
         void poczatek(int p, int e, int b) {}\n\
         void ruch_bolka(int p, int e, int *bp, int *be) { *bp = 1; *be = 0; }\n",
    );
    let output = judge_module(dir.path(), &module, &[]);
    assert!(
        !output.stderr.contains(&0x1b) && !output.stdout.contains(&0x1b),
        "escape sequences reached the terminal: {output:?}"
    );
}

#[test]
fn a_module_forging_a_host_error_gets_a_verdict_not_a_judge_failure() {
    let dir = work_dir!();
    let module = c_module(
        dir.path(),
        "fake_error",
        "#include <string.h>\n#include <unistd.h>\n\
         __attribute__((constructor)) static void forge(void) {\n\
           const char *m = \"error cannot load module: the judge is broken\\n\";\n\
           for (int fd = 1; fd < 10; fd++) write(fd, m, strlen(m));\n\
         }\n\
         void poczatek(int p, int e, int b) {}\n\
         void ruch_bolka(int p, int e, int *bp, int *be) { *bp = 1; *be = 0; }\n",
    );
    let output = judge_module(dir.path(), &module, &["--json"]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let test = &report["tests"][0];
    assert_eq!(test["verdict"], "protocol_error", "{report}");
    let reason = test["reason"].as_str().unwrap();
    assert!(
        reason.contains("wrote on the module host's pipe while loading"),
        "{report}"
    );
}

// What a submission sees under the default isolation: with bubblewrap, the system and the
// files its command names, nothing else.

use crate::support::players::{c_module, c_program};
use std::path::{Path, PathBuf};

fn has_bwrap() -> bool {
    let works = std::process::Command::new("bwrap")
        .args(["--ro-bind", "/", "/", "true"])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    duel_test_support::skip::unless(
        works,
        "bubblewrap does not work here",
        ".ci/setup installs bubblewrap; it needs user namespaces or root",
    )
}

/// A fresh directory under /tmp that anyone may enter, as a checkout under /tmp has them.
fn tmp_dir() -> tempfile::TempDir {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::Builder::new().tempdir_in("/tmp").unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    dir
}

/// A fresh directory in root's home, which only root may enter; `None` (the case is skipped)
/// when the tests do not run as root.
fn root_home_dir() -> Option<tempfile::TempDir> {
    if !is_root() {
        return None;
    }
    Some(tempfile::Builder::new().tempdir_in("/root").unwrap())
}

/// How a spy tries to reach its target.
#[derive(Clone, Copy)]
enum Spy {
    Read,
    List,
    Write,
}

/// Compiles a spy in `dir` with the path of its target compiled in (not a word of its
/// command): it writes `seen` (an illegal move) when it reached the target, else names the
/// error on stderr and exits with status 3.
fn spy(dir: &Path, spy: Spy, target: &Path) -> PathBuf {
    let source = dir.join("spy.c");
    std::fs::write(
        &source,
        "#include <dirent.h>\n#include <errno.h>\n#include <stdio.h>\n#include <string.h>\n\
         int main(void) {\n\
           const char *path = SPY_PATH;\n\
         #if SPY_MODE == 0\n\
           FILE *f = fopen(path, \"r\");\n\
           if (f) { puts(\"seen\"); return 0; }\n\
         #elif SPY_MODE == 1\n\
           DIR *d = opendir(path);\n\
           if (d) { puts(\"seen\"); return 0; }\n\
         #else\n\
           FILE *f = fopen(path, \"w\");\n\
           if (f) { fputs(\"forged\", f); fclose(f); puts(\"seen\"); return 0; }\n\
         #endif\n\
           fprintf(stderr, \"spy: cannot reach %s: %s\\n\", path, strerror(errno));\n\
           return 3;\n\
         }\n",
    )
    .unwrap();
    let program = dir.join("spy");
    let mode = format!("-DSPY_MODE={}", spy as u8);
    let path = format!("-DSPY_PATH={:?}", target.display().to_string());
    let args: [&std::ffi::OsStr; 5] = [
        mode.as_ref(),
        path.as_ref(),
        "-o".as_ref(),
        program.as_os_str(),
        source.as_os_str(),
    ];
    duel_test_support::build::gcc(args);
    std::fs::remove_file(&source).unwrap();
    program
}

/// Compiles a spy aiming at the target `aim` picks (given the spy's directory, under /tmp, and
/// the directory of the run's tests and report) and judges it as `./spy` from its directory on
/// one board, under the default isolation: the spy must not have reached its target, and the
/// reason must say it was not there. Returns the target.
fn assert_spy_is_blind(how: Spy, aim: impl FnOnce(&Path, &Path) -> PathBuf) -> PathBuf {
    let (dir, work) = (tmp_dir(), work_dir!());
    let target = aim(dir.path(), work.path());
    spy(dir.path(), how, &target);
    let tests = one_board(work.path());
    let report = work.path().join("report.json");
    let output = duel!()
        .current_dir(dir.path())
        .args(["ioiwari", "judge", "--tests", &tests, "--player", "./spy"])
        .arg("--report")
        .arg(&report)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let report = read_report(&report);
    let test = &report["tests"][0];
    assert_eq!(test["verdict"], "runtime_error", "{report}");
    let reason = test["reason"].as_str().unwrap();
    // The spy's last words are clipped in the reason; the judge's word on what a sandboxed
    // program sees follows them, from its whole "No such file or directory".
    assert!(
        reason.contains("spy: cannot reach")
            && reason.contains("sees only the system and the files its command names"),
        "{report}"
    );
    target
}

#[test]
fn a_player_cannot_read_the_test_file_of_its_run() {
    if has_bwrap() {
        assert_spy_is_blind(Spy::Read, |_, work| work.join("one.txt"));
    }
}

#[test]
fn a_player_cannot_read_another_submission_beside_it() {
    if has_bwrap() {
        assert_spy_is_blind(Spy::Read, |dir, _| {
            let other = dir.join("other_player.c");
            std::fs::write(&other, "int main(void) { return 0; }\n").unwrap();
            other
        });
    }
}

#[test]
fn a_player_cannot_list_roots_home() {
    if has_bwrap() {
        assert_spy_is_blind(Spy::List, |_, _| "/root".into());
    }
}

#[test]
fn a_player_cannot_list_the_judges_work_tree() {
    // The checkout holding the tests, wherever it is (/work, /tmp, a home directory).
    if has_bwrap() {
        assert_spy_is_blind(Spy::List, |_, _| env!("CARGO_MANIFEST_DIR").into());
    }
}

#[test]
fn a_player_cannot_list_the_report_directory() {
    if has_bwrap() {
        assert_spy_is_blind(Spy::List, |_, work| work.to_path_buf());
    }
}

#[test]
fn a_player_cannot_write_into_the_report_directory() {
    if has_bwrap() {
        let forged = assert_spy_is_blind(Spy::Write, |_, work| work.join("forged.json"));
        assert!(!forged.exists(), "the spy wrote into the report directory");
    }
}

/// The verdict of the first test of a `duel ... judge --json` run in `dir`, which must have
/// run the submission under the default isolation in full (as a user of its own under root).
fn first_verdict(dir: &Path, args: &[&str]) -> String {
    let (report, stderr) = judged(dir, "", args);
    assert!(
        !stderr.contains("but the program runs as the judge's user"),
        "{stderr}"
    );
    report["tests"][0]["verdict"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// `duel ARGS`, a judge with `--json`, run from `dir` with `DUEL_ISOLATION` set to
/// `levels_off`: its report (it must exit with status 0) and what it said on stderr.
fn judged(dir: &Path, levels_off: &str, args: &[&str]) -> (serde_json::Value, String) {
    let output = duel!()
        .current_dir(dir)
        .env("DUEL_ISOLATION", levels_off)
        .args(args)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let report = serde_json::from_slice(&output.stdout).unwrap();
    (report, String::from_utf8_lossy(&output.stderr).into_owned())
}

/// Puts the project's C player (built once for these tests) in `dir` as `perfect`.
fn build_perfect(dir: &Path) {
    std::fs::copy(hostile::players_dir().join("perfect"), dir.join("perfect")).unwrap();
}

/// A C player given as `./perfect`, from `dir`.
fn a_c_player_runs_from(dir: &Path) {
    build_perfect(dir);
    let tests = one_board(dir);
    let args = ["ioiwari", "judge", "--json", "--tests", &tests];
    let verdict = first_verdict(dir, &[&args[..], &["--player", "./perfect"]].concat());
    assert_eq!(verdict, "win");
}

/// A Python player given as `python3 bolek.py` (the `python3` of `$PATH`), from `dir`.
fn a_python_player_runs_from(dir: &Path) {
    let script = players::players_source_dir().join("bolek.py");
    std::fs::copy(script, dir.join("bolek.py")).unwrap();
    let tests = one_position(dir);
    let args = ["mis", "judge", "--json", "--tests", &tests];
    let verdict = first_verdict(
        dir,
        &[&args[..], &["--player", "python3 bolek.py"]].concat(),
    );
    assert_eq!(verdict, "win");
}

/// The project's module given as `./libmis.so` to `duel mis judge --module` and to
/// `graj --module`, from `dir`.
fn a_module_runs_from(dir: &Path) {
    std::fs::copy(players::libmis(), dir.join("libmis.so")).unwrap();
    let tests = one_position(dir);
    let args = ["mis", "judge", "--json", "--tests", &tests];
    let verdict = first_verdict(dir, &[&args[..], &["--module", "./libmis.so"]].concat());
    assert_eq!(verdict, "win");
    let output = bin!("graj")
        .current_dir(dir)
        .args(["--module", "./libmis.so", "7", "2", "3"])
        .output()
        .unwrap();
    let printed = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert!(printed.contains("result: win"), "{printed}");
}

/// Two tests for each check: from a directory under /tmp, and from one in root's home (as root).
macro_rules! runs_from_tmp_and_roots_home {
    ($($check:ident: $under_tmp:ident, $in_roots_home:ident;)*) => {$(
        #[test]
        fn $under_tmp() {
            $check(tmp_dir().path());
        }

        #[test]
        fn $in_roots_home() {
            if let Some(dir) = root_home_dir() {
                $check(dir.path());
            }
        }
    )*};
}

runs_from_tmp_and_roots_home! {
    a_c_player_runs_from: a_c_player_runs_from_a_directory_under_tmp, a_c_player_runs_from_roots_home;
    a_python_player_runs_from: a_python_player_runs_from_a_directory_under_tmp, a_python_player_runs_from_roots_home;
    a_module_runs_from: a_module_runs_from_a_directory_under_tmp, a_module_runs_from_roots_home;
}

/// Judges a spy that reports its own credentials (`/proc/self/status`: its uid, whether it may
/// gain privileges, and each capability set that is not empty, after trying to make a user
/// namespace, where it would have them all) on stderr and exits with
/// status 3, from a directory under /tmp, with `DUEL_ISOLATION` set to `levels_off`;
/// returns the reason the report gives (the spy's words).
fn credentials_under(levels_off: &str) -> String {
    let dir = tmp_dir();
    let source =
        "#define _GNU_SOURCE\n#include <sched.h>\n#include <stdio.h>\n#include <string.h>\n\
         int main(void) {\n\
           if (unshare(CLONE_NEWUSER) == 0) fputs(\"made-a-user-namespace \", stderr);\n\
           FILE *f = fopen(\"/proc/self/status\", \"r\");\n\
           char line[256];\n\
           while (f && fgets(line, sizeof line, f)) {\n\
             char key[64], value[128];\n\
             if (sscanf(line, \"%63[^:]: %127s\", key, value) != 2) continue;\n\
             int cap = !strncmp(key, \"Cap\", 3);\n\
             if ((cap && strspn(value, \"0\") != strlen(value)) || !strcmp(key, \"NoNewPrivs\")\n\
                 || !strcmp(key, \"Uid\"))\n\
               fprintf(stderr, \"%s=%s \", key, value);\n\
           }\n\
           return 3;\n\
         }\n";
    c_program(dir.path(), "creds", source);
    let tests = one_board(dir.path());
    let args = [
        "ioiwari", "judge", "--json", "--tests", &tests, "--player", "./creds",
    ];
    let (report, _) = judged(dir.path(), levels_off, &args);
    assert_eq!(report["isolation"]["syscall_filter"], true, "{report}");
    let test = &report["tests"][0];
    assert_eq!(test["verdict"], "runtime_error", "{report}");
    test["reason"].as_str().unwrap().to_owned()
}

/// Every capability set a player's `/proc/self/status` shows.
const ALL_CAPABILITY_SETS: [&str; 5] = ["CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb"];

/// A player runs as its box user, with the capability sets `empty` empty and no way to gain
/// privileges again.
fn assert_unprivileged(reason: &str, empty: &[&str]) {
    for set in empty {
        assert!(!reason.contains(set), "{set}: {reason}");
    }
    assert!(reason.contains("NoNewPrivs=1"), "{reason}");
    assert!(!reason.contains("made-a-user-namespace"), "{reason}");
    let uid: u32 = reason
        .split("Uid=")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|uid| uid.parse().ok())
        .unwrap_or_else(|| panic!("no uid in {reason}"));
    assert!(uid >= duel_sandbox::BOX_ID_BASE, "{reason}");
}

#[test]
fn a_sandboxed_player_has_no_capabilities_when_its_user_is_changed_before_bubblewrap() {
    if is_root() && has_bwrap() {
        assert_unprivileged(&credentials_under(""), &ALL_CAPABILITY_SETS);
    }
}

#[test]
fn a_sandboxed_player_has_no_capabilities_when_setpriv_changes_its_user() {
    if is_root() && has_bwrap() {
        assert_unprivileged(&credentials_under("no-userns"), &ALL_CAPABILITY_SETS);
    }
}

#[test]
fn a_player_without_bubblewrap_has_no_capabilities_either() {
    if is_root() {
        // Its bounding set is left as it was: with no capabilities and no way to gain them,
        // it bounds nothing.
        let reason = credentials_under("no-bwrap");
        assert_unprivileged(&reason, &["CapInh", "CapPrm", "CapEff", "CapAmb"]);
    }
}

/// The report's `isolation` object of `duel GAME judge` on `tests` under `--sandbox none`,
/// with `submission` (`--player ./perfect`, say), from `dir`; the submission must win.
fn isolation_judging_from(
    dir: &Path,
    game: &str,
    tests: &str,
    submission: &[&str],
) -> serde_json::Value {
    let args = [
        game,
        "judge",
        "--json",
        "--tests",
        tests,
        "--sandbox",
        "none",
    ];
    let (report, _) = judged(dir, "", &[&args[..], submission].concat());
    assert_eq!(report["tests"][0]["verdict"], "win", "{report}");
    report["isolation"].clone()
}

/// The same for `./perfect` from `dir` on one board.
fn isolation_of_perfect_from(dir: &Path) -> serde_json::Value {
    build_perfect(dir);
    let tests = one_board(dir);
    isolation_judging_from(dir, "ioiwari", &tests, &["--player", "./perfect"])
}

#[test]
fn the_report_says_when_a_player_runs_as_the_judges_user() {
    // Without bubblewrap, a player in root's home is out of other users' reach.
    if let Some(dir) = root_home_dir() {
        let isolation = isolation_of_perfect_from(dir.path());
        assert_eq!(isolation["separate_user"], false, "{isolation}");
        let summary = isolation["summary"].as_str().unwrap();
        assert!(
            summary.contains("runs as the judge's user")
                && summary.contains("is not reachable by other users"),
            "{summary}"
        );
    }
}

#[test]
fn the_report_says_a_reachable_player_runs_as_a_user_of_its_own() {
    if is_root() {
        let isolation = isolation_of_perfect_from(tmp_dir().path());
        assert_eq!(isolation["separate_user"], true, "{isolation}");
        let summary = isolation["summary"].as_str().unwrap();
        assert!(!summary.contains("judge's user"), "{summary}");
    }
}

#[test]
fn the_report_says_when_a_module_runs_as_the_judges_user() {
    if let Some(dir) = root_home_dir() {
        std::fs::copy(players::libmis(), dir.path().join("libmis.so")).unwrap();
        let tests = one_position(dir.path());
        let module = ["--module", "./libmis.so"];
        let isolation = isolation_judging_from(dir.path(), "mis", &tests, &module);
        assert_eq!(isolation["separate_user"], false, "{isolation}");
        let summary = isolation["summary"].as_str().unwrap();
        assert!(summary.contains("libmis.so is not reachable"), "{summary}");
    }
}
