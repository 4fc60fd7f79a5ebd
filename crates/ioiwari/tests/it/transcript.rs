//! The ioiwari.out text of the statement's worked example, and the other endings.

use duel_ioiwari::transcript::{ending_line, Ending, Transcript};
use duel_ioiwari::{Banks, Board, Pit, Player, Position};

#[test]
fn the_worked_example_game_transcript() {
    let start: Board = "4 3 2 4 2 3 2".parse().expect("valid");
    let mut transcript = Transcript::new(start);
    assert_eq!(transcript.start_line(), "start 4 3 2 4 2 3 2 banks 0 0\n");
    let mut position = Position::start(start);
    let mut lines = Vec::new();
    for pit in [2, 3, 5, 4, 5, 7] {
        let pit = Pit::new(pit).expect("valid");
        let player = position.to_move;
        position = position.play(pit).expect("legal");
        lines.push(transcript.record(player, pit, &position));
    }
    let last = transcript.finish(&Ending::Finished(position.banks));
    assert_eq!(lines[0], "1. player 1 plays 2 -> 4 0 3 5 0 3 2 banks 3 0\n");
    assert_eq!(last, "result: player 1 wins 11-9\n");
    assert_eq!(transcript.moves(), 6);
    let expected = "\
start 4 3 2 4 2 3 2 banks 0 0
1. player 1 plays 2 -> 4 0 3 5 0 3 2 banks 3 0
2. player 2 plays 3 -> 4 0 0 4 1 4 0 banks 3 4
3. player 1 plays 5 -> 4 0 0 4 0 0 0 banks 8 4
4. player 2 plays 4 -> 0 0 0 0 1 1 1 banks 8 9
5. player 1 plays 5 -> 0 0 0 0 0 0 1 banks 10 9
6. player 2 plays 7 -> 0 0 0 0 0 0 0 banks 11 9
result: player 1 wins 11-9
";
    assert_eq!(transcript.text(), expected);
}

#[test]
fn endings() {
    assert_eq!(
        ending_line(&Ending::Finished(Banks { one: 10, two: 10 })),
        "result: draw 10-10\n"
    );
    assert_eq!(
        ending_line(&Ending::Finished(Banks { one: 9, two: 11 })),
        "result: player 2 wins 11-9\n"
    );
    assert_eq!(
        ending_line(&Ending::Aborted {
            player: Player::One,
            reason: "pit 4 is empty at 4 0 0 0 1 1 1".into()
        }),
        "aborted: player 1: pit 4 is empty at 4 0 0 0 1 1 1\n"
    );
    assert_eq!(
        ending_line(&Ending::Aborted {
            player: Player::Two,
            reason: "wrote \"x\nyz\"\n".into()
        }),
        "aborted: player 2: wrote \"x yz\"\n"
    );
}
