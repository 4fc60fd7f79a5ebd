//! Helpers of the runner tests: whether a process lives, and pids the programs wrote down.

use std::path::Path;

/// Whether `pid` is a live (not zombie) process.
pub fn is_alive(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => {
            let state = stat.rsplit(')').next().unwrap().split_whitespace().next();
            state != Some("Z") && state != Some("X")
        }
        Err(_) => false,
    }
}

/// The pid a program wrote to `path`.
pub fn read_pid(path: &Path) -> u32 {
    std::fs::read_to_string(path)
        .unwrap()
        .trim()
        .parse()
        .unwrap()
}
