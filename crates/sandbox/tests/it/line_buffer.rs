//! Property tests of the bounded line reader every program's output goes through
//! ([`LineBuffer`]): any bytes, read in chunks of any size, are split into lines as defined,
//! and what the buffer holds stays bounded whatever the program writes.

use duel_sandbox::{LineBuffer, LineTooLong};
use proptest::prelude::*;

/// Output a program might write: mostly short words and line ends (`\n`, `\r\n`, a lone
/// `\r`), mixed with anything at all.
fn output_bytes() -> impl Strategy<Value = Vec<u8>> {
    let likely = prop::sample::select(b"ab 7\n\n\r".to_vec());
    prop::collection::vec(prop_oneof![3 => likely, 1 => any::<u8>()], 0..400)
}

/// What a line reader must produce from `stream` with lines of at most `max` bytes, by the
/// definition: lines end at `\n`, a `\r` before it is dropped, a line of more than `max`
/// bytes (its `\r` included) stops the reading, and an unterminated tail is the last line.
#[derive(Debug, PartialEq)]
enum Read {
    Line(String),
    TooLong,
    Rest(String),
}

fn expected(stream: &[u8], max: usize) -> Vec<Read> {
    let mut out = Vec::new();
    let mut segments = stream.split(|&b| b == b'\n').peekable();
    while let Some(segment) = segments.next() {
        let complete = segments.peek().is_some();
        if segment.len() > max {
            out.push(Read::TooLong);
            break;
        }
        let text = String::from_utf8_lossy(segment);
        let text = text.strip_suffix('\r').unwrap_or(&text).to_owned();
        if complete {
            out.push(Read::Line(text));
        } else if !segment.is_empty() {
            out.push(Read::Rest(text));
        }
    }
    out
}

/// Feeds `stream` to a [`LineBuffer`] as the runner does (reads of at most `room()` bytes,
/// in chunks of the given sizes), checking the bound on what it holds after every step.
fn through_buffer(stream: &[u8], max: usize, chunks: &[usize]) -> Vec<Read> {
    let mut lines = LineBuffer::new(max);
    let mut out = Vec::new();
    let mut position = 0;
    let mut chunk = chunks.iter().cycle();
    loop {
        loop {
            match lines.next_line() {
                Ok(Some(line)) => out.push(Read::Line(line)),
                Ok(None) => break,
                Err(LineTooLong { max_line_bytes }) => {
                    assert_eq!(max_line_bytes, max);
                    out.push(Read::TooLong);
                    return out;
                }
            }
        }
        assert!(lines.room() >= 1 && lines.room() <= max + 1);
        if position == stream.len() {
            break;
        }
        let size = (*chunk.next().unwrap_or(&1))
            .max(1)
            .min(lines.room())
            .min(stream.len() - position);
        lines.extend(&stream[position..position + size]);
        position += size;
    }
    out.extend(lines.take_rest().map(Read::Rest));
    out
}

proptest! {
    #![proptest_config(duel_test_support::properties::config(256))]

    #[test]
    fn the_line_buffer_splits_any_bytes_as_defined_and_stays_bounded(
        stream in output_bytes(),
        max in 1usize..48,
        chunks in prop::collection::vec(1usize..64, 1..8),
    ) {
        prop_assert_eq!(through_buffer(&stream, max, &chunks), expected(&stream, max));
    }

    #[test]
    fn the_line_buffer_drops_what_does_not_fit(
        bytes in prop::collection::vec(any::<u8>(), 0..4096),
        max in 0usize..64,
    ) {
        let mut lines = LineBuffer::new(max);
        lines.extend(&bytes);
        lines.extend(&bytes);
        prop_assert!(lines.room() <= max + 1);
        match lines.next_line() {
            Ok(Some(line)) => prop_assert!(line.len() <= 3 * max),
            Ok(None) => prop_assert!(lines.room() > 0),
            Err(_) => prop_assert_eq!(lines.room(), 0),
        }
    }
}
