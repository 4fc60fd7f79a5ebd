//! `ioiwari`: the winning player 1 of the IOI 2001 task, speaking the task's protocol.
//!
//! It starts as fast as a process can: its move table is solved at compile time (`build.rs`),
//! the binary is linked statically, and it does no work before its first read. That includes
//! std's own start-up (which finds the main thread's stack through `/proc/self/maps` and sets up
//! a stack-overflow handler, a dozen system calls): `main` is the C entry point, which only
//! ignores `SIGPIPE` as std would, so that a closed output is an error (exit 1), not a signal.
//! The entry point is the binary's only unsafe code (the unmangled symbol and the one libc call).
//!
//! On Windows (no `SIGPIPE`, no such start-up to skip) it is an ordinary Rust program.
#![cfg_attr(all(not(test), unix), no_main)]

use anyhow::{anyhow, Context};
use clap::Parser;
use duel_cli::protocol::ProtocolReader;
use duel_ioiwari::{Board, Pit, Position, BOARD_COUNT};
use std::io::{self, Write};

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
  ioiwari2 --run ioiwari                    (Windows: ioiwari2.exe --run ioiwari.exe)
  [ -p to-p2 ] || mkfifo to-p2; ioiwari2 < to-p2 | ioiwari > to-p2; cat ioiwari.out   (Linux)

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

/// For every board, by [`Board::index`], the lowest-numbered optimal pit (0 on the empty
/// board), two boards to a byte, even index in the low nibble: solved at compile time by
/// `build.rs`, so the player does no work before its first read.
static FIRST_MOVES: &[u8; BOARD_COUNT.div_ceil(2) as usize] =
    include_bytes!(concat!(env!("OUT_DIR"), "/ioiwari_first_moves.bin"));

/// The lowest-numbered optimal pit on `board`, `None` when it is empty.
fn first_best_move(board: Board) -> Option<Pit> {
    let index = board.index();
    let nibble = (FIRST_MOVES[(index / 2) as usize] >> (4 * (index % 2))) & 0xf;
    Pit::new(nibble).ok()
}

/// The C entry point (see the module's documentation); returns the exit status.
#[cfg(all(not(test), unix))]
#[allow(unsafe_code)]
#[no_mangle]
extern "C" fn main(_argc: libc::c_int, _argv: *const *const libc::c_char) -> libc::c_int {
    // SAFETY: setting a signal's disposition to SIG_IGN has no preconditions.
    unsafe { libc::signal(libc::SIGPIPE, libc::SIG_IGN) };
    libc::c_int::from(run())
}

/// The entry point where std's start-up is kept (Windows).
#[cfg(all(not(test), not(unix)))]
fn main() -> std::process::ExitCode {
    std::process::ExitCode::from(run())
}

/// Parses the arguments, if any, and plays; the exit status.
#[cfg(not(test))]
fn run() -> u8 {
    // Without arguments there is nothing to parse: the player goes straight to its first read.
    // (std reads the arguments itself on Linux, without its usual start-up.)
    if std::env::args_os().nth(1).is_some() {
        Args::parse();
    }
    match play(io::stdin().lock(), io::stdout().lock()) {
        Ok(()) => 0,
        Err(error) => {
            eprintln!("ioiwari: {error:#}");
            1
        }
    }
}

/// Plays one game as player 1: our move, their move, until the pits are empty.
fn play(input: impl io::BufRead, mut output: impl Write) -> anyhow::Result<()> {
    let mut reader = ProtocolReader::new(input);
    let start = reader.read_start()?;
    let mut position = Position::start(start);
    while let Some(pit) = first_best_move(position.board) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use duel_ioiwari::Table;

    #[test]
    fn the_table_built_at_compile_time_is_the_solvers_on_every_board() {
        let table = Table::solve();
        for index in 0..BOARD_COUNT {
            let board = Board::from_index(index).unwrap();
            assert_eq!(
                first_best_move(board),
                table.first_best_move(board),
                "{board}"
            );
        }
    }

    #[test]
    fn the_first_move_goes_out_before_the_input_ends_the_game_early() {
        let mut output = Vec::new();
        let error = play("4 3 2 4 2 3 2\n".as_bytes(), &mut output).unwrap_err();
        assert_eq!(output, b"2\n");
        assert!(error.to_string().contains("input ended"), "{error:#}");
    }
}
