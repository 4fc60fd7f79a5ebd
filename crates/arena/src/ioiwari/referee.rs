//! One game: the program as player 1 against the optimal player 2, move by move.

use super::Opponent;
use crate::{TestResult, Verdict};
use duel_ioiwari::mistake::{first_mistake, PlayerMove};
use duel_ioiwari::transcript::{Ending, Transcript};
use duel_ioiwari::{Board, Outcome, Pit, Player, Position, Table, PITS};
use duel_sandbox::{Fault, Halt, Launcher, Process, SpawnError, Usage};

/// One judged test: its result, its dialogue log (the `ioiwari.out` text) and the record of
/// its moves (what the viewer reads).
#[derive(Debug, Clone, PartialEq)]
pub struct JudgedGame {
    /// What the report and the table show of the test: verdict, banks, moves, usage.
    pub result: TestResult,
    /// The transcript, in the `ioiwari.out` format, for people.
    pub log: String,
    /// The moves played, as a [`duel_ioiwari::record`] for programs.
    pub record: Vec<u8>,
}

/// Reads player 1's move from one line of its output.
///
/// Spaces around the number are allowed; anything that is not one integer is a
/// protocol_error; an integer outside 1..7 or an empty pit is an illegal_move (the task lists
/// "a pit number outside 1..7" among illegal moves).
///
/// ```
/// use duel_arena::ioiwari::parse_move;
/// use duel_arena::Verdict;
/// let board = "4 0 0 0 1 1 1".parse().unwrap();
/// assert_eq!(parse_move(" 5 ", board).unwrap().number(), 5);
/// assert_eq!(parse_move("x", board).unwrap_err().verdict, Verdict::ProtocolError);
/// assert_eq!(parse_move("9", board).unwrap_err().verdict, Verdict::IllegalMove);
/// let empty = parse_move("4", board).unwrap_err();
/// assert_eq!(empty.verdict, Verdict::IllegalMove);
/// assert_eq!(empty.reason, "pit 4 is empty at 4 0 0 0 1 1 1");
/// ```
pub fn parse_move(line: &str, board: Board) -> Result<Pit, Fault> {
    let text = line.trim();
    if text.is_empty() {
        return Err(Fault::new(
            Verdict::ProtocolError,
            "expected a pit number, got an empty line",
        ));
    }
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Fault::new(
            Verdict::ProtocolError,
            format!("expected a pit number, got {}", quoted(text)),
        ));
    }
    let pit = text
        .parse::<i64>()
        .ok()
        .and_then(|n| u8::try_from(n).ok())
        .and_then(|n| Pit::new(n).ok())
        .ok_or_else(|| {
            Fault::new(
                Verdict::IllegalMove,
                format!(
                    "there is no pit {}; pits are numbered 1 to {PITS}",
                    shortened(text)
                ),
            )
        })?;
    match board.play(pit) {
        Ok(_) => Ok(pit),
        Err(illegal) => Err(Fault::new(Verdict::IllegalMove, illegal.to_string())),
    }
}

/// At most 40 characters, so one line of garbage cannot flood a report.
fn shortened(text: &str) -> String {
    let mut short: String = text.chars().take(40).collect();
    if short.len() < text.len() {
        short.push('…');
    }
    short
}

fn quoted(text: &str) -> String {
    format!("{:?}", shortened(text))
}

/// Plays test `index` (from 1) on `board`. `Ok(None)` when judging was cancelled meanwhile;
/// `Err` only when the program could not be started at all.
pub(crate) fn play_test(
    launcher: &Launcher,
    table: &Table,
    opponent: Opponent,
    index: usize,
    board: Board,
) -> Result<Option<JudgedGame>, SpawnError> {
    let mut process = launcher.spawn()?;
    let mut game = Game {
        position: Position::start(board),
        transcript: Transcript::new(board),
        moves: Vec::new(),
        player_moves: Vec::new(),
    };
    let played = game.play(&mut process, table, opponent, index);
    let (verdict, reason, usage) = match played {
        Err(Halt::Cancelled) => return Ok(None),
        Err(Halt::Fault(fault)) => {
            let usage = process.abort();
            game.transcript.finish(&Ending::Aborted {
                player: Player::One,
                reason: fault.reason.clone(),
            });
            (fault.verdict, Some(fault.reason), usage)
        }
        Ok(()) => {
            let ending = process.finish();
            game.transcript
                .finish(&Ending::Finished(game.position.banks));
            match ending.result {
                Err(Halt::Cancelled) => return Ok(None),
                Err(Halt::Fault(fault)) => (
                    fault.verdict,
                    Some(format!("after the game: {}", fault.reason)),
                    ending.usage,
                ),
                Ok(()) => {
                    let (verdict, reason) = game.verdict();
                    (verdict, reason, ending.usage)
                }
            }
        }
    };
    let first_mistake = match verdict {
        Verdict::Loss | Verdict::Draw => first_mistake(table, &game.player_moves),
        _ => None,
    };
    Ok(Some(JudgedGame {
        result: game.result(index, board, verdict, reason, first_mistake, usage),
        log: game.transcript.text().to_owned(),
        record: duel_ioiwari::record::encode(board, &game.moves),
    }))
}

struct Game {
    position: Position,
    transcript: Transcript,
    moves: Vec<Pit>,
    player_moves: Vec<PlayerMove>,
}

impl Game {
    fn play(
        &mut self,
        process: &mut Process,
        table: &Table,
        opponent: Opponent,
        index: usize,
    ) -> Result<(), Halt> {
        let mut chooser = opponent.for_test(index);
        process.write_line(&self.position.board.to_string())?;
        while !self.position.is_over() {
            let line = process.read_line()?;
            let pit = parse_move(&line, self.position.board)?;
            self.player_moves.push(PlayerMove {
                number: self.transcript.moves() + 1,
                board: self.position.board,
                banks: self.position.banks,
                pit,
            });
            self.apply(Player::One, pit);
            if self.position.is_over() {
                break;
            }
            let Some(reply) = chooser.choose(table, self.position.board) else {
                break;
            };
            self.apply(Player::Two, reply);
            // The program reads player 2's last move too, then sees the game is over.
            process.write_line(&reply.to_string())?;
        }
        Ok(())
    }

    fn apply(&mut self, player: Player, pit: Pit) {
        let after = self
            .position
            .play(pit)
            .expect("moves are checked before they are applied");
        self.transcript.record(player, pit, &after);
        self.moves.push(pit);
        self.position = after;
    }

    fn verdict(&self) -> (Verdict, Option<String>) {
        let banks = self.position.banks;
        match Outcome::from_banks(banks) {
            Outcome::Win(Player::One) => (Verdict::Win, None),
            Outcome::Draw => (
                Verdict::Draw,
                Some(format!("draw {}-{}", banks.one, banks.two)),
            ),
            Outcome::Win(Player::Two) => (
                Verdict::Loss,
                Some(format!("player 2 wins {}-{}", banks.two, banks.one)),
            ),
        }
    }

    fn result(
        &self,
        index: usize,
        board: Board,
        verdict: Verdict,
        reason: Option<String>,
        first_mistake: Option<String>,
        usage: Usage,
    ) -> TestResult {
        let banks = self.position.banks;
        let move_list = self.moves.iter().map(|pit| pit.number()).collect();
        TestResult {
            index,
            input: board.to_string(),
            start: Some(typed_start(&board)),
            verdict,
            reason,
            moves: self.moves.len() as u64,
            move_list: Some(duel_report::MoveList::Ioiwari(move_list)),
            summary: Some(format!("{}-{}", banks.one, banks.two)),
            time_ms: usage.cpu_ms(),
            wall_ms: usage.wall_ms(),
            memory_kb: crate::output::measured_kb(usage.peak_memory_bytes),
            memory_resolution_kb: crate::output::measured_kb(usage.peak_memory_bytes)
                .map(|_| usage.memory_resolution_bytes.div_ceil(1024)),
            first_mistake,
        }
    }
}

/// A board as a report's typed start: its seven pits.
pub(super) fn typed_start(board: &Board) -> duel_report::Start {
    duel_report::Start::Ioiwari(board.pits().to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_read_leniently_about_spaces_only() {
        let board: Board = "4 3 2 4 2 3 2".parse().unwrap();
        assert_eq!(parse_move("\t2\r", board).unwrap().number(), 2);
        assert_eq!(parse_move("+2", board).unwrap().number(), 2);
        for line in ["", "2 3", "two", "2.0", "-", "0x2"] {
            assert_eq!(
                parse_move(line, board).unwrap_err().verdict,
                Verdict::ProtocolError,
                "{line:?}"
            );
        }
        for line in ["0", "8", "-1", "99999999999999999999999"] {
            assert_eq!(
                parse_move(line, board).unwrap_err().verdict,
                Verdict::IllegalMove,
                "{line:?}"
            );
        }
    }

    #[test]
    fn garbage_is_shortened_in_reasons() {
        let board: Board = "4 3 2 4 2 3 2".parse().unwrap();
        let fault = parse_move(&"z".repeat(1000), board).unwrap_err();
        assert!(fault.reason.len() < 80, "{}", fault.reason);
    }
}
