//! [`AppState`]: what the router's handlers share (the solved games, the viewer's documents,
//! the variants' tables), apart from the [`crate::App`] that builds the router over it.

use std::sync::{Arc, Mutex};

use duel_analysis::documents::ioiwari::TableDoc;
use duel_ioiwari::remoteness::Remoteness;

use crate::tables::SavedTables;
use crate::variants::VariantTables;
use crate::viewer::Viewer;

/// Everything the server knows, built once at start-up: the Ioiwari tables and the start-board
/// table; the variants' tables are solved when asked for, within bounds. Pooh-Eeyore-sticks
/// needs no tables (its theory is O(1)). The router's handlers share it.
pub(crate) struct AppState {
    pub(crate) ioiwari: Remoteness,
    pub(crate) start_table: TableDoc,
    pub(crate) viewer: Mutex<Viewer>,
    pub(crate) variants: VariantTables,
    pub(crate) saved: SavedTables,
}

/// What the handlers are given: the one [`AppState`] of the app.
pub(crate) type Shared = Arc<AppState>;

impl AppState {
    pub(crate) fn open(&self, name: &str, text: &str) -> Result<u64, String> {
        self.viewer().open(name, text).map(|document| document.id)
    }

    pub(crate) fn open_record(&self, name: &str, bytes: Vec<u8>) -> Result<u64, String> {
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
