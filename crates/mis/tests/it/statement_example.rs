//! The example game from the task statement.

use duel_mis::{Bolek, Game, Move, Player, Position};

#[test]
fn the_statement_game_is_legal_and_bolek_wins() {
    let start = Position::new(7, 2, 3).unwrap();
    let moves = [
        Move::both(1), // Bolek: 6 and 1 left
        Move::pooh(3), // Lolek: 3 and 1
        Move::pooh(1), // Bolek: 2 and 1
        Move::both(1), // Lolek: 1 and 0
        Move::pooh(1), // Bolek takes the last stick
    ];
    let game = Game::replay(start, moves).unwrap();
    assert_eq!(game.winner(), Some(Player::Bolek));

    let mut pool = Vec::new();
    let mut at = start;
    for (i, &mv) in moves.iter().enumerate() {
        if i % 2 == 0 {
            // Each of Bolek's moves in the statement is a winning one.
            assert!(at.winning_moves().contains(&mv), "{mv} at {at}");
        }
        at = at.play(mv).unwrap();
        pool.push((at.p(), at.e()));
    }
    assert_eq!(pool, [(6, 1), (3, 1), (2, 1), (1, 0), (0, 0)]);
}

#[test]
fn our_bolek_wins_the_statement_position_where_lolek_replies_as_in_the_example() {
    let start = Position::new(7, 2, 3).unwrap();
    let mut bolek = Bolek::new(start);
    // Where the example lets Bolek move, our Bolek's move is legal and wins.
    for (p, e) in [(7, 2), (3, 1), (1, 0)] {
        let at = Position::new_unchecked_limits(p, e, 3).unwrap();
        let mv = bolek.next_move(p, e);
        let after = at.play(mv).unwrap();
        assert!(!after.is_win(), "{mv} at {at}");
    }
    assert_eq!(bolek.next_move(1, 0), Move::pooh(1));
    assert_eq!(bolek.next_move(3, 1), Move::pooh(1));
}
