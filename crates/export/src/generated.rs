//! The sources generated from duel's rules and solvers: templates with their placeholders
//! filled in.

use duel_ioiwari::{Board, Table, BOARD_COUNT};
use duel_mis::theory::INV_PHI_FIXED;
use duel_mis::{AdversarialLolek, Bolek, Game, Move, Player, Position, Strategy};

/// Fills the `@@NAME@@` placeholders of `template`; panics if one is left (a bug in this
/// crate, caught by its tests).
pub(crate) fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut text = template.to_owned();
    for (name, value) in values {
        text = text.replace(&format!("@@{name}@@"), value);
    }
    assert!(!text.contains("@@"), "a template placeholder is left");
    text
}

/// The value table of every board as C string literals, one character a board (see
/// `templates/ioiwari/referee.h` for the encoding).
pub(crate) fn ioiwari_value_text(table: &Table) -> String {
    let mut text = String::with_capacity(BOARD_COUNT as usize * 102 / 100 + 16);
    let mut line = String::new();
    for index in 0..BOARD_COUNT {
        let board = Board::from_index(index).expect("indices below BOARD_COUNT are boards");
        let value = if board.is_empty() {
            0
        } else {
            table.value(board)
        };
        line.push(encode_value(value));
        if line.len() == 96 || index + 1 == BOARD_COUNT {
            text.push_str("    \"");
            text.push_str(&line);
            text.push_str("\"\n");
            line.clear();
        }
    }
    text.pop();
    text
}

/// One value as one character: `value + 70`, skipping the backslash (92).
pub(crate) fn encode_value(value: i8) -> char {
    let code = i32::from(value) + 70;
    let code = if code >= 92 { code + 1 } else { code };
    char::from(u8::try_from(code).expect("values lie within -35..=35"))
}

/// The Ioiwari referee header, with duel's value table.
pub(crate) fn ioiwari_referee(table: &Table) -> String {
    fill(
        include_str!("../templates/ioiwari/referee.h"),
        &[("VALUE_TEXT", &ioiwari_value_text(table))],
    )
}

/// A Pooh-Eeyore-sticks source with duel's fixed-point constant in C (`0x...`) and Pascal
/// (`$...`) notation.
pub(crate) fn mis_source(template: &str) -> String {
    fill(
        template,
        &[
            (
                "INV_PHI_FIXED",
                &format!("{INV_PHI_FIXED:#X}").replace("0X", "0x"),
            ),
            ("INV_PHI_FIXED_PAS", &format!("${INV_PHI_FIXED:X}")),
        ],
    )
}

/// The magic line that starts the Pooh-Eeyore-sticks drivers' stream.
pub const MIS_STREAM_MAGIC: &[u8] = b"duel-mis 2\n";

/// Appends one move's record to a stream (see `templates/mis/driver.c`).
pub fn push_move(stream: &mut Vec<u8>, mv: Move) {
    let kind = if mv.take_e == 0 {
        0
    } else if mv.take_p == 0 {
        1
    } else {
        2
    };
    let k = if mv.take_p != 0 { mv.take_p } else { mv.take_e };
    push_number(stream, 3 * k + kind);
}

/// Appends one number as the drivers write it: five bits a printable character, least
/// significant first, `'P' + d` while more follow and `'0' + d` for the last.
pub fn push_number(stream: &mut Vec<u8>, mut value: u32) {
    while value >= 32 {
        stream.push(b'P' + (value & 31) as u8);
        value >>= 5;
    }
    stream.push(b'0' + value as u8);
}

/// The stream of the game duel's Bolek plays against duel's adversarial Lolek from `start`:
/// what a correct module's driver writes (the judge answer of a test).
pub fn mis_stream(start: Position) -> Vec<u8> {
    let mut stream = MIS_STREAM_MAGIC.to_vec();
    let mut bolek = Bolek::new(start);
    let mut lolek = AdversarialLolek::new();
    let mut game = Game::new(start);
    while game.winner().is_none() {
        let at = game.position();
        let mv = match game.to_move() {
            Player::Bolek => bolek.next_move(at.p(), at.e()),
            Player::Lolek => lolek.choose(&at),
        };
        push_move(&mut stream, mv);
        if game.play(mv).is_err() {
            break;
        }
    }
    stream
}

/// The C/C++ theory and Lolek header.
pub(crate) fn mis_lolek_header() -> String {
    mis_source(include_str!("../templates/mis/lolek.h"))
}

/// `source` with its line `#include "NAME"` replaced by `header`, for systems that compile a
/// single file (DMOJ's graders and checkers).
pub(crate) fn inline_header(source: &str, name: &str, header: &str) -> String {
    let line = format!("#include \"{name}\"\n");
    assert!(source.contains(&line), "the source includes {name}");
    source.replacen(&line, &format!("{header}\n"), 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_encode_to_printable_characters_without_escapes() {
        for value in -35..=35i8 {
            let c = encode_value(value);
            assert!(c.is_ascii_graphic(), "{value}");
            assert!(c != '\\' && c != '"', "{value}");
        }
    }

    #[test]
    fn constants_are_written_in_both_notations() {
        let text = mis_source("@@INV_PHI_FIXED@@ @@INV_PHI_FIXED_PAS@@");
        assert_eq!(text, "0x9E3779B97F4A7C16 $9E3779B97F4A7C16");
    }
}
