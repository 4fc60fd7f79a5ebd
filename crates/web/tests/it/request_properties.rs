//! Property tests over arbitrary bytes for `duel serve`'s request handling, over real sockets
//! on 127.0.0.1: whatever a client sends, the server answers with well-formed HTTP or closes
//! the connection, never crashes and never hangs, and still serves the next client.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::OnceLock;
use std::time::Duration;

use duel_web::{App, Deadlines, RunningServer, Server};
use proptest::prelude::*;

/// How long one exchange may take before the server is taken to hang: far above the
/// server's own deadlines, so a loaded machine does not make it fail.
const HANG: Duration = Duration::from_secs(60);

/// The most of an answer read (the page and its assets are far smaller).
const MAX_ANSWER_BYTES: u64 = 16 << 20;

/// One server for every case, with short deadlines so that a request that never completes
/// is answered or closed quickly (the client does not close its sending half: the server
/// would take that for the end of the connection and drop even a complete request).
fn server() -> SocketAddr {
    static SERVER: OnceLock<(SocketAddr, std::sync::Mutex<RunningServer>)> = OnceLock::new();
    SERVER
        .get_or_init(|| {
            let deadlines = Deadlines {
                head: Duration::from_millis(500),
                body: Duration::from_millis(500),
                lifetime: Duration::from_secs(20),
            };
            let running = Server::bind(0, App::new())
                .unwrap()
                .with_deadlines(deadlines)
                .spawn();
            (running.local_addr(), std::sync::Mutex::new(running))
        })
        .0
}

/// Sends `raw` and reads until the server closes: the answer, or an error when the server
/// did not close within [`HANG`].
fn exchange(raw: &[u8]) -> Result<Vec<u8>, TestCaseError> {
    let mut stream =
        TcpStream::connect(server()).map_err(|e| TestCaseError::fail(e.to_string()))?;
    stream
        .set_read_timeout(Some(HANG))
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    // The server may close before reading everything (a head too large): then writing fails,
    // which is one of the allowed outcomes.
    let _ = stream.write_all(raw);
    let mut answer = Vec::new();
    match (&mut stream)
        .take(MAX_ANSWER_BYTES)
        .read_to_end(&mut answer)
    {
        Ok(_) => Ok(answer),
        Err(error) if error.kind() == std::io::ErrorKind::ConnectionReset => Ok(answer),
        Err(error) => Err(TestCaseError::fail(format!(
            "no end of the answer within {HANG:?} ({error}); got {} bytes",
            answer.len()
        ))),
    }
}

/// An empty answer (closed), or one that starts with a status line (HTTP/1.1, or 1.0 to a
/// 1.0 request) and a complete head.
fn well_formed(answer: &[u8]) -> Result<(), TestCaseError> {
    if answer.is_empty() {
        return Ok(());
    }
    let text = String::from_utf8_lossy(answer);
    let status = text
        .strip_prefix("HTTP/1.1 ")
        .or_else(|| text.strip_prefix("HTTP/1.0 "))
        .and_then(|rest| rest.get(..3))
        .and_then(|code| code.parse::<u16>().ok());
    prop_assert!(
        status.is_some_and(|code| (100..600).contains(&code)),
        "no status line: {:?}",
        &text[..text.len().min(200)]
    );
    prop_assert!(
        text.contains("\r\n\r\n"),
        "an unfinished head: {:?}",
        &text[..text.len().min(200)]
    );
    Ok(())
}

/// The server still answers a plain request.
fn still_serving() -> Result<(), TestCaseError> {
    let answer =
        exchange(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")?;
    prop_assert!(
        answer.starts_with(b"HTTP/1.1 200 "),
        "{:?}",
        String::from_utf8_lossy(&answer)
    );
    Ok(())
}

/// One of `known`, or up to `max` arbitrary bytes.
fn known_or_any(known: &[&'static str], max: usize) -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        prop::sample::select(known.to_vec()).prop_map(|text| text.as_bytes().to_vec()),
        prop::collection::vec(any::<u8>(), 0..max),
    ]
}

/// Bytes shaped like a request (a method, a target, a version, header lines, a body), each
/// part arbitrary in places.
fn request_like() -> impl Strategy<Value = Vec<u8>> {
    let method = prop::sample::select(vec!["GET", "POST", "HEAD", "PUT", "OPTIONS", "G\0T", ""]);
    let targets = [
        "/",
        "/api/health",
        "/api/ioiwari/analyze",
        "/api/mis/analyze",
        "*",
    ];
    let target = known_or_any(&targets, 64);
    let version = prop::sample::select(vec![
        "HTTP/1.1",
        "HTTP/1.0",
        "HTTP/2.0",
        "HTTP/1.1\r",
        "HTTP/9",
    ]);
    let headers = [
        "Host: 127.0.0.1",
        "Host: evil.example",
        "Content-Length: 5",
        "Content-Length: 99999999999999999999",
        "Content-Length: -1",
        "Transfer-Encoding: chunked",
        "Content-Type: application/json",
        "Expect: 100-continue",
        "Connection: keep-alive",
    ];
    let header = known_or_any(&headers, 48);
    (
        method,
        target,
        version,
        prop::collection::vec(header, 0..6),
        prop::collection::vec(any::<u8>(), 0..256),
    )
        .prop_map(|(method, target, version, headers, body)| {
            let mut raw = Vec::new();
            raw.extend_from_slice(method.as_bytes());
            raw.push(b' ');
            raw.extend(target);
            raw.push(b' ');
            raw.extend_from_slice(version.as_bytes());
            raw.extend_from_slice(b"\r\n");
            for header in headers {
                raw.extend(header);
                raw.extend_from_slice(b"\r\n");
            }
            raw.extend_from_slice(b"\r\n");
            raw.extend(body);
            raw
        })
}

proptest! {
    #![proptest_config(duel_test_support::properties::config(32))]

    #[test]
    fn any_bytes_get_a_well_formed_answer_or_a_close(
        raw in prop::collection::vec(any::<u8>(), 0..2048),
    ) {
        well_formed(&exchange(&raw)?)?;
        still_serving()?;
    }

    #[test]
    fn request_shaped_bytes_get_a_well_formed_answer_or_a_close(raw in request_like()) {
        well_formed(&exchange(&raw)?)?;
        still_serving()?;
    }
}
