//! `/api/viewer*`: judge reports and records of moves, replayed in windows of moves.

use serde::Deserialize;
use serde_json::json;
use std::borrow::Cow;

use axum::extract::State;

use super::{to_value, ApiError, ApiResult, Doc, JsonBytes, Query};
use crate::state::{AppState, Shared};
use crate::viewer::{DocumentView, Record, MAX_DOCUMENT_BYTES};

/// Frames sent when a request names no count.
const DEFAULT_COUNT: u64 = 100;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct OpenIn<'a> {
    /// Borrowed from the body where it can be (no escapes): a name of any length is only
    /// clipped, never copied whole.
    #[serde(borrow)]
    name: Cow<'a, str>,
    /// A judge report (JSON).
    #[serde(default)]
    text: Option<String>,
    /// Or the record of one game's moves (`test-NN.moves`), in base64.
    #[serde(default)]
    moves: Option<String>,
}

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
    Ok(Doc(json!({ "documents": documents })))
}

pub(crate) async fn open(State(app): State<Shared>, JsonBytes(body): JsonBytes) -> ApiResult {
    let body =
        std::str::from_utf8(&body).map_err(|_| ApiError::bad_request("the body is not UTF-8"))?;
    let input: OpenIn<'_> = serde_json::from_str(body)
        .map_err(|error| ApiError::bad_request(format!("bad JSON: {error}")))?;
    let size = input.text.as_ref().map_or(0, String::len)
        + input.moves.as_ref().map_or(0, |moves| moves.len() / 4 * 3);
    if size > MAX_DOCUMENT_BYTES {
        return Err(ApiError::with_status(
            413,
            format!(
                "the document is {} MB, more than the viewer opens ({} MB)",
                size >> 20,
                MAX_DOCUMENT_BYTES >> 20
            ),
        ));
    }
    let id = match (input.text, input.moves) {
        (Some(text), None) => app.open(&input.name, &text),
        (None, Some(encoded)) => {
            use base64::Engine as _;
            let bytes = base64::engine::general_purpose::STANDARD
                .decode(encoded.trim())
                .map_err(|error| ApiError::bad_request(format!("moves: not base64: {error}")))?;
            app.open_record(&input.name, bytes)
        }
        _ => {
            return Err(ApiError::bad_request(
                "give either text (a judge report) or moves (a record of moves, in base64)",
            ))
        }
    }
    .map_err(ApiError::invalid)?;
    with_document(&app, id, |document| to_value(document))
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
}
