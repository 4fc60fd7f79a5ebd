//! The compact record of every move of a game (what the judge's `--logs` keeps beside the text
//! log of a long game, `test-NN.moves`), read back a window at a time.
//!
//! # Format (version 1, all integers little-endian)
//! ```text
//! offset  size  field
//!      0     8  magic "DUELMIS1"
//!      8    12  the start: p, e, B (u32 each)
//!     20     8  moves in the game (u64)
//!     28     4  moves per chunk, K = 4096 (u32)
//!     32  16·C  the index, one entry per chunk (C = ceil(moves / K)): the chunk's offset in
//!               the file (u64), then the pool p, e before its first move (u32 each)
//!      …        the chunks, in order, each up to the next one's offset (the last to the end)
//! ```
//! A chunk holds its moves (K of them, fewer in the last) as 2-bit symbols, four to a byte,
//! lowest bits first: `0` one poohstick, `1` one eeyorestick, `2` one of each, `3` another
//! move, whose two counts follow the symbol bytes as LEB128 numbers, in the order of the
//! symbols. A game of one stick at a time costs a quarter of a byte a move; any game at most
//! `moves / 4 + sticks + 16 · C + 32` bytes (every other move takes at least two sticks and is
//! written in at most one byte per stick it takes), so a 2·10^7-stick game stays under 26 MB.
//!
//! [`MoveRecord::parse`] checks everything before it answers: the header, every index entry
//! and every move's legality, so a record read from an untrusted file can be replayed freely.
//!
//! ```
//! use duel_mis::record::{MoveRecord, RecordWriter};
//! use duel_mis::{Move, Position};
//!
//! let start = Position::new(7, 2, 3)?;
//! let mut writer = RecordWriter::new(start);
//! for mv in [Move::both(1), Move::pooh(3), Move::eeyore(1), Move::pooh(3)] {
//!     writer.push(mv);
//! }
//! let record = MoveRecord::parse(writer.finish())?;
//! assert_eq!(record.len(), 4);
//! assert_eq!(record.position(2).to_string(), "3 1 3");
//! assert_eq!(record.moves(1, 2), [Move::pooh(3), Move::eeyore(1)]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::{Move, Position};

/// The first eight bytes of a record.
pub const MAGIC: [u8; 8] = *b"DUELMIS1";

/// Moves per chunk; the index keeps the pool before each chunk.
pub const CHUNK: u64 = 4096;

const HEADER: usize = 32;
const ENTRY: usize = 16;
const OTHER: u8 = 3;

/// Why bytes are not a record of a legal game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a move record: {0}")]
pub struct RecordError(String);

fn error(message: impl Into<String>) -> RecordError {
    RecordError(message.into())
}

/// Builds the record of a game as its moves arrive.
#[derive(Clone, Debug)]
pub struct RecordWriter {
    start: Position,
    moves: u64,
    pool: (u32, u32),
    index: Vec<(u64, u32, u32)>,
    data: Vec<u8>,
    symbols: Vec<u8>,
    extras: Vec<u8>,
}

impl RecordWriter {
    /// A record of the game from `start`, no move yet.
    pub fn new(start: Position) -> RecordWriter {
        RecordWriter {
            start,
            moves: 0,
            pool: (start.p(), start.e()),
            index: Vec::new(),
            data: Vec::new(),
            symbols: Vec::new(),
            extras: Vec::new(),
        }
    }

    /// Moves recorded so far.
    pub fn len(&self) -> u64 {
        self.moves
    }

    /// Whether no move was recorded.
    pub fn is_empty(&self) -> bool {
        self.moves == 0
    }

    /// Records the next move, which the caller has checked to be legal.
    pub fn push(&mut self, mv: Move) {
        let within = self.moves % CHUNK;
        if within == 0 {
            self.close_chunk();
            self.index
                .push((self.data.len() as u64, self.pool.0, self.pool.1));
        }
        let symbol = match (mv.take_p, mv.take_e) {
            (1, 0) => 0,
            (0, 1) => 1,
            (1, 1) => 2,
            (take_p, take_e) => {
                crate::varint::push(&mut self.extras, u64::from(take_p));
                crate::varint::push(&mut self.extras, u64::from(take_e));
                OTHER
            }
        };
        let shift = 2 * (within % 4);
        if shift == 0 {
            self.symbols.push(symbol);
        } else if let Some(last) = self.symbols.last_mut() {
            *last |= symbol << shift;
        }
        self.pool = (
            self.pool.0.saturating_sub(mv.take_p),
            self.pool.1.saturating_sub(mv.take_e),
        );
        self.moves += 1;
    }

    fn close_chunk(&mut self) {
        self.data.append(&mut self.symbols);
        self.data.append(&mut self.extras);
    }

    /// Ends the record and returns its bytes: the header (magic, start, move count, chunk size),
    /// the chunk index, then the chunks; [`MoveRecord::parse`] reads them back.
    pub fn finish(mut self) -> Vec<u8> {
        self.close_chunk();
        let table = HEADER + ENTRY * self.index.len();
        let mut bytes = Vec::with_capacity(table + self.data.len());
        bytes.extend_from_slice(&MAGIC);
        for word in [self.start.p(), self.start.e(), self.start.bound()] {
            bytes.extend_from_slice(&word.to_le_bytes());
        }
        bytes.extend_from_slice(&self.moves.to_le_bytes());
        bytes.extend_from_slice(&(CHUNK as u32).to_le_bytes());
        for (offset, p, e) in &self.index {
            bytes.extend_from_slice(&(offset + table as u64).to_le_bytes());
            bytes.extend_from_slice(&p.to_le_bytes());
            bytes.extend_from_slice(&e.to_le_bytes());
        }
        bytes.append(&mut self.data);
        bytes
    }
}

/// A checked record: any position and any run of moves, decoded from the nearest chunk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    bytes: Vec<u8>,
    start: Position,
    moves: u64,
    /// Per chunk: where its bytes start and end, and the position before its first move.
    chunks: Vec<(usize, usize, Position)>,
}

impl MoveRecord {
    /// Reads and checks a record: the header, the index, and that every move is legal from
    /// the start (the start itself within [`Position::in_play`]'s limits).
    pub fn parse(bytes: Vec<u8>) -> Result<MoveRecord, RecordError> {
        if bytes.len() < HEADER || bytes[..8] != MAGIC {
            return Err(error("it does not start with DUELMIS1"));
        }
        let word = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
        let long = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"));
        let start = Position::in_play(word(8).into(), word(12).into(), word(16).into())
            .map_err(|why| error(format!("the start: {why}")))?;
        let moves = long(20);
        if u64::from(word(28)) != CHUNK {
            return Err(error(format!("{} moves a chunk, not {CHUNK}", word(28))));
        }
        if moves > u64::from(start.p()) + u64::from(start.e()) {
            return Err(error(format!("{moves} moves from {start}: too many")));
        }
        let count = moves.div_ceil(CHUNK) as usize;
        let table = HEADER + ENTRY * count;
        if bytes.len() < table {
            return Err(error("the index is cut short"));
        }
        let mut chunks = Vec::with_capacity(count);
        let mut position = start;
        for chunk in 0..count {
            let at = HEADER + ENTRY * chunk;
            let begin = long(at);
            let end = if chunk + 1 < count {
                long(at + ENTRY)
            } else {
                bytes.len() as u64
            };
            let n = (moves - chunk as u64 * CHUNK).min(CHUNK);
            if begin < table as u64 || begin > end || end > bytes.len() as u64 {
                return Err(error(format!("chunk {chunk} lies outside the file")));
            }
            let (begin, end) = (begin as usize, end as usize);
            if (word(at + 8), word(at + 12)) != (position.p(), position.e()) {
                return Err(error(format!(
                    "chunk {chunk} says the pool is p={} e={}, the moves left p={} e={}",
                    word(at + 8),
                    word(at + 12),
                    position.p(),
                    position.e()
                )));
            }
            let first = chunk as u64 * CHUNK;
            chunks.push((begin, end, position));
            let decoded = decode(&bytes[begin..end], n, |k, mv| {
                position = position.play(mv).map_err(|why| {
                    error(format!("move {} ({mv}) is not legal: {why}", first + k + 1))
                })?;
                Ok(())
            })?;
            if decoded != end - begin {
                return Err(error(format!("chunk {chunk} has bytes after its moves")));
            }
        }
        Ok(MoveRecord {
            bytes,
            start,
            moves,
            chunks,
        })
    }

    /// The start position, from the record's header.
    pub fn start(&self) -> Position {
        self.start
    }

    /// Moves in the game.
    pub fn len(&self) -> u64 {
        self.moves
    }

    /// Whether no move was played.
    pub fn is_empty(&self) -> bool {
        self.moves == 0
    }

    /// The record's bytes, as given to [`MoveRecord::parse`].
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The position after `number` moves (clamped to the game's length).
    pub fn position(&self, number: u64) -> Position {
        let number = number.min(self.moves);
        let Some(last) = self.chunks.len().checked_sub(1) else {
            return self.start;
        };
        let chunk = ((number / CHUNK) as usize).min(last);
        let mut position = self.chunks[chunk].2;
        self.each(chunk as u64 * CHUNK, number, |_, mv| {
            position = position.play(mv).expect("checked by parse");
        });
        position
    }

    /// Moves `from..from + count` (0 is the first move), as many as the game has.
    pub fn moves(&self, from: u64, count: u64) -> Vec<Move> {
        let end = from.saturating_add(count).min(self.moves);
        let mut out = Vec::with_capacity(end.saturating_sub(from) as usize);
        self.each(from, end, |_, mv| out.push(mv));
        out
    }

    /// Calls `visit(k, move)` for moves `from..end` (0-based), in order.
    pub fn each(&self, from: u64, end: u64, mut visit: impl FnMut(u64, Move)) {
        let end = end.min(self.moves);
        let mut chunk = from / CHUNK;
        while chunk * CHUNK < end {
            let (begin, stop, _) = self.chunks[chunk as usize];
            let first = chunk * CHUNK;
            let n = (self.moves - first).min(CHUNK);
            let _ = decode(&self.bytes[begin..stop], n, |k, mv| {
                let number = first + k;
                if (from..end).contains(&number) {
                    visit(number, mv);
                }
                Ok(())
            });
            chunk += 1;
        }
    }
}

/// Decodes `n` moves from a chunk's bytes, calling `visit(k, move)`; the bytes used.
fn decode(
    bytes: &[u8],
    n: u64,
    mut visit: impl FnMut(u64, Move) -> Result<(), RecordError>,
) -> Result<usize, RecordError> {
    let symbol_bytes = n.div_ceil(4) as usize;
    if bytes.len() < symbol_bytes {
        return Err(error("a chunk is cut short"));
    }
    let mut extras = symbol_bytes;
    for k in 0..n {
        let symbol = (bytes[(k / 4) as usize] >> (2 * (k % 4))) & 3;
        let mv = match symbol {
            0 => Move::pooh(1),
            1 => Move::eeyore(1),
            2 => Move::both(1),
            _ => {
                let take_p = read_leb128(bytes, &mut extras)?;
                let take_e = read_leb128(bytes, &mut extras)?;
                Move::new(take_p, take_e)
            }
        };
        visit(k, mv)?;
    }
    Ok(extras)
}

fn read_leb128(bytes: &[u8], at: &mut usize) -> Result<u32, RecordError> {
    let rest = bytes.get(*at..).unwrap_or_default();
    match crate::varint::decode(rest, crate::varint::MAX_U32_BYTES) {
        Ok(Some((value, length))) => {
            *at += length;
            u32::try_from(value).map_err(|_| error("a count is too large"))
        }
        Ok(None) => Err(error("a move is cut short")),
        Err(crate::varint::TooLong) => Err(error("a count is too long")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{lolek, LolekKind};

    /// A whole game between two Loleks, and the positions after each move.
    fn game(start: Position, seed: u64) -> (Vec<Move>, Vec<Position>) {
        let mut players = [
            lolek(LolekKind::Random { seed }),
            lolek(LolekKind::Adversarial),
        ];
        let (mut moves, mut after, mut at) = (Vec::new(), vec![start], start);
        while !at.is_over() {
            let mv = players[moves.len() % 2].choose(&at);
            at = at.play(mv).unwrap();
            moves.push(mv);
            after.push(at);
        }
        (moves, after)
    }

    #[test]
    fn every_position_and_window_agrees_with_a_straight_replay() {
        for (start, seed) in [
            (Position::new(7, 2, 3).unwrap(), 1),
            (Position::new(9000, 8191, 1).unwrap(), 2),
            (Position::new(20_000, 3, 7).unwrap(), 3),
            (Position::in_play(0, 0, 1).unwrap(), 4),
        ] {
            let (moves, after) = game(start, seed);
            let mut writer = RecordWriter::new(start);
            moves.iter().for_each(|&mv| writer.push(mv));
            let record = MoveRecord::parse(writer.finish()).unwrap();
            assert_eq!(record.len(), moves.len() as u64);
            for (k, expected) in after.iter().enumerate() {
                assert_eq!(record.position(k as u64), *expected, "after {k} moves");
            }
            let n = moves.len() as u64;
            for from in [0, 1, 4095, 4096, 4097, n / 2, n.saturating_sub(3), n, n + 5] {
                let got = record.moves(from, 600);
                let want = &moves[(from.min(n) as usize)..((from + 600).min(n) as usize)];
                assert_eq!(got, want, "moves from {from}");
            }
        }
    }

    #[test]
    fn one_stick_at_a_time_costs_a_quarter_byte_a_move() {
        let start = Position::new(100_000, 1, 1).unwrap();
        let mut writer = RecordWriter::new(start);
        (0..100_000).for_each(|_| writer.push(Move::pooh(1)));
        writer.push(Move::eeyore(1));
        let bytes = writer.finish();
        assert!(
            bytes.len() < 100_001 / 4 + 16 * 25 + 40,
            "{} bytes",
            bytes.len()
        );
    }

    #[test]
    fn a_record_of_an_illegal_game_is_refused() {
        let start = Position::new(3, 3, 2).unwrap();
        let mut writer = RecordWriter::new(start);
        writer.push(Move::pooh(3)); // more than B
        let why = MoveRecord::parse(writer.finish()).unwrap_err().to_string();
        assert!(why.contains("move 1"), "{why}");
    }

    #[test]
    fn cut_or_altered_records_are_refused() {
        let start = Position::new(9000, 9000, 5).unwrap();
        let (moves, _) = game(start, 7);
        let mut writer = RecordWriter::new(start);
        moves.iter().for_each(|&mv| writer.push(mv));
        let bytes = writer.finish();
        assert!(MoveRecord::parse(bytes.clone()).is_ok());
        for cut in [0, 7, 31, 40, bytes.len() / 2, bytes.len() - 1] {
            assert!(
                MoveRecord::parse(bytes[..cut].to_vec()).is_err(),
                "cut at {cut}"
            );
        }
        for at in [8, 20, 28, 32, 40, 44] {
            let mut altered = bytes.clone();
            altered[at] ^= 0x40;
            assert!(MoveRecord::parse(altered).is_err(), "byte {at} altered");
        }
        let mut longer = bytes;
        longer.push(0);
        assert!(MoveRecord::parse(longer).is_err(), "a byte after the moves");
    }
}
