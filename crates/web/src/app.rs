//! [`App`]: the solved games and the request router, independent of any socket.

use duel_ioiwari::remoteness::Remoteness;

use std::sync::Mutex;

use crate::api;
use crate::assets;
use crate::http::{Method, Request, Response};
use crate::tables::SavedTables;
use crate::variants::VariantTables;
use crate::viewer::Viewer;
use duel_analysis::report::ioiwari::{self as ioiwari_report, TableDoc};

/// Everything the server knows, built once at start-up: the Ioiwari tables and the start-board
/// table; the variants' tables are solved when asked for, within bounds. Pooh-Eeyore-sticks
/// needs no tables (its theory is O(1)).
pub struct App {
    pub(crate) ioiwari: Remoteness,
    pub(crate) start_table: TableDoc,
    pub(crate) viewer: Mutex<Viewer>,
    pub(crate) variants: VariantTables,
    pub(crate) saved: SavedTables,
}

impl App {
    /// Solves Ioiwari (every board, with moves-to-end) and tabulates the start boards.
    pub fn new() -> App {
        let ioiwari = Remoteness::solve();
        let start_table = ioiwari_report::table(&ioiwari, false);
        App {
            ioiwari,
            start_table,
            viewer: Mutex::new(Viewer::default()),
            variants: VariantTables::default(),
            saved: SavedTables::default(),
        }
    }

    /// Serves the variants of `tables` (saved by `duel ioiwari variants --save`) from them,
    /// whatever their size, as `duel serve --tables DIR` does.
    pub fn with_saved_tables(mut self, tables: SavedTables) -> App {
        self.saved = tables;
        self
    }

    /// Opens a judge report in the viewer (as `duel serve --report` does); returns its id, or
    /// a one-line reason it is not one.
    pub fn open(&self, name: &str, text: &str) -> Result<u64, String> {
        self.viewer().open(name, text).map(|document| document.id)
    }

    /// Opens the record of a game's moves (`test-NN.moves`, see [`Viewer::open_record`]).
    pub fn open_record(&self, name: &str, bytes: Vec<u8>) -> Result<u64, String> {
        self.viewer()
            .open_record(name, bytes)
            .map(|document| document.id)
    }

    fn viewer(&self) -> std::sync::MutexGuard<'_, Viewer> {
        self.viewer
            .lock()
            .unwrap_or_else(|poison| poison.into_inner())
    }

    /// The Ioiwari solver the API answers from.
    pub fn ioiwari(&self) -> &Remoteness {
        &self.ioiwari
    }

    /// Answers one request: the page's assets and the JSON API (see `API.md`).
    ///
    /// ```
    /// use duel_web::http::{Method, Request};
    /// use duel_web::App;
    ///
    /// let app = App::new();
    /// let response = app.handle(&Request::new(Method::Post, "/api/mis/analyze", br#"{"p":7,"e":2,"bound":3}"#));
    /// assert_eq!(response.status, 200);
    /// let doc: serde_json::Value = serde_json::from_slice(&response.body)?;
    /// assert_eq!(doc["standing"], "win");
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    pub fn handle(&self, request: &Request) -> Response {
        if let Some(host) = request.header("host") {
            if !is_local_host(host) {
                // A page elsewhere could point its own name at 127.0.0.1 (DNS rebinding); a
                // browser then sends that name here, and we refuse it.
                return Response::error(403, "this server answers only to 127.0.0.1 or localhost");
            }
        }
        if request.path.starts_with("/api/") || request.path == "/api" {
            return api::route(self, request);
        }
        match assets::find(&request.path) {
            Some(asset) if matches!(request.method, Method::Get | Method::Head) => {
                Response::new(200, asset.content_type, asset.body)
            }
            Some(_) => Response::error(405, "use GET").with_header("Allow", "GET, HEAD"),
            None => Response::new(404, "text/plain; charset=utf-8", "not found\n"),
        }
    }
}

impl Default for App {
    fn default() -> App {
        App::new()
    }
}

/// Whether a `Host` header names this machine's loopback address.
fn is_local_host(host: &str) -> bool {
    let name = match host.rsplit_once(':') {
        Some((name, port)) if port.chars().all(|c| c.is_ascii_digit()) => name,
        _ => host,
    };
    matches!(
        name.to_ascii_lowercase().as_str(),
        "127.0.0.1" | "localhost" | "[::1]"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_host_names_only() {
        for host in [
            "127.0.0.1",
            "127.0.0.1:8080",
            "localhost:1",
            "LOCALHOST",
            "[::1]:80",
        ] {
            assert!(is_local_host(host), "{host}");
        }
        for host in [
            "evil.example",
            "evil.example:8080",
            "127.0.0.2",
            "localhost.evil:80",
            "",
        ] {
            assert!(!is_local_host(host), "{host}");
        }
    }
}
