//! [`Server`]: the listener on 127.0.0.1 and its connection threads.

use std::io::{self, BufReader, Read};
use std::net::{Ipv4Addr, Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::Duration;

use crate::http::{Method, Request, Response};
use crate::App;

/// Most connections served at once; more get a quick 503 (a local page needs a handful).
pub const MAX_CONNECTIONS: usize = 32;
/// How long a connection may take to send its request, or to take the response.
pub const IO_TIMEOUT: Duration = Duration::from_secs(10);
/// Most bytes read and dropped after answering, and for how long (see `handle_connection`).
const DRAIN_LIMIT: u64 = 1 << 20;
const DRAIN_TIMEOUT: Duration = Duration::from_millis(500);

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
    app: Arc<App>,
}

impl Server {
    /// Binds `127.0.0.1:port` (port 0 picks a free port: see [`Server::local_addr`]).
    pub fn bind(port: u16, app: App) -> io::Result<Server> {
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, port))?;
        Ok(Server {
            listener,
            app: Arc::new(app),
        })
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
        self.serve(&AtomicBool::new(false))
    }

    /// Serves on a background thread until [`RunningServer::stop`]; for tests and embedding.
    pub fn spawn(self) -> RunningServer {
        let address = self.local_addr();
        let stop = Arc::new(AtomicBool::new(false));
        let thread_stop = Arc::clone(&stop);
        let thread = thread::spawn(move || self.serve(&thread_stop));
        RunningServer {
            address,
            stop,
            thread: Some(thread),
        }
    }

    fn serve(self, stop: &AtomicBool) -> io::Result<()> {
        let live = Arc::new(AtomicUsize::new(0));
        for stream in self.listener.incoming() {
            if stop.load(Ordering::SeqCst) {
                break;
            }
            let stream = match stream {
                Ok(stream) => stream,
                // A client that gave up before we accepted it is no reason to stop serving.
                Err(error) if is_transient(&error) => continue,
                Err(error) => return Err(error),
            };
            if live.fetch_add(1, Ordering::SeqCst) >= MAX_CONNECTIONS {
                live.fetch_sub(1, Ordering::SeqCst);
                refuse_busy(stream);
                continue;
            }
            let app = Arc::clone(&self.app);
            let live = Arc::clone(&live);
            thread::spawn(move || {
                handle_connection(&app, stream);
                live.fetch_sub(1, Ordering::SeqCst);
            });
        }
        Ok(())
    }
}

/// A server running on a background thread.
pub struct RunningServer {
    address: SocketAddr,
    stop: Arc<AtomicBool>,
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

    /// Stops accepting connections and waits for the accept loop to end.
    pub fn stop(mut self) -> io::Result<()> {
        self.shut_down()
    }

    fn shut_down(&mut self) -> io::Result<()> {
        self.stop.store(true, Ordering::SeqCst);
        // Wake the blocking accept with one last connection of our own.
        let _ = TcpStream::connect(self.address);
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

fn is_transient(error: &io::Error) -> bool {
    matches!(
        error.kind(),
        io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
            | io::ErrorKind::Interrupted
            | io::ErrorKind::WouldBlock
    ) || error.raw_os_error() == Some(24) // EMFILE: out of descriptors for now, not forever
}

fn refuse_busy(mut stream: TcpStream) {
    let _ = stream.set_write_timeout(Some(IO_TIMEOUT));
    let _ = Response::error(503, "too many connections; try again").write_to(&mut stream, true);
}

/// Reads one request, answers it and closes the connection.
fn handle_connection(app: &App, stream: TcpStream) {
    if stream.set_read_timeout(Some(IO_TIMEOUT)).is_err()
        || stream.set_write_timeout(Some(IO_TIMEOUT)).is_err()
    {
        return;
    }
    let Ok(writer) = stream.try_clone() else {
        return;
    };
    let mut reader = BufReader::new(stream);
    let (response, include_body) = match Request::read_from(&mut reader) {
        Ok(request) => (app.handle(&request), request.method != Method::Head),
        Err(error) => match error.response() {
            Some(response) => (response, true),
            None => return,
        },
    };
    let mut writer = writer;
    let _ = response.write_to(&mut writer, include_body);
    let _ = writer.shutdown(Shutdown::Write);
    // A refused request may leave unread bytes (e.g. an oversized body); closing with unread
    // data makes TCP reset the connection, which can destroy the answer before the client
    // reads it. So read (and drop) a bounded amount first, briefly.
    let _ = reader.get_ref().set_read_timeout(Some(DRAIN_TIMEOUT));
    let _ = std::io::copy(&mut reader.take(DRAIN_LIMIT), &mut std::io::sink());
}
