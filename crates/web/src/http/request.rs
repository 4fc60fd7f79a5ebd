//! [`Request`]: one parsed HTTP/1.1 request, read with hard size limits.

use std::io::{BufRead, Read};

use super::HttpError;

/// Largest request line plus headers accepted, in bytes.
pub const MAX_HEAD_BYTES: usize = 16 * 1024;
/// Largest request body accepted, in bytes (the API's bodies are a few hundred bytes).
pub const MAX_BODY_BYTES: usize = 64 * 1024;
/// Most header lines accepted.
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
    fn parse(token: &str) -> Method {
        match token {
            "GET" => Method::Get,
            "HEAD" => Method::Head,
            "POST" => Method::Post,
            other => Method::Other(other.to_string()),
        }
    }
}

/// One HTTP request: method, path (without the query), headers and body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// The method.
    pub method: Method,
    /// The path, e.g. `/api/ioiwari/analyze`, without any `?query`.
    pub path: String,
    /// Header names (lower-cased) and values, in order.
    pub headers: Vec<(String, String)>,
    /// The body (empty when there is none).
    pub body: Vec<u8>,
}

impl Request {
    /// Builds a request by hand, e.g. for tests of the router.
    ///
    /// ```
    /// use duel_web::http::{Method, Request};
    ///
    /// let request = Request::new(Method::Post, "/api/mis/analyze", br#"{"p":7,"e":2,"bound":3}"#);
    /// assert_eq!(request.header("content-type"), Some("application/json"));
    /// ```
    pub fn new(method: Method, path: &str, body: &[u8]) -> Request {
        Request {
            method,
            path: path.to_string(),
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

    /// Reads one request from `reader`, refusing anything over the size limits.
    ///
    /// Bodies are accepted only with a `Content-Length` (no chunked uploads: no client of this
    /// server needs them, and refusing them keeps the reader simple and bounded).
    pub fn read_from(reader: &mut impl BufRead) -> Result<Request, HttpError> {
        let mut head_bytes = 0usize;
        let request_line = read_line(reader, &mut head_bytes)?.ok_or(HttpError::Closed)?;
        let mut parts = request_line.split(' ');
        let (method, target, version) =
            match (parts.next(), parts.next(), parts.next(), parts.next()) {
                (Some(method), Some(target), Some(version), None) => (method, target, version),
                _ => return Err(HttpError::Malformed("bad request line")),
            };
        if !version.starts_with("HTTP/1.") {
            return Err(HttpError::Malformed("only HTTP/1.x is spoken here"));
        }
        if !target.starts_with('/') {
            return Err(HttpError::Malformed("the request target must be a path"));
        }
        let path = target.split(['?', '#']).next().unwrap_or("/").to_string();

        let mut headers = Vec::new();
        loop {
            let line = read_line(reader, &mut head_bytes)?
                .ok_or(HttpError::Malformed("headers cut short"))?;
            if line.is_empty() {
                break;
            }
            if headers.len() == MAX_HEADERS {
                return Err(HttpError::HeadTooLarge);
            }
            let (name, value) = line
                .split_once(':')
                .ok_or(HttpError::Malformed("bad header line"))?;
            headers.push((name.trim().to_ascii_lowercase(), value.trim().to_string()));
        }

        let mut request = Request {
            method: Method::parse(method),
            path,
            headers,
            body: Vec::new(),
        };
        if request.header("transfer-encoding").is_some() {
            return Err(HttpError::UnsupportedTransferEncoding);
        }
        if let Some(length) = request.header("content-length") {
            let length: usize = length
                .parse()
                .map_err(|_| HttpError::Malformed("bad Content-Length"))?;
            if length > MAX_BODY_BYTES {
                return Err(HttpError::BodyTooLarge);
            }
            let mut body = vec![0; length];
            reader
                .read_exact(&mut body)
                .map_err(|_| HttpError::Malformed("body shorter than its Content-Length"))?;
            request.body = body;
        }
        Ok(request)
    }
}

/// Reads one CRLF- (or LF-) terminated line, counting it against the head limit.
/// `Ok(None)` means the peer closed before sending anything.
fn read_line(
    reader: &mut impl BufRead,
    head_bytes: &mut usize,
) -> Result<Option<String>, HttpError> {
    let budget = MAX_HEAD_BYTES.saturating_sub(*head_bytes);
    let mut line = Vec::new();
    // `take` bounds the read, so a peer sending an endless line cannot grow memory.
    let read = reader
        .take(budget as u64 + 1)
        .read_until(b'\n', &mut line)
        .map_err(HttpError::Io)?;
    if read == 0 {
        return if *head_bytes == 0 {
            Ok(None)
        } else {
            Err(HttpError::Malformed("connection closed mid-request"))
        };
    }
    *head_bytes += read;
    if *head_bytes > MAX_HEAD_BYTES {
        return Err(HttpError::HeadTooLarge);
    }
    if line.last() != Some(&b'\n') {
        return Err(HttpError::Malformed("connection closed mid-line"));
    }
    line.pop();
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    String::from_utf8(line)
        .map(Some)
        .map_err(|_| HttpError::Malformed("request head is not UTF-8"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(raw: &[u8]) -> Result<Request, HttpError> {
        Request::read_from(&mut &raw[..])
    }

    #[test]
    fn reads_a_post_with_a_body() {
        let request = parse(
            b"POST /api/x?y=1 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nContent-Length: 4\r\n\r\nabcdEXTRA",
        )
        .unwrap();
        assert_eq!(request.method, Method::Post);
        assert_eq!(request.path, "/api/x");
        assert_eq!(request.header("HOST"), Some("127.0.0.1:8080"));
        assert_eq!(request.body, b"abcd");
    }

    #[test]
    fn accepts_bare_line_feeds() {
        let request = parse(b"GET / HTTP/1.0\nHost: localhost\n\n").unwrap();
        assert_eq!(request.method, Method::Get);
        assert_eq!(request.path, "/");
    }

    #[test]
    fn refuses_oversized_heads_and_bodies() {
        let mut long = b"GET / HTTP/1.1\r\nX: ".to_vec();
        long.extend(std::iter::repeat_n(b'a', MAX_HEAD_BYTES));
        long.extend(b"\r\n\r\n");
        assert!(matches!(parse(&long), Err(HttpError::HeadTooLarge)));

        let too_long = format!(
            "POST / HTTP/1.1\r\nContent-Length: {}\r\n\r\n",
            MAX_BODY_BYTES + 1
        );
        assert!(matches!(
            parse(too_long.as_bytes()),
            Err(HttpError::BodyTooLarge)
        ));

        let mut many = b"GET / HTTP/1.1\r\n".to_vec();
        for i in 0..=MAX_HEADERS {
            many.extend(format!("X-{i}: y\r\n").as_bytes());
        }
        many.extend(b"\r\n");
        assert!(matches!(parse(&many), Err(HttpError::HeadTooLarge)));
    }

    #[test]
    fn refuses_malformed_requests() {
        for raw in [
            &b"GARBAGE\r\n\r\n"[..],
            b"GET / HTTP/2\r\n\r\n",
            b"GET http://example.org/ HTTP/1.1\r\n\r\n",
            b"GET / HTTP/1.1\r\nno colon here\r\n\r\n",
            b"POST / HTTP/1.1\r\nContent-Length: ten\r\n\r\n",
            b"POST / HTTP/1.1\r\nContent-Length: 10\r\n\r\nshort",
            b"GET / HTTP/1.1\r\nHost: x\r\n",
        ] {
            assert!(
                matches!(parse(raw), Err(HttpError::Malformed(_))),
                "{:?}",
                String::from_utf8_lossy(raw)
            );
        }
        assert!(matches!(
            parse(b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"),
            Err(HttpError::UnsupportedTransferEncoding)
        ));
        assert!(matches!(parse(b""), Err(HttpError::Closed)));
    }
}
