//! [`Server`]: the listener on 127.0.0.1, served by hyper (HTTP/1.1 with keep-alive and
//! pipelining) under an axum router, on a tokio runtime.
//!
//! What keeps a slow or idle client from denying service to others:
//! - every connection is a task, not a thread from a small pool: idle sockets cost memory only
//!   ([`MAX_CONNECTIONS`] is a guard against running out of descriptors, far above any load a
//!   page makes);
//! - the head of every request must arrive within [`HEAD_DEADLINE`] of the connection being
//!   ready for it (hyper's header-read timeout, which also closes idle keep-alive connections);
//! - the body within [`BODY_DEADLINE`] (`408` otherwise: tower-http's timeout on each `POST`,
//!   from its head to its answer), at most [`MAX_BODY_BYTES`](crate::limits::MAX_BODY_BYTES)
//!   (`413`: tower-http's body limit);
//! - a connection lives at most [`CONNECTION_LIFETIME`], then is closed gracefully.

use std::io;
use std::net::{Ipv4Addr, SocketAddr, TcpListener};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::Duration;

use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::sync::{oneshot, Semaphore};

use crate::limits::{HYPER_HEADERS, HYPER_HEAD_BYTES};
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

async fn serve(server: Server, mut stop: oneshot::Receiver<()>) -> io::Result<()> {
    let Server {
        listener,
        app,
        deadlines,
    } = server;
    let listener = tokio::net::TcpListener::from_std(listener)?;
    let router = app.router_with(deadlines.body);
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
                // hyper's own limits sit above the router's, so that it refuses an oversized
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
