//! `duel serve` started for a test, and stopped when the test ends however it ends.

use duel_test_support::duel;
use duel_test_support::process::KillOnDrop;
use std::ffi::OsStr;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{ChildStdout, Stdio};

/// A running `duel serve --port 0`, killed when dropped.
pub struct Server {
    /// Where it listens, `127.0.0.1:PORT`, as its first line says.
    pub address: String,
    /// The rest of its standard output, kept open so that it never writes into a closed pipe.
    _output: BufReader<ChildStdout>,
    process: KillOnDrop,
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
            process,
        }
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.process.0.id()
    }

    /// Sends one request (`body`, if any, as JSON) on a connection of its own: the status
    /// and the body of the answer.
    pub fn request(&self, method: &str, path: &str, body: Option<&str>) -> (u16, Vec<u8>) {
        let mut stream = TcpStream::connect(&self.address).expect("duel serve answers");
        let body = body.unwrap_or("");
        write!(
            stream,
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n",
            body.len()
        )
        .and_then(|()| stream.write_all(body.as_bytes()))
        .expect("the request is sent");
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).expect("the answer is read");
        let status = std::str::from_utf8(answer.get(9..12).unwrap_or_default())
            .ok()
            .and_then(|status| status.parse().ok())
            .unwrap_or_else(|| {
                panic!("not an HTTP answer: {:?}", String::from_utf8_lossy(&answer))
            });
        let start = answer
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .map_or(answer.len(), |end| end + 4);
        (status, answer.split_off(start))
    }

    /// The page's URL, `http://ADDRESS/`.
    pub fn url(&self) -> String {
        format!("http://{}/", self.address)
    }
}
