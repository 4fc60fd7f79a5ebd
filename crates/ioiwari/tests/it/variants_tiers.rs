//! Tier files and resumed solves: the files hold what their documented format says (checked
//! against a brute-force list of each tier's classes), a solve stopped after any tier and
//! resumed gives the same table as one that was never stopped, and damaged or foreign tier
//! files are refused.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use duel_ioiwari::variant::{
    SolveError, SolveOptions, TierProgress, Variant, VariantBoard, VariantTable,
};

/// A fresh, empty directory under the system's temporary directory.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "duel-tiers-{name}-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

fn solve_into(
    variant: Variant,
    dir: &Path,
    resume: bool,
    progress: &mut dyn FnMut(&TierProgress),
) -> Result<VariantTable, SolveError> {
    VariantTable::solve_with(
        variant,
        SolveOptions {
            threads: Some(2),
            progress: Some(progress),
            tier_dir: Some(dir),
            resume,
        },
    )
}

fn tier_path(dir: &Path, beads: u32) -> PathBuf {
    dir.join(format!("tier-{beads:03}.bin"))
}

/// FNV-1a over 8-byte little-endian words, the last padded with zeros, as documented.
fn word_checksum(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for word in bytes.chunks(8) {
        let mut padded = [0u8; 8];
        padded[..word.len()].copy_from_slice(word);
        hash = (hash ^ u64::from_le_bytes(padded)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

#[test]
fn each_tier_file_holds_its_classes_values_in_index_order() {
    let variant = Variant::new(6, 4).expect("valid");
    let dir = scratch("format");
    let table = solve_into(variant, &dir, false, &mut |_| {}).expect("solved");
    for beads in 1..=variant.max_beads() {
        let bytes = std::fs::read(tier_path(&dir, beads)).expect("every tier is written");
        // The representatives of the tier by brute force: no turn has a smaller index.
        let expected: Vec<u8> = (0..variant.board_count())
            .map(|index| VariantBoard::from_index(variant, index).expect("in range"))
            .filter(|board| board.total_beads() == beads)
            .filter(|board| (1..6).all(|turn| board.rotated(turn).index() >= board.index()))
            .map(|board| table.value(&board) as u8)
            .collect();
        assert_eq!(&bytes[..8], b"DUELTIER");
        assert_eq!(&bytes[8..12], &[1, 0, 6, 4]);
        assert_eq!(&bytes[12..16], &beads.to_le_bytes());
        assert_eq!(&bytes[16..24], &(expected.len() as u64).to_le_bytes());
        assert_eq!(&bytes[24..32], &word_checksum(&expected).to_le_bytes());
        assert_eq!(&bytes[32..], expected.as_slice(), "tier {beads}");
    }
    assert!(!tier_path(&dir, variant.max_beads() + 1).exists());
    std::fs::remove_dir_all(&dir).expect("cleaned up");
}

#[test]
fn a_solve_stopped_after_any_tier_resumes_to_the_same_table() {
    let variant = Variant::new(7, 5).expect("valid");
    let whole = VariantTable::solve(variant).expect("solved");
    for stop in [1, 9, 17, 34] {
        let dir = scratch(&format!("stop-{stop}"));
        // The progress callback panics after tier `stop` is written: the solve dies there.
        let died = catch_unwind(AssertUnwindSafe(|| {
            solve_into(variant, &dir, false, &mut |tier| {
                assert!(tier.beads < stop, "stopped after tier {stop}");
            })
        }));
        assert!(died.is_err(), "stop {stop}");
        assert!(tier_path(&dir, stop).exists() && !tier_path(&dir, stop + 1).exists());
        // A half-written next tier left behind is not read.
        std::fs::write(
            dir.join(format!("tier-{:03}.bin.partial", stop + 1)),
            b"junk",
        )
        .expect("written");
        let mut loaded = Vec::new();
        let resumed = solve_into(variant, &dir, true, &mut |tier| {
            loaded.push((tier.beads, tier.loaded));
        })
        .expect("resumed");
        assert!(resumed == whole, "stop {stop}");
        let expected: Vec<(u32, bool)> = (1..=variant.max_beads())
            .map(|beads| (beads, beads <= stop))
            .collect();
        assert_eq!(loaded, expected);
        // Resuming a finished solve reads every tier and solves none.
        let mut solved = 0;
        let again = solve_into(variant, &dir, true, &mut |tier| {
            solved += u32::from(!tier.loaded)
        })
        .expect("resumed");
        assert_eq!(solved, 0);
        assert!(again == whole);
        std::fs::remove_dir_all(&dir).expect("cleaned up");
    }
}

#[test]
fn a_fresh_solve_refuses_a_directory_with_tiers() {
    let variant = Variant::new(4, 3).expect("valid");
    let dir = scratch("fresh");
    solve_into(variant, &dir, false, &mut |_| {}).expect("solved");
    let error = solve_into(variant, &dir, false, &mut |_| {}).unwrap_err();
    assert!(matches!(error, SolveError::TiersPresent { .. }), "{error}");
    std::fs::remove_dir_all(&dir).expect("cleaned up");
}

#[test]
fn a_tier_dir_that_is_a_file_is_an_error() {
    let dir = scratch("file");
    let file = dir.join("not-a-dir");
    std::fs::write(&file, b"x").expect("written");
    let error = solve_into(
        Variant::new(3, 3).expect("valid"),
        &file,
        false,
        &mut |_| {},
    )
    .unwrap_err();
    assert!(matches!(error, SolveError::TierIo { .. }), "{error}");
    std::fs::remove_dir_all(&dir).expect("cleaned up");
}

/// Solves 5 pits of cap 4 into a directory, damages tier 8 with `damage`, and resumes.
fn resume_after(name: &str, damage: impl FnOnce(&mut Vec<u8>)) -> SolveError {
    let variant = Variant::new(5, 4).expect("valid");
    let dir = scratch(name);
    solve_into(variant, &dir, false, &mut |_| {}).expect("solved");
    let path = tier_path(&dir, 8);
    let mut bytes = std::fs::read(&path).expect("read");
    damage(&mut bytes);
    std::fs::write(&path, bytes).expect("written");
    let error = solve_into(variant, &dir, true, &mut |_| {}).unwrap_err();
    std::fs::remove_dir_all(&dir).expect("cleaned up");
    error
}

#[test]
fn a_changed_value_in_a_tier_file_is_refused() {
    let error = resume_after("value", |bytes| bytes[40] ^= 1);
    assert!(error.to_string().contains("checksum"), "{error}");
}

#[test]
fn a_truncated_tier_file_is_refused() {
    let error = resume_after("short", |bytes| {
        bytes.pop();
    });
    assert!(error.to_string().contains("tier-008.bin"), "{error}");
}

#[test]
fn trailing_bytes_in_a_tier_file_are_refused() {
    let error = resume_after("long", |bytes| bytes.push(0));
    assert!(error.to_string().contains("after the values"), "{error}");
}

#[test]
fn a_tier_file_of_another_tier_or_variant_is_refused() {
    for (name, offset) in [("tier", 12), ("pits", 10), ("cap", 11), ("magic", 0)] {
        let error = resume_after(name, |bytes| bytes[offset] ^= 1);
        assert!(
            matches!(error, SolveError::TierFile { .. }),
            "{name}: {error}"
        );
    }
    let error = resume_after("count", |bytes| bytes[16] ^= 1);
    assert!(
        matches!(error, SolveError::TierFile { .. }),
        "count: {error}"
    );
}
