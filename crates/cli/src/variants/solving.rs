//! Solving a variant for `duel ioiwari variants`, `analyze` and `play`, with its progress on
//! stderr, and checking a solved table.

use std::io::{self, IsTerminal};
use std::path::Path;
use std::time::Instant;

use duel_ioiwari::variant::{SolveOptions, TierProgress, Variant, VariantTable, VerifyScope};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Solves `variant`, with progress on a terminal, for analysis or play.
pub(crate) fn solve_for_position(variant: Variant) -> anyhow::Result<VariantTable> {
    solve(variant, None, (None, false), false)
}

/// Runs the check of `scope` and says its outcome on stderr; true when every class agrees.
pub(super) fn verify(
    table: &VariantTable,
    scope: VerifyScope,
    threads: Option<usize>,
) -> anyhow::Result<bool> {
    let started = Instant::now();
    let report = table.verify(scope, threads)?;
    let what = match scope {
        VerifyScope::All => "every class".to_string(),
        VerifyScope::Sample { classes, seed } => {
            format!("a random sample of {classes} classes (seed {seed})")
        }
    };
    let seconds = started.elapsed().as_secs_f64();
    match report.first_mismatch {
        None => eprintln!(
            "verified {what} of {}: {} classes checked, all agree with their successors ({seconds:.1} s)",
            table.variant(),
            report.checked
        ),
        Some((board, stored, recomputed)) => eprintln!(
            "verification FAILED on {what} of {}: {} of {} classes disagree; first: {board} \
             holds {stored}, its successors give {recomputed}",
            table.variant(),
            report.mismatches,
            report.checked
        ),
    }
    Ok(report.mismatches == 0)
}

/// Solves `variant` on `threads`, keeping its tiers in a directory (resumed or not); progress
/// goes to stderr as a bar on a terminal, or as a line per tier when `lines`.
pub(super) fn solve(
    variant: Variant,
    threads: Option<usize>,
    (tiers, resume): (Option<&Path>, bool),
    lines: bool,
) -> anyhow::Result<VariantTable> {
    let terminal = io::stderr().is_terminal();
    let bar = (terminal && !lines).then(|| {
        let bar = ProgressBar::with_draw_target(
            Some(u64::from(variant.max_beads())),
            ProgressDrawTarget::stderr(),
        );
        bar.set_style(
            ProgressStyle::with_template("{prefix} [{bar:30}] {msg}")
                .expect("a valid template")
                .progress_chars("=> "),
        );
        bar.set_prefix(format!("solving {variant}"));
        bar
    });
    let started = Instant::now();
    let mut report = |tier: &TierProgress| {
        let seconds = tier.tier_time.as_secs_f64().max(1e-9);
        let message = format!(
            "tier {}/{}: {} boards, {:.1} M positions/s{}, {:.1} s",
            tier.beads,
            tier.max_beads,
            tier.boards,
            tier.boards as f64 / seconds / 1e6,
            if tier.loaded { " (read back)" } else { "" },
            tier.elapsed.as_secs_f64()
        );
        if let Some(bar) = &bar {
            // The tier is named in the message, so a redraw between the two calls stays
            // consistent.
            bar.set_message(message);
            bar.set_position(u64::from(tier.beads));
        } else if lines {
            eprintln!("solving {variant}: {message}");
        }
    };
    let table = VariantTable::solve_with(
        variant,
        SolveOptions {
            threads,
            progress: Some(&mut report),
            tier_dir: tiers,
            resume,
        },
    )?;
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    if bar.is_some() || lines {
        let seconds = started.elapsed().as_secs_f64();
        eprintln!(
            "solved {} boards of {variant} in {seconds:.2} s ({:.1} M positions/s)",
            variant.board_count(),
            variant.board_count() as f64 / seconds.max(1e-9) / 1e6
        );
    }
    Ok(table)
}
