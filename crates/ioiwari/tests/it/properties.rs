//! Randomized properties: the solver's Bellman equation and the conservation of beads.

use std::sync::OnceLock;

use duel_ioiwari::{Board, Oracle, Pit, PitSet, ReachableSolver, Table, BOARD_COUNT};
use proptest::prelude::*;

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(Table::solve)
}

fn any_board() -> impl Strategy<Value = Board> {
    prop::array::uniform7(0u8..=5).prop_map(|pits| Board::new(pits).expect("counts 0..=5"))
}

proptest! {
    #[test]
    fn value_is_the_best_move_and_best_moves_are_all_the_best(board in any_board()) {
        let mut best: Option<i32> = None;
        let mut worth = Vec::new();
        for pit in Pit::ALL {
            if let Ok(sowing) = board.play(pit) {
                let value = i32::from(sowing.mover_gain) - i32::from(sowing.opponent_gain)
                    - i32::from(table().value(sowing.board));
                best = Some(best.map_or(value, |b| b.max(value)));
                worth.push((pit, value));
            }
        }
        let best = best.unwrap_or(0); // no move: the empty board is worth 0
        prop_assert_eq!(i32::from(table().value(board)), best);
        let argmax: PitSet = worth.iter().filter(|&&(_, v)| v == best).map(|&(p, _)| p).collect();
        prop_assert_eq!(table().best_moves(board), argmax);
        prop_assert_eq!(table().first_best_move(board), argmax.first());
    }

    #[test]
    fn reachable_solver_agrees_with_the_table_from_random_roots(board in any_board()) {
        let solver = ReachableSolver::solve_from(board);
        prop_assert_eq!(solver.value(board), table().value(board));
        prop_assert_eq!(solver.best_moves(board), table().best_moves(board));
    }

    #[test]
    fn a_move_keeps_every_bead_and_banks_at_least_one(board in any_board(), pit in 1u8..=7) {
        let pit = Pit::new(pit).expect("1..=7");
        match board.play(pit) {
            Ok(sowing) => {
                let banked = u32::from(sowing.mover_gain) + u32::from(sowing.opponent_gain);
                prop_assert!(banked >= 1);
                prop_assert!(sowing.opponent_gain <= 1);
                prop_assert_eq!(sowing.board.total_beads() + banked, board.total_beads());
            }
            Err(_) => prop_assert_eq!(board.beads_in(pit), 0),
        }
    }

    #[test]
    fn text_and_index_round_trip(index in 0..BOARD_COUNT) {
        let board = Board::from_index(index).expect("in range");
        prop_assert_eq!(board.to_string().parse::<Board>(), Ok(board));
        prop_assert_eq!(Board::new(board.pits()), Ok(board));
        prop_assert_eq!(board.index(), index);
    }
}
