//! The bounds every request meets (see [`crate::Server`] for the deadlines): sizes of heads
//! and bodies. hyper parses HTTP; axum routes; tower-http's layers enforce the body limits.

/// Largest request line plus headers accepted, in bytes: `431` with a JSON error beyond it
/// (up to somewhat past [`HYPER_HEAD_BYTES`], where hyper itself answers).
pub const MAX_HEAD_BYTES: usize = 16 * 1024;
/// hyper's read buffer for a head (`max_buf_size`): well past it hyper answers `431` itself
/// (with an empty body; a 100 KB head still reaches the server, a 300 KB one does not). Past
/// [`MAX_HEAD_BYTES`], so that the server's own JSON `431` answers every head between the two.
pub const HYPER_HEAD_BYTES: usize = 64 * 1024;
/// The header lines hyper parses at most before answering `431` itself (empty body).
pub const HYPER_HEADERS: usize = 256;
/// Largest request body accepted, in bytes (the API's bodies are a few hundred bytes; a judge
/// report sent to the viewer may be larger): `413` beyond it.
pub const MAX_BODY_BYTES: usize = 64 * 1024;
/// Largest body of an upload to the viewer (a judge report or a record of moves in base64,
/// in JSON), in bytes.
pub const MAX_UPLOAD_BYTES: usize = 16 * 1024 * 1024;
/// Most header lines accepted: `431` with a JSON error beyond it (up to [`HYPER_HEADERS`]).
pub const MAX_HEADERS: usize = 64;

/// The largest body a request to `path` may carry: [`MAX_UPLOAD_BYTES`] for the viewer's
/// uploads, [`MAX_BODY_BYTES`] for anything else.
pub fn body_limit(path: &str) -> usize {
    if path == "/api/viewer/open" {
        MAX_UPLOAD_BYTES
    } else {
        MAX_BODY_BYTES
    }
}
