//! `duel ioiwari play --pits N --cap C`: a game of a variant against the perfect computer.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use anyhow::{bail, Context};
use duel_analysis::variants::position::{self, VariantPosition};
use duel_ioiwari::variant::{Variant, VariantBoard, VariantTable};
use duel_ioiwari::Outcome;

use super::hint::{hint_text, HintMove};
use super::{choose_side, run_game, Console, Game};
use crate::variants::solve_for_position;

/// Plays `variant` from `board` against the perfect computer (the first optimal pit),
/// reading pit numbers, `hint` or `quit` from `console`.
///
/// Exit code 0 when the game ends or the person quits, 1 when the input ends mid-game.
///
/// `board` is the start board; the task's default `4 3 2 4 2 3 2` on a variant of another
/// size stands for 3 beads a pit (the cap, if lower). `strength` must be `perfect`.
pub(crate) fn play<R: BufRead, W: Write>(
    variant: Variant,
    board: &str,
    side: Option<super::Side>,
    strength: &super::Strength,
    console: &mut Console<R, W>,
) -> anyhow::Result<ExitCode> {
    if strength.name() != "perfect" {
        let strength = strength.name();
        bail!("--strength {strength:?}: variants are played only by the perfect computer");
    }
    let board = if board == "4 3 2 4 2 3 2" && variant.pits() != 7 {
        let pits = vec![variant.cap().min(3); variant.pits()];
        VariantBoard::new(variant, &pits)?
    } else {
        VariantBoard::parse(variant, board)
            .with_context(|| format!("invalid board {board:?} for {variant}"))?
    };
    let Some(side) = choose_side(side, ["player 1", "player 2"], console)? else {
        return Ok(ExitCode::from(1));
    };
    if board.is_empty() {
        bail!("invalid board: it has no beads to play");
    }
    let table = solve_for_position(variant)?;
    writeln!(
        console.output,
        "{variant}: you are player {side}, the perfect computer is player {}. Type a pit number, hint or quit.",
        3 - side
    )?;
    let mut game = VariantGame {
        table,
        side,
        position: VariantPosition::start(board),
    };
    run_game(&mut game, console)
}

/// A game of a variant: the solved table and the position reached.
struct VariantGame {
    table: VariantTable,
    /// The person's player, 1 or 2.
    side: u8,
    position: VariantPosition,
}

impl Game for VariantGame {
    fn board(&self) -> String {
        String::new()
    }

    fn ending(&self) -> Option<String> {
        if !self.position.is_over() {
            return None;
        }
        let [one, two] = self.position.banks;
        let result = match Outcome::from_banks(self.position.banks()) {
            Outcome::Draw => "a draw".to_string(),
            win => win.to_string(),
        };
        Some(format!("Game over: banks {one} {two}, {result}.\n"))
    }

    fn turn(&self) -> String {
        let [one, two] = self.position.banks;
        format!(
            "pits {}   banks {one} {two}   player {} to move\n",
            self.position.board, self.position.to_move
        )
    }

    fn persons_turn(&self) -> bool {
        self.position.to_move == self.side
    }

    fn computer_move(&mut self) -> String {
        let pit =
            position::computer_move(&self.table, &self.position).expect("the game is not over");
        self.position = self.position.play(pit).expect("a legal move").0;
        format!("The computer plays pit {pit}.")
    }

    fn prompt(&self) -> String {
        format!(
            "Your move (pit 1-{}, hint, quit): ",
            self.position.board.variant().pits()
        )
    }

    fn abandoned(&self) -> &'static str {
        "The input ended before the game did."
    }

    /// Worded as the 7-pit game's: the final result best play forces, the banks so far
    /// included, then each legal pit's.
    fn hint(&self) -> String {
        let doc = position::report(&self.table, &self.position);
        let moves: Vec<HintMove> = doc
            .moves
            .iter()
            .map(|m| HintMove {
                pit: m.pit,
                final_margin: i64::from(m.final_margin),
                moves_to_end: None,
                best: m.best,
                // The computer plays the first optimal pit.
                preferred: doc.preferred_move == Some(m.pit),
            })
            .collect();
        hint_text(i64::from(doc.final_margin), None, &moves)
    }

    fn help(&self) -> Option<String> {
        None
    }

    fn undo(&mut self) -> bool {
        false
    }

    fn play(&mut self, text: &str) -> Result<(), String> {
        let n = self.position.board.variant().pits();
        let pit = text
            .parse::<usize>()
            .map_err(|_| format!("type a pit number 1..{n}, hint or quit"))?;
        let (next, _) = self.position.play(pit).map_err(|error| error.to_string())?;
        self.position = next;
        Ok(())
    }
}
