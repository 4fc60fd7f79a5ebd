//! The wire between the Pooh-Eeyore-sticks judge and its module host (the `mis-host`
//! program): the request the judge puts on the host's command line ([`HostRequest`]) and the
//! binary frames of moves the host writes back ([`frame`], with a decoder of fixed memory for
//! bytes nobody trusts).
//!
//! Both sides depend on this crate and on nothing of each other: the host is built without
//! the judge, and the judge reads the host's output through the same definitions the host
//! writes it with. Moves are varints of [`duel_mis::varint`], the codec of the move record.
//!
//! ```
//! use duel_mis_wire::frame::{decode_move, encode_move, MAX_MOVE_BYTES};
//! let mut bytes = [0u8; MAX_MOVE_BYTES];
//! let length = encode_move(&mut bytes, 3, 3);
//! assert_eq!(length, 1, "a legal move of a few sticks is one byte");
//! assert_eq!(decode_move(&bytes[..length]), Ok(Some(((3, 3), 1))));
//! ```

#![forbid(unsafe_code)]

pub mod frame;
mod request;

pub use request::{HostRequest, RequestError};
