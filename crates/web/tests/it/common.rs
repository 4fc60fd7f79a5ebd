//! What the API tests share: one `App` (its tables solved once), requests sent to its router
//! in process (`tower::ServiceExt::oneshot`, no socket), and a raw exchange with a real server.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::OnceLock;
use std::time::Duration;

use duel_web::axum::body::Body;
use duel_web::axum::http::{HeaderMap, Request};
use duel_web::App;
use serde_json::Value;
use tower::ServiceExt;

/// The app every test of the binary asks.
pub fn app() -> &'static App {
    static APP: OnceLock<App> = OnceLock::new();
    APP.get_or_init(App::new)
}

/// The runtime the in-process requests run on.
fn runtime() -> &'static tokio::runtime::Runtime {
    static RUNTIME: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RUNTIME.get_or_init(|| {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap()
    })
}

/// An answer of the router: its status, headers and whole body.
pub struct Answer {
    pub status: u16,
    pub headers: HeaderMap,
    pub body: Vec<u8>,
}

impl Answer {
    /// The header `name`'s value, if it has one.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|value| value.to_str().ok())
    }
}

/// Sends `request` to `app`'s router, as the server would, and reads the whole answer.
pub fn send(app: &App, request: Request<Body>) -> Answer {
    runtime().block_on(async {
        let response = app.router().oneshot(request).await.unwrap();
        let (parts, body) = response.into_parts();
        let body = duel_web::axum::body::to_bytes(body, usize::MAX)
            .await
            .unwrap();
        Answer {
            status: parts.status.as_u16(),
            headers: parts.headers,
            body: body.to_vec(),
        }
    })
}

/// A request as a browser on this machine sends it: `Host: 127.0.0.1`, and a JSON body.
pub fn request(method: &str, target: &str, body: &[u8]) -> Request<Body> {
    Request::builder()
        .method(method)
        .uri(target)
        .header("host", "127.0.0.1")
        .header("content-type", "application/json")
        .body(Body::from(body.to_vec()))
        .unwrap()
}

/// `method target` with `body` to `app`.
pub fn call(app: &App, method: &str, target: &str, body: &[u8]) -> Answer {
    send(app, request(method, target, body))
}

/// The answer's JSON.
pub fn parse(answer: &Answer) -> Value {
    serde_json::from_slice(&answer.body).expect("every API answer is JSON")
}

/// POSTs `body` to `path`: the status and the answer.
pub fn post(path: &str, body: Value) -> (u16, Value) {
    let answer = call(app(), "POST", path, body.to_string().as_bytes());
    (answer.status, parse(&answer))
}

/// GETs `path`: the status and the answer.
pub fn get(path: &str) -> (u16, Value) {
    let answer = call(app(), "GET", path, b"");
    (answer.status, parse(&answer))
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
