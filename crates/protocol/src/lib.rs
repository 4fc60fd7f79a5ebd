//! Reading the Ioiwari task's protocol: the start board (seven whitespace-separated numbers,
//! possibly spread over several lines), then one pit number per line.
//!
//! Both drop-in programs read it: `ioiwari` reads the start board and player 2's pits,
//! `ioiwari2` reads player 1's moves by the rule of `RULES.md` (this crate's [`read_move`], the
//! one reader of a move line in Rust, which duel's judge calls too).
//!
//! The other side is untrusted: a line is read through the input's own buffer and kept only up
//! to [`MAX_LINE_BYTES`], so a line of any length costs a few kilobytes, and every piece of it
//! that an error message repeats is clipped to [`SHOWN_CHARS`] characters with its control
//! characters escaped.

mod moves;

pub use moves::{
    after_game, is_blank, read_move, MoveFault, LINE_TOO_LONG, OUTPUT_AFTER_GAME, QUOTED_BYTES,
};

use duel_ioiwari::{Board, ParseBoardError, ParsePitError, Pit, PITS};
use duel_report::untrusted::{clip_bytes, clip_line};
use std::io::{self, BufRead};

/// The longest line the protocol accepts, in bytes before its line feed (a carriage return
/// before it counts): a move needs 1, the start board 13 (L2).
pub const MAX_LINE_BYTES: usize = 4096;

/// How many characters of the other side's text an error message repeats.
pub const SHOWN_CHARS: usize = 40;

/// How long player 1's output may stay open once the game is over (`RULES.md`, A3): duel's
/// judge and `ioiwari2 --run` both wait this long.
pub const OUTPUT_CLOSES_WITHIN: std::time::Duration = std::time::Duration::from_secs(1);

/// The reason when it stays open longer (A3), after `after the game: `.
pub const STILL_OPEN: &str =
    "its output was still open 1 s later (a program must end once the game is over, without \
     reading more input)";

// The reason names the bound.
const _: () =
    assert!(OUTPUT_CLOSES_WITHIN.as_secs() == 1 && OUTPUT_CLOSES_WITHIN.subsec_nanos() == 0);

/// What can go wrong while reading the protocol.
#[derive(Debug, thiserror::Error)]
pub enum ProtocolError {
    /// Reading the input failed.
    #[error("cannot read input: {0}")]
    Io(io::Error),
    /// The input ended before all seven pit counts of the start board arrived.
    #[error("the start board needs {PITS} pit counts; input ended after {found}")]
    StartEnded {
        /// How many pit counts did arrive.
        found: usize,
    },
    /// A token of the start board is not a count.
    #[error("start board: '{0}' is not a number of beads")]
    NotACount(String),
    /// The start line carries more than seven numbers.
    #[error("start board: unexpected '{0}' after the {PITS} pit counts")]
    ExtraAfterStart(String),
    /// The seven counts do not form a board.
    #[error("start board: {0}")]
    BadBoard(String),
    /// A line of player 2's is not a pit number.
    #[error("{0}")]
    BadPit(String),
    /// Player 1's line is not a legal move, or it wrote more than blanks after the game.
    #[error("{}", .0.reason)]
    Move(MoveFault),
    /// A line is longer than [`MAX_LINE_BYTES`]; it was skipped without being stored.
    #[error("a line longer than {MAX_LINE_BYTES} bytes, starting '{start}'")]
    LineTooLong {
        /// The line's first characters, clipped and escaped.
        start: String,
    },
}

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

    /// The input, with whatever its buffer still holds.
    pub fn into_inner(self) -> R {
        self.input
    }

    /// The input, to change how it is read (a deadline for the reads after the game).
    pub fn get_mut(&mut self) -> &mut R {
        &mut self.input
    }

    /// Reads the next line's bytes before its line feed into `self.bytes` (L1; at the end of
    /// the input, the bytes after the last line feed: L7); `false` at the end of the input.
    /// At most [`MAX_LINE_BYTES`] of it are kept: a longer line is refused (L2), consumed to
    /// its end when `whole` (so that reading can go on), else left at its 4097th byte.
    fn next_line(&mut self, whole: bool) -> Result<bool, ProtocolError> {
        self.bytes.clear();
        let mut read_any = false;
        let mut too_long = false;
        loop {
            let buffer = fill(&mut self.input)?;
            if buffer.is_empty() {
                break;
            }
            read_any = true;
            let (chunk, ended) = match buffer.iter().position(|&b| b == b'\n') {
                Some(end) => (&buffer[..end], true),
                None => (buffer, false),
            };
            let room = MAX_LINE_BYTES.saturating_sub(self.bytes.len());
            if chunk.len() > room {
                too_long = true;
            }
            self.bytes
                .extend_from_slice(&chunk[..chunk.len().min(room)]);
            if too_long && !whole {
                self.input.consume(room + 1);
                break;
            }
            let used = chunk.len() + usize::from(ended);
            self.input.consume(used);
            if ended {
                break;
            }
        }
        if !read_any {
            return Ok(false);
        }
        if too_long {
            return Err(ProtocolError::LineTooLong {
                start: clip_bytes(&self.bytes, SHOWN_CHARS),
            });
        }
        Ok(true)
    }

    /// Reads the next line as text, trimmed; `None` at the end of the input. Bytes that are
    /// not UTF-8 become U+FFFD, so they fail as text, not as I/O.
    fn next_text(&mut self) -> Result<Option<&str>, ProtocolError> {
        if !self.next_line(true)? {
            return Ok(None);
        }
        self.line.clear();
        self.line
            .push_str(String::from_utf8_lossy(&self.bytes).trim());
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
                .next_text()?
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

    /// Reads player 2's next pit number (what a player 1 reads), skipping blank lines; `None`
    /// when the input has ended.
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
            let Some(line) = self.next_text()? else {
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

    /// Reads player 1's next move on `board` by the rule (L1 to L7: one line, read by
    /// [`read_move`], a blank line included); `None` when the input has ended.
    ///
    /// ```
    /// use duel_protocol::ProtocolReader;
    /// let board = "4 3 2 4 2 3 2".parse().unwrap();
    /// let mut reader = ProtocolReader::new(" 5\r\n\n".as_bytes());
    /// assert_eq!(reader.read_move(board).unwrap().map(|pit| pit.number()), Some(5));
    /// assert!(reader.read_move(board).is_err(), "a blank line is no move");
    /// assert!(reader.read_move(board).unwrap().is_none());
    /// ```
    pub fn read_move(&mut self, board: Board) -> Result<Option<Pit>, ProtocolError> {
        if !self.next_line(false)? {
            return Ok(None);
        }
        read_move(&self.bytes, board)
            .map(Some)
            .map_err(ProtocolError::Move)
    }

    /// Reads player 1's output after the game to its end (A2): blanks and line feeds may come,
    /// anything else is [`ProtocolError::Move`] (at the first such byte; nothing more is
    /// read). What bounds the wait (A3) is the input's: a read that fails ends it with
    /// [`ProtocolError::Io`].
    ///
    /// ```
    /// use duel_protocol::ProtocolReader;
    /// assert!(ProtocolReader::new(" \n\r\n".as_bytes()).read_after_game().is_ok());
    /// assert!(ProtocolReader::new("\n7\n".as_bytes()).read_after_game().is_err());
    /// ```
    pub fn read_after_game(&mut self) -> Result<(), ProtocolError> {
        loop {
            let buffer = fill(&mut self.input)?;
            if buffer.is_empty() {
                return Ok(());
            }
            after_game(buffer).map_err(ProtocolError::Move)?;
            let used = buffer.len();
            self.input.consume(used);
        }
    }
}

/// What `input` has buffered, read first if it has nothing (a read interrupted by a signal is
/// tried again); empty at the end of the input.
fn fill<R: BufRead>(input: &mut R) -> Result<&[u8], ProtocolError> {
    loop {
        match input.fill_buf() {
            Ok(_) => break,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error.into()),
        }
    }
    input.fill_buf().map_err(ProtocolError::from)
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
        // L2: the bytes before the line feed count, a carriage return among them.
        let board: Board = "4 3 2 4 2 3 2".parse().unwrap();
        for (line, fits) in [
            (format!("{}5\n", " ".repeat(MAX_LINE_BYTES - 1)), true),
            (format!("{}5\r\n", " ".repeat(MAX_LINE_BYTES - 2)), true),
            (format!("{}5", " ".repeat(MAX_LINE_BYTES - 1)), true),
            (format!("{}5\r\n", " ".repeat(MAX_LINE_BYTES - 1)), false),
            (format!("{}5\n", " ".repeat(MAX_LINE_BYTES)), false),
            (format!("{}5", " ".repeat(MAX_LINE_BYTES)), false),
        ] {
            let mut reader = ProtocolReader::new(line.as_bytes());
            let read = reader.read_move(board);
            if fits {
                assert_eq!(read.unwrap().map(|pit| pit.number()), Some(5));
            } else {
                assert!(matches!(read, Err(ProtocolError::LineTooLong { .. })));
            }
            let mut reader = ProtocolReader::new(line.as_bytes());
            assert_eq!(reader.read_pit().is_ok(), fits, "{}", line.len());
        }
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
