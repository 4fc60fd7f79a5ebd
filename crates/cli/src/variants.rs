//! `duel ioiwari variants`: solve a member of Ioiwari's family and tell, for each bead total,
//! how its start boards turn out for player 1; save and load solved tables; draw heat maps.

mod render;
mod solving;

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context};
use duel_analysis::variants::{heat_map, summary, SummaryError, VariantsDoc};
use duel_ioiwari::variant::{StartRule, TableFormatError, Variant, VariantTable, VerifyScope};

pub use render::render;
pub(crate) use solving::solve_for_position;
use solving::{solve, verify};

use crate::analyze::{print_json, print_text};

const AFTER_HELP: &str = "\
Examples:
  duel ioiwari variants --pits 7 --beads 20          the task: 357 starts, all won by player 1
  duel ioiwari variants --pits 9                     every total from 18 to 36 beads
  duel ioiwari variants --pits 5 --cap 3 --min 1 --max 3 --json
  duel ioiwari variants --pits 11 --save t11.bin     solve once ...
  duel ioiwari variants --pits 11 --load t11.bin --beads 33    ... and ask again without solving
  duel ioiwari variants --pits 8 --json > n8.json
  duel ioiwari variants --pits 9 --add-summary n8.json --table-svg map.svg
  duel ioiwari variants --pits 13 --tiers run13 --verify       keep each tier, check every class
  duel ioiwari variants --pits 13 --tiers run13 --resume       go on after an interruption
  nohup duel ioiwari variants --pits 14 --json --progress --tiers t14 > t14.json 2> t14.log &
  duel ioiwari variants --pits 14 --load t14.bin --verify-sample 100000000

A variant has 2 to 14 pits and a cap of 2 to 9 beads a pit; solving it takes one byte of
memory per rotation class and a ranking of about (cap+1)^(pits-1)/7 bytes: 7 MB for 10 pits of
cap 5, 1.35 GB for 13, 7.7 GB for 14. Progress goes to stderr, tier by tier, when stderr is a
terminal, and as a line per tier with --progress (for the log of a long run). --tiers DIR
writes each tier to DIR as it is finished (format documented in duel_ioiwari::variant::tiers);
--resume reads the finished ones back and solves the rest, giving the same table. --verify
recomputes every class's value from its successors' stored values, --verify-sample N that of N
random classes; the outcome goes to stderr.

--table-svg draws a heat map, one row per variant (this one and every --add-summary, a file
printed by --json) and one column per bead total, coloured by player 1's share of wins.

Exit status: 0 on success, 1 when --verify or --verify-sample finds a stored value that disagrees
with its successors', 2 on bad arguments, unreadable files or a failed solve (one line on
stderr).";

/// Arguments of `duel ioiwari variants`.
#[derive(Debug, clap::Args)]
#[command(after_help = AFTER_HELP)]
pub struct VariantsArgs {
    /// Number of pits (2 to 14); may be left out when only drawing --add-summary files.
    #[arg(long, value_name = "N")]
    pub pits: Option<usize>,
    /// Most beads a pit holds (2 to 9).
    #[arg(long, value_name = "C", default_value_t = 5)]
    pub cap: u8,
    /// Least beads in a start pit.
    #[arg(long = "min", value_name = "LO", default_value_t = 2)]
    pub min: u8,
    /// Most beads in a start pit.
    #[arg(long = "max", value_name = "HI", default_value_t = 4)]
    pub max: u8,
    /// Only this bead total (default: every total from pits*LO to pits*HI).
    #[arg(long, value_name = "T")]
    pub beads: Option<u32>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// Solver threads (default: one per core).
    #[arg(long, value_name = "K")]
    pub threads: Option<usize>,
    /// Save the solved table to FILE (format documented in duel_ioiwari::variant::VariantTable).
    #[arg(long, value_name = "FILE", conflicts_with = "load")]
    pub save: Option<PathBuf>,
    /// Load the table from FILE instead of solving (it must be of the same pits and cap).
    #[arg(long, value_name = "FILE")]
    pub load: Option<PathBuf>,
    /// Write a heat map of player 1's win share per variant and total to FILE (SVG).
    #[arg(long, value_name = "FILE")]
    pub table_svg: Option<PathBuf>,
    /// Another variant's --json output to add as a row of the heat map (repeatable).
    #[arg(long, value_name = "FILE", requires = "table_svg")]
    pub add_summary: Vec<PathBuf>,
    /// Write each tier to DIR as it is finished (DIR must not hold tiers, unless --resume).
    #[arg(long, value_name = "DIR", conflicts_with = "load")]
    pub tiers: Option<PathBuf>,
    /// Read the finished tiers in the --tiers DIR back and solve only the rest.
    #[arg(long, requires = "tiers")]
    pub resume: bool,
    /// Print each finished tier as a line on stderr, also when stderr is no terminal (the log
    /// of a long run); without it, progress shows only on a terminal.
    #[arg(long, conflicts_with = "load")]
    pub progress: bool,
    /// Check every class's stored value against its successors' (outcome on stderr).
    #[arg(long, conflicts_with = "verify_sample")]
    pub verify: bool,
    /// Check N random classes' stored values against their successors'.
    #[arg(long, value_name = "N")]
    pub verify_sample: Option<u64>,
    /// Seed of --verify-sample's random classes.
    #[arg(
        long,
        value_name = "S",
        default_value_t = 1,
        requires = "verify_sample"
    )]
    pub seed: u64,
}

/// Runs `duel ioiwari variants`.
pub fn run(args: VariantsArgs) -> anyhow::Result<ExitCode> {
    let mut verified = true;
    let doc = match args.pits {
        Some(pits) => Some(solve_and_summarize(&args, pits, &mut verified)?),
        None if args.add_summary.is_empty() => {
            bail!("give --pits N (or --table-svg FILE with --add-summary FILE to draw saved summaries)")
        }
        None => None,
    };
    if let Some(path) = &args.table_svg {
        let mut rows = Vec::new();
        for file in &args.add_summary {
            rows.push(read_summary(file)?);
        }
        rows.extend(doc.iter().map(VariantsDoc::counts_only));
        write_atomically(path, heat_map(&rows).as_bytes())?;
    }
    if let Some(doc) = doc {
        if args.json {
            print_json(&doc)?;
        } else {
            print_text(&render(&doc))?;
        }
    }
    Ok(if verified {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn solve_and_summarize(
    args: &VariantsArgs,
    pits: usize,
    verified: &mut bool,
) -> anyhow::Result<VariantsDoc> {
    let variant = Variant::new(pits, args.cap)?;
    let rule = StartRule::new(variant, args.min, args.max)?;
    if args.threads == Some(0) {
        bail!("--threads must be at least 1");
    }
    if args.verify_sample == Some(0) {
        bail!("--verify-sample must be at least 1");
    }
    let table = match &args.load {
        Some(path) => load(path, variant)?,
        None => solve(
            variant,
            args.threads,
            (args.tiers.as_deref(), args.resume),
            args.progress,
        )?,
    };
    if let Some(path) = &args.save {
        save(path, &table)?;
    }
    let scope = match (args.verify, args.verify_sample) {
        (true, _) => Some(VerifyScope::All),
        (false, Some(classes)) => Some(VerifyScope::Sample {
            classes,
            seed: args.seed,
        }),
        (false, None) => None,
    };
    if let Some(scope) = scope {
        *verified = verify(&table, scope, args.threads)?;
    }
    Ok(summary(&table, rule, args.beads))
}

fn load(path: &Path, variant: Variant) -> anyhow::Result<VariantTable> {
    let file = File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    match VariantTable::read_variant(BufReader::with_capacity(1 << 20, file), variant) {
        Ok(table) => Ok(table),
        Err(TableFormatError::OtherVariant { found, expected }) => {
            bail!("{} holds {found}, not {expected}", path.display())
        }
        Err(error) => Err(error).with_context(|| format!("cannot load {}", path.display())),
    }
}

fn save(path: &Path, table: &VariantTable) -> anyhow::Result<()> {
    crate::portable::write_atomically_with(path, |file| {
        let mut buffered = BufWriter::with_capacity(1 << 20, file);
        table.write_to(&mut buffered)?;
        buffered.flush()
    })
    .with_context(|| format!("cannot write {}", path.display()))
}

/// Writes `bytes` to `path` atomically, as every file duel writes.
fn write_atomically(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    crate::portable::write_atomically(path, bytes)
        .with_context(|| format!("cannot write {}", path.display()))
}

/// The most bytes read from an --add-summary file.
const SUMMARY_LIMIT: u64 = 4 << 20;

fn read_summary(path: &Path) -> anyhow::Result<VariantsDoc> {
    let file = File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    let mut text = Vec::new();
    file.take(SUMMARY_LIMIT + 1)
        .read_to_end(&mut text)
        .with_context(|| format!("cannot read {}", path.display()))?;
    if text.len() as u64 > SUMMARY_LIMIT {
        bail!("{} is larger than {SUMMARY_LIMIT} bytes", path.display());
    }
    VariantsDoc::from_json(&text).or_else(|error| match error {
        SummaryError::Json(error) => Err(error).with_context(|| {
            format!(
                "{} is not the --json output of duel ioiwari variants",
                path.display()
            )
        }),
        SummaryError::Variant(error) => {
            Err(error).with_context(|| format!("{}: not a valid variant", path.display()))
        }
        SummaryError::Inconsistent { beads } => {
            bail!("{}: inconsistent counts at {beads} beads", path.display())
        }
    })
}

/// `--pits N --cap C` of `duel ioiwari analyze` and `duel ioiwari play`: a position of a
/// variant other than the task's.
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct VariantFlags {
    /// Number of pits of the variant (2 to 14; default 7, the task's game).
    #[arg(long, value_name = "N")]
    pub pits: Option<usize>,
    /// Cap of the variant (2 to 9; default 5, the task's game).
    #[arg(long, value_name = "C")]
    pub cap: Option<u8>,
}

impl VariantFlags {
    /// The variant asked for, `None` for the task's game (so the task's own engines serve it).
    pub fn variant(&self) -> anyhow::Result<Option<Variant>> {
        let variant = Variant::new(self.pits.unwrap_or(7), self.cap.unwrap_or(5))?;
        Ok((variant != Variant::IOI).then_some(variant))
    }
}
