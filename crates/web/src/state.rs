//! [`AppState`]: what the router's handlers share (the solved games, the viewer's documents,
//! the variants' tables), apart from the [`crate::App`] that builds the router over it.

use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex};

use axum::body::Bytes;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use duel_ioiwari::remoteness::Remoteness;

use crate::tables::SavedTables;
use crate::variants::VariantTables;
use crate::viewer::{Viewer, ViewerError};

/// Everything the server knows, built once at start-up: the Ioiwari tables and the start-board
/// table; the variants' tables are solved when asked for, within bounds. Pooh-Eeyore-sticks
/// needs no tables (its theory is O(1)). The router's handlers share it.
pub(crate) struct AppState {
    pub(crate) ioiwari: Remoteness,
    /// `GET /api/ioiwari/table`, serialised once.
    pub(crate) start_table_answer: CachedJson,
    pub(crate) viewer: Mutex<Viewer>,
    pub(crate) variants: VariantTables,
    pub(crate) saved: SavedTables,
}

/// What the handlers are given: the one [`AppState`] of the app.
pub(crate) type Shared = Arc<AppState>;

impl AppState {
    pub(crate) fn open(&self, name: &str, text: &str) -> Result<u64, ViewerError> {
        self.viewer().open(name, text).map(|document| document.id)
    }

    pub(crate) fn open_record(&self, name: &str, bytes: Vec<u8>) -> Result<u64, ViewerError> {
        self.viewer()
            .open_record(name, bytes)
            .map(|document| document.id)
    }

    pub(crate) fn viewer(&self) -> std::sync::MutexGuard<'_, Viewer> {
        self.viewer
            .lock()
            .unwrap_or_else(|poison| poison.into_inner())
    }
}

/// A JSON answer that never changes while the server runs: its body, serialised once, and an
/// `ETag` (a hash of it), so that a browser revalidates it (`Cache-Control: no-cache`) and
/// gets `304` instead of the body again.
pub(crate) struct CachedJson {
    body: Bytes,
    tag: HeaderValue,
}

impl CachedJson {
    pub(crate) fn new(value: &impl serde::Serialize) -> CachedJson {
        let body = serde_json::to_vec(value).unwrap_or_else(|_| b"null".to_vec());
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        body.hash(&mut hasher);
        let tag = HeaderValue::from_str(&format!("\"{:016x}\"", hasher.finish()))
            .expect("hex digits in quotes are a header value");
        CachedJson {
            body: Bytes::from(body),
            tag,
        }
    }

    /// The answer to a request with `headers`: `304` when it holds the tag, else the body.
    pub(crate) fn answer(&self, headers: &HeaderMap) -> Response {
        let cached = [
            (
                header::CACHE_CONTROL,
                HeaderValue::from_static(crate::assets::REVALIDATE),
            ),
            (header::ETAG, self.tag.clone()),
        ];
        if crate::assets::matches_tag(headers, &self.tag) {
            return (StatusCode::NOT_MODIFIED, cached).into_response();
        }
        (
            cached,
            [(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            )],
            self.body.clone(),
        )
            .into_response()
    }
}
