//! `ioiwari2`: the task's player-2 tool, improved.

#![forbid(unsafe_code)]

use anyhow::Context;
use clap::Parser;
use duel_cli::protocol::ProtocolReader;
use duel_ioiwari::transcript::{Ending, Transcript};
use duel_ioiwari::{Board, Oracle, Pit, Player, Position, ReachableSolver};
use duel_random::SplitMix64;
use std::fs::File;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

const EXAMPLE: &str = "\
It prints the start board, then reads player 1's pits (one per line) and answers each with an
optimal player-2 pit, as the tool shipped with the IOI 2001 task did. The whole dialogue is
recorded in the log (default ioiwari.out), one line per move, ending with the result.

Example session (lines starting with > are ioiwari2's output):
  > 4 3 2 4 2 3 2
    2
  > 3
    5
  > 4
    5
  > 7

Examples:
  ioiwari2                                  play by hand against the optimal player 2
  ioiwari2 --position \"3 3 3 3 3 3 2\"       another start board
  ioiwari2 --seed 7 --log game.txt          random among the optimal moves, log to game.txt
  mkfifo to-p2 && ioiwari2 < to-p2 | ioiwari > to-p2     watch the two perfect players

When stderr is a terminal, the board and banks are drawn there after every move.

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

fn main() -> ExitCode {
    let args = Args::parse();
    let log = match File::create(&args.log) {
        Ok(file) => file,
        Err(error) => {
            eprintln!("ioiwari2: cannot create {}: {error}", args.log.display());
            return ExitCode::from(2);
        }
    };
    let mut game = Dialogue {
        log,
        position: Position::start(args.position),
        transcript: Transcript::new(args.position),
        solver: ReachableSolver::solve_from(args.position),
        rng: args.seed.map(SplitMix64::new),
        draw_board: io::stderr().is_terminal(),
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

struct Dialogue {
    log: File,
    position: Position,
    transcript: Transcript,
    solver: ReachableSolver,
    rng: Option<SplitMix64>,
    draw_board: bool,
}

impl Dialogue {
    fn run(&mut self, input: impl io::BufRead, mut output: impl Write) -> Result<(), Failure> {
        let header = self.transcript.start_line().to_string();
        self.log_line(&header)?;
        self.draw();
        let start = self.position.board;
        if writeln!(output, "{start}")
            .and_then(|()| output.flush())
            .is_err()
        {
            return self.abort("stopped reading before the game began".into());
        }
        let mut reader = ProtocolReader::new(input);
        while !self.position.board.is_empty() {
            let pit = match reader.read_pit() {
                Ok(Some(pit)) => pit,
                Ok(None) => {
                    let reason = format!("input ended mid-game at {}", self.position.board);
                    return self.abort(reason);
                }
                Err(error) => return self.abort(error.to_string()),
            };
            if let Err(error) = self.play(Player::One, pit) {
                return self.abort(format!("illegal move: {error}"));
            }
            if self.position.board.is_empty() {
                break;
            }
            let reply = self.choose_reply();
            self.play(Player::Two, reply)
                .context("internal error: the solver's move was refused")?;
            if writeln!(output, "{reply}")
                .and_then(|()| output.flush())
                .is_err()
            {
                let reason = "stopped reading before the game ended".to_string();
                return self.abort(reason);
            }
        }
        let result = self
            .transcript
            .finish(&Ending::Finished(self.position.banks));
        self.log_line(&result)?;
        Ok(())
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
        if self.draw_board {
            eprint!("\n  {player} plays pit {pit}");
        }
        self.draw();
        Ok(())
    }

    fn abort(&mut self, reason: String) -> Result<(), Failure> {
        let line = self.transcript.finish(&Ending::Aborted {
            player: Player::One,
            reason: reason.clone(),
        });
        self.log_line(&line)?;
        Err(Failure::Player1(reason))
    }

    /// Writes one log line (with its line ending) at once, so that nothing is lost if the game
    /// ends abruptly.
    fn log_line(&mut self, line: &str) -> anyhow::Result<()> {
        self.log
            .write_all(line.as_bytes())
            .and_then(|()| self.log.flush())
            .context("cannot write the log")
    }

    /// Draws the board and banks on stderr for a person playing by hand.
    fn draw(&self) {
        if !self.draw_board {
            return;
        }
        let name = |player: Player| match player {
            Player::One => "player 1".to_string(),
            Player::Two => "player 2 (ioiwari2)".to_string(),
        };
        eprint!("{}", duel_cli::draw::ioiwari_position(&self.position, name));
        if let Some(outcome) = self.position.outcome() {
            eprintln!("  game over: {outcome}");
        }
    }
}
