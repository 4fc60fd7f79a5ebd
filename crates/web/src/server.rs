//! [`Server`]: the listener on 127.0.0.1, served by hyper (HTTP/1.1 with keep-alive and
//! pipelining) under an axum router, on a tokio runtime.
//!
//! What keeps a slow or idle client from denying service to others:
//! - every connection is a task, not a thread from a small pool: idle sockets cost memory only
//!   ([`MAX_CONNECTIONS`] is a guard against running out of descriptors, far above any load a
//!   page makes);
//! - the head of every request must arrive within [`HEAD_DEADLINE`] of the connection being
//!   ready for it (hyper's header-read timeout, which also closes idle keep-alive connections);
//! - the body within [`BODY_DEADLINE`] (`408` otherwise), at most [`MAX_BODY_BYTES`] (`413`);
//! - a connection lives at most [`CONNECTION_LIFETIME`], then is closed gracefully.

use std::io;
use std::net::{Ipv4Addr, SocketAddr, TcpListener};
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::Duration;

use axum::body::Body;
use axum::extract::State;
use axum::middleware::Next;
use axum::response::IntoResponse;
use axum::Router;
use futures_util::FutureExt;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::sync::{oneshot, Semaphore};

use crate::http::{
    Response, HYPER_HEADERS, HYPER_HEAD_BYTES, MAX_BODY_BYTES, MAX_HEADERS, MAX_HEAD_BYTES,
    MAX_UPLOAD_BYTES,
};
use crate::App;

/// Most connections open at once; more wait in the kernel's queue until one closes.
pub const MAX_CONNECTIONS: usize = 4096;
/// How long a client may take to send a request's head (from connecting, or from the end of
/// the previous answer on a kept-alive connection).
pub const HEAD_DEADLINE: Duration = Duration::from_secs(10);
/// How long a client may take to send a request's body, once the head has arrived.
pub const BODY_DEADLINE: Duration = Duration::from_secs(10);
/// How long one connection may stay open, however busy.
pub const CONNECTION_LIFETIME: Duration = Duration::from_secs(120);

/// The web server: bound to 127.0.0.1 only, so nothing off this machine can reach it.
///
/// ```no_run
/// use duel_web::{App, Server};
///
/// let server = Server::bind(8080, App::new())?;
/// println!("open {}", server.url());
/// server.run()?; // serves until the process ends
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct Server {
    listener: TcpListener,
    app: App,
    deadlines: Deadlines,
}

/// How long a client may take: [`HEAD_DEADLINE`], [`BODY_DEADLINE`] and
/// [`CONNECTION_LIFETIME`] unless [`Server::with_deadlines`] says otherwise (tests do).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deadlines {
    /// For a request's head.
    pub head: Duration,
    /// For a request's body, once the head has arrived.
    pub body: Duration,
    /// For a whole connection.
    pub lifetime: Duration,
}

impl Default for Deadlines {
    fn default() -> Deadlines {
        Deadlines {
            head: HEAD_DEADLINE,
            body: BODY_DEADLINE,
            lifetime: CONNECTION_LIFETIME,
        }
    }
}

impl Server {
    /// Binds `127.0.0.1:port` (port 0 picks a free port: see [`Server::local_addr`]).
    pub fn bind(port: u16, app: App) -> io::Result<Server> {
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, port))?;
        listener.set_nonblocking(true)?;
        Ok(Server {
            listener,
            app,
            deadlines: Deadlines::default(),
        })
    }

    /// The same server with other deadlines.
    pub fn with_deadlines(mut self, deadlines: Deadlines) -> Server {
        self.deadlines = deadlines;
        self
    }

    /// The address actually bound.
    pub fn local_addr(&self) -> SocketAddr {
        self.listener
            .local_addr()
            .expect("a bound listener has an address")
    }

    /// The page's address, e.g. `http://127.0.0.1:8080/`.
    pub fn url(&self) -> String {
        format!("http://{}/", self.local_addr())
    }

    /// Serves connections until the process ends (or an accept error that is not transient).
    pub fn run(self) -> io::Result<()> {
        let (_keep, stop) = oneshot::channel::<()>();
        runtime()?.block_on(serve(self, stop))
    }

    /// Serves on a background thread until [`RunningServer::stop`]; for tests and embedding.
    pub fn spawn(self) -> RunningServer {
        let address = self.local_addr();
        let (stop, stopped) = oneshot::channel();
        let thread = thread::spawn(move || runtime()?.block_on(serve(self, stopped)));
        RunningServer {
            address,
            stop: Some(stop),
            thread: Some(thread),
        }
    }
}

fn runtime() -> io::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_name("duel-serve")
        .build()
}

/// The server's router: the app's own (the routes of the page and the API), each request
/// first bounded by [`bounded`] in its head and body.
fn router(app: &App, body_deadline: Duration) -> Router {
    app.router()
        .layer(axum::middleware::from_fn_with_state(body_deadline, bounded))
}

async fn serve(server: Server, mut stop: oneshot::Receiver<()>) -> io::Result<()> {
    let Server {
        listener,
        app,
        deadlines,
    } = server;
    let listener = tokio::net::TcpListener::from_std(listener)?;
    let router = router(&app, deadlines.body);
    let slots = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    loop {
        let permit = tokio::select! {
            _ = &mut stop => return Ok(()),
            permit = Arc::clone(&slots).acquire_owned() => permit.expect("the semaphore is never closed"),
        };
        let stream = tokio::select! {
            _ = &mut stop => return Ok(()),
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(error) if is_transient(&error) => {
                    // Out of descriptors or a client that gave up: not a reason to stop.
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                }
                Err(error) => return Err(error),
            },
        };
        let service = TowerToHyperService::new(router.clone());
        tokio::spawn(async move {
            let _permit = permit;
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(deadlines.head)
                // hyper's own limits sit above ours, so that `answer` refuses an oversized
                // head with the JSON error; hyper's empty `431` is only for far larger ones.
                .max_buf_size(HYPER_HEAD_BYTES)
                .max_headers(HYPER_HEADERS);
            let connection = builder.serve_connection(TokioIo::new(stream), service);
            tokio::pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => {}
                _ = tokio::time::sleep(deadlines.lifetime) => {
                    connection.as_mut().graceful_shutdown();
                    let _ = tokio::time::timeout(deadlines.body, connection).await;
                }
            }
        });
    }
}

fn is_transient(error: &io::Error) -> bool {
    matches!(
        error.kind(),
        io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
            | io::ErrorKind::Interrupted
            | io::ErrorKind::WouldBlock
    ) || matches!(error.raw_os_error(), Some(23 | 24)) // ENFILE, EMFILE: for now, not forever
}

/// The largest body a request to `path` may carry.
fn body_limit(path: &str) -> usize {
    if path.starts_with("/api/viewer/") {
        MAX_UPLOAD_BYTES
    } else {
        MAX_BODY_BYTES
    }
}

/// Reads the body within its deadline and limit, then lets the route answer: a `GET` on this
/// I/O thread (a page or a lookup), a `POST` (an analysis, microseconds to milliseconds) on a
/// thread for blocking work. A handler that panics (a bug) is answered with a `500` rather
/// than dropping the connection.
async fn bounded(
    State(body_deadline): State<Duration>,
    request: axum::extract::Request,
    next: Next,
) -> axum::response::Response {
    let (parts, body) = request.into_parts();
    if head_bytes(&parts) > MAX_HEAD_BYTES || parts.headers.len() > MAX_HEADERS {
        let message = format!(
            "request line and headers larger than {MAX_HEAD_BYTES} bytes or {MAX_HEADERS} lines"
        );
        return Response::error(431, &message)
            .with_header("Connection", "close")
            .into_response();
    }
    let limit = body_limit(parts.uri.path());
    let declared = parts
        .headers
        .get(axum::http::header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<u64>().ok());
    let response = if declared.is_some_and(|length| length > limit as u64) {
        too_large(limit)
    } else {
        match tokio::time::timeout(body_deadline, axum::body::to_bytes(body, limit)).await {
            Err(_) => Response::error(408, "request body not received in time"),
            Ok(Err(error)) if is_length_limit(&error) => too_large(limit),
            Ok(Err(_)) => Response::error(400, "the request body could not be read"),
            Ok(Ok(bytes)) => {
                let request = axum::http::Request::from_parts(parts, Body::from(bytes));
                let answer = if request.method() == axum::http::Method::POST {
                    let runtime = tokio::runtime::Handle::current();
                    tokio::task::spawn_blocking(move || runtime.block_on(next.run(request)))
                        .await
                        .ok()
                } else {
                    AssertUnwindSafe(next.run(request))
                        .catch_unwind()
                        .await
                        .ok()
                };
                return answer.unwrap_or_else(|| {
                    Response::error(500, "the request handler failed").into_response()
                });
            }
        }
    };
    response.into_response()
}

/// The size of the request's head as it came: request line, header lines, the empty line.
fn head_bytes(parts: &axum::http::request::Parts) -> usize {
    let target = parts
        .uri
        .path_and_query()
        .map_or(1, |target| target.as_str().len());
    let line = parts.method.as_str().len() + 1 + target + " HTTP/1.1\r\n".len();
    let headers: usize = parts
        .headers
        .iter()
        .map(|(name, value)| name.as_str().len() + 2 + value.len() + 2)
        .sum();
    line + headers + 2
}

fn too_large(limit: usize) -> Response {
    Response::error(413, &format!("request body larger than {limit} bytes"))
}

fn is_length_limit(error: &axum::Error) -> bool {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(error);
    while let Some(error) = source {
        if error.is::<http_body_util::LengthLimitError>() {
            return true;
        }
        source = error.source();
    }
    false
}

/// A server running on a background thread.
pub struct RunningServer {
    address: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<JoinHandle<io::Result<()>>>,
}

impl RunningServer {
    /// The address it listens on.
    pub fn local_addr(&self) -> SocketAddr {
        self.address
    }

    /// The page's address, e.g. `http://127.0.0.1:8080/`.
    pub fn url(&self) -> String {
        format!("http://{}/", self.address)
    }

    /// Stops accepting connections, closes the open ones and waits for the server to end.
    pub fn stop(mut self) -> io::Result<()> {
        self.shut_down()
    }

    fn shut_down(&mut self) -> io::Result<()> {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        match self.thread.take().map(JoinHandle::join) {
            Some(Ok(result)) => result,
            Some(Err(_)) => Err(io::Error::other("the server thread panicked")),
            None => Ok(()),
        }
    }
}

impl Drop for RunningServer {
    fn drop(&mut self) {
        let _ = self.shut_down();
    }
}
