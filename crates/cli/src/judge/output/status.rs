//! Where a judge run's exit status is decided: 0 when judging completed, 128 + the signal
//! after an interruption.

use duel_arena::Report;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The exit status after Ctrl-C (128 + SIGINT, as shells report it).
pub const EXIT_INTERRUPTED: u8 = 130;

/// A flag set by the first Ctrl-C (SIGINT), SIGTERM or SIGHUP: judging stops, and the report
/// of the finished tests is written, saying `"interrupted": true`. The same signal again
/// within half a second (as `timeout` and a process group's kill deliver it) counts once; a
/// later or different signal of the three ends the judge at once.
pub fn interrupt_flag() -> Arc<AtomicBool> {
    duel_sandbox::interrupt_flag()
}

/// The exit status of an interrupted run: 128 + the signal, as shells report it (130 after
/// Ctrl-C, 143 after SIGTERM, 129 after SIGHUP).
pub fn interrupted_exit_status() -> u8 {
    match duel_sandbox::interrupting_signal() {
        None => EXIT_INTERRUPTED,
        Some(signal) => 128u8.saturating_add(signal as u8),
    }
}

/// The exit status of a finished run of one submission: [`ExitCode::SUCCESS`], or after an
/// interruption [`interrupted_exit_status`], said on stderr.
pub fn exit_status(report: &Report) -> ExitCode {
    finished(
        report.interrupted,
        "the results of the finished tests are above",
    )
}

/// The exit status of a finished run: [`ExitCode::SUCCESS`], or if it was `interrupted`
/// [`interrupted_exit_status`], said on stderr with what the output holds (`holds`).
pub fn finished(interrupted: bool, holds: &str) -> ExitCode {
    if interrupted {
        eprintln!("duel: interrupted; {holds}");
        return ExitCode::from(interrupted_exit_status());
    }
    ExitCode::SUCCESS
}
