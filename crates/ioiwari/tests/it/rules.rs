//! The move rule against the statement's worked example, hand-built boards for each clause of
//! the rule, and an exhaustive comparison with the plain reference sowing.

use crate::common::reference_sow;
use duel_ioiwari::{
    Banks, Board, BoardError, IllegalMove, Outcome, ParseBoardError, ParsePitError, Pit, PitSet,
    Player, Position, Sowing, BOARD_COUNT,
};

fn board(text: &str) -> Board {
    text.parse().expect("test boards are valid")
}

fn pit(number: u8) -> Pit {
    Pit::new(number).expect("test pits are valid")
}

/// Plays `pit` on `pits` and checks the result against the hand-derived expectation and
/// against the reference sowing.
fn check_sowing(pits: [u8; 7], pit_number: u8, after: [u8; 7], mover_gain: u8, opponent_gain: u8) {
    let start = Board::new(pits).expect("valid board");
    let sowing = start.play(pit(pit_number)).expect("legal move");
    let expected = Sowing {
        board: Board::new(after).expect("valid board"),
        mover_gain,
        opponent_gain,
    };
    assert_eq!(sowing, expected, "sowing pit {pit_number} of {start}");
    let reference = reference_sow(pits, usize::from(pit_number)).expect("legal move");
    assert_eq!(
        reference,
        (after, u32::from(mover_gain), u32::from(opponent_gain)),
        "reference sowing disagrees with the hand-derived result"
    );
}

#[test]
fn worked_example_from_the_statement() {
    // (player, pit, pits after, bank 1, bank 2), copied from the statement's table.
    let steps = [
        (Player::One, 2, "4 0 3 5 0 3 2", 3, 0),
        (Player::Two, 3, "4 0 0 4 1 4 0", 3, 4),
        (Player::One, 5, "4 0 0 4 0 0 0", 8, 4),
        (Player::Two, 4, "0 0 0 0 1 1 1", 8, 9),
        (Player::One, 5, "0 0 0 0 0 0 1", 10, 9),
        (Player::Two, 7, "0 0 0 0 0 0 0", 11, 9),
    ];
    let mut position = Position::start(board("4 3 2 4 2 3 2"));
    assert_eq!(position.banks, Banks { one: 0, two: 0 });
    for (player, pit_number, after, one, two) in steps {
        assert_eq!(position.to_move, player);
        assert_eq!(position.outcome(), None);
        position = position
            .play(pit(pit_number))
            .expect("the example's moves are legal");
        assert_eq!(
            position.board,
            board(after),
            "after {player} plays {pit_number}"
        );
        assert_eq!(
            position.banks,
            Banks { one, two },
            "after {player} plays {pit_number}"
        );
    }
    assert!(position.is_over());
    assert_eq!(position.outcome(), Some(Outcome::Win(Player::One)));
}

#[test]
fn a_capture_takes_the_pit_and_the_last_bead() {
    // Pit 2's three beads: pit 3 and pit 4 get one each, the last meets pit 5's two.
    check_sowing([4, 3, 2, 4, 2, 3, 2], 2, [4, 0, 3, 5, 0, 3, 2], 3, 0);
}

#[test]
fn a_single_bead_captures_from_the_next_pit() {
    check_sowing([0, 0, 0, 0, 1, 1, 1], 5, [0, 0, 0, 0, 0, 0, 1], 2, 0);
}

#[test]
fn the_last_bead_goes_to_the_opponent_on_an_empty_pit() {
    check_sowing([0, 0, 0, 0, 0, 0, 1], 7, [0, 0, 0, 0, 0, 0, 0], 0, 1);
}

#[test]
fn the_last_bead_goes_to_the_opponent_on_a_full_pit() {
    // Pit 1's two beads: pit 2 gets one, the last meets pit 3's five beads, which stay.
    check_sowing([2, 0, 5, 1, 0, 0, 0], 1, [0, 1, 5, 1, 0, 0, 0], 0, 1);
}

#[test]
fn sowing_wraps_from_pit_7_to_pit_1() {
    // Pit 7's three beads: pit 1 and pit 2 get one each, the last meets empty pit 3.
    check_sowing([1, 0, 0, 0, 0, 0, 3], 7, [2, 1, 0, 0, 0, 0, 0], 0, 1);
    // Pit 6's two beads: pit 7 gets one, the last captures pit 1's four.
    check_sowing([4, 0, 0, 0, 0, 2, 0], 6, [0, 0, 0, 0, 0, 0, 1], 5, 0);
}

#[test]
fn a_full_pit_pays_one_bead_while_the_hand_keeps_its_beads() {
    // Pit 1's three beads: pits 2 and 3 hold 5 and pay one bead each to the mover without
    // taking from the hand; pits 4 and 5 get one each; the last captures pit 6's three.
    check_sowing([3, 5, 5, 2, 0, 3, 0], 1, [0, 4, 4, 3, 1, 0, 0], 6, 0);
}

#[test]
fn a_sowing_can_pass_the_emptied_pit_and_keep_going() {
    // Pit 1's five beads: pits 2..7 each pay one (hand still 5), then the emptied pit 1 gets
    // one, pits 2, 3, 4 get one each (back to 5), and the last captures pit 5's four.
    check_sowing([5, 5, 5, 5, 5, 5, 5], 1, [1, 5, 5, 5, 0, 4, 4], 11, 0);
    // Pit 3's two beads: pits 4..7, 1, 2 each pay one, the emptied pit 3 gets a bead, and the
    // last captures pit 4's four beads.
    check_sowing([5, 5, 2, 5, 5, 5, 5], 3, [4, 4, 1, 0, 4, 4, 4], 11, 0);
}

#[test]
fn the_last_bead_can_end_on_the_emptied_pit() {
    // Pit 7's two beads: pits 1..5 each pay one, pit 6 gets one, and the last meets the
    // emptied pit 7 itself, which holds nothing: it goes to the opponent.
    check_sowing([5, 5, 5, 5, 5, 0, 2], 7, [4, 4, 4, 4, 4, 1, 0], 5, 1);
}

#[test]
fn sowing_an_empty_pit_is_illegal() {
    let start = board("4 0 3 5 0 3 2");
    assert_eq!(
        start.play(pit(2)),
        Err(IllegalMove::EmptyPit {
            pit: pit(2),
            board: start
        })
    );
    let over = Position {
        board: Board::EMPTY,
        banks: Banks { one: 11, two: 9 },
        to_move: Player::One,
    };
    for pit in Pit::ALL {
        assert!(over.play(pit).is_err());
    }
    assert_eq!(over.outcome(), Some(Outcome::Win(Player::One)));
}

#[test]
fn every_move_on_every_board_matches_the_reference_sowing() {
    for index in 0..BOARD_COUNT {
        let start = Board::from_index(index).expect("index in range");
        for pit in Pit::ALL {
            let reference = reference_sow(start.pits(), usize::from(pit.number()));
            match (start.play(pit), reference) {
                (Ok(sowing), Some((after, mine, theirs))) => {
                    assert_eq!(sowing.board.pits(), after, "{start} pit {pit}");
                    assert_eq!(u32::from(sowing.mover_gain), mine, "{start} pit {pit}");
                    assert_eq!(u32::from(sowing.opponent_gain), theirs, "{start} pit {pit}");
                }
                (Err(IllegalMove::EmptyPit { .. }), None) => {}
                (ours, theirs) => panic!("{start} pit {pit}: {ours:?} vs reference {theirs:?}"),
            }
        }
        assert_eq!(
            start.legal_moves(),
            Pit::ALL
                .into_iter()
                .filter(|&p| start.beads_in(p) > 0)
                .collect::<PitSet>()
        );
    }
}

#[test]
fn board_index_is_base_6_with_pit_1_least_significant() {
    assert_eq!(board("1 0 0 0 0 0 0").index(), 1);
    assert_eq!(board("0 1 0 0 0 0 0").index(), 6);
    assert_eq!(board("0 0 0 0 0 0 1").index(), 46_656);
    assert_eq!(board("5 5 5 5 5 5 5").index(), BOARD_COUNT - 1);
    assert_eq!(Board::from_index(BOARD_COUNT), None);
    for index in 0..BOARD_COUNT {
        let board = Board::from_index(index).expect("index in range");
        assert_eq!(board.index(), index);
        assert_eq!(board.to_string().parse::<Board>(), Ok(board));
    }
}

#[test]
fn board_constructor_rejects_overfull_pits() {
    assert_eq!(
        Board::new([0, 0, 9, 6, 0, 0, 0]),
        Err(BoardError::TooManyBeads {
            pit: pit(3),
            beads: 9
        })
    );
    assert!(Board::new([5; 7]).is_ok());
}

#[test]
fn board_parsing_reports_clear_errors() {
    let message = |text: &str| text.parse::<Board>().unwrap_err().to_string();
    assert_eq!(message("4 3 2 4 2 3"), "expected 7 pit counts, found 6");
    assert_eq!(message("4 3 2 4 2 3 2 1"), "expected 7 pit counts, found 8");
    assert_eq!(message(""), "expected 7 pit counts, found 0");
    assert_eq!(
        message("4 3 6 4 2 3 2"),
        "pit 3 holds 6 beads; a pit holds 0 to 5"
    );
    assert_eq!(
        message("4 3 2 4 2 3 -1"),
        "pit 7 holds -1 beads; a pit holds 0 to 5"
    );
    assert_eq!(
        message("99999999999 3 2 4 2 3 2"),
        "pit 1 holds 99999999999 beads; a pit holds 0 to 5"
    );
    assert_eq!(message("4 3 2 x 2 3 2"), "pit 4: \"x\" is not a bead count");
    assert_eq!(
        "4 3 2 4 2 3 2.5".parse::<Board>(),
        Err(ParseBoardError::NotANumber {
            pit: pit(7),
            text: "2.5".into()
        })
    );
    // Any whitespace separates, including line breaks and tabs.
    assert_eq!(board("\t4  3\n2 4 2 3 2\r\n"), board("4 3 2 4 2 3 2"));
}

#[test]
fn pit_parsing_reports_clear_errors() {
    assert_eq!("7\n".parse::<Pit>(), Ok(pit(7)));
    assert_eq!(" ".parse::<Pit>(), Err(ParsePitError::Empty));
    assert_eq!(
        "0".parse::<Pit>().unwrap_err().to_string(),
        "there is no pit 0; pits are numbered 1 to 7"
    );
    assert_eq!(
        "-3".parse::<Pit>(),
        Err(ParsePitError::OutOfRange { text: "-3".into() })
    );
    assert_eq!(
        "three".parse::<Pit>().unwrap_err().to_string(),
        "\"three\" is not a pit number (1 to 7)"
    );
    assert_eq!(Pit::new(0).unwrap_err().number(), 0);
    assert_eq!(
        Pit::ALL.iter().map(|p| p.number()).collect::<Vec<_>>(),
        [1, 2, 3, 4, 5, 6, 7]
    );
    assert_eq!(Pit::from_index(6), Some(pit(7)));
    assert_eq!(Pit::from_index(7), None);
}
