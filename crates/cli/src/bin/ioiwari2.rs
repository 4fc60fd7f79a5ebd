//! `ioiwari2`: the task's player-2 tool, improved.

#![forbid(unsafe_code)]

use anyhow::Context;
use clap::Parser;
use duel_cli::protocol::{ProtocolError, ProtocolReader};
use duel_ioiwari::transcript::{Ending, Transcript};
use duel_ioiwari::{Board, Oracle, Pit, Player, Position, ReachableSolver};
use duel_random::SplitMix64;
use std::fs::File;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

const EXAMPLE: &str = "\
It prints the start board, then reads player 1's pits (one per line) and answers each with an
optimal player-2 pit, as the tool shipped with the IOI 2001 task did. The whole dialogue is
recorded in the log (default ioiwari.out), one line per move, ending with the result.

Example session in a pipe (lines starting with > are ioiwari2's output):
  > 4 3 2 4 2 3 2
    2
  > 3
    5
  > 4
    5
  > 7

By hand (standard input a terminal) it draws the board, asks for your pit and asks again
after a typo or an empty pit; its own pits are shown on the board instead of as bare numbers.
In a pipe it is strict: anything but a legal pit ends the game, and when player 1 has sent
nothing for 2 seconds it says on stderr that it is waiting (a player 1 that does not flush its
output after each move hangs there).

Examples:
  ioiwari2                                  play by hand against the optimal player 2
  ioiwari2 --position \"3 3 3 3 3 3 2\"       another start board
  ioiwari2 --seed 7 --log game.txt          random among the optimal moves, log to game.txt
  mkfifo to-p2 && ioiwari2 < to-p2 | ioiwari > to-p2     watch the two perfect players

Exit status: 0 the game was played to the end; 1 player 1 broke the rules (an illegal or
unreadable move, or input that ended mid-game); 2 bad usage, or the log cannot be written.";

/// The optimal player 2 of Ioiwari (IOI 2001), logging the dialogue to ioiwari.out.
#[derive(Debug, Parser)]
#[command(name = "ioiwari2", version, after_help = EXAMPLE)]
struct Args {
    /// The start board: 7 bead counts (0 to 5 each).
    #[arg(long, value_name = "BOARD", default_value = "4 3 2 4 2 3 2")]
    position: Board,
    /// Where to record the dialogue.
    #[arg(long, value_name = "FILE", default_value = "ioiwari.out")]
    log: PathBuf,
    /// Choose at random among the optimal moves, reproducibly from this seed, instead of the
    /// first optimal pit.
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
}

/// Why the game could not be played to its end.
enum Failure {
    /// Player 1 broke the protocol or the rules; the reason has been logged.
    Player1(String),
    /// The tool itself could not work (the log could not be written).
    Tool(anyhow::Error),
}

impl From<anyhow::Error> for Failure {
    fn from(error: anyhow::Error) -> Self {
        Failure::Tool(error)
    }
}

/// How long player 1 may stay silent in a pipe before ioiwari2 says it is waiting.
const PATIENCE: Duration = Duration::from_secs(2);

/// Clears a terminal and moves the cursor to its top left corner (ANSI).
const CLEAR_SCREEN: &str = "\x1b[H\x1b[2J";

fn main() -> ExitCode {
    let args = Args::parse();
    let log = match File::create(&args.log) {
        Ok(file) => file,
        Err(error) => {
            eprintln!("ioiwari2: cannot create {}: {error}", args.log.display());
            return ExitCode::from(2);
        }
    };
    let by_hand = io::stdin().is_terminal();
    let draw_board = io::stderr().is_terminal();
    let mode = Mode {
        by_hand,
        draw_board,
        clear: by_hand && draw_board && terminal_clears(),
        // At a terminal that shows the board, bare pit numbers on the same screen would only
        // interleave with it: the board says which pit ioiwari2 played.
        protocol_out: !(by_hand && draw_board && io::stdout().is_terminal()),
    };
    let mut game = Dialogue {
        log,
        log_name: args.log.display().to_string(),
        position: Position::start(args.position),
        transcript: Transcript::new(args.position),
        solver: ReachableSolver::solve_from(args.position),
        rng: args.seed.map(SplitMix64::new),
        mode,
        recent: Vec::new(),
        watchdog: (!by_hand).then(Watchdog::start),
    };
    match game.run(io::stdin().lock(), io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Player1(reason)) => {
            eprintln!("ioiwari2: player 1: {reason}");
            ExitCode::from(1)
        }
        Err(Failure::Tool(error)) => {
            eprintln!("ioiwari2: {error:#}");
            ExitCode::from(2)
        }
    }
}

/// Whether the terminal understands the ANSI sequence that clears it (not a `dumb` one).
fn terminal_clears() -> bool {
    std::env::var_os("TERM").is_some_and(|term| !term.is_empty() && term != "dumb")
}

/// How the dialogue meets whoever is on the other side.
#[derive(Clone, Copy)]
struct Mode {
    /// A person types at a terminal: prompt, and ask again after a typo or an empty pit.
    by_hand: bool,
    /// Draw the board on stderr (a terminal).
    draw_board: bool,
    /// Clear the terminal before each drawing, so the board stays in one place.
    clear: bool,
    /// Write the protocol (the start board and ioiwari2's pits) on stdout.
    protocol_out: bool,
}

/// Tells on stderr when player 1 has been silent in a pipe for [`PATIENCE`]: the usual cause
/// is a player that does not flush its output.
struct Watchdog {
    events: mpsc::Sender<bool>,
}

impl Watchdog {
    fn start() -> Watchdog {
        let (events, heard) = mpsc::channel::<bool>();
        thread::spawn(move || {
            // `true`: a wait for player 1 begins; `false`: it ended.
            while let Ok(waiting) = heard.recv() {
                if !waiting {
                    continue;
                }
                if let Err(mpsc::RecvTimeoutError::Timeout) = heard.recv_timeout(PATIENCE) {
                    eprintln!(
                        "ioiwari2: still waiting for player 1's move after {} s: player 1 must \
                         write its pit and a newline and then flush its output",
                        PATIENCE.as_secs()
                    );
                }
            }
        });
        Watchdog { events }
    }

    /// Starts watching a wait; it ends when the guard is dropped.
    fn waiting(&self) -> WaitGuard<'_> {
        let _ = self.events.send(true);
        WaitGuard(&self.events)
    }
}

/// One wait for player 1, watched by a [`Watchdog`].
struct WaitGuard<'a>(&'a mpsc::Sender<bool>);

impl Drop for WaitGuard<'_> {
    fn drop(&mut self) {
        let _ = self.0.send(false);
    }
}

struct Dialogue {
    log: File,
    log_name: String,
    position: Position,
    transcript: Transcript,
    solver: ReachableSolver,
    rng: Option<SplitMix64>,
    mode: Mode,
    /// The last moves in words, shown above a redrawn board.
    recent: Vec<String>,
    watchdog: Option<Watchdog>,
}

impl Dialogue {
    fn run(&mut self, input: impl io::BufRead, mut output: impl Write) -> Result<(), Failure> {
        let header = self.transcript.start_line().to_string();
        self.log_line(&header)?;
        self.show();
        let start = self.position.board;
        if self.mode.protocol_out
            && writeln!(output, "{start}")
                .and_then(|()| output.flush())
                .is_err()
        {
            return Err(self.abort("stopped reading before the game began".into()));
        }
        let mut reader = ProtocolReader::new(input);
        while !self.position.board.is_empty() {
            let pit = self.read_move(&mut reader)?;
            if let Err(error) = self.play(Player::One, pit) {
                return Err(self.abort(format!("illegal move: {error}")));
            }
            if self.position.board.is_empty() {
                break;
            }
            let reply = self.choose_reply();
            self.play(Player::Two, reply)
                .context("internal error: the solver's move was refused")?;
            if self.mode.protocol_out
                && writeln!(output, "{reply}")
                    .and_then(|()| output.flush())
                    .is_err()
            {
                let reason = "stopped reading before the game ended".to_string();
                return Err(self.abort(reason));
            }
            self.show();
        }
        let result = self
            .transcript
            .finish(&Ending::Finished(self.position.banks));
        self.log_line(&result)?;
        if self.mode.clear {
            self.show();
        }
        Ok(())
    }

    /// Player 1's next pit. In a pipe the first line that is not a pit ends the game; by hand
    /// a typo or an empty pit is explained and the question asked again.
    fn read_move<R: io::BufRead>(
        &mut self,
        reader: &mut ProtocolReader<R>,
    ) -> Result<Pit, Failure> {
        loop {
            if self.mode.by_hand {
                eprint!(
                    "  Your move, player 1 (a pit with beads: {}): ",
                    self.legal_pits()
                );
            }
            let read = {
                let _wait = self.watchdog.as_ref().map(Watchdog::waiting);
                reader.read_pit()
            };
            let error = match read {
                Ok(Some(pit)) if !self.mode.by_hand || self.position.play(pit).is_ok() => {
                    return Ok(pit)
                }
                Ok(Some(pit)) => format!("pit {pit} is empty"),
                Ok(None) => {
                    if self.mode.by_hand {
                        eprintln!();
                    }
                    let reason = format!("input ended mid-game at {}", self.position.board);
                    return Err(self.abort(reason));
                }
                Err(error @ ProtocolError::Io(_)) => return Err(self.abort(error.to_string())),
                Err(error) if self.mode.by_hand => error.to_string(),
                Err(error) => return Err(self.abort(error.to_string())),
            };
            eprintln!("  {error}; please type one of {}.", self.legal_pits());
        }
    }

    /// The pits player 1 may sow now, e.g. `1 2 4`.
    fn legal_pits(&self) -> String {
        let pits: Vec<String> = self
            .position
            .board
            .legal_moves()
            .iter()
            .map(|pit| pit.to_string())
            .collect();
        pits.join(" ")
    }

    /// The first optimal pit, or a random optimal pit when a seed was given.
    fn choose_reply(&mut self) -> Pit {
        let best = self.solver.best_moves(self.position.board);
        let index = match &mut self.rng {
            Some(rng) => rng.below(best.len() as u64) as usize,
            None => 0,
        };
        best.iter()
            .nth(index)
            .expect("a non-empty board has an optimal move")
    }

    fn play(&mut self, player: Player, pit: Pit) -> anyhow::Result<()> {
        let next = self.position.play(pit)?;
        self.position = next;
        let line = self.transcript.record(player, pit, &self.position);
        self.log_line(&line)?;
        let number = self.recent.len() + 1;
        let said = format!("move {number}: {} plays pit {pit}", name(player, self.mode));
        self.recent.push(said);
        if self.mode.draw_board && !self.mode.clear {
            // No redrawing in place: each move and the board after it, one after another.
            eprint!("\n  {}", self.recent.last().expect("just pushed"));
            self.draw();
        }
        Ok(())
    }

    /// Ends the game for player 1's fault, logging why.
    fn abort(&mut self, reason: String) -> Failure {
        let line = self.transcript.finish(&Ending::Aborted {
            player: Player::One,
            reason: reason.clone(),
        });
        match self.log_line(&line) {
            Ok(()) => Failure::Player1(reason),
            Err(error) => Failure::Tool(error),
        }
    }

    /// Writes one log line (with its line ending) at once, so that nothing is lost if the game
    /// ends abruptly.
    fn log_line(&mut self, line: &str) -> anyhow::Result<()> {
        self.log
            .write_all(line.as_bytes())
            .and_then(|()| self.log.flush())
            .context("cannot write the log")
    }

    /// Shows the game to a person at a terminal: redrawn in place (the last two moves, then
    /// the board) when the terminal clears, else the board once at the start.
    fn show(&self) {
        if !self.mode.draw_board {
            return;
        }
        if !self.mode.clear {
            if self.recent.is_empty() {
                self.draw();
            }
            return;
        }
        let mut screen = format!(
            "{CLEAR_SCREEN}Ioiwari: you are player 1, ioiwari2 is player 2 (it plays \
             perfectly); the game is logged to {}.\n",
            self.log_name
        );
        let shown = self.recent.len().saturating_sub(2);
        for said in &self.recent[shown..] {
            screen += &format!("  {said}\n");
        }
        eprint!("{screen}");
        self.draw();
    }

    /// Draws the board and banks on stderr.
    fn draw(&self) {
        let mode = self.mode;
        eprint!(
            "{}",
            duel_cli::draw::ioiwari_position(&self.position, |player| name(player, mode))
        );
        if let Some(outcome) = self.position.outcome() {
            eprintln!("  game over: {outcome}");
        }
    }
}

/// How a player is called on the terminal.
fn name(player: Player, mode: Mode) -> String {
    match player {
        Player::One if mode.by_hand => "player 1 (you)".to_string(),
        Player::One => "player 1".to_string(),
        Player::Two => "player 2 (ioiwari2)".to_string(),
    }
}
