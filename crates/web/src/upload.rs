//! The body of `POST /api/viewer/open`, `{"name": ..., "text": ...}` or `{"name": ...,
//! "moves": ...}`, read as it arrives: a JSON reader of fixed memory (struson's) takes the
//! body frame by frame, so the document's name is clipped while it is read and never held
//! whole (a name of 15 MB costs the frames in flight, not 15 MB), and only the document
//! itself, at most [`MAX_DOCUMENT_BYTES`] of it, is kept until it is opened.

use std::io::{self, Read};

use axum::body::{Body, Bytes};
use http_body_util::BodyExt;
use struson::reader::{JsonReader, JsonStreamReader, ValueType};
use tokio::sync::mpsc;

use crate::viewer::{MAX_DOCUMENT_BYTES, MAX_NAME_CHARS};

/// What an upload holds.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Document {
    /// A judge report: the JSON text.
    Text(String),
    /// A record of moves, in base64.
    Moves(String),
}

/// An upload: its name (at most [`MAX_NAME_CHARS`] characters, `…` after a longer one) and
/// its document.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Upload {
    pub(crate) name: String,
    pub(crate) document: Document,
}

/// Why an upload is refused.
#[derive(Debug, thiserror::Error)]
pub(crate) enum UploadError {
    /// Not JSON of the expected shape (a field other than `name`, `text` and `moves`, one
    /// given twice, a value of another type).
    #[error("bad JSON: {0}")]
    Json(String),
    /// Both or neither of `text` and `moves`, or no name.
    #[error("{0}")]
    Missing(&'static str),
    /// A document larger than the viewer opens.
    #[error(
        "the document is more than {} MB, more than the viewer opens",
        MAX_DOCUMENT_BYTES >> 20
    )]
    TooLarge,
    /// The body could not be read (the connection failed, or the body passed its limit).
    #[error("the request body could not be read")]
    Body(axum::Error),
}

/// The largest base64 text of a record the viewer opens.
const MAX_BASE64_BYTES: usize = MAX_DOCUMENT_BYTES / 3 * 4 + 4;

/// Reads `body` as it arrives and parses it on a thread for blocking work.
pub(crate) async fn read(mut body: Body) -> Result<Upload, UploadError> {
    // A few frames in flight between the connection and the parser: the memory of an upload.
    let (send, frames) = mpsc::channel::<io::Result<Bytes>>(4);
    let parser = tokio::task::spawn_blocking(move || parse(FrameReader::new(frames)));
    let mut failed = None;
    while let Some(frame) = body.frame().await {
        let data = match frame {
            Ok(frame) => match frame.into_data() {
                Ok(data) => Ok(data),
                Err(_) => continue, // trailers
            },
            Err(error) => {
                failed = Some(error);
                Err(io::Error::other("the request body could not be read"))
            }
        };
        // The parser has stopped (a refusal, or the end of the JSON): the rest is not read.
        if send.send(data).await.is_err() || failed.is_some() {
            break;
        }
    }
    drop(send);
    let parsed = match parser.await {
        Ok(parsed) => parsed,
        Err(error) => match error.try_into_panic() {
            Ok(panic) => std::panic::resume_unwind(panic),
            Err(error) => panic!("the upload's parser was cancelled: {error}"),
        },
    };
    // A body that failed under the parser: that, not the JSON error it caused, is why.
    match failed {
        Some(error) => Err(UploadError::Body(error)),
        None => parsed,
    }
}

/// The body's frames as a [`Read`], for the parser's thread.
struct FrameReader {
    frames: mpsc::Receiver<io::Result<Bytes>>,
    current: Bytes,
}

impl FrameReader {
    fn new(frames: mpsc::Receiver<io::Result<Bytes>>) -> FrameReader {
        FrameReader {
            frames,
            current: Bytes::new(),
        }
    }
}

impl Read for FrameReader {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        while self.current.is_empty() {
            match self.frames.blocking_recv() {
                None => return Ok(0),
                Some(data) => self.current = data?,
            }
        }
        let n = buffer.len().min(self.current.len());
        buffer[..n].copy_from_slice(&self.current.split_to(n));
        Ok(n)
    }
}

fn json(error: impl std::fmt::Display) -> UploadError {
    UploadError::Json(error.to_string())
}

/// Parses an upload from `reader` (see the module's documentation).
pub(crate) fn parse(reader: impl Read) -> Result<Upload, UploadError> {
    let mut json_reader = JsonStreamReader::new(reader);
    let (mut name, mut text, mut moves) = (None, None, None);
    json_reader.begin_object().map_err(json)?;
    while json_reader.has_next().map_err(json)? {
        // A field's name is read whole: an unknown one is refused, and one of any length costs
        // at most the body's limit for the moment it is read.
        let field = json_reader.next_name_owned().map_err(json)?;
        let slot = match field.as_str() {
            "name" => &mut name,
            "text" => &mut text,
            "moves" => &mut moves,
            other => {
                return Err(UploadError::Json(format!(
                    "unknown field `{}`, expected `name`, `text` or `moves`",
                    crate::viewer::clip_name(other)
                )))
            }
        };
        if slot.is_some() {
            return Err(UploadError::Json(format!("duplicate field `{field}`")));
        }
        if json_reader.peek().map_err(json)? == ValueType::Null && field != "name" {
            json_reader.next_null().map_err(json)?;
            *slot = Some(None);
            continue;
        }
        let mut value = json_reader.next_string_reader().map_err(json)?;
        *slot = Some(Some(match field.as_str() {
            "name" => clipped(&mut value)?,
            "text" => bounded(&mut value, MAX_DOCUMENT_BYTES)?,
            _ => bounded(&mut value, MAX_BASE64_BYTES)?,
        }));
    }
    json_reader.end_object().map_err(json)?;
    json_reader.consume_trailing_whitespace().map_err(json)?;
    let name = name
        .flatten()
        .ok_or(UploadError::Missing("give the document's name"))?;
    let document = match (text.flatten(), moves.flatten()) {
        (Some(text), None) => Document::Text(text),
        (None, Some(moves)) => Document::Moves(moves),
        _ => {
            return Err(UploadError::Missing(
                "give either text (a judge report) or moves (a record of moves, in base64)",
            ))
        }
    };
    Ok(Upload { name, document })
}

/// A string value read to its end, keeping its first [`MAX_NAME_CHARS`] characters (then `…`).
fn clipped(value: &mut impl Read) -> Result<String, UploadError> {
    // Enough bytes for one character more than is kept, however wide the characters.
    let keep = 4 * (MAX_NAME_CHARS + 2);
    let mut kept = Vec::with_capacity(keep);
    let mut chunk = [0u8; 8192];
    loop {
        let n = value.read(&mut chunk).map_err(json)?;
        if n == 0 {
            break;
        }
        let room = keep - kept.len();
        kept.extend_from_slice(&chunk[..n.min(room)]);
    }
    let text = String::from_utf8_lossy(&kept);
    Ok(crate::viewer::clip_name(&text))
}

/// A string value of at most `most` bytes, read whole.
fn bounded(value: &mut impl Read, most: usize) -> Result<String, UploadError> {
    let mut text = String::new();
    value
        .take(most as u64 + 1)
        .read_to_string(&mut text)
        .map_err(json)?;
    if text.len() > most {
        return Err(UploadError::TooLarge);
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(body: &str) -> Result<Upload, UploadError> {
        parse(body.as_bytes())
    }

    #[test]
    fn names_are_clipped_and_documents_kept() {
        let long = "ż".repeat(MAX_NAME_CHARS + 50);
        let body = serde_json::json!({ "name": long, "text": "{\"a\": 1}" }).to_string();
        let upload = parsed(&body).unwrap();
        assert_eq!(upload.name, crate::viewer::clip_name(&long));
        assert_eq!(upload.name.chars().count(), MAX_NAME_CHARS + 1);
        assert_eq!(upload.document, Document::Text("{\"a\": 1}".into()));
        let escaped = parsed(r#"{"moves": "QUJD", "name": "a\nb\u00e9"}"#).unwrap();
        assert_eq!(escaped.name, "a\nbé");
        assert_eq!(escaped.document, Document::Moves("QUJD".into()));
        let exact = "n".repeat(MAX_NAME_CHARS);
        let body = serde_json::json!({ "name": exact, "text": "" }).to_string();
        assert_eq!(parsed(&body).unwrap().name, exact);
    }

    #[test]
    fn bodies_of_another_shape_are_refused() {
        for body in [
            "",
            "[]",
            "{",
            r#"{"name": "a"}"#,
            r#"{"name": "a", "text": "x", "moves": "y"}"#,
            r#"{"name": "a", "text": null}"#,
            r#"{"text": "x"}"#,
            r#"{"name": 1, "text": "x"}"#,
            r#"{"name": "a", "text": "x", "other": 1}"#,
            r#"{"name": "a", "name": "b", "text": "x"}"#,
            r#"{"name": "a", "text": "x"} trailing"#,
        ] {
            assert!(parsed(body).is_err(), "{body}");
        }
        assert!(parsed(r#"{"name": "a", "text": null, "moves": "QQ=="}"#).is_ok());
    }
}
