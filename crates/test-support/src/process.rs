//! Running programs and checking on processes: a run with given input, whether a process still
//! runs, which of this process's children are zombies (all read from `/proc`), which pid a
//! program wrote down, and who the test runs as.

use std::io::Write;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};

/// A program's bytes as text, any invalid UTF-8 shown as U+FFFD.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// All a program said: its standard output, then its standard error, as [`text`].
pub fn said(output: &Output) -> String {
    text(&output.stdout) + &text(&output.stderr)
}

/// Runs `command` with `input` on its standard input, capturing its standard output and error.
/// The input is written from a thread of its own, so a program that writes much before it
/// reads everything cannot stall the test; a program that ends without reading it all is not
/// an error here (its output says what it did).
pub fn output_with_stdin(command: &mut Command, input: impl AsRef<[u8]>) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the program starts");
    let mut stdin = child.stdin.take().expect("a piped standard input");
    let input = input.as_ref().to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().expect("the program's output");
    writer.join().expect("the writer thread");
    output
}

/// A child process killed (and reaped) when dropped, so that a failing test leaves nothing
/// running.
pub struct KillOnDrop(pub Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// [`output_with_stdin`] as a method of [`Command`], for the end of a builder chain.
pub trait WithStdin {
    /// Runs the command with `input` on its standard input; see [`output_with_stdin`].
    fn output_with_stdin(&mut self, input: impl AsRef<[u8]>) -> Output;
}

impl WithStdin for Command {
    fn output_with_stdin(&mut self, input: impl AsRef<[u8]>) -> Output {
        output_with_stdin(self, input)
    }
}

/// The state letter of process `pid` (`R`, `S`, `Z`, ...), or `None` when there is no such
/// process. It follows the command name's closing parenthesis in `/proc/<pid>/stat` (the name
/// itself may hold parentheses and spaces).
fn state(pid: impl std::fmt::Display) -> Option<char> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let (_, rest) = stat.rsplit_once(')')?;
    rest.trim_start().chars().next()
}

/// Whether process `pid` is still running: a zombie waiting for its parent counts as ended.
pub fn is_alive(pid: u32) -> bool {
    !matches!(state(pid), None | Some('Z') | Some('X'))
}

/// This process's children (of any of its threads) that are zombies: ended, not yet reaped.
pub fn zombie_children() -> Vec<i32> {
    let mut zombies = Vec::new();
    for task in std::fs::read_dir("/proc/self/task").unwrap().flatten() {
        let children = std::fs::read_to_string(task.path().join("children")).unwrap_or_default();
        for pid in children.split_whitespace() {
            if state(pid) == Some('Z') {
                zombies.push(pid.parse().unwrap());
            }
        }
    }
    zombies
}

/// Sends `signal` to process `pid` (a child the test started, or one it knows the pid of);
/// a process already gone is no error, as the checks then look at how it ended.
pub fn send_signal(pid: u32, signal: rustix::process::Signal) {
    let pid = i32::try_from(pid)
        .ok()
        .and_then(rustix::process::Pid::from_raw);
    if let Some(pid) = pid {
        let _ = rustix::process::kill_process(pid, signal);
    }
}

/// The pid a program under test wrote to `path` (one number, maybe with a line end).
pub fn read_pid(path: &Path) -> u32 {
    std::fs::read_to_string(path)
        .unwrap()
        .trim()
        .parse()
        .unwrap()
}

/// Whether the test runs as root; when not, the test cannot do its work (the caller returns
/// early), which [`crate::skip`] reports.
#[track_caller]
pub fn is_root() -> bool {
    crate::skip::unless(
        rustix::process::geteuid().is_root(),
        "the tests do not run as root, which the separate-user cases need",
        "run them as root, as CI does",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_child_is_alive_then_a_zombie_then_gone() {
        let mut child = std::process::Command::new("sleep")
            .arg("30")
            .spawn()
            .unwrap();
        let pid = child.id();
        assert!(is_alive(pid));
        assert!(!zombie_children().contains(&(pid as i32)));
        child.kill().unwrap();
        // Killed but not reaped: a zombie, which is not alive.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while !zombie_children().contains(&(pid as i32)) {
            assert!(std::time::Instant::now() < deadline, "never a zombie");
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        assert!(!is_alive(pid));
        child.wait().unwrap();
        assert!(!is_alive(pid));
        assert!(!zombie_children().contains(&(pid as i32)));
    }

    #[test]
    fn input_reaches_the_program_and_its_outputs_come_back() {
        let output = output_with_stdin(
            Command::new("sh").args(["-c", "tr a-z A-Z; echo done >&2; exit 3"]),
            "some words\n",
        );
        assert_eq!(output.stdout, b"SOME WORDS\n");
        assert_eq!(output.stderr, b"done\n");
        assert_eq!(output.status.code(), Some(3));
        // A program that reads nothing, given more than a pipe holds.
        let output = output_with_stdin(&mut Command::new("true"), vec![b'x'; 1 << 20]);
        assert!(output.status.success());
    }

    #[test]
    fn a_guarded_child_is_gone_once_the_guard_is() {
        let guard = KillOnDrop(Command::new("sleep").arg("30").spawn().unwrap());
        let pid = guard.0.id();
        assert!(is_alive(pid));
        drop(guard);
        assert!(!is_alive(pid));
        assert!(!zombie_children().contains(&(pid as i32)));
    }

    #[test]
    fn a_written_pid_is_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("pid");
        std::fs::write(&path, "4242\n").unwrap();
        assert_eq!(read_pid(&path), 4242);
    }
}
