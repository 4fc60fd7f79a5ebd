//! The request and response of [`crate::App::handle`]: plain data, so the router can be called
//! and tested without a socket. The HTTP itself (parsing, keep-alive, limits on the head) is
//! hyper's, under axum (see [`crate::Server`]).

mod response;

pub use response::{Response, COMMON_HEADERS, CONTENT_SECURITY_POLICY};

/// The content type of plain-text answers (a path that is neither an asset nor the API).
pub(crate) const TEXT: &str = "text/plain; charset=utf-8";

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
/// Largest judge report or log the page may send to the viewer, in bytes.
pub const MAX_UPLOAD_BYTES: usize = 16 * 1024 * 1024;
/// Most header lines accepted: `431` with a JSON error beyond it (up to [`HYPER_HEADERS`]).
pub const MAX_HEADERS: usize = 64;

/// The request method; only the ones the server answers are told apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Method {
    /// `GET`
    Get,
    /// `HEAD`
    Head,
    /// `POST`
    Post,
    /// Anything else, kept for the 405 answer.
    Other(String),
}

impl Method {
    /// The method named `token`.
    pub fn parse(token: &str) -> Method {
        match token {
            "GET" => Method::Get,
            "HEAD" => Method::Head,
            "POST" => Method::Post,
            other => Method::Other(other.to_string()),
        }
    }
}

/// One HTTP request: method, path, query, headers and body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// The method.
    pub method: Method,
    /// The path, e.g. `/api/ioiwari/analyze`, without any `?query`.
    pub path: String,
    /// The query after `?`, empty when there is none.
    pub query: String,
    /// Header names (lower-cased) and values, in order.
    pub headers: Vec<(String, String)>,
    /// The body (empty when there is none).
    pub body: Vec<u8>,
}

impl Request {
    /// Builds a request by hand, e.g. for tests of the router; `target` may carry a `?query`.
    ///
    /// ```
    /// use duel_web::http::{Method, Request};
    ///
    /// let request = Request::new(Method::Post, "/api/mis/analyze", br#"{"p":7,"e":2,"bound":3}"#);
    /// assert_eq!(request.header("content-type"), Some("application/json"));
    /// assert_eq!(Request::new(Method::Get, "/a?b=1", b"").query, "b=1");
    /// ```
    pub fn new(method: Method, target: &str, body: &[u8]) -> Request {
        let (path, query) = target.split_once('?').unwrap_or((target, ""));
        Request {
            method,
            path: path.to_string(),
            query: query.to_string(),
            headers: vec![
                ("host".to_string(), "127.0.0.1".to_string()),
                ("content-type".to_string(), "application/json".to_string()),
            ],
            body: body.to_vec(),
        }
    }

    /// The value of the first header called `name` (case-insensitive), if any.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(key, _)| key.eq_ignore_ascii_case(name))
            .map(|(_, value)| value.as_str())
    }

    /// The value of the query parameter `name` (`?from=10&count=5`), if given.
    pub fn query_param(&self, name: &str) -> Option<&str> {
        self.query
            .split('&')
            .filter_map(|pair| pair.split_once('='))
            .find(|(key, _)| *key == name)
            .map(|(_, value)| value)
    }
}
