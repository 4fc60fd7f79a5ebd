//! `duel serve` as a process: it prints its address, answers the API on 127.0.0.1, and says
//! clearly when it cannot listen.

use duel_test_support::duel;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Stdio};

struct Guard(Child);

impl Drop for Guard {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn exchange(address: &str, raw: &[u8]) -> String {
    let mut stream = TcpStream::connect(address).unwrap();
    stream.write_all(raw).unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap_or_else(|error| {
        panic!(
            "{error} after {answer:?} for {:?}",
            String::from_utf8_lossy(raw)
        )
    });
    answer
}

#[test]
fn serves_the_page_and_the_api_on_loopback() {
    let mut child = duel!()
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let _guard = Guard(child);
    let mut line = String::new();
    BufReader::new(stdout).read_line(&mut line).unwrap();
    let address = line
        .trim()
        .strip_prefix("listening on http://")
        .and_then(|rest| rest.strip_suffix('/'))
        .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
        .to_string();
    assert!(address.starts_with("127.0.0.1:"), "{address}");

    let page = exchange(
        &address,
        b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
    );
    assert!(page.starts_with("HTTP/1.1 200 OK"), "{page}");
    assert!(page.contains("Pooh-Eeyore-sticks"));

    let body = br#"{"p":6,"e":1,"bound":3}"#;
    let head = format!(
        "POST /api/mis/analyze HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    let answer = exchange(&address, &[head.as_bytes(), body].concat());
    assert!(answer.contains("\"standing\":\"loss\""), "{answer}");

    let bad = exchange(
        &address,
        b"POST /api/mis/analyze HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: 3\r\n\r\n{{{",
    );
    assert!(bad.starts_with("HTTP/1.1 400"), "{bad}");
    assert!(bad.contains("bad JSON"), "{bad}");
}

#[test]
fn a_busy_port_is_a_one_line_error() {
    let taken = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let output = duel!().args(["serve", "--port", &port]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains(&format!("cannot listen on 127.0.0.1:{port}")),
        "{stderr}"
    );
}
