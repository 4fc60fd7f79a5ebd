//! `duel ioiwari play` and `duel mis play`: a person against the computer in the terminal.
//!
//! Both read one command per line and write plain text, so they work the same at a terminal,
//! in a pipe or under a test: no TTY, raw mode or colours are needed.

mod hint;
pub mod ioiwari;
pub mod mis;
mod variant;

use duel_analysis::engine::ParseStrengthError;
use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::str::FromStr;

/// Where a game reads commands and writes text.
pub struct Console<R, W> {
    /// The person's commands, one per line.
    pub input: R,
    /// What the person sees.
    pub output: W,
    /// Repeat each command after its prompt: when the input is not a terminal (a pipe or a
    /// file), nothing else shows it, and the transcript would be hard to follow.
    pub echo: bool,
}

impl<R: BufRead, W: Write> Console<R, W> {
    /// What the person typed, lower-cased and trimmed; `None` when the input has ended.
    pub(crate) fn read_command(&mut self) -> io::Result<Option<String>> {
        let mut line = String::new();
        if self.input.read_line(&mut line)? == 0 {
            return Ok(None);
        }
        let command = line.trim().to_ascii_lowercase();
        if self.echo {
            writeln!(self.output, "{}", line.trim())?;
        }
        Ok(Some(command))
    }
}

/// A console on standard input and output, echoing when standard input is not a terminal.
pub(crate) fn standard_console() -> Console<io::StdinLock<'static>, io::StdoutLock<'static>> {
    use std::io::IsTerminal;
    let stdin = io::stdin();
    let echo = !stdin.is_terminal();
    Console {
        input: stdin.lock(),
        output: io::stdout().lock(),
        echo,
    }
}

/// The moves of a game's move text, as its address holds them (`crates/web/API.md`, "Game
/// addresses"): `2.4.1` or `1-1.2-0`, dots, commas or spaces between them.
pub(crate) fn move_items(text: &str) -> Vec<&str> {
    text.split(['.', ',', ' ', '\t'])
        .filter(|item| !item.is_empty())
        .collect()
}

/// The person's side given by `--side`: 1 (who moves first) or 2.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Side(u8);

/// A `--side` that is neither 1 nor 2.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("expected 1 (who moves first) or 2")]
pub struct ParseSideError;

impl FromStr for Side {
    type Err = ParseSideError;

    fn from_str(text: &str) -> Result<Side, ParseSideError> {
        match text.trim() {
            "1" => Ok(Side(1)),
            "2" => Ok(Side(2)),
            _ => Err(ParseSideError),
        }
    }
}

/// A strength of the computer that `--strength` names, checked against the game's own names
/// when the command line is read ([`Strength::ioiwari`], [`Strength::mis`]: clap's parsers).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Strength(String);

impl Strength {
    /// The strength's name, as the game reads it (`perfect`, `adversarial`).
    pub fn name(&self) -> &str {
        &self.0
    }

    /// An Ioiwari strength ([`duel_analysis::engine::ioiwari_computer`]'s names).
    pub fn ioiwari(text: &str) -> Result<Strength, ParseStrengthError> {
        duel_analysis::engine::ioiwari_computer(text, Some(0))?;
        Ok(Strength(text.trim().to_string()))
    }

    /// A Pooh-Eeyore-sticks strength ([`duel_analysis::engine::mis_computer`]'s names).
    pub fn mis(text: &str) -> Result<Strength, ParseStrengthError> {
        duel_analysis::engine::mis_computer(text, Some(0))?;
        Ok(Strength(text.trim().to_string()))
    }
}

/// How the Ioiwari computer plays.
#[derive(Debug, clap::Args)]
pub struct IoiwariComputerArgs {
    /// How well the computer plays: perfect (the solver's best pit), greedy (the pit that
    /// banks most now) or random.
    #[arg(long, default_value = "perfect", value_parser = Strength::ioiwari)]
    pub strength: Strength,
    /// `--seed`, for the random computer (repeatable games).
    #[command(flatten)]
    pub seed: crate::flags::SeedArg,
}

impl IoiwariComputerArgs {
    /// The Ioiwari computer asked for.
    pub(crate) fn ioiwari(&self) -> anyhow::Result<duel_ioiwari::Computer> {
        Ok(duel_analysis::engine::ioiwari_computer(
            self.strength.name(),
            self.seed.seed,
        )?)
    }
}

/// How the Pooh-Eeyore-sticks computer plays.
#[derive(Debug, clap::Args)]
pub struct MisComputerArgs {
    /// How well the computer plays: perfect, greedy or random, or one of the judge's Loleks:
    /// simple, adversarial.
    #[arg(long, default_value = "perfect", value_parser = Strength::mis)]
    pub strength: Strength,
    /// `--seed`, for the random computer (repeatable games).
    #[command(flatten)]
    pub seed: crate::flags::SeedArg,
}

impl MisComputerArgs {
    /// The Pooh-Eeyore-sticks computer asked for.
    pub(crate) fn mis(&self) -> anyhow::Result<duel_mis::LolekKind> {
        Ok(duel_analysis::engine::mis_computer(
            self.strength.name(),
            self.seed.seed,
        )?)
    }
}

/// The person's side, 1 or 2: from `--side`, or asked on the input; `None` (said on the
/// output) when the input ends before an answer.
///
/// `names` are how the two sides are called, e.g. `["player 1", "player 2"]`.
pub(crate) fn choose_side<R: BufRead, W: Write>(
    given: Option<Side>,
    names: [&str; 2],
    console: &mut Console<R, W>,
) -> anyhow::Result<Option<u8>> {
    if let Some(Side(side)) = given {
        return Ok(Some(side));
    }
    loop {
        write!(
            console.output,
            "Which side do you play? 1 = {} (moves first), 2 = {} [1]: ",
            names[0], names[1]
        )?;
        console.output.flush()?;
        let Some(answer) = console.read_command()? else {
            writeln!(console.output, "\nThe input ended before the game began.")?;
            return Ok(None);
        };
        match answer.as_str() {
            "" | "1" => return Ok(Some(1)),
            "2" => return Ok(Some(2)),
            other => writeln!(console.output, "Please answer 1 or 2, not {other:?}.")?,
        }
    }
}

/// One game as [`run_game`] plays it: the person's side against the computer's, the position
/// and the moves so far kept by the game.
pub(crate) trait Game {
    /// The board, drawn at the start and after each move.
    fn board(&self) -> String;
    /// What is said when the game is over, `None` while it goes on.
    fn ending(&self) -> Option<String>;
    /// Said before each turn, below the board (may be empty).
    fn turn(&self) -> String;
    /// Whether the person is to move.
    fn persons_turn(&self) -> bool;
    /// Plays the computer's move; the line that names it.
    fn computer_move(&mut self) -> String;
    /// The prompt of the person's turn.
    fn prompt(&self) -> String;
    /// The line said when the input ends mid-game.
    fn abandoned(&self) -> &'static str;
    /// What `hint` says: the value of every legal move.
    fn hint(&self) -> String;
    /// What `help` says. A game without help also has no `undo`, and reads a blank line as a
    /// move (which is refused).
    fn help(&self) -> Option<String>;
    /// Takes back the person's last move (and the answers to it); `false` when there is none.
    fn undo(&mut self) -> bool;
    /// Plays the person's move written as `text`; the line saying why when it is none or
    /// illegal.
    fn play(&mut self, text: &str) -> Result<(), String>;
}

/// Plays `game` to its end, reading the person's commands from `console`: a move, `hint`,
/// `quit` and, where the game has them, `help` and `undo`; blank lines are skipped.
///
/// Exit code 0 when the game ends or the person quits, 1 when the input ends mid-game.
pub(crate) fn run_game<G: Game, R: BufRead, W: Write>(
    game: &mut G,
    console: &mut Console<R, W>,
) -> anyhow::Result<ExitCode> {
    let mut redraw = true;
    loop {
        if redraw {
            write!(console.output, "{}", game.board())?;
            redraw = false;
        }
        if let Some(ending) = game.ending() {
            write!(console.output, "{ending}")?;
            return Ok(ExitCode::SUCCESS);
        }
        write!(console.output, "{}", game.turn())?;
        if !game.persons_turn() {
            writeln!(console.output, "{}", game.computer_move())?;
            redraw = true;
            continue;
        }
        write!(console.output, "{}", game.prompt())?;
        console.output.flush()?;
        let Some(command) = console.read_command()? else {
            writeln!(console.output, "\n{}", game.abandoned())?;
            return Ok(ExitCode::from(1));
        };
        match (command.as_str(), game.help()) {
            ("quit" | "q" | "exit", _) => {
                writeln!(console.output, "You left the game.")?;
                return Ok(ExitCode::SUCCESS);
            }
            ("hint" | "h" | "?", _) => write!(console.output, "{}", game.hint())?,
            ("", Some(_)) => {}
            ("help", Some(help)) => write!(console.output, "{help}")?,
            ("undo" | "u", Some(_)) => {
                if game.undo() {
                    writeln!(console.output, "Taken back.")?;
                    redraw = true;
                } else {
                    writeln!(console.output, "There is no move of yours to take back.")?;
                }
            }
            (text, _) => match game.play(text) {
                Ok(()) => redraw = true,
                Err(reason) => writeln!(console.output, "{reason}")?,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Take-away from `left` beads: the person takes any number, the computer one.
    struct TakeAway {
        left: u32,
        persons_turn: bool,
        /// Whether the game has `help` and `undo`.
        full: bool,
    }

    impl Game for TakeAway {
        fn board(&self) -> String {
            format!("[{} left]\n", self.left)
        }
        fn ending(&self) -> Option<String> {
            (self.left == 0).then(|| "[over]\n".to_string())
        }
        fn turn(&self) -> String {
            "[turn]\n".into()
        }
        fn persons_turn(&self) -> bool {
            self.persons_turn
        }
        fn computer_move(&mut self) -> String {
            self.left -= 1;
            self.persons_turn = true;
            "[computer took 1]".into()
        }
        fn prompt(&self) -> String {
            "[prompt]".into()
        }
        fn abandoned(&self) -> &'static str {
            "[abandoned]"
        }
        fn hint(&self) -> String {
            "[hint]\n".into()
        }
        fn help(&self) -> Option<String> {
            self.full.then(|| "[help]\n".to_string())
        }
        fn undo(&mut self) -> bool {
            false
        }
        fn play(&mut self, text: &str) -> Result<(), String> {
            let taken: u32 = text.parse().map_err(|_| format!("[no move {text:?}]"))?;
            self.left = self.left.checked_sub(taken).ok_or("[too many]")?;
            self.persons_turn = false;
            Ok(())
        }
    }

    fn run(full: bool, input: &str) -> (ExitCode, String) {
        let mut game = TakeAway {
            left: 3,
            persons_turn: true,
            full,
        };
        let mut console = Console {
            input: input.as_bytes(),
            output: Vec::new(),
            echo: false,
        };
        let code = run_game(&mut game, &mut console).unwrap();
        (code, String::from_utf8(console.output).unwrap())
    }

    #[test]
    fn a_game_with_help_takes_every_command_and_skips_blank_lines() {
        let (code, out) = run(true, "\nHELP\nundo\n?\nx\n9\n2\n");
        assert_eq!(code, ExitCode::SUCCESS);
        assert_eq!(
            out,
            "[3 left]\n[turn]\n[prompt][turn]\n[prompt][help]\n[turn]\n[prompt]\
             There is no move of yours to take back.\n[turn]\n[prompt][hint]\n[turn]\n\
             [prompt][no move \"x\"]\n[turn]\n[prompt][too many]\n[turn]\n[prompt]\
             [1 left]\n[turn]\n[computer took 1]\n[0 left]\n[over]\n"
        );
    }

    #[test]
    fn a_game_without_help_reads_help_undo_and_blank_lines_as_moves() {
        let (code, out) = run(false, "\nhelp\nu\nquit\n");
        assert_eq!(code, ExitCode::SUCCESS);
        assert_eq!(
            out,
            "[3 left]\n[turn]\n[prompt][no move \"\"]\n[turn]\n[prompt][no move \"help\"]\n\
             [turn]\n[prompt][no move \"u\"]\n[turn]\n[prompt]You left the game.\n"
        );
    }

    #[test]
    fn input_ending_mid_game_abandons_it_with_status_1() {
        let (code, out) = run(true, "1\n");
        assert_eq!(code, ExitCode::from(1));
        assert!(out.ends_with("[prompt]\n[abandoned]\n"), "{out:?}");
    }
}
