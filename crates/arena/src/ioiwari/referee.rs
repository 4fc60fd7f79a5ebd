//! One game: the program as player 1 against the optimal player 2, move by move.

use super::Opponent;
use crate::judge::verdict_of;
use crate::notes::with_notes;
use crate::{TestResult, Verdict};
use duel_ioiwari::mistake::{first_mistake, PlayerMove};
use duel_ioiwari::transcript::{Ending, Transcript};
use duel_ioiwari::{Board, Outcome, Pit, Player, Position, Table};
use duel_protocol::{after_game, read_move, MoveFault, MAX_LINE_BYTES};
pub use duel_protocol::{OUTPUT_CLOSES_WITHIN, STILL_OPEN};
use duel_sandbox::{
    Closing, Fault, FaultKind, Halt, Launcher, LineBuffer, Process, SpawnError, Usage,
};

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

/// Reads player 1's move from one line of its output: [`duel_protocol::read_move`] on the
/// line's bytes (`RULES.md`, L3 to L6), with its verdict and reason.
///
/// Blanks (space, tab, carriage return) around the number are allowed; anything that is not
/// one integer is a protocol_error; an integer outside 1..7 or an empty pit is an
/// illegal_move (the task lists "a pit number outside 1..7" among illegal moves).
///
/// ```
/// use duel_arena::ioiwari::parse_move;
/// use duel_arena::Verdict;
/// let board = "4 0 0 0 1 1 1".parse().unwrap();
/// assert_eq!(parse_move(b" 5 ", board).unwrap().number(), 5);
/// assert_eq!(parse_move(b"x", board).unwrap_err().verdict, Verdict::ProtocolError);
/// assert_eq!(parse_move(b"9", board).unwrap_err().verdict, Verdict::IllegalMove);
/// let empty = parse_move(b"4", board).unwrap_err();
/// assert_eq!(empty.verdict, Verdict::IllegalMove);
/// assert_eq!(empty.reason, "pit 4 is empty at 4 0 0 0 1 1 1");
/// ```
pub fn parse_move(line: &[u8], board: Board) -> Result<Pit, MoveFault> {
    read_move(line, board)
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
    let mut game = Game::new(board);
    let played = game.play(&mut process, table, opponent, index);
    let (verdict, reason, usage) = match played {
        Err(Stop::Halt(Halt::Cancelled)) => return Ok(None),
        Err(Stop::Halt(Halt::Fault(fault))) => {
            let usage = process.abort_at_line().1;
            game.aborted(verdict_of(fault.kind), fault.reason, usage)
        }
        Err(Stop::Line(fault)) => {
            // A move refused: unless it was not the program's line (or a limit came first).
            let (checked, usage) = process.abort_at_line();
            match checked {
                Err(first) => game.aborted(verdict_of(first.kind), first.reason, usage),
                Ok(()) => game.aborted(fault.verdict, fault.reason, usage),
            }
        }
        Ok(()) => {
            let ending = process.finish_output(Closing {
                within: OUTPUT_CLOSES_WITHIN,
                check: &mut |bytes| {
                    after_game(bytes).map_err(|fault| Fault::new(FaultKind::Refused, fault.reason))
                },
                still_open: STILL_OPEN,
                // RULES.md, A1: the program must end without reading more.
                keep_input_open: true,
            });
            game.transcript
                .finish(&Ending::Finished(game.position.banks));
            match ending.result {
                Err(Halt::Cancelled) => return Ok(None),
                Err(Halt::Fault(fault)) => (
                    verdict_of(fault.kind),
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
    let reason = with_notes(reason, process.notes());
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

/// What [`judge_output`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JudgedOutput {
    /// The verdict, as a program that wrote these bytes would get it.
    pub verdict: Verdict,
    /// Why, for a verdict other than a win.
    pub reason: Option<String>,
    /// The moves played, player 1's and player 2's in turn.
    pub moves: Vec<Pit>,
}

/// The reason of a stream that ends before the game is over (the judge says how the process
/// ended; a stream knows only that it ended).
pub const OUTPUT_ENDED: &str = "ended its output before the game was over";

/// Judges `output` as player 1's whole output on `board`, against the first optimal player 2:
/// as the judge judges a program that wrote exactly these bytes, whatever it read, and then
/// closed its output and exited with status 0 (the same referee, the same reading of lines:
/// [`duel_protocol::read_move`] on lines of at most [`duel_protocol::MAX_LINE_BYTES`]
/// bytes, the bytes after the game checked by [`duel_protocol::after_game`]). The packages'
/// C++ referee is held to the same answers on the same bytes.
///
/// ```
/// use duel_arena::ioiwari::judge_output;
/// use duel_arena::Verdict;
/// let table = duel_ioiwari::Table::solve();
/// // Pit 6's bead falls on pit 7's: player 1 banks both, and the game is over.
/// let board = "0 0 0 0 0 1 1".parse().unwrap();
/// assert_eq!(judge_output(&table, board, b"6\r\n").verdict, Verdict::Win);
/// assert_eq!(judge_output(&table, board, b"6\nx").verdict, Verdict::ProtocolError);
/// assert_eq!(judge_output(&table, board, b"").verdict, Verdict::EarlyExit);
/// ```
pub fn judge_output(table: &Table, board: Board, output: &[u8]) -> JudgedOutput {
    let mut game = Game::new(board);
    game.logged = false;
    let mut written = Written {
        rest: output,
        lines: LineBuffer::new(MAX_LINE_BYTES),
    };
    let played = game.play(&mut written, table, Opponent::FirstOptimal, 1);
    let (verdict, reason) = match played {
        Err(Stop::Halt(Halt::Fault(fault))) => (verdict_of(fault.kind), Some(fault.reason)),
        Err(Stop::Halt(Halt::Cancelled)) => unreachable!("a stream is never cancelled"),
        Err(Stop::Line(fault)) => (fault.verdict, Some(fault.reason)),
        Ok(()) => {
            let after = written.lines.take_buffered();
            match after_game(&after).and_then(|()| after_game(written.rest)) {
                Err(fault) => (
                    fault.verdict,
                    Some(format!("after the game: {}", fault.reason)),
                ),
                Ok(()) => game.verdict(),
            }
        }
    };
    JudgedOutput {
        verdict,
        reason,
        moves: game.moves,
    }
}

/// Player 1 as the referee meets it: it is sent lines and answers with lines.
trait Player1 {
    /// Sends one line (a line feed is added).
    fn send(&mut self, line: &str) -> Result<(), Halt>;
    /// The next line player 1 wrote: its bytes before the line feed (L1, L2, L7).
    fn next_line(&mut self, line: &mut Vec<u8>) -> Result<(), Halt>;
}

impl Player1 for Process {
    fn send(&mut self, line: &str) -> Result<(), Halt> {
        self.write_line(line)
    }

    fn next_line(&mut self, line: &mut Vec<u8>) -> Result<(), Halt> {
        self.read_line_bytes(line)
    }
}

/// A program's whole output, cut into lines as [`Process::read_line_bytes`] cuts them.
struct Written<'a> {
    /// What is not read yet.
    rest: &'a [u8],
    lines: LineBuffer,
}

impl Player1 for Written<'_> {
    fn send(&mut self, _line: &str) -> Result<(), Halt> {
        Ok(())
    }

    fn next_line(&mut self, line: &mut Vec<u8>) -> Result<(), Halt> {
        let too_long = |too_long| Fault::new(FaultKind::LineTooLong, format!("wrote {too_long}"));
        loop {
            if self.lines.next_line_bytes(line).map_err(too_long)? {
                return Ok(());
            }
            if self.rest.is_empty() {
                return match self.lines.take_rest_bytes(line).map_err(too_long)? {
                    true => Ok(()),
                    false => Err(Fault::new(FaultKind::EndedEarly, OUTPUT_ENDED).into()),
                };
            }
            let n = self.lines.room().min(self.rest.len());
            self.lines.extend(&self.rest[..n]);
            self.rest = &self.rest[n..];
        }
    }
}

/// Why a game stopped before its end.
enum Stop {
    /// The program (or the judge) stopped it: a limit, its end, a cancellation.
    Halt(Halt),
    /// A line that is no legal move.
    Line(MoveFault),
}

impl From<Halt> for Stop {
    fn from(halt: Halt) -> Self {
        Stop::Halt(halt)
    }
}

struct Game {
    position: Position,
    transcript: Transcript,
    /// Whether the transcript is written (not for [`judge_output`], which shows none).
    logged: bool,
    moves: Vec<Pit>,
    player_moves: Vec<PlayerMove>,
}

impl Game {
    fn new(board: Board) -> Game {
        Game {
            position: Position::start(board),
            transcript: Transcript::new(board),
            logged: true,
            moves: Vec::new(),
            player_moves: Vec::new(),
        }
    }

    fn play(
        &mut self,
        player: &mut impl Player1,
        table: &Table,
        opponent: Opponent,
        index: usize,
    ) -> Result<(), Stop> {
        let mut chooser = opponent.for_test(index);
        let mut line = Vec::new();
        player.send(&self.position.board.to_string())?;
        while !self.position.is_over() {
            player.next_line(&mut line)?;
            let pit = parse_move(&line, self.position.board).map_err(Stop::Line)?;
            self.player_moves.push(PlayerMove {
                number: self.moves.len() as u32 + 1,
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
            player.send(&reply.to_string())?;
        }
        Ok(())
    }

    /// The game ended at `fault`, before its end: the verdict, the reason and the usage.
    fn aborted(
        &mut self,
        verdict: Verdict,
        reason: String,
        usage: Usage,
    ) -> (Verdict, Option<String>, Usage) {
        self.transcript.finish(&Ending::Aborted {
            player: Player::One,
            reason: reason.clone(),
        });
        (verdict, Some(reason), usage)
    }

    fn apply(&mut self, player: Player, pit: Pit) {
        let after = self
            .position
            .play(pit)
            .expect("moves are checked before they are applied");
        if self.logged {
            self.transcript.record(player, pit, &after);
        }
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
    fn moves_are_read_by_the_protocols_rule() {
        let board: Board = "4 3 2 4 2 3 2".parse().unwrap();
        assert_eq!(parse_move(b"\t2\r", board).unwrap().number(), 2);
        assert_eq!(parse_move(b"+2", board).unwrap().number(), 2);
        for line in [
            &b""[..],
            b"2 3",
            b"two",
            b"2.0",
            b"-",
            b"0x2",
            b"2\0",
            b"2\xc2\xa0",
        ] {
            assert_eq!(
                parse_move(line, board).unwrap_err().verdict,
                Verdict::ProtocolError,
                "{line:?}"
            );
        }
        for line in [&b"0"[..], b"8", b"-1", b"99999999999999999999999"] {
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
        let fault = parse_move(&[b'z'; 1000], board).unwrap_err();
        assert!(fault.reason.len() < 80, "{}", fault.reason);
    }

    #[test]
    fn a_stream_is_cut_into_lines_as_a_process_output_is() {
        let table = Table::solve();
        let board: Board = "0 0 0 0 0 1 1".parse().unwrap();
        let judged = |bytes: &[u8]| judge_output(&table, board, bytes);
        // Pit 6's bead falls on pit 7's: player 1 banks both, and the game is over.
        let won = judged(b"6\n");
        assert_eq!((won.verdict, won.moves.len()), (Verdict::Win, 1), "{won:?}");
        let verdict = won.verdict;
        assert_eq!(
            judged(b"6").verdict,
            verdict,
            "an unterminated last line is read"
        );
        assert_eq!(judged(b" +06 \r\n\n \n").verdict, verdict);
        assert_eq!(judged(b"6\n\x0c").verdict, Verdict::ProtocolError);
        let long = [&[b' '; MAX_LINE_BYTES][..], b"6\n"].concat();
        let refused = judged(&long);
        assert_eq!(refused.verdict, Verdict::ProtocolError);
        assert_eq!(
            refused.reason.as_deref(),
            Some("wrote a line longer than 4096 bytes")
        );
        assert_eq!(judged(&long[1..]).verdict, verdict);
        assert_eq!(judged(b"").verdict, Verdict::EarlyExit);
        assert_eq!(judged(b"\n").verdict, Verdict::ProtocolError);
    }
}
