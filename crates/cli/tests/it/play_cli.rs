//! `duel ioiwari play` and `duel mis play` with their input piped in (no terminal), as a
//! script or a person at a pipe would use them.
//!
//! The person's moves are chosen here from the rules libraries; the computer's answers are
//! predicted from the documented engines (`perfect`: the remoteness-preferred Ioiwari move, a
//! winning move or one stick in Pooh-Eeyore-sticks; `greedy`: `duel_ioiwari::greedy_move`).

use duel_ioiwari::remoteness::Remoteness;
use duel_ioiwari::{greedy_move, Board, Oracle, Pit, Player, Position};
use duel_mis::{Move, Position as MisPosition};
use duel_test_support::process::WithStdin;
use duel_test_support::{bin, duel};

/// Runs `duel ARGS` with `input` piped in; returns exit code and stdout.
fn run(args: &[&str], input: &str) -> (i32, String) {
    let output = duel!().args(args).output_with_stdin(input);
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8(output.stdout).unwrap(),
    )
}

/// The person's inputs for a whole Ioiwari game: `choose` picks the person's pit, the
/// computer answers as `engine` does. Returns the lines and the final position.
fn ioiwari_script(
    start: Board,
    human: Player,
    mut choose: impl FnMut(&Position, usize) -> Pit,
    engine: impl Fn(&Position) -> Pit,
) -> (Vec<String>, Position) {
    let mut lines = Vec::new();
    let mut position = Position::start(start);
    let mut my_moves = 0;
    while !position.is_over() {
        let pit = if position.to_move == human {
            let pit = choose(&position, my_moves);
            my_moves += 1;
            lines.push(pit.to_string());
            pit
        } else {
            engine(&position)
        };
        position = position.play(pit).unwrap();
    }
    (lines, position)
}

/// A finished game's result as the judge and `ioiwari2` say it: the winner's beads first.
fn result_text(end: &Position) -> String {
    let (one, two) = (end.banks.one, end.banks.two);
    match one.cmp(&two) {
        std::cmp::Ordering::Greater => format!("player 1 wins {one}-{two}"),
        std::cmp::Ordering::Less => format!("player 2 wins {two}-{one}"),
        std::cmp::Ordering::Equal => format!("draw {one}-{two}"),
    }
}

/// "3", "3 or 5", "1, 3 or 5": the pits with beads, as `play` offers them.
fn either(pits: &[Pit]) -> String {
    let names: Vec<String> = pits.iter().map(Pit::to_string).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => names.join(""),
    }
}

#[test]
fn ioiwari_a_lost_game_puts_the_winners_beads_first_and_an_empty_pit_names_the_others() {
    let solver = Remoteness::solve();
    let start: Board = "4 3 2 4 2 3 2".parse().unwrap();
    // The person plays the worst move every turn, and first types an empty pit whenever the
    // board has one: `play` must refuse it, naming the pits with beads.
    let mut expected = Vec::new();
    let mut lines = Vec::new();
    let (moves, end) = ioiwari_script(
        start,
        Player::One,
        |p, _| {
            let worst = solver
                .analyze(p)
                .moves
                .iter()
                .min_by_key(|m| m.final_margin)
                .unwrap()
                .pit;
            let legal = p.board.legal_moves();
            if let Some(empty) = (1..=7)
                .map(|n| Pit::new(n).unwrap())
                .find(|pit| !legal.contains(*pit))
            {
                let pits: Vec<Pit> = legal.iter().collect();
                expected.push((
                    pits.len(),
                    format!("Pit {empty} is empty; choose pit {}.", either(&pits)),
                ));
                lines.push(empty.to_string());
            }
            lines.push(worst.to_string());
            worst
        },
        |p| solver.preferred_move(p).unwrap(),
    );
    assert!(!moves.is_empty());
    let (code, out) = run(
        &["ioiwari", "play", "--side", "1", "--strength", "perfect"],
        &(lines.join("\n") + "\n"),
    );
    assert_eq!(code, 0, "{out}");
    // The game was lost, and its result has player 2's beads first.
    assert!(end.banks.two > end.banks.one, "{out}");
    let result = result_text(&end);
    assert!(result.starts_with("player 2 wins "), "{result}");
    assert!(
        out.contains(&format!("Game over: {result}. You lose.")),
        "{result}:\n{out}"
    );
    // Every empty pit typed was refused with the pits there were; once there was only one.
    for (_, message) in &expected {
        assert!(out.contains(message), "{message}:\n{out}");
    }
    assert!(expected.iter().any(|(n, _)| *n == 1), "{expected:?}");
    assert!(expected.iter().any(|(n, _)| *n > 2), "{expected:?}");
    assert!(!out.contains("choose one of"), "{out}");
}

#[test]
fn ioiwari_best_play_with_hint_undo_and_bad_input() {
    let solver = Remoteness::solve();
    let start: Board = "4 3 2 4 2 3 2".parse().unwrap();
    let (moves, end) = ioiwari_script(
        start,
        Player::One,
        |p, _| solver.first_best_move(p.board).unwrap(),
        |p| solver.preferred_move(p).unwrap(),
    );
    // hint first; nonsense, an out-of-range pit; the first move, undo, the same move again.
    let mut input = vec![
        "hint".to_string(),
        "x".into(),
        "9".into(),
        moves[0].clone(),
        "undo".into(),
    ];
    input.extend(moves.iter().cloned());
    let (code, out) = run(
        &["ioiwari", "play", "--side", "1"],
        &(input.join("\n") + "\n"),
    );
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("You are player 1"), "{out}");
    // The hint names every legal pit of the start board.
    for pit in start.legal_moves() {
        assert!(
            out.contains(&format!("  pit {pit}: ")),
            "hint for pit {pit}:\n{out}"
        );
    }
    assert!(out.contains("\"x\" is not a pit number"), "{out}");
    assert!(out.contains("\"9\" is not a pit number"), "{out}");
    assert!(out.contains("Taken back."), "{out}");
    let value = i32::from(solver.value(start));
    assert_eq!(end.banks.difference_for(Player::One), value);
    assert!(end.banks.one > end.banks.two);
    assert!(
        out.contains(&format!("Game over: {}. You win!", result_text(&end))),
        "{out}"
    );
    assert!(out.contains("You made no mistake"), "{out}");
}

/// The task's start board, on which player 1 opens with pit 1 (which only draws: pits 2, 4 and
/// 7 win by 2) and plays best afterwards against the perfect computer: the start, that pit, what
/// `duel ioiwari play` printed and the end.
fn ioiwari_play_opening_with_pit_1(solver: &Remoteness) -> (Board, Pit, String, Position) {
    let start: Board = "4 3 2 4 2 3 2".parse().unwrap();
    let first = Pit::new(1).unwrap();
    assert!(!solver.best_moves(start).contains(first));
    let (moves, end) = ioiwari_script(
        start,
        Player::One,
        |p, n| {
            if n == 0 {
                first
            } else {
                solver.first_best_move(p.board).unwrap()
            }
        },
        |p| solver.preferred_move(p).unwrap(),
    );
    let (code, out) = run(
        &["ioiwari", "play", "--side", "1", "--strength", "perfect"],
        &(moves.join("\n") + "\n"),
    );
    assert_eq!(code, 0, "{out}");
    (start, first, out, end)
}

#[test]
fn ioiwari_names_the_first_mistake() {
    let solver = Remoteness::solve();
    let (_, _, out, end) = ioiwari_play_opening_with_pit_1(&solver);
    assert!(
        out.contains(
            "Move 1 of the game, pit 1, was your first mistake: with best play from there it ends \
             in a draw; pit 2, 4 or 7 would have won by 2 (2 beads given away)."
        ),
        "{out}"
    );
    // The game's own end may differ from what the mistake allowed: it is not called "final".
    assert!(!out.contains("led to a final"), "{out}");
    assert!(
        out.contains(&format!("Game over: {}.", result_text(&end))),
        "{out}"
    );
}

#[test]
fn ioiwari_as_player_2_against_greedy_chosen_at_the_prompt() {
    let solver = Remoteness::solve();
    let start: Board = "3 3 3 3 2 3 3".parse().unwrap();
    let (moves, end) = ioiwari_script(
        start,
        Player::Two,
        |p, _| solver.first_best_move(p.board).unwrap(),
        |p| greedy_move(p.board).unwrap(),
    );
    // No --side: the first line answers the question.
    let input = format!("2\n{}\n", moves.join("\n"));
    let (code, out) = run(
        &[
            "ioiwari",
            "play",
            "--board",
            "3 3 3 3 2 3 3",
            "--strength",
            "greedy",
        ],
        &input,
    );
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Which side do you play?"), "{out}");
    assert!(out.contains("You are player 2"), "{out}");
    // Optimal play as player 2 never does worse than the value allows.
    assert!(end.banks.difference_for(Player::Two) >= -i32::from(solver.value(start)));
    assert!(
        out.contains(&format!("Game over: {}.", result_text(&end))),
        "{out}"
    );
}

#[test]
fn ioiwari_input_ending_early_abandons_the_game() {
    let (code, out) = run(&["ioiwari", "play", "--side", "1"], "2\n");
    assert_eq!(code, 1);
    assert!(out.contains("the game is abandoned"), "{out}");
    let (code, out) = run(&["ioiwari", "play"], "");
    assert_eq!(code, 1);
    assert!(out.contains("before the game began"), "{out}");
}

#[test]
fn ioiwari_play_refuses_bad_arguments() {
    for (args, needle) in [
        (
            &["ioiwari", "play", "--board", "4 3 2"][..],
            "invalid board",
        ),
        (&["ioiwari", "play", "--side", "3"], "--side"),
        (&["ioiwari", "play", "--strength", "strong"], "strong"),
        (&["ioiwari", "play", "--board", "0 0 0 0 0 0 0"], "no beads"),
    ] {
        let output = duel!().args(args).output_with_stdin("");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
    }
}

// ---- Pooh-Eeyore-sticks --------------------------------------------------------------------

/// The documented perfect engine: a winning move, else one poohstick (or eeyorestick).
fn perfect_mis(position: &MisPosition) -> Move {
    position.winning_move().unwrap_or(if position.p() > 0 {
        Move::pooh(1)
    } else {
        Move::eeyore(1)
    })
}

fn mis_script(
    start: MisPosition,
    mut choose: impl FnMut(&MisPosition, usize) -> Move,
) -> (Vec<String>, bool) {
    let mut lines = Vec::new();
    let mut position = start;
    let mut bolek_to_move = true;
    let mut my_moves = 0;
    loop {
        let mv = if bolek_to_move {
            let mv = choose(&position, my_moves);
            my_moves += 1;
            lines.push(format!("{} {}", mv.take_p, mv.take_e));
            mv
        } else {
            perfect_mis(&position)
        };
        position = position.play(mv).unwrap();
        if position.is_over() {
            return (lines, bolek_to_move);
        }
        bolek_to_move = !bolek_to_move;
    }
}

#[test]
fn mis_bolek_wins_with_winning_moves_in_every_notation() {
    let start = MisPosition::new(7, 2, 3).unwrap();
    let (moves, bolek_won) = mis_script(start, |p, _| p.winning_move().unwrap());
    assert!(bolek_won);
    // hint, an illegal move, then the first move typed in letters ("b 1", "p 2"...), undo,
    // and the whole game again as numbers.
    let first = start.winning_move().unwrap();
    let lettered = match (first.take_p, first.take_e) {
        (p, e) if p == e => format!("b {p}"),
        (p, 0) => format!("p {p}"),
        (_, e) => format!("e {e}"),
    };
    let mut input = vec!["hint".to_string(), "2 1".into(), lettered, "undo".into()];
    input.extend(moves.iter().cloned());
    let (code, out) = run(
        &["mis", "play", "7", "2", "3", "--side", "1"],
        &(input.join("\n") + "\n"),
    );
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("You can win: take 1 of each; take 2 poohsticks."),
        "{out}"
    );
    assert!(out.contains("Not allowed:"), "{out}");
    assert!(out.contains("Taken back."), "{out}");
    assert!(
        out.contains("Game over: Bolek took the last stick and wins. You win!"),
        "{out}"
    );
    assert!(out.contains("You made no mistake."), "{out}");
}

#[test]
fn mis_names_the_first_mistake() {
    let start = MisPosition::new(7, 2, 3).unwrap();
    // Taking 3 poohsticks leaves (4, 2): residues (0, 2), a win for Lolek.
    assert!(start.play(Move::pooh(3)).unwrap().is_win());
    let (moves, bolek_won) = mis_script(start, |p, n| {
        if n == 0 {
            Move::pooh(3)
        } else {
            perfect_mis(p)
        }
    });
    assert!(!bolek_won, "the perfect Lolek punishes the mistake");
    let (code, out) = run(&["mis", "play", "--side", "1"], &(moves.join("\n") + "\n"));
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("Game over: Lolek took the last stick and wins. You lose."),
        "{out}"
    );
    assert!(
        out.contains(
            "Move 1 of the game, at (7, 2), was your first mistake: you chose to take 3 \
             poohsticks, which left the other side a winning position; "
        ),
        "{out}"
    );
}

#[test]
fn mis_play_refuses_bad_arguments() {
    for (args, needle) in [
        (
            &["mis", "play", "10000001", "1", "3"][..],
            "10000001 poohsticks is outside",
        ),
        (&["mis", "play", "0", "0", "3"], "empty"),
        (&["mis", "play", "1", "1", "0"], "PE-bound 0 is outside"),
        (&["mis", "play", "--side", "x"], "--side"),
    ] {
        let output = duel!().args(args).output_with_stdin("");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
    }
}

// ---- ioiwari2 by hand and in a pipe ---------------------------------------------------------

/// The lines a player 1 sends ioiwari2 for a whole game from `start`, always sowing its lowest
/// non-empty pit, with ioiwari2 answering its first optimal pit; `extra(position)` may put lines
/// before each move (typos). Returns the lines and how many moves player 1 made.
fn ioiwari2_game(start: Board, mut extra: impl FnMut(&Position) -> Vec<String>) -> (String, usize) {
    let solver = duel_ioiwari::ReachableSolver::solve_from(start);
    let mut position = Position::start(start);
    let mut lines = String::new();
    let mut moves = 0;
    while !position.is_over() {
        for line in extra(&position) {
            lines += &format!("{line}\n");
        }
        let pit = position.board.legal_moves().iter().next().unwrap();
        lines += &format!("{pit}\n");
        moves += 1;
        position = position.play(pit).unwrap();
        if let Some(reply) = solver.best_moves(position.board).iter().next() {
            position = position.play(reply).unwrap();
        }
    }
    (lines, moves)
}

#[test]
fn ioiwari2_by_hand_at_a_terminal_prompts_redraws_and_asks_again() {
    let dir = tempfile::tempdir().unwrap();
    let start: Board = "4 3 2 4 2 3 2".parse().unwrap();
    let mut asked = 0;
    let (input, moves) = ioiwari2_game(start, |position| {
        // Three kinds of typo: two before the first move, an empty pit before the second.
        asked += 1;
        match asked {
            1 => vec!["x".into(), "8".into()],
            2 => {
                let empty = position.board.pits().iter().position(|&beads| beads == 0);
                vec![(empty.expect("the first answer empties a pit") + 1).to_string()]
            }
            _ => vec![],
        }
    });
    let typos = input.lines().count() - moves;
    assert!(typos >= 3, "{input}");
    // `script` runs ioiwari2 on a pseudo-terminal: standard input, output and error alike.
    let command = format!(
        "{} --log game.out",
        duel_test_support::shell_word(env!("CARGO_BIN_EXE_ioiwari2"))
    );
    let output = std::process::Command::new("timeout")
        .args(["60", "script", "-q", "-e", "-c", &command, "/dev/null"])
        .current_dir(dir.path())
        .env("TERM", "xterm")
        .output_with_stdin(&input);
    let screen = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{screen}");
    let log = std::fs::read_to_string(dir.path().join("game.out")).unwrap();
    assert!(log.lines().last().unwrap().starts_with("result: "), "{log}");
    // One prompt per question: the moves and every typo asked again.
    let prompts = screen
        .matches("Your move, player 1 (a pit with beads: ")
        .count();
    assert_eq!(prompts, moves + typos, "{screen}");
    assert!(
        screen.contains("expected a pit number, got \"x\"; please type pit 1, 2, 3, 4, 5, 6 or 7."),
        "{screen}"
    );
    assert!(screen.contains("there is no pit 8"), "{screen}");
    assert!(
        screen.contains(" is empty at ") && screen.contains("; please type pit "),
        "{screen}"
    );
    // The board is redrawn in place: once at the start, after each answer, at the end.
    assert!(screen.matches("\x1b[H\x1b[2J").count() > moves, "{screen}");
    assert!(
        screen.contains("player 2 (ioiwari2) plays pit "),
        "{screen}"
    );
    assert!(screen.contains("game over: "), "{screen}");
}

#[test]
fn ioiwari2_in_a_pipe_says_when_player_1_is_silent_for_2_seconds() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let mut child = bin!("ioiwari2")
        .args(["--log", "game.out"])
        .current_dir(dir.path())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // A player 1 that has not flushed its first move: nothing arrives for a while.
    std::thread::sleep(std::time::Duration::from_millis(2600));
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"1\n").unwrap();
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("still waiting for player 1's move after 2 s: player 1 must write its pit and a newline and then flush its output"),
        "{stderr}"
    );
    assert_eq!(stderr.matches("still waiting").count(), 1, "{stderr}");
    // The pipe stays the protocol: the start board, then ioiwari2's pit.
    assert_eq!(output.status.code(), Some(1), "the input ended mid-game");
    assert_eq!(String::from_utf8_lossy(&output.stdout).lines().count(), 2);

    // A player that answers at once hears nothing of the kind.
    let (input, _) = ioiwari2_game("4 3 2 4 2 3 2".parse().unwrap(), |_| vec![]);
    let output = bin!("ioiwari2")
        .args(["--log", "quick.out"])
        .current_dir(dir.path())
        .output_with_stdin(&input);
    assert_eq!(output.status.code(), Some(0));
    assert!(output.stderr.is_empty(), "{output:?}");
}

#[test]
fn ioiwari2_in_a_pipe_ends_the_game_at_a_typo() {
    let dir = tempfile::tempdir().unwrap();
    let output = bin!("ioiwari2")
        .args(["--log", "game.out"])
        .current_dir(dir.path())
        .output_with_stdin("x\n1\n");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "4 3 2 4 2 3 2\n");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        stderr,
        "ioiwari2: player 1: expected a pit number, got \"x\"\n"
    );
    let log = std::fs::read_to_string(dir.path().join("game.out")).unwrap();
    assert!(
        log.ends_with("aborted: player 1: expected a pit number, got \"x\"\n"),
        "{log}"
    );
}

#[test]
fn each_games_play_help_speaks_of_its_own_game() {
    let help = |game: &str| {
        let output = duel!().args([game, "play", "--help"]).output().unwrap();
        assert!(output.status.success());
        String::from_utf8(output.stdout).unwrap()
    };
    let ioiwari = help("ioiwari");
    assert!(ioiwari.contains("pit"), "{ioiwari}");
    for foreign in ["Lolek", "Pooh-Eeyore", "adversarial", "stick"] {
        assert!(!ioiwari.contains(foreign), "{foreign} in: {ioiwari}");
    }
    let mis = help("mis");
    assert!(mis.contains("Loleks"), "{mis}");
    assert!(!mis.contains("pit "), "{mis}");
}

// ---- a game's address: --moves, help, hints, the ring -----------------------------------

#[test]
fn ioiwari_play_goes_on_from_an_addresss_moves() {
    let start: Board = "4 3 2 4 2 3 2".parse().unwrap();
    // Moves from the rules library: the first legal pit, then the last, then the first.
    let mut position = Position::start(start);
    let mut pits = Vec::new();
    for k in 0..3 {
        let legal: Vec<Pit> = position.board.legal_moves().into_iter().collect();
        let pit = if k % 2 == 0 {
            legal[0]
        } else {
            legal[legal.len() - 1]
        };
        pits.push(pit.to_string());
        position = position.play(pit).unwrap();
    }
    let text = pits.join(".");
    // After three moves player 2 is to move: the person plays player 2 and quits at once.
    let (code, out) = run(
        &["ioiwari", "play", "--side", "2", "--moves", &text],
        "quit\n",
    );
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains(&format!(
            "Replayed 3 moves from --moves: pits {}.",
            pits.join(" ")
        )),
        "{out}"
    );
    // The ring drawn is the position after them: each pit's count beside its number.
    let drawn = out.split("Replayed").nth(1).unwrap();
    for (index, beads) in position.board.pits().into_iter().enumerate() {
        assert!(
            drawn.contains(&format!("{}: {beads}", index + 1)),
            "pit {}: {drawn}",
            index + 1
        );
    }
    assert!(
        drawn.contains(&format!("bank [{:>2}]", position.banks.one)),
        "{drawn}"
    );
    assert!(
        drawn.contains(&format!("bank [{:>2}]", position.banks.two)),
        "{drawn}"
    );
}

#[test]
fn ioiwari_play_refuses_moves_that_cannot_be_played_naming_the_move() {
    // The start's pit 1 holds 4 beads: after it, pit 1 is empty and cannot be sown again.
    for (moves, needle) in [
        ("1.1", "move 2 (pit 1) cannot be played"),
        ("2.8", "move 2 (\"8\") is not a pit 1..7"),
        ("x", "move 1 (\"x\") is not a pit 1..7"),
    ] {
        let output = duel!()
            .args(["ioiwari", "play", "--side", "1", "--moves", moves])
            .output_with_stdin("");
        assert_eq!(output.status.code(), Some(2), "{moves}");
        assert!(
            output.stdout.is_empty(),
            "nothing is asked before the moves are checked"
        );
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(needle), "{moves}: {stderr}");
    }
}

#[test]
fn help_states_the_rules_and_hints_explain_their_marks() {
    let (_, ioiwari) = run(&["ioiwari", "play", "--side", "1"], "help\nhint\nquit\n");
    for words in [
        "pit 7 is followed by pit 1",
        "holding 5",
        "1 to 4 beads",
        "fuller bank wins",
    ] {
        assert!(ioiwari.contains(words), "{words}: {ioiwari}");
    }
    assert!(ioiwari.contains("(best, preferred)"), "{ioiwari}");
    assert!(
        ioiwari.contains("best: keeps the best final result"),
        "{ioiwari}"
    );
    assert!(
        ioiwari.contains("preferred: the best move the"),
        "{ioiwari}"
    );
    let (_, mis) = run(&["mis", "play", "--side", "1"], "help\nquit\n");
    for words in [
        "Bolek moves first",
        "1 to B sticks of one kind",
        "Whoever takes the last stick wins",
    ] {
        assert!(mis.contains(words), "{words}: {mis}");
    }
}

#[test]
fn the_ioiwari_board_is_drawn_as_a_ring() {
    let (_, out) = run(&["ioiwari", "play", "--side", "1"], "quit\n");
    let lines: Vec<&str> = out.lines().collect();
    let at = |label: &str| {
        lines
            .iter()
            .enumerate()
            .find_map(|(row, line)| line.find(label).map(|column| (row, column)))
            .unwrap_or_else(|| panic!("{label}: {out}"))
    };
    let pits: Vec<(usize, usize)> = "4 3 2 4 2 3 2"
        .split(' ')
        .enumerate()
        .map(|(k, beads)| at(&format!("{}: {beads}", k + 1)))
        .collect();
    // Clockwise from the top: pit 1 highest; 2, 3 on the right going down; 4, 5 at the bottom;
    // 6, 7 on the left going up, so that 7 stands next to 1 again.
    let centre = pits[0].1;
    assert!(pits.iter().skip(1).all(|&(row, _)| row > pits[0].0));
    assert!(pits[1].1 > centre && pits[2].1 > centre && pits[3].1 > centre);
    assert!(pits[4].1 < centre && pits[5].1 < centre && pits[6].1 < centre);
    assert!(pits[1].0 < pits[2].0 && pits[2].0 < pits[3].0);
    assert!(pits[4].0 > pits[5].0 && pits[5].0 > pits[6].0);
    assert_eq!(pits[3].0, pits[4].0);
    let ring = &lines[pits[0].0..=pits[3].0 + 1];
    assert!(ring.iter().all(|line| line.chars().count() <= 80), "{out}");
}

#[test]
fn mis_play_goes_on_from_an_addresss_moves_and_refuses_bad_ones() {
    let (code, out) = run(
        &[
            "mis", "play", "7", "2", "3", "--side", "1", "--moves", "1-1.0-1",
        ],
        "quit\n",
    );
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Replayed 2 moves from --moves."), "{out}");
    // 7 2 less one of each, less one eeyorestick: 6 poohsticks, none of the other.
    let after = MisPosition::new(7, 2, 3)
        .unwrap()
        .play(Move::both(1))
        .unwrap()
        .play(Move::eeyore(1))
        .unwrap();
    assert!(
        out.contains(&format!("poohsticks   {:>8}", after.p())),
        "{out}"
    );
    assert!(
        out.contains(&format!("eeyoresticks {:>8}", after.e())),
        "{out}"
    );
    for (moves, needle) in [
        ("1-1.4-0", "move 2 (4-0) cannot be played"),
        ("2", "move 1 (\"2\") is not"),
    ] {
        let output = duel!()
            .args(["mis", "play", "--side", "1", "--moves", moves])
            .output_with_stdin("");
        assert_eq!(output.status.code(), Some(2), "{moves}");
        assert!(output.stdout.is_empty(), "{moves}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.contains(needle), "{moves}: {stderr}");
    }
}

/// The line of `out` that names a first mistake.
fn mistake_line(out: &str) -> &str {
    out.lines()
        .find(|line| line.contains(" first mistake: "))
        .unwrap_or_else(|| panic!("no mistake named: {out}"))
}

#[test]
fn ioiwari_play_the_judge_and_the_page_name_a_mistake_in_one_sentence() {
    let solver = Remoteness::solve();
    let table = duel_ioiwari::Table::solve();
    let (start, first, out, _) = ioiwari_play_opening_with_pit_1(&solver);
    let play = mistake_line(&out);
    // The whole game again, for the judge's referee and the page's document.
    let mut position = Position::start(start);
    let (mut pits, mut player_moves) = (Vec::new(), Vec::new());
    while !position.is_over() {
        let pit = match (position.to_move, player_moves.len()) {
            (Player::One, 0) => first,
            (Player::One, _) => solver.first_best_move(position.board).unwrap(),
            (Player::Two, _) => solver.preferred_move(&position).unwrap(),
        };
        if position.to_move == Player::One {
            player_moves.push(duel_ioiwari::mistake::PlayerMove {
                number: pits.len() as u32 + 1,
                board: position.board,
                banks: position.banks,
                pit,
            });
        }
        pits.push(pit.to_string());
        position = position.play(pit).unwrap();
    }
    let judge = duel_arena::ioiwari::first_mistake(&table, &player_moves).expect("a mistake");
    let moves: Vec<&str> = pits.iter().map(String::as_str).collect();
    let doc = duel_analysis::documents::ioiwari::game(&solver, &Position::start(start), &moves);
    let page = &doc.first_mistake_texts[0];
    assert_eq!(play, page, "terminal play and the page");
    // The judge speaks of player 1 where play speaks to the person; nothing else differs.
    assert_eq!(
        judge,
        play.replace("was your first mistake", "was player 1's first mistake"),
        "the judge and terminal play"
    );
}

#[test]
fn mis_play_the_judge_and_the_page_name_a_mistake_in_one_sentence() {
    use duel_arena::mis::{MoveEvent, Referee};
    use duel_mis::LolekKind;

    let start = MisPosition::new(7, 2, 3).unwrap();
    // Taking 3 poohsticks leaves (4, 2): residues (0, 2), a win for Lolek.
    assert!(start.is_win() && start.play(Move::pooh(3)).unwrap().is_win());
    let bolek = |p: &MisPosition, n: usize| {
        if n == 0 {
            Move::pooh(3)
        } else {
            perfect_mis(p)
        }
    };
    let (typed, bolek_won) = mis_script(start, bolek);
    assert!(!bolek_won, "the perfect Lolek punishes the mistake");
    let (code, out) = run(&["mis", "play", "--side", "1"], &(typed.join("\n") + "\n"));
    assert_eq!(code, 0, "{out}");
    let play = mistake_line(&out);
    // The same game before the judge's referee (its optimal Lolek) and in the page's document.
    let mut referee = Referee::new(start, LolekKind::Optimal);
    let mut events: Vec<MoveEvent> = Vec::new();
    let mut bolek_moves = 0;
    loop {
        let mv = bolek(&referee.position(), bolek_moves);
        bolek_moves += 1;
        let flow = referee.bolek(mv.take_p.into(), mv.take_e.into(), &mut events);
        if flow.is_break() || referee.lolek(&mut events).unwrap().is_break() {
            break;
        }
    }
    let judge = referee.first_mistake().expect("a mistake").to_string();
    let moves: Vec<String> = events
        .iter()
        .map(|event| format!("{}-{}", event.taken.take_p, event.taken.take_e))
        .collect();
    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
    let doc = duel_analysis::documents::mis::game(&start, &moves);
    assert!(doc.stopped.is_none() && doc.winner == Some(2), "{moves:?}");
    let page = &doc.first_mistake_texts[0];
    assert_eq!(play, page, "terminal play and the page");
    // The judge speaks of Bolek where play speaks to the person; nothing else differs.
    assert_eq!(
        judge,
        play.replace(
            "was your first mistake: you chose",
            "was Bolek's first mistake: Bolek chose"
        ),
        "the judge and terminal play"
    );
}
