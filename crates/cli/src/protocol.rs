//! Reading the Ioiwari task's protocol: the start board (seven whitespace-separated numbers,
//! possibly spread over several lines), then one pit number per line.
//!
//! Both drop-in programs read it: `ioiwari` reads the start board and player 2's pits,
//! `ioiwari2` reads player 1's pits.

use duel_ioiwari::{Board, Pit, PITS};
use std::fmt;
use std::io::{self, BufRead};

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
    line: String,
}

impl<R: BufRead> ProtocolReader<R> {
    /// Wraps an input stream.
    pub fn new(input: R) -> Self {
        ProtocolReader {
            input,
            line: String::new(),
        }
    }

    /// Reads the next line, without its line ending; `None` at the end of the input.
    fn next_line(&mut self) -> Result<Option<&str>, ProtocolError> {
        self.line.clear();
        if self.input.read_line(&mut self.line)? == 0 {
            return Ok(None);
        }
        Ok(Some(self.line.trim()))
    }

    /// Reads the start board: seven counts separated by any whitespace.
    ///
    /// ```
    /// use duel_cli::protocol::ProtocolReader;
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
                    return Err(ProtocolError::NotACount(token.to_string()));
                }
                counts.push(token.to_string());
                if counts.len() == PITS {
                    break;
                }
            }
            let rest: Vec<&str> = tokens.collect();
            if !rest.is_empty() {
                return Err(ProtocolError::ExtraAfterStart(rest.join(" ")));
            }
        }
        counts
            .join(" ")
            .parse::<Board>()
            .map_err(|error| ProtocolError::BadBoard(error.to_string()))
    }

    /// Reads the next pit number, skipping blank lines; `None` when the input has ended.
    ///
    /// ```
    /// use duel_cli::protocol::ProtocolReader;
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
                .map_err(|error| ProtocolError::BadPit(error.to_string()));
        }
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

    #[test]
    fn pits_are_read_one_per_line() {
        let mut reader = ProtocolReader::new("2\n 7 \n0\n".as_bytes());
        assert_eq!(reader.read_pit().unwrap().unwrap().number(), 2);
        assert_eq!(reader.read_pit().unwrap().unwrap().number(), 7);
        assert!(matches!(reader.read_pit(), Err(ProtocolError::BadPit(_))));
        assert!(reader.read_pit().unwrap().is_none());
    }
}
