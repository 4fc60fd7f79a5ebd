//! A batch of moves being built: one `M` frame, published after every move for `emergency`.

use crate::emergency;
use duel_mis_wire::frame::{encode_move, FRAME_HEAD_BYTES, MAX_MOVE_BYTES, MAX_PAYLOAD, TAG_MOVES};
use std::io::{self, Write};

/// A growing `M` frame in a buffer of fixed size (its address never changes, which the
/// signal handler relies on).
pub(crate) struct Batch {
    frame: Box<[u8]>,
    len: usize,
}

impl Batch {
    pub(crate) fn new() -> Batch {
        let mut frame = vec![0u8; FRAME_HEAD_BYTES + MAX_PAYLOAD].into_boxed_slice();
        frame[0] = TAG_MOVES;
        Batch {
            frame,
            len: FRAME_HEAD_BYTES,
        }
    }

    /// Adds one move; returns true when the batch is full (flush it before the next move).
    #[inline]
    pub(crate) fn push(&mut self, take_p: i32, take_e: i32) -> bool {
        self.len += encode_move(&mut self.frame[self.len..], take_p, take_e);
        let payload = (self.len - FRAME_HEAD_BYTES) as u16;
        self.frame[1..FRAME_HEAD_BYTES].copy_from_slice(&payload.to_le_bytes());
        emergency::publish(&self.frame[..self.len]);
        self.len + MAX_MOVE_BYTES > self.frame.len()
    }

    /// Writes the frame, if any move is in it, and starts a new one.
    pub(crate) fn flush_to(&mut self, out: &mut dyn Write) -> io::Result<()> {
        if self.len == FRAME_HEAD_BYTES {
            return Ok(());
        }
        emergency::clear();
        out.write_all(&self.frame[..self.len])?;
        self.len = FRAME_HEAD_BYTES;
        Ok(())
    }
}
