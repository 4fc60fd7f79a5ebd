//! `duel`: one command for judging, analysing and playing both games.

#![forbid(unsafe_code)]

use clap::error::ErrorKind;
use clap::{Parser, Subcommand};
#[cfg(not(feature = "judge"))]
use duel_cli::linux_only;
use duel_cli::{analyze, export, kit, play, serve, variants};
#[cfg(feature = "judge")]
use duel_cli::{doctor, judge};
use std::process::ExitCode;

const EXAMPLES: &str = "\
Examples:
  duel ioiwari judge                          score the project's own player (100 points)
  duel ioiwari judge --player ./a.out --tests all --report report.json
  duel ioiwari analyze \"4 3 2 4 2 3 2\"        every move's value and moves to the end
  duel ioiwari table --classes                the 51 rotation classes, as in the official notes
  duel ioiwari play                           play against the perfect player
  duel ioiwari variants --pits 9              the 9-pit game solved: every start total
  duel mis judge --module ./libmine.so        score a C-ABI module on the official MIS tests
  duel mis analyze 7 2 3                      winning moves and the pattern of losing positions
  duel kit mis kit                            the contestant kit: skeletons and graj in C, C++, Pascal
  duel serve --port 8080                      the local web page: http://127.0.0.1:8080/
  duel doctor                                 every language's compiler builds and runs a program

Every subcommand has --help with more examples.";

/// Perfect players, judges and analysis for two olympiad games: Ioiwari (IOI 2001) and
/// Pooh-Eeyore-sticks (Polish OI 2004, "MIS").
#[derive(Debug, Parser)]
#[command(name = "duel", version, after_help = EXAMPLES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Ioiwari: the 7-pit Mancala game of IOI 2001.
    #[command(subcommand)]
    Ioiwari(IoiwariCommand),
    /// Pooh-Eeyore-sticks: the two-pile game of Polish OI 2004 ("MIS").
    #[command(subcommand)]
    Mis(MisCommand),
    /// Write a contestant kit: skeletons, drivers and tools, as the tasks shipped them.
    #[command(subcommand)]
    Kit(kit::KitCommand),
    /// Serve a local web page for playing and analysing both games, with a JSON API.
    Serve(serve::ServeArgs),
    /// Write packages for contest systems: Kattis, ICPC, DOMjudge, DMOJ, CMS, Polygon.
    Export(export::ExportArgs),
    /// Check that every language's compiler is installed and builds and runs a program.
    #[cfg(feature = "judge")]
    Doctor(doctor::DoctorArgs),
    /// Check the languages' compilers: needs Linux (not in this build).
    #[cfg(not(feature = "judge"))]
    Doctor(linux_only::Unavailable),
}

#[derive(Debug, Subcommand)]
enum IoiwariCommand {
    /// Score a player-1 program against the optimal player 2.
    #[cfg(feature = "judge")]
    Judge(judge::ioiwari::JudgeArgs),
    /// Score a player-1 program: needs Linux (not in this build; use WSL or the packages).
    #[cfg(not(feature = "judge"))]
    Judge(linux_only::Unavailable),
    /// Analyse a position: its value, and every legal move's value and moves to the end.
    Analyze(analyze::ioiwari::AnalyzeArgs),
    /// The 357 start boards (or 51 rotation classes): values, winning first moves, greedy.
    Table(analyze::table::TableArgs),
    /// Play against the computer in the terminal.
    Play(play::ioiwari::PlayArgs),
    /// Solve a variant (any pits, cap, start rule): wins, draws and losses per bead total.
    Variants(variants::VariantsArgs),
}

#[derive(Debug, Subcommand)]
enum MisCommand {
    /// Score a Bolek (program or C-ABI module) against the adversarial Lolek.
    #[cfg(feature = "judge")]
    Judge(judge::mis::JudgeArgs),
    /// Score a Bolek: needs Linux (not in this build; use WSL or the packages).
    #[cfg(not(feature = "judge"))]
    Judge(linux_only::Unavailable),
    /// Analyse a position: win or loss, every winning move, the pattern of losing positions.
    Analyze(analyze::mis::AnalyzeArgs),
    /// Play Bolek or Lolek against the computer in the terminal.
    Play(play::mis::PlayArgs),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error)
            if !error.use_stderr()
                || error.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand =>
        {
            error.exit()
        }
        Err(error) => {
            // Bad input: one line, exit status 2, as every other refusal of duel's.
            eprintln!("duel: {}", duel_cli::flags::one_line(&error));
            return ExitCode::from(2);
        }
    };
    let result = match cli.command {
        #[cfg(feature = "judge")]
        Command::Ioiwari(IoiwariCommand::Judge(args)) => judge::ioiwari::run(args),
        #[cfg(feature = "judge")]
        Command::Mis(MisCommand::Judge(args)) => judge::mis::run(args),
        #[cfg(not(feature = "judge"))]
        Command::Ioiwari(IoiwariCommand::Judge(_)) => {
            linux_only::refuse("ioiwari judge", linux_only::JUDGE_NEEDS_LINUX)
        }
        #[cfg(not(feature = "judge"))]
        Command::Mis(MisCommand::Judge(_)) => {
            linux_only::refuse("mis judge", linux_only::JUDGE_NEEDS_LINUX)
        }
        Command::Ioiwari(IoiwariCommand::Analyze(args)) => analyze::ioiwari::run(args),
        Command::Ioiwari(IoiwariCommand::Table(args)) => analyze::table::run(args),
        Command::Ioiwari(IoiwariCommand::Play(args)) => play::ioiwari::run(args),
        Command::Ioiwari(IoiwariCommand::Variants(args)) => variants::run(args),
        Command::Mis(MisCommand::Analyze(args)) => analyze::mis::run(args),
        Command::Mis(MisCommand::Play(args)) => play::mis::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Kit(command) => kit::run(command),
        Command::Export(args) => export::run(args),
        #[cfg(feature = "judge")]
        Command::Doctor(args) => doctor::run(args),
        #[cfg(not(feature = "judge"))]
        Command::Doctor(_) => linux_only::refuse("doctor", linux_only::JUDGE_NEEDS_LINUX),
    };
    match result {
        Ok(code) => code,
        Err(error) => {
            eprintln!("duel: {error:#}");
            ExitCode::from(2)
        }
    }
}
