//! `duel serve`: a local web page and a JSON API for analysing and playing Ioiwari and
//! Pooh-Eeyore-sticks.
//!
//! - [`Server`] listens on 127.0.0.1 only and serves HTTP/1.1 with hyper under an axum
//!   router on a tokio runtime, with deadlines for a request's head and body and bounded sizes
//!   (see [`server`](Server) and [`limits`]), so slow or idle clients cannot lock others out.
//! - [`App`] holds the solved games; [`App::router`] is the one router of the page's
//!   [`assets`] (compiled in, so it works offline), the JSON API documented in `API.md` and the
//!   viewer of judge reports, with tower-http's layers (compression, body limits, the
//!   deadline, panics answered `500`). Tests send it requests in process with
//!   `tower::ServiceExt::oneshot`, the server over sockets.
//! - [`variants`]: the tables of Ioiwari's variants, solved on demand within bounds;
//!   [`tables`]: those saved by `duel ioiwari variants --save`, read in place (`--tables`).
//! - The documents and the computer players come from `duel-analysis`.
//!
//! ```
//! use duel_web::{App, Server};
//! use std::io::{Read, Write};
//!
//! let running = Server::bind(0, App::new())?.spawn();
//! let mut stream = std::net::TcpStream::connect(running.local_addr())?;
//! stream.write_all(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")?;
//! let mut answer = String::new();
//! stream.read_to_string(&mut answer)?;
//! assert!(answer.starts_with("HTTP/1.1 200 OK"));
//! assert!(answer.ends_with(r#"{"ok":true}"#));
//! running.stop()?;
//! # Ok::<(), std::io::Error>(())
//! ```

// No unsafe code: the saved tables are read with positional reads, not memory-mapped.
#![forbid(unsafe_code)]

mod api;
mod app;
pub mod assets;
pub mod limits;
mod message;
mod server;
mod state;
pub mod tables;
mod upload;
pub mod variants;
pub mod viewer;

/// The web framework the router is built with, for callers that build requests for it (the
/// benches, the fuzz target) with the same version.
pub use axum;

pub use app::{App, CONTENT_SECURITY_POLICY, REQUEST_DEADLINE};
pub use server::{
    Deadlines, RunningServer, Server, BODY_DEADLINE, CONNECTION_LIFETIME, HEAD_DEADLINE,
    MAX_CONNECTIONS,
};
