//! [`App`]: the solved games and the router of the page and the API, independent of any
//! socket: the server serves [`App::router`], and so can a test, in process
//! (`tower::ServiceExt::oneshot`).

use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::Response;
use axum::Router;
use duel_ioiwari::remoteness::Remoteness;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::{CompressionLayer, CompressionLevel};
use tower_http::set_header::SetResponseHeaderLayer;

use crate::api;
use crate::api::error_response;
use crate::limits::{body_limit, MAX_HEADERS, MAX_HEAD_BYTES};
use crate::state::{AppState, CachedJson, Shared};
use crate::tables::SavedTables;
use crate::variants::VariantTables;
use crate::viewer::{Viewer, ViewerError};
use duel_analysis::documents::ioiwari as ioiwari_report;

/// How long a request with a body (a `POST`) may take from its head's arrival to its answer,
/// its body included: `408` otherwise (see [`crate::BODY_DEADLINE`], the server's default).
pub const REQUEST_DEADLINE: Duration = crate::server::BODY_DEADLINE;

/// The content-security policy every answer carries: the page loads nothing from elsewhere.
pub const CONTENT_SECURITY_POLICY: &str =
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'";

/// The solved games and the router (axum's, see `API.md`) that answers the page's
/// files, the JSON API and the viewer, with or without a socket.
pub struct App {
    state: Shared,
}

impl App {
    /// Solves Ioiwari (every board, with moves-to-end) and tabulates the start boards.
    pub fn new() -> App {
        let ioiwari = Remoteness::solve();
        let start_table = ioiwari_report::table(&ioiwari, false);
        App {
            state: Arc::new(AppState {
                ioiwari,
                start_table_answer: CachedJson::new(&start_table),
                viewer: Mutex::new(Viewer::default()),
                variants: VariantTables::default(),
                saved: SavedTables::default(),
            }),
        }
    }

    /// Serves the variants of `tables` (saved by `duel ioiwari variants --save`) from them,
    /// whatever their size, as `duel serve --tables DIR` does.
    ///
    /// # Panics
    ///
    /// When a router of this app is still in use (call it before [`App::router`]).
    pub fn with_saved_tables(self, tables: SavedTables) -> App {
        let mut state = Arc::into_inner(self.state).expect("no router shares the state yet");
        state.saved = tables;
        App {
            state: Arc::new(state),
        }
    }

    /// Opens a judge report in the viewer (as `duel serve --report` does); returns its id, or
    /// why it is not one.
    pub fn open(&self, name: &str, text: &str) -> Result<u64, ViewerError> {
        self.state.open(name, text)
    }

    /// Opens the record of a game's moves (`test-NN.moves`, see [`Viewer::open_record`]).
    pub fn open_record(&self, name: &str, bytes: Vec<u8>) -> Result<u64, ViewerError> {
        self.state.open_record(name, bytes)
    }

    /// The router of the page and the API over the app's state, with every layer the server
    /// puts on a request (compression, the common headers, the guard of heads and hosts,
    /// panics answered `500`, each `POST`'s body limit and deadline) and the default deadline,
    /// [`REQUEST_DEADLINE`].
    ///
    /// ```
    /// use duel_web::axum::body::Body;
    /// use duel_web::axum::http::Request;
    /// use duel_web::App;
    /// use tower::ServiceExt;
    ///
    /// # tokio::runtime::Runtime::new()?.block_on(async {
    /// let request = Request::post("/api/mis/analyze")
    ///     .header("content-type", "application/json")
    ///     .body(Body::from(r#"{"p":7,"e":2,"bound":3}"#))?;
    /// let response = App::new().router().oneshot(request).await?;
    /// assert_eq!(response.status(), 200);
    /// let body = duel_web::axum::body::to_bytes(response.into_body(), usize::MAX).await?;
    /// let doc: serde_json::Value = serde_json::from_slice(&body)?;
    /// assert_eq!(doc["standing"], "win");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// # })?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn router(&self) -> Router {
        self.router_with(REQUEST_DEADLINE)
    }

    /// [`App::router`] with another deadline for a request (the server's, from its
    /// [`crate::Deadlines`]).
    pub(crate) fn router_with(&self, deadline: Duration) -> Router {
        layered(api::router(deadline).with_state(Arc::clone(&self.state)))
    }

    /// Answers `request` through [`App::router`] on a runtime of the calling thread (tokio's
    /// current-thread runtime), its body read whole: for callers without a runtime of their
    /// own (a fuzz target, a script).
    pub fn answer_blocking(
        &self,
        request: axum::http::Request<axum::body::Body>,
    ) -> std::io::Result<axum::http::Response<axum::body::Bytes>> {
        use tower::ServiceExt;
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?;
        runtime.block_on(async {
            let response = self
                .router()
                .oneshot(request)
                .await
                .unwrap_or_else(|never| match never {});
            let (parts, body) = response.into_parts();
            let body = axum::body::to_bytes(body, usize::MAX)
                .await
                .map_err(std::io::Error::other)?;
            Ok(axum::http::Response::from_parts(parts, body))
        })
    }

    /// The Ioiwari solver the API answers from.
    pub fn ioiwari(&self) -> &Remoteness {
        &self.state.ioiwari
    }
}

impl Default for App {
    fn default() -> App {
        App::new()
    }
}

/// The layers every request passes, outermost first:
/// - the headers every answer carries unless it sets its own: the content-security policy,
///   `X-Content-Type-Options: nosniff` and `Cache-Control: no-store` (the page's files and
///   the answers that never change set their own caching);
/// - compression, gzip or brotli as the client's `Accept-Encoding` asks (tower-http);
/// - the guard ([`guard`]): the bounds on a request's head (`431` past [`MAX_HEAD_BYTES`] or
///   [`MAX_HEADERS`]), the `Host` of this machine only (`403`), and the JSON shape of the
///   errors tower-http's layers answer by themselves (`408`, `413`);
/// - a panic of a handler (a bug) answered `500` (tower-http), the connection kept;
/// - inside, the routes, each `POST` with tower-http's bound on its body (see [`body_limit`])
///   and its deadline, the body included (`408`). A `GET` carries no body: its head has its
///   own deadline (hyper's), and it arms no timer.
fn layered(routes: Router) -> Router {
    routes
        .layer(CatchPanicLayer::custom(|_| {
            error_response(
                StatusCode::INTERNAL_SERVER_ERROR,
                "the request handler failed",
            )
        }))
        .layer(axum::middleware::from_fn(guard))
        // Quality 4 of both: a few milliseconds for the largest answer, most of the gain.
        .layer(CompressionLayer::new().quality(CompressionLevel::Precise(4)))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CONTENT_SECURITY_POLICY),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-store"),
        ))
}

/// Refuses a head larger than [`MAX_HEAD_BYTES`] or of more than [`MAX_HEADERS`] lines with
/// `431` and the connection closed; refuses a `Host` other than this machine's loopback names
/// with `403` (a page elsewhere could point its own name at 127.0.0.1, DNS rebinding, and a
/// browser then sends that name); gives the answers tower-http's layers make by themselves (a
/// body over its limit, `413`; a request past its deadline, `408`) the API's error shape,
/// `{"error": ...}`. One middleware for the three, so a request crosses one.
async fn guard(request: axum::extract::Request, next: Next) -> Response {
    if head_bytes(&request) > MAX_HEAD_BYTES || request.headers().len() > MAX_HEADERS {
        let message = format!(
            "request line and headers larger than {MAX_HEAD_BYTES} bytes or {MAX_HEADERS} lines"
        );
        let mut answer = error_response(StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE, &message);
        answer
            .headers_mut()
            .insert(header::CONNECTION, HeaderValue::from_static("close"));
        return answer;
    }
    let foreign = request
        .headers()
        .get(header::HOST)
        .is_some_and(|host| !api::is_local_host(&String::from_utf8_lossy(host.as_bytes())));
    if foreign {
        return error_response(
            StatusCode::FORBIDDEN,
            "this server answers only to 127.0.0.1 or localhost",
        );
    }
    let limit = body_limit(request.uri().path());
    let answer = next.run(request).await;
    if !matches!(
        answer.status(),
        StatusCode::PAYLOAD_TOO_LARGE | StatusCode::REQUEST_TIMEOUT
    ) {
        return answer;
    }
    let is_json = answer
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|kind| kind.as_bytes().starts_with(b"application/json"));
    match answer.status() {
        StatusCode::PAYLOAD_TOO_LARGE if !is_json => error_response(
            StatusCode::PAYLOAD_TOO_LARGE,
            &format!("request body larger than {limit} bytes"),
        ),
        StatusCode::REQUEST_TIMEOUT if !is_json => error_response(
            StatusCode::REQUEST_TIMEOUT,
            "request body not received in time",
        ),
        _ => answer,
    }
}

/// The size of the request's head as it came: request line, header lines, the empty line.
fn head_bytes(request: &axum::extract::Request) -> usize {
    let target = request
        .uri()
        .path_and_query()
        .map_or(1, |target| target.as_str().len());
    let line = request.method().as_str().len() + 1 + target + " HTTP/1.1\r\n".len();
    let headers: usize = request
        .headers()
        .iter()
        .map(|(name, value)| name.as_str().len() + 2 + value.len() + 2)
        .sum();
    line + headers + 2
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;
    use axum::routing::get;
    use tower::ServiceExt;

    /// A handler that panics (a bug) is answered `500` with the API's error, once: the panic
    /// layer answers, nothing else does, and the router serves on.
    #[tokio::test]
    async fn a_panicking_handler_is_answered_500_once_and_the_router_serves_on() {
        let panics = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let seen = std::sync::Arc::clone(&panics);
        let routes = Router::new()
            .route(
                "/panic",
                get(move || async move {
                    seen.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                    panic!("a bug");
                    #[allow(unreachable_code)]
                    ""
                }),
            )
            .route(
                "/blocking-panic",
                get(|| api::blocking(|| -> &'static str { panic!("a bug on a blocking thread") })),
            )
            .route("/fine", get(|| async { "fine" }));
        let router = layered(routes);
        for path in ["/panic", "/blocking-panic"] {
            let answer = router
                .clone()
                .oneshot(axum::http::Request::get(path).body(Body::empty()).unwrap())
                .await
                .unwrap();
            assert_eq!(answer.status(), StatusCode::INTERNAL_SERVER_ERROR, "{path}");
            assert_eq!(
                answer
                    .headers()
                    .get_all(header::CONTENT_TYPE)
                    .iter()
                    .count(),
                1
            );
            let body = axum::body::to_bytes(answer.into_body(), usize::MAX)
                .await
                .unwrap();
            assert_eq!(
                &body[..],
                br#"{"error":"the request handler failed"}"#,
                "{path}"
            );
        }
        assert_eq!(panics.load(std::sync::atomic::Ordering::SeqCst), 1);
        let fine = router
            .oneshot(
                axum::http::Request::get("/fine")
                    .body(Body::empty())
                    .unwrap(),
            )
            .await
            .unwrap();
        assert_eq!(fine.status(), StatusCode::OK);
    }
}
