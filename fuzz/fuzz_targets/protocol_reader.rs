//! The Ioiwari protocol reader (`duel_protocol`): a player's lines, any bytes, arriving in
//! pieces of any size, read as player 2's pits (what `ioiwari` reads) and as player 1's moves
//! (`read_move`, the one reader of a move line, as `ioiwari2` and duel's judge read it).
//!
//! Beyond not panicking: what is read (the start board, then pits or moves, errors included)
//! does not depend on how the bytes arrive; a board read prints as text that parses to it; a
//! pit is one of 1 to 7, and a move is a pit with beads on its board; an error message is one
//! bounded line with no control character.

// stable tests: -p duel-cli --test it protocol_properties::

#![no_main]

use duel_ioiwari::Board;
use duel_protocol::{ProtocolError, ProtocolReader, SHOWN_CHARS};
use libfuzzer_sys::fuzz_target;
use std::io::{self, BufRead, BufReader, Read};

/// The longest message an error may have, in bytes: its own words and the other side's text
/// clipped to `SHOWN_CHARS` characters, each escaped in at most 14 bytes (`⟨U+10FFFF⟩`).
const LONGEST_MESSAGE: usize = 200 + 14 * SHOWN_CHARS;

fuzz_target!(|data: &[u8]| {
    let Some((&first, bytes)) = data.split_first() else {
        return;
    };
    let piece = 1 + usize::from(first % 64);
    let capacity = 1 + usize::from(first / 64) * 3000;
    let pieces = || BufReader::with_capacity(capacity, Pieces { bytes, piece });
    assert_eq!(
        outcomes(pieces()),
        outcomes(bytes),
        "read in pieces of {piece} bytes through a buffer of {capacity}"
    );
    assert_eq!(
        moves(pieces()),
        moves(bytes),
        "moves read in pieces of {piece} bytes through a buffer of {capacity}"
    );
});

/// Every move line on the task's start board until the input ends, errors included (reading
/// goes on after each), then what follows as after the game.
fn moves(input: impl BufRead) -> Vec<String> {
    let board: Board = "4 3 2 4 2 3 2".parse().unwrap();
    let mut reader = ProtocolReader::new(input);
    let mut seen = Vec::new();
    loop {
        seen.push(match reader.read_move(board) {
            Ok(Some(pit)) => {
                assert!(board.beads_in(pit) > 0, "pit {} is empty", pit.number());
                format!("move {}", pit.number())
            }
            Ok(None) => break,
            Err(error) => shown(&error),
        });
    }
    // Nothing is left: after the game there is nothing more to read.
    assert!(reader.read_after_game().is_ok());
    seen
}

/// A reader that gives at most `piece` bytes at a time.
struct Pieces<'a> {
    bytes: &'a [u8],
    piece: usize,
}

impl Read for Pieces<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let n = out.len().min(self.piece).min(self.bytes.len());
        out[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        Ok(n)
    }
}

/// The start board, then every pit until the input ends, errors included (reading goes on
/// after each).
fn outcomes(input: impl BufRead) -> Vec<String> {
    let mut reader = ProtocolReader::new(input);
    let mut seen = vec![match reader.read_start() {
        Ok(board) => {
            let text = board.to_string();
            assert_eq!(text.parse::<Board>().as_ref(), Ok(&board), "{text:?}");
            format!("start {text}")
        }
        Err(error) => shown(&error),
    }];
    loop {
        seen.push(match reader.read_pit() {
            Ok(Some(pit)) => {
                assert!((1..=7).contains(&pit.number()), "pit {}", pit.number());
                format!("pit {}", pit.number())
            }
            Ok(None) => return seen,
            Err(error) => shown(&error),
        });
    }
}

fn shown(error: &ProtocolError) -> String {
    assert!(!matches!(error, ProtocolError::Io(_)), "{error}");
    let message = error.to_string();
    assert!(
        !message.chars().any(char::is_control),
        "a control character in {message:?}"
    );
    assert!(
        message.len() <= LONGEST_MESSAGE,
        "a message of {} bytes: {}...",
        message.len(),
        message.chars().take(100).collect::<String>()
    );
    format!("error {message}")
}
