//! `duel ioiwari variants`: solve a member of Ioiwari's family and tell, for each bead total,
//! how its start boards turn out for player 1; save and load solved tables; draw heat maps.

use std::fs::File;
use std::io::{self, BufReader, BufWriter, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{bail, Context};
use duel_analysis::variants::position::{self, VariantPosition};
use duel_analysis::variants::{heat_map, summary, SummaryError, VariantsDoc};
use duel_ioiwari::variant::{
    SolveOptions, StartRule, TableFormatError, TierProgress, Variant, VariantBoard, VariantTable,
    VerifyScope,
};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::analyze::ioiwari::{render_layout, Layout, MoveRow};
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

/// Runs the check of `scope` and says its outcome on stderr; true when every class agrees.
fn verify(
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
fn solve(
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

/// The summary as text for people.
pub fn render(doc: &VariantsDoc) -> String {
    let mut out = format!(
        "{} pits, cap {}, starts of {} to {} beads a pit ({} boards solved)\n\n",
        doc.pits, doc.cap, doc.min, doc.max, doc.boards
    );
    out += "Each start board is played with best play on both sides; wins, draws and losses are\n\
            player 1's, and under each total its starts are counted by player 1's final margin.\n\n";
    out += "beads      starts        wins       draws      losses\n";
    for total in &doc.totals {
        out += &format!(
            "{:>5}  {:>10}  {:>10}  {:>10}  {:>10}\n",
            total.beads, total.starts, total.wins, total.draws, total.losses
        );
        if total.starts == 0 {
            continue;
        }
        let mut values: Vec<(i64, u64)> = total
            .values
            .iter()
            .map(|(key, &count)| (key.parse().unwrap_or(0), count))
            .collect();
        values.sort();
        // How many starts end how, best for player 1 first: "140 starts won by 2".
        for (value, count) in values.iter().rev() {
            let starts = if *count == 1 { "start " } else { "starts" };
            let how = match *value {
                v if v > 0 => format!("won by {v}"),
                v if v < 0 => format!("lost by {}", -v),
                _ => "drawn".into(),
            };
            out += &format!("       {count:>10}  {starts} {how}\n");
        }
        let examples = [
            ("win", &total.examples.win),
            ("draw", &total.examples.draw),
            ("loss", &total.examples.loss),
        ];
        for (name, example) in examples {
            if let Some(pits) = example {
                let pits: Vec<String> = pits.iter().map(u8::to_string).collect();
                out += &format!(
                    "                   for example a {name}: {}\n",
                    pits.join(" ")
                );
            }
        }
    }
    let (starts, wins): (u64, u64) = doc
        .totals
        .iter()
        .fold((0, 0), |(s, w), t| (s + t.starts, w + t.wins));
    out += &format!("\nplayer 1 wins {wins} of {starts} starts\n");
    out
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

/// Solves `variant`, with progress on a terminal, for analysis or play.
fn solve_for_position(variant: Variant) -> anyhow::Result<VariantTable> {
    solve(variant, None, (None, false), false)
}

/// `duel ioiwari analyze BOARD --pits N --cap C`: the value and every move's value.
/// `to_move` is `1` or `2`; `banks` the two banks so far, if given.
pub fn analyze_variant(
    variant: Variant,
    board: &str,
    to_move: &str,
    banks: Option<&[String]>,
    json: bool,
) -> anyhow::Result<ExitCode> {
    let to_move: u8 = match to_move.trim() {
        "1" => 1,
        "2" => 2,
        other => bail!("invalid --to-move {other:?}: expected 1 or 2"),
    };
    let most = variant.max_beads();
    let bank = |text: &String| -> anyhow::Result<u32> {
        match text.trim().parse::<u32>() {
            Ok(bank) if bank <= most => Ok(bank),
            _ => bail!("invalid bank {text:?}: expected a number of beads 0..={most}"),
        }
    };
    let banks = match banks {
        Some([one, two]) => [bank(one)?, bank(two)?],
        _ => [0, 0],
    };
    let board = VariantBoard::parse(variant, board)
        .with_context(|| format!("invalid board {board:?} for {variant}"))?;
    let position = VariantPosition::new(board, banks, to_move)?;
    let table = solve_for_position(variant)?;
    if json {
        print_json(&position::analyze(&table, &position))?;
        return Ok(ExitCode::SUCCESS);
    }
    let doc = position::report(&table, &position);
    let moves = doc
        .moves
        .iter()
        .map(|m| MoveRow {
            pit: m.pit,
            beads: board.pits()[m.pit - 1],
            final_margin: i64::from(m.final_margin),
            value: i64::from(m.value),
            moves_to_end: None,
            best: m.best,
        })
        .collect();
    let out = render_layout(&Layout {
        board_text: doc.board_text,
        pits: format!("pits 1..{}, cap {}", variant.pits(), variant.cap()),
        banks,
        to_move,
        result: doc.result.map(|result| result.text),
        value: i64::from(doc.value),
        final_margin: i64::from(doc.final_margin),
        predicted: doc.predicted.text,
        moves_to_end: None,
        moves,
        preferred: None,
    });
    print_text(&out)?;
    Ok(ExitCode::SUCCESS)
}

/// The hint of `duel ioiwari play --pits N` for the player to move, worded as the 7-pit
/// game's: the final result best play forces, the banks so far included, then each legal
/// pit's.
fn variant_hint(table: &VariantTable, position: &VariantPosition) -> String {
    let doc = position::report(table, position);
    let moves: Vec<crate::play::ioiwari::HintMove> = doc
        .moves
        .iter()
        .map(|m| crate::play::ioiwari::HintMove {
            pit: m.pit,
            final_margin: i64::from(m.final_margin),
            moves_to_end: None,
            best: m.best,
            // The computer plays the first optimal pit.
            preferred: doc.preferred_move == Some(m.pit),
        })
        .collect();
    crate::play::ioiwari::hint_text(i64::from(doc.final_margin), None, &moves)
}

/// `duel ioiwari play --pits N --cap C`: a game against the perfect computer (the first
/// optimal pit), reading pit numbers, `hint` or `quit` from `console`.
///
/// Exit code 0 when the game ends or the person quits, 1 when the input ends mid-game.
///
/// `board` is the start board; the task's default `4 3 2 4 2 3 2` on a variant of another
/// size stands for 3 beads a pit (the cap, if lower). `strength` must be `perfect`.
pub fn play_variant<R: std::io::BufRead, W: std::io::Write>(
    variant: Variant,
    board: &str,
    side: Option<&str>,
    strength: &str,
    console: &mut crate::play::Console<R, W>,
) -> anyhow::Result<ExitCode> {
    if strength != "perfect" {
        bail!("--strength {strength:?}: variants are played only by the perfect computer");
    }
    let board = if board == "4 3 2 4 2 3 2" && variant.pits() != 7 {
        let pits = vec![variant.cap().min(3); variant.pits()];
        VariantBoard::new(variant, &pits)?
    } else {
        VariantBoard::parse(variant, board)
            .with_context(|| format!("invalid board {board:?} for {variant}"))?
    };
    let Some(side) = crate::play::choose_side(side, ["player 1", "player 2"], console)? else {
        writeln!(console.output, "\nThe input ended before the game began.")?;
        return Ok(ExitCode::from(1));
    };
    if board.is_empty() {
        bail!("invalid board: it has no beads to play");
    }
    let table = solve_for_position(variant)?;
    let n = variant.pits();
    let mut position = VariantPosition::start(board);
    writeln!(
        console.output,
        "{variant}: you are player {side}, the perfect computer is player {}. Type a pit number, hint or quit.",
        3 - side
    )?;
    while !position.is_over() {
        let [one, two] = position.banks;
        writeln!(
            console.output,
            "pits {}   banks {one} {two}   player {} to move",
            position.board, position.to_move
        )?;
        let pit = if position.to_move == side {
            write!(console.output, "Your move (pit 1-{n}, hint, quit): ")?;
            console.output.flush()?;
            let Some(command) = console.read_command()? else {
                writeln!(console.output, "\nThe input ended before the game did.")?;
                return Ok(ExitCode::from(1));
            };
            match command.as_str() {
                "quit" | "q" | "exit" => {
                    writeln!(console.output, "You left the game.")?;
                    return Ok(ExitCode::SUCCESS);
                }
                "hint" | "h" | "?" => {
                    write!(console.output, "{}", variant_hint(&table, &position))?;
                    continue;
                }
                text => match text
                    .parse::<usize>()
                    .ok()
                    .map(|pit| (pit, position.board.play(pit)))
                {
                    Some((pit, Ok(_))) => pit,
                    Some((_, Err(error))) => {
                        writeln!(console.output, "{error}")?;
                        continue;
                    }
                    None => {
                        writeln!(console.output, "type a pit number 1..{n}, hint or quit")?;
                        continue;
                    }
                },
            }
        } else {
            let pit = position::computer_move(&table, &position).expect("the game is not over");
            writeln!(console.output, "The computer plays pit {pit}.")?;
            pit
        };
        position = position.play(pit).expect("checked legal").0;
    }
    let [one, two] = position.banks;
    let result = match one.cmp(&two) {
        std::cmp::Ordering::Greater => "player 1 wins",
        std::cmp::Ordering::Less => "player 2 wins",
        std::cmp::Ordering::Equal => "a draw",
    };
    writeln!(console.output, "Game over: banks {one} {two}, {result}.")?;
    Ok(ExitCode::SUCCESS)
}
