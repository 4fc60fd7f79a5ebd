//! The JSON API (documented in `API.md`): stateless, every request carries the whole position.

mod ioiwari;
mod mis;
mod variant;
mod viewer;

use serde::de::DeserializeOwned;
use serde_json::json;

use crate::http::{Method, Request, Response};
use crate::message::one_line;
use crate::App;

/// An API failure: the status and a one-line message, sent as `{"error": message}`.
#[derive(Debug)]
pub(crate) struct ApiError {
    status: u16,
    message: String,
}

impl ApiError {
    /// 404: nothing of that name.
    pub(crate) fn not_found(message: impl Into<String>) -> ApiError {
        ApiError {
            status: 404,
            message: message.into(),
        }
    }

    /// 400: the body is not JSON of the expected shape.
    pub(crate) fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError {
            status: 400,
            message: message.into(),
        }
    }

    /// Any status, with a message.
    pub(crate) fn with_status(status: u16, message: impl std::fmt::Display) -> ApiError {
        ApiError {
            status,
            message: message.to_string(),
        }
    }

    /// 422: well-formed, but not a valid position or a legal move.
    pub(crate) fn invalid(message: impl std::fmt::Display) -> ApiError {
        ApiError {
            status: 422,
            message: message.to_string(),
        }
    }
}

pub(crate) type ApiResult = Result<serde_json::Value, ApiError>;

/// The endpoints: path, method, what it does.
const ENDPOINTS: [(&str, &str, &str); 20] = [
    ("/api", "GET", "this list"),
    (
        "/api/ioiwari/table",
        "GET",
        "the 357 start boards: value, winning first moves, greedy's result",
    ),
    (
        "/api/ioiwari/analyze",
        "POST",
        "value, moves-to-end and every legal move's value",
    ),
    (
        "/api/ioiwari/play",
        "POST",
        "play a pit; the new position analysed",
    ),
    (
        "/api/ioiwari/engine",
        "POST",
        "the computer's move at a strength; the new position analysed",
    ),
    (
        "/api/ioiwari/variants",
        "GET",
        "the variants (pits, cap) solved on demand, and the tables kept",
    ),
    (
        "/api/ioiwari/variant",
        "GET",
        "?pits=&cap=&board=: a variant position's value and every move's value, cacheable (ETag)",
    ),
    (
        "/api/ioiwari/variant/summary",
        "GET",
        "?pits=&cap=: per bead total, how the start boards turn out (duel ioiwari variants --json)",
    ),
    (
        "/api/ioiwari/variant/analyze",
        "POST",
        "a variant's position: value and every legal move's value",
    ),
    (
        "/api/ioiwari/variant/play",
        "POST",
        "play a pit of a variant; the new position analysed",
    ),
    (
        "/api/ioiwari/variant/engine",
        "POST",
        "the perfect computer's move in a variant; the new position analysed",
    ),
    (
        "/api/mis/analyze",
        "POST",
        "win or loss, every winning move, the pattern of losing positions",
    ),
    (
        "/api/mis/play",
        "POST",
        "play a move; the new position analysed",
    ),
    (
        "/api/mis/engine",
        "POST",
        "the computer's move at a strength; the new position analysed",
    ),
    (
        "/api/mis/pattern",
        "POST",
        "the losing positions in a window around a position",
    ),
    (
        "/api/viewer",
        "GET",
        "the judge reports and logs open in the viewer",
    ),
    (
        "/api/viewer/open",
        "POST",
        "open a judge report or log: {\"name\", \"text\"}",
    ),
    (
        "/api/viewer/report",
        "GET",
        "?id=N: a report's score, ranking and tests",
    ),
    (
        "/api/viewer/game",
        "GET",
        "?id=N&submission=S&test=T&from=K&count=C: moves K.. of a test's game, analysed",
    ),
    (
        "/api/health",
        "GET",
        "{\"ok\": true} once the tables are solved",
    ),
];

pub(crate) fn route(app: &App, request: &Request) -> Response {
    let Some(&(_, method, _)) = ENDPOINTS.iter().find(|(path, _, _)| *path == request.path) else {
        return Response::error(404, &format!("no API endpoint {}", request.path));
    };
    let allowed = matches!(
        (method, &request.method),
        ("GET", Method::Get | Method::Head) | ("POST", Method::Post)
    );
    if !allowed {
        return Response::error(405, &format!("use {method} for {}", request.path))
            .with_header("Allow", method);
    }
    if method == "POST" && !is_json(request) {
        return Response::error(415, "send the body as Content-Type: application/json");
    }
    if request.path == "/api/ioiwari/variant" {
        return variant::lookup(app, request)
            .unwrap_or_else(|error| Response::error(error.status, &one_line(&error.message)));
    }
    let result = match request.path.as_str() {
        "/api" => Ok(index()),
        "/api/health" => Ok(json!({ "ok": true })),
        "/api/ioiwari/table" => serde_json::to_value(&app.start_table).map_err(internal),
        "/api/ioiwari/analyze" => ioiwari::analyze(app, request),
        "/api/ioiwari/play" => ioiwari::play(app, request),
        "/api/ioiwari/engine" => ioiwari::engine(app, request),
        "/api/ioiwari/variants" => variant::limits(app),
        "/api/ioiwari/variant/summary" => variant::summary(app, request),
        "/api/ioiwari/variant/analyze" => variant::analyze(app, request),
        "/api/ioiwari/variant/play" => variant::play(app, request),
        "/api/ioiwari/variant/engine" => variant::engine(app, request),
        "/api/mis/analyze" => mis::analyze(request),
        "/api/mis/play" => mis::play(request),
        "/api/mis/engine" => mis::engine(request),
        "/api/mis/pattern" => mis::pattern(request),
        "/api/viewer" => viewer::list(app),
        "/api/viewer/open" => viewer::open(app, request),
        "/api/viewer/report" => viewer::report(app, request),
        "/api/viewer/game" => viewer::game(app, request),
        _ => Err(ApiError {
            status: 404,
            message: "no such endpoint".to_string(),
        }),
    };
    match result {
        Ok(value) => Response::json(200, &value),
        Err(error) => Response::error(error.status, &one_line(&error.message)),
    }
}

fn index() -> serde_json::Value {
    let endpoints: Vec<_> = ENDPOINTS
        .iter()
        .map(|(path, method, what)| json!({ "path": path, "method": method, "description": what }))
        .collect();
    json!({ "endpoints": endpoints, "docs": "crates/web/API.md" })
}

fn is_json(request: &Request) -> bool {
    request.header("content-type").is_some_and(|value| {
        value
            .split(';')
            .next()
            .is_some_and(|mime| mime.trim().eq_ignore_ascii_case("application/json"))
    })
}

fn internal(error: serde_json::Error) -> ApiError {
    ApiError {
        status: 500,
        message: format!("could not encode the answer: {error}"),
    }
}

/// Parses the body as `T`, with serde's message (line and column included) on failure.
pub(crate) fn parse_body<T: DeserializeOwned>(request: &Request) -> Result<T, ApiError> {
    let text = std::str::from_utf8(&request.body)
        .map_err(|_| ApiError::bad_request("the body is not UTF-8"))?;
    serde_json::from_str(text).map_err(|error| ApiError::bad_request(format!("bad JSON: {error}")))
}

/// The strength a request asks for (default `perfect`).
pub(crate) fn strength(name: Option<&str>) -> &str {
    name.unwrap_or("perfect")
}

pub(crate) fn to_value(value: impl serde::Serialize) -> ApiResult {
    serde_json::to_value(value).map_err(internal)
}
