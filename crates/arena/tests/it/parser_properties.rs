//! Property tests over arbitrary bytes for the arena's parsers of untrusted input: the Ioiwari
//! move and test-file parsers, and the Pooh-Eeyore-sticks position and test-file parsers
//! (the bounded line reader every program's output goes through first is `duel-sandbox`'s,
//! tested there). None may panic, and what they say about the input stays bounded whatever
//! its size; a move line is read as `RULES.md` says (checked against the rule written a
//! second way here).

use duel_arena::ioiwari::{parse_move, parse_positions};
use duel_arena::mis::{parse_position, parse_tests};
use duel_arena::Verdict;
use duel_ioiwari::Board;
use proptest::prelude::*;
use std::path::Path;

/// The longest a message about one line of input may be, whatever the line's length: the
/// parsers show at most a clipped part of what they were given.
const MESSAGE_BOUND: usize = 1_000;

/// Fails the case when a message is longer than [`MESSAGE_BOUND`].
fn bounded(message: &str) -> Result<(), TestCaseError> {
    prop_assert!(
        message.len() <= MESSAGE_BOUND,
        "a message of {} bytes",
        message.len()
    );
    Ok(())
}

/// Arbitrary text with a long run of `filler` somewhere in it: as long as a line of a large
/// test file, or a program's whole output.
fn spliced() -> impl Strategy<Value = String> {
    (
        parser_bytes(),
        0usize..20_000,
        prop::sample::select(vec!['7', '9', 'x', ' ', '#']),
        parser_bytes(),
    )
        .prop_map(|(before, long, filler, after)| {
            let mut text = String::from_utf8_lossy(&before).into_owned();
            text.extend(std::iter::repeat_n(filler, long));
            text.push_str(&String::from_utf8_lossy(&after));
            text
        })
}

/// Bytes that reach deep into the parsers: digits, signs, spaces, comments and line ends,
/// mixed with anything at all.
fn parser_bytes() -> impl Strategy<Value = Vec<u8>> {
    let likely = prop::sample::select(b"0123456789 \t\n\r#+-".to_vec());
    let byte = prop_oneof![4 => likely, 1 => any::<u8>()];
    prop::collection::vec(byte, 0..400)
}

/// Three words, each a number or a long run of anything without white space: what a
/// position `p e B` looks like, with any of its words replaced.
fn three_words() -> impl Strategy<Value = String> {
    let word = prop_oneof![
        "[0-9]{1,8}".boxed(),
        spliced()
            .prop_map(|text| text.split_whitespace().collect::<String>())
            .boxed(),
    ];
    prop::collection::vec(word, 3).prop_map(|words| words.join(" "))
}

/// RULES.md's L3 to L6 written a second way, for evidence: the pit, or the verdict.
fn by_the_rule(line: &[u8], board: Board) -> Result<u8, Verdict> {
    let text = String::from_utf8_lossy(line);
    let text = text.trim_matches([' ', '\t', '\r']);
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return Err(Verdict::ProtocolError);
    }
    let value = digits.trim_start_matches('0');
    match (negative, value.parse::<u8>()) {
        (false, Ok(pit @ 1..=7)) if board.pits()[usize::from(pit) - 1] > 0 => Ok(pit),
        _ => Err(Verdict::IllegalMove),
    }
}

proptest! {
    #![proptest_config(duel_test_support::properties::config(256))]

    #[test]
    fn an_ioiwari_move_line_is_read_by_the_rule_and_its_reason_is_clipped(
        line in spliced(),
        raw in parser_bytes(),
        board in prop::array::uniform7(0u8..6),
    ) {
        let Ok(board) = Board::new(board) else {
            return Ok(());
        };
        for line in [line.as_bytes(), &raw] {
            let expected = by_the_rule(line, board);
            match parse_move(line, board) {
                Ok(pit) => prop_assert_eq!(Ok(pit.number()), expected),
                Err(fault) => {
                    prop_assert_eq!(Err(fault.verdict), expected);
                    bounded(&fault.reason)?;
                    prop_assert!(fault.reason.bytes().all(|b| (b' '..=b'~').contains(&b) || b >= 0x80));
                }
            }
        }
    }
    #[test]
    fn an_ioiwari_test_file_never_panics_and_its_errors_are_clipped(
        text in spliced(),
    ) {
        match parse_positions(&text, Path::new("t.txt")) {
            Ok(boards) => {
                let lines = text
                    .lines()
                    .filter(|line| !line.split('#').next().unwrap_or_default().trim().is_empty())
                    .count();
                prop_assert_eq!(boards.len(), lines);
                for board in boards {
                    prop_assert!(!board.is_empty());
                    prop_assert_eq!(board.to_string().parse::<Board>().ok(), Some(board));
                }
            }
            Err(error) => bounded(&error.to_string())?,
        }
    }

    #[test]
    fn a_mis_position_never_panics_and_stays_within_the_task(
        text in prop_oneof![spliced(), three_words()],
    ) {
        match parse_position(&text) {
            Ok(position) => {
                prop_assert!((1..=10_000_000).contains(&position.p()));
                prop_assert!((1..=10_000_000).contains(&position.e()));
                prop_assert!((1..=1_000_000).contains(&position.bound()));
                prop_assert_eq!(parse_position(&position.to_string()), Ok(position));
            }
            Err(error) => bounded(&error.to_string())?,
        }
    }

    #[test]
    fn a_mis_test_file_never_panics_and_holds_only_winnable_tests(
        text in prop_oneof![spliced(), three_words()],
    ) {
        match parse_tests(&text) {
            Ok(tests) => {
                for (index, test) in tests.iter().enumerate() {
                    prop_assert_eq!(test.number, index + 1);
                    prop_assert!(test.start.is_win());
                }
            }
            Err(error) => bounded(&error.to_string())?,
        }
    }
}
