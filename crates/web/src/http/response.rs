//! [`Response`]: what the server sends back.

use axum::body::Body;

/// An HTTP response: status, content type and body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Response {
    /// The status code, e.g. 200.
    pub status: u16,
    /// The `Content-Type` header's value, e.g. `application/json`.
    pub content_type: &'static str,
    /// The body bytes, in the format `content_type` names.
    pub body: Vec<u8>,
    /// Extra headers, e.g. `Allow` on a 405.
    pub extra_headers: Vec<(&'static str, String)>,
}

impl Response {
    /// A response with the given status, content type and body.
    pub fn new(status: u16, content_type: &'static str, body: impl Into<Vec<u8>>) -> Response {
        Response {
            status,
            content_type,
            body: body.into(),
            extra_headers: Vec::new(),
        }
    }

    /// A JSON response from an already serialised value.
    pub fn json(status: u16, value: &serde_json::Value) -> Response {
        Response::new(status, "application/json", value.to_string())
    }

    /// The API's error shape: `{"error": message}` with the given status.
    ///
    /// ```
    /// use duel_web::http::Response;
    ///
    /// let response = Response::error(400, "bad JSON");
    /// assert_eq!(response.status, 400);
    /// assert_eq!(response.body, br#"{"error":"bad JSON"}"#);
    /// ```
    pub fn error(status: u16, message: &str) -> Response {
        Response::json(status, &serde_json::json!({ "error": message }))
    }

    /// Adds the header `name: value`; one of the [`COMMON_HEADERS`] by that name is then left
    /// out, so that this one takes its place.
    pub fn with_header(mut self, name: &'static str, value: impl Into<String>) -> Response {
        self.extra_headers.push((name, value.into()));
        self
    }
}

/// The content-security policy every answer carries: the page loads nothing from elsewhere.
pub const CONTENT_SECURITY_POLICY: &str =
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'";

/// The headers every answer carries besides its own: the policy, no sniffing, no caching.
pub const COMMON_HEADERS: [(&str, &str); 3] = [
    ("Content-Security-Policy", CONTENT_SECURITY_POLICY),
    ("X-Content-Type-Options", "nosniff"),
    ("Cache-Control", "no-store"),
];

impl axum::response::IntoResponse for Response {
    /// The response with its headers and the ones every answer carries.
    fn into_response(self) -> axum::response::Response {
        let mut builder = axum::http::Response::builder()
            .status(self.status)
            .header(axum::http::header::CONTENT_TYPE, self.content_type);
        // An answer's own header (a lookup's Cache-Control) takes the place of the common one.
        for (name, value) in COMMON_HEADERS {
            let own = self
                .extra_headers
                .iter()
                .any(|(other, _)| other.eq_ignore_ascii_case(name));
            if !own {
                builder = builder.header(name, value);
            }
        }
        for (name, value) in &self.extra_headers {
            builder = builder.header(*name, value.as_str());
        }
        builder
            .body(Body::from(self.body))
            .unwrap_or_else(|_| axum::http::Response::new(Body::from("internal error")))
    }
}
