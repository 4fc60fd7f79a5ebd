//! Player 1's move lines and what may follow the game, as `RULES.md` says (clauses L1 to L7
//! and A2): the one reader of a move in Rust, on bytes. duel's judge, `ioiwari2` and the fuzz
//! target call it; the packages' C++ referee (`referee.h`) implements the same rule, and a
//! differential test holds the two to the same answer on every stream.

use duel_ioiwari::{Board, Pit, PITS};
use duel_report::Verdict;

/// How many bytes of a line a reason quotes (L4, L5); more are shown as `…`.
pub const QUOTED_BYTES: usize = 40;

/// Why a line longer than [`MAX_LINE_BYTES`](crate::MAX_LINE_BYTES) is refused (L2): the
/// judge's reason, word for word.
pub const LINE_TOO_LONG: &str = "wrote a line longer than 4096 bytes";

/// Why output after the game is refused (A2).
pub const OUTPUT_AFTER_GAME: &str = "it wrote more than blanks and line feeds";

/// Whether `byte` is a blank of a move line (L3): space, tab or carriage return, nothing
/// else (not a vertical tab, a form feed or any byte of 128 or more).
///
/// ```
/// use duel_protocol::is_blank;
/// assert!(is_blank(b' ') && is_blank(b'\t') && is_blank(b'\r'));
/// assert!(!is_blank(b'\n') && !is_blank(0x0b) && !is_blank(0) && !is_blank(0xa0));
/// ```
pub fn is_blank(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\r')
}

/// A line that is not a legal move: its verdict (`protocol_error` or `illegal_move`) and the
/// reason, in the words every referee of duel's uses.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{verdict}: {reason}")]
pub struct MoveFault {
    /// [`Verdict::ProtocolError`] (not a move line) or [`Verdict::IllegalMove`] (no such pit,
    /// or an empty one).
    pub verdict: Verdict,
    /// Why, one line of printable ASCII.
    pub reason: String,
}

impl MoveFault {
    fn protocol(reason: String) -> MoveFault {
        MoveFault {
            verdict: Verdict::ProtocolError,
            reason,
        }
    }

    fn illegal(reason: String) -> MoveFault {
        MoveFault {
            verdict: Verdict::IllegalMove,
            reason,
        }
    }
}

/// Reads player 1's move from one line of its output: the bytes before the line feed (L1),
/// at most [`MAX_LINE_BYTES`](crate::MAX_LINE_BYTES) of them (L2, which the caller's line
/// reader enforces), on `board`.
///
/// A move line is blanks (L3), an optional `+` or `-`, one or more ASCII digits, blanks (L4);
/// anything else is a `protocol_error`. The number is decimal, leading zeros and any length
/// allowed: outside 1 to 7 it is an `illegal_move` (L5), and so is an empty pit (L6).
///
/// ```
/// use duel_protocol::read_move;
/// use duel_report::Verdict;
/// let board = "4 0 0 0 1 1 1".parse().unwrap();
/// assert_eq!(read_move(b" +05\r", board).unwrap().number(), 5);
/// let fault = read_move(b"5\0", board).unwrap_err();
/// assert_eq!(fault.verdict, Verdict::ProtocolError);
/// assert_eq!(fault.reason, "expected a pit number, got \"5\\x00\"");
/// assert_eq!(read_move(b"9", board).unwrap_err().verdict, Verdict::IllegalMove);
/// assert_eq!(read_move(b"4", board).unwrap_err().reason, "pit 4 is empty at 4 0 0 0 1 1 1");
/// ```
pub fn read_move(line: &[u8], board: Board) -> Result<Pit, MoveFault> {
    let text = trim_blanks(line);
    if text.is_empty() {
        return Err(MoveFault::protocol(
            "expected a pit number, got an empty line".to_owned(),
        ));
    }
    let digits = match text[0] {
        b'+' | b'-' => &text[1..],
        _ => text,
    };
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return Err(MoveFault::protocol(format!(
            "expected a pit number, got \"{}\"",
            quoted(text)
        )));
    }
    let significant = &digits[digits.iter().take_while(|&&d| d == b'0').count()..];
    let pit = match (text[0], significant) {
        (b'-', _) => None,
        (_, [digit]) => Pit::new(digit - b'0').ok(),
        _ => None,
    };
    let Some(pit) = pit else {
        return Err(MoveFault::illegal(format!(
            "there is no pit {}; pits are numbered 1 to {PITS}",
            quoted(text)
        )));
    };
    match board.play(pit) {
        Ok(_) => Ok(pit),
        Err(illegal) => Err(MoveFault::illegal(illegal.to_string())),
    }
}

/// Checks what player 1 wrote after the game was over (A2): blanks and line feeds only.
/// The bytes may come in pieces of any size: check each as it comes.
///
/// ```
/// use duel_protocol::after_game;
/// assert!(after_game(b" \r\n\t\n").is_ok());
/// assert_eq!(after_game(b"\n5\n").unwrap_err().reason, "it wrote more than blanks and line feeds");
/// ```
pub fn after_game(bytes: &[u8]) -> Result<(), MoveFault> {
    if bytes.iter().all(|&b| b == b'\n' || is_blank(b)) {
        Ok(())
    } else {
        Err(MoveFault::protocol(OUTPUT_AFTER_GAME.to_owned()))
    }
}

/// `line` without the blanks at either end.
fn trim_blanks(line: &[u8]) -> &[u8] {
    let start = line
        .iter()
        .position(|&b| !is_blank(b))
        .unwrap_or(line.len());
    let end = line
        .iter()
        .rposition(|&b| !is_blank(b))
        .map_or(start, |at| at + 1);
    &line[start..end]
}

/// The first [`QUOTED_BYTES`] bytes of `text` as a reason shows them: printable ASCII as it
/// is, `"` and `\` after a backslash, tab, carriage return and line feed as `\t`, `\r`, `\n`,
/// and every other byte as `\xNN` (Rust's `escape_ascii`, which the C++ referee mirrors),
/// then `…` when bytes were left out.
fn quoted(text: &[u8]) -> String {
    let shown = &text[..text.len().min(QUOTED_BYTES)];
    let mut out = shown.escape_ascii().to_string();
    if shown.len() < text.len() {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board() -> Board {
        "4 3 2 4 2 3 2".parse().unwrap()
    }

    fn verdict(line: &[u8]) -> Result<u8, Verdict> {
        read_move(line, board())
            .map(Pit::number)
            .map_err(|fault| fault.verdict)
    }

    #[test]
    fn blanks_are_space_tab_and_carriage_return_only() {
        for line in [&b"2"[..], b" 2 ", b"\t2\r", b"\r\r2\t \r"] {
            assert_eq!(verdict(line), Ok(2), "{line:?}");
        }
        // Other white space, ASCII or Unicode (a no-break space in UTF-8 and in Latin-1), is
        // no blank: the line is not a move.
        for line in [
            &b"2\x0b"[..],
            b"\x0c2",
            b"2\xc2\xa0",
            b"\xa02",
            b"2\n",
            b"2\0",
            b"\x002",
        ] {
            assert_eq!(verdict(line), Err(Verdict::ProtocolError), "{line:?}");
        }
    }

    #[test]
    fn signs_leading_zeros_and_long_numbers_follow_the_rule() {
        assert_eq!(verdict(b"+2"), Ok(2));
        assert_eq!(verdict(b"0002"), Ok(2));
        assert_eq!(verdict(b"+0007"), Ok(7));
        for line in [
            &b"0"[..],
            b"-0",
            b"+0",
            b"-2",
            b"8",
            b"10",
            b"99999999999999999999999999999999999999999999",
        ] {
            assert_eq!(verdict(line), Err(Verdict::IllegalMove), "{line:?}");
        }
        for line in [
            &b""[..],
            b"   ",
            b"+",
            b"-",
            b"+-2",
            b"2 3",
            b"2.0",
            b"0x2",
            b"two",
        ] {
            assert_eq!(verdict(line), Err(Verdict::ProtocolError), "{line:?}");
        }
    }

    #[test]
    fn reasons_quote_forty_bytes_escaped() {
        let reason = |line: &[u8]| read_move(line, board()).unwrap_err().reason;
        assert_eq!(reason(b""), "expected a pit number, got an empty line");
        assert_eq!(reason(b" \t"), "expected a pit number, got an empty line");
        assert_eq!(
            reason(b" a\"\\\x1b\t\xff "),
            "expected a pit number, got \"a\\\"\\\\\\x1b\\t\\xff\""
        );
        assert_eq!(
            reason(&[b'z'; 41]),
            format!("expected a pit number, got \"{}…\"", "z".repeat(40))
        );
        assert_eq!(
            reason(b"-7"),
            "there is no pit -7; pits are numbered 1 to 7"
        );
        assert_eq!(
            reason(&[b'9'; 100]),
            format!(
                "there is no pit {}…; pits are numbered 1 to 7",
                "9".repeat(40)
            )
        );
        let empty: Board = "0 3 2 4 2 3 2".parse().unwrap();
        assert_eq!(
            read_move(b"01", empty).unwrap_err().reason,
            "pit 1 is empty at 0 3 2 4 2 3 2"
        );
    }

    #[test]
    fn after_the_game_only_blanks_and_line_feeds_may_come() {
        assert!(after_game(b"").is_ok());
        assert!(after_game(b"\n\n \t\r").is_ok());
        for bytes in [&b"\0"[..], b"\x0b", b"1", b"\xc2\xa0"] {
            assert_eq!(
                after_game(bytes).unwrap_err().verdict,
                Verdict::ProtocolError,
                "{bytes:?}"
            );
        }
    }
}
