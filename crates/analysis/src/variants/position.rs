//! A position of a variant of Ioiwari: its analysis from a solved [`VariantTable`] and its
//! play. The value of a variant's board is the best bank difference the side to move can force
//! from its pits; the banks so far only shift it (see [`VariantPosition`]).
//!
//! ```
//! use duel_analysis::variants::position::{analyze, play, report, VariantPosition};
//! use duel_ioiwari::variant::{Variant, VariantBoard, VariantTable};
//!
//! let variant = Variant::new(5, 3)?;
//! let table = VariantTable::solve(variant)?;
//! let start = VariantPosition::start(VariantBoard::parse(variant, "3 3 3 3 3")?);
//! let doc = analyze(&table, &start);
//! assert_eq!(doc.moves.len(), 5);
//! let full = report(&table, &start);
//! assert_eq!(full.final_margin, i32::from(doc.value));
//! let after = play(&table, &start, full.preferred_move.unwrap())?;
//! assert_eq!(after.analysis.position.to_move, 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::num::ParseIntError;

use duel_ioiwari::variant::{Variant, VariantBoard, VariantError, VariantTable};

/// Where a variant's values come from: a table solved in memory ([`VariantTable`]), or one
/// saved by `duel ioiwari variants --save` and read in place (`duel serve --tables`).
pub trait VariantValues {
    /// The variant whose values these are.
    fn variant(&self) -> Variant;

    /// The value of `board` for the side to move: the best bank difference it can force
    /// from its pits.
    fn value(&self, board: &VariantBoard) -> i8;

    /// What each pit (entry `k` for pit `k + 1`) is worth to the mover: its gain difference
    /// minus the value of the board it leaves; `None` for an empty pit.
    fn move_values(&self, board: &VariantBoard) -> Vec<Option<i8>> {
        (1..=board.variant().pits())
            .map(|pit| {
                let sowing = board.play(pit).ok()?;
                Some(sowing.gain_difference() - self.value(&sowing.board))
            })
            .collect()
    }

    /// The optimal pits, 1-based and ascending; empty for the empty board.
    fn best_moves(&self, board: &VariantBoard) -> Vec<usize> {
        let values = self.move_values(board);
        let Some(best) = values.iter().flatten().max().copied() else {
            return Vec::new();
        };
        (1..=values.len())
            .filter(|&pit| values[pit - 1] == Some(best))
            .collect()
    }
}

impl VariantValues for VariantTable {
    fn variant(&self) -> Variant {
        VariantTable::variant(self)
    }

    fn value(&self, board: &VariantBoard) -> i8 {
        VariantTable::value(self, board)
    }
}
use duel_ioiwari::mistake::{forward_reason_for, pit_numbers_named, Who};
use duel_ioiwari::{Banks, Player};
use serde::Serialize;

use crate::documents::ioiwari::{MistakeDoc, ResultDoc, StopDoc};
use crate::Standing;

/// A position of a variant: the board, the banks so far and the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariantPosition {
    /// The pits.
    pub board: VariantBoard,
    /// Player 1's and player 2's banks.
    pub banks: [u32; 2],
    /// 1 or 2.
    pub to_move: u8,
}

/// Why banks or a player to move do not make a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The player to move is neither 1 nor 2.
    #[error("to_move: {0} is not 1 or 2")]
    ToMove(u8),
    /// A bank holds more beads than the variant's boards.
    #[error("banks: at most {most} beads each in {variant}")]
    Bank {
        /// The variant.
        variant: Variant,
        /// Its most beads.
        most: u32,
    },
}

/// Why a bank given as text (`--banks A B`) is not a bank of a game of at most `most` beads.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BankError {
    /// The text is not a whole number of beads (negative, a word, a fraction).
    #[error("invalid bank {text:?}: expected a number of beads 0..={most}")]
    NotANumber {
        /// The text as given.
        text: String,
        /// The game's most beads.
        most: u32,
        /// Why it is not a number.
        #[source]
        error: ParseIntError,
    },
    /// A number of beads above the game's most.
    #[error("invalid bank {bank}: a game has at most {most} beads")]
    TooMany {
        /// The text as given.
        text: String,
        /// The number it holds.
        bank: u32,
        /// The game's most beads.
        most: u32,
    },
}

impl BankError {
    /// The fault, whichever it is, told as the range a bank must lie in:
    /// `invalid bank "40": expected a number of beads 0..=36`. A variant's analysis words
    /// both faults so; the task's game names a number above 35 as such (the [`Display`]
    /// of [`BankError::TooMany`]).
    ///
    /// [`Display`]: std::fmt::Display
    pub fn as_range(&self) -> String {
        let (BankError::NotANumber { text, most, .. } | BankError::TooMany { text, most, .. }) =
            self;
        format!("invalid bank {text:?}: expected a number of beads 0..={most}")
    }
}

/// A bank read from `text` (spaces around it ignored): a whole number of beads, at most
/// `most` (the task's game: 35; a variant: [`Variant::max_beads`]).
///
/// ```
/// use duel_analysis::variants::position::{parse_bank, BankError};
///
/// assert_eq!(parse_bank(" 12 ", 35), Ok(12));
/// assert!(matches!(parse_bank("36", 35), Err(BankError::TooMany { bank: 36, .. })));
/// assert!(matches!(parse_bank("-1", 35), Err(BankError::NotANumber { .. })));
/// ```
pub fn parse_bank(text: &str, most: u32) -> Result<u32, BankError> {
    match text.trim().parse::<u32>() {
        Ok(bank) if bank <= most => Ok(bank),
        Ok(bank) => Err(BankError::TooMany {
            text: text.to_owned(),
            bank,
            most,
        }),
        Err(error) => Err(BankError::NotANumber {
            text: text.to_owned(),
            most,
            error,
        }),
    }
}

impl VariantPosition {
    /// A start: `board`, empty banks, player 1 to move.
    pub fn start(board: VariantBoard) -> VariantPosition {
        VariantPosition {
            board,
            banks: [0, 0],
            to_move: 1,
        }
    }

    /// A position, checking that `to_move` is 1 or 2 and that each bank holds at most the
    /// variant's most beads ([`Variant::max_beads`]).
    pub fn new(
        board: VariantBoard,
        banks: [u32; 2],
        to_move: u8,
    ) -> Result<VariantPosition, PositionError> {
        if to_move != 1 && to_move != 2 {
            return Err(PositionError::ToMove(to_move));
        }
        let variant = board.variant();
        let most = variant.max_beads();
        if banks.iter().any(|&bank| bank > most) {
            return Err(PositionError::Bank { variant, most });
        }
        Ok(VariantPosition {
            board,
            banks,
            to_move,
        })
    }

    /// The mover's bank minus the other's.
    pub fn margin_so_far(&self) -> i32 {
        let [one, two] = self
            .banks
            .map(|bank| i32::try_from(bank).unwrap_or(i32::MAX));
        if self.to_move == 1 {
            one - two
        } else {
            two - one
        }
    }

    /// Whether every pit is empty.
    pub fn is_over(&self) -> bool {
        self.board.is_empty()
    }

    /// The banks as [`Banks`].
    pub fn banks(&self) -> Banks {
        Banks {
            one: self.banks[0],
            two: self.banks[1],
        }
    }

    /// The position after the player to move sows `pit` (1-based), and that move's gains
    /// (the mover's, the opponent's).
    pub fn play(&self, pit: usize) -> Result<(VariantPosition, [u8; 2]), VariantError> {
        let sowing = self.board.play(pit)?;
        let (mover, other) = if self.to_move == 1 { (0, 1) } else { (1, 0) };
        let mut banks = self.banks;
        banks[mover] += u32::from(sowing.mover_gain);
        banks[other] += u32::from(sowing.opponent_gain);
        let next = VariantPosition {
            board: sowing.board,
            banks,
            to_move: 3 - self.to_move,
        };
        Ok((next, [sowing.mover_gain, sowing.opponent_gain]))
    }

    /// The final banks when the mover ends `final_margin` ahead (all beads banked).
    pub fn final_banks(&self, final_margin: i32) -> Banks {
        let total = i64::from(self.board.total_beads())
            + i64::from(self.banks[0])
            + i64::from(self.banks[1]);
        let mover = (total + i64::from(final_margin)) / 2;
        let other = total - mover;
        let (one, two) = if self.to_move == 1 {
            (mover, other)
        } else {
            (other, mover)
        };
        Banks {
            one: u32::try_from(one).unwrap_or(0),
            two: u32::try_from(two).unwrap_or(0),
        }
    }
}

/// The `--json` document of `duel ioiwari analyze --pits N --cap C`.
#[derive(Debug, Clone, Serialize)]
pub struct VariantAnalysisDoc {
    /// Number of pits.
    pub pits: usize,
    /// The cap.
    pub cap: u8,
    /// The pits 1..=n.
    pub board: Vec<u8>,
    /// The player to move, 1 or 2.
    pub to_move: u8,
    /// The banks so far: player 1's, player 2's.
    pub banks: [u32; 2],
    /// The best bank difference the player to move can force from the pits.
    pub value: i8,
    /// The final bank difference for the player to move with best play: value plus banks.
    pub final_margin: i64,
    /// Every pit: its value to the mover (`null` when empty) and whether it is optimal.
    pub moves: Vec<VariantMoveDoc>,
}

/// One pit of [`VariantAnalysisDoc`].
#[derive(Debug, Clone, Serialize)]
pub struct VariantMoveDoc {
    /// The pit number.
    pub pit: usize,
    /// What playing it is worth to the mover, `null` for an empty pit.
    pub value: Option<i8>,
    /// Whether it is an optimal move.
    pub best: bool,
}

/// The value of `position` and of every pit, from `table` (of the position's variant).
///
/// # Panics
///
/// When `table` is of another variant.
pub fn analyze(
    table: &(impl VariantValues + ?Sized),
    position: &VariantPosition,
) -> VariantAnalysisDoc {
    let variant = table.variant();
    let board = &position.board;
    let best = table.best_moves(board);
    let value = table.value(board);
    VariantAnalysisDoc {
        pits: variant.pits(),
        cap: variant.cap(),
        board: board.pits().to_vec(),
        to_move: position.to_move,
        banks: position.banks,
        value,
        final_margin: i64::from(value) + i64::from(position.margin_so_far()),
        moves: table
            .move_values(board)
            .into_iter()
            .enumerate()
            .map(|(k, value)| VariantMoveDoc {
                pit: k + 1,
                value,
                best: best.contains(&(k + 1)),
            })
            .collect(),
    }
}

/// A position of a variant as JSON:
/// `{"pits": 9, "cap": 4, "board": [3,3,3,3,3,3,3,3,3], "banks": [0, 0], "to_move": 1}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VariantPositionDoc {
    /// Number of pits.
    pub pits: usize,
    /// The cap.
    pub cap: u8,
    /// Beads in pits 1..=pits.
    pub board: Vec<u8>,
    /// Player 1's and player 2's banks.
    pub banks: [u32; 2],
    /// 1 or 2.
    pub to_move: u8,
}

/// One legal move of [`VariantReportDoc`] and what it is worth to the player making it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VariantLegalMoveDoc {
    /// The pit, 1-based.
    pub pit: usize,
    /// Bank difference the mover gains from here on if it plays this and both then play
    /// optimally (this move's own gains included).
    pub value: i8,
    /// The mover's final bank difference after this move, banks so far included.
    pub final_margin: i32,
    /// `win`, `draw` or `loss` for the mover.
    pub standing: Standing,
    /// Whether this move is optimal (keeps the position's value).
    pub best: bool,
}

/// `POST /api/ioiwari/variant/analyze`: a variant's position analysed, as the 7-pit
/// [`AnalysisDoc`](crate::documents::ioiwari::AnalysisDoc) but without moves to the end (a
/// variant's table keeps values only).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VariantReportDoc {
    /// The position analysed.
    pub position: VariantPositionDoc,
    /// The board as text, `3 3 3 3 3`.
    pub board_text: String,
    /// Whether the game is over (all pits empty).
    pub over: bool,
    /// Bank difference the player to move can force from here on.
    pub value: i8,
    /// The mover's final bank difference under optimal play: banks so far plus `value`.
    pub final_margin: i32,
    /// `win`, `draw` or `loss` for the player to move under optimal play.
    pub standing: Standing,
    /// The final result if both play optimally from here.
    pub predicted: ResultDoc,
    /// Every legal move, in pit order.
    pub moves: Vec<VariantLegalMoveDoc>,
    /// The optimal pits.
    pub best_moves: Vec<usize>,
    /// The first optimal pit: what the perfect computer plays. `None` when the game is over.
    pub preferred_move: Option<usize>,
    /// The actual result, once the game is over.
    pub result: Option<ResultDoc>,
}

/// Analyses `position` for the player to move, from `table` (of the position's variant).
pub fn report(
    table: &(impl VariantValues + ?Sized),
    position: &VariantPosition,
) -> VariantReportDoc {
    let board = &position.board;
    let variant = table.variant();
    let value = table.value(board);
    let so_far = position.margin_so_far();
    let final_margin = i32::from(value) + so_far;
    let best = table.best_moves(board);
    let moves = table
        .move_values(board)
        .into_iter()
        .enumerate()
        .filter_map(|(k, value)| {
            let value = value?;
            let final_margin = i32::from(value) + so_far;
            Some(VariantLegalMoveDoc {
                pit: k + 1,
                value,
                final_margin,
                standing: Standing::from_margin(final_margin),
                best: best.contains(&(k + 1)),
            })
        })
        .collect();
    VariantReportDoc {
        position: VariantPositionDoc {
            pits: variant.pits(),
            cap: variant.cap(),
            board: board.pits().to_vec(),
            banks: position.banks,
            to_move: position.to_move,
        },
        board_text: board.to_string(),
        over: position.is_over(),
        value,
        final_margin,
        standing: Standing::from_margin(final_margin),
        predicted: ResultDoc::from_banks(position.final_banks(final_margin)),
        moves,
        preferred_move: best.first().copied(),
        best_moves: best,
        result: position
            .is_over()
            .then(|| ResultDoc::from_banks(position.banks())),
    }
}

/// The pit the perfect computer plays: the first optimal one; `None` when the game is over.
pub fn computer_move(
    table: &(impl VariantValues + ?Sized),
    position: &VariantPosition,
) -> Option<usize> {
    table.best_moves(&position.board).first().copied()
}

/// `POST /api/ioiwari/variant/play`: one move and the position after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VariantMoveResultDoc {
    /// The player who moved, 1 or 2.
    pub player: u8,
    /// The pit sown.
    pub pit: usize,
    /// Beads the move put into the mover's bank.
    pub mover_gain: u8,
    /// Beads the move put into the opponent's bank.
    pub opponent_gain: u8,
    /// The move's entry in the analysis of the position before it.
    pub move_value: VariantLegalMoveDoc,
    /// For a move that gave value away: what it left, what the best pits kept, and why in
    /// words; `null` for a best move.
    pub mistake: Option<MistakeDoc>,
    /// The position after the move, analysed.
    pub analysis: VariantReportDoc,
}

/// Plays `pit` from `position` and reports the move and the new position.
pub fn play(
    table: &(impl VariantValues + ?Sized),
    position: &VariantPosition,
    pit: usize,
) -> Result<VariantMoveResultDoc, VariantError> {
    let (next, [mover_gain, opponent_gain]) = position.play(pit)?;
    let before = report(table, position);
    let mistake = variant_mistake(&before, pit);
    let move_value = before
        .moves
        .into_iter()
        .find(|m| m.pit == pit)
        .expect("a legal move is analysed");
    Ok(VariantMoveResultDoc {
        player: position.to_move,
        pit,
        mover_gain,
        opponent_gain,
        move_value,
        mistake,
        analysis: report(table, &next),
    })
}

/// Whether sowing `pit` in the position `before` reports gave value away, and if so how.
fn variant_mistake(before: &VariantReportDoc, pit: usize) -> Option<MistakeDoc> {
    let played = before.moves.iter().find(|m| m.pit == pit)?;
    if played.best {
        return None;
    }
    let who = if before.position.to_move == 1 {
        Player::One
    } else {
        Player::Two
    };
    Some(MistakeDoc {
        played_margin: played.final_margin,
        best_pits: before
            .best_moves
            .iter()
            .map(|&pit| u8::try_from(pit).unwrap_or(u8::MAX))
            .collect(),
        best_margin: before.final_margin,
        text: forward_reason_for(
            Who::Player(who),
            played.final_margin.into(),
            before.final_margin.into(),
            &pit_numbers_named(&before.best_moves),
        ),
    })
}

/// A variant's game from its start and its moves (`POST /api/ioiwari/variant/game`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VariantGameDoc {
    /// The start, analysed.
    pub start: VariantReportDoc,
    /// Every move played, as `POST /api/ioiwari/variant/play` answers it.
    pub moves: Vec<VariantMoveResultDoc>,
    /// Player 1's final bank difference with best play at each position, the start first.
    pub margins_for_player_1: Vec<i32>,
    /// Player 1's and player 2's first mistakes: the move's number and what it gave away.
    pub first_mistakes: [Option<VariantFirstMistakeDoc>; 2],
    /// The first move of the list that could not be played, if any.
    pub stopped: Option<StopDoc>,
}

/// A player's first mistake in a variant's game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VariantFirstMistakeDoc {
    /// The move's number in the game (both players' moves counted from 1).
    pub number: usize,
    /// The pit played.
    pub pit: usize,
    /// What it gave away.
    pub mistake: MistakeDoc,
}

/// Plays `moves` (pits as given, e.g. `"2"`) from `start`, stopping at the first that cannot
/// be played, and analyses the whole game from `table` (of the position's variant).
pub fn game(
    table: &(impl VariantValues + ?Sized),
    start: &VariantPosition,
    moves: &[&str],
) -> VariantGameDoc {
    let margin_for_one = |doc: &VariantReportDoc| {
        if doc.position.to_move == 1 {
            doc.final_margin
        } else {
            -doc.final_margin
        }
    };
    let first = report(table, start);
    let mut doc = VariantGameDoc {
        margins_for_player_1: vec![margin_for_one(&first)],
        start: first,
        moves: Vec::new(),
        first_mistakes: [None, None],
        stopped: None,
    };
    let mut position = *start;
    for (index, given) in moves.iter().enumerate() {
        let number = index + 1;
        let played = given
            .trim()
            .parse::<usize>()
            .map_err(|_| format!("{given:?} is not a pit number"))
            .and_then(|pit| {
                play(table, &position, pit)
                    .map(|result| (pit, result))
                    .map_err(|error| error.to_string())
            });
        let (pit, result) = match played {
            Ok(played) => played,
            Err(reason) => {
                doc.stopped = Some(StopDoc {
                    number,
                    given: given.to_string(),
                    reason,
                });
                break;
            }
        };
        let slot = usize::from(result.player) - 1;
        if let (None, Some(mistake)) = (&doc.first_mistakes[slot], &result.mistake) {
            doc.first_mistakes[slot] = Some(VariantFirstMistakeDoc {
                number,
                pit,
                mistake: mistake.clone(),
            });
        }
        doc.margins_for_player_1
            .push(margin_for_one(&result.analysis));
        position = position.play(pit).expect("played above").0;
        doc.moves.push(result);
    }
    doc
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> VariantTable {
        VariantTable::solve(Variant::new(4, 3).unwrap()).unwrap()
    }

    #[test]
    fn a_game_played_by_the_computer_ends_as_predicted() {
        let table = table();
        let board = VariantBoard::parse(table.variant(), "3 2 1 3").unwrap();
        let mut position = VariantPosition::start(board);
        let predicted = report(&table, &position).predicted;
        while let Some(pit) = computer_move(&table, &position) {
            let doc = play(&table, &position, pit).unwrap();
            assert!(doc.move_value.best);
            position = position.play(pit).unwrap().0;
            assert_eq!(doc.analysis.position.banks, position.banks);
        }
        let end = report(&table, &position);
        assert!(end.over);
        assert_eq!(end.result, Some(predicted));
        assert_eq!(end.preferred_move, None);
    }

    #[test]
    fn banks_shift_the_margin_and_positions_are_checked() {
        let table = table();
        let board = VariantBoard::parse(table.variant(), "0 2 1 0").unwrap();
        let position = VariantPosition::new(board, [3, 5], 2).unwrap();
        let doc = analyze(&table, &position);
        assert_eq!(doc.final_margin, i64::from(doc.value) + 2);
        let full = report(&table, &position);
        let predicted = full.predicted.banks;
        assert_eq!(predicted[0] + predicted[1], 11);
        assert_eq!(
            i64::from(predicted[1]) - i64::from(predicted[0]),
            doc.final_margin
        );
        assert_eq!(
            VariantPosition::new(board, [0, 0], 3),
            Err(PositionError::ToMove(3))
        );
        assert!(VariantPosition::new(board, [17, 0], 1).is_err());
        assert!(play(&table, &position, 1).is_err());
    }

    #[test]
    fn a_bank_is_a_number_of_beads_up_to_the_most() {
        assert_eq!(parse_bank("0", 12), Ok(0));
        assert_eq!(parse_bank(" 12\t", 12), Ok(12));
        let too_many = parse_bank("13", 12).unwrap_err();
        assert_eq!(
            too_many,
            BankError::TooMany {
                text: "13".into(),
                bank: 13,
                most: 12
            }
        );
        assert_eq!(
            too_many.to_string(),
            "invalid bank 13: a game has at most 12 beads"
        );
        assert_eq!(
            too_many.as_range(),
            "invalid bank \"13\": expected a number of beads 0..=12"
        );
        for text in ["x", "-2", "1.5", "", " 4 4"] {
            let error = parse_bank(text, 35).unwrap_err();
            let BankError::NotANumber {
                text: given,
                most,
                error: why,
            } = &error
            else {
                panic!("{text:?}: {error:?}");
            };
            assert_eq!((given.as_str(), *most), (text, 35));
            assert_eq!(Some(why), text.trim().parse::<u32>().err().as_ref());
            let message = format!("invalid bank {text:?}: expected a number of beads 0..=35");
            assert_eq!(error.to_string(), message);
            assert_eq!(error.as_range(), message);
        }
    }
}
