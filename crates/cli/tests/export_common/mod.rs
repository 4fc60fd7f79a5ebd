//! Helpers of the export tests: exporting, compiling package sources as the contest systems
//! do, and finding the systems' own tools.

#![allow(dead_code)]

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
/// test fails if `require_var` is set (CI) and is skipped otherwise.
pub fn need(program: &str, require_var: &str) -> bool {
    if have(program) {
        return true;
    }
    assert!(
        std::env::var_os(require_var).is_none(),
        "{program} is missing but {require_var} is set"
    );
    eprintln!("skipped: {program} is not installed");
    false
}

/// `duel export FORMAT DIR --task TASK`, returning DIR/TASK.
pub fn export(format: &str, task: &str, dir: &Path) -> PathBuf {
    let status = Command::new(env!("CARGO_BIN_EXE_duel"))
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
        use std::os::unix::process::ExitStatusExt;
        match self {
            Ended::Status(status) => {
                matches!(status.signal(), Some(libc::SIGXCPU) | Some(libc::SIGKILL))
            }
            Ended::TimedOut => false,
        }
    }
}

/// `command` with a CPU-time limit of `seconds` (soft; the hard limit one second more), the
/// way contest systems limit a submission's time.
pub fn cpu_limited(mut command: Command, seconds: u64) -> Command {
    use std::os::unix::process::CommandExt;
    let limit = libc::rlimit {
        rlim_cur: seconds,
        rlim_max: seconds + 1,
    };
    // SAFETY: setrlimit is async-signal-safe and touches only the child's own limits.
    unsafe {
        command.pre_exec(move || {
            if libc::setrlimit(libc::RLIMIT_CPU, &limit) == 0 {
                Ok(())
            } else {
                Err(std::io::Error::last_os_error())
            }
        });
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

/// The tool `name`, or `None` (the test is skipped) when it is missing and
/// `DUEL_REQUIRE_EXPORT_TOOLS` is not set; with it set, a missing tool fails the test.
pub fn need_tool(name: &str) -> Option<PathBuf> {
    let found = tool(name);
    if found.is_none() {
        assert!(
            std::env::var_os("DUEL_REQUIRE_EXPORT_TOOLS").is_none(),
            "{name} is missing but DUEL_REQUIRE_EXPORT_TOOLS is set (set DUEL_EXPORT_TOOLS to its directory)"
        );
        eprintln!("skipped: {name} is not installed");
    }
    found
}
