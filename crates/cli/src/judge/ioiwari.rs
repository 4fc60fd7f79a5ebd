//! Placeholder: the judge command is being built.

use std::process::ExitCode;

/// Arguments of the judge command.
#[derive(Debug, clap::Args)]
pub struct JudgeArgs {}

/// Runs the judge command.
pub fn run(_args: JudgeArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("not built yet")
}
