//! `/api/viewer*`: judge reports and records of moves, replayed in windows of moves.

use serde_json::json;

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;

use super::{blocking, body_error, declared_json, to_value, ApiError, ApiResult, Query};
use crate::limits::MAX_UPLOAD_BYTES;
use crate::state::{AppState, Shared};
use crate::upload::{self, Document, Upload, UploadError};
use crate::viewer::{DocumentView, Record};

/// Frames sent when a request names no count.
const DEFAULT_COUNT: u64 = 100;

pub(crate) async fn list(State(app): State<Shared>) -> ApiResult {
    let viewer = app.viewer();
    let documents: Vec<_> = viewer
        .documents()
        .map(|document| {
            json!({
                "id": document.id,
                "name": document.name,
                "kind": document.kind,
                "game": document.game,
            })
        })
        .collect();
    Ok(Json(json!({ "documents": documents })))
}

/// `POST /api/viewer/open`: the body is read as it arrives ([`crate::upload`]), the name
/// clipped on arrival; the document is opened on a thread for blocking work.
pub(crate) async fn open(State(app): State<Shared>, request: axum::extract::Request) -> ApiResult {
    declared_json(request.headers())?;
    let Upload { name, document } =
        upload::read(request.into_body())
            .await
            .map_err(|error| match error {
                UploadError::TooLarge => {
                    ApiError::with_status(StatusCode::PAYLOAD_TOO_LARGE, error)
                }
                UploadError::Body(error) => body_error(&error, MAX_UPLOAD_BYTES),
                other => ApiError::bad_request(other.to_string()),
            })?;
    blocking(move || {
        let id = match document {
            Document::Text(text) => app.open(&name, &text),
            Document::Moves(encoded) => {
                use base64::Engine as _;
                let bytes = base64::engine::general_purpose::STANDARD
                    .decode(encoded.trim())
                    .map_err(|error| {
                        ApiError::bad_request(format!("moves: not base64: {error}"))
                    })?;
                drop(encoded);
                app.open_record(&name, bytes)
            }
        }
        .map_err(ApiError::invalid)?;
        with_document(&app, id, |document| to_value(document))
    })
    .await
}

fn number(query: &Query, name: &str, default: Option<u64>) -> Result<u64, ApiError> {
    match query.get(name) {
        Some(text) => text
            .parse()
            .map_err(|_| ApiError::bad_request(format!("{name}: {text:?} is not a number"))),
        None => default.ok_or_else(|| ApiError::bad_request(format!("{name} is missing"))),
    }
}

fn with_document(
    app: &AppState,
    id: u64,
    then: impl FnOnce(&DocumentView) -> ApiResult,
) -> ApiResult {
    let viewer = app.viewer();
    let document = viewer.document(id).ok_or_else(|| {
        ApiError::not_found(format!(
            "no document {id} is open: start duel serve --report FILE, or open a file on the page"
        ))
    })?;
    then(document)
}

pub(crate) async fn report(State(app): State<Shared>, query: Query) -> ApiResult {
    let id = number(&query, "id", None)?;
    with_document(&app, id, |document| to_value(document))
}

pub(crate) async fn game(State(app): State<Shared>, query: Query) -> ApiResult {
    let id = number(&query, "id", None)?;
    let submission = number(&query, "submission", Some(0))?;
    let test = number(&query, "test", None)?;
    let from = number(&query, "from", Some(0))?;
    let count = number(&query, "count", Some(DEFAULT_COUNT))?;
    blocking(move || {
        with_document(&app, id, |document| {
            let submission = document
                .submissions
                .get(submission as usize)
                .ok_or_else(|| ApiError::not_found(format!("no submission {submission}")))?;
            let test = submission
                .tests
                .iter()
                .find(|t| t.index as u64 == test)
                .ok_or_else(|| ApiError::not_found(format!("no test {test}")))?;
            match &test.record {
                Record::Ioiwari(replay) => to_value(replay.window(
                    &app.ioiwari,
                    usize::try_from(from).unwrap_or(usize::MAX),
                    usize::try_from(count).unwrap_or(usize::MAX),
                )),
                Record::Mis(replay) => {
                    let mut window = replay.window(from, count);
                    window.total_moves = test.moves.max(window.total_moves);
                    to_value(window)
                }
                Record::Missing(why) => Err(ApiError::invalid(why)),
            }
        })
    })
    .await
}
