//! The host's output: compact text lines, each carrying many moves.
//!
//! ```text
//! mis-host 1 rss=1840            header: protocol version, the host's resident kB before loading
//! ready                          the module is loaded and both symbols were found
//! error <message>                ... or why not (and nothing follows)
//! m 1 1 3 0 1 0 1 1 1 0          moves: pairs of integers, Bolek's and Lolek's alternately,
//! m ...                          starting with Bolek's first move; up to BATCH_MOVES a line
//! c 1 0 0 1                      moves sent by a dying host (see `emergency`); may be garbled
//! end                            the host stopped: the pool is empty or Bolek's move was illegal
//! ```
//! Bolek's numbers are exactly what `ruch_bolka` stored, even when illegal or negative. Nothing
//! here is trusted: the judge replays every move (the module shares the host's process and
//! could write anything).

use super::emergency;
use std::io::{self, Write};

/// The first line's prefix: the protocol and its version.
pub(crate) const HEADER: &str = "mis-host 1";

/// Moves per `m` line; a line holds at most 2 * 11 bytes per move.
pub(crate) const BATCH_MOVES: usize = 1024;

/// The longest line a well-behaved host writes, with room to spare.
pub(crate) const MAX_LINE_BYTES: usize = 2 + BATCH_MOVES * 24 + 64;

/// One line of host output, parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Frame {
    /// The header, with the host's resident memory (kB) before it loaded the module.
    Header { baseline_rss_kb: u64 },
    /// The module was loaded.
    Ready,
    /// The module could not be loaded.
    Error(String),
    /// Some moves (the numbers are in the caller's buffer).
    Moves,
    /// The last moves of a dying host (numbers in the caller's buffer).
    LastMoves,
    /// The host stopped.
    End,
}

/// Parses one line; move numbers are appended to `numbers` (cleared first).
pub(crate) fn parse(line: &str, numbers: &mut Vec<i64>) -> Result<Frame, String> {
    numbers.clear();
    let batch = line
        .strip_prefix("m ")
        .map(|rest| (rest, Frame::Moves))
        .or_else(|| line.strip_prefix("c ").map(|rest| (rest, Frame::LastMoves)));
    if let Some((rest, frame)) = batch {
        for word in rest.split(' ') {
            let number = word
                .parse::<i64>()
                .map_err(|_| format!("not a number in a move batch: {:?}", clip(word)))?;
            numbers.push(number);
        }
        if numbers.len() % 2 != 0 {
            return Err("a move batch with an odd count of numbers".into());
        }
        return Ok(frame);
    }
    if let Some(rest) = line.strip_prefix(HEADER) {
        let kb = rest
            .strip_prefix(" rss=")
            .and_then(|kb| kb.parse().ok())
            .ok_or_else(|| format!("bad header {:?}", clip(line)))?;
        return Ok(Frame::Header {
            baseline_rss_kb: kb,
        });
    }
    if let Some(message) = line.strip_prefix("error ") {
        return Ok(Frame::Error(message.to_string()));
    }
    match line {
        "ready" => Ok(Frame::Ready),
        "end" => Ok(Frame::End),
        _ => Err(format!("unexpected output {:?}", clip(line))),
    }
}

/// The first 60 characters of some untrusted text, for a one-line reason.
pub(crate) fn clip(text: &str) -> String {
    let mut clipped: String = text.chars().take(60).collect();
    if clipped.len() < text.len() {
        clipped.push_str("...");
    }
    clipped
}

/// A growing `m` line.
pub(crate) struct MoveLine {
    line: Vec<u8>,
    moves: usize,
}

impl MoveLine {
    pub(crate) fn new() -> MoveLine {
        MoveLine {
            line: Vec::with_capacity(MAX_LINE_BYTES),
            moves: 0,
        }
    }

    /// Adds one move; returns true when the line is full.
    pub(crate) fn push(&mut self, take_p: i64, take_e: i64) -> bool {
        if self.moves == 0 {
            self.line.push(b'm');
        }
        push_number(&mut self.line, take_p);
        push_number(&mut self.line, take_e);
        self.moves += 1;
        emergency::publish(&self.line);
        self.moves >= BATCH_MOVES
    }

    /// Writes the line (with its newline), if any move is in it, and starts a new one.
    pub(crate) fn flush_to(&mut self, out: &mut dyn Write) -> io::Result<()> {
        if self.moves == 0 {
            return Ok(());
        }
        emergency::clear();
        self.line.push(b'\n');
        out.write_all(&self.line)?;
        self.line.clear();
        self.moves = 0;
        Ok(())
    }
}

/// Appends `" <n>"` without going through `fmt` (this runs for every move of the host).
fn push_number(line: &mut Vec<u8>, n: i64) {
    line.push(b' ');
    if n < 0 {
        line.push(b'-');
    }
    let mut digits = [0u8; 20];
    let mut rest = n.unsigned_abs();
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    line.extend_from_slice(&digits[at..]);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_line_parses_back_to_its_numbers() {
        let mut line = MoveLine::new();
        let moves = [
            (1, 1),
            (3, 0),
            (-7, 0),
            (0, 1_000_000),
            (i64::from(i32::MIN), 0),
        ];
        for (p, e) in moves {
            assert!(!line.push(p, e));
        }
        let mut out = Vec::new();
        line.flush_to(&mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let mut numbers = Vec::new();
        assert_eq!(parse(text.trim_end(), &mut numbers), Ok(Frame::Moves));
        let expected: Vec<i64> = moves.iter().flat_map(|&(p, e)| [p, e]).collect();
        assert_eq!(numbers, expected);
    }

    #[test]
    fn a_full_line_fits_the_line_limit() {
        let mut line = MoveLine::new();
        let mut full = false;
        while !full {
            full = line.push(i64::from(i32::MIN), i64::from(i32::MIN));
        }
        let mut out = Vec::new();
        line.flush_to(&mut out).unwrap();
        assert!(out.len() <= MAX_LINE_BYTES);
    }

    #[test]
    fn garbage_is_rejected() {
        let mut numbers = Vec::new();
        assert!(parse("m 1 x", &mut numbers).is_err());
        assert!(parse("m 1 2 3", &mut numbers).is_err());
        assert!(parse("hello", &mut numbers).is_err());
        assert!(parse("mis-host 1 rss=", &mut numbers).is_err());
        assert_eq!(
            parse("mis-host 1 rss=1234", &mut numbers),
            Ok(Frame::Header {
                baseline_rss_kb: 1234
            })
        );
        assert_eq!(parse("end", &mut numbers), Ok(Frame::End));
        assert_eq!(
            parse("error no such file", &mut numbers),
            Ok(Frame::Error("no such file".into()))
        );
    }
}
