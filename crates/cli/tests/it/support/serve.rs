//! `duel serve` started for a test, and stopped when the test ends however it ends.

use duel_test_support::duel;
use duel_test_support::process::KillOnDrop;
use std::ffi::OsStr;
use std::io::{BufRead, BufReader};
use std::process::{ChildStdout, Stdio};

/// A running `duel serve --port 0`, killed when dropped.
pub struct Server {
    /// Where it listens, `127.0.0.1:PORT`, as its first line says.
    pub address: String,
    /// The rest of its standard output, kept open so that it never writes into a closed pipe.
    _output: BufReader<ChildStdout>,
    _process: KillOnDrop,
}

impl Server {
    /// Starts `duel serve --port 0` with `extra` arguments and reads its address from the first
    /// line it prints, `listening on http://ADDRESS/`.
    pub fn start(extra: &[&OsStr]) -> Server {
        let mut child = duel!()
            .args(["serve", "--port", "0"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("duel serve starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let process = KillOnDrop(child);
        let mut output = BufReader::new(stdout);
        let mut line = String::new();
        output
            .read_line(&mut line)
            .expect("duel serve prints its address");
        let address = line
            .trim()
            .strip_prefix("listening on http://")
            .and_then(|rest| rest.strip_suffix('/'))
            .unwrap_or_else(|| panic!("unexpected first line from duel serve: {line:?}"))
            .to_string();
        Server {
            address,
            _output: output,
            _process: process,
        }
    }

    /// The page's URL, `http://ADDRESS/`.
    pub fn url(&self) -> String {
        format!("http://{}/", self.address)
    }
}
