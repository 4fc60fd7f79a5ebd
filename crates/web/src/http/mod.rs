//! A deliberately small HTTP/1.1 layer: one request per connection, bounded sizes.
//!
//! The server only ever talks to a browser or a script on the same machine, so it needs no
//! keep-alive, chunked bodies or TLS; leaving them out keeps the attack surface tiny.

mod request;
mod response;

pub use request::{Method, Request, MAX_BODY_BYTES, MAX_HEADERS, MAX_HEAD_BYTES};
pub use response::Response;

use std::fmt;

/// Why a request could not be read.
#[derive(Debug)]
pub enum HttpError {
    /// The peer closed the connection before sending a request.
    Closed,
    /// The request line or headers exceed [`MAX_HEAD_BYTES`] or [`MAX_HEADERS`].
    HeadTooLarge,
    /// The body exceeds [`MAX_BODY_BYTES`].
    BodyTooLarge,
    /// A `Transfer-Encoding` was used (only `Content-Length` bodies are read).
    UnsupportedTransferEncoding,
    /// The request is not valid HTTP/1.x.
    Malformed(&'static str),
    /// Reading failed (including the read time-out).
    Io(std::io::Error),
}

impl HttpError {
    /// The response to send for this error, if the connection is still worth answering.
    pub fn response(&self) -> Option<Response> {
        match self {
            HttpError::Closed => None,
            HttpError::HeadTooLarge => Some(Response::error(431, "request head too large")),
            HttpError::BodyTooLarge => Some(Response::error(
                413,
                &format!("request body larger than {MAX_BODY_BYTES} bytes"),
            )),
            HttpError::UnsupportedTransferEncoding => Some(Response::error(
                501,
                "Transfer-Encoding is not supported; send a Content-Length",
            )),
            HttpError::Malformed(why) => Some(Response::error(400, why)),
            HttpError::Io(error) if is_timeout(error) => {
                Some(Response::error(408, "request not received in time"))
            }
            HttpError::Io(_) => None,
        }
    }
}

fn is_timeout(error: &std::io::Error) -> bool {
    matches!(
        error.kind(),
        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
    )
}

impl fmt::Display for HttpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HttpError::Closed => write!(f, "connection closed before a request"),
            HttpError::HeadTooLarge => write!(f, "request head too large"),
            HttpError::BodyTooLarge => write!(f, "request body too large"),
            HttpError::UnsupportedTransferEncoding => write!(f, "unsupported Transfer-Encoding"),
            HttpError::Malformed(why) => write!(f, "malformed request: {why}"),
            HttpError::Io(error) => write!(f, "reading the request failed: {error}"),
        }
    }
}

impl std::error::Error for HttpError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            HttpError::Io(error) => Some(error),
            _ => None,
        }
    }
}
