//! The variant solver against independent evidence: a deliberately simple solver written here
//! from the rules' words (plain vectors, a hash map, recursion; no code shared with the
//! crate), the original 7-pit table, and the task's facts.

use std::collections::{BTreeMap, HashMap};

use duel_ioiwari::variant::{
    solve_dense, summarize, SolveOptions, StartRule, Variant, VariantBoard, VariantTable,
};
use duel_ioiwari::{Board, Table};

/// One move of the family's rules, straight from the statement with 5 replaced by `cap`:
/// (pits after, mover's beads, opponent's beads).
fn simple_sow(pits: &[u8], cap: u8, chosen: usize) -> (Vec<u8>, i32, i32) {
    let mut pits = pits.to_vec();
    let n = pits.len();
    let mut hand = pits[chosen];
    pits[chosen] = 0;
    let mut at = chosen;
    let (mut mine, mut theirs) = (0, 0);
    while hand > 0 {
        at = (at + 1) % n;
        if hand > 1 {
            if pits[at] == cap {
                pits[at] -= 1;
                mine += 1;
            } else {
                pits[at] += 1;
                hand -= 1;
            }
        } else {
            if pits[at] >= 1 && pits[at] < cap {
                mine += i32::from(pits[at]) + 1;
                pits[at] = 0;
            } else {
                theirs += 1;
            }
            hand = 0;
        }
    }
    (pits, mine, theirs)
}

/// Negamax with a hash-map memo: the best final bank difference for the side to move.
struct SimpleSolver {
    cap: u8,
    memo: HashMap<Vec<u8>, i32>,
}

impl SimpleSolver {
    fn new(cap: u8) -> SimpleSolver {
        SimpleSolver {
            cap,
            memo: HashMap::new(),
        }
    }

    fn value(&mut self, pits: &[u8]) -> i32 {
        if let Some(&value) = self.memo.get(pits) {
            return value;
        }
        let mut best: Option<i32> = None;
        for chosen in 0..pits.len() {
            if pits[chosen] == 0 {
                continue;
            }
            let (next, mine, theirs) = simple_sow(pits, self.cap, chosen);
            let value = mine - theirs - self.value(&next);
            best = Some(best.map_or(value, |b| b.max(value)));
        }
        let value = best.unwrap_or(0);
        self.memo.insert(pits.to_vec(), value);
        value
    }
}

/// All boards of `n` pits with each pit in `lo..=hi`.
fn all_boards(n: usize, lo: u8, hi: u8) -> Vec<Vec<u8>> {
    let mut boards = vec![vec![]];
    for _ in 0..n {
        boards = boards
            .into_iter()
            .flat_map(|b| {
                (lo..=hi).map(move |count| {
                    let mut next = b.clone();
                    next.push(count);
                    next
                })
            })
            .collect();
    }
    boards
}

fn solve(pits: usize, cap: u8) -> VariantTable {
    VariantTable::solve(Variant::new(pits, cap).expect("valid variant")).expect("solved")
}

#[test]
fn every_start_board_of_every_variant_up_to_8_pits_agrees_with_the_simple_solver() {
    for n in 2..=8 {
        let table = solve(n, 5);
        let variant = table.variant();
        let mut simple = SimpleSolver::new(5);
        let starts = all_boards(n, 2, 4);
        assert_eq!(starts.len(), 3usize.pow(n as u32));
        for pits in &starts {
            let board = VariantBoard::new(variant, pits).expect("valid board");
            assert_eq!(
                i32::from(table.value(&board)),
                simple.value(pits),
                "{n} pits: {board}"
            );
        }
    }
}

#[test]
fn every_board_of_small_variants_agrees_with_the_simple_solver() {
    for n in 2..=6 {
        for cap in 2..=9u8 {
            let boards = u64::from(cap + 1).pow(n as u32);
            if boards > 150_000 {
                continue;
            }
            let table = solve(n, cap);
            let mut simple = SimpleSolver::new(cap);
            for pits in all_boards(n, 0, cap) {
                let board = VariantBoard::new(table.variant(), &pits).expect("valid");
                assert_eq!(
                    i32::from(table.value(&board)),
                    simple.value(&pits),
                    "{n} pits cap {cap}: {board}"
                );
            }
        }
    }
}

#[test]
fn the_simple_rule_agrees_with_variant_board_play() {
    for (n, cap) in [(2, 2), (3, 4), (5, 9), (7, 5)] {
        let variant = Variant::new(n, cap).expect("valid");
        for pits in all_boards(n, 0, cap) {
            let board = VariantBoard::new(variant, &pits).expect("valid");
            for pit in 1..=n {
                match board.play(pit) {
                    Ok(sowing) => {
                        let (next, mine, theirs) = simple_sow(&pits, cap, pit - 1);
                        assert_eq!(sowing.board.pits(), next.as_slice());
                        assert_eq!(i32::from(sowing.mover_gain), mine);
                        assert_eq!(i32::from(sowing.opponent_gain), theirs);
                    }
                    Err(_) => assert_eq!(pits[pit - 1], 0),
                }
            }
        }
    }
}

#[test]
fn seven_pits_cap_five_equals_the_original_table_on_every_board() {
    let variant_table = solve(7, 5);
    let table = Table::solve();
    for index in 0..duel_ioiwari::BOARD_COUNT {
        let board = Board::from_index(index).expect("in range");
        let variant_board = VariantBoard::new(Variant::IOI, &board.pits()).expect("same bounds");
        assert_eq!(
            variant_table.value(&variant_board),
            table.value(board),
            "{board}"
        );
    }
}

#[test]
fn seven_pits_cap_five_gives_the_tasks_facts() {
    let table = solve(7, 5);
    let rule = StartRule::new(Variant::IOI, 2, 4).expect("valid rule");
    let rows = summarize(&table, rule, Some(20));
    let row = &rows[0];
    assert_eq!(
        (row.beads, row.starts, row.wins, row.draws, row.losses),
        (20, 357, 357, 0, 0)
    );
    assert_eq!(row.values, BTreeMap::from([(2, 140), (4, 133), (6, 84)]));
    assert!(row.example_draw.is_none() && row.example_loss.is_none());
    let example = row.example_win.expect("a win");
    assert_eq!(example.pits(), &[2, 2, 2, 2, 4, 4, 4]); // the first start in pit order
    let all = summarize(&table, rule, None);
    assert_eq!(all.len(), 15);
    assert_eq!(all.iter().map(|row| row.starts).sum::<u64>(), 3u64.pow(7));
}

#[test]
fn one_thread_and_all_threads_give_identical_tables() {
    for (n, cap) in [(8, 5), (6, 9), (10, 2)] {
        let variant = Variant::new(n, cap).expect("valid");
        let one = VariantTable::solve_with(
            variant,
            SolveOptions {
                threads: Some(1),
                ..Default::default()
            },
        )
        .expect("solved");
        let four = VariantTable::solve_with(
            variant,
            SolveOptions {
                threads: Some(4),
                ..Default::default()
            },
        )
        .expect("solved");
        let global = VariantTable::solve(variant).expect("solved");
        assert!(one == four && one == global, "{variant}");
    }
}

#[test]
fn progress_reports_every_tier_and_every_board() {
    let variant = Variant::new(6, 4).expect("valid");
    let mut reports = Vec::new();
    let mut record = |tier: &duel_ioiwari::variant::TierProgress| reports.push(*tier);
    VariantTable::solve_with(
        variant,
        SolveOptions {
            threads: None,
            progress: Some(&mut record),
            ..Default::default()
        },
    )
    .expect("solved");
    let beads: Vec<u32> = reports.iter().map(|r| r.beads).collect();
    assert_eq!(beads, (1..=24).collect::<Vec<_>>());
    // Every board but the empty one lies in some tier.
    assert_eq!(
        reports.iter().map(|r| r.boards).sum::<u64>(),
        5u64.pow(6) - 1
    );
    // At least one board in n per class is solved, and never more than the tier holds.
    for r in &reports {
        assert!(r.solved * 6 >= r.boards && r.solved <= r.boards, "{r:?}");
    }
}

#[test]
fn save_and_load_round_trip() {
    let table = solve(6, 7);
    let mut bytes = Vec::new();
    table.write_to(&mut bytes).expect("written to memory");
    assert_eq!(bytes.len() as u64, 32 + table.variant().class_count());
    assert_eq!(&bytes[..8], b"DUELVTAB");
    assert_eq!(&bytes[8..10], &[2, 0]);
    let loaded = VariantTable::read_from(bytes.as_slice()).expect("reads back");
    assert_eq!(loaded, table);
}

/// A table file of format version 1, one value per board in index order, written here from
/// the dense solver with the layout the format documents.
fn version_one_file(variant: Variant, values: &[i8]) -> Vec<u8> {
    let mut bytes = b"DUELVTAB".to_vec();
    bytes.extend_from_slice(&1u16.to_le_bytes());
    bytes.extend_from_slice(&[variant.pits() as u8, variant.cap(), 0, 0, 0, 0]);
    bytes.extend_from_slice(&variant.board_count().to_le_bytes());
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for word in values.chunks(8) {
        let mut padded = [0u8; 8];
        for (byte, &value) in padded.iter_mut().zip(word) {
            *byte = value as u8;
        }
        hash = (hash ^ u64::from_le_bytes(padded)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    bytes.extend_from_slice(&hash.to_le_bytes());
    bytes.extend(values.iter().map(|&value| value as u8));
    bytes
}

#[test]
fn a_version_one_table_of_every_board_still_loads() {
    let variant = Variant::new(7, 4).expect("valid");
    let dense = solve_dense(variant, None).expect("solved");
    let mut bytes = version_one_file(variant, &dense);
    let loaded = VariantTable::read_from(bytes.as_slice()).expect("reads a version 1 file");
    assert_eq!(loaded, solve(7, 4));
    bytes[40] ^= 1;
    assert!(VariantTable::read_from(bytes.as_slice()).is_err());
}

#[test]
fn the_ranked_solver_equals_the_dense_one_from_2_to_10_pits() {
    for n in 2..=10 {
        let variant = Variant::new(n, 5).expect("valid");
        let table = VariantTable::solve(variant).expect("solved");
        assert_eq!(table.class_values().len() as u64, variant.class_count());
        let dense = solve_dense(variant, None).expect("solved");
        assert!(table.dense_values() == dense, "{variant}");
    }
    for (n, cap) in [(6, 2), (7, 9), (9, 3), (4, 7)] {
        let variant = Variant::new(n, cap).expect("valid");
        let table = VariantTable::solve(variant).expect("solved");
        let dense = solve_dense(variant, Some(1)).expect("solved");
        assert!(table.dense_values() == dense, "{variant}");
    }
}

#[test]
fn every_representative_has_its_own_rank() {
    for (n, cap) in [(5, 5), (8, 3), (9, 2)] {
        let table = solve(n, cap);
        for rank in 0..table.class_values().len() as u64 {
            let board = table.representative(rank).expect("a rank below the count");
            assert_eq!(table.rank(&board), rank, "{board}");
            for steps in 1..n {
                assert_eq!(table.rank(&board.rotated(steps)), rank, "{board}");
            }
        }
        assert!(table
            .representative(table.class_values().len() as u64)
            .is_none());
    }
}

fn saved_table() -> Vec<u8> {
    let mut bytes = Vec::new();
    solve(4, 3).write_to(&mut bytes).expect("written");
    bytes
}

#[test]
fn load_rejects_a_corrupt_value() {
    let mut bytes = saved_table();
    bytes[100] ^= 1;
    let error = VariantTable::read_from(bytes.as_slice()).unwrap_err();
    assert!(error.to_string().contains("checksum"), "{error}");
}

#[test]
fn load_rejects_a_truncated_file() {
    let bytes = saved_table();
    for len in [0, 10, 31, 32, bytes.len() - 1] {
        assert!(
            VariantTable::read_from(&bytes[..len]).is_err(),
            "length {len}"
        );
    }
}

#[test]
fn load_rejects_trailing_bytes() {
    let mut bytes = saved_table();
    bytes.push(0);
    let error = VariantTable::read_from(bytes.as_slice()).unwrap_err();
    assert!(error.to_string().contains("after the table"), "{error}");
}

#[test]
fn load_rejects_bad_headers() {
    let good = saved_table();
    let mut magic = good.clone();
    magic[0] = b'X';
    let mut version = good.clone();
    version[8] = 3;
    let mut pits = good.clone();
    pits[10] = 15;
    let mut cap = good.clone();
    cap[11] = 1;
    let mut reserved = good.clone();
    reserved[13] = 1;
    let mut count = good.clone();
    count[16] ^= 1;
    // A header claiming a huge variant must not make the reader allocate or read beyond the
    // bytes it is given: it fails on the short input.
    let mut huge = good[..32].to_vec();
    huge[10] = 14;
    huge[11] = 9;
    huge[16..24].copy_from_slice(&10u64.pow(14).to_le_bytes());
    for (name, bytes) in [
        ("magic", magic),
        ("version", version),
        ("pits", pits),
        ("cap", cap),
        ("reserved", reserved),
        ("count", count),
        ("huge", huge),
    ] {
        assert!(VariantTable::read_from(bytes.as_slice()).is_err(), "{name}");
    }
}

#[test]
fn variant_bounds_and_board_errors() {
    assert!(Variant::new(1, 5).is_err());
    assert!(Variant::new(15, 5).is_err());
    assert!(Variant::new(7, 10).is_err());
    assert!(Variant::new(14, 9).is_ok());
    let variant = Variant::new(3, 4).expect("valid");
    assert!(VariantBoard::parse(variant, "1 2").is_err());
    assert!(VariantBoard::parse(variant, "1 2 3 4").is_err());
    assert!(VariantBoard::parse(variant, "1 2 x").is_err());
    assert!(VariantBoard::parse(variant, "1 2 5").is_err());
    assert!(VariantBoard::parse(variant, "1 2 999").is_err());
    let board = VariantBoard::parse(variant, "1 0 3").expect("valid");
    assert!(board.play(2).is_err());
    assert!(board.play(0).is_err());
    assert!(board.play(4).is_err());
    assert_eq!(board.rotated(1).pits(), &[3, 1, 0]);
    assert!(StartRule::new(variant, 3, 2).is_err());
    assert!(StartRule::new(variant, 2, 5).is_err());
}

#[test]
fn rotated_boards_share_their_value() {
    let table = solve(7, 4);
    for index in (0..table.variant().board_count()).step_by(37) {
        let board = VariantBoard::from_index(table.variant(), index).expect("in range");
        for steps in 1..7 {
            assert_eq!(table.value(&board.rotated(steps)), table.value(&board));
        }
    }
}
