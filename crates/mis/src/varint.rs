//! LEB128 varints: seven bits a byte, least significant first, the high bit set on every
//! byte but the last. One codec for every compact move encoding of the game: the move
//! record's counts ([`record`](crate::record)) and the module host's moves on the wire.
//!
//! Decoding is for bytes nobody trusts: it reads at most `max_bytes` bytes, tells a number
//! cut short (more bytes may come) from one too long (never valid), and never panics.
//!
//! ```
//! use duel_mis::varint;
//! let mut bytes = Vec::new();
//! varint::push(&mut bytes, 300);
//! assert_eq!(bytes, [0xac, 0x02]);
//! assert_eq!(varint::decode(&bytes, 5), Ok(Some((300, 2))));
//! assert_eq!(varint::decode(&bytes[..1], 5), Ok(None), "cut short");
//! assert_eq!(varint::decode(&[0x80; 5], 5), Err(varint::TooLong));
//! ```

/// The most bytes a `u32` takes.
pub const MAX_U32_BYTES: usize = 5;

/// A varint that has not ended within the bytes allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooLong;

/// Writes `value` at the start of `out` (long enough: 10 bytes hold any `u64`); returns the
/// bytes written.
#[inline]
pub fn encode(out: &mut [u8], mut value: u64) -> usize {
    let mut at = 0;
    while value >= 0x80 {
        out[at] = (value as u8) | 0x80;
        value >>= 7;
        at += 1;
    }
    out[at] = value as u8;
    at + 1
}

/// Appends `value` to `out`.
pub fn push(out: &mut Vec<u8>, value: u64) {
    let mut bytes = [0u8; 10];
    let length = encode(&mut bytes, value);
    out.extend_from_slice(&bytes[..length]);
}

/// The varint at the start of `bytes` and its length, reading at most `max_bytes` bytes (at
/// most 9, so that no bit is lost): `Ok(None)` when `bytes` ends inside it, [`TooLong`] when
/// it has not ended after `max_bytes`.
#[inline]
pub fn decode(bytes: &[u8], max_bytes: usize) -> Result<Option<(u64, usize)>, TooLong> {
    let max_bytes = max_bytes.min(9);
    let mut value = 0u64;
    for (at, &byte) in bytes.iter().take(max_bytes).enumerate() {
        value |= u64::from(byte & 0x7f) << (7 * at);
        if byte < 0x80 {
            return Ok(Some((value, at + 1)));
        }
    }
    if bytes.len() >= max_bytes {
        Err(TooLong)
    } else {
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The textbook definition, one bit at a time: the reference the codec is checked against.
    fn by_bits(mut value: u64) -> Vec<u8> {
        let mut groups = Vec::new();
        loop {
            groups.push((value & 0x7f) as u8);
            value >>= 7;
            if value == 0 {
                break;
            }
        }
        let last = groups.len() - 1;
        for group in &mut groups[..last] {
            *group |= 0x80;
        }
        groups
    }

    proptest! {
        #[test]
        fn encodes_as_the_definition_and_decodes_back(value in any::<u64>()) {
            let mut bytes = Vec::new();
            push(&mut bytes, value);
            prop_assert_eq!(&bytes, &by_bits(value));
            if bytes.len() <= 9 {
                prop_assert_eq!(decode(&bytes, 9), Ok(Some((value, bytes.len()))));
                // Every proper prefix is cut short, never a wrong number.
                for cut in 0..bytes.len() {
                    prop_assert_eq!(decode(&bytes[..cut], 9), Ok(None));
                }
            }
        }

        #[test]
        fn any_bytes_decode_without_panic_within_the_bound(
            bytes in proptest::collection::vec(any::<u8>(), 0..16),
            max in 1usize..12,
        ) {
            match decode(&bytes, max) {
                Ok(Some((_, length))) => prop_assert!(length <= max.min(9)),
                Ok(None) => prop_assert!(bytes.len() < max.min(9)),
                Err(TooLong) => prop_assert!(bytes.len() >= max.min(9)),
            }
        }
    }

    #[test]
    fn a_u32_takes_at_most_five_bytes() {
        let mut bytes = Vec::new();
        push(&mut bytes, u64::from(u32::MAX));
        assert_eq!(bytes.len(), MAX_U32_BYTES);
        assert_eq!(
            decode(&bytes, MAX_U32_BYTES),
            Ok(Some((u64::from(u32::MAX), 5)))
        );
    }
}
