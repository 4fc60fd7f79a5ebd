//! The move record of a long Pooh-Eeyore-sticks game (`duel_mis::record`), from any bytes.
//!
//! Beyond not panicking: a record that parses is a legal game (its moves replay from its
//! start, and every position it gives agrees with that replay); written again by
//! `RecordWriter` it takes no more bytes, parses to the same game, and is a fixed point of
//! parsing and writing.

// stable tests: -p duel-mis --lib record

#![no_main]

use duel_mis::record::{MoveRecord, RecordWriter, CHUNK};
use duel_mis::Move;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(record) = MoveRecord::parse(data.to_vec()) else {
        return;
    };
    assert_eq!(record.as_bytes(), data);
    let moves = record.moves(0, record.len());
    assert_eq!(moves.len() as u64, record.len());
    assert_eq!(record.is_empty(), moves.is_empty());

    let mut position = record.start();
    for (k, &mv) in moves.iter().enumerate() {
        let k = k as u64;
        if k.is_multiple_of(CHUNK) || k % CHUNK == CHUNK - 1 || k.is_multiple_of(97) {
            assert_eq!(record.position(k), position, "after {k} moves");
        }
        position = position
            .play(mv)
            .unwrap_or_else(|why| panic!("move {} ({mv}) was accepted: {why}", k + 1));
    }
    assert_eq!(record.position(record.len()), position);
    assert_eq!(record.position(u64::MAX), position, "clamped to the game");
    let middle = record.len() / 2;
    let window: Vec<Move> = moves
        .iter()
        .skip(middle as usize)
        .take(600)
        .copied()
        .collect();
    assert_eq!(record.moves(middle, 600), window);

    let canonical = write(&record, &moves);
    assert!(
        canonical.len() <= data.len(),
        "written again: {} bytes, from {}",
        canonical.len(),
        data.len()
    );
    let again = MoveRecord::parse(canonical.clone()).expect("the writer's record parses");
    assert_eq!(again.start(), record.start());
    assert_eq!(again.moves(0, again.len()), moves);
    assert_eq!(
        write(&again, &moves),
        canonical,
        "writing is not a fixed point"
    );
});

fn write(record: &MoveRecord, moves: &[Move]) -> Vec<u8> {
    let mut writer = RecordWriter::new(record.start());
    for &mv in moves {
        writer.push(mv);
    }
    assert_eq!(writer.len(), record.len());
    writer.finish()
}
