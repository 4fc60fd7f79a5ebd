//! The JSON API (documented in `API.md`): stateless, every request carries the whole position.

mod ioiwari;
mod mis;
mod variant;
mod viewer;

use std::collections::HashMap;

use axum::extract::{FromRequest, FromRequestParts, State};
use axum::handler::Handler;
use axum::http::request::Parts;
use axum::http::{header, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, MethodRouter};
use axum::{Json, Router};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::time::Duration;

use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::TimeoutLayer;

use crate::limits::body_limit;
use crate::message::one_line;
use crate::state::Shared;

/// An API failure: the status and a one-line message, sent as `{"error": message}`.
#[derive(Debug)]
pub(crate) struct ApiError {
    status: StatusCode,
    message: String,
}

impl ApiError {
    /// 404: nothing of that name.
    pub(crate) fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::with_status(StatusCode::NOT_FOUND, message.into())
    }

    /// 400: the body is not JSON of the expected shape.
    pub(crate) fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::with_status(StatusCode::BAD_REQUEST, message.into())
    }

    /// Any status, with a message.
    pub(crate) fn with_status(status: StatusCode, message: impl std::fmt::Display) -> ApiError {
        ApiError {
            status,
            message: message.to_string(),
        }
    }

    /// 422: well-formed, but not a valid position or a legal move.
    pub(crate) fn invalid(message: impl std::fmt::Display) -> ApiError {
        ApiError::with_status(StatusCode::UNPROCESSABLE_ENTITY, message)
    }
}

/// The API's error shape: `{"error": message}` (one line) with `status`.
pub(crate) fn error_response(status: StatusCode, message: &str) -> Response {
    (status, Json(json!({ "error": one_line(message) }))).into_response()
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        error_response(self.status, &self.message)
    }
}

/// What a handler of the JSON API answers: a document (`200`) or an error.
pub(crate) type ApiResult = Result<Json<serde_json::Value>, ApiError>;

/// One endpoint as `GET /api` lists it.
#[derive(Debug, Serialize)]
struct Endpoint {
    path: &'static str,
    method: String,
    description: &'static str,
}

/// The API's routes and, beside each, the line `GET /api` shows for it: the one list the
/// router and the index are both built from.
struct Api {
    router: Router<Shared>,
    endpoints: Vec<Endpoint>,
    /// How long a `POST` may take, its body included.
    deadline: Duration,
}

impl Api {
    fn new(deadline: Duration) -> Api {
        Api {
            deadline,
            router: Router::new(),
            endpoints: vec![Endpoint {
                path: "/api",
                method: "GET".to_string(),
                description: "this list",
            }],
        }
    }

    /// Declares `GET path` (and `HEAD`), answered by `handler`.
    fn get<H, T>(self, path: &'static str, handler: H, description: &'static str) -> Api
    where
        H: Handler<T, Shared>,
        T: 'static,
    {
        self.route(path, Method::GET, get(handler), description)
    }

    /// Declares `POST path`, answered by `handler`; its body is bounded by
    /// [`body_limit`] (tower-http's [`RequestBodyLimitLayer`]) and the request by the
    /// deadline (tower-http's [`TimeoutLayer`], `408`).
    fn post<H, T>(self, path: &'static str, handler: H, description: &'static str) -> Api
    where
        H: Handler<T, Shared>,
        T: 'static,
    {
        let route = post(handler)
            .layer::<_, std::convert::Infallible>(RequestBodyLimitLayer::new(body_limit(path)))
            .layer(TimeoutLayer::with_status_code(
                StatusCode::REQUEST_TIMEOUT,
                self.deadline,
            ));
        self.route(path, Method::POST, route, description)
    }

    fn route(
        mut self,
        path: &'static str,
        method: Method,
        route: MethodRouter<Shared>,
        description: &'static str,
    ) -> Api {
        self.router = self.router.route(path, only(route, method.clone()));
        self.endpoints.push(Endpoint {
            path,
            method: method.as_str().to_string(),
            description,
        });
        self
    }

    /// The router, with `GET /api` answering the list of what was declared.
    fn finish(self) -> Router<Shared> {
        let index = json!({ "endpoints": self.endpoints, "docs": "crates/web/API.md" });
        let answer = move || std::future::ready(Json(index.clone()));
        self.router.route("/api", only(get(answer), Method::GET))
    }
}

/// `route` with a `405` for any other method than `method`, its `Allow` header naming it.
fn only(route: MethodRouter<Shared>, method: Method) -> MethodRouter<Shared> {
    route.fallback(move |uri: Uri| {
        let allow = HeaderValue::from_str(method.as_str()).expect("a method is a header value");
        let message = format!("use {method} for {}", uri.path());
        std::future::ready(
            (
                [(header::ALLOW, allow)],
                error_response(StatusCode::METHOD_NOT_ALLOWED, &message),
            )
                .into_response(),
        )
    })
}

/// The JSON API's routes (with `GET /api`, the list of them), the page's files (see
/// [`crate::assets`]) and the answers to every other path: `404` (JSON under `/api`), `405`
/// with `Allow` for a method a path does not take, `403` for a `Host` other than this machine.
/// A `POST` gets `408` past `deadline`, its body included.
pub(crate) fn router(deadline: Duration) -> Router<Shared> {
    api(deadline).finish().fallback(page_or_missing)
}

/// Every endpoint of the JSON API, in the order `GET /api` lists them.
fn api(deadline: Duration) -> Api {
    Api::new(deadline)
        .get(
            "/api/ioiwari/table",
            start_table,
            "the 357 start boards: value, winning first moves, greedy's result",
        )
        .post(
            "/api/ioiwari/analyze",
            ioiwari::analyze,
            "value, moves-to-end and every legal move's value",
        )
        .post(
            "/api/ioiwari/play",
            ioiwari::play,
            "play a pit; the new position analysed",
        )
        .post(
            "/api/ioiwari/engine",
            ioiwari::engine,
            "the computer's move at a strength; the new position analysed",
        )
        .post(
            "/api/ioiwari/game",
            ioiwari::game,
            "a whole game from its start and moves: every move's sowing, value and mistake, each player's first mistake",
        )
        .get(
            "/api/ioiwari/variants",
            variant::limits,
            "the variants (pits, cap) solved on demand, and the tables kept",
        )
        .get(
            "/api/ioiwari/variant",
            variant::lookup,
            "?pits=&cap=&board=: a variant position's value and every move's value, cacheable (ETag)",
        )
        .get(
            "/api/ioiwari/variant/summary",
            variant::summary,
            "?pits=&cap=: per bead total, how the start boards turn out (duel ioiwari variants --json)",
        )
        .post(
            "/api/ioiwari/variant/analyze",
            variant::analyze,
            "a variant's position: value and every legal move's value",
        )
        .post(
            "/api/ioiwari/variant/play",
            variant::play,
            "play a pit of a variant; the new position analysed",
        )
        .post(
            "/api/ioiwari/variant/engine",
            variant::engine,
            "the perfect computer's move in a variant; the new position analysed",
        )
        .post(
            "/api/ioiwari/variant/game",
            variant::game,
            "a variant's whole game from its start and moves: every move's value and mistake",
        )
        .post(
            "/api/mis/analyze",
            mis::analyze,
            "win or loss, every winning move, the pattern of losing positions",
        )
        .post(
            "/api/mis/play",
            mis::play,
            "play a move; the new position analysed",
        )
        .post(
            "/api/mis/engine",
            mis::engine,
            "the computer's move at a strength; the new position analysed",
        )
        .post(
            "/api/mis/pattern",
            mis::pattern,
            "the map of losing positions around a position, scaled to show every pool one move away",
        )
        .post(
            "/api/mis/game",
            mis::game,
            "a whole game from its start and moves: who moves, what they may take, mistakes, the winner",
        )
        .get(
            "/api/viewer",
            viewer::list,
            "the judge reports and logs open in the viewer",
        )
        .post(
            "/api/viewer/open",
            viewer::open,
            "open a judge report or log: {\"name\", \"text\"}",
        )
        .get(
            "/api/viewer/report",
            viewer::report,
            "?id=N: a report's score, ranking and tests",
        )
        .get(
            "/api/viewer/game",
            viewer::game,
            "?id=N&submission=S&test=T&from=K&count=C: moves K.. of a test's game, analysed",
        )
        .get(
            "/api/health",
            health,
            "{\"ok\": true} once the tables are solved",
        )
}

/// `GET /api/ioiwari/table`: never changes while the server runs, so it is revalidated with
/// an `ETag` (its body's hash) rather than sent again.
async fn start_table(State(app): State<Shared>, headers: axum::http::HeaderMap) -> Response {
    app.start_table_answer.answer(&headers)
}

async fn health() -> Json<serde_json::Value> {
    Json(json!({ "ok": true }))
}

/// A path no route declares: one of the page's files (`GET` or `HEAD`), or a JSON `404`
/// under `/api`, a plain one elsewhere; `405` for another method on a file of the page.
async fn page_or_missing(method: Method, uri: Uri, headers: axum::http::HeaderMap) -> Response {
    let path = uri.path();
    if path.starts_with("/api/") || path == "/api" {
        return error_response(StatusCode::NOT_FOUND, &format!("no API endpoint {path}"));
    }
    match crate::assets::answer(path, &headers) {
        Some(answer) if method == Method::GET || method == Method::HEAD => answer,
        Some(_) => (
            [(header::ALLOW, HeaderValue::from_static("GET, HEAD"))],
            error_response(StatusCode::METHOD_NOT_ALLOWED, "use GET"),
        )
            .into_response(),
        None => (
            StatusCode::NOT_FOUND,
            [(header::CONTENT_TYPE, HeaderValue::from_static(TEXT))],
            "not found\n",
        )
            .into_response(),
    }
}

/// The content type of plain-text answers (a path that is neither a file nor the API).
const TEXT: &str = "text/plain; charset=utf-8";

/// The body of a `POST`, refused with `415` unless it is declared
/// `Content-Type: application/json`.
pub(crate) struct JsonBytes(pub(crate) axum::body::Bytes);

impl<S: Send + Sync> FromRequest<S> for JsonBytes {
    type Rejection = ApiError;

    async fn from_request(request: axum::extract::Request, _: &S) -> Result<Self, ApiError> {
        declared_json(request.headers())?;
        let limit = body_limit(request.uri().path());
        // The route's limit layer has bounded the body already: this bound only names it.
        axum::body::to_bytes(request.into_body(), usize::MAX)
            .await
            .map(JsonBytes)
            .map_err(|error| body_error(&error, limit))
    }
}

/// `415` unless the body is declared `Content-Type: application/json`.
pub(crate) fn declared_json(headers: &axum::http::HeaderMap) -> Result<(), ApiError> {
    let declared = headers
        .get(header::CONTENT_TYPE)
        .is_some_and(|value| is_json(&String::from_utf8_lossy(value.as_bytes())));
    if !declared {
        return Err(ApiError::with_status(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "send the body as Content-Type: application/json",
        ));
    }
    Ok(())
}

/// A body that could not be read, as the API says it: `413` past the limit (tower-http's
/// [`RequestBodyLimitLayer`] stopped it), else `400`.
pub(crate) fn body_error(error: &axum::Error, limit: usize) -> ApiError {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(error);
    while let Some(cause) = source {
        if cause.is::<http_body_util::LengthLimitError>() {
            return too_large(limit);
        }
        source = cause.source();
    }
    ApiError::bad_request("the request body could not be read")
}

/// `413` for a body larger than `limit` bytes.
pub(crate) fn too_large(limit: usize) -> ApiError {
    ApiError::with_status(
        StatusCode::PAYLOAD_TOO_LARGE,
        format!("request body larger than {limit} bytes"),
    )
}

/// The JSON body of a `POST` as `T`: `415` unless declared JSON, `400` with serde's message
/// (line and column included) unless it parses.
pub(crate) struct Body<T>(pub(crate) T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(request: axum::extract::Request, state: &S) -> Result<Self, ApiError> {
        let JsonBytes(bytes) = JsonBytes::from_request(request, state).await?;
        parse_body(&bytes).map(Body)
    }
}

/// The query of a request (`?from=10&count=5`), its parameters percent-decoded (`%20`, `+`).
pub(crate) struct Query(HashMap<String, String>);

impl<S: Send + Sync> FromRequestParts<S> for Query {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, ApiError> {
        axum::extract::Query::<HashMap<String, String>>::try_from_uri(&parts.uri)
            .map(|axum::extract::Query(parameters)| Query(parameters))
            .map_err(|rejection| ApiError::bad_request(format!("bad query: {rejection}")))
    }
}

impl Query {
    /// The value of the parameter `name`, if given.
    pub(crate) fn get(&self, name: &str) -> Option<&str> {
        self.0.get(name).map(String::as_str)
    }
}

/// The moves of a game in a request: a list (`[2, 4, 1]`, `["1-1", "2-0"]`,
/// `[{"take_p": 1, "take_e": 1}]`) or the text of a game's address (`"2.4.1"`, `"1-1.2-0"`:
/// dots, commas or spaces between moves).
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub(crate) enum MovesIn {
    Text(String),
    List(Vec<serde_json::Value>),
}

impl Default for MovesIn {
    fn default() -> MovesIn {
        MovesIn::List(Vec::new())
    }
}

impl MovesIn {
    /// Each move as text, as the game's rules read it (a pit `2`, a take `1-1`).
    pub(crate) fn tokens(&self) -> Result<Vec<String>, ApiError> {
        match self {
            MovesIn::Text(text) => Ok(text
                .split(|c: char| c == '.' || c == ',' || c.is_whitespace())
                .filter(|token| !token.is_empty())
                .map(str::to_string)
                .collect()),
            MovesIn::List(items) => items
                .iter()
                .map(|item| match item {
                    serde_json::Value::Number(number) => Ok(number.to_string()),
                    serde_json::Value::String(text) => Ok(text.clone()),
                    serde_json::Value::Object(fields) => {
                        let take =
                            |name: &str| fields.get(name).and_then(serde_json::Value::as_u64);
                        match (take("take_p"), take("take_e"), fields.len()) {
                            (Some(p), Some(e), 2) => Ok(format!("{p}-{e}")),
                            _ => Err(ApiError::bad_request(
                                "moves: a move object is {\"take_p\": P, \"take_e\": E}",
                            )),
                        }
                    }
                    other => Err(ApiError::bad_request(format!(
                        "moves: {other} is not a move (a number, a text or a take)"
                    ))),
                })
                .collect(),
        }
    }
}

/// `{"start": {...a position...}, "moves": ...}`: a whole game, `P` its game's position.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct GameIn<P> {
    pub(crate) start: P,
    #[serde(default)]
    pub(crate) moves: MovesIn,
}

fn is_json(content_type: &str) -> bool {
    content_type
        .split(';')
        .next()
        .is_some_and(|mime| mime.trim().eq_ignore_ascii_case("application/json"))
}

/// Whether a `Host` header names this machine's loopback address.
pub(crate) fn is_local_host(host: &str) -> bool {
    let name = match host.rsplit_once(':') {
        Some((name, port)) if port.chars().all(|c| c.is_ascii_digit()) => name,
        _ => host,
    };
    matches!(
        name.to_ascii_lowercase().as_str(),
        "127.0.0.1" | "localhost" | "[::1]"
    )
}

fn internal(error: serde_json::Error) -> ApiError {
    ApiError::with_status(
        StatusCode::INTERNAL_SERVER_ERROR,
        format!("could not encode the answer: {error}"),
    )
}

/// Runs `work` (a computation of milliseconds to seconds: a variant's solve, a game's replay)
/// on tokio's threads for blocking work, so the threads that serve connections stay free; a
/// panic in it is a panic of the handler (answered `500` by the router's panic layer).
pub(crate) async fn blocking<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> T {
    match tokio::task::spawn_blocking(work).await {
        Ok(value) => value,
        Err(error) => match error.try_into_panic() {
            Ok(panic) => std::panic::resume_unwind(panic),
            Err(error) => panic!("the blocking work was cancelled: {error}"),
        },
    }
}

/// Parses the body as `T`, with serde's message (line and column included) on failure.
pub(crate) fn parse_body<T: DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    let text =
        std::str::from_utf8(body).map_err(|_| ApiError::bad_request("the body is not UTF-8"))?;
    serde_json::from_str(text).map_err(|error| ApiError::bad_request(format!("bad JSON: {error}")))
}

/// The strength a request asks for (default `perfect`).
pub(crate) fn strength(name: Option<&str>) -> &str {
    name.unwrap_or("perfect")
}

/// `value` as the answer's document.
pub(crate) fn to_value(value: impl serde::Serialize) -> ApiResult {
    serde_json::to_value(value).map(Json).map_err(internal)
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
