//! [`Response`]: what the server sends back, always with `Connection: close`.

use std::io::{self, Write};

/// An HTTP response: status, content type and body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Response {
    /// The status code, e.g. 200.
    pub status: u16,
    /// The `Content-Type` header.
    pub content_type: &'static str,
    /// The body.
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

    /// Adds a header.
    pub fn with_header(mut self, name: &'static str, value: impl Into<String>) -> Response {
        self.extra_headers.push((name, value.into()));
        self
    }

    /// Writes the response; with `include_body` false (a `HEAD` request) only the head.
    pub fn write_to(&self, writer: &mut impl Write, include_body: bool) -> io::Result<()> {
        let mut head = format!(
            "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nConnection: close\r\n",
            self.status,
            reason(self.status),
            self.content_type,
            self.body.len()
        );
        // The page loads nothing from elsewhere; say so, so a browser enforces it.
        head.push_str(
            "Content-Security-Policy: default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'\r\n",
        );
        head.push_str("X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\n");
        for (name, value) in &self.extra_headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        head.push_str("\r\n");
        writer.write_all(head.as_bytes())?;
        if include_body {
            writer.write_all(&self.body)?;
        }
        writer.flush()
    }
}

/// The reason phrase of the status codes this server uses.
fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        413 => "Payload Too Large",
        415 => "Unsupported Media Type",
        422 => "Unprocessable Content",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        501 => "Not Implemented",
        503 => "Service Unavailable",
        _ => "Unknown",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_status_line_headers_and_body() {
        let mut out = Vec::new();
        Response::new(404, "text/plain", "nope")
            .with_header("Allow", "GET")
            .write_to(&mut out, true)
            .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.starts_with("HTTP/1.1 404 Not Found\r\n"));
        assert!(text.contains("\r\nContent-Length: 4\r\n"));
        assert!(text.contains("\r\nAllow: GET\r\n"));
        assert!(text.ends_with("\r\n\r\nnope"));
    }

    #[test]
    fn head_requests_get_no_body() {
        let mut out = Vec::new();
        Response::new(200, "text/plain", "body")
            .write_to(&mut out, false)
            .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("Content-Length: 4"));
        assert!(text.ends_with("\r\n\r\n"));
    }
}
