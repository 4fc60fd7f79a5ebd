//! The shared base of every language: what one definition says, and [`Language`], the handle
//! the rest of the judge holds. Each language is one [`duel_languages::Language`] (its names,
//! compiler, commands, memory allowance, self-test: the data the export, the kits and the
//! README read too), to which its file under `languages/` adds what only the judge needs (a
//! [`Definition`]: the files written beside the copy, the compiler's environment); nothing
//! outside those files names a language.

use std::ffi::OsString;
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// A language the judge can build (or, for Python, check and run): a handle on its
/// definition. Two handles are equal when they name the same language.
///
/// ```
/// use duel_arena::compile::Language;
/// assert_eq!(Language::from_path("bolek.cc".as_ref()), Some(Language::CPP));
/// assert_eq!(Language::from_path("player.pp".as_ref()), Some(Language::PASCAL));
/// assert_eq!(Language::from_path("a.out".as_ref()), None);
/// assert_eq!("c++".parse::<Language>(), Ok(Language::CPP));
/// ```
#[derive(Clone, Copy)]
pub struct Language(pub(in crate::compile) &'static Definition);

/// One language, as its file under `languages/` defines it: the shared definition's data
/// (copied here, as the judge's code reads it) and what only the judge needs. Everything the
/// judge decides per language is read from here.
pub(crate) struct Definition {
    /// The definition in `duel-languages` that the export, the kits and README also read.
    pub(crate) shared: &'static duel_languages::Language,
    /// The short name of reports and `--compile LANG=COMMAND` (`cpp`).
    pub(crate) name: &'static str,
    /// The name people write (`C++`), in messages.
    pub(crate) title: &'static str,
    /// Other names `--compile` accepts (`c++`, `cc`...).
    pub(crate) aliases: &'static [&'static str],
    /// File extensions, lower case, without the dot; the first is the copy's when the
    /// contestant's name cannot be kept.
    pub(crate) extensions: &'static [&'static str],
    /// The program that builds (or runs) it.
    pub(crate) compiler: &'static str,
    /// The arguments that make [`compiler`](Self::compiler) print its version and exit 0.
    pub(crate) version_args: &'static [&'static str],
    /// The Debian package that installs [`compiler`](Self::compiler).
    pub(crate) package: &'static str,
    /// How a player is built.
    pub(crate) player: Recipe,
    /// How a Pooh-Eeyore-sticks module is built, when the language may write one.
    pub(crate) module: Option<Recipe>,
    /// Whether a file's stem (its name without the extension) can be built under its own
    /// name; `None` takes every stem.
    pub(crate) stem_allowed: Option<fn(&str) -> bool>,
    /// Lines of the compiler's output that are no error even when nothing else is (Go's
    /// `# command-line-arguments`), as prefixes.
    pub(crate) banner_lines: &'static [&'static str],
    /// What this language's compiler needs beyond the fixed environment, when a compile
    /// command names one of its tools.
    pub(crate) tools: Tools,
}

impl Definition {
    /// The judge's definition of `shared`: its data, its player and module built from the
    /// copy alone, every stem allowed, no environment or files beyond the fixed ones. A
    /// language's file changes what it needs with `..Definition::of(...)`.
    pub(crate) const fn of(shared: &'static duel_languages::Language) -> Definition {
        Definition {
            shared,
            name: shared.name,
            title: shared.title,
            aliases: shared.aliases,
            extensions: shared.extensions,
            compiler: shared.compiler,
            version_args: shared.version_args,
            package: shared.package,
            player: Recipe::program(&shared.player),
            module: match &shared.module {
                Some(build) => Some(Recipe::program(build)),
                None => None,
            },
            stem_allowed: None,
            banner_lines: shared.banner_lines,
            tools: Tools {
                programs: shared.tool_programs,
                ..Tools::PLAIN
            },
        }
    }
}

/// How a source becomes something to run, for one target.
pub(crate) struct Recipe {
    /// The default compile command (see [`default_command`](super::default_command) for the
    /// placeholders).
    pub(crate) command: &'static str,
    /// How the help and the README show the command.
    pub(crate) shown: duel_languages::Shown,
    /// The copy's fixed file name, when the language needs one (the Pascal unit `mis` in
    /// `mis.pas`); otherwise the contestant's name where allowed.
    pub(crate) copy_name: Option<&'static str>,
    /// The file the command builds, when it is not the copy but one of [`files`](Self::files)
    /// (the Pascal wrapper library).
    pub(crate) entry: Option<&'static str>,
    /// The judge's files written beside the copy: `(name, contents)`.
    pub(crate) files: &'static [(&'static str, &'static str)],
    /// What the build gives.
    pub(crate) artifact: ArtifactKind,
    /// For a module: the hint of a build that does not export one of the task's functions.
    pub(crate) unexported_hint: &'static str,
}

impl Recipe {
    /// A program built by `build`'s command from the copy, with nothing beside it.
    pub(crate) const fn program(build: &'static duel_languages::Build) -> Recipe {
        Recipe {
            command: build.command,
            shown: build.shown,
            copy_name: None,
            entry: None,
            files: &[],
            artifact: ArtifactKind::Executable,
            unexported_hint: "",
        }
    }

    /// A module built by `build`'s command from the copy, with the judge's `files` beside it.
    pub(crate) const fn module(
        build: &'static duel_languages::Build,
        files: &'static [(&'static str, &'static str)],
        unexported_hint: &'static str,
    ) -> Recipe {
        Recipe {
            files,
            artifact: ArtifactKind::Library,
            unexported_hint,
            ..Recipe::program(build)
        }
    }
}

/// What a build gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ArtifactKind {
    /// A program, `player` in the build directory.
    Executable,
    /// The copy itself, run by the language's [`compiler`](Definition::compiler).
    Script,
    /// A shared library, `libmodule.so` in the build directory.
    Library,
}

/// What a compiler needs beyond the fixed environment.
pub(crate) struct Tools {
    /// The programs that are this toolchain: a command word whose file name is one of them,
    /// or ends with `-` and one of them, calls for what follows.
    pub(crate) programs: &'static [&'static str],
    /// Variables to set, given the build directory.
    pub(crate) env: fn(&Path) -> Vec<(String, OsString)>,
    /// Files and directories it must see under bubblewrap beyond its own installation.
    pub(crate) paths: fn() -> Vec<PathBuf>,
}

impl Tools {
    /// A toolchain that needs nothing beyond the fixed environment.
    pub(crate) const PLAIN: Tools = Tools {
        programs: &[],
        env: |_| Vec::new(),
        paths: Vec::new,
    };

    /// Whether `command` runs one of this toolchain's programs.
    pub(crate) fn named_by(&self, command: &str) -> bool {
        command.split_whitespace().any(|word| {
            let name = word.rsplit('/').next().unwrap_or(word);
            self.programs.iter().any(|tool| {
                name == *tool
                    || name
                        .strip_suffix(tool)
                        .is_some_and(|rest| rest.ends_with('-'))
            })
        })
    }
}

impl Language {
    /// Every language, in the order the documentation lists them.
    pub const ALL: &'static [Language] = super::languages::ALL;

    /// The language of a source file, from its extension (case-insensitive).
    pub fn from_path(path: &Path) -> Option<Language> {
        let extension = path.extension()?.to_str()?.to_ascii_lowercase();
        Language::ALL
            .iter()
            .copied()
            .find(|language| language.0.extensions.contains(&extension.as_str()))
    }

    /// The short name used in reports and in `--compile LANG=COMMAND`: `c`, `cpp`, `pascal`,
    /// `python`, `rust`...
    pub fn name(self) -> &'static str {
        self.0.name
    }

    /// The name people write: `C`, `C++`, `Pascal`...
    pub fn title(self) -> &'static str {
        self.0.title
    }

    /// Its file extensions, without the dot.
    pub fn extensions(self) -> &'static [&'static str] {
        self.0.extensions
    }

    /// The program that builds (or runs) it.
    pub fn compiler(self) -> &'static str {
        self.0.compiler
    }

    /// The arguments that make [`compiler`](Self::compiler) print its version (and exit 0):
    /// how to tell whether it is installed.
    pub fn version_args(self) -> &'static [&'static str] {
        self.0.version_args
    }

    /// The Debian package that installs [`compiler`](Self::compiler).
    pub fn package(self) -> &'static str {
        self.0.package
    }

    /// Bytes of address space its runtime needs beyond a run's memory limit where the limit
    /// is the address space (`RLIMIT_AS`, no cgroup): Go's reserves several hundred megabytes
    /// at start whatever it uses; 0 for the others (see
    /// [`duel_languages::Language::memory_allowance`]).
    pub fn memory_allowance(self) -> u64 {
        self.0.shared.memory_allowance
    }

    /// Its shared definition: what the judge, the export, the kits and the README read (its
    /// self-test program, its names in contest systems...).
    pub fn definition(self) -> &'static duel_languages::Language {
        self.0.shared
    }

    /// Whether Pooh-Eeyore-sticks modules may be written in it (C, C++ and Pascal, as in the
    /// task).
    pub fn builds_modules(self) -> bool {
        self.0.module.is_some()
    }

    /// How the help shows the command that builds it for `target` (Python's is the command
    /// that runs it; a Pascal module's says it is wrapped); `None` for a module in a language
    /// that builds none.
    pub fn shown_command(self, target: super::Target) -> Option<String> {
        let recipe = self.recipe(target)?;
        Some(match recipe.shown {
            duel_languages::Shown::Command => recipe.command.to_owned(),
            duel_languages::Shown::Noted(note) => format!("{note}: {}", recipe.command),
            duel_languages::Shown::Instead(text) => text.to_owned(),
        })
    }

    /// Its recipe for `target`, when it has one.
    pub(crate) fn recipe(self, target: super::Target) -> Option<&'static Recipe> {
        match target {
            super::Target::Player => Some(&self.0.player),
            super::Target::Module => self.0.module.as_ref(),
        }
    }

    /// The languages that build modules, as a list for messages: `C, C++ or Pascal`.
    pub(crate) fn module_titles() -> String {
        let titles: Vec<&str> = Language::ALL
            .iter()
            .filter(|language| language.builds_modules())
            .map(|language| language.title())
            .collect();
        match titles.split_last() {
            Some((last, [])) => (*last).to_owned(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        }
    }

    /// The known extensions, as a list for messages: `.c, .cpp/.cc/.cxx, .pas/.pp, ...`.
    pub(crate) fn extension_list() -> String {
        let each: Vec<String> = Language::ALL
            .iter()
            .map(|language| {
                let dotted: Vec<String> = language
                    .extensions()
                    .iter()
                    .map(|extension| format!(".{extension}"))
                    .collect();
                dotted.join("/")
            })
            .collect();
        each.join(", ")
    }
}

impl PartialEq for Language {
    fn eq(&self, other: &Language) -> bool {
        self.name() == other.name()
    }
}

impl Eq for Language {}

impl PartialOrd for Language {
    fn partial_cmp(&self, other: &Language) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Language {
    fn cmp(&self, other: &Language) -> std::cmp::Ordering {
        self.name().cmp(other.name())
    }
}

impl std::hash::Hash for Language {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.name().hash(state);
    }
}

impl fmt::Debug for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Language({})", self.name())
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Language {
    type Err = String;

    /// A language's [`name`](Language::name), or a usual alias (`c++`, `pas`, `py`, `rs`...).
    fn from_str(text: &str) -> Result<Language, String> {
        let lower = text.to_ascii_lowercase();
        Language::ALL
            .iter()
            .copied()
            .find(|language| language.name() == lower || language.0.aliases.contains(&&*lower))
            .ok_or_else(|| {
                let known: Vec<&str> = Language::ALL.iter().map(|l| l.name()).collect();
                format!("unknown language {text:?} (known: {})", known.join(", "))
            })
    }
}

impl serde::Serialize for Language {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> serde::Deserialize<'de> for Language {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = String::deserialize(deserializer)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_extension_of_the_task_is_known() {
        for (file, language) in [
            ("a.c", Language::C),
            ("a.cpp", Language::CPP),
            ("a.CC", Language::CPP),
            ("a.cxx", Language::CPP),
            ("mis.pas", Language::PASCAL),
            ("a.pp", Language::PASCAL),
            ("p.py", Language::PYTHON),
            ("main.rs", Language::RUST),
        ] {
            assert_eq!(Language::from_path(file.as_ref()), Some(language), "{file}");
        }
        for file in ["a", "a.so", "a.h", ".c", "a.java"] {
            assert_eq!(Language::from_path(file.as_ref()), None, "{file}");
        }
    }

    #[test]
    fn names_parse_back() {
        for &language in Language::ALL {
            assert_eq!(language.name().parse::<Language>(), Ok(language));
        }
        let error = "cobol".parse::<Language>().unwrap_err();
        assert!(
            error.starts_with("unknown language \"cobol\" (known: c, cpp, pascal, python, rust"),
            "{error}"
        );
    }

    #[test]
    fn definitions_do_not_overlap() {
        let mut seen = std::collections::BTreeSet::new();
        for language in Language::ALL {
            let definition = language.0;
            for word in [definition.name]
                .iter()
                .chain(definition.aliases)
                .map(|word| format!("name {word}"))
                .chain(
                    definition
                        .extensions
                        .iter()
                        .map(|e| format!("extension {e}")),
                )
            {
                assert!(seen.insert(word.clone()), "{word} is defined twice");
            }
            assert_eq!(
                definition.extensions[0],
                definition.extensions[0].to_ascii_lowercase()
            );
            assert!(!definition.version_args.is_empty(), "{language}");
        }
    }

    #[test]
    fn messages_list_the_definitions() {
        assert_eq!(Language::module_titles(), "C, C++ or Pascal");
        let extensions = Language::extension_list();
        assert!(
            extensions.starts_with(".c, .cpp/.cc/.cxx, .pas/.pp, .py, .rs"),
            "{extensions}"
        );
    }

    #[test]
    fn every_shared_definition_is_a_language_of_the_judge_in_its_order() {
        let shared: Vec<&str> = duel_languages::ALL.iter().map(|l| l.name).collect();
        let judged: Vec<&str> = Language::ALL.iter().map(|l| l.name()).collect();
        assert_eq!(judged, shared);
        for language in Language::ALL {
            let shared = language.definition();
            assert_eq!(shared.name, language.name());
            assert_eq!(language.0.player.command, shared.player.command);
        }
        assert_eq!(Language::GO.memory_allowance(), 768 << 20);
        assert_eq!(Language::C.memory_allowance(), 0);
    }

    #[test]
    fn tools_are_named_by_their_file_name() {
        let rust = &Language::RUST.0.tools;
        assert!(rust.named_by("rustc -O x.rs"));
        assert!(rust.named_by("/root/.cargo/bin/rustc -O x.rs"));
        assert!(rust.named_by("x86_64-linux-gnu-rustc x.rs"));
        assert!(!rust.named_by("gcc -O2 x.c"));
        assert!(!rust.named_by("gcc -o rustc.out x.c"));
    }
}
