//! Who plays Bolek, and the one entry point that plays a game.

use super::{builtin, host, line, EventSink, GameResult, MisError};
use duel_mis::{LolekKind, Position};
use duel_sandbox::{Limits, Sandbox};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Where Bolek's moves come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BolekSource {
    /// The project's own perfect player ([`duel_mis::Bolek`]), in the judge's process.
    Builtin,
    /// A shared library exporting `poczatek` and `ruch_bolka`, run together with Lolek in a
    /// separate host process that streams the moves back in batches.
    Module {
        /// The module's shared library (`.so`), loaded by the host.
        library: PathBuf,
        /// The `mis-host` executable (see [`host::default_host_path`]).
        host: PathBuf,
    },
    /// A program speaking the line protocol, started with `sh -c COMMAND`.
    Player {
        /// The command line, run by `sh -c` under the judge's sandbox.
        command: String,
    },
}

/// Everything that defines one game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSetup {
    /// The sticks at the start (`p`, `e`) and the bound `b` on a move.
    pub start: Position,
    /// How Lolek plays.
    pub lolek: LolekKind,
    /// Who plays Bolek.
    pub bolek: BolekSource,
    /// Limits for Bolek's process (the built-in player has none). For a module they apply
    /// to the host process, whose own memory is added to the memory limit (see
    /// [`host::HOST_MEMORY_ALLOWANCE`]).
    pub limits: Limits,
    /// Where Bolek's process runs.
    pub sandbox: Sandbox,
}

impl GameSetup {
    /// A game with the built-in Bolek (limits and sandbox unused).
    pub fn builtin(start: Position, lolek: LolekKind) -> GameSetup {
        GameSetup {
            start,
            lolek,
            bolek: BolekSource::Builtin,
            limits: Limits::new(
                super::judge::DEFAULT_TIME_LIMIT,
                super::judge::DEFAULT_MEMORY_MIB,
            ),
            sandbox: Sandbox::default(),
        }
    }
}

/// Plays one game, reporting each verified move to `sink`, and returns how it ended.
///
/// `cancel`, when set from another thread, stops the game early with
/// [`MisError::Cancelled`]. A misbehaving submission never makes this return an error: it gets
/// a verdict. Errors are the judge's own failures (a missing program or library, a missing
/// host, a broken pipe to the host...).
///
/// ```
/// use duel_arena::mis::{play, GameSetup, NoEvents};
/// use duel_arena::Verdict;
/// use duel_mis::{LolekKind, Position};
///
/// let setup = GameSetup::builtin(Position::new(7, 2, 3).unwrap(), LolekKind::Adversarial);
/// let result = play(&setup, &mut NoEvents, None).unwrap();
/// assert_eq!(result.verdict, Verdict::Win);
/// assert!(result.moves % 2 == 1, "Bolek takes the last stick");
/// ```
pub fn play(
    setup: &GameSetup,
    sink: &mut dyn EventSink,
    cancel: Option<&Arc<AtomicBool>>,
) -> Result<GameResult, MisError> {
    match &setup.bolek {
        BolekSource::Builtin => builtin::play(setup.start, setup.lolek, sink, cancel.map(|c| &**c)),
        BolekSource::Player { command } => line::play(setup, command, sink, cancel),
        BolekSource::Module { library, host } => host::play(setup, library, host, sink, cancel),
    }
}
