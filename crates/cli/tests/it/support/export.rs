//! Helpers of the export tests: exporting, compiling package sources as the contest systems
//! do, and finding the systems' own tools.

// `cpu_limited` sets a limit between fork and exec, which std only offers as unsafe.
#![allow(unsafe_code)]
#![allow(dead_code)]

use duel_test_support::{duel, skip};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// Whether `program` runs (`program --version` or `-h` exits, whatever its status).
pub fn have(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok()
}

/// Whether a test needing `program` should run: always when it exists; when it does not, the
/// test is skipped as `duel_test_support::skip` says (and fails when `require_var` is set).
pub fn need(program: &str, require_var: &str) -> bool {
    skip::unless_required(
        have(program),
        &format!("{program} is not installed"),
        ".ci/setup installs it",
        require_var,
    )
}

/// `duel export FORMAT DIR --task TASK`, returning DIR/TASK.
pub fn export(format: &str, task: &str, dir: &Path) -> PathBuf {
    let status = duel!()
        .args(["export", format])
        .arg(dir)
        .args(["--task", task])
        .stdout(Stdio::null())
        .status()
        .expect("duel runs");
    assert!(status.success(), "duel export {format} failed");
    dir.join(task)
}

/// Runs a compiler command line, panicking with its output when it fails.
pub fn compile(command: &mut Command) {
    let output = command.output().expect("the compiler runs");
    assert!(
        output.status.success(),
        "{command:?} failed:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// Compiles C++ `sources` into `binary`, with the include directory `include`.
pub fn cpp(sources: &[PathBuf], include: &Path, binary: &Path) {
    compile(
        Command::new("g++")
            .args(["-O2", "-std=gnu++20", "-I"])
            .arg(include)
            .args(sources)
            .arg("-o")
            .arg(binary),
    );
}

/// Compiles C `sources` into `binary`.
pub fn c(sources: &[PathBuf], include: &Path, binary: &Path) {
    compile(
        Command::new("gcc")
            .args(["-O2", "-std=gnu17", "-I"])
            .arg(include)
            .args(sources)
            .arg("-o")
            .arg(binary)
            .arg("-lm"),
    );
}

/// Compiles the Pascal program `main` (with units in `units`) into `binary`.
pub fn pascal(main: &Path, units: &Path, binary: &Path) {
    let out_dir = binary.parent().expect("a binary path has a directory");
    compile(
        Command::new("fpc")
            .arg("-O2")
            .arg(format!("-Fu{}", units.display()))
            .arg(format!("-FE{}", out_dir.display()))
            .arg(format!("-FU{}", out_dir.display()))
            .arg(format!("-o{}", binary.display()))
            .arg(main)
            .stdout(Stdio::null()),
    );
}

/// How a child process ended, or that it was still running at the deadline.
#[derive(Debug, Clone, Copy)]
pub enum Ended {
    /// It exited (or was killed by a signal) with this status.
    Status(ExitStatus),
    /// It was still running at the deadline and was killed.
    TimedOut,
}

impl Ended {
    /// Whether the process was killed for using up its CPU limit (SIGXCPU, or SIGKILL at the
    /// hard limit).
    pub fn out_of_cpu(&self) -> bool {
        use rustix::process::Signal;
        use std::os::unix::process::ExitStatusExt;
        match self {
            Ended::Status(status) => {
                matches!(status.signal(), Some(s) if s == Signal::XCPU.as_raw() || s == Signal::KILL.as_raw())
            }
            Ended::TimedOut => false,
        }
    }
}

/// `command` with a CPU-time limit of `seconds` (soft; the hard limit one second more), the
/// way contest systems limit a submission's time.
pub fn cpu_limited(mut command: Command, seconds: u64) -> Command {
    use rustix::process::{setrlimit, Resource, Rlimit};
    use std::os::unix::process::CommandExt;
    let limit = Rlimit {
        current: Some(seconds),
        maximum: Some(seconds + 1),
    };
    // SAFETY: the closure runs between fork and exec, where only async-signal-safe calls are
    // allowed: it makes one setrlimit system call on the child's own limits and allocates
    // nothing.
    unsafe {
        command.pre_exec(move || setrlimit(Resource::Cpu, limit).map_err(Into::into));
    }
    command
}

/// Waits for `child` until `deadline`, killing it then.
pub fn wait_until(child: &mut Child, deadline: Instant) -> Ended {
    loop {
        if let Some(status) = child.try_wait().expect("waiting works") {
            return Ended::Status(status);
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            let _ = child.wait();
            return Ended::TimedOut;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Waits for a program and its referee, for 60 s at most (then the program is killed, and the
/// referee a second later if it is still running).
pub fn wait_both(program: &mut Child, referee: &mut Child) -> (Ended, Ended) {
    wait_both_within(program, referee, Duration::from_secs(60))
}

/// [`wait_both`] with a deadline of `within`.
pub fn wait_both_within(
    program: &mut Child,
    referee: &mut Child,
    within: Duration,
) -> (Ended, Ended) {
    let deadline = Instant::now() + within;
    let (mut program_end, mut referee_end) = (None, None);
    while program_end.is_none() || referee_end.is_none() {
        if program_end.is_none() {
            if let Some(status) = program.try_wait().expect("waiting works") {
                program_end = Some(Ended::Status(status));
            }
        }
        if referee_end.is_none() {
            if let Some(status) = referee.try_wait().expect("waiting works") {
                referee_end = Some(Ended::Status(status));
            }
        }
        if Instant::now() >= deadline {
            program_end = program_end.or_else(|| Some(wait_until(program, Instant::now())));
            referee_end = referee_end
                .or_else(|| Some(wait_until(referee, Instant::now() + Duration::from_secs(1))));
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    let (Some(program_end), Some(referee_end)) = (program_end, referee_end) else {
        unreachable!("the loop ends when both have ended")
    };
    (program_end, referee_end)
}

/// Every ending of an Ioiwari game the packages can give.
pub const IOIWARI_ENDINGS: [&str; 6] = [
    "win",
    "draw",
    "loss",
    "illegal_move",
    "time_limit",
    "runtime_error",
];

/// Every ending of a Pooh-Eeyore-sticks game the packages can give.
pub const MIS_ENDINGS: [&str; 5] = ["win", "loss", "illegal_move", "time_limit", "runtime_error"];

/// Checks that the examples reached every verdict of `verdicts` (`seen` holds theirs).
pub fn assert_reaches(seen: &std::collections::BTreeSet<String>, verdicts: &[&str]) {
    for verdict in verdicts {
        assert!(
            seen.contains(*verdict),
            "no example gets {verdict}: {seen:?}"
        );
    }
}

/// The verdict name at the start of a judge message (`win: ...` gives `win`).
pub fn verdict_word(message: &str) -> String {
    message
        .split(':')
        .next()
        .unwrap_or_default()
        .trim()
        .to_owned()
}

/// Per test, duel's verdict names from a JSON report.
pub fn report_verdicts(report: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(report).expect("duel wrote its report");
    let json: serde_json::Value = serde_json::from_str(&text).expect("the report is JSON");
    json["tests"]
        .as_array()
        .expect("the report lists its tests")
        .iter()
        .map(|test| test["verdict"].as_str().expect("a verdict").to_owned())
        .collect()
}

/// Runs `jobs` closures at a time over `items`, keeping their order.
pub fn parallel<T: Sync, R: Send>(
    items: &[T],
    jobs: usize,
    work: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                let Some(item) = items.get(i) else { break };
                let result = work(item);
                results
                    .lock()
                    .expect("no worker panicked")
                    .push((i, result));
            });
        }
    });
    let mut results = results.into_inner().expect("no worker panicked");
    results.sort_by_key(|(i, _)| *i);
    results.into_iter().map(|(_, result)| result).collect()
}

/// The directory of the contest systems' Python tools: `$DUEL_EXPORT_TOOLS` if set, else the
/// directory of `verifyproblem` on the `PATH`.
pub fn tool(name: &str) -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("DUEL_EXPORT_TOOLS") {
        let path = Path::new(&dir).join(name);
        return path.is_file().then_some(path);
    }
    have(name).then(|| PathBuf::from(name))
}

/// The tool `name`, or `None` (the test is skipped) when it is missing; with
/// `DUEL_REQUIRE_EXPORT_TOOLS` set, or in the complete run, a missing tool fails the test.
pub fn need_tool(name: &str) -> Option<PathBuf> {
    required(
        tool(name),
        name,
        " (set DUEL_EXPORT_TOOLS to its directory)",
    )
}

/// A program the export needs on the `PATH` (`lualatex`, `pdftotext`), required as
/// [`need_tool`] requires the tools.
pub fn need_tool_on_path(name: &str) -> Option<PathBuf> {
    required(have(name).then(|| PathBuf::from(name)), name, "")
}

/// `found`, or `None` after [`skip`] (a failure too when `DUEL_REQUIRE_EXPORT_TOOLS` is set;
/// `hint` says where to find the program).
fn required(found: Option<PathBuf>, name: &str, hint: &str) -> Option<PathBuf> {
    skip::unless_required(
        found.is_some(),
        &format!("{name} is not installed"),
        &format!(".ci/setup installs it{hint}"),
        "DUEL_REQUIRE_EXPORT_TOOLS",
    );
    found
}

/// The `PATH` with the tool's own directory first (`verifyproblem` runs `problem2pdf` and
/// `problem2html` from there).
pub fn tools_path(tool: &std::path::Path) -> std::ffi::OsString {
    let mut dirs = vec![tool
        .parent()
        .unwrap_or(std::path::Path::new("."))
        .to_owned()];
    dirs.extend(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    ));
    std::env::join_paths(dirs).expect("the directories join")
}

/// Runs `duel ARGS --report REPORT --jobs 2` and returns duel's verdict names, test by test.
pub fn duel_judge(args: &[&str], report: &Path) -> Vec<String> {
    let output = duel!()
        .args(args)
        .arg("--report")
        .arg(report)
        .args(["--jobs", "2"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .expect("duel runs");
    assert!(
        output.status.success(),
        "duel {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    report_verdicts(report)
}

/// `duel ioiwari judge` of the player `command` on the official boards, with the memory limit
/// of the exported tasks (duel's own default) and a generous wall-clock limit for a loaded machine.
pub fn duel_ioiwari_judge(command: &str, report: &Path) -> Vec<String> {
    duel_judge(
        &[
            "ioiwari",
            "judge",
            "--player",
            command,
            "--memory-limit",
            "32",
            "--wall-limit",
            "60",
        ],
        report,
    )
}

/// `duel mis judge` of the module `library` on the official tests: duel's CPU limits (1 s plus
/// the host's allowance), as in the packages; a generous wall-clock limit, as the machine may
/// be loaded.
pub fn duel_mis_judge(library: &Path, report: &Path) -> Vec<String> {
    duel_judge(
        &[
            "mis",
            "judge",
            "--module",
            &library.display().to_string(),
            "--wall-limit",
            "60",
        ],
        report,
    )
}

/// Builds a Pooh-Eeyore-sticks module (a C or C++ file, or a directory holding the Pascal
/// unit `mis.pas`) as a shared library for `duel mis judge --module`, with `mis.h` from
/// `include`; returns the library's path.
pub fn mis_module_library(source: &Path, include: &Path, work: &Path) -> PathBuf {
    let stem = source.to_string_lossy().replace(['/', '.'], "_");
    let library = work.join(format!("lib{stem}.so"));
    if source.is_dir() {
        let dir = work.join(format!("{stem}-unit"));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::copy(source.join("mis.pas"), dir.join("mis.pas")).unwrap();
        let wrapper = dir.join("bolek.pas");
        std::fs::write(
            &wrapper,
            "library bolek;\n{$mode objfpc}\nuses mis;\n\
             procedure c_poczatek(p, e, peb: LongInt); cdecl;\nbegin\n  poczatek(p, e, peb);\nend;\n\
             procedure c_ruch_bolka(p, e: LongInt; bp, be: PLongInt); cdecl;\nbegin\n  ruch_bolka(p, e, bp^, be^);\nend;\n\
             exports c_poczatek name 'poczatek', c_ruch_bolka name 'ruch_bolka';\nbegin\nend.\n",
        )
        .unwrap();
        let lib_dir = work.join(format!("{stem}-lib"));
        std::fs::create_dir_all(&lib_dir).unwrap();
        compile(
            Command::new("fpc")
                .args(["-O2", "-Cg"])
                .arg(format!("-Fu{}", dir.display()))
                .arg(format!("-FE{}", lib_dir.display()))
                .arg(format!("-FU{}", lib_dir.display()))
                .arg(&wrapper)
                .stdout(Stdio::null()),
        );
        std::fs::copy(lib_dir.join("libbolek.so"), &library).unwrap();
    } else {
        let compiler = if source.extension().is_some_and(|e| e == "c") {
            "gcc"
        } else {
            "g++"
        };
        compile(
            Command::new(compiler)
                .args(["-O2", "-shared", "-fPIC", "-I"])
                .arg(include)
                .arg(source)
                .arg("-o")
                .arg(&library),
        );
    }
    library
}

/// The Ioiwari players that never flush (`duel_export`'s pass-fail packages, DMOJ's self-tests
/// and CMS's `sol/` carry them) and duel's verdict for each, which every package gives too:
/// `time_limit`, the Pascal program that uses `Writeln` alone (as the 2001 statement allowed)
/// included, since duel's judge builds Pascal as the contest systems do (RULES.md, G2; its
/// `--pascal-flush` plays it to a win, see [`IOI_2001_FLUSH`]).
pub const IOIWARI_UNFLUSHED: [(&str, &str); 2] = [
    ("unflushed.c", "time_limit"),
    ("writeln_only.pas", "time_limit"),
];

/// The player that never flushes whose verdict `--pascal-flush` changes, and that verdict.
pub const IOI_2001_FLUSH: (&str, &str) = ("writeln_only.pas", "win");

/// duel's verdict for the player that never flushes named `name`, or `None` for the others.
pub fn unflushed_verdict(name: &str) -> Option<&'static str> {
    IOIWARI_UNFLUSHED
        .iter()
        .find(|(file, _)| name.rsplit('/').next() == Some(*file))
        .map(|(_, verdict)| *verdict)
}

/// `duel ioiwari judge` of the source file `source` (judged as a contestant's, as the contest
/// systems build it) on `boards` only, with a short wall-clock limit: a program that never
/// flushes waits for it on every board.
pub fn duel_judge_source_briefly(source: &Path, boards: &[String], work: &Path) -> Vec<String> {
    duel_judge_source_briefly_with(source, boards, work, &[])
}

/// [`duel_judge_source_briefly`] with more of the judge's flags (`--pascal-flush`).
pub fn duel_judge_source_briefly_with(
    source: &Path,
    boards: &[String],
    work: &Path,
    flags: &[&str],
) -> Vec<String> {
    let tests = work.join("brief-boards.txt");
    std::fs::write(&tests, boards.join("\n") + "\n").unwrap();
    let (source, tests) = (source.display().to_string(), tests.display().to_string());
    let mut args = vec![
        "ioiwari",
        "judge",
        "--player",
        &source,
        "--tests",
        &tests,
        "--wall-limit",
        "4",
    ];
    args.extend_from_slice(flags);
    duel_judge(&args, &work.join("brief-report.json"))
}
