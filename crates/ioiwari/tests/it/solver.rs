//! The solvers against independent facts: the statement's claims, the official notes, the
//! official test values, and a plain reference solver.

use std::collections::{HashSet, VecDeque};
use std::sync::OnceLock;

use crate::common::{official_positions, ReferenceSolver};
use duel_ioiwari::{
    greedy_move, Board, Oracle, Outcome, Pit, PitSet, Player, Position, ReachableSolver, Table,
    BOARD_COUNT,
};

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(Table::solve)
}

fn official_boards() -> Vec<Board> {
    official_positions()
        .into_iter()
        .map(|pits| Board::new(pits).expect("official boards are valid"))
        .collect()
}

/// Every board reachable from `start` (itself included), by breadth-first search over
/// `Board::play`.
fn reachable_boards(start: Board) -> HashSet<Board> {
    let mut seen = HashSet::from([start]);
    let mut queue = VecDeque::from([start]);
    while let Some(board) = queue.pop_front() {
        for pit in board.legal_moves() {
            let next = board.play(pit).expect("legal move").board;
            if seen.insert(next) {
                queue.push_back(next);
            }
        }
    }
    seen
}

#[test]
fn the_first_player_wins_every_start_board() {
    // The statement: player 1 has a winning strategy from each of the 357 start boards.
    let starts = Board::start_boards();
    assert_eq!(starts.len(), 357);
    for start in starts {
        assert!(
            table().value(start) > 0,
            "{start} is worth {}",
            table().value(start)
        );
    }
}

#[test]
fn official_tests_have_the_known_values() {
    let known = [
        4, 4, 2, 4, 6, 2, 6, 2, 2, 2, 6, 6, 2, 4, 2, 4, 2, 2, 6, 4, 2, 4, 4, 4,
    ];
    let values: Vec<i8> = official_boards()
        .into_iter()
        .map(|b| table().value(b))
        .collect();
    assert_eq!(values, known);
}

#[test]
fn the_statements_example_board_is_worth_2() {
    let example: Board = "4 3 2 4 2 3 2".parse().expect("valid");
    assert_eq!(table().value(example), 2);
    // The worked example's game ends 11-9: player 2 played optimally there, so the value of 2
    // means player 1 did too... and indeed, replaying it, each of P1's moves is optimal.
    let mut position = Position::start(example);
    for pit in [2, 3, 5, 4, 5, 7] {
        let pit = Pit::new(pit).expect("valid");
        if position.to_move == Player::One {
            assert!(table().best_moves(position.board).contains(pit));
        }
        position = position.play(pit).expect("legal");
    }
    assert_eq!(position.banks.difference_for(Player::One), 2);
}

/// Greedy player 1 against the official optimal player 2 (first optimal pit).
fn greedy_against_optimal(start: Board) -> Outcome {
    let mut position = Position::start(start);
    while !position.is_over() {
        let pit = match position.to_move {
            Player::One => greedy_move(position.board),
            Player::Two => table().first_best_move(position.board),
        };
        let pit = pit.expect("a board with beads has a move");
        position = position.play(pit).expect("solvers choose legal moves");
    }
    position.outcome().expect("the game is over")
}

#[test]
fn greedy_wins_22_and_draws_7_of_the_51_rotation_classes() {
    // The official notes: a one-move look-ahead player wins 22 of the 51 classes and draws 7
    // against an optimal opponent.
    let classes = Board::rotation_classes();
    assert_eq!(classes.len(), 51);
    let outcomes: Vec<Outcome> = classes.into_iter().map(greedy_against_optimal).collect();
    let wins = outcomes
        .iter()
        .filter(|&&o| o == Outcome::Win(Player::One))
        .count();
    let draws = outcomes.iter().filter(|&&o| o == Outcome::Draw).count();
    assert_eq!((wins, draws), (22, 7));
}

#[test]
fn greedy_fails_on_every_official_test() {
    // The official notes: the 24 tests are all boards on which that greedy player fails.
    for start in official_boards() {
        assert_ne!(
            greedy_against_optimal(start),
            Outcome::Win(Player::One),
            "{start}"
        );
    }
}

#[test]
fn table_agrees_with_the_reference_solver_on_every_board_reachable_from_a_start() {
    let mut reference = ReferenceSolver::default();
    for start in Board::start_boards() {
        reference.solve(start.pits());
    }
    let boards: Vec<[u8; 7]> = reference.boards().copied().collect();
    assert!(boards.len() > 1000);
    for pits in boards {
        let board = Board::new(pits).expect("valid");
        let (value, best) = reference.solve(pits);
        let best: PitSet = best
            .into_iter()
            .map(|n| Pit::new(n as u8).expect("valid"))
            .collect();
        assert_eq!(i32::from(table().value(board)), value, "value of {board}");
        assert_eq!(table().best_moves(board), best, "best moves of {board}");
    }
}

#[test]
fn table_obeys_the_game_rules_on_every_board() {
    assert_eq!(table().value(Board::EMPTY), 0);
    assert_eq!(table().best_moves(Board::EMPTY), PitSet::EMPTY);
    assert_eq!(table().first_best_move(Board::EMPTY), None);
    for index in 1..BOARD_COUNT {
        let board = Board::from_index(index).expect("index in range");
        let best = table().best_moves(board);
        assert!(!best.is_empty(), "{board} has no best move");
        assert_eq!(
            best.bits() & !board.legal_moves().bits(),
            0,
            "{board}: illegal best move"
        );
        // The best possible and worst possible outcomes bound the value by the beads left.
        let beads = board.total_beads() as i8;
        assert!((-beads..=beads).contains(&table().value(board)), "{board}");
    }
}

#[test]
fn table_fits_in_a_megabyte() {
    assert!(table().memory_bytes() >= 2 * BOARD_COUNT as usize);
    assert!(
        table().memory_bytes() <= 1 << 20,
        "{} bytes",
        table().memory_bytes()
    );
}

fn assert_matches_table(solver: &ReachableSolver, board: Board) {
    assert_eq!(
        solver.value(board),
        table().value(board),
        "value of {board}"
    );
    assert_eq!(
        solver.best_moves(board),
        table().best_moves(board),
        "moves of {board}"
    );
}

#[test]
fn reachable_solver_solves_exactly_the_reachable_boards_and_their_turns_and_agrees_with_the_table()
{
    let mut starts = official_boards();
    starts.push("4 3 2 4 2 3 2".parse().expect("valid"));
    // The fullest board reaches far more boards than a start board: the cache has to grow.
    starts.push("5 5 5 5 5 5 5".parse().expect("valid"));
    for start in starts {
        let solver = ReachableSolver::solve_from(start);
        let reachable = reachable_boards(start);
        // The solver answers for every turn of a board it solved, and for nothing else.
        let turned: HashSet<Board> = reachable
            .iter()
            .flat_map(|board| (0..7).map(|steps| board.rotated(steps)))
            .collect();
        assert_eq!(solver.solved_count(), turned.len(), "from {start}");
        for board in turned {
            assert!(solver.knows(board));
            assert_matches_table(&solver, board);
        }
    }
}

#[test]
fn reachable_solver_extended_over_all_starts_agrees_with_the_table() {
    let mut solver = ReachableSolver::solve_from(Board::EMPTY);
    for start in Board::start_boards() {
        solver.extend(start);
    }
    let mut known = 0;
    for index in 0..BOARD_COUNT {
        let board = Board::from_index(index).expect("index in range");
        if solver.knows(board) {
            known += 1;
            assert_matches_table(&solver, board);
        }
    }
    assert_eq!(known, solver.solved_count());
}

#[test]
fn reachable_solver_answers_for_unreached_boards_too() {
    let solver = ReachableSolver::solve_from("0 0 0 0 0 0 1".parse().expect("valid"));
    let elsewhere: Board = "5 5 5 5 5 5 5".parse().expect("valid");
    assert!(!solver.knows(elsewhere));
    assert_matches_table(&solver, elsewhere);
    assert_eq!(
        solver.move_values(elsewhere),
        table().move_values(elsewhere)
    );
}

#[test]
fn move_values_are_gain_minus_the_value_left() {
    let example: Board = "4 3 2 4 2 3 2".parse().expect("valid");
    let values = table().move_values(example);
    for pit in Pit::ALL {
        let sowing = example.play(pit).expect("no pit is empty");
        let expected = i8::try_from(sowing.mover_gain).unwrap()
            - i8::try_from(sowing.opponent_gain).unwrap()
            - table().value(sowing.board);
        assert_eq!(values[pit.index()], Some(expected));
    }
    let best = values.iter().flatten().max().copied();
    assert_eq!(best, Some(table().value(example)));
    assert_eq!(table().move_values(Board::EMPTY), [None; 7]);
}
