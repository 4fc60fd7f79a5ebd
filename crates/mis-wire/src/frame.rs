//! The host's output: binary frames, most of them batches of compactly encoded moves.
//!
//! Every frame is a tag byte, a payload length (`u16`, little endian, at most
//! [`MAX_PAYLOAD`]) and the payload:
//!
//! ```text
//! H  "mis-host" VERSION rss:u64   header: the protocol and the host's resident kB before loading
//! R                               the module is loaded and both symbols were found
//! E  <message>                    ... or why not (and nothing follows)
//! M  <move> <move> ...            moves, Bolek's and Lolek's alternately, from Bolek's first
//! C  <move> <move> ...            the moves of a dying host (see the host's crate); may be garbled
//! Z                               the host stopped: the pool is empty or Bolek's move was illegal
//! ```
//!
//! A move is one varint `v` (LEB128, at most 5 bytes): `v & 3` says what it takes and `v >> 2`
//! how many: 0 poohsticks only, 1 eeyoresticks only, 2 as many of each; 3 (with `v >> 2 = 0`)
//! is a raw pair, two zig-zag varints, for anything else (nothing, unequal amounts, negative
//! numbers). A legal move of up to 31 sticks is one byte. Bolek's numbers are exactly what
//! `ruch_bolka` stored, even when illegal or negative.
//!
//! Nothing here is trusted: the module shares the host's process and could write anything,
//! so the judge replays every move, and [`FrameReader`] decodes whatever bytes come in a
//! buffer of fixed size ([`READ_BUFFER_BYTES`]); no length it reads makes it allocate.

use duel_mis::varint;

/// The protocol's version, in the header.
pub const VERSION: u8 = 2;

/// The header's payload starts with these bytes.
pub const MAGIC: &[u8; 8] = b"mis-host";

/// The largest payload of a frame.
pub const MAX_PAYLOAD: usize = 16 << 10;

/// A frame's tag and length.
pub const FRAME_HEAD_BYTES: usize = 3;

/// The most bytes one move takes: a raw pair, its tag byte and two zig-zag varints of up to 5
/// bytes each.
pub const MAX_MOVE_BYTES: usize = 11;

/// The judge's buffer for the host's output: room for two whole frames, so that a frame
/// started at any point still fits after the buffer is compacted.
pub const READ_BUFFER_BYTES: usize = 4 * (FRAME_HEAD_BYTES + MAX_PAYLOAD);

/// Tag of the header frame.
pub const TAG_HEADER: u8 = b'H';
/// Tag of the frame saying the module is loaded.
pub const TAG_READY: u8 = b'R';
/// Tag of the frame saying why the module did not load.
pub const TAG_ERROR: u8 = b'E';
/// Tag of a batch of moves.
pub const TAG_MOVES: u8 = b'M';
/// Tag of the last moves of a dying host.
pub const TAG_LAST_MOVES: u8 = b'C';
/// Tag of the host's last frame.
pub const TAG_END: u8 = b'Z';

/// The header frame, with the host's resident memory (kB) before it loaded the module.
pub fn header(baseline_rss_kb: u64) -> Vec<u8> {
    let mut payload = MAGIC.to_vec();
    payload.push(VERSION);
    payload.extend_from_slice(&baseline_rss_kb.to_le_bytes());
    frame(TAG_HEADER, &payload)
}

/// A whole frame: `tag`, and `payload` cut to [`MAX_PAYLOAD`] bytes.
pub fn frame(tag: u8, payload: &[u8]) -> Vec<u8> {
    let payload = &payload[..payload.len().min(MAX_PAYLOAD)];
    let mut bytes = Vec::with_capacity(FRAME_HEAD_BYTES + payload.len());
    bytes.push(tag);
    bytes.extend_from_slice(&(payload.len() as u16).to_le_bytes());
    bytes.extend_from_slice(payload);
    bytes
}

/// Writes one move at the start of `out` (at least [`MAX_MOVE_BYTES`] long); returns its
/// length.
///
/// ```
/// use duel_mis_wire::frame::{decode_move, encode_move, MAX_MOVE_BYTES};
/// let mut bytes = [0u8; MAX_MOVE_BYTES];
/// assert_eq!(encode_move(&mut bytes, 1, 0), 1);
/// assert_eq!(decode_move(&bytes), Ok(Some(((1, 0), 1))));
/// let n = encode_move(&mut bytes, -7, 3);
/// assert_eq!(decode_move(&bytes[..n]), Ok(Some(((-7, 3), n))));
/// ```
#[inline]
pub fn encode_move(out: &mut [u8], take_p: i32, take_e: i32) -> usize {
    let (kind, amount) = match (take_p, take_e) {
        (p, 0) if p > 0 => (0, p as u64),
        (0, e) if e > 0 => (1, e as u64),
        (p, e) if p > 0 && p == e => (2, p as u64),
        _ => {
            out[0] = 3;
            let n = varint::encode(&mut out[1..], u64::from(zigzag(take_p)));
            return 1 + n + varint::encode(&mut out[1 + n..], u64::from(zigzag(take_e)));
        }
    };
    varint::encode(out, (amount << 2) | kind)
}

fn zigzag(n: i32) -> u32 {
    ((n << 1) ^ (n >> 31)) as u32
}

fn unzigzag(n: u64) -> i64 {
    ((n >> 1) as i64) ^ -((n & 1) as i64)
}

/// A varint at the start of `bytes` and its length; `None` when `bytes` ends inside it.
#[inline]
fn get_varint(bytes: &[u8]) -> Result<Option<(u64, usize)>, FrameError> {
    varint::decode(bytes, varint::MAX_U32_BYTES)
        .map_err(|varint::TooLong| FrameError::new("a number longer than 5 bytes"))
}

/// A decoded move, `(take_p, take_e)` as sent, and how many bytes it took.
pub type Decoded = ((i64, i64), usize);

/// The move at the start of `bytes` and its length; `None` when `bytes` ends inside it.
#[inline]
pub fn decode_move(bytes: &[u8]) -> Result<Option<Decoded>, FrameError> {
    // The common case: a legal move of a few sticks, one byte.
    if let Some(&byte) = bytes.first() {
        if byte < 0x80 && byte & 3 != 3 {
            let amount = i64::from(byte >> 2);
            let taken = match byte & 3 {
                0 => (amount, 0),
                1 => (0, amount),
                _ => (amount, amount),
            };
            return Ok(Some((taken, 1)));
        }
    }
    let Some((value, mut used)) = get_varint(bytes)? else {
        return Ok(None);
    };
    let amount = (value >> 2) as i64;
    let taken = match value & 3 {
        0 => (amount, 0),
        1 => (0, amount),
        2 => (amount, amount),
        _ if value != 3 => return Err(FrameError::new("a raw move with an amount")),
        _ => {
            let Some((p, n)) = get_varint(&bytes[used..])? else {
                return Ok(None);
            };
            used += n;
            let Some((e, n)) = get_varint(&bytes[used..])? else {
                return Ok(None);
            };
            used += n;
            (unzigzag(p), unzigzag(e))
        }
    };
    Ok(Some((taken, used)))
}

/// Why some bytes are not a well-formed frame (a short text for a reason).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct FrameError(String);

impl FrameError {
    fn new(what: impl Into<String>) -> FrameError {
        FrameError(what.into())
    }
}

/// One decoded frame, borrowing its payload from the [`FrameReader`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Frame<'a> {
    /// The header, with the host's resident memory (kB) before it loaded the module.
    Header {
        /// The host's resident memory in kB, measured before it loaded the module.
        baseline_rss_kb: u64,
    },
    /// The module is loaded and both of its symbols were found (`R`).
    Ready,
    /// The module could not be loaded: the host's (untrusted) words.
    Error(&'a [u8]),
    /// The game's next moves (`M`), Bolek's and Lolek's alternately.
    Moves(Moves<'a>),
    /// The last moves of a dying host (`C`); they may be garbled.
    LastMoves(Moves<'a>),
    /// The host stopped (`Z`): its game is over (the pool is empty or Bolek's move was
    /// illegal), or it was asked to play none.
    End,
}

/// The moves of a batch, decoded one by one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Moves<'a> {
    bytes: &'a [u8],
}

impl<'a> Moves<'a> {
    /// The bytes of the moves not decoded yet (the whole payload before the first move).
    pub fn as_bytes(&self) -> &'a [u8] {
        self.bytes
    }
}

impl Iterator for Moves<'_> {
    type Item = Result<(i64, i64), FrameError>;

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        if self.bytes.is_empty() {
            return None;
        }
        match decode_move(self.bytes) {
            Ok(Some((taken, used))) => {
                self.bytes = &self.bytes[used..];
                Some(Ok(taken))
            }
            Ok(None) => {
                self.bytes = &[];
                Some(Err(FrameError::new("a move cut by the end of its batch")))
            }
            Err(error) => {
                self.bytes = &[];
                Some(Err(error))
            }
        }
    }
}

/// Cuts the host's output into frames, in a buffer of [`READ_BUFFER_BYTES`] whatever comes.
///
/// ```
/// use duel_mis_wire::frame::{self, Frame, FrameReader, TAG_END, TAG_READY};
/// let mut bytes = frame::header(1840);
/// bytes.extend(frame::frame(TAG_READY, b""));
/// bytes.extend(frame::frame(TAG_END, b""));
/// let mut reader = FrameReader::new();
/// let space = reader.space();
/// space[..bytes.len()].copy_from_slice(&bytes);
/// reader.filled(bytes.len());
/// assert_eq!(reader.next_frame(), Ok(Some(Frame::Header { baseline_rss_kb: 1840 })));
/// assert_eq!(reader.next_frame(), Ok(Some(Frame::Ready)));
/// assert_eq!(reader.next_frame(), Ok(Some(Frame::End)));
/// assert_eq!(reader.next_frame(), Ok(None)); // nothing more yet
/// ```
pub struct FrameReader {
    buffer: Box<[u8]>,
    start: usize,
    end: usize,
}

impl Default for FrameReader {
    fn default() -> FrameReader {
        FrameReader::new()
    }
}

impl FrameReader {
    /// An empty reader, with its buffer of [`READ_BUFFER_BYTES`] allocated once.
    pub fn new() -> FrameReader {
        FrameReader {
            buffer: vec![0; READ_BUFFER_BYTES].into_boxed_slice(),
            start: 0,
            end: 0,
        }
    }

    /// Where to read more bytes (never empty once every whole frame was taken, which leaves
    /// less than one frame's bytes): the free end of the buffer, after moving the
    /// unread bytes to its start when they are few enough.
    pub fn space(&mut self) -> &mut [u8] {
        if self.start > 0 && self.buffer.len() - self.end < FRAME_HEAD_BYTES + MAX_PAYLOAD {
            self.buffer.copy_within(self.start..self.end, 0);
            self.end -= self.start;
            self.start = 0;
        }
        &mut self.buffer[self.end..]
    }

    /// `n` bytes were read into [`space`](Self::space).
    pub fn filled(&mut self, n: usize) {
        self.end = (self.end + n).min(self.buffer.len());
    }

    /// Forgets every byte received and not yet taken.
    pub fn clear(&mut self) {
        self.start = 0;
        self.end = 0;
    }

    /// Bytes received but not yet taken as frames.
    pub fn pending(&self) -> &[u8] {
        &self.buffer[self.start..self.end]
    }

    /// The next whole frame, `None` until its last byte has arrived, or why the bytes are no
    /// frame.
    pub fn next_frame(&mut self) -> Result<Option<Frame<'_>>, FrameError> {
        let pending = &self.buffer[self.start..self.end];
        let [tag, low, high, ..] = *pending else {
            return Ok(None);
        };
        let len = usize::from(u16::from_le_bytes([low, high]));
        if len > MAX_PAYLOAD {
            return Err(FrameError::new(format!(
                "a frame of {len} bytes, over the {MAX_PAYLOAD} allowed"
            )));
        }
        if !matches!(
            tag,
            TAG_HEADER | TAG_READY | TAG_ERROR | TAG_MOVES | TAG_LAST_MOVES | TAG_END
        ) {
            return Err(FrameError::new(format!("an unknown frame tag {tag:#04x}")));
        }
        if pending.len() < FRAME_HEAD_BYTES + len {
            return Ok(None);
        }
        let begin = self.start + FRAME_HEAD_BYTES;
        self.start = begin + len;
        let payload = &self.buffer[begin..begin + len];
        Ok(Some(match tag {
            TAG_HEADER => {
                let version = MAGIC.len();
                if payload.len() != MAGIC.len() + 9 || !payload.starts_with(MAGIC) {
                    return Err(FrameError::new("a malformed header"));
                }
                if payload[version] != VERSION {
                    return Err(FrameError::new(format!(
                        "protocol version {}, not {VERSION}",
                        payload[version]
                    )));
                }
                let mut kb = [0u8; 8];
                kb.copy_from_slice(&payload[version + 1..]);
                Frame::Header {
                    baseline_rss_kb: u64::from_le_bytes(kb),
                }
            }
            TAG_READY if len == 0 => Frame::Ready,
            TAG_END if len == 0 => Frame::End,
            TAG_ERROR => Frame::Error(payload),
            TAG_MOVES => Frame::Moves(Moves { bytes: payload }),
            TAG_LAST_MOVES => Frame::LastMoves(Moves { bytes: payload }),
            _ => return Err(FrameError::new("a frame with an unexpected payload")),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn encoded(moves: &[(i32, i32)]) -> Vec<u8> {
        let mut payload = Vec::new();
        let mut one = [0u8; MAX_MOVE_BYTES];
        for &(p, e) in moves {
            let n = encode_move(&mut one, p, e);
            payload.extend_from_slice(&one[..n]);
        }
        payload
    }

    #[test]
    fn small_legal_moves_take_one_byte_and_others_come_back_exactly() {
        let moves = [
            (1, 0),
            (0, 31),
            (5, 5),
            (0, 0),
            (3, 2),
            (-7, 0),
            (i32::MIN, i32::MAX),
            (i32::MAX, i32::MAX),
            (1_000_000, 0),
        ];
        let payload = encoded(&moves);
        assert_eq!(payload[..3], [0b100, 0b1111101, 0b10110]);
        let decoded: Vec<_> = Moves { bytes: &payload }.map(Result::unwrap).collect();
        let expected: Vec<_> = moves
            .iter()
            .map(|&(p, e)| (i64::from(p), i64::from(e)))
            .collect();
        assert_eq!(decoded, expected);
    }

    #[test]
    fn garbage_is_rejected() {
        let mut reader = FrameReader::new();
        let bytes = b"error cannot load module\n";
        reader.space()[..bytes.len()].copy_from_slice(bytes);
        reader.filled(bytes.len());
        assert!(reader.next_frame().is_err());

        let mut long = vec![TAG_MOVES];
        long.extend_from_slice(&u16::MAX.to_le_bytes());
        let mut reader = FrameReader::new();
        reader.space()[..3].copy_from_slice(&long);
        reader.filled(3);
        assert!(reader.next_frame().is_err(), "too long a frame");

        let cut = [0x80u8, 0x80];
        assert!(Moves { bytes: &cut }.next().unwrap().is_err());
        let too_long = [0xffu8; 6];
        assert!(decode_move(&too_long).is_err());
        assert!(decode_move(&[7]).is_err(), "a raw move with an amount");
    }

    /// Feeds `bytes` to a reader in chunks of the given sizes and takes every frame and move;
    /// returns the moves of the batches, or where it stopped.
    fn drain(bytes: &[u8], chunks: &[usize]) -> (Vec<(i64, i64)>, bool) {
        let mut reader = FrameReader::new();
        let mut moves = Vec::new();
        let mut at = 0;
        let mut sizes = chunks.iter().cycle();
        while at < bytes.len() {
            let space = reader.space();
            assert!(!space.is_empty());
            let n = (*sizes.next().unwrap())
                .min(space.len())
                .min(bytes.len() - at);
            space[..n].copy_from_slice(&bytes[at..at + n]);
            reader.filled(n);
            at += n;
            loop {
                match reader.next_frame() {
                    Ok(Some(Frame::Moves(batch) | Frame::LastMoves(batch))) => {
                        for taken in batch {
                            match taken {
                                Ok(taken) => moves.push(taken),
                                Err(_) => return (moves, false),
                            }
                        }
                    }
                    Ok(Some(_)) => {}
                    Ok(None) => break,
                    Err(_) => return (moves, false),
                }
            }
            assert!(reader.pending().len() < FRAME_HEAD_BYTES + MAX_PAYLOAD);
        }
        (moves, true)
    }

    proptest! {
        #[test]
        fn any_bytes_decode_without_panic_in_bounded_memory(
            bytes in proptest::collection::vec(any::<u8>(), 0..4096),
            chunks in proptest::collection::vec(1usize..300, 1..8),
        ) {
            let (moves, _) = drain(&bytes, &chunks);
            // Every move takes at least one byte: no more moves than bytes.
            prop_assert!(moves.len() <= bytes.len());
        }

        #[test]
        fn batches_of_any_moves_come_back_whatever_the_reads(
            moves in proptest::collection::vec((any::<i32>(), any::<i32>()), 0..3000),
            chunks in proptest::collection::vec(1usize..70_000, 1..8),
        ) {
            let mut bytes = header(7);
            for batch in moves.chunks(MAX_PAYLOAD / MAX_MOVE_BYTES) {
                bytes.extend(frame(TAG_MOVES, &encoded(batch)));
            }
            bytes.extend(frame(TAG_END, b""));
            let (decoded, whole) = drain(&bytes, &chunks);
            prop_assert!(whole);
            let expected: Vec<_> = moves.iter().map(|&(p, e)| (i64::from(p), i64::from(e))).collect();
            prop_assert_eq!(decoded, expected);
        }
    }
}
