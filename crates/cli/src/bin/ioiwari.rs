//! `ioiwari`: the winning player 1 of the IOI 2001 task, speaking the task's protocol.

#![forbid(unsafe_code)]

use anyhow::{anyhow, Context};
use clap::Parser;
use duel_cli::protocol::ProtocolReader;
use duel_ioiwari::{Oracle, Position, ReachableSolver};
use std::io::{self, Write};
use std::process::ExitCode;

const EXAMPLE: &str = "\
Protocol (the contestant's side of the IOI 2001 task):
  1. read the start board: 7 bead counts separated by any whitespace;
  2. on its turn, write a pit number (1..7) on its own line and flush;
  3. on the opponent's turn, read the opponent's pit number from a line;
  4. exit 0 when all pits are empty.

Example session (lines starting with > are ioiwari's output):
    4 3 2 4 2 3 2
  > 2
    3
  > 5
    4
  > 5
    7

Play against the task's tool (ioiwari2 logs the dialogue to ioiwari.out):
  mkfifo to-p2 && ioiwari2 < to-p2 | ioiwari > to-p2; cat ioiwari.out

Exit status: 0 the game ended; 1 bad input (a malformed start board, an unparseable or
illegal opponent move, input that ended mid-game, output that cannot be written); 2 bad usage.";

/// The winning player 1 of Ioiwari (IOI 2001).
///
/// Plays a value-optimal move every turn, so it wins every one of the 357 start boards against
/// any opponent, by the largest margin the opponent allows. It accepts any board with 0 to 5
/// beads per pit, not only start boards.
#[derive(Debug, Parser)]
#[command(name = "ioiwari", version, after_help = EXAMPLE)]
struct Args {}

fn main() -> ExitCode {
    Args::parse();
    match play(io::stdin().lock(), io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("ioiwari: {error:#}");
            ExitCode::from(1)
        }
    }
}

/// Plays one game as player 1: our move, their move, until the pits are empty.
fn play(input: impl io::BufRead, mut output: impl Write) -> anyhow::Result<()> {
    let mut reader = ProtocolReader::new(input);
    let start = reader.read_start()?;
    // Solving only what this board reaches costs far less than building the whole table.
    let solver = ReachableSolver::solve_from(start);
    let mut position = Position::start(start);
    while let Some(pit) = solver.first_best_move(position.board) {
        writeln!(output, "{pit}")
            .and_then(|()| output.flush())
            .context("cannot write our move")?;
        position = position
            .play(pit)
            .map_err(|error| anyhow!("internal error: our own move was refused: {error}"))?;
        if position.board.is_empty() {
            break;
        }
        let pit = reader
            .read_pit()
            .context("player 2's move")?
            .ok_or_else(|| anyhow!("input ended before the game did, at {}", position.board))?;
        position = position
            .play(pit)
            .map_err(|error| anyhow!("player 2's move {pit} is illegal: {error}"))?;
    }
    Ok(())
}
