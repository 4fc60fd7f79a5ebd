//! Reading a start position typed by a person or written in a test file.

use duel_mis::{Position, PositionError};
use duel_sandbox::untrusted::clip_line;

/// How many characters of a word that is not a number an error shows.
const SHOWN_WORD_CHARS: usize = 40;

/// Why text is not a start position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionInputError {
    /// Not three non-negative integers.
    #[error("{0}")]
    Syntax(String),
    /// Three integers, outside the task's limits.
    #[error("{0}")]
    Limits(PositionError),
}

/// Parses `p e B` (any whitespace between) into a position within the task's limits
/// (1 <= p, e <= 10^7, 1 <= B <= 10^6), built by the one validating constructor,
/// [`Position::in_play`], then [`Position::as_start`], with their [`PositionError`] when outside
/// them.
///
/// ```
/// use duel_arena::mis::parse_position;
/// assert_eq!(parse_position(" 7 2\t3\n").unwrap().to_string(), "7 2 3");
/// assert!(parse_position("7 2").is_err());
/// assert!(parse_position("0 2 3").is_err());
/// ```
pub fn parse_position(text: &str) -> Result<Position, PositionInputError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let [p, e, bound] = words[..] else {
        return Err(PositionInputError::Syntax(format!(
            "expected three numbers `p e B`, got {} word(s)",
            words.len()
        )));
    };
    let number = |word: &str| {
        word.parse::<u64>().map_err(|_| {
            let is_digits = !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit());
            // A word can be as long as the input: the message shows it clipped and escaped.
            let shown = clip_line(word, SHOWN_WORD_CHARS);
            PositionInputError::Syntax(if is_digits {
                format!("{shown} is far too large (p, e <= 10000000, B <= 1000000)")
            } else {
                format!("not a non-negative integer: \"{shown}\"")
            })
        })
    };
    Position::in_play(number(p)?, number(e)?, number(bound)?)
        .and_then(Position::as_start)
        .map_err(PositionInputError::Limits)
}
