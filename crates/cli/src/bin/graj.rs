//! `graj` ("play"): the driver of the Pooh-Eeyore-sticks contestant kit, improved.
//!
//! Plays Lolek against Bolek from `p e B` and prints every move and the result. Bolek is the
//! built-in perfect player, a C-ABI module (`--module`, run in the separate `mis-host`
//! process), or any program speaking the line protocol (`--player`).

#![forbid(unsafe_code)]

use clap::Parser;
use duel_arena::compile::{build_module, Build, Language, Target, Toolchain};
use duel_arena::mis::judge::game_limits;
use duel_arena::mis::{
    host, parse_position, play, transcript, BolekSource, GameResult, GameSetup, MisError, MoveEvent,
};
use duel_arena::Verdict;
use duel_cli::flags::{LimitArgs, LolekArg, SandboxArg};
use duel_mis::{LolekKind, Position};
use duel_sandbox::{Limits, ProgramCommand, Sandbox};
use std::io::{self, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

const AFTER_HELP: &str = "\
Bolek moves first. A move takes k poohsticks, or k eeyoresticks, or k of each (1 <= k <= B);
whoever takes the last stick wins. Input limits: 1 <= p, e <= 10000000, 1 <= B <= 1000000.

Each move is printed as `N. WHO takes p=TAKEN e=TAKEN, leaving p=LEFT e=LEFT`, then the
result line `result: VERDICT after N moves[: REASON]`, as the kit's C, C++ and Pascal graj
print them:
  result: win after N moves
  result: loss after N moves: Lolek took the last stick
  result: illegal_move after N moves: move K: Bolek takes p=X e=Y at p=P e=E: REASON
Other verdicts (a module or program only): protocol_error, time_limit, memory_limit,
runtime_error, early_exit. After a loss from a won start, one more line names Bolek's first
move that left Lolek a winning position:
  first mistake: Move K of the game, at (P, E), was Bolek's first mistake: ...

Limits (--module, --player): --time-limit is Bolek's CPU time, as in `duel mis judge`: a
module's covers its host too, which plays Lolek in its process as every contest system's
driver does; a line-protocol program gets 30 µs more per possible Bolek move (it pays a pipe
round trip each).

Line protocol (--player): graj writes `p e B` once; before each of Bolek's moves it writes
`p e` (the pool as Lolek left it) and reads one line `bp be` (the poohsticks and eeyoresticks
Bolek takes); it closes the program's input when the game is over.

Module (--module): a shared library exporting `void poczatek(int p, int e, int peb)` and
`void ruch_bolka(int p, int e, int *bp, int *be)` (see mis.h), or its source: mis.c, mis.cpp
(.cc, .cxx) or the Pascal unit mis.pas (.pp), which graj builds first in a temporary directory,
as `duel mis judge` does:
{commands}
The module runs with Lolek in the separate `mis-host` process, so a crash or a hang cannot
take graj down; graj checks every move. As in the kit's graj and every contest system, what
the module prints on standard output goes to standard error, its standard input is empty,
and a source that defines main is refused (it would not link with the task's driver).

Exit status:
  0  Bolek won
  1  Bolek lost
  2  bad input or usage, or graj could not run (no such module or program, a module source
     that does not compile: the compiler's first lines go to stderr)
  3  Bolek broke a rule or a limit: illegal_move, protocol_error, time_limit, memory_limit,
     runtime_error or early_exit
  130 interrupted (Ctrl-C, SIGTERM or SIGHUP)

Examples:
  graj 7 2 3                                   the statement's example, built-in Bolek
  echo 7 2 3 | graj --quiet                    the same from stdin, only the result
  graj --module mis.c --lolek optimal 7 2 3    a module's source against the judge's Lolek
  graj --module ./libmine.so 10000000 9999999 1
                                               a built module, about 2*10^7 moves
  graj --player ./bolek --lolek adversarial 10 7 5
                                               any program speaking the line protocol
  graj --lolek random --seed 42 100 200 7";

/// The help's epilogue, with the compile commands of module sources, a language a line.
fn after_help() -> String {
    let lines: Vec<String> = Language::ALL
        .iter()
        .filter_map(|language| {
            let shown = language.shown_command(Target::Module)?;
            Some(format!("  {:<8}{shown}", language.title()))
        })
        .collect();
    AFTER_HELP.replace("{commands}", &lines.join("\n"))
}

/// Plays one game of Pooh-Eeyore-sticks (Polish OI 2004, "MIS"): Lolek against Bolek.
#[derive(Debug, Parser)]
#[command(name = "graj", version, after_help = after_help())]
struct Args {
    /// Poohsticks at the start. With E and B; all three are read from standard input when
    /// absent.
    #[arg(value_name = "P", requires = "e", allow_negative_numbers = true)]
    p: Option<String>,

    /// Eeyoresticks at the start.
    #[arg(value_name = "E", requires = "b", allow_negative_numbers = true)]
    e: Option<String>,

    /// The PE-bound: at most B sticks of a kind in one move.
    #[arg(value_name = "B", allow_negative_numbers = true)]
    b: Option<String>,

    /// Print only the result line (and, after a loss, the first mistake).
    #[arg(short, long)]
    quiet: bool,

    /// Bolek is this shared library (exporting poczatek and ruch_bolka), or its source (.c,
    /// .cpp, .cc, .cxx, .pas, .pp), built first.
    #[arg(long, value_name = "PATH", conflicts_with = "player")]
    module: Option<PathBuf>,

    /// Bolek is this program speaking the line protocol (run with `sh -c`).
    #[arg(long, value_name = "CMD")]
    player: Option<String>,

    #[command(flatten)]
    lolek: LolekArg,

    /// Bolek's limits (--module, --player). To the time limit graj adds the allowances of
    /// `duel mis judge`; the wall-clock limit is 3 times it plus allowances.
    #[command(flatten)]
    limit: LimitArgs,

    /// How Bolek's process (and a module's compiler) is isolated.
    #[command(flatten)]
    sandbox: SandboxArg,
}

/// How graj ends, as an exit status.
enum Failure {
    /// Bad input or usage, or graj itself could not run: exit 2.
    Usage(String),
    /// Ctrl-C: exit 130.
    Interrupted,
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(result) => ExitCode::from(exit_status(result.verdict)),
        Err(Failure::Usage(message)) => {
            eprintln!("graj: {message}");
            ExitCode::from(2)
        }
        Err(Failure::Interrupted) => {
            eprintln!("graj: interrupted");
            ExitCode::from(130)
        }
    }
}

fn exit_status(verdict: Verdict) -> u8 {
    match verdict {
        Verdict::Win => 0,
        Verdict::Loss => 1,
        _ => 3,
    }
}

fn run(args: &Args) -> Result<GameResult, Failure> {
    let lolek = lolek_kind(args)?;
    let numbers: Vec<String> = [&args.p, &args.e, &args.b]
        .into_iter()
        .flatten()
        .cloned()
        .collect();
    let start = start_position(&numbers)?;
    let limits = limits(args)?;
    let sandbox = args.sandbox.sandbox();
    let usage = |error: MisError| Failure::Usage(error.to_string());
    // Ctrl-C (or SIGTERM, SIGHUP) sets it, so that the game stops and Bolek's process is
    // killed (it runs in its own session and would not see the terminal's SIGINT).
    let cancel = duel_sandbox::interrupt_flag();
    // A module's source is built first; the build (and its directory) lives until the end.
    let build = match &args.module {
        Some(source) if Language::from_path(source).is_some() => {
            Some(build(source, sandbox, &cancel)?)
        }
        _ => None,
    };
    let bolek = match (&args.module, &args.player) {
        (Some(module), _) => {
            let library = match &build {
                Some(build) => build.library().expect("a successful build").to_path_buf(),
                None => module.clone(),
            };
            let host = host::default_host_path().map_err(usage)?;
            // The judge's own look at the file; the host's start is the game's (one game: a
            // separate trial run of the host would only double the sandbox's start).
            host::check_exports(&library).map_err(|error| match &build {
                Some(_) => Failure::Usage(format!("{error} (built from {})", module.display())),
                None => usage(error),
            })?;
            BolekSource::Module { library, host }
        }
        (None, Some(command)) => {
            let program = ProgramCommand::shell(command.clone());
            program.check().map_err(|e| Failure::Usage(e.to_string()))?;
            sandbox.check().map_err(|e| Failure::Usage(e.to_string()))?;
            BolekSource::Player {
                command: command.clone(),
            }
        }
        (None, None) => BolekSource::Builtin,
    };
    let setup = GameSetup {
        start,
        lolek,
        limits: game_limits(limits, &bolek, &start),
        bolek,
        sandbox,
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    // Printing stops quietly if stdout goes away (`graj ... | head`); the game goes on.
    let mut printing = !args.quiet;
    if printing {
        printing = writeln!(out, "{}", transcript::start_line(&start)).is_ok();
    }
    let mut sink = |event: &MoveEvent| {
        if printing {
            printing = writeln!(out, "{}", transcript::move_line(event)).is_ok();
        }
    };
    let played = play(&setup, &mut sink, Some(&cancel));
    let mut result = match played {
        Ok(result) => result,
        Err(MisError::Cancelled) => return Err(Failure::Interrupted),
        Err(error) => return Err(usage(error)),
    };
    // The result line is the kit drivers' (which know no theory); the first mistake of a
    // loss follows on a line of its own.
    let mistake = result
        .first_mistake
        .take_if(|_| result.verdict == Verdict::Loss);
    let mut lines = format!("{}\n", transcript::result_line(&result));
    if let Some(mistake) = mistake {
        lines += &format!("first mistake: {mistake}\n");
    }
    // A closed stdout is the reader's choice; the exit status still tells the result.
    let _ = out.write_all(lines.as_bytes()).and_then(|()| out.flush());
    Ok(result)
}

/// Builds a module's source, as `duel mis judge` does.
fn build(source: &Path, sandbox: Sandbox, cancel: &Arc<AtomicBool>) -> Result<Build, Failure> {
    let toolchain = Toolchain::new()
        .with_sandbox(sandbox)
        .with_cancel_flag(Arc::clone(cancel));
    let built = build_module(source, &toolchain).map_err(|e| Failure::Usage(e.to_string()))?;
    if cancel.load(Ordering::Relaxed) {
        return Err(Failure::Interrupted);
    }
    if let Some(error) = built.error_line() {
        let mut message = format!("cannot build {}: {error}", source.display());
        for line in built.output() {
            message.push_str("\n  ");
            message.push_str(line);
        }
        return Err(Failure::Usage(message));
    }
    Ok(built)
}

fn lolek_kind(args: &Args) -> Result<LolekKind, Failure> {
    args.lolek.lolek().map_err(Failure::Usage)
}

fn limits(args: &Args) -> Result<Limits, Failure> {
    args.limit.limits().map_err(Failure::Usage)
}

/// The start position from the arguments, or else from standard input.
fn start_position(numbers: &[String]) -> Result<Position, Failure> {
    let text = match numbers.len() {
        3 => numbers.join(" "),
        0 => read_stdin()?,
        n => {
            return Err(Failure::Usage(format!(
                "expected three numbers `P E B` (or none, to read them from stdin), got {n}"
            )))
        }
    };
    parse_position(&text).map_err(|error| Failure::Usage(format!("bad input: {error}")))
}

/// At most a few kilobytes of standard input: three numbers never need more.
fn read_stdin() -> Result<String, Failure> {
    let stdin = io::stdin();
    if stdin.is_terminal() {
        eprint!("p e B: ");
        let mut line = String::new();
        stdin
            .read_line(&mut line)
            .map_err(|e| Failure::Usage(format!("cannot read stdin: {e}")))?;
        return Ok(line);
    }
    let mut bytes = Vec::new();
    stdin
        .lock()
        .take(4096)
        .read_to_end(&mut bytes)
        .map_err(|e| Failure::Usage(format!("cannot read stdin: {e}")))?;
    String::from_utf8(bytes).map_err(|_| Failure::Usage("bad input: not text".into()))
}
