//! The integration tests of duel-arena in one test binary, so that they build and link once: each
//! file of this directory is a module of it.

mod compile;
mod ioiwari_judge;
mod mis_engine;
mod mis_official;
mod parser_properties;
mod safe_default;

use duel_arena::ioiwari::{Ioiwari, JudgeError};
use duel_arena::judge::{self, judge_all, Entry, Observer, Settings, Submission};
use duel_arena::Report;
use duel_ioiwari::Board;
use duel_sandbox::ProgramCommand;

/// Judges one Ioiwari `player` on `boards` under `settings`, as the command line does: the
/// neutral judge with the [`Ioiwari`] game, a single entry; player 2 chooses as
/// `settings.seed` says.
fn judge_player(
    player: ProgramCommand,
    boards: &[Board],
    settings: &Settings,
    observer: &mut dyn Observer,
) -> Result<Report, judge::JudgeError<JudgeError>> {
    let entry = Entry {
        name: player.to_string(),
        submission: Submission::Command(player),
    };
    let game = Ioiwari::new();
    Ok(judge_all(&game, &[entry], boards, settings, observer)?.remove(0))
}
