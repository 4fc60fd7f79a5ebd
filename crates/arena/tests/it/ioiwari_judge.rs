//! The Ioiwari judge library with scripted players whose games are known in advance.

use crate::judge_player;
use duel_arena::judge::{Observer, Settings};
use duel_arena::output::TestResult;
use duel_arena::Verdict;
use duel_ioiwari::{greedy_move, Board, Outcome, Pit, Player, Position, Table};
use duel_sandbox::{Limits, ProgramCommand};
use duel_test_support::sh_script;
use std::path::Path;
use std::sync::atomic::Ordering;
use std::time::Duration;

#[derive(Default)]
struct Collect {
    results: Vec<TestResult>,
    logs: Vec<String>,
    progress: Vec<usize>,
}

impl Observer for Collect {
    fn progress(&mut self, done: usize, _planned: usize) {
        self.progress.push(done);
    }
    fn result(&mut self, _submission: usize, result: &TestResult, log: &str) {
        self.results.push(result.clone());
        self.logs.push(log.to_owned());
    }
}

/// A game simulated here, with the rules crate: greedy player 1 against the first optimal
/// player 2.
struct Simulated {
    player_moves: Vec<Pit>,
    all_moves: Vec<Pit>,
    final_position: Position,
}

fn simulate_greedy(table: &Table, board: Board) -> Simulated {
    let mut position = Position::start(board);
    let (mut player_moves, mut all_moves) = (Vec::new(), Vec::new());
    while !position.is_over() {
        let pit = match position.to_move {
            Player::One => {
                let pit = greedy_move(position.board).unwrap();
                player_moves.push(pit);
                pit
            }
            Player::Two => table.first_best_move(position.board).unwrap(),
        };
        all_moves.push(pit);
        position = position.play(pit).unwrap();
    }
    Simulated {
        player_moves,
        all_moves,
        final_position: position,
    }
}

/// The script of a player that plays `game`'s moves for player 1 in order, reading player 2's
/// reply after each move that one follows (players alternate), and nothing after the game
/// (its input stays open: RULES.md, A1). A reply missing (a game gone otherwise) ends it.
fn script_of(game: &Simulated) -> String {
    let replies = game.all_moves.len() / 2;
    game.player_moves
        .iter()
        .enumerate()
        .map(|(i, pit)| match i < replies {
            true => format!("echo {pit}; read reply || exit 0; "),
            false => format!("echo {pit}; "),
        })
        .collect()
}

/// A shell player that reads the board, then plays `game` (see [`script_of`]).
fn scripted_player(dir: &Path, game: &Simulated) -> ProgramCommand {
    let script = format!("read board\n{}\n", script_of(game));
    let path = dir.join(format!("player-{}.sh", game.player_moves.len()));
    std::fs::write(&path, script).unwrap();
    ProgramCommand::shell(sh_script(&path))
}

fn settings() -> Settings {
    Settings::new(Limits::new(Duration::from_secs(2), 64))
}

#[test]
fn a_known_game_is_scored_logged_and_explained() {
    let table = Table::solve();
    let dir = tempfile::tempdir().unwrap();
    // The first official board: greedy does not win it (the official notes say so of all 24).
    let board: Board = "4 4 4 2 2 2 2".parse().unwrap();
    let game = simulate_greedy(&table, board);
    let banks = game.final_position.banks;
    let expected = match Outcome::from_banks(banks) {
        Outcome::Win(Player::One) => Verdict::Win,
        Outcome::Draw => Verdict::Draw,
        Outcome::Win(Player::Two) => Verdict::Loss,
    };
    assert_ne!(
        expected,
        Verdict::Win,
        "greedy should fail on an official board"
    );

    let mut sink = Collect::default();
    let player = scripted_player(dir.path(), &game);
    let report = judge_player(player, &[board], &settings(), &mut sink).unwrap();

    let result = &report.tests[0];
    assert_eq!(result.verdict, expected, "{result:?}");
    let start = duel_report::Start::Ioiwari(vec![4, 4, 4, 2, 2, 2, 2]);
    assert_eq!(result.start, Some(start));
    assert_eq!(
        result.summary.as_deref(),
        Some(&*format!("{}-{}", banks.one, banks.two))
    );
    let pits = game.all_moves.iter().map(|pit| pit.number()).collect();
    assert_eq!(result.move_list, Some(duel_report::MoveList::Ioiwari(pits)));
    assert_eq!(result.moves, game.all_moves.len() as u64);
    let expected_score = if expected == Verdict::Draw { 50.0 } else { 0.0 };
    assert_eq!(report.score, expected_score);

    // The first mistake names a player-1 move that really was worse than the best.
    let mistake = result.first_mistake.as_deref().expect("a mistake is named");
    let number: u32 = mistake
        .strip_prefix("Move ")
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap();
    let mut position = Position::start(board);
    for pit in &game.all_moves[..number as usize - 1] {
        position = position.play(*pit).unwrap();
    }
    assert_eq!(position.to_move, Player::One);
    let pit = game.all_moves[number as usize - 1];
    let value = table.move_values(position.board)[pit.index()].unwrap();
    assert!(value < table.value(position.board));
    assert!(
        mistake.contains(&format!(
            "Move {number} of the game, pit {pit}, was player 1's first mistake: "
        )),
        "{mistake}"
    );

    // The log is the ioiwari.out dialogue: one line per move, then the result.
    let log = &sink.logs[0];
    assert!(log.starts_with(&format!("start {board} banks 0 0\n")));
    assert_eq!(log.lines().count(), game.all_moves.len() + 2);
    assert!(log.lines().last().unwrap().starts_with("result: "));
}

#[test]
fn results_arrive_in_order_and_do_not_depend_on_jobs() {
    let table = Table::solve();
    let dir = tempfile::tempdir().unwrap();
    let boards: Vec<Board> = Board::start_boards().into_iter().step_by(40).collect();
    // One player for all boards: a dispatcher on the board it reads.
    let mut script = String::from("read board\ncase \"$board\" in\n");
    for board in &boards {
        let game = simulate_greedy(&table, *board);
        let body = script_of(&game);
        script.push_str(&format!("\"{board}\") {body};;\n"));
    }
    script.push_str("esac\n");
    let path = dir.path().join("dispatch.sh");
    std::fs::write(&path, script).unwrap();
    let player = ProgramCommand::shell(sh_script(&path));

    let run = |jobs| {
        let mut settings = settings();
        settings.jobs = jobs;
        let mut sink = Collect::default();
        let report = judge_player(player.clone(), &boards, &settings, &mut sink).unwrap();
        assert_eq!(sink.progress, (1..=boards.len()).collect::<Vec<_>>());
        let rows: Vec<_> = sink
            .results
            .iter()
            .map(|r| (r.index, r.verdict, r.summary.clone(), r.move_list.clone()))
            .collect();
        (report.score, rows)
    };
    let (score_1, rows_1) = run(1);
    let (score_3, rows_3) = run(3);
    assert_eq!(score_1, score_3);
    assert_eq!(rows_1, rows_3);
    assert_eq!(
        rows_1.iter().map(|r| r.0).collect::<Vec<_>>(),
        (1..=boards.len()).collect::<Vec<_>>()
    );
    // Independent expectation: the simulated outcomes.
    for (row, board) in rows_1.iter().zip(&boards) {
        let banks = simulate_greedy(&table, *board).final_position.banks;
        let expected = match Outcome::from_banks(banks) {
            Outcome::Win(Player::One) => Verdict::Win,
            Outcome::Draw => Verdict::Draw,
            Outcome::Win(Player::Two) => Verdict::Loss,
        };
        assert_eq!(row.1, expected, "board {board}");
    }
}

#[test]
fn a_random_opponent_only_plays_optimal_moves() {
    let dir = tempfile::tempdir().unwrap();
    // The scripted greedy moves were computed against the first optimal player 2, so the game
    // may end early with an illegal move once the random player 2 deviates: what matters here
    // is player 2's choices, every one of which must be optimal.
    let table = Table::solve();
    let board: Board = "3 3 3 3 3 3 2".parse().unwrap();
    let game = simulate_greedy(&table, board);
    let player = scripted_player(dir.path(), &game);
    let mut settings = settings();
    settings.seed = Some(42);
    let mut sink = Collect::default();
    judge_player(player, &[board], &settings, &mut sink).unwrap();
    // Whatever happened, every player-2 line of the log is an optimal move.
    let mut position = Position::start(board);
    let move_lines = sink.logs[0]
        .lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()));
    for line in move_lines {
        let (_, rest) = line.split_once(". ").unwrap();
        let mut words = rest.split_whitespace();
        let player = words.nth(1).unwrap();
        let pit: Pit = words.nth(1).unwrap().parse().unwrap();
        if player == "2" {
            assert!(table.best_moves(position.board).contains(pit), "{line}");
        }
        position = position.play(pit).unwrap();
    }
}

/// Judges `command` on the first three start boards against the first optimal player 2.
fn judge_three(
    command: &str,
    settings: &Settings,
) -> Result<duel_arena::Report, duel_arena::judge::JudgeError<duel_arena::ioiwari::JudgeError>> {
    let boards = Board::start_boards();
    let player = ProgramCommand::shell(command);
    let mut sink = Collect::default();
    judge_player(player, &boards[..3], settings, &mut sink)
}

#[test]
fn a_cancelled_run_reports_no_unfinished_test() {
    let settings = settings();
    settings.cancel.store(true, Ordering::Relaxed);
    let report = judge_three("sleep 30", &settings).unwrap();
    assert!(report.interrupted);
    assert!(report.tests.is_empty());
    assert_eq!(report.score, 0.0);
}

#[test]
fn a_missing_program_is_an_error_not_a_verdict() {
    let error = judge_three("./no/such/player", &settings()).unwrap_err();
    assert_eq!(error.to_string(), "no such program: ./no/such/player");
}
