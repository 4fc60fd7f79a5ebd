//! The module host's frames (`duel_mis_wire::frame`): any bytes, read in chunks of any size.
//!
//! Beyond not panicking: the reader keeps a bounded buffer whatever comes; every frame it
//! returns is exactly the bytes it consumed (a header re-encodes to them, a batch's moves
//! re-encode to a batch that decodes to the same moves); chunking never changes what is
//! decoded; and `decode_move` answers "cut short" for every proper prefix of a move.

// stable tests: -p duel-mis-wire --lib frame

#![no_main]

use duel_mis::varint::MAX_U32_BYTES;
use duel_mis_wire::frame::{
    self, decode_move, encode_move, Frame, FrameReader, FRAME_HEAD_BYTES, MAX_MOVE_BYTES,
    MAX_PAYLOAD, TAG_END, TAG_ERROR, TAG_LAST_MOVES, TAG_MOVES, TAG_READY,
};
use libfuzzer_sys::fuzz_target;

/// The longest move the decoder reads: a raw move's three varints, each padded to the most
/// bytes allowed (the encoder never pads: it writes at most `MAX_MOVE_BYTES`).
const LONGEST_READ: usize = 3 * MAX_U32_BYTES;

fuzz_target!(|data: &[u8]| {
    let Some((&first, bytes)) = data.split_first() else {
        return;
    };
    for at in 0..bytes.len().min(64) {
        check_move(&bytes[at..bytes.len().min(at + 2 * LONGEST_READ)]);
    }
    let chunk = 1 + usize::from(first) * usize::from(first);
    let chunked = drain(bytes, chunk);
    let whole = drain(bytes, usize::MAX);
    assert_eq!(chunked, whole, "reads of {chunk} bytes decode differently");
});

/// What a stream decodes to: its frames (as re-encoded), and the first error.
#[derive(Debug, PartialEq)]
struct Decoded {
    frames: Vec<Vec<u8>>,
    error: Option<String>,
}

fn drain(bytes: &[u8], chunk: usize) -> Decoded {
    let mut reader = FrameReader::new();
    let mut decoded = Decoded {
        frames: Vec::new(),
        error: None,
    };
    let mut at = 0;
    while at < bytes.len() {
        let space = reader.space();
        assert!(
            !space.is_empty(),
            "no room after every whole frame was taken"
        );
        let n = chunk.min(space.len()).min(bytes.len() - at);
        space[..n].copy_from_slice(&bytes[at..at + n]);
        reader.filled(n);
        at += n;
        loop {
            let before = reader.pending().to_vec();
            let encoded = match reader.next_frame() {
                Ok(Some(frame)) => reencode(frame),
                Ok(None) => break,
                Err(error) => {
                    decoded.error = Some(error.to_string());
                    return decoded;
                }
            };
            let used = before.len() - reader.pending().len();
            assert!((FRAME_HEAD_BYTES..=FRAME_HEAD_BYTES + MAX_PAYLOAD).contains(&used));
            assert_eq!(encoded, before[..used], "a frame re-encodes to other bytes");
            decoded.frames.push(encoded);
        }
        assert!(
            reader.pending().len() < FRAME_HEAD_BYTES + MAX_PAYLOAD,
            "{} bytes pending after every whole frame was taken",
            reader.pending().len()
        );
    }
    decoded
}

/// The frame's bytes, rebuilt from what was decoded.
fn reencode(frame: Frame<'_>) -> Vec<u8> {
    match frame {
        Frame::Header { baseline_rss_kb } => frame::header(baseline_rss_kb),
        Frame::Ready => frame::frame(TAG_READY, b""),
        Frame::End => frame::frame(TAG_END, b""),
        Frame::Error(words) => frame::frame(TAG_ERROR, words),
        Frame::Moves(moves) => batch(TAG_MOVES, moves),
        Frame::LastMoves(moves) => batch(TAG_LAST_MOVES, moves),
    }
}

/// A batch's bytes. Its moves are those `decode_move` finds one after another in its payload,
/// ending at the payload's end or at the first bad move; encoded afresh, they decode to the
/// same moves.
fn batch(tag: u8, moves: frame::Moves<'_>) -> Vec<u8> {
    let taken: Vec<_> = moves.clone().collect();
    let payload = moves.as_bytes().to_vec();
    assert!(taken.len() <= payload.len(), "more moves than bytes");
    let mut rest = &payload[..];
    for result in &taken {
        match (result, decode_move(rest)) {
            (Ok(mv), Ok(Some((again, used)))) => {
                assert_eq!(*mv, again);
                rest = &rest[used..];
            }
            (Err(_), Ok(None) | Err(_)) => rest = &[],
            (result, direct) => panic!("the batch says {result:?}, decode_move {direct:?}"),
        }
    }
    assert!(rest.is_empty(), "the batch stopped before its end");
    if let Some(fresh) = encode_all(&taken) {
        let mut reader = FrameReader::new();
        let bytes = frame::frame(tag, &fresh);
        reader.space()[..bytes.len()].copy_from_slice(&bytes);
        reader.filled(bytes.len());
        match reader.next_frame() {
            Ok(Some(Frame::Moves(again) | Frame::LastMoves(again))) => {
                let again: Vec<_> = again.collect();
                assert_eq!(again, taken, "re-encoded moves decode differently");
            }
            other => panic!("a re-encoded batch reads as {other:?}"),
        }
    }
    frame::frame(tag, &payload)
}

/// Every move encoded with `encode_move`, when all of them decoded and fit its `i32`s.
fn encode_all(taken: &[Result<(i64, i64), frame::FrameError>]) -> Option<Vec<u8>> {
    let mut payload = Vec::new();
    let mut one = [0u8; MAX_MOVE_BYTES];
    for result in taken {
        let &(p, e) = result.as_ref().ok()?;
        let (p, e) = (i32::try_from(p).ok()?, i32::try_from(e).ok()?);
        let n = encode_move(&mut one, p, e);
        payload.extend_from_slice(&one[..n]);
    }
    (payload.len() <= MAX_PAYLOAD).then_some(payload)
}

/// `decode_move` on any bytes: a move takes at most `LONGEST_READ` bytes, reads the same
/// from its own bytes, is "cut short" on every proper prefix, and (fitting `encode_move`'s
/// numbers) encodes to bytes that decode to it; "cut short" needs fewer bytes than the
/// longest move; an error stays one whatever follows.
fn check_move(bytes: &[u8]) {
    match decode_move(bytes) {
        Ok(Some((mv, n))) => {
            assert!(
                (1..=LONGEST_READ.min(bytes.len())).contains(&n),
                "{n} bytes"
            );
            assert_eq!(decode_move(&bytes[..n]), Ok(Some((mv, n))));
            for k in 0..n {
                assert_eq!(decode_move(&bytes[..k]), Ok(None), "a prefix of {k} bytes");
            }
            if let (Ok(p), Ok(e)) = (i32::try_from(mv.0), i32::try_from(mv.1)) {
                let mut out = [0u8; MAX_MOVE_BYTES];
                let m = encode_move(&mut out, p, e);
                assert_eq!(decode_move(&out[..m]), Ok(Some((mv, m))));
            }
        }
        Ok(None) => assert!(bytes.len() < LONGEST_READ, "cut short after {bytes:?}"),
        Err(_) => {
            let mut longer = bytes.to_vec();
            longer.extend_from_slice(&[0; LONGEST_READ]);
            assert!(decode_move(&longer).is_err(), "more bytes mended {bytes:?}");
        }
    }
}
