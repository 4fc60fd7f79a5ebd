//! The command line of `duel-variants-mpi`.

use std::path::PathBuf;

use anyhow::{anyhow, bail, Context};
use duel_ioiwari::variant::Variant;

/// What `duel-variants-mpi --help` prints.
pub const USAGE: &str = "\
Usage: mpirun -np K duel-variants-mpi --pits N [--cap C] --save FILE [--stats FILE.json]
                                      [--batch CLASSES] [--threads T] [--chunk VALUES]

Solves every rotation class of Ioiwari's variant of N pits (2 to 14) and a cap of C beads a
pit (2 to 9, default 5) over the K processes of an MPI job, and writes the table FILE in the
format of `duel ioiwari variants --save` (byte for byte the same file). Each process owns a
range of class ranks; a tier's look-ups of other processes' classes go in batched all-to-all
exchanges, rounds of about CLASSES classes a process (default 262144). --stats writes, per
tier and per process, the classes solved, the look-ups sent to other processes and the bytes
exchanged. --threads: threads a process uses to rank the classes (default 1). --chunk: the
most values in one message when the table is sent to process 0, which writes it as it comes
(default 67108864; any size gives the same file).

Example: mpirun -np 4 duel-variants-mpi --pits 10 --save t10.bin --stats t10-stats.json
";

/// The parsed command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The variant to solve.
    pub variant: Variant,
    /// Where to write the table.
    pub save: PathBuf,
    /// Where to write the measurements.
    pub stats: Option<PathBuf>,
    /// Classes a process takes in a round.
    pub batch: u64,
    /// Threads that rank the classes.
    pub threads: usize,
    /// The most values in one message of the table sent to process 0.
    pub chunk: usize,
}

/// What the command line asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Print [`USAGE`].
    Help,
    /// Solve the variant the options name and save its table.
    Solve(Options),
}

impl Command {
    /// Parses the arguments after the program's name.
    pub fn parse(args: impl IntoIterator<Item = String>) -> anyhow::Result<Command> {
        let (mut pits, mut cap, mut save, mut stats) = (None, 5u8, None, None);
        let (mut batch, mut threads, mut chunk) = (1u64 << 18, 1usize, 1usize << 26);
        let mut args = args.into_iter();
        while let Some(flag) = args.next() {
            if flag == "--help" || flag == "-h" {
                return Ok(Command::Help);
            }
            let mut value = || {
                args.next()
                    .ok_or_else(|| anyhow!("{flag} needs a value (see --help)"))
            };
            match flag.as_str() {
                "--pits" => pits = Some(number(&flag, &value()?)?),
                "--cap" => cap = number(&flag, &value()?)?,
                "--save" => save = Some(PathBuf::from(value()?)),
                "--stats" => stats = Some(PathBuf::from(value()?)),
                "--batch" => batch = number(&flag, &value()?)?,
                "--threads" => threads = number(&flag, &value()?)?,
                "--chunk" => chunk = number(&flag, &value()?)?,
                _ => bail!("unknown argument {:?} (see --help)", clip(&flag)),
            }
        }
        let pits: usize = pits.context("give --pits N (see --help)")?;
        let save = save.context("give --save FILE (see --help)")?;
        if batch == 0 || threads == 0 || chunk == 0 {
            bail!("--batch, --threads and --chunk must be at least 1");
        }
        Ok(Command::Solve(Options {
            variant: Variant::new(pits, cap)?,
            save,
            stats,
            batch,
            threads,
            chunk,
        }))
    }
}

/// The first 40 characters of an argument, for an error message.
fn clip(text: &str) -> String {
    text.chars().take(40).collect()
}

fn number<T: std::str::FromStr>(flag: &str, text: &str) -> anyhow::Result<T> {
    text.parse()
        .map_err(|_| anyhow!("{flag} takes a number, not {:?}", clip(text)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> anyhow::Result<Command> {
        Command::parse(line.split_whitespace().map(String::from))
    }

    #[test]
    fn a_full_command_line_is_read() {
        let Command::Solve(options) =
            parse("--pits 9 --cap 4 --save t.bin --stats s.json --batch 100 --threads 2 --chunk 7")
                .expect("valid")
        else {
            panic!("not a solve");
        };
        assert_eq!(options.variant, Variant::new(9, 4).expect("valid"));
        assert_eq!(options.save, PathBuf::from("t.bin"));
        assert_eq!(options.stats, Some(PathBuf::from("s.json")));
        assert_eq!((options.batch, options.threads, options.chunk), (100, 2, 7));
        assert_eq!(parse("--help").expect("valid"), Command::Help);
    }

    #[test]
    fn bad_command_lines_give_one_line_errors() {
        for (line, needle) in [
            ("--save t.bin", "--pits"),
            ("--pits 7", "--save"),
            ("--pits 15 --save t.bin", "pits"),
            ("--pits 7 --cap 1 --save t.bin", "cap"),
            ("--pits seven --save t.bin", "number"),
            ("--pits 7 --save t.bin --batch 0", "at least 1"),
            ("--pits 7 --save t.bin --chunk 0", "at least 1"),
            ("--pits 7 --save", "needs a value"),
            ("--pits 7 --save t.bin --frobnicate", "unknown"),
        ] {
            let error = format!("{:#}", parse(line).expect_err(line));
            assert!(error.contains(needle), "{line}: {error}");
            assert!(!error.contains('\n'), "{line}: {error}");
        }
    }
}
