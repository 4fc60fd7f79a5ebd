//! `duel serve` as a process: it prints its address, answers the API on 127.0.0.1, and says
//! clearly when it cannot listen.

use crate::support::serve::Server;
use duel_test_support::duel;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};

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
    let server = Server::start(&[]);
    let address = server.address.clone();
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

#[test]
fn tables_saved_by_variants_are_served_and_bad_ones_refused_at_start() {
    let dir = duel_test_support::work_dir!();
    let tables = dir.path().join("tables");
    std::fs::create_dir(&tables).unwrap();
    // Saved by the command line, as a person would: 9 pits of cap 6 (past the page's bound).
    let saved = tables.join("n9c6.bin");
    let output = duel!()
        .args([
            "ioiwari", "variants", "--pits", "9", "--cap", "6", "--beads", "27", "--save",
        ])
        .arg(&saved)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let server = Server::start(&[std::ffi::OsStr::new("--tables"), tables.as_os_str()]);
    let answer = exchange(
        &server.address,
        b"GET /api/ioiwari/variant?pits=9&cap=6&board=3-3-3-3-3-3-3-3-3 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
    );
    assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
    assert!(
        answer.contains("\"board_text\":\"3 3 3 3 3 3 3 3 3\""),
        "{answer}"
    );
    // Truncated while the server runs: refused with 503 naming the file, never a wrong value
    // (nor a crash: the file is not memory-mapped).
    let original = std::fs::read(&saved).unwrap();
    let file = std::fs::OpenOptions::new()
        .write(true)
        .open(&saved)
        .unwrap();
    file.set_len(original.len() as u64 / 2).unwrap();
    for target in ["3-3-3-3-3-3-3-3-3", "1-2-3-1-2-3-1-2-3"] {
        let request = format!(
            "GET /api/ioiwari/variant?pits=9&cap=6&board={target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        );
        let answer = exchange(&server.address, request.as_bytes());
        assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
        assert!(
            answer.contains("n9c6.bin") && answer.contains("length changed"),
            "{answer}"
        );
    }
    std::fs::write(&saved, &original).unwrap();
    drop(server);
    // --help says so.
    let help = duel!().args(["serve", "--help"]).output().unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    assert!(
        help.contains("changed,") && help.contains("503") && help.contains("never answered from"),
        "{help}"
    );
    // Refused before anything is served: exit 2, one line naming the directory or file.
    let missing = dir.path().join("missing");
    let truncated = dir.path().join("truncated");
    std::fs::create_dir(&truncated).unwrap();
    let bytes = std::fs::read(&saved).unwrap();
    std::fs::write(truncated.join("n9c6.bin"), &bytes[..bytes.len() / 2]).unwrap();
    let foreign = dir.path().join("foreign");
    std::fs::create_dir(&foreign).unwrap();
    std::fs::write(foreign.join("README"), "not a table").unwrap();
    for (dir, words) in [
        (&missing, "missing"),
        (&truncated, "truncated"),
        (&foreign, "not a table"),
    ] {
        let output = duel!()
            .args(["serve", "--port", "0", "--tables"])
            .arg(dir)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{dir:?}");
        assert!(output.stdout.is_empty(), "nothing is served");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.contains("--tables") && stderr.contains(words),
            "{stderr}"
        );
    }
}
