//! What a test's reason adds when the judge saw a program do a thing some contest system
//! judges otherwise than the rules of play (`crates/protocol/RULES.md`, its last section): one
//! sentence each, shared by both games.

use duel_sandbox::Notes;

/// A process of the program outlived its first process (`RULES.md`, L9).
pub const OUTLIVED_NOTE: &str = "note: its first process ended while a process it started \
    went on; contest systems end a program with its first process or forbid it to start one, \
    so they may judge it otherwise";

/// A process of the program was seen sleeping (`clock_nanosleep`).
pub const SLEPT_NOTE: &str = "note: it slept (clock_nanosleep, as C's sleep or Python's \
    time.sleep call it); DMOJ's sandbox forbids that call and stops the program there: a \
    runtime error";

/// `reason` with the notes `notes` calls for, each after a `; `.
pub fn with_notes(reason: Option<String>, notes: Notes) -> Option<String> {
    [
        (notes.outlived_first, OUTLIVED_NOTE),
        (notes.slept, SLEPT_NOTE),
    ]
    .into_iter()
    .filter(|(seen, _)| *seen)
    .fold(reason, |reason, (_, note)| match reason {
        None => Some(note.to_owned()),
        Some(reason) => Some(format!("{reason}; {note}")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_follow_the_reason_in_order_and_only_when_seen() {
        let both = Notes {
            outlived_first: true,
            slept: true,
        };
        let slept = Notes {
            outlived_first: false,
            slept: true,
        };
        assert_eq!(with_notes(None, Notes::default()), None);
        assert_eq!(
            with_notes(Some("r".into()), both),
            Some(format!("r; {OUTLIVED_NOTE}; {SLEPT_NOTE}"))
        );
        assert_eq!(with_notes(None, slept), Some(SLEPT_NOTE.to_owned()));
    }
}
