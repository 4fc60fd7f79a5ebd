//! `duel ioiwari play` and `duel mis play`: a person against the computer in the terminal.
//!
//! Both read one command per line and write plain text, so they work the same at a terminal,
//! in a pipe or under a test: no TTY, raw mode or colours are needed.

pub mod ioiwari;
pub mod mis;

use std::io::{self, BufRead, Write};

use anyhow::bail;

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

/// How the Ioiwari computer plays.
#[derive(Debug, clap::Args)]
pub struct IoiwariComputerArgs {
    /// How well the computer plays: perfect (the solver's best pit), greedy (the pit that
    /// banks most now) or random.
    #[arg(long, default_value = "perfect")]
    pub strength: String,
    /// `--seed`, for the random computer (repeatable games).
    #[command(flatten)]
    pub seed: crate::flags::SeedArg,
}

impl IoiwariComputerArgs {
    /// The Ioiwari computer asked for.
    pub(crate) fn ioiwari(&self) -> anyhow::Result<duel_ioiwari::Computer> {
        Ok(duel_analysis::engine::ioiwari_computer(
            &self.strength,
            self.seed.seed,
        )?)
    }
}

/// How the Pooh-Eeyore-sticks computer plays.
#[derive(Debug, clap::Args)]
pub struct MisComputerArgs {
    /// How well the computer plays: perfect, greedy or random, or one of the judge's Loleks:
    /// simple, adversarial.
    #[arg(long, default_value = "perfect")]
    pub strength: String,
    /// `--seed`, for the random computer (repeatable games).
    #[command(flatten)]
    pub seed: crate::flags::SeedArg,
}

impl MisComputerArgs {
    /// The Pooh-Eeyore-sticks computer asked for.
    pub(crate) fn mis(&self) -> anyhow::Result<duel_mis::LolekKind> {
        Ok(duel_analysis::engine::mis_computer(
            &self.strength,
            self.seed.seed,
        )?)
    }
}

/// The person's side, 1 or 2: from `--side`, or asked on the input.
///
/// `names` are how the two sides are called, e.g. `["player 1", "player 2"]`.
pub(crate) fn choose_side<R: BufRead, W: Write>(
    given: Option<&str>,
    names: [&str; 2],
    console: &mut Console<R, W>,
) -> anyhow::Result<Option<u8>> {
    if let Some(text) = given {
        return match text.trim() {
            "1" => Ok(Some(1)),
            "2" => Ok(Some(2)),
            other => bail!(
                "invalid --side {other:?}: expected 1 ({}) or 2 ({})",
                names[0],
                names[1]
            ),
        };
    }
    loop {
        write!(
            console.output,
            "Which side do you play? 1 = {} (moves first), 2 = {} [1]: ",
            names[0], names[1]
        )?;
        console.output.flush()?;
        let Some(answer) = console.read_command()? else {
            return Ok(None);
        };
        match answer.as_str() {
            "" | "1" => return Ok(Some(1)),
            "2" => return Ok(Some(2)),
            other => writeln!(console.output, "Please answer 1 or 2, not {other:?}.")?,
        }
    }
}
