//! The record of an Ioiwari game's moves: what the judge's `--logs` keeps beside each text log
//! (`test-NN.moves`) and what the viewer replays, so that no program reads the lines written
//! for people.
//!
//! # Format (version 1)
//! ```text
//! offset  size  field
//!      0     8  magic "DUELIOI1"
//!      8     7  the start board: the beads in pits 1..7, one byte each (both banks empty,
//!               player 1 to move)
//!     15     4  moves in the game (u32, little-endian)
//!     19     n  the moves, one byte each: the pit sown, 1..7
//! ```
//!
//! [`MoveRecord::parse`] checks everything before it answers: the header, the length, and that
//! every move is legal where it is played, so a record read from an untrusted file can be
//! replayed freely.
//!
//! ```
//! use duel_ioiwari::record::{encode, MoveRecord};
//! use duel_ioiwari::{Board, Pit};
//!
//! let start: Board = "4 3 2 4 2 3 2".parse()?;
//! let moves = [Pit::new(2)?, Pit::new(3)?];
//! let bytes = encode(start, &moves);
//! assert_eq!(bytes.len(), 19 + 2);
//! let record = MoveRecord::parse(&bytes)?;
//! assert_eq!((record.start(), record.moves()), (start, &moves[..]));
//! assert_eq!(record.last().banks.one, 3);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::{Board, BoardError, IllegalMove, Pit, Position, PITS};

/// The first eight bytes of every record.
pub const MAGIC: [u8; 8] = *b"DUELIOI1";

/// Bytes before the first move.
pub const HEADER: usize = MAGIC.len() + PITS + 4;

/// The record of `moves` played from the start of a game on `start`.
///
/// # Panics
/// When there are 2^32 moves or more (no Ioiwari game comes near: every move sows at least
/// one bead and a game holds a few dozen).
pub fn encode(start: Board, moves: &[Pit]) -> Vec<u8> {
    let count = u32::try_from(moves.len()).expect("fewer than 2^32 moves");
    let mut bytes = Vec::with_capacity(HEADER + moves.len());
    bytes.extend_from_slice(&MAGIC);
    bytes.extend_from_slice(&start.pits());
    bytes.extend_from_slice(&count.to_le_bytes());
    bytes.extend(moves.iter().map(|pit| pit.number()));
    bytes
}

/// A checked record: a start board and legal moves from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    start: Board,
    moves: Vec<Pit>,
    last: Position,
}

impl MoveRecord {
    /// Reads a record, checking its header, its length and every move's legality.
    pub fn parse(bytes: &[u8]) -> Result<MoveRecord, RecordError> {
        if bytes.len() < HEADER {
            return Err(RecordError::Short { bytes: bytes.len() });
        }
        if bytes[..MAGIC.len()] != MAGIC {
            return Err(RecordError::Magic);
        }
        let mut pits = [0u8; PITS];
        pits.copy_from_slice(&bytes[MAGIC.len()..MAGIC.len() + PITS]);
        let start = Board::new(pits).map_err(RecordError::Board)?;
        let mut count = [0u8; 4];
        count.copy_from_slice(&bytes[MAGIC.len() + PITS..HEADER]);
        let stated = u64::from(u32::from_le_bytes(count));
        let found = (bytes.len() - HEADER) as u64;
        if stated != found {
            return Err(RecordError::Length { stated, found });
        }
        let mut position = Position::start(start);
        let mut moves = Vec::with_capacity(bytes.len() - HEADER);
        for (index, &byte) in bytes[HEADER..].iter().enumerate() {
            let number = index as u64 + 1;
            let pit = Pit::new(byte).map_err(|_| RecordError::Pit { number, byte })?;
            position = position
                .play(pit)
                .map_err(|error| RecordError::Illegal { number, error })?;
            moves.push(pit);
        }
        Ok(MoveRecord {
            start,
            moves,
            last: position,
        })
    }

    /// The board the game started on.
    pub fn start(&self) -> Board {
        self.start
    }

    /// The moves, in order (player 1's first).
    pub fn moves(&self) -> &[Pit] {
        &self.moves
    }

    /// The position after the last move.
    pub fn last(&self) -> Position {
        self.last
    }
}

/// Why bytes are not a record.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordError {
    /// Fewer bytes than the header.
    #[error("not an Ioiwari move record: {bytes} bytes, fewer than its header")]
    Short {
        /// The record's length in bytes, below [`HEADER`].
        bytes: usize,
    },
    /// The first eight bytes are not [`MAGIC`].
    #[error("not an Ioiwari move record (it does not start with DUELIOI1)")]
    Magic,
    /// The start board is not a board.
    #[error("the record's start: {0}")]
    Board(BoardError),
    /// The header's move count is not the number of move bytes.
    #[error("the record says {stated} moves but holds {found}")]
    Length {
        /// The count in the header.
        stated: u64,
        /// The bytes after the header.
        found: u64,
    },
    /// A move byte is not a pit.
    #[error("move {number}: {byte} is not a pit 1..7")]
    Pit {
        /// The move's number, from 1.
        number: u64,
        /// The byte as found: not one of 1 to 7.
        byte: u8,
    },
    /// A move the rules forbid where it is played.
    #[error("move {number}: {error}")]
    Illegal {
        /// The move's number, from 1.
        number: u64,
        /// Why the rules forbid it there: the pit is empty on that move's board.
        error: IllegalMove,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Table;
    use proptest::prelude::*;

    /// A game played by the table's first best move on both sides, from `start`.
    fn best_game(start: Board) -> Vec<Pit> {
        let table = Table::solve();
        let mut position = Position::start(start);
        let mut moves = Vec::new();
        while !position.is_over() {
            let pit = table.first_best_move(position.board).unwrap();
            position = position.play(pit).unwrap();
            moves.push(pit);
        }
        moves
    }

    #[test]
    fn a_whole_game_round_trips_and_ends_where_playing_it_ends() {
        let start: Board = "4 3 2 4 2 3 2".parse().unwrap();
        let moves = best_game(start);
        let record = MoveRecord::parse(&encode(start, &moves)).unwrap();
        assert_eq!(record.moves(), &moves[..]);
        assert!(record.last().is_over());
        let banks = record.last().banks;
        assert_eq!(banks.one + banks.two, start.total_beads());
    }

    #[test]
    fn each_kind_of_damage_is_refused_with_its_own_error() {
        let start: Board = "4 3 2 4 2 3 2".parse().unwrap();
        let good = encode(start, &[Pit::new(2).unwrap(), Pit::new(3).unwrap()]);
        assert!(matches!(
            MoveRecord::parse(&good[..HEADER - 1]),
            Err(RecordError::Short { .. })
        ));
        let mut magic = good.clone();
        magic[0] = b'X';
        assert_eq!(MoveRecord::parse(&magic), Err(RecordError::Magic));
        let mut board = good.clone();
        board[8] = 6;
        assert!(matches!(
            MoveRecord::parse(&board),
            Err(RecordError::Board(_))
        ));
        assert_eq!(
            MoveRecord::parse(&good[..good.len() - 1]),
            Err(RecordError::Length {
                stated: 2,
                found: 1
            })
        );
        let mut pit = good.clone();
        pit[HEADER] = 8;
        assert_eq!(
            MoveRecord::parse(&pit),
            Err(RecordError::Pit { number: 1, byte: 8 })
        );
        // After 2, pit 2 is empty.
        let mut empty = good.clone();
        empty[HEADER + 1] = 2;
        assert!(matches!(
            MoveRecord::parse(&empty),
            Err(RecordError::Illegal { number: 2, .. })
        ));
    }

    proptest! {
        /// Any bytes are answered, never a panic; whatever parses re-encodes to the same bytes.
        #[test]
        fn hostile_bytes_are_answered_and_a_parse_is_exact(
            bytes in prop_oneof![
                proptest::collection::vec(any::<u8>(), 0..64),
                proptest::collection::vec(0u8..8, 0..40).prop_map(|tail| {
                    let mut bytes = encode("4 3 2 4 2 3 2".parse().unwrap(), &[]);
                    bytes[15..19].copy_from_slice(&(tail.len() as u32).to_le_bytes());
                    bytes.extend(tail);
                    bytes
                }),
            ]
        ) {
            if let Ok(record) = MoveRecord::parse(&bytes) {
                prop_assert_eq!(encode(record.start(), record.moves()), bytes);
            }
        }
    }
}
