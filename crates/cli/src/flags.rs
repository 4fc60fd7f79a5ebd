//! The flags several commands share, each defined once: the limits (`--time-limit`,
//! `--memory-limit`), the sandbox (`--sandbox`), Lolek (`--lolek`), the seed (`--seed`), the
//! compile commands (`--compile`) and how Pascal players are built (`--pascal-flush`). `duel ioiwari judge`, `duel mis judge`, `duel doctor`,
//! `graj` and `ioiwari2` flatten these structures into their arguments, so a flag has the same
//! name, bounds and help text in each, and every `--help` is generated from here.

/// A command line clap refuses, said in one line, as every other refusal of bad input is:
/// clap's message without its `error: ` label, with a tip or the possible values it gives
/// joined on, and instead of its usage lines the command whose `--help` says more.
///
/// ```
/// use clap::Parser;
/// #[derive(Debug, Parser)]
/// struct Args {
///     #[arg(long, value_parser = ["1", "2"])]
///     side: String,
/// }
/// let error = Args::try_parse_from(["duel", "--side", "3"]).unwrap_err();
/// assert_eq!(
///     duel_cli::flags::one_line(&error),
///     "invalid value '3' for '--side <SIDE>'; [possible values: 1, 2]"
/// );
/// ```
pub fn one_line(error: &clap::Error) -> String {
    let text = error.to_string();
    let mut command = None;
    let mut parts: Vec<String> = Vec::new();
    for line in text.lines().map(str::trim).filter(|line| !line.is_empty()) {
        if let Some(usage) = line.strip_prefix("Usage:") {
            // `duel ioiwari play [OPTIONS]`: the words before the first option or argument.
            let words: Vec<&str> = usage
                .split_whitespace()
                .take_while(|word| !word.starts_with(['[', '<', '-']))
                .collect();
            command = command.or((!words.is_empty()).then(|| words.join(" ")));
        } else if !line.starts_with("For more information") {
            parts.push(line.strip_prefix("error: ").unwrap_or(line).to_string());
        }
    }
    if let Some(command) = command {
        parts.push(format!("see '{command} --help'"));
    }
    parts.join("; ")
}

/// `--seed`: the seed of a command's random choices.
#[derive(Debug, Clone, Copy, Default, clap::Args)]
pub struct SeedArg {
    /// Seed of the random choices (same seed, same games).
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
}

#[cfg(feature = "judge")]
pub use judged::{
    seconds, CompileArg, LimitArgs, LolekArg, PascalFlushArg, SandboxArg, SandboxKind, MAX_SECONDS,
};

#[cfg(feature = "judge")]
mod judged {
    use super::SeedArg;
    use anyhow::bail;
    use clap::builder::TypedValueParser;
    use duel_arena::compile::{CompileCommands, Language};
    use duel_mis::LolekKind;
    use duel_sandbox::{Limits, Sandbox};
    use std::time::Duration;

    /// Whose limits the flags' defaults are: both tasks have the same ones
    /// (`duel_report::Task::time_limit` and `memory_limit_mib`; duel-export checks they agree).
    const TASK_LIMITS: duel_report::Task = duel_report::Task::Ioiwari;

    /// The longest time limit any flag accepts: a day, in seconds.
    pub const MAX_SECONDS: f64 = 86_400.0;

    /// `--time-limit` and `--memory-limit`: what one run of a program (a test, a game) may use.
    #[derive(Debug, Clone, Copy, clap::Args)]
    pub struct LimitArgs {
        /// CPU time per test, in seconds (at most 86400).
        #[arg(long, value_name = "SECONDS", default_value_t = TASK_LIMITS.time_limit().as_secs_f64())]
        pub time_limit: f64,

        /// Memory per test, in MB (address space and resident).
        #[arg(long, value_name = "MB", default_value_t = u64::from(TASK_LIMITS.memory_limit_mib()))]
        pub memory_limit: u64,
    }

    impl LimitArgs {
        /// The limits the flags ask for, or the one-line reason they are refused.
        pub fn limits(&self) -> Result<Limits, String> {
            if self.memory_limit == 0 {
                return Err("--memory-limit must be at least 1 MB".into());
            }
            Ok(Limits::new(
                seconds("--time-limit", self.time_limit)?,
                self.memory_limit,
            ))
        }
    }

    /// A positive, finite number of seconds, at most [`MAX_SECONDS`], named `flag` in the
    /// error.
    pub fn seconds(flag: &str, value: f64) -> Result<Duration, String> {
        if !(value.is_finite() && value > 0.0 && value <= MAX_SECONDS) {
            return Err(format!(
                "{flag} must be a positive number of seconds, at most {MAX_SECONDS}, got {value}"
            ));
        }
        Ok(Duration::from_secs_f64(value))
    }

    /// What `--sandbox` accepts.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
    pub enum SandboxKind {
        /// The strongest isolation this machine allows (bubblewrap when it works).
        Auto,
        /// Demand bubblewrap; an error when it cannot run.
        Bwrap,
        /// No bubblewrap.
        None,
    }

    /// `--sandbox`: how a submission (and its compiler) is isolated.
    #[derive(Debug, Clone, Copy, clap::Args)]
    pub struct SandboxArg {
        /// auto (the strongest here), bwrap (demand it) or none.
        // auto: the strongest isolation this machine allows (bubblewrap when it is installed and
        // works); bwrap: demand bubblewrap (no network, read-only file system, private 64 MB
        // /tmp, own PID namespace), fail if it cannot run; none: no bubblewrap. A cgroup per test
        // and, when the judge runs as root, a user of its own and the system-call filter apply
        // whatever the choice, where the machine allows them (docs/judge.md).
        #[arg(
            long,
            value_name = "KIND",
            value_enum,
            default_value_t = SandboxKind::Auto,
            hide_possible_values = true
        )]
        pub sandbox: SandboxKind,
    }

    impl SandboxArg {
        /// The library's sandbox of the same name.
        pub fn sandbox(&self) -> Sandbox {
            match self.sandbox {
                SandboxKind::Auto => Sandbox::Auto,
                SandboxKind::Bwrap => Sandbox::Bwrap,
                SandboxKind::None => Sandbox::None,
            }
        }
    }

    /// `--lolek` with `--seed`: how the judge's Lolek plays.
    #[derive(Debug, Clone, Copy, clap::Args)]
    pub struct LolekArg {
        /// simple (the kit's), optimal (the grader's), random or adversarial.
        // simple: one poohstick if any, else one eeyorestick; optimal: wins whenever Bolek
        // leaves a winning position; random: legal moves, from --seed; adversarial: punishes
        // every mistake, and otherwise plays moves meant to catch wrong solutions.
        #[arg(
            long,
            value_name = "KIND",
            default_value = "simple",
            value_parser = clap::builder::PossibleValuesParser::new(
                ["simple", "optimal", "random", "adversarial"]
            ).try_map(|name: String| name.parse::<LolekKind>()),
            hide_possible_values = true
        )]
        pub lolek: LolekKind,

        /// `--seed`, for `--lolek random`.
        #[command(flatten)]
        pub seed: SeedArg,
    }

    impl LolekArg {
        /// The Lolek asked for, its seed in place; a seed without `--lolek random` is refused.
        pub fn lolek(&self) -> Result<LolekKind, String> {
            match (self.lolek, self.seed.seed) {
                (LolekKind::Random { .. }, seed) => Ok(LolekKind::Random {
                    seed: seed.unwrap_or(0),
                }),
                (_, Some(_)) => Err("--seed goes with --lolek random".into()),
                (lolek, None) => Ok(lolek),
            }
        }
    }

    /// `--compile LANG=COMMAND`: the command that builds a language's sources instead of its
    /// default.
    #[derive(Debug, Clone, Default, clap::Args)]
    pub struct CompileArg {
        /// Build LANG's sources with COMMAND (repeatable; docs/organisers.md).
        #[arg(long, value_name = "LANG=COMMAND")]
        pub compile: Vec<String>,
    }

    impl CompileArg {
        /// The compile commands asked for: every language's default but those given.
        pub fn commands(&self) -> anyhow::Result<CompileCommands> {
            let mut commands = CompileCommands::new();
            for spec in &self.compile {
                let Some((language, command)) = spec.split_once('=') else {
                    bail!("--compile wants LANG=COMMAND, got {spec:?}");
                };
                let language: Language = language.trim().parse().map_err(anyhow::Error::msg)?;
                if command.trim().is_empty() {
                    bail!("--compile {language}=...: the command is empty");
                }
                commands = commands.with(language, command.trim());
            }
            Ok(commands)
        }
    }

    /// `--pascal-flush`: build Pascal players as IOI 2001's judge did (RULES.md, G2).
    #[derive(Debug, Clone, Copy, Default, clap::Args)]
    pub struct PascalFlushArg {
        /// Flush Pascal players' Output after every Writeln, as IOI 2001 did.
        // Off by default: contest systems build Pascal as Free Pascal does, which flushes
        // Output only on a terminal, so a player that relies on Writeln alone waits for ever
        // and gets time_limit, with a hint naming Flush(Output). With the flag the judge loads
        // its unit duelflush first (-Faduelflush). A Pascal command given with --compile
        // decides alone.
        #[arg(long)]
        pub pascal_flush: bool,
    }

    #[cfg(test)]
    mod tests {
        use super::*;
        use duel_arena::compile::Target;

        #[test]
        fn compile_flags_parse() {
            let arg = |spec: &str| CompileArg {
                compile: vec![spec.into()],
            };
            let commands = arg("c=clang -O2 -o {output} {source}").commands().unwrap();
            assert!(commands
                .command(Language::C, Target::Player)
                .starts_with("clang"));
            for bad in ["c", "cobol=x", "c= "] {
                assert!(arg(bad).commands().is_err(), "{bad}");
            }
        }
    }
}
