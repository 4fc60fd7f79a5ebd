//! The JSON API (documented in `API.md`): stateless, every request carries the whole position.

mod ioiwari;
mod mis;
mod variant;
mod viewer;

use axum::extract::{FromRequest, FromRequestParts, State};
use axum::handler::Handler;
use axum::http::request::Parts;
use axum::http::Uri;
use axum::middleware::Next;
use axum::response::IntoResponse;
use axum::routing::{get, post, MethodRouter};
use axum::Router;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::assets::ASSETS;
use crate::http::{Response, TEXT};
use crate::message::one_line;
use crate::state::Shared;

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

/// What a handler of the JSON API answers: a document (`200`) or an error.
pub(crate) type ApiResult = Result<Doc, ApiError>;

/// A JSON document answered with `200`.
#[derive(Debug)]
pub(crate) struct Doc(pub(crate) serde_json::Value);

impl IntoResponse for Doc {
    fn into_response(self) -> axum::response::Response {
        Response::json(200, &self.0).into_response()
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> axum::response::Response {
        Response::error(self.status, &one_line(&self.message)).into_response()
    }
}

/// One endpoint as `GET /api` lists it.
#[derive(Debug, Serialize)]
struct Endpoint {
    path: &'static str,
    method: &'static str,
    description: &'static str,
}

/// The API's routes and, beside each, the line `GET /api` shows for it: the one list the
/// router and the index are both built from.
struct Api {
    router: Router<Shared>,
    endpoints: Vec<Endpoint>,
}

impl Api {
    fn new() -> Api {
        Api {
            router: Router::new(),
            endpoints: vec![Endpoint {
                path: "/api",
                method: "GET",
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
        self.route(path, "GET", get(handler), description)
    }

    /// Declares `POST path`, answered by `handler`.
    fn post<H, T>(self, path: &'static str, handler: H, description: &'static str) -> Api
    where
        H: Handler<T, Shared>,
        T: 'static,
    {
        self.route(path, "POST", post(handler), description)
    }

    fn route(
        mut self,
        path: &'static str,
        method: &'static str,
        route: MethodRouter<Shared>,
        description: &'static str,
    ) -> Api {
        self.router = self.router.route(path, only(route, method));
        self.endpoints.push(Endpoint {
            path,
            method,
            description,
        });
        self
    }

    /// The router, with `GET /api` answering the list of what was declared.
    fn finish(self) -> Router<Shared> {
        let index = json!({ "endpoints": self.endpoints, "docs": "crates/web/API.md" });
        let index = Response::json(200, &index);
        let answer = move || std::future::ready(index.clone());
        self.router.route("/api", only(get(answer), "GET"))
    }
}

/// `route` with a `405` for any other method than `method`, its `Allow` header naming it.
fn only(route: MethodRouter<Shared>, method: &'static str) -> MethodRouter<Shared> {
    route.fallback(move |uri: Uri| {
        std::future::ready(
            Response::error(405, &format!("use {method} for {}", uri.path()))
                .with_header("Allow", method),
        )
    })
}

/// The JSON API's routes (with `GET /api`, the list of them), the page's assets and the
/// answers to every other path: `404` (JSON under `/api`), `405` with `Allow` for a method a
/// path does not take, `403` for a `Host` other than this machine.
pub(crate) fn router() -> Router<Shared> {
    let mut router = api().finish();
    for (path, asset) in ASSETS {
        let page = move || std::future::ready(Response::new(200, asset.content_type, asset.body));
        let route = get(page).fallback(|| {
            std::future::ready(Response::error(405, "use GET").with_header("Allow", "GET, HEAD"))
        });
        if path == "/" {
            router = router.route("/index.html", route.clone());
        }
        router = router.route(path, route);
    }
    router
        .fallback(not_found)
        .layer(axum::middleware::from_fn(local_only))
}

/// Every endpoint of the JSON API, in the order `GET /api` lists them.
fn api() -> Api {
    Api::new()
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

async fn start_table(State(app): State<Shared>) -> ApiResult {
    to_value(&app.start_table)
}

async fn health() -> Doc {
    Doc(json!({ "ok": true }))
}

/// Any path no route declares: a JSON `404` under `/api`, a plain one elsewhere.
async fn not_found(uri: Uri) -> Response {
    let path = uri.path();
    if path.starts_with("/api/") || path == "/api" {
        Response::error(404, &format!("no API endpoint {path}"))
    } else {
        Response::new(404, TEXT, "not found\n")
    }
}

/// Refuses a `Host` other than this machine's loopback names with `403`: a page elsewhere
/// could point its own name at 127.0.0.1 (DNS rebinding), and a browser then sends that name.
async fn local_only(request: axum::extract::Request, next: Next) -> axum::response::Response {
    let foreign = request
        .headers()
        .get(axum::http::header::HOST)
        .is_some_and(|host| !is_local_host(&String::from_utf8_lossy(host.as_bytes())));
    if foreign {
        return Response::error(403, "this server answers only to 127.0.0.1 or localhost")
            .into_response();
    }
    next.run(request).await
}

/// The body of a `POST`, refused with `415` unless it is declared
/// `Content-Type: application/json`.
pub(crate) struct JsonBytes(pub(crate) axum::body::Bytes);

impl<S: Send + Sync> FromRequest<S> for JsonBytes {
    type Rejection = ApiError;

    async fn from_request(request: axum::extract::Request, _: &S) -> Result<Self, ApiError> {
        let declared = request
            .headers()
            .get(axum::http::header::CONTENT_TYPE)
            .is_some_and(|value| is_json(&String::from_utf8_lossy(value.as_bytes())));
        if !declared {
            return Err(ApiError::with_status(
                415,
                "send the body as Content-Type: application/json",
            ));
        }
        // The server has bounded the body already (its limits depend on the path).
        axum::body::to_bytes(request.into_body(), usize::MAX)
            .await
            .map(JsonBytes)
            .map_err(|_| ApiError::bad_request("the request body could not be read"))
    }
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

/// The query of a request (`?from=10&count=5`), its parameters read as they came.
pub(crate) struct Query(String);

impl<S: Send + Sync> FromRequestParts<S> for Query {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(Query(parts.uri.query().unwrap_or("").to_string()))
    }
}

impl Query {
    /// The value of the parameter `name`, if given.
    pub(crate) fn get(&self, name: &str) -> Option<&str> {
        self.0
            .split('&')
            .filter_map(|pair| pair.split_once('='))
            .find(|(key, _)| *key == name)
            .map(|(_, value)| value)
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

fn internal(error: serde_json::Error) -> ApiError {
    ApiError {
        status: 500,
        message: format!("could not encode the answer: {error}"),
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
    serde_json::to_value(value).map(Doc).map_err(internal)
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
