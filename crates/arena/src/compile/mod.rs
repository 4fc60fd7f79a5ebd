//! From a source file to something the judge can run: Ioiwari players and Pooh-Eeyore-sticks
//! modules written in C, C++, Pascal, Python 3 or Rust.
//!
//! [`Language::from_path`] tells the language from the file's extension. A [`Toolchain`] holds
//! the compile command of every language (the olympiad-style defaults of
//! [`default_command`]: optimised, standard library only; each one can be replaced with
//! [`Toolchain::with_command`]) and the limits compilation runs under. [`build_player`] and
//! [`build_module`] copy the source into a fresh temporary directory, under its own file name
//! so that the compiler's lines name the file the contestant wrote (`eve.cpp:2:40`), build it
//! there and give a [`Build`]: the program or library to judge, or the compiler's first lines
//! when it failed (which the judges turn into a `compile_error` verdict for every test). Where
//! the copy cannot keep the name (a Pascal module is the unit `mis`, in `mis.pas`; a Rust file
//! whose stem is no crate name; a name of other characters), the compiler's lines get the
//! contestant's name back in place of the copy's, as a whole file name only. A module that
//! builds but does not export both of the task's functions is a failed build too, with the
//! hint of its language (C++'s `extern "C"`, Pascal's interface), alone or in a ranking; so is
//! a module that does not link with the kit's `graj` driver, built by the kit's own command
//! (one that defines `main`: no contest system links it with its driver; the rules of play's
//! M3, `crates/protocol/RULES.md`). The directory is
//! removed when the [`Build`] is dropped; nothing is ever written next to the source.
//!
//! The compiler is an untrusted program too (a source can include `/dev/zero` or `/etc/shadow`,
//! or expand templates without end): it runs through [`duel_sandbox`] as the
//! submission runs, in the toolchain's sandbox (a user of its own when the judge is root, the
//! fixed environment; under [`Sandbox::Bwrap`] the submission's view), with [`COMPILE_LIMITS`]
//! (CPU, wall clock, memory), its build directory lent to its user while it runs, and only its
//! first output lines are kept. A source reached through a symbolic link is read with the
//! rights of the link's owner (see [`link_reader`](duel_sandbox::link_reader)).
//!
//! Each language is one definition in `duel-languages` (names, extensions, compiler, Debian
//! package, compile commands for a player and for a module, memory allowance, self-test, its
//! names in the contest systems), which the exporter, the kits, README's table and the tests
//! read too. Its file under `languages/` adds what only the judge needs: the files written
//! beside the copy (C and C++ modules get the task's `mis.h`; a Pascal module its wrapper
//! library, a Pascal player the flush unit `--pascal-flush` loads), what the build gives (a program, a script run by
//! its interpreter, a library) and the environment and files its compiler needs. Adding a
//! language is its definition in `duel-languages`, then one file under `languages/` and its
//! two lines in `languages/mod.rs` (which says how).
//!
//! What the judge adds to a source:
//! - **C and C++ modules** are built as shared objects (`-shared -fPIC`), with the task's
//!   `mis.h` in the build directory, so `#include "mis.h"` gives C++ the `extern "C"` linkage
//!   it needs (a C++ module that neither includes it nor says `extern "C"` exports mangled
//!   names and is refused when loaded, with a message saying so).
//! - **A Pascal module** is the statement's unit `mis` (saved as `mis.pas`); the judge wraps it
//!   in a library that exports `poczatek` and `ruch_bolka` with the C calling convention, and
//!   builds it position-independent (`-Cg`).
//! - **A Pascal player** is built as the contest systems build it: `Writeln` alone does not
//!   flush on a pipe (`crates/protocol/RULES.md` G2). With `--pascal-flush` a unit loaded first
//!   (`-Faduelflush`) makes `Output` flush after every `Write`/`Writeln` even on a pipe, as
//!   IOI 2001's judge did for its statement's `Writeln` and `Readln` without `Flush`.
//! - **Python** has nothing to build: the source is checked for syntax errors (without writing
//!   a `.pyc`) and the copy is run by `python3`.
//! - **Go** is built with the go command's caches and home inside the build directory and
//!   without cgo (see `languages/go.rs`, also for Go under an address-space limit).

mod definition;
mod language;
mod languages;
mod run;

pub use duel_report::{BuildRecord, Target};
pub use language::{Language, UnknownLanguage};

use definition::{ArtifactKind, Setup};
use duel_sandbox::untrusted::escape_path;
use duel_sandbox::{Limits, ProgramCommand, Sandbox};
use std::collections::BTreeMap;
use std::io::Read;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// The limits of one compilation: 60 s of CPU, 180 s of waiting, 1.5 GiB of memory, lines up to
/// 64 KiB (longer ones are cut).
pub const COMPILE_LIMITS: Limits = Limits {
    cpu_time: Duration::from_secs(60),
    wall_time: Duration::from_secs(180),
    memory_bytes: 1536 << 20,
    max_line_bytes: 64 << 10,
    max_processes: Limits::DEFAULT_MAX_PROCESSES,
    address_allowance_bytes: 0,
};

/// At most this many lines of the compiler's output are kept.
pub const MAX_OUTPUT_LINES: usize = 20;

/// Each kept line is cut to this many characters.
pub const MAX_LINE_CHARS: usize = 240;

/// Sources larger than this are refused (a judge error: no contest source is that large).
pub const MAX_SOURCE_BYTES: u64 = 1 << 20;

/// The default compile command of `language` for `target`.
///
/// Placeholders, replaced by shell-quoted paths: `{source}` the source's copy (for a Pascal
/// module: the judge's wrapper library, which uses the unit), `{output}` the file to produce,
/// `{dir}` the build directory (also the working directory). The command runs with `sh -c`.
///
/// ```
/// use duel_arena::compile::{default_command, Language, Target};
/// assert_eq!(
///     default_command(Language::C, Target::Module),
///     "gcc -std=gnu11 -O2 -pipe -shared -fPIC -o {output} -xc {source} -lm"
/// );
/// ```
pub fn default_command(language: Language, target: Target) -> String {
    // A language that builds no module has one command (a module is refused before it runs).
    language
        .recipe(target)
        .map_or(language.0.player.command, |recipe| recipe.build.command)
        .to_owned()
}

/// The command that builds each language: its default (see [`default_command`]) unless one
/// was given instead (`duel ... judge --compile LANG=COMMAND`). A judge's
/// [`Settings`](crate::judge::Settings) hold one; the [`Toolchain`] runs them.
///
/// ```
/// use duel_arena::compile::{CompileCommands, Language, Target};
/// let commands = CompileCommands::new().with(Language::C, "clang -O2 -o {output} {source}");
/// assert_eq!(commands.command(Language::C, Target::Player), "clang -O2 -o {output} {source}");
/// assert!(commands.command(Language::CPP, Target::Player).starts_with("g++ "));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CompileCommands {
    /// The commands given instead of a language's default.
    overrides: BTreeMap<Language, String>,
}

impl CompileCommands {
    /// Every language's default command.
    pub fn new() -> CompileCommands {
        CompileCommands::default()
    }

    /// The same commands, building `language` with `command` (see [`default_command`] for the
    /// placeholders).
    pub fn with(mut self, language: Language, command: impl Into<String>) -> CompileCommands {
        self.overrides.insert(language, command.into());
        self
    }

    /// The command template that builds `language` for `target`.
    pub fn command(&self, language: Language, target: Target) -> String {
        self.overrides
            .get(&language)
            .cloned()
            .unwrap_or_else(|| default_command(language, target))
    }
}

/// Builds sources: the [`CompileCommands`], run under [`COMPILE_LIMITS`] in a sandbox, stopping
/// when a cancel flag is set.
///
/// ```
/// use duel_arena::compile::{Language, Target, Toolchain};
/// let toolchain = Toolchain::new().with_command(Language::C, "clang -O2 -o {output} {source}");
/// assert_eq!(toolchain.command(Language::C, Target::Player), "clang -O2 -o {output} {source}");
/// assert!(toolchain.command(Language::CPP, Target::Player).starts_with("g++ "));
/// ```
#[derive(Debug, Clone)]
pub struct Toolchain {
    commands: CompileCommands,
    limits: Limits,
    sandbox: Sandbox,
    cancel: Option<Arc<AtomicBool>>,
}

impl Default for Toolchain {
    fn default() -> Self {
        Toolchain::new()
    }
}

impl Toolchain {
    /// The default commands, [`COMPILE_LIMITS`], the default sandbox ([`Sandbox::Auto`]: the
    /// compiler runs like a submission).
    pub fn new() -> Toolchain {
        Toolchain {
            commands: CompileCommands::new(),
            limits: COMPILE_LIMITS,
            sandbox: Sandbox::default(),
            cancel: None,
        }
    }

    /// The same toolchain building with these commands.
    pub fn with_commands(self, commands: CompileCommands) -> Toolchain {
        Toolchain { commands, ..self }
    }

    /// The same toolchain building `language` with this command (see [`default_command`] for
    /// the placeholders).
    pub fn with_command(self, language: Language, command: impl Into<String>) -> Toolchain {
        Toolchain {
            commands: self.commands.with(language, command),
            ..self
        }
    }

    /// The same toolchain compiling in this sandbox (normally the submissions' own).
    pub fn with_sandbox(self, sandbox: Sandbox) -> Toolchain {
        Toolchain { sandbox, ..self }
    }

    /// The same toolchain stopping a compilation once this flag is set.
    pub fn with_cancel_flag(self, cancel: Arc<AtomicBool>) -> Toolchain {
        Toolchain {
            cancel: Some(cancel),
            ..self
        }
    }

    /// The command template that builds `language` for `target`.
    pub fn command(&self, language: Language, target: Target) -> String {
        self.commands.command(language, target)
    }

    /// Builds `source` for `target` (see [`build_player`] and [`build_module`]).
    pub fn build(&self, source: &Path, target: Target) -> Result<Build, CompileError> {
        let language =
            Language::from_path(source).ok_or_else(|| CompileError::UnknownLanguage {
                path: source.to_owned(),
            })?;
        let recipe = language
            .recipe(target)
            .ok_or_else(|| CompileError::NotAModuleLanguage {
                path: source.to_owned(),
                language,
            })?;
        let text = read_source(source)?;
        let dir = tempfile::Builder::new()
            .prefix("duel-build-")
            .tempdir()
            .map_err(|error| CompileError::Io {
                what: "cannot create a build directory".into(),
                message: error.to_string(),
            })?;
        let layout = Layout::new(dir.path(), source, language, recipe.setup);
        layout.write(&text)?;
        let template = self.command(language, target);
        let command = layout.expand(&template);
        let compiler = first_word(&template);
        if let Some(compiler) = compiler.filter(|c| c.chars().all(is_plain_char)) {
            if !program_exists(compiler) {
                return Err(CompileError::CompilerMissing {
                    compiler: compiler.to_owned(),
                    language,
                    package: package_of(compiler, language),
                });
            }
            // Run as a user of its own without bubblewrap, the compiler must be where every
            // user may run it: the contestant is not charged for the judge's installation.
            if self.sandbox.resolve() == duel_sandbox::Sandbox::None {
                if let Some(path) = duel_sandbox::unreachable_program(compiler) {
                    return Err(CompileError::CompilerUnreachable {
                        compiler: compiler.to_owned(),
                        path,
                    });
                }
            }
        }
        let outcome = run::compile(self, dir.path(), &command, &layout.renames)?;
        let outcome = match outcome {
            run::Outcome::Succeeded { output } => {
                let built = std::fs::symlink_metadata(&layout.output)
                    .is_ok_and(|meta| meta.file_type().is_file());
                let unexported = match target {
                    Target::Module if built => {
                        crate::mis::host::unexported_function(&layout.output)
                    }
                    _ => None,
                };
                if let Some(function) = unexported {
                    let mut output = output;
                    output.push(layout.unexported_error(function));
                    BuildOutcome::Failed { output }
                } else if target == Target::Module && built {
                    match self.check_link(&layout, language)? {
                        Some(lines) => BuildOutcome::Failed { output: lines },
                        None => BuildOutcome::Built { output },
                    }
                } else if layout.setup.artifact == ArtifactKind::Script || built {
                    BuildOutcome::Built { output }
                } else {
                    let mut output = output;
                    output.push(format!("the compiler produced no {}", layout.output_name()));
                    BuildOutcome::Failed { output }
                }
            }
            run::Outcome::Failed { output } => BuildOutcome::Failed { output },
        };
        if matches!(outcome, BuildOutcome::Built { .. }) {
            layout.open_to_box_users()?;
        }
        Ok(Build {
            source: source.to_owned(),
            language,
            target,
            command: template,
            outcome,
            artifact: layout.artifact(),
            dir,
        })
    }
}

/// The program the check of a module's link builds in its build directory (see
/// [`Toolchain::check_link`]).
const LINK_CHECK_OUTPUT: &str = "graj";

/// The words of a module's compile command that make a shared library (gcc's, g++'s and
/// clang's, Free Pascal's `-Cg`), which a program linked with the driver is built without.
const LIBRARY_WORDS: [&str; 4] = ["-shared", "-fPIC", "-fpic", "-Cg"];

/// The command that links a module with the kit's driver, from the module's compile command
/// `module` (placeholders as [`default_command`]'s, and `{driver}`, `{check}`): its words
/// without those that make a library, the output `{check}`, and the driver compiled with the
/// module's source, or, where the command builds an entry of the judge's that uses the
/// module (`entry`: a Pascal unit is found by the driver's `uses`), in its place.
///
/// ```text
/// gcc -std=gnu11 -O2 -pipe -shared -fPIC -o {output} {source} -lm
///   -> gcc -std=gnu11 -O2 -pipe -o {check} {driver} {source} -lm
/// ```
fn link_check_command(module: &str, entry: bool) -> String {
    let sources = if entry {
        "{driver}"
    } else {
        "{driver} {source}"
    };
    module
        .split_whitespace()
        .filter(|word| !LIBRARY_WORDS.contains(word))
        .collect::<Vec<_>>()
        .join(" ")
        .replace("{output}", "{check}")
        .replace("{source}", sources)
}

impl Toolchain {
    /// The rules of play's M3 (`crates/protocol/RULES.md`): a module's source, once built,
    /// is linked with the kit's `graj` driver of its language by the module's compile command
    /// made a program's (see [`link_check_command`]; with the default commands, the kit's own
    /// build command: `gcc -std=gnu11 -O2 -pipe -o graj graj.c mis.c -lm`, `fpc -O2 -ograj
    /// graj.pas` with the judge's quiet and directory options), in the same sandbox. Every
    /// contest system links a module with a driver so (the packages' drivers define `main`
    /// alone, as `graj` does): a module that does not link with it (one that defines `main`,
    /// or uses a name nothing defines) is refused as they refuse it. `Some(lines)` when the
    /// link fails: a line saying why, then the compiler's lines.
    fn check_link(
        &self,
        layout: &Layout,
        language: Language,
    ) -> Result<Option<Vec<String>>, CompileError> {
        let Some((driver, text)) = language
            .extensions()
            .first()
            .and_then(|extension| duel_mis_abi::graj_driver(extension))
        else {
            return Ok(None);
        };
        let module = self.command(language, Target::Module);
        let template = link_check_command(&module, layout.setup.entry.is_some());
        let driver_path = layout.dir.join(driver);
        std::fs::write(&driver_path, text).map_err(|error| CompileError::Io {
            what: format!("cannot write {}", driver_path.display()),
            message: error.to_string(),
        })?;
        let command = layout
            .expand(&template)
            .replace("{driver}", &shell_quote(&driver_path))
            .replace("{check}", &shell_quote(&layout.dir.join(LINK_CHECK_OUTPUT)));
        Ok(
            match run::compile(self, &layout.dir, &command, &layout.renames)? {
                run::Outcome::Succeeded { .. } => None,
                run::Outcome::Failed { output } => {
                    let mut lines = vec![link_failure(&output, &layout.shown_name(), driver)];
                    lines.extend(output);
                    Some(lines)
                }
            },
        )
    }
}

/// The line that says why a module's source does not link with the kit's `driver`: a name it
/// defines that the driver defines too (`main`), a name it uses that nothing defines, or else
/// that it does not build with the driver. The linker's words are read from `output` (GNU
/// ld's `multiple definition of `main'` and `undefined reference to `f'`).
fn link_failure(output: &[String], shown: &str, driver: &str) -> String {
    let named = |what: &str| {
        output.iter().find_map(|line| {
            let rest = &line[line.find(what)? + what.len()..];
            let rest = rest.strip_prefix(['`', '\'', '"'])?;
            let name: String = rest
                .chars()
                .take_while(|c| !matches!(c, '\'' | '`' | '"'))
                .take(80)
                .collect();
            (!name.is_empty()).then_some(name)
        })
    };
    if let Some(name) = named("multiple definition of ") {
        format!(
            "error: {shown} defines `{name}`, which the task's driver defines: it links with no \
             driver ({driver}, the contest systems'); a module has no main (see mis.h)"
        )
    } else if let Some(name) = named("undefined reference to ") {
        format!(
            "error: {shown} uses `{name}`, which nothing defines: it does not link with the \
             task's driver ({driver}, nor the contest systems')"
        )
    } else {
        format!(
            "error: {shown} does not build with the task's driver {driver}, as the kit's graj \
             and the contest systems build it"
        )
    }
}

/// Builds an Ioiwari player 1 (or a line-protocol Bolek) from `source`.
///
/// ```no_run
/// use duel_arena::compile::{build_player, Toolchain};
/// let build = build_player("player.c".as_ref(), &Toolchain::new())?;
/// match build.program() {
///     Some(program) => println!("run {program}"),
///     None => println!("compile error: {}", build.error_line().unwrap_or_default()),
/// }
/// # Ok::<(), duel_arena::compile::CompileError>(())
/// ```
pub fn build_player(source: &Path, toolchain: &Toolchain) -> Result<Build, CompileError> {
    toolchain.build(source, Target::Player)
}

/// Builds a Pooh-Eeyore-sticks module (a shared library with `poczatek` and `ruch_bolka`) from a
/// C, C++ or Pascal `source`.
pub fn build_module(source: &Path, toolchain: &Toolchain) -> Result<Build, CompileError> {
    toolchain.build(source, Target::Module)
}

/// A built (or failed) submission. Dropping it removes its build directory.
#[derive(Debug)]
pub struct Build {
    source: PathBuf,
    language: Language,
    target: Target,
    command: String,
    outcome: BuildOutcome,
    artifact: Artifact,
    dir: tempfile::TempDir,
}

#[derive(Debug, Clone)]
enum Artifact {
    Executable(PathBuf),
    Script(PathBuf),
    Library(PathBuf),
}

/// Whether the build worked, with what the compiler said.
#[derive(Debug, Clone, PartialEq, Eq)]
enum BuildOutcome {
    Built { output: Vec<String> },
    Failed { output: Vec<String> },
}

impl Build {
    /// The source file, as the caller named it (the build itself works on a copy in its own
    /// directory).
    pub fn source(&self) -> &Path {
        &self.source
    }

    /// The language its extension named, which chose the compile command.
    pub fn language(&self) -> Language {
        self.language
    }

    /// What it was built into.
    pub fn target(&self) -> Target {
        self.target
    }

    /// The compile command's template (see [`default_command`]).
    pub fn command(&self) -> &str {
        &self.command
    }

    /// Whether the build worked.
    pub fn succeeded(&self) -> bool {
        matches!(self.outcome, BuildOutcome::Built { .. })
    }

    /// The first lines the compiler wrote (clipped; paths inside the build directory are
    /// shown relative to it, and the source under the contestant's file name).
    pub fn output(&self) -> &[String] {
        match &self.outcome {
            BuildOutcome::Built { output } | BuildOutcome::Failed { output } => output,
        }
    }

    /// For a failed build, one line to give as every test's reason: the compiler's first
    /// error line (or its first line), with the line naming the source's place when the
    /// compiler writes that apart (rustc's `--> eve.rs:2:17`, Python's `File "eve.py"`).
    pub fn error_line(&self) -> Option<String> {
        if self.succeeded() {
            return None;
        }
        let banner = |line: &&String| {
            let banners = self.language.0.banner_lines;
            banners.iter().any(|prefix| line.starts_with(prefix))
        };
        let output = self.output();
        let mut lines = output.iter().filter(|line| !banner(line));
        let line = lines
            .clone()
            .find(|line| line.to_ascii_lowercase().contains("error"))
            .or_else(|| lines.find(|line| !line.trim().is_empty()))
            .map(|line| line.trim().to_owned())
            .unwrap_or_else(|| "the compiler failed without a message".into());
        // rustc and Python say where on a line of its own (`--> eve.rs:2:17`,
        // `File "eve.py", line 2`): that line comes along.
        let name = self.source.file_name().map(|name| name.to_string_lossy());
        let place = name
            .filter(|name| !line.contains(&**name))
            .and_then(|name| {
                output
                    .iter()
                    .find(|other| other.contains(&*name))
                    .map(|other| other.trim().trim_start_matches("--> ").to_owned())
            });
        Some(match place {
            Some(place) => format!("compilation failed: {line} (at {place})"),
            None => format!("compilation failed: {line}"),
        })
    }

    /// The program to run, for a successful player build.
    pub fn program(&self) -> Option<ProgramCommand> {
        if !self.succeeded() {
            return None;
        }
        match &self.artifact {
            Artifact::Executable(path) => Some(ProgramCommand::program(path)),
            Artifact::Script(path) => Some(ProgramCommand::Argv(vec![
                self.language.compiler().into(),
                path.into(),
            ])),
            Artifact::Library(_) => None,
        }
    }

    /// The shared library, for a successful module build.
    pub fn library(&self) -> Option<&Path> {
        match (&self.artifact, self.succeeded()) {
            (Artifact::Library(path), true) => Some(path),
            _ => None,
        }
    }

    /// The build directory (removed when the build is dropped).
    pub fn dir(&self) -> &Path {
        self.dir.path()
    }

    /// What the report records about the build.
    pub fn record(&self) -> BuildRecord {
        BuildRecord {
            source: self.source.display().to_string(),
            language: self.language.name().to_string(),
            target: self.target,
            command: self.command.clone(),
            succeeded: self.succeeded(),
            output: self.output().to_vec(),
        }
    }
}

/// Why a source could not be built at all (a judge error; a compile error is not one).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CompileError {
    /// The extension is not one of a known language.
    #[error(
        "{}: unknown kind of source (known: {})",
        escape_path(path),
        Language::extension_list()
    )]
    UnknownLanguage {
        /// The source whose extension is none of the languages'.
        path: PathBuf,
    },
    /// Modules are written in C, C++ or Pascal.
    #[error(
        "{}: a module is written in {}, not {language}",
        escape_path(path),
        Language::module_titles()
    )]
    NotAModuleLanguage {
        /// The source given as a module.
        path: PathBuf,
        /// The language its extension names, one without module builds.
        language: Language,
    },
    /// The compiler is not installed.
    #[error("cannot build {language} sources: `{compiler}` is not installed (Debian package {package}: apt-get install {package})")]
    CompilerMissing {
        /// The first word of the compile command, found nowhere on the judge's `PATH`.
        compiler: String,
        /// The language it builds.
        language: Language,
        /// The Debian package to install.
        package: String,
    },
    /// The compiler runs as a user of its own without bubblewrap, and lies where other users
    /// may not run it (rustup's under `/root`).
    #[error("`{compiler}` ({}) cannot be run by other users, and compilers run as a user of their own: install it where every user may run it, or judge under bubblewrap (--sandbox auto), which shows its installation", path.display())]
    CompilerUnreachable {
        /// The first word of the compile command.
        compiler: String,
        /// The path other users cannot reach.
        path: PathBuf,
    },
    /// The source cannot be read, or is too large.
    #[error("cannot read the source {}: {message}", escape_path(path))]
    Source {
        /// The source as given.
        path: PathBuf,
        /// What went wrong: the system's error, or the size against
        /// [`MAX_SOURCE_BYTES`].
        message: String,
    },
    /// The build directory could not be prepared, or the compiler could not be started.
    #[error("{what}: {message}")]
    Io {
        /// What failed.
        what: String,
        /// What the system said.
        message: String,
    },
    /// Compilation was stopped from outside (Ctrl-C).
    #[error("cancelled")]
    Cancelled,
}

/// Where a build's files go.
struct Layout {
    dir: PathBuf,
    /// The judge's part of the language's build for the target.
    setup: &'static Setup,
    /// The contestant's source, copied (under its own file name where the language allows).
    copy: PathBuf,
    /// What the command compiles (the copy, or the Pascal wrapper library).
    source: PathBuf,
    /// What it produces.
    output: PathBuf,
    /// The copy's name in the compiler's lines and the contestant's file name to show instead,
    /// when the copy could not take the contestant's name.
    renames: Vec<(String, String)>,
}

impl Layout {
    /// The layout of `original` built for `target`, a target its language has a recipe for.
    fn new(dir: &Path, original: &Path, language: Language, setup: &'static Setup) -> Layout {
        let shown = original
            .file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .unwrap_or_default();
        let internal = match (setup.copy_name, setup.artifact) {
            (Some(name), _) => name.to_owned(),
            (None, ArtifactKind::Library) => format!("module.{}", language.extensions()[0]),
            (None, _) => format!("player.{}", language.extensions()[0]),
        };
        let own = setup.copy_name.is_none() && own_name_allowed(original, language);
        let copy_name = if own { shown.clone() } else { internal };
        let copy = dir.join(&copy_name);
        let source = setup
            .entry
            .map_or_else(|| copy.clone(), |entry| dir.join(entry));
        let output = match setup.artifact {
            ArtifactKind::Library => dir.join("libmodule.so"),
            ArtifactKind::Script => copy.clone(),
            ArtifactKind::Executable => dir.join("player"),
        };
        let renames = if copy_name == shown || shown.is_empty() {
            Vec::new()
        } else {
            vec![(copy_name, shown)]
        };
        Layout {
            dir: dir.to_owned(),
            setup,
            copy,
            source,
            output,
            renames,
        }
    }

    fn write(&self, text: &[u8]) -> Result<(), CompileError> {
        let mut files: Vec<(PathBuf, &[u8])> = vec![(self.copy.clone(), text)];
        for (name, contents) in self.setup.files {
            files.push((self.dir.join(name), contents.as_bytes()));
        }
        for (path, bytes) in files {
            std::fs::write(&path, bytes).map_err(|error| CompileError::Io {
                what: format!("cannot write {}", path.display()),
                message: error.to_string(),
            })?;
        }
        Ok(())
    }

    /// When the judge runs as root, submissions run as users of their own, which only works
    /// when they can reach what they run: the directory becomes searchable (not listable) by
    /// others and the built program (or script) readable and executable, while the source
    /// copy of a compiled language stays the judge's alone.
    fn open_to_box_users(&self) -> Result<(), CompileError> {
        use std::os::unix::fs::PermissionsExt;
        let set = |path: &Path, mode: u32| {
            std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).map_err(|error| {
                CompileError::Io {
                    what: format!("cannot set the permissions of {}", path.display()),
                    message: error.to_string(),
                }
            })
        };
        let regular = |path: &Path| {
            std::fs::symlink_metadata(path).is_ok_and(|meta| meta.file_type().is_file())
        };
        if !regular(&self.output) || !regular(&self.copy) {
            return Err(CompileError::Io {
                what: format!("{} is not a regular file", self.output.display()),
                message: "the build left something else in its place".into(),
            });
        }
        if self.copy != self.output {
            set(&self.copy, 0o600)?;
        }
        set(&self.output, 0o755)?;
        set(&self.dir, 0o711)
    }

    fn expand(&self, template: &str) -> String {
        template
            .replace("{source}", &shell_quote(&self.source))
            .replace("{output}", &shell_quote(&self.output))
            .replace("{dir}", &shell_quote(&self.dir))
    }

    /// The source's name as the contestant wrote it.
    fn shown_name(&self) -> String {
        self.renames
            .first()
            .map(|(_, shown)| shown.clone())
            .unwrap_or_else(|| {
                let name = self.copy.file_name().unwrap_or_default();
                name.to_string_lossy().into_owned()
            })
    }

    /// The line that fails a module build which does not export one of the task's functions,
    /// with the hint of its language.
    fn unexported_error(&self, function: &str) -> String {
        let shown = self.shown_name();
        let hint = self.setup.unexported_hint;
        format!("error: {shown} does not define `{function}` for the judge to call: {hint}")
    }

    fn output_name(&self) -> String {
        self.output
            .file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .unwrap_or_default()
    }

    fn artifact(&self) -> Artifact {
        match self.setup.artifact {
            ArtifactKind::Library => Artifact::Library(self.output.clone()),
            ArtifactKind::Script => Artifact::Script(self.output.clone()),
            ArtifactKind::Executable => Artifact::Executable(self.output.clone()),
        }
    }
}

/// Whether the source's copy can keep the contestant's file name, so that the compiler's
/// lines name it as written (`eve.cpp:2:40`): a name of printable characters that is none of
/// the judge's own files (any language's, under any extension of their language) and whose
/// stem the language accepts (a Rust crate's name is the file's stem). A recipe with a fixed
/// copy name (a Pascal module is the statement's unit `mis`, which Free Pascal looks for in
/// `mis.pas`) never keeps it.
fn own_name_allowed(original: &Path, language: Language) -> bool {
    let Some(name) = original.file_name().and_then(|name| name.to_str()) else {
        return false;
    };
    let stem = name.rsplit_once('.').map_or(name, |(stem, _)| stem);
    let printable = name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "._-+=, ".contains(c));
    let lower = name.to_ascii_lowercase();
    let allowed_by_language = language
        .judge()
        .stem_allowed
        .is_none_or(|allowed| allowed(stem));
    printable && !stem.is_empty() && !judges_file(&lower) && allowed_by_language
}

/// Whether `name` (lower case) is one of the files the judge writes for some language, or
/// would be taken for one: a support file `duelflush.pas` also under its language's other
/// extensions (`duelflush.pp`); the kit's driver a module is linked with (`graj.c`).
fn judges_file(name: &str) -> bool {
    Language::ALL.iter().any(|language| {
        let recipes = [Target::Player, Target::Module].map(|target| language.recipe(target));
        let drivers = language
            .0
            .module
            .as_ref()
            .and(language.extensions().first())
            .and_then(|extension| duel_mis_abi::graj_driver(extension))
            .map(|(driver, _)| driver);
        let files = recipes
            .into_iter()
            .flatten()
            .flat_map(|recipe| recipe.setup.files.iter().map(|(file, _)| *file))
            .chain(drivers);
        files.into_iter().any(|file| {
            let (stem, extension) = file.rsplit_once('.').unwrap_or((file, ""));
            file == name
                || (language.extensions().contains(&extension)
                    && language
                        .extensions()
                        .iter()
                        .any(|other| name == format!("{stem}.{other}")))
        })
    })
}

/// Reads a regular file of at most [`MAX_SOURCE_BYTES`] (so `/dev/zero` or a FIFO is refused
/// at once).
fn read_source(path: &Path) -> Result<Vec<u8>, CompileError> {
    let error = |message: String| CompileError::Source {
        path: path.to_owned(),
        message,
    };
    let mut text = Vec::new();
    // What the name leads to is looked at first, never opened unless it is a regular file: a
    // FIFO would block the judge, a device would never end.
    let meta = std::fs::metadata(path).map_err(|e| error(io_message(&e)))?;
    if let Some(what) = not_regular(&meta) {
        return Err(error(what));
    }
    if let Some((uid, gid)) = duel_sandbox::link_reader(path) {
        // Reached through a link: opened and read with the rights of the link's owner (or
        // of others), never the judge's.
        text = duel_sandbox::read_as(path, uid, gid, MAX_SOURCE_BYTES).map_err(|e| {
            error(format!(
                "{}: it is reached through a symbolic link, so it is read with the rights of {}",
                io_message(&e),
                match uid {
                    duel_sandbox::LINK_READER_ID => "any user".to_owned(),
                    uid => format!("the link's owner (uid {uid})"),
                }
            ))
        })?;
    } else {
        // Never blocks opening a FIFO put there after the check.
        let file = std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(path)
            .map_err(|e| error(io_message(&e)))?;
        let meta = file.metadata().map_err(|e| error(io_message(&e)))?;
        if let Some(what) = not_regular(&meta) {
            return Err(error(what));
        }
        file.take(MAX_SOURCE_BYTES + 1)
            .read_to_end(&mut text)
            .map_err(|e| error(io_message(&e)))?;
    }
    if text.len() as u64 > MAX_SOURCE_BYTES {
        return Err(error(format!("larger than {} KiB", MAX_SOURCE_BYTES >> 10)));
    }
    Ok(text)
}

/// Why a file is no source (`None` for a regular file): "it is a directory", "not a regular
/// file (a FIFO)"...
fn not_regular(meta: &std::fs::Metadata) -> Option<String> {
    use std::os::unix::fs::FileTypeExt;
    let kind = meta.file_type();
    let what = if kind.is_file() {
        return None;
    } else if kind.is_dir() {
        return Some("it is a directory".into());
    } else if kind.is_fifo() {
        "a FIFO"
    } else if kind.is_char_device() {
        "a character device"
    } else if kind.is_block_device() {
        "a block device"
    } else if kind.is_socket() {
        "a socket"
    } else {
        "of an unknown kind"
    };
    Some(format!("not a regular file ({what})"))
}

/// The system's message without the "(os error N)" suffix.
fn io_message(error: &std::io::Error) -> String {
    let text = error.to_string();
    match text.find(" (os error") {
        Some(at) => text[..at].to_owned(),
        None => text,
    }
}

/// Single-quotes a path for `sh`.
fn shell_quote(path: &Path) -> String {
    let text = path.to_string_lossy();
    if text.chars().all(is_plain_char) {
        return text.into_owned();
    }
    format!("'{}'", text.replace('\'', "'\\''"))
}

fn is_plain_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || "/._-+=,:".contains(c)
}

fn first_word(command: &str) -> Option<&str> {
    command.split_whitespace().next()
}

fn program_exists(program: &str) -> bool {
    if program.contains('/') {
        return Path::new(program).is_file();
    }
    duel_sandbox::ProgramCommand::program(program)
        .check()
        .is_ok()
}

fn package_of(compiler: &str, language: Language) -> String {
    Language::ALL
        .iter()
        .copied()
        .find(|l| l.compiler() == compiler)
        .unwrap_or(language)
        .package()
        .to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_quoted_for_the_shell_only_when_needed() {
        assert_eq!(shell_quote(Path::new("/tmp/a-b/c.c")), "/tmp/a-b/c.c");
        assert_eq!(
            shell_quote(Path::new("/tmp/a b/it's")),
            "'/tmp/a b/it'\\''s'"
        );
    }

    #[test]
    fn os_errors_are_not_doubled() {
        let error = std::io::Error::from_raw_os_error(libc::ENOENT);
        assert_eq!(io_message(&error), "No such file or directory");
    }

    #[test]
    fn unknown_extensions_and_python_modules_are_judge_errors() {
        let toolchain = Toolchain::new();
        assert!(matches!(
            build_player(Path::new("x.java"), &toolchain),
            Err(CompileError::UnknownLanguage { .. })
        ));
        assert!(matches!(
            build_module(Path::new("x.py"), &toolchain),
            Err(CompileError::NotAModuleLanguage { .. })
        ));
    }

    #[test]
    fn a_missing_compiler_names_its_package() {
        let dir = tempfile::tempdir().unwrap();
        let source = dir.path().join("a.c");
        std::fs::write(&source, "int main(void) { return 0; }\n").unwrap();
        let toolchain =
            Toolchain::new().with_command(Language::C, "surely-no-such-cc -o {output} {source}");
        let error = build_player(&source, &toolchain).unwrap_err();
        assert!(
            matches!(error, CompileError::CompilerMissing { .. }),
            "{error}"
        );
        let error = CompileError::CompilerMissing {
            compiler: "fpc".into(),
            language: Language::PASCAL,
            package: package_of("fpc", Language::PASCAL),
        };
        assert!(
            error.to_string().contains("apt-get install fp-compiler"),
            "{error}"
        );
    }

    #[test]
    fn a_copy_keeps_the_contestants_name_where_the_language_allows() {
        let own = |name: &str, language: Language, target| {
            let recipe = language.recipe(target).unwrap();
            recipe.setup.copy_name.is_none() && own_name_allowed(Path::new(name), language)
        };
        assert!(own("/x/eve 2.cpp", Language::CPP, Target::Player));
        assert!(own("eve-1.rs", Language::RUST, Target::Player));
        assert!(own("bolek.c", Language::C, Target::Module));
        // rustc takes the crate's name from the stem; Free Pascal finds unit mis in mis.pas.
        assert!(!own("my eve.rs", Language::RUST, Target::Player));
        assert!(!own("1eve.rs", Language::RUST, Target::Player));
        assert!(!own("bolek.pas", Language::PASCAL, Target::Module));
        // The judge's own files, and names a shell or a terminal would take apart.
        assert!(!own("duelflush.pas", Language::PASCAL, Target::Player));
        assert!(!own("DuelMis.pas", Language::PASCAL, Target::Player));
        assert!(!own("a$(x).c", Language::C, Target::Player));
        assert!(!own("a\nb.c", Language::C, Target::Player));
        assert!(!own("duelflush.pp", Language::PASCAL, Target::Player));
        assert!(own("mis.c", Language::C, Target::Module));
        // The kit's drivers, which a module is linked with.
        assert!(!own("graj.c", Language::C, Target::Module));
        assert!(!own("GRAJ.cc", Language::CPP, Target::Player));
        let layout = Layout::new(
            Path::new("/b"),
            Path::new("x/my eve.rs"),
            Language::RUST,
            &Language::RUST.judge().player,
        );
        assert_eq!(layout.copy, Path::new("/b/player.rs"));
        assert_eq!(
            layout.renames,
            [("player.rs".to_owned(), "my eve.rs".to_owned())]
        );
        let layout = Layout::new(
            Path::new("/b"),
            Path::new("eve.c"),
            Language::C,
            &Language::C.judge().player,
        );
        assert_eq!(layout.copy, Path::new("/b/eve.c"));
        assert!(layout.renames.is_empty());
    }

    #[test]
    fn the_link_check_builds_the_kits_graj_with_the_module() {
        // With the default commands, the kit's own line, but for the judge's quiet and
        // directory options.
        for (language, driver, module) in [
            (Language::C, "graj.c", "mis.c"),
            (Language::CPP, "graj.cpp", "mis.cpp"),
            (Language::PASCAL, "graj.pas", "mis.pas"),
        ] {
            let recipe = language.recipe(Target::Module).unwrap();
            let command = link_check_command(recipe.build.command, recipe.setup.entry.is_some())
                .replace("{check}", "graj")
                .replace("{driver}", driver)
                .replace("{source}", module);
            let build = recipe.build;
            let kit: Vec<&str> = command
                .split_whitespace()
                .filter(|word| !build.judge_only.contains(word))
                .collect();
            // The kit's README line: the driver with the module, or the Pascal driver alone.
            let sources = match recipe.setup.entry {
                Some(_) => driver.to_owned(),
                None => format!("{driver} {module}"),
            };
            assert_eq!(kit.join(" "), build.kit_line("graj", &sources));
        }
        // A command of one's own keeps its words.
        assert_eq!(
            link_check_command("clang -DLOCAL -shared -fpic -o {output} {source}", false),
            "clang -DLOCAL -o {check} {driver} {source}"
        );
    }

    #[test]
    fn a_failed_link_is_explained_from_the_linkers_words() {
        let lines = |text: &str| text.lines().map(str::to_owned).collect::<Vec<_>>();
        let clash = lines(
            "/usr/bin/ld: /tmp/cc1.o: in function `main':\n\
             mis.c:(.text.startup+0x0): multiple definition of `main'; /tmp/cc2.o:graj.c:(.text.startup+0x0): first defined here\n\
             collect2: error: ld returned 1 exit status",
        );
        let line = link_failure(&clash, "bolek.c", "graj.c");
        assert!(
            line.starts_with("error: bolek.c defines `main`, which the task's driver defines"),
            "{line}"
        );
        let missing = lines("mis.c:(.text+0x5): undefined reference to `helper'");
        let line = link_failure(&missing, "mis.c", "graj.c");
        assert!(
            line.starts_with("error: mis.c uses `helper`, which nothing defines"),
            "{line}"
        );
        let other = link_failure(
            &lines("graj.pas(199,1) Error: Error while linking"),
            "mis.pas",
            "graj.pas",
        );
        assert!(
            other.starts_with("error: mis.pas does not build with the task's driver graj.pas"),
            "{other}"
        );
    }

    #[test]
    fn dev_zero_is_refused_at_once() {
        let error = read_source(Path::new("/dev/zero")).unwrap_err();
        assert!(error.to_string().contains("not a regular file"), "{error}");
        let dir = tempfile::tempdir().unwrap();
        let big = dir.path().join("big.c");
        std::fs::write(&big, vec![b' '; MAX_SOURCE_BYTES as usize + 1]).unwrap();
        let error = read_source(&big).unwrap_err();
        assert!(error.to_string().contains("larger than"), "{error}");
    }
}
