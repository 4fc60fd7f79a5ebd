//! Reading the Ioiwari task's protocol: the start board (seven whitespace-separated numbers,
//! possibly spread over several lines), then one pit number per line.
//!
//! Both drop-in programs read it: `ioiwari` reads the start board and player 2's pits,
//! `ioiwari2` reads player 1's pits.
//!
//! The other side is untrusted: a line is read through the input's own buffer and kept only up
//! to [`MAX_LINE_BYTES`], so a line of any length costs a few kilobytes, and every piece of it
//! that an error message repeats is clipped to [`SHOWN_CHARS`] characters with its control
//! characters escaped.

use duel_ioiwari::{Board, ParseBoardError, ParsePitError, Pit, PITS};
use duel_report::untrusted::clip_line;
use std::fmt;
use std::io::{self, BufRead};

/// The longest line the protocol accepts, in bytes (a move needs 2, the start board 14).
pub const MAX_LINE_BYTES: usize = 4096;

/// How many characters of the other side's text an error message repeats.
pub const SHOWN_CHARS: usize = 40;

/// What can go wrong while reading the protocol.
#[derive(Debug)]
pub enum ProtocolError {
    /// Reading the input failed.
    Io(io::Error),
    /// The input ended before all seven pit counts of the start board arrived.
    StartEnded {
        /// How many pit counts did arrive.
        found: usize,
    },
    /// A token of the start board is not a count.
    NotACount(String),
    /// The start line carries more than seven numbers.
    ExtraAfterStart(String),
    /// The seven counts do not form a board.
    BadBoard(String),
    /// A move line is not a pit number.
    BadPit(String),
    /// A line is longer than [`MAX_LINE_BYTES`]; it was skipped without being stored.
    LineTooLong {
        /// The line's first characters, clipped and escaped.
        start: String,
    },
}

impl fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProtocolError::Io(error) => write!(f, "cannot read input: {error}"),
            ProtocolError::StartEnded { found } => write!(
                f,
                "the start board needs {PITS} pit counts; input ended after {found}"
            ),
            ProtocolError::NotACount(token) => {
                write!(f, "start board: '{token}' is not a number of beads")
            }
            ProtocolError::ExtraAfterStart(rest) => write!(
                f,
                "start board: unexpected '{rest}' after the {PITS} pit counts"
            ),
            ProtocolError::BadBoard(reason) => write!(f, "start board: {reason}"),
            ProtocolError::BadPit(reason) => write!(f, "{reason}"),
            ProtocolError::LineTooLong { start } => write!(
                f,
                "a line longer than {MAX_LINE_BYTES} bytes, starting '{start}'"
            ),
        }
    }
}

impl std::error::Error for ProtocolError {}

impl From<io::Error> for ProtocolError {
    fn from(error: io::Error) -> Self {
        ProtocolError::Io(error)
    }
}

/// Reads the protocol from any buffered input.
pub struct ProtocolReader<R> {
    input: R,
    bytes: Vec<u8>,
    line: String,
}

impl<R: BufRead> ProtocolReader<R> {
    /// Wraps an input stream.
    pub fn new(input: R) -> Self {
        ProtocolReader {
            input,
            bytes: Vec::new(),
            line: String::new(),
        }
    }

    /// Reads the next line, trimmed; `None` at the end of the input. At most
    /// [`MAX_LINE_BYTES`] of it are kept: a longer line is consumed to its end and refused.
    /// Bytes that are not UTF-8 become U+FFFD, so they fail as text, not as I/O.
    fn next_line(&mut self) -> Result<Option<&str>, ProtocolError> {
        self.bytes.clear();
        let mut read_any = false;
        let mut too_long = false;
        loop {
            let buffer = match self.input.fill_buf() {
                Ok(buffer) => buffer,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error.into()),
            };
            if buffer.is_empty() {
                break;
            }
            read_any = true;
            let (chunk, ended) = match buffer.iter().position(|&b| b == b'\n') {
                Some(end) => (&buffer[..=end], true),
                None => (buffer, false),
            };
            // Room for the longest accepted line and its `\r\n`.
            let room = (MAX_LINE_BYTES + 2).saturating_sub(self.bytes.len());
            if chunk.len() > room {
                too_long = true;
            }
            self.bytes
                .extend_from_slice(&chunk[..chunk.len().min(room)]);
            let used = chunk.len();
            self.input.consume(used);
            if ended {
                break;
            }
        }
        if !read_any {
            return Ok(None);
        }
        let text = String::from_utf8_lossy(&self.bytes);
        if too_long || text.trim_end_matches(['\r', '\n']).len() > MAX_LINE_BYTES {
            return Err(ProtocolError::LineTooLong {
                start: clip_line(&text, SHOWN_CHARS),
            });
        }
        self.line.clear();
        self.line.push_str(text.trim());
        Ok(Some(&self.line))
    }

    /// Reads the start board: seven counts separated by any whitespace.
    ///
    /// ```
    /// use duel_protocol::ProtocolReader;
    /// let mut reader = ProtocolReader::new("4 3 2\n4 2 3 2\n".as_bytes());
    /// assert_eq!(reader.read_start().unwrap().to_string(), "4 3 2 4 2 3 2");
    /// ```
    pub fn read_start(&mut self) -> Result<Board, ProtocolError> {
        let mut counts: Vec<String> = Vec::with_capacity(PITS);
        while counts.len() < PITS {
            let found = counts.len();
            let line = self
                .next_line()?
                .ok_or(ProtocolError::StartEnded { found })?;
            let mut tokens = line.split_whitespace();
            for token in tokens.by_ref() {
                if !token.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(ProtocolError::NotACount(clip_line(token, SHOWN_CHARS)));
                }
                counts.push(token.to_string());
                if counts.len() == PITS {
                    break;
                }
            }
            let rest: Vec<&str> = tokens.collect();
            if !rest.is_empty() {
                return Err(ProtocolError::ExtraAfterStart(clip_line(
                    &rest.join(" "),
                    SHOWN_CHARS,
                )));
            }
        }
        counts
            .join(" ")
            .parse::<Board>()
            .map_err(|error| ProtocolError::BadBoard(shown_board_error(error)))
    }

    /// Reads the next pit number, skipping blank lines; `None` when the input has ended.
    ///
    /// ```
    /// use duel_protocol::ProtocolReader;
    /// let mut reader = ProtocolReader::new("\n5\n".as_bytes());
    /// assert_eq!(reader.read_pit().unwrap().map(|pit| pit.number()), Some(5));
    /// assert!(reader.read_pit().unwrap().is_none());
    /// assert!(ProtocolReader::new("nine\n".as_bytes()).read_pit().is_err());
    /// ```
    pub fn read_pit(&mut self) -> Result<Option<Pit>, ProtocolError> {
        loop {
            let Some(line) = self.next_line()? else {
                return Ok(None);
            };
            if line.is_empty() {
                continue;
            }
            return line
                .parse::<Pit>()
                .map(Some)
                .map_err(|error| ProtocolError::BadPit(shown_pit_error(error)));
        }
    }
}

/// A board's parse error with the other side's number clipped (a count may be thousands of
/// digits long).
fn shown_board_error(error: ParseBoardError) -> String {
    match error {
        ParseBoardError::OutOfRange { pit, text } => ParseBoardError::OutOfRange {
            pit,
            text: clip_line(&text, SHOWN_CHARS),
        },
        ParseBoardError::NotANumber { pit, text } => ParseBoardError::NotANumber {
            pit,
            text: clip_line(&text, SHOWN_CHARS),
        },
        other => other,
    }
    .to_string()
}

/// A pit's parse error with the other side's text clipped and escaped (the error's own
/// `Debug` quoting would escape it a second time).
fn shown_pit_error(error: ParsePitError) -> String {
    match error {
        ParsePitError::NotANumber { text } => format!(
            "\"{}\" is not a pit number (1 to {PITS})",
            clip_line(&text, SHOWN_CHARS)
        ),
        ParsePitError::OutOfRange { text } => ParsePitError::OutOfRange {
            text: clip_line(&text, SHOWN_CHARS),
        }
        .to_string(),
        ParsePitError::Empty => ParsePitError::Empty.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start(input: &str) -> Result<Board, ProtocolError> {
        ProtocolReader::new(input.as_bytes()).read_start()
    }

    #[test]
    fn start_board_on_one_line_or_several() {
        assert_eq!(
            start("4 3 2 4 2 3 2\n").unwrap().pits(),
            [4, 3, 2, 4, 2, 3, 2]
        );
        assert_eq!(
            start("4\t3 2\n\n4 2\n3 2").unwrap().pits(),
            [4, 3, 2, 4, 2, 3, 2]
        );
    }

    #[test]
    fn start_board_errors_say_what_is_wrong() {
        let message = start("4 3 2\n").unwrap_err().to_string();
        assert!(message.contains("ended after 3"), "{message}");
        let message = start("4 3 x 4 2 3 2\n").unwrap_err().to_string();
        assert!(message.contains("'x'"), "{message}");
        let message = start("4 3 2 4 2 3 2 1\n").unwrap_err().to_string();
        assert!(message.contains("'1'"), "{message}");
        assert!(matches!(
            start("4 3 2 4 2 3 9\n"),
            Err(ProtocolError::BadBoard(_))
        ));
        assert!(matches!(
            start(""),
            Err(ProtocolError::StartEnded { found: 0 })
        ));
    }

    /// An endless stream of one byte, then a tail: a line as long as the test wants, made on
    /// the fly.
    struct LongLine {
        left: usize,
        tail: &'static [u8],
        buffer: [u8; 8192],
    }

    impl io::Read for LongLine {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            if self.left > 0 {
                let n = out.len().min(self.left);
                out[..n].fill(b'7');
                self.left -= n;
                return Ok(n);
            }
            let n = out.len().min(self.tail.len());
            out[..n].copy_from_slice(&self.tail[..n]);
            self.tail = &self.tail[n..];
            Ok(n)
        }
    }

    #[test]
    fn a_fifty_megabyte_line_is_refused_without_being_stored() {
        let line = LongLine {
            left: 50 << 20,
            tail: b"\n5\n",
            buffer: [0; 8192],
        };
        let mut reader = ProtocolReader::new(io::BufReader::with_capacity(line.buffer.len(), line));
        let error = reader.read_pit().unwrap_err();
        let message = error.to_string();
        assert!(
            matches!(error, ProtocolError::LineTooLong { .. }),
            "{message}"
        );
        assert!(
            message.len() < 200,
            "the message repeats too much: {} bytes",
            message.len()
        );
        assert!(
            reader.bytes.capacity() <= 4 * MAX_LINE_BYTES,
            "kept {} bytes of the line",
            reader.bytes.capacity()
        );
        // The line was consumed to its end: the next one reads normally.
        assert_eq!(reader.read_pit().unwrap().map(|pit| pit.number()), Some(5));
    }

    #[test]
    fn the_longest_accepted_line_is_read_and_one_byte_more_is_refused() {
        let padded = format!("{}5\r\n", " ".repeat(MAX_LINE_BYTES - 1));
        let mut reader = ProtocolReader::new(padded.as_bytes());
        assert_eq!(reader.read_pit().unwrap().map(|pit| pit.number()), Some(5));
        let padded = format!("{}5\n", " ".repeat(MAX_LINE_BYTES));
        let mut reader = ProtocolReader::new(padded.as_bytes());
        assert!(matches!(
            reader.read_pit(),
            Err(ProtocolError::LineTooLong { .. })
        ));
    }

    #[test]
    fn a_count_of_a_thousand_digits_is_clipped_in_the_message() {
        let message = start(&format!("{} 0 0 0 0 0 0\n", "9".repeat(1000)))
            .unwrap_err()
            .to_string();
        assert!(message.contains("pit 1 holds 999"), "{message}");
        assert!(message.len() < 200, "{} bytes: {message}", message.len());
    }

    #[test]
    fn control_characters_from_the_other_side_are_escaped_in_messages() {
        let mut reader = ProtocolReader::new("\u{1b}[2J\n".as_bytes());
        let message = reader.read_pit().unwrap_err().to_string();
        assert!(!message.contains('\u{1b}'), "{message:?}");
        assert!(message.contains("␛[2J"), "{message:?}");
        let message = start("4 3 \u{7}x 4 2 3 2\n").unwrap_err().to_string();
        assert!(!message.contains('\u{7}'), "{message:?}");
    }

    #[test]
    fn bytes_that_are_not_utf8_are_a_bad_move_not_an_io_error() {
        let mut reader = ProtocolReader::new(&b"\xff\xfe\n"[..]);
        assert!(matches!(reader.read_pit(), Err(ProtocolError::BadPit(_))));
    }

    #[test]
    fn pits_are_read_one_per_line() {
        let mut reader = ProtocolReader::new("2\n 7 \n0\n".as_bytes());
        assert_eq!(reader.read_pit().unwrap().unwrap().number(), 2);
        assert_eq!(reader.read_pit().unwrap().unwrap().number(), 7);
        assert!(matches!(reader.read_pit(), Err(ProtocolError::BadPit(_))));
        assert!(reader.read_pit().unwrap().is_none());
    }
}
