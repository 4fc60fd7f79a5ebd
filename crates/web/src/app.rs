//! [`App`]: the solved games and the router of the page and the API, independent of any
//! socket.

use duel_ioiwari::remoteness::Remoteness;

use std::future::Future;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, Wake, Waker};

use axum::body::Body;
use axum::response::IntoResponse;
use axum::Router;
use tower::ServiceExt;

use crate::api;
use crate::http::{Method, Request, Response, COMMON_HEADERS};
use crate::state::{AppState, Shared};
use crate::tables::SavedTables;
use crate::variants::VariantTables;
use crate::viewer::Viewer;
use duel_analysis::documents::ioiwari as ioiwari_report;

/// The solved games and the router (axum's, see [`crate::api`]) that answers the page's
/// assets, the JSON API and the viewer, with or without a socket.
pub struct App {
    state: Shared,
    router: Router,
}

impl App {
    /// Solves Ioiwari (every board, with moves-to-end) and tabulates the start boards.
    pub fn new() -> App {
        let ioiwari = Remoteness::solve();
        let start_table = ioiwari_report::table(&ioiwari, false);
        App::with_state(AppState {
            ioiwari,
            start_table,
            viewer: Mutex::new(Viewer::default()),
            variants: VariantTables::default(),
            saved: SavedTables::default(),
        })
    }

    fn with_state(state: AppState) -> App {
        let state = Arc::new(state);
        App {
            router: api::router().with_state(Arc::clone(&state)),
            state,
        }
    }

    /// Serves the variants of `tables` (saved by `duel ioiwari variants --save`) from them,
    /// whatever their size, as `duel serve --tables DIR` does.
    pub fn with_saved_tables(self, tables: SavedTables) -> App {
        let App { state, router } = self;
        // The router holds the only other reference: dropped, the state is ours alone.
        drop(router);
        let mut state = Arc::into_inner(state).expect("no router shares the state any more");
        state.saved = tables;
        App::with_state(state)
    }

    /// Opens a judge report in the viewer (as `duel serve --report` does); returns its id, or
    /// a one-line reason it is not one.
    pub fn open(&self, name: &str, text: &str) -> Result<u64, String> {
        self.state.open(name, text)
    }

    /// Opens the record of a game's moves (`test-NN.moves`, see [`Viewer::open_record`]).
    pub fn open_record(&self, name: &str, bytes: Vec<u8>) -> Result<u64, String> {
        self.state.open_record(name, bytes)
    }

    /// The router of the page and the API, over the app's state (the server puts its own
    /// bounds on it).
    pub(crate) fn router(&self) -> Router {
        self.router.clone()
    }

    /// The Ioiwari solver the API answers from.
    pub fn ioiwari(&self) -> &Remoteness {
        &self.state.ioiwari
    }

    /// Answers one request: the page's assets and the JSON API (see `API.md`), through the
    /// same router the server uses.
    ///
    /// ```
    /// use duel_web::http::{Method, Request};
    /// use duel_web::App;
    ///
    /// let app = App::new();
    /// let response = app.handle(&Request::new(Method::Post, "/api/mis/analyze", br#"{"p":7,"e":2,"bound":3}"#));
    /// assert_eq!(response.status, 200);
    /// let doc: serde_json::Value = serde_json::from_slice(&response.body)?;
    /// assert_eq!(doc["standing"], "win");
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    pub fn handle(&self, request: &Request) -> Response {
        let method = match &request.method {
            Method::Get => axum::http::Method::GET,
            Method::Head => axum::http::Method::HEAD,
            Method::Post => axum::http::Method::POST,
            // A token `http` refuses (empty, a control character) is no method any route
            // answers either.
            Method::Other(token) => axum::http::Method::from_bytes(token.as_bytes())
                .unwrap_or_else(|_| axum::http::Method::from_bytes(b"UNKNOWN").expect("a token")),
        };
        let target = if request.query.is_empty() {
            request.path.clone()
        } else {
            format!("{}?{}", request.path, request.query)
        };
        let mut builder = axum::http::Request::builder().method(method).uri(target);
        for (name, value) in &request.headers {
            builder = builder.header(name.as_str(), value.as_str());
        }
        match builder.body(Body::from(request.body.clone())) {
            Ok(http) => from_http(self.respond(http)),
            Err(error) => Response::error(400, &format!("not a request: {error}")),
        }
    }

    /// Answers a request whose body has been read: the router's answer, or a `500` if a
    /// handler panicked (a bug, answered rather than dropping the connection). The handlers
    /// never wait on anything, so the router's future is driven here, on this thread.
    fn respond(&self, request: axum::http::Request<Body>) -> axum::response::Response {
        let router = self.router.clone();
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            block_on(router.oneshot(request))
        }))
        .map(|answer| answer.unwrap_or_else(|never| match never {}))
        .unwrap_or_else(|_| Response::error(500, "the request handler failed").into_response())
    }
}

impl Default for App {
    fn default() -> App {
        App::new()
    }
}

/// Drives `future` to its end on this thread, parking while it waits.
fn block_on<F: Future>(future: F) -> F::Output {
    struct Unpark(std::thread::Thread);
    impl Wake for Unpark {
        fn wake(self: Arc<Self>) {
            self.0.unpark();
        }
    }
    let waker = Waker::from(Arc::new(Unpark(std::thread::current())));
    let mut context = Context::from_waker(&waker);
    let mut future = std::pin::pin!(future);
    loop {
        match future.as_mut().poll(&mut context) {
            Poll::Ready(output) => return output,
            Poll::Pending => std::thread::park(),
        }
    }
}

/// The headers an answer of the router may carry besides the common ones, by their names as
/// [`Response::with_header`] spells them.
const OWN_HEADERS: [&str; 4] = ["Allow", "Cache-Control", "Connection", "ETag"];

/// The router's answer as plain data: its status, type, body and own headers (the common
/// ones, which every answer carries, left out unless the answer set its own value).
fn from_http(response: axum::response::Response) -> Response {
    let (parts, body) = response.into_parts();
    let body = block_on(axum::body::to_bytes(body, usize::MAX))
        .map(|bytes| bytes.to_vec())
        .unwrap_or_default();
    let content_type = parts
        .headers
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .map_or("application/octet-stream", content_type_name);
    let mut plain = Response::new(parts.status.as_u16(), content_type, body);
    for name in OWN_HEADERS {
        let common = COMMON_HEADERS
            .iter()
            .find(|(common, _)| common.eq_ignore_ascii_case(name));
        for value in parts.headers.get_all(name) {
            let value = String::from_utf8_lossy(value.as_bytes()).into_owned();
            if common.is_none_or(|(_, usual)| *usual != value) {
                plain = plain.with_header(name, value);
            }
        }
    }
    plain
}

/// The `&'static` name of a content type the router answers with.
fn content_type_name(value: &str) -> &'static str {
    crate::assets::ASSETS
        .iter()
        .map(|(_, asset)| asset.content_type)
        .chain(["application/json", crate::http::TEXT])
        .find(|known| *known == value)
        .unwrap_or("application/octet-stream")
}
