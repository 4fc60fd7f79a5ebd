//! `duel serve`: a local web page and a JSON API for analysing and playing Ioiwari and
//! Pooh-Eeyore-sticks.
//!
//! - [`Server`] listens on 127.0.0.1 only and answers each connection on its own thread
//!   (at most [`server::MAX_CONNECTIONS`] at once), one request per connection, with bounded
//!   request sizes ([`http`]).
//! - [`App`] routes requests: the page's [`assets`] (compiled in, so it works offline) and the
//!   JSON API documented in `API.md`. It is plain data in, response out, so tests can call
//!   [`App::handle`] without a socket.
//! - [`report`] holds the analyses as JSON documents, shared with `duel ... analyze --json`;
//!   [`engine`] the computer opponents (`perfect`, `greedy`, `random`).
//!
//! ```
//! use duel_web::{App, Server};
//! use std::io::{Read, Write};
//!
//! let running = Server::bind(0, App::new())?.spawn();
//! let mut stream = std::net::TcpStream::connect(running.local_addr())?;
//! stream.write_all(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")?;
//! let mut answer = String::new();
//! stream.read_to_string(&mut answer)?;
//! assert!(answer.starts_with("HTTP/1.1 200 OK"));
//! assert!(answer.ends_with(r#"{"ok":true}"#));
//! running.stop()?;
//! # Ok::<(), std::io::Error>(())
//! ```

#![deny(missing_docs)]

mod api;
mod app;
pub mod assets;
pub mod engine;
pub mod http;
pub mod report;
pub mod rng;
mod server;

pub use app::App;
pub use server::{RunningServer, Server, IO_TIMEOUT, MAX_CONNECTIONS};
