//! Ioiwari's record of moves (`duel_ioiwari::record`), the judge's `test-NN.moves` that the
//! viewer reads from anyone's upload.
//!
//! Beyond not panicking: a record that parses is exact (encoding its start and moves gives the
//! same bytes back), its moves replay legally from its start to the position it reports last,
//! and an error says why in one line.

// stable tests: -p duel-ioiwari --lib record

#![no_main]

use duel_ioiwari::record::{encode, MoveRecord};
use duel_ioiwari::Position;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    match MoveRecord::parse(data) {
        Ok(record) => {
            assert_eq!(encode(record.start(), record.moves()), data);
            let mut position = Position::start(record.start());
            for &pit in record.moves() {
                position = position.play(pit).expect("a parsed record is legal");
            }
            assert_eq!(position, record.last());
        }
        Err(error) => assert!(!error.to_string().contains('\n'), "{error}"),
    }
});
