//! What the API tests share: one `App` (its tables solved once), requests through
//! `App::handle` without a socket, and a raw exchange with a real server.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::OnceLock;
use std::time::Duration;

use duel_web::http::{Method, Request, Response};
use duel_web::App;
use serde_json::Value;

/// The app every test of the binary asks.
pub fn app() -> &'static App {
    static APP: OnceLock<App> = OnceLock::new();
    APP.get_or_init(App::new)
}

/// The answer's JSON.
pub fn parse(response: &Response) -> Value {
    serde_json::from_slice(&response.body).expect("every API answer is JSON")
}

/// POSTs `body` to `path`: the status and the answer.
pub fn post(path: &str, body: Value) -> (u16, Value) {
    let response = app().handle(&Request::new(
        Method::Post,
        path,
        body.to_string().as_bytes(),
    ));
    (response.status, parse(&response))
}

/// GETs `path`: the status and the answer.
pub fn get(path: &str) -> (u16, Value) {
    let response = app().handle(&Request::new(Method::Get, path, b""));
    (response.status, parse(&response))
}

/// The answer of a request that must succeed.
pub fn ok(path: &str, body: Value) -> Value {
    let (status, answer) = post(path, body);
    assert_eq!(status, 200, "{path}: {answer}");
    answer
}

/// Sends `raw` to a server at `address` and reads its whole answer (until it closes, within
/// 30 s), as text.
pub fn exchange(address: SocketAddr, raw: &[u8]) -> String {
    let mut stream = TcpStream::connect(address).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    stream.write_all(raw).unwrap();
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer).into_owned()
}
