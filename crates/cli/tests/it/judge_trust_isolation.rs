//! What a submission and its compiler can reach, one test per attack, under the default
//! isolation and `--sandbox none` alike: root-only files read at compile time, a source given
//! as a link, the judge's environment, box users shared between programs or judges, a bad
//! source in a batch, paths with `..` and links, and the hint of a program that wrote part of
//! a line.
//!
//! The separate-user cases need root; without it they say so and pass.

use crate::support::hostile;
use crate::support::hostile::{one_board, read_report, verdicts};
use duel_test_support::process::is_root;
use duel_test_support::process::send_signal;
use duel_test_support::{bin, duel, sh_script, shell_word, work_dir};
use rustix::process::Signal;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

/// The two isolations a contest uses: the default (bubblewrap where it works) and none.
const MODES: [&str; 2] = ["auto", "none"];

/// The task's start board `count` times, as a test file `name` in `dir`.
fn boards(dir: &Path, name: &str, count: usize) -> PathBuf {
    let tests = dir.join(name);
    std::fs::write(&tests, "4 3 2 4 2 3 2\n".repeat(count)).unwrap();
    tests
}

/// A file only root may read, holding a line no compiler accepts and that names a marker
/// found nowhere else: `(path, marker)`.
fn secret(dir: &Path) -> (PathBuf, String) {
    let marker = format!("DUELSECRET{}x{}", std::process::id(), dir.as_os_str().len());
    let vault = dir.join("vault");
    std::fs::create_dir(&vault).unwrap();
    let path = vault.join("secret");
    std::fs::write(&path, format!("{marker} is root's alone\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
    std::fs::set_permissions(&vault, std::fs::Permissions::from_mode(0o700)).unwrap();
    (path, marker)
}

/// `duel ioiwari judge` of one source (named `name`, holding `text`) on one board in
/// `sandbox`, its report written: the output and the report's text.
fn judge_source(dir: &Path, name: &str, text: &str, sandbox: &str) -> (Output, String) {
    let source = dir.join(name);
    std::fs::write(&source, text).unwrap();
    let report = dir.join(format!("report-{sandbox}.json"));
    let output = duel!()
        .args([
            "ioiwari",
            "judge",
            "--tests",
            &one_board(dir),
            "--sandbox",
            sandbox,
        ])
        .arg("--player")
        .arg(&source)
        .arg("--report")
        .arg(&report)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let report = std::fs::read_to_string(&report).unwrap_or_default();
    (output, report)
}

/// `duel ioiwari judge --sandbox SANDBOX ARGS --report r.json` run from `cwd` (where the
/// report goes) with the variables `env` added, which must end with status 0: its output,
/// its report and the report's text.
fn judged(
    cwd: &Path,
    sandbox: &str,
    args: &[&str],
    env: &[(&str, &str)],
) -> (Output, serde_json::Value, String) {
    let output = duel!()
        .current_dir(cwd)
        .args(["ioiwari", "judge", "--sandbox", sandbox])
        .args(args)
        .args(["--report", "r.json"])
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(
        output.status.code(),
        Some(0),
        "{sandbox} {args:?}: {output:?}"
    );
    let text = std::fs::read_to_string(cwd.join("r.json")).unwrap();
    let json = serde_json::from_str(&text).unwrap();
    (output, json, text)
}

/// Every word the judge said, on both streams and in its report.
fn everything(output: &Output, report: &str) -> String {
    format!(
        "{}{}{report}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// Judges `text` (a source reading the secret at compile time) in both isolations: the
/// secret never shows, and the source is a `compile_error` or a program that could not read
/// it either.
fn assert_compile_time_read_is_refused(name: &str, text: impl Fn(&Path) -> String) {
    if !is_root() {
        return;
    }
    let dir = work_dir!();
    let (secret, marker) = secret(dir.path());
    for sandbox in MODES {
        let (output, report) = judge_source(dir.path(), name, &text(&secret), sandbox);
        let said = everything(&output, &report);
        assert!(
            !said.contains(&marker),
            "{sandbox}: the secret leaked: {said}"
        );
        if output.status.code() == Some(2) && said.contains("cannot be run by other users") {
            // rustup's rustc under /root: without bubblewrap no box user may run it, and
            // the judge says so rather than charge the contestant.
            continue;
        }
        assert_eq!(output.status.code(), Some(0), "{sandbox}: {output:?}");
        let report: serde_json::Value = serde_json::from_str(&report).unwrap();
        assert_ne!(verdicts(&report), ["win"], "{sandbox}: {report}");
    }
}

fn c_include(secret: &Path) -> String {
    format!(
        "#include \"{}\"\nint main(void) {{ return 0; }}\n",
        secret.display()
    )
}

#[test]
fn a_c_include_of_a_root_only_file_reads_nothing() {
    assert_compile_time_read_is_refused("include.c", c_include);
}

#[test]
fn the_same_include_of_a_readable_file_does_show_it_so_the_test_can_fail() {
    // Without bubblewrap the compiler sees the file system as any user: a file any user may
    // read is included, and gcc quotes its line.
    let dir = work_dir!();
    if !duel_test_support::reachable_by_runs(dir.path()) {
        return;
    }
    let (secret, marker) = secret(dir.path());
    std::fs::set_permissions(&secret, std::fs::Permissions::from_mode(0o644)).unwrap();
    std::fs::set_permissions(
        secret.parent().unwrap(),
        std::fs::Permissions::from_mode(0o755),
    )
    .unwrap();
    let (output, report) = judge_source(dir.path(), "include.c", &c_include(&secret), "none");
    let report_json: serde_json::Value = serde_json::from_str(&report).unwrap();
    assert_eq!(verdicts(&report_json), ["compile_error"], "{report}");
    assert!(everything(&output, &report).contains(&marker), "{report}");
}

#[test]
fn a_pascal_include_of_a_root_only_file_reads_nothing() {
    assert_compile_time_read_is_refused("include.pas", |secret| {
        format!("program p;\n{{$I {}}}\nbegin\nend.\n", secret.display())
    });
}

#[test]
fn an_incbin_of_a_root_only_file_reads_nothing() {
    // Built, the program would print the file on stderr, which the reason quotes.
    assert_compile_time_read_is_refused("incbin.c", |secret| {
        format!(
            "#include <stdio.h>\n\
             __asm__(\".section .rodata\\n.global leak\\nleak: .incbin \\\"{}\\\"\\n.byte 0\\n.text\");\n\
             extern const char leak[];\n\
             int main(void) {{ fprintf(stderr, \"%s\", leak); return 3; }}\n",
            secret.display()
        )
    });
}

#[test]
fn a_rust_include_bytes_of_a_root_only_file_reads_nothing() {
    assert_compile_time_read_is_refused("include.rs", |secret| {
        format!(
            "static LEAK: &[u8] = include_bytes!({:?});\n\
             fn main() {{ eprintln!(\"{{}}\", String::from_utf8_lossy(LEAK)); std::process::exit(3); }}\n",
            secret.display().to_string()
        )
    });
}

#[test]
fn a_module_source_including_a_root_only_file_reads_nothing_in_graj_or_the_judge() {
    if !is_root() {
        return;
    }
    let dir = work_dir!();
    let (secret, marker) = secret(dir.path());
    let module = dir.path().join("module.c");
    std::fs::write(&module, c_include(&secret)).unwrap();
    for sandbox in MODES {
        let graj = bin!("graj")
            .args(["--sandbox", sandbox, "--module"])
            .arg(&module)
            .args(["7", "2", "3"])
            .output()
            .unwrap();
        assert_eq!(graj.status.code(), Some(2), "{sandbox}: {graj:?}");
        assert!(!everything(&graj, "").contains(&marker), "{graj:?}");
        let judged = duel!()
            .args(["mis", "judge", "--sandbox", sandbox, "--module"])
            .arg(&module)
            .output()
            .unwrap();
        assert!(!everything(&judged, "").contains(&marker), "{judged:?}");
        assert!(
            String::from_utf8_lossy(&judged.stdout).contains("compile_error"),
            "{judged:?}"
        );
    }
}

/// Makes `link` a symbolic link to `target` owned by `uid` (the link itself).
fn link_owned_by(target: &Path, link: &Path, uid: u32) {
    std::os::unix::fs::symlink(target, link).unwrap();
    rustix::fs::chownat(
        rustix::fs::CWD,
        link,
        Some(rustix::fs::Uid::from_raw(uid)),
        Some(rustix::fs::Gid::from_raw(uid)),
        rustix::fs::AtFlags::SYMLINK_NOFOLLOW,
    )
    .unwrap();
}

/// Plants `names` in `dir` as links to `secret`, the first a contestant's (nobody's), the
/// second copied by root, and checks that `judge(link, sandbox)` stops before any test in
/// every mode (exit 2, naming a symbolic link) without showing `marker`: what each said.
fn each_link_is_refused(
    dir: &Path,
    secret: &Path,
    marker: &str,
    names: [&str; 2],
    judge: impl Fn(&Path, &str) -> Output,
) -> Vec<String> {
    let mut said_all = Vec::new();
    for (name, owner) in names.into_iter().zip([65534, 0]) {
        let link = dir.join(name);
        link_owned_by(secret, &link, owner);
        for sandbox in MODES {
            let output = judge(&link, sandbox);
            let said = everything(&output, "");
            assert_eq!(output.status.code(), Some(2), "{name} {sandbox}: {said}");
            assert!(said.contains("symbolic link"), "{name} {sandbox}: {said}");
            assert!(!said.contains(marker), "{name} {sandbox}: {said}");
            said_all.push(said);
        }
    }
    said_all
}

#[test]
fn a_source_given_as_a_link_to_a_root_only_file_is_refused_never_read_as_root() {
    if !is_root() {
        return;
    }
    let dir = work_dir!();
    let (secret, marker) = secret(dir.path());
    // A contestant's link (nobody's), and a link copied by root: neither may read it.
    each_link_is_refused(
        dir.path(),
        &secret,
        &marker,
        ["evil.c", "copied.c"],
        |link, sandbox| {
            duel!()
                .args(["ioiwari", "judge", "--sandbox", sandbox, "--tests"])
                .arg(one_board(dir.path()))
                .arg("--player")
                .arg(link)
                .arg("--report")
                .arg(dir.path().join("r.json"))
                .output()
                .unwrap()
        },
    );
    // A link to a file every user may read is judged as usual.
    let dir2 = work_dir!();
    let perfect = hostile::hostile_dir()
        .join("../sources/ioiwari/perfect.c")
        .canonicalize()
        .unwrap();
    let link = dir2.path().join("perfect.c");
    link_owned_by(&perfect, &link, 65534);
    let report = dir2.path().join("r.json");
    let output = duel!()
        .args(["ioiwari", "judge", "--tests"])
        .arg(one_board(dir2.path()))
        .arg("--player")
        .arg(&link)
        .arg("--report")
        .arg(&report)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert_eq!(verdicts(&read_report(&report)), ["win"]);
}

#[test]
fn the_judges_environment_reaches_no_program() {
    let dir = work_dir!();
    let marker = "duel-judge-secret-7f3a";
    // A Python player that tells which variables it has, on stderr (the reason quotes it).
    let player =
        "import os, sys\nsys.stderr.write(' '.join(sorted(os.environ)) + '\\n')\nsys.exit(3)\n";
    std::fs::write(dir.path().join("env.py"), player).unwrap();
    let tests = one_board(dir.path());
    let args = ["--tests", &tests, "--player", "env.py"];
    let env = [
        ("DUEL_JUDGE_SECRET", marker),
        ("PYTHONUNBUFFERED", "1"),
        ("PYTHONPATH", "/nowhere"),
    ];
    for sandbox in MODES {
        let (_, report, text) = judged(dir.path(), sandbox, &args, &env);
        let reason = report["tests"][0]["reason"].as_str().unwrap_or_default();
        assert!(
            reason.contains("stderr: \"HOME LANG LC_ALL PATH PWD TMPDIR\""),
            "{sandbox}: {reason}"
        );
        assert!(!text.contains(marker), "{text}");
        let listed: Vec<&str> = report["isolation"]["environment"]
            .as_array()
            .unwrap()
            .iter()
            .map(|line| line.as_str().unwrap())
            .collect();
        assert!(listed.contains(&"HOME=/tmp"), "{listed:?}");
        assert!(listed.contains(&"LANG=C.UTF-8"), "{listed:?}");
        let path = listed.iter().find(|line| line.starts_with("PATH="));
        assert!(path.is_some_and(|path| path.starts_with("PATH=/usr/local/sbin:")));
        let python = listed.iter().find(|line| line.starts_with("PYTHON"));
        assert_eq!(python, None, "{listed:?}");
    }
}

#[test]
fn pythonunbuffered_in_the_judges_shell_does_not_save_a_player_that_never_flushes() {
    let dir = work_dir!();
    // Reads the board, answers pit 1 without flushing, then waits for the reply forever.
    let player = "import sys\nsys.stdin.readline()\nprint(1)\nsys.stdin.readline()\n";
    std::fs::write(dir.path().join("noflush.py"), player).unwrap();
    let tests = one_board(dir.path());
    let args = [
        "--time-limit",
        "0.5",
        "--tests",
        &tests,
        "--player",
        "noflush.py",
    ];
    for sandbox in MODES {
        for unbuffered in ["1", ""] {
            let env = [("PYTHONUNBUFFERED", unbuffered)];
            let (_, report, _) = judged(dir.path(), sandbox, &args, &env);
            assert_eq!(
                verdicts(&report),
                ["time_limit"],
                "{sandbox} {unbuffered:?}"
            );
            let reason = report["tests"][0]["reason"].as_str().unwrap();
            assert!(reason.contains("it wrote nothing"), "{reason}");
        }
    }
}

/// The box user ids the reasons of a report's tests quote (`stderr: "1000042"`).
fn quoted_uids(report: &serde_json::Value) -> Vec<u32> {
    report["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|test| {
            let reason = test["reason"].as_str().unwrap();
            let quoted = reason.rsplit("stderr: \"").next().unwrap();
            // The quote ends at its closing mark (a note may follow it).
            quoted
                .split('"')
                .next()
                .unwrap()
                .parse()
                .unwrap_or_else(|_| panic!("{reason}"))
        })
        .collect()
}

#[test]
fn seventy_jobs_run_as_seventy_users() {
    if !is_root() {
        return;
    }
    let dir = work_dir!();
    boards(dir.path(), "seventy.txt", 70);
    // Each test's program waits long enough for all 70 to run at once, then names its user.
    let player = "sh -c 'sleep 1.5; id -u >&2; exit 3'";
    let args = ["--jobs", "70", "--time-limit", "2", "--player", player];
    for sandbox in MODES {
        let args = [&args[..], &["--tests", "seventy.txt"]].concat();
        let (_, report, _) = judged(dir.path(), sandbox, &args, &[]);
        let mut uids = quoted_uids(&report);
        assert_eq!(uids.len(), 70);
        uids.sort_unstable();
        uids.dedup();
        assert_eq!(
            uids.len(),
            70,
            "{sandbox}: programs shared a user: {uids:?}"
        );
        assert!(uids[0] >= duel_sandbox::BOX_ID_BASE);
    }
}

#[test]
fn a_neighbour_killing_everything_it_can_see_does_not_touch_another_judges_player() {
    if !is_root() {
        return;
    }
    let dir = work_dir!();
    // Enough tests to outlast the other judge: under bubblewrap the killer ends its own
    // sandbox at once (its PID namespace's init too), without it each test lasts 6 s.
    let many = boards(dir.path(), "many.txt", 400);
    for sandbox in MODES {
        // Judge A: a player that sends SIGKILL to every process it may signal, again and
        // again until its wall clock runs out.
        let mut killer = duel!()
            .args(["ioiwari", "judge", "--sandbox", sandbox, "--jobs", "2"])
            .args(["--time-limit", "2", "--tests"])
            .arg(&many)
            .args([
                "--player",
                "sh -c 'while :; do kill -9 -1; sleep 0.005; done'",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(500));
        // Judge B, at the same time: the perfect player on the official boards.
        let report = dir.path().join(format!("perfect-{sandbox}.json"));
        let started = Instant::now();
        let output = duel!()
            .args(["ioiwari", "judge", "--sandbox", sandbox, "--jobs", "2"])
            .arg("--report")
            .arg(&report)
            .output()
            .unwrap();
        assert!(
            killer.try_wait().unwrap().is_none(),
            "the killer's judge ended before the perfect player's ({:?})",
            started.elapsed()
        );
        assert_eq!(output.status.code(), Some(0), "{output:?}");
        let report = read_report(&report);
        assert_eq!(report["score"], 100.0, "{sandbox}: {report}");
        assert!(verdicts(&report).iter().all(|verdict| verdict == "win"));
        // The killer's judge stops as after Ctrl-C.
        send_signal(killer.id(), Signal::TERM);
        let status = killer.wait().unwrap();
        assert_eq!(status.code(), Some(143), "the killer's judge ends normally");
    }
}

#[test]
fn one_oversized_source_does_not_stop_a_batch() {
    let dir = work_dir!();
    let entries = dir.path().join("entries");
    std::fs::create_dir(&entries).unwrap();
    let sources = hostile::hostile_dir().join("../sources/ioiwari");
    std::fs::copy(sources.join("perfect.c"), entries.join("a-perfect.c")).unwrap();
    let big = format!("int main(void) {{ return 0; }}\n{}", " ".repeat(1 << 20));
    std::fs::write(entries.join("b-big.c"), big).unwrap();
    std::fs::copy(sources.join("perfect.py"), entries.join("c-perfect.py")).unwrap();
    let report = dir.path().join("ranking.json");
    let output = duel!()
        .args([
            "ioiwari",
            "judge",
            "--tests",
            &one_board(dir.path()),
            "--player",
        ])
        .arg(&entries)
        .arg("--report")
        .arg(&report)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let ranking = read_report(&report);
    let submissions = ranking["submissions"].as_array().unwrap();
    assert_eq!(submissions.len(), 3, "{ranking}");
    let by_name = |part: &str| {
        submissions
            .iter()
            .find(|s| s["player"].as_str().unwrap().contains(part))
            .unwrap_or_else(|| panic!("{part}: {ranking}"))
    };
    assert_eq!(verdicts(by_name("a-perfect")), ["win"]);
    assert_eq!(verdicts(by_name("c-perfect")), ["win"]);
    let big = by_name("b-big");
    assert_eq!(verdicts(big), ["compile_error"]);
    assert!(
        big["tests"][0]["reason"]
            .as_str()
            .unwrap()
            .contains("larger than 1024 KiB"),
        "{big}"
    );
}

#[test]
fn paths_with_dot_dot_links_and_relative_words_reach_their_program() {
    let dir = work_dir!();
    let w = dir.path().canonicalize().unwrap();
    for sub in ["a/b", "c/sub"] {
        std::fs::create_dir_all(w.join(sub)).unwrap();
    }
    std::fs::copy(hostile::players_dir().join("perfect"), w.join("c/perfect")).unwrap();
    // a/l leads to c/sub, so a/l/.. is c, not a.
    std::os::unix::fs::symlink("../c/sub", w.join("a/l")).unwrap();
    std::os::unix::fs::symlink(w.join("c"), w.join("linked")).unwrap();
    let tests = one_board(&w);
    for sandbox in MODES {
        for (cwd, player) in [
            (w.clone(), shell_word(w.join("a/b/../../c/perfect"))),
            (w.clone(), "sh -c './a/l/../perfect'".to_owned()),
            (w.clone(), "./linked/./perfect".to_owned()),
            (w.join("a/b"), "../../c/perfect".to_owned()),
            (w.join("a"), "l/../perfect".to_owned()),
        ] {
            let args = ["--tests", &tests, "--player", &player];
            let (_, report, text) = judged(&cwd, sandbox, &args, &[]);
            assert_eq!(
                verdicts(&report),
                ["win"],
                "{sandbox} {player} from {cwd:?}: {text}"
            );
        }
    }
}

#[test]
fn a_partial_line_is_said_to_be_one_not_silence() {
    let dir = work_dir!();
    let tests = one_board(dir.path());
    let player = "sh -c 'read board; printf 2; sleep 5'";
    let args = ["--time-limit", "0.3", "--tests", &tests, "--player", player];
    for sandbox in MODES {
        let (_, report, _) = judged(dir.path(), sandbox, &args, &[]);
        assert_eq!(verdicts(&report), ["time_limit"]);
        let reason = report["tests"][0]["reason"].as_str().unwrap();
        assert!(
            reason.contains("it wrote 1 byte but no end of line"),
            "{reason}"
        );
        assert!(!reason.contains("wrote nothing"), "{reason}");
    }
}

#[test]
fn without_bubblewrap_a_run_leaves_no_litter_and_cannot_fill_the_disk() {
    if !is_root() {
        return;
    }
    let dir = work_dir!();
    let tag = format!("duel-litter-{}", std::process::id());
    // A directory any user may write, outside the usual ones (as /var/crash or a shared
    // upload directory are), and the working directory made one too.
    let open = dir.path().join("open");
    std::fs::create_dir(&open).unwrap();
    for place in [&open, &dir.path().to_path_buf()] {
        std::fs::set_permissions(place, std::fs::Permissions::from_mode(0o1777)).unwrap();
    }
    // Marks every directory any user may write, keeps a 32 MB object in /dev/shm, writes as
    // much as it can into /var/tmp (four files of 50 MB), then says how much it holds there.
    let player = format!(
        "sh -c 'for d in /tmp /var/tmp /dev/shm /run/lock \"{open}\" .; do echo x > \"$d\"/{tag}; \
         done; head -c 32000000 /dev/zero > /dev/shm/{tag}-shm; \
         for i in 1 2 3 4; do head -c 50000000 /dev/zero > /var/tmp/{tag}-$i; done; \
         du -sb /var/tmp | cut -f1 >&2; exit 3'",
        open = open.display()
    );
    let tests = one_board(dir.path());
    let args = [
        "--memory-limit",
        "512",
        "--tests",
        &tests,
        "--player",
        &player,
    ];
    for sandbox in MODES {
        let (_, report, _) = judged(dir.path(), sandbox, &args, &[]);
        let reason = report["tests"][0]["reason"].as_str().unwrap().to_owned();
        let places = ["/tmp", "/var/tmp", "/dev/shm", "/run/lock"].map(PathBuf::from);
        for place in places.iter().chain([&open, &dir.path().to_path_buf()]) {
            let left: Vec<_> = std::fs::read_dir(place)
                .map(|entries| {
                    entries
                        .flatten()
                        .filter(|e| e.file_name().to_string_lossy().starts_with(&tag))
                        .map(|e| e.path())
                        .collect()
                })
                .unwrap_or_default();
            assert!(left.is_empty(), "{sandbox}: the run left {left:?}");
        }
        if sandbox == "none" {
            // It saw its own /var/tmp, bounded: what it wrote there is at most 64 MiB.
            let held: u64 = reason
                .rsplit("stderr: \"")
                .next()
                .and_then(|rest| rest.trim_end_matches('"').parse().ok())
                .unwrap_or_else(|| panic!("{reason}"));
            assert!(held > 0 && held <= 64 << 20, "{reason}");
        }
    }
}

#[test]
fn a_named_file_bubblewrap_cannot_show_stops_the_judge_before_the_first_test() {
    let perfect = shell_word(hostile::players_dir().join("perfect"));
    // /dev/shm is bubblewrap's own (it makes a fresh /dev): a script there cannot be shown.
    let script = PathBuf::from(format!("/dev/shm/duel-shown-{}.sh", std::process::id()));
    std::fs::write(&script, format!("exec {perfect}\n")).unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let dir = work_dir!();
    let tests = one_board(dir.path());
    let player = sh_script(&script);
    let args = ["--tests", &tests, "--player", &player, "--report", "r.json"];
    let output = duel!()
        .current_dir(dir.path())
        .args(["ioiwari", "judge", "--sandbox", "auto"])
        .args(args)
        .output()
        .unwrap();
    if support_bwrap(&output) {
        assert_eq!(output.status.code(), Some(2), "{output:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("cannot show it"), "{stderr}");
        assert!(stderr.contains(&script.display().to_string()), "{stderr}");
        assert!(!dir.path().join("r.json").exists(), "no test ran");
    }
    // Without bubblewrap the program sees the file where it is and plays, and the player the
    // script names itself where it is too (unless that is where each run has its own).
    if duel_test_support::reachable_by_runs(hostile::players_dir()) {
        let (_, report, _) = judged(dir.path(), "none", &args[..4], &[]);
        assert_eq!(verdicts(&report), ["win"]);
    }
    std::fs::remove_file(&script).unwrap();
}

/// Whether the judge ran under bubblewrap (else the bubblewrap case is skipped; `output` is
/// the judge's, shown with the test's own output when the skip fails it).
fn support_bwrap(output: &Output) -> bool {
    let bwrap = duel_sandbox::Sandbox::Auto.uses_bwrap();
    if !bwrap {
        eprintln!("the judge without bubblewrap: {output:?}");
    }
    duel_test_support::skip::unless(
        bwrap,
        "bubblewrap does not work here",
        ".ci/setup installs bubblewrap; it needs user namespaces or root",
    )
}

#[test]
fn a_player_named_through_a_link_to_a_root_only_file_is_refused_in_every_mode() {
    if !is_root() {
        return;
    }
    let dir = work_dir!();
    let (secret, marker) = secret(dir.path());
    // Root's alone, and a program root may run.
    std::fs::set_permissions(&secret, std::fs::Permissions::from_mode(0o700)).unwrap();
    // `python3 evil.py` would print the line it chokes on; `./evil` would be bound as root.
    link_owned_by(&secret, &dir.path().join("evil.py"), 65534);
    link_owned_by(&secret, &dir.path().join("evil"), 0);
    let tests = one_board(dir.path());
    for player in ["python3 evil.py", "./evil"] {
        for sandbox in MODES {
            let output = duel!()
                .current_dir(dir.path())
                .args(["ioiwari", "judge", "--sandbox", sandbox, "--tests", &tests])
                .args(["--player", player])
                .output()
                .unwrap();
            let said = everything(&output, "");
            assert_eq!(output.status.code(), Some(2), "{player} {sandbox}: {said}");
            assert!(said.contains("symbolic link"), "{said}");
            assert!(!said.contains(&marker), "{said}");
        }
    }
}

#[test]
fn a_prebuilt_module_named_through_a_link_to_a_root_only_file_is_not_looked_into_as_root() {
    if !is_root() {
        return;
    }
    let dir = work_dir!();
    // A root-only file that is no library: read as root, the judge's check of a module's
    // exports would say what kind of file it is ("not a shared library"), an oracle on a file
    // the contestant may not read.
    let (secret, marker) = secret(dir.path());
    // A contestant's link (nobody's), and a link copied by root: neither may read it, so the
    // judge may not read it either and stops, naming the link, without the file's kind.
    let names = ["libevil.so", "libcopied.so"];
    for said in each_link_is_refused(dir.path(), &secret, &marker, names, |link, sandbox| {
        duel!()
            .args(["mis", "judge", "--sandbox", sandbox, "--module"])
            .arg(link)
            .output()
            .unwrap()
    }) {
        assert!(names.iter().any(|name| said.contains(name)), "{said}");
        assert!(!said.contains("shared library"), "{said}");
    }
}
