//! Property tests over arbitrary bytes for the line reader of `ioiwari` and `ioiwari2`
//! (`ProtocolReader`), through its public calls: it never panics, always comes to an end,
//! reads lines exactly as the protocol defines them (player 1's moves as RULES.md's L1 to L7
//! say, checked against the rule written a second way here), and what it says about bad input
//! is bounded whatever the input's size.

use duel_arena::Verdict;
use duel_cli::protocol::{ProtocolError, ProtocolReader, MAX_LINE_BYTES};
use duel_ioiwari::{Board, Pit};
use proptest::prelude::*;

/// The longest an error may be: a line is refused past [`MAX_LINE_BYTES`], and an error shows
/// at most a clipped part of one.
const MESSAGE_BOUND: usize = MAX_LINE_BYTES + 200;

/// Bytes that reach deep into the reader: digits, white space and line ends, mixed with
/// anything at all.
fn protocol_bytes() -> impl Strategy<Value = Vec<u8>> {
    let likely = prop::sample::select(b"0123456789 \t\r\n\n\n+-".to_vec());
    let byte = prop_oneof![6 => likely, 1 => any::<u8>()];
    prop::collection::vec(byte, 0..300)
}

/// Arbitrary bytes with a run of `filler` somewhere in them, longer or shorter than a line may
/// be.
fn with_long_run() -> impl Strategy<Value = Vec<u8>> {
    (
        protocol_bytes(),
        0usize..3 * MAX_LINE_BYTES,
        prop::sample::select(b"7 x\r\xff".to_vec()),
        protocol_bytes(),
    )
        .prop_map(|(mut bytes, long, filler, after)| {
            bytes.extend(std::iter::repeat_n(filler, long));
            bytes.extend(after);
            bytes
        })
}

fn bounded(error: &ProtocolError) -> Result<(), TestCaseError> {
    let message = error.to_string();
    prop_assert!(
        message.len() <= MESSAGE_BOUND,
        "a message of {} bytes",
        message.len()
    );
    Ok(())
}

/// What reading pits must give for short lines, by the protocol: lines end at `\n`, a last
/// line needs none, blank lines are skipped, each other line is one pit number; reading
/// stops at the first line that is not.
fn expected_pits(bytes: &[u8]) -> (Vec<Pit>, bool) {
    let mut pits = Vec::new();
    let text = String::from_utf8_lossy(bytes);
    for line in text.split('\n') {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        match line.parse::<Pit>() {
            Ok(pit) => pits.push(pit),
            Err(_) => return (pits, true),
        }
    }
    (pits, false)
}

/// Reads pits until the end or an error: (the pits, whether it ended in an error). Each call
/// consumes a line, so more calls than there are bytes means the reader is stuck.
fn read_pits(bytes: &[u8]) -> Result<(Vec<Pit>, bool), TestCaseError> {
    let mut reader = ProtocolReader::new(bytes);
    let mut pits = Vec::new();
    for _ in 0..=bytes.len() + 1 {
        match reader.read_pit() {
            Ok(Some(pit)) => pits.push(pit),
            Ok(None) => return Ok((pits, false)),
            Err(error) => {
                bounded(&error)?;
                return Ok((pits, true));
            }
        }
    }
    Err(TestCaseError::fail(
        "read_pit did not come to the end of its input",
    ))
}

/// Player 1's moves on `board` by RULES.md, written a second way: lines end at `\n` (L1), the
/// 4097th byte without one is refused and reading goes on after it (L2), the rest is an
/// unended last line (L7); a move is blanks (space, tab, CR), an optional sign, digits, blanks
/// (L3, L4), a pit from 1 to 7 with beads (L5, L6).
fn expected_moves(bytes: &[u8], board: Board) -> Vec<Result<u8, Verdict>> {
    let mut moves = Vec::new();
    let mut rest = bytes;
    while !rest.is_empty() {
        let end = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
        if end > MAX_LINE_BYTES {
            moves.push(Err(Verdict::ProtocolError));
            rest = &rest[MAX_LINE_BYTES + 1..];
            continue;
        }
        let line = &rest[..end];
        rest = &rest[(end + 1).min(rest.len())..];
        let text: Vec<u8> = {
            let start = line
                .iter()
                .position(|b| !b" \t\r".contains(b))
                .unwrap_or(line.len());
            let stop = line
                .iter()
                .rposition(|b| !b" \t\r".contains(b))
                .map_or(start, |at| at + 1);
            line[start..stop].to_vec()
        };
        let (negative, digits) = match text.first() {
            Some(b'-') => (true, &text[1..]),
            Some(b'+') => (false, &text[1..]),
            _ => (false, &text[..]),
        };
        if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
            moves.push(Err(Verdict::ProtocolError));
            continue;
        }
        let value: Vec<u8> = digits.iter().copied().skip_while(|&d| d == b'0').collect();
        moves.push(match (negative, value.as_slice()) {
            (false, [digit @ b'1'..=b'7']) if board.pits()[usize::from(digit - b'1')] > 0 => {
                Ok(digit - b'0')
            }
            _ => Err(Verdict::IllegalMove),
        });
    }
    moves
}

/// Reads player 1's moves on `board` until the end, errors included (reading goes on after
/// each): each move's pit or its verdict.
fn read_moves(bytes: &[u8], board: Board) -> Result<Vec<Result<u8, Verdict>>, TestCaseError> {
    let mut reader = ProtocolReader::new(bytes);
    let mut moves = Vec::new();
    for _ in 0..=bytes.len() + 1 {
        match reader.read_move(board) {
            Ok(Some(pit)) => moves.push(Ok(pit.number())),
            Ok(None) => return Ok(moves),
            Err(ProtocolError::Move(fault)) => moves.push(Err(fault.verdict)),
            Err(error @ ProtocolError::LineTooLong { .. }) => {
                bounded(&error)?;
                moves.push(Err(Verdict::ProtocolError));
            }
            Err(error) => return Err(TestCaseError::fail(error.to_string())),
        }
    }
    Err(TestCaseError::fail(
        "read_move did not come to the end of its input",
    ))
}

proptest! {
    #![proptest_config(duel_test_support::properties::config(256))]

    #[test]
    fn moves_are_read_as_the_rule_says(
        bytes in prop_oneof![protocol_bytes(), with_long_run()],
        pits in prop::array::uniform7(0u8..6),
    ) {
        let Ok(board) = Board::new(pits) else {
            return Ok(());
        };
        prop_assert_eq!(read_moves(&bytes, board)?, expected_moves(&bytes, board));
    }

    #[test]
    fn pits_are_read_line_by_line_as_the_protocol_says(bytes in protocol_bytes()) {
        prop_assert_eq!(read_pits(&bytes)?, expected_pits(&bytes));
    }

    #[test]
    fn long_lines_end_the_reading_with_a_bounded_error(bytes in with_long_run()) {
        let (pits, failed) = read_pits(&bytes)?;
        let longest = bytes.split(|&b| b == b'\n').map(<[u8]>::len).max().unwrap_or(0);
        if longest <= MAX_LINE_BYTES {
            prop_assert_eq!((pits, failed), expected_pits(&bytes));
        } else {
            // Too long (a `\r` before the `\n` counts): reading cannot get past it.
            prop_assert!(failed, "a {}-byte line was accepted", longest);
        }
    }

    #[test]
    fn a_start_board_is_the_first_seven_counts_or_a_bounded_error(bytes in with_long_run()) {
        match ProtocolReader::new(&bytes[..]).read_start() {
            Ok(board) => {
                let text = String::from_utf8_lossy(&bytes);
                let counts: Vec<&str> = text.split_whitespace().take(7).collect();
                prop_assert_eq!(counts.join(" ").parse::<Board>().ok(), Some(board));
            }
            Err(error) => bounded(&error)?,
        }
    }

    #[test]
    fn a_start_board_then_moves_never_panics(
        start in prop::array::uniform7(0u8..=9),
        rest in protocol_bytes(),
    ) {
        let mut input: Vec<u8> = start.map(|count| count.to_string()).join(" ").into_bytes();
        input.push(b'\n');
        input.extend(&rest);
        let mut reader = ProtocolReader::new(&input[..]);
        match reader.read_start() {
            Ok(board) => prop_assert_eq!(board.pits(), start),
            Err(error) => {
                bounded(&error)?;
                prop_assert!(Board::new(start).is_err());
                return Ok(());
            }
        }
        for _ in 0..=rest.len() + 1 {
            match reader.read_pit() {
                Ok(Some(_)) => continue,
                Ok(None) => return Ok(()),
                Err(error) => return bounded(&error),
            }
        }
        prop_assert!(false, "read_pit did not come to the end of its input");
    }
}
