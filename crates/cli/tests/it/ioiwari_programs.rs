//! End-to-end tests of the built `ioiwari` and `ioiwari2` programs.

use assert_cmd::cargo::cargo_bin;
use duel_ioiwari::{Board, Pit, Player, Position, Table};
use duel_test_support::bin;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(Table::solve)
}

/// Plays player 2 against a spawned `ioiwari`, choosing player 2's pit with `choose`.
/// Returns the final position and every pit played, in order.
fn play_against_ioiwari(start: Board, mut choose: impl FnMut(Board) -> Pit) -> (Position, Vec<u8>) {
    let mut child = bin!("ioiwari")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ioiwari starts");
    let mut to_player = child.stdin.take().unwrap();
    let mut from_player = BufReader::new(child.stdout.take().unwrap());
    writeln!(to_player, "{start}").unwrap();
    let mut position = Position::start(start);
    let mut pits = Vec::new();
    while !position.is_over() {
        let pit = match position.to_move {
            Player::One => {
                let mut line = String::new();
                from_player.read_line(&mut line).unwrap();
                line.trim()
                    .parse::<Pit>()
                    .unwrap_or_else(|error| panic!("ioiwari wrote {line:?}: {error}"))
            }
            Player::Two => {
                let pit = choose(position.board);
                writeln!(to_player, "{pit}").unwrap();
                pit
            }
        };
        pits.push(pit.number());
        position = position
            .play(pit)
            .unwrap_or_else(|error| panic!("{:?} played illegally: {error}", position.to_move));
    }
    drop(to_player);
    let output = child.wait_with_output().unwrap();
    assert!(
        output.status.success(),
        "ioiwari exited with {} from {start}: {}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    (position, pits)
}

#[test]
fn ioiwari_against_ioiwari2_reproduces_the_statement_dialogue() {
    let start: Board = "4 3 2 4 2 3 2".parse().unwrap();
    let log = relayed_log(start, &cargo_bin("ioiwari"));
    // The statement's worked example, move by move.
    let expected = [
        "start 4 3 2 4 2 3 2 banks 0 0",
        "1. player 1 plays 2 -> 4 0 3 5 0 3 2 banks 3 0",
        "2. player 2 plays 3 -> 4 0 0 4 1 4 0 banks 3 4",
        "3. player 1 plays 5 -> 4 0 0 4 0 0 0 banks 8 4",
        "4. player 2 plays 4 -> 0 0 0 0 1 1 1 banks 8 9",
        "5. player 1 plays 5 -> 0 0 0 0 0 0 1 banks 10 9",
        "6. player 2 plays 7 -> 0 0 0 0 0 0 0 banks 11 9",
        "result: player 1 wins 11-9",
    ];
    assert_eq!(log.lines().collect::<Vec<_>>(), expected);
}

#[test]
fn ioiwari_wins_the_official_positions_by_their_official_margin() {
    // The values of the 24 official tests, from the official materials.
    let official_values = [
        4, 4, 2, 4, 6, 2, 6, 2, 2, 2, 6, 6, 2, 4, 2, 4, 2, 2, 6, 4, 2, 4, 4, 4,
    ];
    let positions = Board::official_positions();
    assert_eq!(positions.len(), official_values.len());
    for (start, value) in positions.into_iter().zip(official_values) {
        let (end, _) = play_against_ioiwari(start, |board| table().first_best_move(board).unwrap());
        assert_eq!(
            end.banks.one as i32 - end.banks.two as i32,
            value,
            "from {start}"
        );
    }
}

#[test]
fn ioiwari_wins_every_start_board_against_a_random_player_2() {
    let mut seed = 0x2001_u64;
    for start in Board::start_boards() {
        let (end, _) = play_against_ioiwari(start, |board| {
            // Any legal pit, chosen by a small linear congruential generator.
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let legal: Vec<Pit> = board.legal_moves().iter().collect();
            legal[(seed >> 33) as usize % legal.len()]
        });
        let margin = end.banks.one as i32 - end.banks.two as i32;
        assert!(margin >= table().value(start) as i32, "from {start}");
    }
}

/// Runs `program` with `input`, returning its exit code, stdout and stderr.
fn run(program: &str, args: &[&str], input: &str) -> (i32, String, String) {
    let dir = tempfile::tempdir().unwrap();
    run_with_input_in(dir.path(), program, args, input)
}

/// Runs `program` in `dir` with `input`, returning its exit code, stdout and stderr.
pub(crate) fn run_with_input_in(
    dir: &std::path::Path,
    program: &str,
    args: &[&str],
    input: &str,
) -> (i32, String, String) {
    let mut child = Command::new(cargo_bin(program))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The program may exit before reading everything; a broken pipe here is expected.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    let output = child.wait_with_output().unwrap();
    (
        output.status.code().expect("exited, not killed"),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn ioiwari_rejects_bad_input_with_one_clear_line() {
    let cases = [
        ("4 3 2\n", "input ended after 3"),
        ("4 3 two 4 2 3 2\n", "'two' is not a number of beads"),
        ("4 3 2 4 2 3 6\n", "6"),
        ("4 3 2 4 2 3 2\n9\n", "there is no pit 9"),
        ("4 3 2 4 2 3 2\nx\n", "\"x\" is not a pit number"),
        ("4 3 2 4 2 3 2\n2\n", "pit 2 is empty at 4 0 3 5 0 3 2"),
        ("4 3 2 4 2 3 2\n3\n", "input ended before the game did"),
    ];
    for (input, message) in cases {
        let (code, _, stderr) = run("ioiwari", &[], input);
        assert_eq!(code, 1, "{input:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{input:?}: {stderr}");
        assert!(stderr.starts_with("ioiwari: "), "{stderr}");
        assert!(stderr.contains(message), "{input:?}: {stderr}");
    }
}

#[test]
fn ioiwari_plays_any_valid_board_and_stops_on_an_empty_one() {
    let (code, stdout, _) = run("ioiwari", &[], "0 0 0 0 0 0 0\n");
    assert_eq!((code, stdout.as_str()), (0, ""));
    // A board that is no start board: 5 beads in one pit.
    let (end, _) = play_against_ioiwari("5 0 0 0 0 0 1".parse().unwrap(), |board| {
        table().first_best_move(board).unwrap()
    });
    assert!(end.is_over());
}

#[test]
fn ioiwari2_logs_and_refuses_a_bad_player_1() {
    // Player 1's lines are read by the judges' rule (RULES.md, L1 to L7): white space that is
    // no blank, a NUL or a blank line is no move, as in duel's judge and every package.
    let cases = [
        ("9\n", "there is no pit 9; pits are numbered 1 to 7"),
        ("-0\n", "there is no pit -0"),
        ("2\n2\n", "pit 2 is empty at 4 0 0 4 1 4 0"),
        ("letters\n", "expected a pit number, got \"letters\""),
        ("2\0\n", "expected a pit number, got \"2\\x00\""),
        ("2\u{a0}\n", "expected a pit number, got \"2\\xc2\\xa0\""),
        ("\x0b2\n", "expected a pit number, got \"\\x0b2\""),
        ("\n2\n", "expected a pit number, got an empty line"),
        ("2\n", "input ended mid-game at 4 0 0 4 1 4 0"),
    ];
    for (input, message) in cases {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("game.log");
        let (code, _, stderr) = run("ioiwari2", &["--log", log.to_str().unwrap()], input);
        assert_eq!(code, 1, "{input:?}: {stderr}");
        assert!(stderr.contains(message), "{input:?}: {stderr}");
        let log = std::fs::read_to_string(log).unwrap();
        let last = log.lines().last().unwrap();
        assert!(last.starts_with("aborted: player 1: "), "{log}");
        assert!(last.contains(message), "{log}");
    }
}

/// Starts `ioiwari2` (its command given) with pipes to its stdin and from its stdout.
fn talk_to_ioiwari2(
    command: &mut Command,
) -> (
    std::process::Child,
    std::process::ChildStdin,
    BufReader<std::process::ChildStdout>,
) {
    let mut tool = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let to_tool = tool.stdin.take().unwrap();
    let from_tool = BufReader::new(tool.stdout.take().unwrap());
    (tool, to_tool, from_tool)
}

#[test]
fn ioiwari2_writes_its_log_line_by_line_as_the_game_goes() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("ioiwari.out");
    std::fs::write(&log, "an older game's log\n".repeat(20)).unwrap();
    let (mut tool, mut to_tool, mut from_tool) =
        talk_to_ioiwari2(bin!("ioiwari2").current_dir(dir.path()));
    let mut line = String::new();
    from_tool.read_line(&mut line).unwrap();
    assert_eq!(line, "4 3 2 4 2 3 2\n");
    writeln!(to_tool, "2").unwrap();
    line.clear();
    from_tool.read_line(&mut line).unwrap();
    // Mid-game, the log holds the start and both moves played, and nothing of the older log.
    let log = std::fs::read_to_string(log).unwrap();
    let lines: Vec<&str> = log.lines().collect();
    assert_eq!(lines.len(), 3, "{log}");
    assert!(lines[0].starts_with("start 4 3 2 4 2 3 2 "), "{log}");
    assert!(lines[1].starts_with("1. player 1 plays 2 "), "{log}");
    let reply = format!("2. player 2 plays {} ", line.trim());
    assert!(lines[2].starts_with(&reply), "{log}");
    drop(to_tool);
    assert_eq!(tool.wait().unwrap().code(), Some(1));
}

#[test]
fn ioiwari2_plays_another_position_and_random_optimal_moves() {
    let start: Board = "3 3 3 3 3 3 2".parse().unwrap();
    for seed in ["1", "2", "3"] {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("game.log");
        let args = ["--position", "3 3 3 3 3 3 2", "--seed", seed, "--log"];
        let (mut tool, mut to_tool, mut from_tool) =
            talk_to_ioiwari2(bin!("ioiwari2").args(args).arg(&log));
        let mut line = String::new();
        from_tool.read_line(&mut line).unwrap();
        assert_eq!(line.trim(), start.to_string());
        let mut position = Position::start(start);
        while !position.is_over() {
            let pit = match position.to_move {
                // Player 1 plays the first legal pit, so player 2 must punish it optimally.
                Player::One => {
                    let pit = position.board.legal_moves().iter().next().unwrap();
                    writeln!(to_tool, "{pit}").unwrap();
                    pit
                }
                Player::Two => {
                    line.clear();
                    from_tool.read_line(&mut line).unwrap();
                    let pit: Pit = line.trim().parse().unwrap();
                    assert!(table().best_moves(position.board).contains(pit));
                    pit
                }
            };
            position = position.play(pit).unwrap();
        }
        drop(to_tool);
        assert!(tool.wait().unwrap().success());
        let log = std::fs::read_to_string(log).unwrap();
        assert!(log.lines().last().unwrap().starts_with("result: "), "{log}");
    }
}

#[test]
fn both_programs_explain_themselves() {
    for program in ["ioiwari", "ioiwari2"] {
        let (code, stdout, _) = run(program, &["--help"], "");
        assert_eq!(code, 0);
        assert!(stdout.contains("Example session"), "{program}: {stdout}");
        let (code, _, stderr) = run(program, &["--no-such-flag"], "");
        assert_eq!(code, 2, "{program}: {stderr}");
    }
}

#[test]
fn ioiwari2_draws_the_board_only_when_stderr_is_a_terminal() {
    // Not a terminal: stderr stays quiet on a clean game.
    let (code, _, stderr) = run("ioiwari2", &[], "2\n5\n5\n");
    assert_eq!((code, stderr.as_str()), (0, ""));

    // A terminal, given by script(1) from util-linux, which Debian always has.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("moves"), "2\n5\n5\n").unwrap();
    let inner = format!(
        "{} < moves > replies",
        duel_test_support::shell_word(cargo_bin("ioiwari2"))
    );
    let output = Command::new("script")
        .args(["-qec", &inner, "/dev/null"])
        .current_dir(dir.path())
        .output()
        .expect("script(1) runs");
    assert!(output.status.success(), "{output:?}");
    let screen = String::from_utf8_lossy(&output.stdout);
    assert!(
        screen.contains("pit     1     2     3     4     5     6     7"),
        "{screen}"
    );
    assert!(screen.contains("player 1 plays pit 2"), "{screen}");
    assert!(
        screen.contains("beads   4     0     3     5     0     3     2"),
        "{screen}"
    );
    assert!(screen.contains("game over: player 1 wins"), "{screen}");
}

/// The log of a game between ioiwari2 and `player`, joined by this test's own relay (no
/// `--run`): the reference `--run` must reproduce.
fn relayed_log(start: Board, player: &std::path::Path) -> String {
    let dir = tempfile::tempdir().unwrap();
    let mut tool = bin!("ioiwari2")
        .args(["--position", &start.to_string()])
        .current_dir(dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut player = Command::new(player)
        .stdin(Stdio::from(tool.stdout.take().unwrap()))
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut to_tool = tool.stdin.take().unwrap();
    for line in BufReader::new(player.stdout.take().unwrap()).lines() {
        // The tool may end first, after a last move; a broken pipe then is expected.
        let _ = writeln!(to_tool, "{}", line.unwrap());
    }
    drop(to_tool);
    player.wait().unwrap();
    tool.wait().unwrap();
    std::fs::read_to_string(dir.path().join("ioiwari.out")).unwrap()
}

/// Runs `ioiwari2 ARGS` in `dir`; its exit code, stdout and stderr.
fn run_in(dir: &std::path::Path, args: &[&str]) -> (i32, String, String) {
    let output = bin!("ioiwari2")
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    (
        output.status.code().expect("exited, not killed"),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn ioiwari2_runs_player_1_itself_with_the_log_a_relay_gives_on_every_official_board() {
    let ioiwari = cargo_bin("ioiwari");
    let dir = tempfile::tempdir().unwrap();
    for start in Board::official_positions() {
        let board = start.to_string();
        let program = ioiwari.to_str().unwrap();
        let (code, stdout, stderr) = run_in(dir.path(), &["--position", &board, "--run", program]);
        assert_eq!(code, 0, "{start}: {stderr}");
        let log = std::fs::read_to_string(dir.path().join("ioiwari.out")).unwrap();
        assert_eq!(log, relayed_log(start, &ioiwari), "{start}");
        // The dialogue shown as it happens is the log itself.
        assert_eq!(stdout, log, "{start}");
        assert!(log
            .lines()
            .last()
            .unwrap()
            .starts_with("result: player 1 wins"));
    }
}

#[test]
fn ioiwari2_run_exits_with_the_games_result() {
    // The kit's skeleton plays the first non-empty pit; the rules and the solver say how each
    // official board ends against the first optimal reply, and so which status to expect.
    let dir = tempfile::tempdir().unwrap();
    let skeleton = duel_kit::ioiwari_kit()
        .into_iter()
        .find(|file| file.path == "ioiwari/player.c")
        .unwrap();
    let text = String::from_utf8(skeleton.contents).unwrap();
    let player = duel_test_support::build::c_program(dir.path(), "player", &text);
    let mut seen = std::collections::BTreeSet::new();
    for start in Board::official_positions() {
        let mut position = Position::start(start);
        while !position.is_over() {
            let pit = match position.to_move {
                Player::One => position.board.legal_moves().iter().next().unwrap(),
                Player::Two => table().first_best_move(position.board).unwrap(),
            };
            position = position.play(pit).unwrap();
        }
        let expected = match position.banks.one.cmp(&position.banks.two) {
            std::cmp::Ordering::Greater => 0,
            std::cmp::Ordering::Equal => 3,
            std::cmp::Ordering::Less => 4,
        };
        let board = start.to_string();
        // A bare name of a file in the working directory is run from there.
        let (code, _, stderr) = run_in(dir.path(), &["--position", &board, "--run", "player"]);
        assert_eq!(code, expected, "{start}: {stderr}");
        seen.insert(code);
        let log = std::fs::read_to_string(dir.path().join("ioiwari.out")).unwrap();
        assert_eq!(log, relayed_log(start, &player), "{start}");
    }
    assert!(seen.contains(&4), "the skeleton never lost: {seen:?}");
}

#[test]
fn ioiwari2_run_passes_arguments_and_blames_a_program_that_stops_mid_game() {
    let dir = tempfile::tempdir().unwrap();
    // `-c` is the program's argument, not ioiwari2's: everything after --run is the program's.
    let script = "read board; echo 2; read reply; exit 3";
    let (code, stdout, stderr) = run_in(dir.path(), &["--run", "sh", "-c", script]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("exit status: 3"), "{stderr}");
    assert!(
        stderr.contains("player 1: input ended mid-game"),
        "{stderr}"
    );
    let log = std::fs::read_to_string(dir.path().join("ioiwari.out")).unwrap();
    assert_eq!(stdout, log);
    assert_eq!(log.lines().count(), 4, "{log}");
    assert!(log.ends_with("aborted: player 1: input ended mid-game at 4 0 0 4 1 4 0\n"));
}

#[test]
fn ioiwari2_run_of_a_missing_program_is_one_clear_line_and_writes_no_log() {
    let dir = tempfile::tempdir().unwrap();
    let (code, stdout, stderr) = run_in(dir.path(), &["--run", "no-such-player", "x"]);
    assert_eq!(code, 2, "{stderr}");
    assert_eq!(stdout, "");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("ioiwari2: cannot run player 1's program no-such-player: "),
        "{stderr}"
    );
    assert!(!dir.path().join("ioiwari.out").exists());
}

#[test]
fn ioiwari2_reads_blanks_carriage_returns_signs_and_an_unended_last_line_as_the_judges_do() {
    // 4 3 2 4 2 3 2: the first optimal player 1 (ioiwari) plays 2, 3, 4, 5 against the first
    // optimal player 2 (ioiwari2's), and then the game is won.
    let ioiwari = cargo_bin("ioiwari");
    let dir = tempfile::tempdir().unwrap();
    let (code, _, stderr) = run_in(dir.path(), &["--run", ioiwari.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    let log = std::fs::read_to_string(dir.path().join("ioiwari.out")).unwrap();
    let pits: Vec<&str> = log
        .lines()
        .filter_map(|line| line.split_once(". player 1 plays "))
        .map(|(_, rest)| rest.split(' ').next().unwrap())
        .collect();
    let lines: Vec<String> = pits
        .iter()
        .enumerate()
        .map(|(at, pit)| match at % 3 {
            0 => format!(" \t+0{pit}\r\n"),
            1 => format!("{pit}\r\n"),
            _ => format!("00{pit} \n"),
        })
        .collect();
    let mut input = lines.concat();
    input.pop(); // the last line unended
    let (code, _, stderr) = run("ioiwari2", &["--log", "/dev/null"], &input);
    assert_eq!(code, 0, "{input:?}: {stderr}");
}

/// Runs `ioiwari2 ARGS` in `dir` as [`run_in`] does, with its standard output and error in
/// files: so that what its player leaves running cannot hold them. Its exit code, stderr and
/// how long it took to exit.
fn run_timed_in(dir: &std::path::Path, args: &[&str]) -> (i32, String, std::time::Duration) {
    let stderr = dir.join("stderr.txt");
    let started = std::time::Instant::now();
    let status = bin!("ioiwari2")
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&stderr).unwrap())
        .status()
        .unwrap();
    let took = started.elapsed();
    (
        status.code().expect("exited, not killed"),
        std::fs::read_to_string(stderr).unwrap(),
        took,
    )
}

/// A script that plays as `ioiwari` (its path) plays, then does `after`.
fn ioiwari_then(after: &str) -> String {
    let ioiwari = cargo_bin("ioiwari");
    format!("'{}'; {after}", ioiwari.display())
}

#[test]
fn ioiwari2_run_judges_what_player_1_does_after_the_game() {
    let dir = tempfile::tempdir().unwrap();
    // Blanks and line feeds after the game, and a clean exit: a win.
    let script = ioiwari_then("printf ' \\n\\t\\r\\n'");
    let (code, _, stderr) = run_in(dir.path(), &["--run", "sh", "-c", &script]);
    assert_eq!(code, 0, "{stderr}");
    for (after, reason) in [
        (
            "echo 5",
            "after the game: it wrote more than blanks and line feeds",
        ),
        (
            "exit 3",
            "after the game: its program ended with exit status: 3",
        ),
        (
            "exec 1>&-; sleep 5",
            "after the game: its program was still running 2 s later, and was stopped",
        ),
        // Reading on after the game: its input stays open (RULES.md, A1), so it waits.
        (
            "cat > /dev/null",
            "after the game: its output was still open 1 s later (a program must end once the \
             game is over, without reading more input)",
        ),
    ] {
        let script = ioiwari_then(after);
        let (code, stderr, took) = run_timed_in(dir.path(), &["--run", "sh", "-c", &script]);
        assert_eq!(code, 1, "{after}: {stderr}");
        assert!(stderr.contains(reason), "{after}: {stderr}");
        assert!(
            took < std::time::Duration::from_secs(4),
            "{after}: {took:?}"
        );
        let log = std::fs::read_to_string(dir.path().join("ioiwari.out")).unwrap();
        let last = log.lines().last().unwrap();
        assert_eq!(last, format!("aborted: player 1: {reason}"), "{log}");
    }
}

#[test]
fn ioiwari2_run_waits_for_no_child_after_the_game() {
    // A process the player started keeps its output open for 30 s: ioiwari2 gives the result
    // a second after the game, whatever the child does.
    let dir = tempfile::tempdir().unwrap();
    let ioiwari = cargo_bin("ioiwari");
    let script = format!("sleep 30 & exec '{}'", ioiwari.display());
    let (code, stderr, took) = run_timed_in(dir.path(), &["--run", "sh", "-c", &script]);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("after the game: its output was still open 1 s later"),
        "{stderr}"
    );
    assert!(took < std::time::Duration::from_secs(5), "{took:?}");
}

#[test]
fn ioiwari2_run_of_a_source_says_to_build_it_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("player.c"),
        "int main(void) { return 0; }\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("player.py"), "print(1)\n").unwrap();
    for (source, hint) in [
        (
            "player.c",
            "it is a source, not a program: build it and give --run the program built, or let \
             duel build and judge it: duel ioiwari judge --player player.c",
        ),
        ("player.py", "--run python3 player.py"),
    ] {
        let (code, stdout, stderr) = run_in(dir.path(), &["--run", source]);
        assert_eq!(code, 2, "{stderr}");
        assert_eq!(stdout, "");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.starts_with(&format!("ioiwari2: cannot run {source}: ")),
            "{stderr}"
        );
        assert!(stderr.contains(hint), "{stderr}");
        assert!(!stderr.contains("denied"), "{stderr}");
        assert!(!dir.path().join("ioiwari.out").exists());
    }
}
