//! A bounded line buffer: however much a program writes, the judge keeps at most one line.

use std::fmt;

/// A line longer than the limit (newline excluded).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineTooLong {
    /// The limit that was exceeded.
    pub max_line_bytes: usize,
}

impl fmt::Display for LineTooLong {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a line longer than {} bytes", self.max_line_bytes)
    }
}

/// Splits a byte stream into lines of at most `max_line_bytes` bytes, holding at most
/// `max_line_bytes + 1` bytes at any time.
///
/// ```
/// use duel_sandbox::LineBuffer;
/// let mut lines = LineBuffer::new(8);
/// lines.extend(b"4\r\n5\n6");
/// assert_eq!(lines.next_line(), Ok(Some("4".to_string())));
/// assert_eq!(lines.next_line(), Ok(Some("5".to_string())));
/// assert_eq!(lines.next_line(), Ok(None));
/// assert_eq!(lines.take_rest(), Some("6".to_string()));
/// ```
#[derive(Debug, Clone)]
pub struct LineBuffer {
    bytes: Vec<u8>,
    max_line_bytes: usize,
    /// How many bytes lines taken so far held, their ends of line included.
    taken: u64,
}

impl LineBuffer {
    /// An empty buffer for lines of at most `max_line_bytes` bytes.
    pub fn new(max_line_bytes: usize) -> LineBuffer {
        LineBuffer {
            bytes: Vec::with_capacity(max_line_bytes + 1),
            max_line_bytes,
            taken: 0,
        }
    }

    /// How many more bytes the buffer accepts now; read at most this many.
    pub fn room(&self) -> usize {
        (self.max_line_bytes + 1).saturating_sub(self.bytes.len())
    }

    /// How many bytes of an unfinished line are buffered (the program wrote them but no end
    /// of line yet, or a complete line is waiting to be taken).
    pub fn pending(&self) -> usize {
        self.bytes.len()
    }

    /// How many bytes the lines taken so far held, from the start of the stream, their ends
    /// of line included: where the last line taken ends.
    ///
    /// ```
    /// use duel_sandbox::LineBuffer;
    /// let mut lines = LineBuffer::new(16);
    /// lines.extend(b"12\r\n3\n4");
    /// assert_eq!(lines.next_line(), Ok(Some("12".to_string())));
    /// assert_eq!(lines.taken(), 4);
    /// ```
    pub fn taken(&self) -> u64 {
        self.taken
    }

    /// How many bytes after the last end of line are buffered: a line the program began and
    /// has not ended (complete lines waiting to be taken are not counted).
    pub fn unfinished(&self) -> usize {
        match self.bytes.iter().rposition(|&b| b == b'\n') {
            Some(end) => self.bytes.len() - end - 1,
            None => self.bytes.len(),
        }
    }

    /// Appends bytes read from the program; anything beyond [`room`](Self::room) is dropped,
    /// which callers avoid by never reading more than `room()` bytes.
    pub fn extend(&mut self, bytes: &[u8]) {
        let take = bytes.len().min(self.room());
        self.bytes.extend_from_slice(&bytes[..take]);
    }

    /// The next complete line (without `\n` or `\r\n`; invalid UTF-8 replaced), `None` when no
    /// complete line is buffered yet, or an error when the buffer is full without a newline.
    pub fn next_line(&mut self) -> Result<Option<String>, LineTooLong> {
        let mut line = String::new();
        Ok(self.next_line_into(&mut line)?.then_some(line))
    }

    /// Like [`next_line`](Self::next_line), into `line` (cleared first): `true` when a line
    /// was taken. Reusing `line` saves the allocations of a new `String` per line.
    ///
    /// ```
    /// use duel_sandbox::LineBuffer;
    /// let mut lines = LineBuffer::new(8);
    /// let mut line = String::new();
    /// lines.extend(b"4 1\r\n\xff");
    /// assert_eq!(lines.next_line_into(&mut line), Ok(true));
    /// assert_eq!(line, "4 1");
    /// assert_eq!(lines.next_line_into(&mut line), Ok(false));
    /// lines.extend(b"\n");
    /// assert_eq!(lines.next_line_into(&mut line), Ok(true));
    /// assert_eq!(line, "\u{fffd}");
    /// ```
    pub fn next_line_into(&mut self, line: &mut String) -> Result<bool, LineTooLong> {
        let Some(end) = self.bytes.iter().position(|&b| b == b'\n') else {
            return match self.room() {
                0 => Err(LineTooLong {
                    max_line_bytes: self.max_line_bytes,
                }),
                _ => Ok(false),
            };
        };
        let text = &self.bytes[..end];
        let text = text.strip_suffix(b"\r").unwrap_or(text);
        line.clear();
        // Borrowed, without allocating, when the text is valid UTF-8.
        line.push_str(&String::from_utf8_lossy(text));
        self.bytes.drain(..=end);
        self.taken += end as u64 + 1;
        Ok(true)
    }

    /// The next complete line's bytes before its `\n`, as the program wrote them (a `\r`
    /// before the `\n` kept, any byte kept), into `line` (cleared first): `true` when a line
    /// was taken, `false` when no complete line is buffered yet, or an error when the buffer
    /// is full without a newline.
    ///
    /// ```
    /// use duel_sandbox::LineBuffer;
    /// let mut lines = LineBuffer::new(8);
    /// let mut line = Vec::new();
    /// lines.extend(b"4\0\r\n5");
    /// assert_eq!(lines.next_line_bytes(&mut line), Ok(true));
    /// assert_eq!(line, b"4\0\r");
    /// assert_eq!(lines.next_line_bytes(&mut line), Ok(false));
    /// assert_eq!(lines.taken(), 4);
    /// ```
    pub fn next_line_bytes(&mut self, line: &mut Vec<u8>) -> Result<bool, LineTooLong> {
        let Some(end) = self.bytes.iter().position(|&b| b == b'\n') else {
            return match self.room() {
                0 => Err(LineTooLong {
                    max_line_bytes: self.max_line_bytes,
                }),
                _ => Ok(false),
            };
        };
        line.clear();
        line.extend_from_slice(&self.bytes[..end]);
        self.bytes.drain(..=end);
        self.taken += end as u64 + 1;
        Ok(true)
    }

    /// An unterminated last line's bytes, as written, at the end of the stream: `true` when
    /// there was one (into `line`, cleared first). Fails like
    /// [`next_line_bytes`](Self::next_line_bytes) when the buffer is full.
    pub fn take_rest_bytes(&mut self, line: &mut Vec<u8>) -> Result<bool, LineTooLong> {
        if self.room() == 0 {
            return Err(LineTooLong {
                max_line_bytes: self.max_line_bytes,
            });
        }
        if self.bytes.is_empty() {
            return Ok(false);
        }
        line.clear();
        line.append(&mut self.bytes);
        self.taken += line.len() as u64;
        Ok(true)
    }

    /// Takes every byte buffered (complete lines and the start of one), without counting it
    /// as lines taken: what follows the last line a caller wanted.
    pub fn take_buffered(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.bytes)
    }

    /// An unterminated last line, at the end of the stream.
    pub fn take_rest(&mut self) -> Option<String> {
        if self.bytes.is_empty() {
            return None;
        }
        let rest = std::mem::take(&mut self.bytes);
        self.taken += rest.len() as u64;
        let text = String::from_utf8_lossy(&rest);
        Some(text.strip_suffix('\r').unwrap_or(&text).to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_of_exactly_the_limit_fits() {
        let mut lines = LineBuffer::new(3);
        lines.extend(b"abc\n");
        assert_eq!(lines.next_line(), Ok(Some("abc".into())));
    }

    #[test]
    fn one_byte_more_is_too_long_and_the_buffer_stays_bounded() {
        let mut lines = LineBuffer::new(3);
        lines.extend(b"abcd");
        assert_eq!(lines.room(), 0);
        lines.extend(b"efgh\n");
        assert_eq!(lines.next_line(), Err(LineTooLong { max_line_bytes: 3 }));
    }

    #[test]
    fn room_comes_back_as_lines_are_taken() {
        let mut lines = LineBuffer::new(4);
        lines.extend(b"1\n2\n3");
        assert_eq!(lines.room(), 0);
        assert_eq!(lines.next_line(), Ok(Some("1".into())));
        assert_eq!(lines.room(), 2);
    }

    #[test]
    fn invalid_utf8_is_kept_visible() {
        let mut lines = LineBuffer::new(8);
        lines.extend(b"\xff4\n");
        assert_eq!(lines.next_line(), Ok(Some("\u{fffd}4".into())));
    }
}
