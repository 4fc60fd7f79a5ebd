//! The start boards and their rotation classes against a brute-force enumeration.

use std::collections::HashSet;

use crate::common::{official_positions, reference_start_boards};
use duel_ioiwari::Board;

fn rotations(pits: [u8; 7]) -> Vec<[u8; 7]> {
    (0..7)
        .map(|shift| std::array::from_fn(|i| pits[(i + shift) % 7]))
        .collect()
}

#[test]
fn there_are_357_start_boards_sorted_by_pits() {
    let ours: Vec<[u8; 7]> = Board::start_boards().iter().map(Board::pits).collect();
    let mut reference = reference_start_boards();
    reference.sort();
    assert_eq!(reference.len(), 357);
    assert_eq!(ours, reference);
}

#[test]
fn there_are_51_rotation_classes_with_first_in_reversed_order_representatives() {
    let classes: Vec<[u8; 7]> = Board::rotation_classes().iter().map(Board::pits).collect();
    assert_eq!(classes.len(), 51);
    let reversed = |pits: &[u8; 7]| {
        let mut r = *pits;
        r.reverse();
        r
    };
    // Representatives come in ascending reversed order...
    assert!(classes
        .windows(2)
        .all(|w| reversed(&w[0]) < reversed(&w[1])));
    // ...each is the least of its class in that order...
    for pits in &classes {
        let least = rotations(*pits)
            .into_iter()
            .min_by_key(reversed)
            .expect("7 rotations");
        assert_eq!(&least, pits);
    }
    // ...and together they cover every start board exactly once.
    let mut covered = HashSet::new();
    for pits in &classes {
        let class: HashSet<[u8; 7]> = rotations(*pits).into_iter().collect();
        for board in &class {
            assert!(covered.insert(*board), "{board:?} is in two classes");
        }
    }
    let all: HashSet<[u8; 7]> = reference_start_boards().into_iter().collect();
    assert_eq!(covered, all);
}

#[test]
fn official_tests_are_class_representatives_in_the_same_order() {
    // The official test data lists representatives in this very order, which is where the
    // "first in reversed order" convention comes from.
    let classes: Vec<[u8; 7]> = Board::rotation_classes().iter().map(Board::pits).collect();
    let mut positions = classes.iter();
    for official in official_positions() {
        assert!(
            positions.any(|pits| *pits == official),
            "{official:?} is not a later representative"
        );
    }
}
