//! The shared base of every language: [`Language`], the handle the rest of the judge holds,
//! and what the judge adds to a language. Each language is one [`duel_languages::Language`]
//! (its names, compiler, commands, memory allowance, self-test: the data the export, the kits
//! and the README read too), which the handle reads directly, and its file under `languages/`
//! adds what only the judge needs (a [`Definition`]: the files written beside the copy, the
//! compiler's environment); nothing outside those files names a language.

use std::ffi::OsString;
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// A language the judge can build (or, for Python, check and run): a handle on its shared
/// definition, to which the judge adds its own part (its file under `languages/`). Two handles
/// are equal when they name the same language.
///
/// ```
/// use duel_arena::compile::Language;
/// assert_eq!(Language::from_path("bolek.cc".as_ref()), Some(Language::CPP));
/// assert_eq!(Language::from_path("player.pp".as_ref()), Some(Language::PASCAL));
/// assert_eq!(Language::from_path("a.out".as_ref()), None);
/// assert_eq!("c++".parse::<Language>(), Ok(Language::CPP));
/// ```
#[derive(Clone, Copy)]
pub struct Language(pub(in crate::compile) &'static duel_languages::Language);

/// What only the judge needs of one language, beside its shared definition (names, compiler,
/// commands...): the files written beside a copy, what a build gives, which stems keep their
/// name, the compiler's environment. Each language's file under `languages/` defines one.
pub(crate) struct Definition {
    /// The judge's part of a player's build.
    pub(crate) player: Setup,
    /// The judge's part of a Pooh-Eeyore-sticks module's build, used when the shared
    /// definition has a module build.
    pub(crate) module: Setup,
    /// Whether a file's stem (its name without the extension) can be built under its own
    /// name; `None` takes every stem.
    pub(crate) stem_allowed: Option<fn(&str) -> bool>,
    /// What this language's compiler needs beyond the fixed environment, when a compile
    /// command names one of its tools.
    pub(crate) tools: Tools,
}

/// How a source becomes something to run, for one target: the shared definition's build (its
/// command, how the help shows it) and the judge's part of it.
#[derive(Clone, Copy)]
pub(crate) struct Recipe {
    /// The build of the shared definition: the default compile command (see
    /// [`default_command`](super::default_command) for the placeholders) and how the help
    /// and the README show it.
    pub(crate) build: &'static duel_languages::Build,
    /// What the judge adds.
    pub(crate) setup: &'static Setup,
}

/// The judge's part of a build, for one target.
pub(crate) struct Setup {
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

impl Setup {
    /// A program built from the copy, with nothing beside it.
    pub(crate) const PROGRAM: Setup = Setup {
        copy_name: None,
        entry: None,
        files: &[],
        artifact: ArtifactKind::Executable,
        unexported_hint: "",
    };

    /// A module built from the copy, with the judge's `files` beside it.
    pub(crate) const fn module(
        files: &'static [(&'static str, &'static str)],
        unexported_hint: &'static str,
    ) -> Setup {
        Setup {
            files,
            artifact: ArtifactKind::Library,
            unexported_hint,
            ..Setup::PROGRAM
        }
    }
}

/// What a build gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ArtifactKind {
    /// A program, `player` in the build directory.
    Executable,
    /// The copy itself, run by the language's [`compiler`](Language::compiler).
    Script,
    /// A shared library, `libmodule.so` in the build directory.
    Library,
}

/// What a compiler needs beyond the fixed environment, when a compile command names one of
/// its toolchain's programs (the shared definition's
/// [`tool_programs`](duel_languages::Language::tool_programs)).
pub(crate) struct Tools {
    /// Variables to set, given the build directory.
    pub(crate) env: fn(&Path) -> Vec<(String, OsString)>,
    /// Files and directories it must see under bubblewrap beyond its own installation.
    pub(crate) paths: fn() -> Vec<PathBuf>,
}

impl Tools {
    /// A toolchain that needs nothing beyond the fixed environment.
    pub(crate) const PLAIN: Tools = Tools {
        env: |_| Vec::new(),
        paths: Vec::new,
    };
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
        self.0.memory_allowance
    }

    /// Its shared definition: what the judge, the export, the kits and the README read (its
    /// self-test program, its names in contest systems...).
    pub fn definition(self) -> &'static duel_languages::Language {
        self.0
    }

    /// What only the judge needs of it.
    pub(in crate::compile) fn judge(self) -> &'static Definition {
        super::languages::definition(self.0.id)
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
        Some(self.recipe(target)?.build.shown_command())
    }

    /// Its recipe for `target`, when it has one.
    pub(crate) fn recipe(self, target: super::Target) -> Option<Recipe> {
        let judge = self.judge();
        match target {
            super::Target::Player => Some(Recipe {
                build: &self.0.player,
                setup: &judge.player,
            }),
            super::Target::Module => self.0.module.as_ref().map(|build| Recipe {
                build,
                setup: &judge.module,
            }),
        }
    }

    /// Whether `command` runs one of its toolchain's programs: a word whose file name is one
    /// of them, or ends with `-` and one of them.
    pub(crate) fn names_a_tool_in(self, command: &str) -> bool {
        command.split_whitespace().any(|word| {
            let name = word.rsplit('/').next().unwrap_or(word);
            self.0.tool_programs.iter().any(|tool| {
                name == *tool
                    || name
                        .strip_suffix(tool)
                        .is_some_and(|rest| rest.ends_with('-'))
            })
        })
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

/// A name that is no language's name or alias, as given: its message lists the names.
///
/// ```
/// use duel_arena::compile::Language;
/// let error = "cobol".parse::<Language>().unwrap_err();
/// assert!(error.to_string().starts_with("unknown language \"cobol\" (known: c, cpp, "));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown language {0:?} (known: {known})", known = known_names())]
pub struct UnknownLanguage(pub String);

/// Every language's name, as a list for messages: `c, cpp, pascal, ...`.
fn known_names() -> String {
    let known: Vec<&str> = Language::ALL.iter().map(|l| l.name()).collect();
    known.join(", ")
}

impl FromStr for Language {
    type Err = UnknownLanguage;

    /// A language's [`name`](Language::name), or a usual alias (`c++`, `pas`, `py`, `rs`...).
    fn from_str(text: &str) -> Result<Language, UnknownLanguage> {
        let lower = text.to_ascii_lowercase();
        Language::ALL
            .iter()
            .copied()
            .find(|language| language.name() == lower || language.0.aliases.contains(&&*lower))
            .ok_or_else(|| UnknownLanguage(text.to_owned()))
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
        let error = "cobol".parse::<Language>().unwrap_err().to_string();
        assert!(
            error.starts_with("unknown language \"cobol\" (known: c, cpp, pascal, python, rust"),
            "{error}"
        );
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
    fn each_named_language_is_its_shared_definition() {
        for (language, shared) in [
            (Language::C, &duel_languages::C),
            (Language::CPP, &duel_languages::CPP),
            (Language::PASCAL, &duel_languages::PASCAL),
            (Language::PYTHON, &duel_languages::PYTHON),
            (Language::RUST, &duel_languages::RUST),
            (Language::GO, &duel_languages::GO),
        ] {
            assert_eq!(language.definition().id, shared.id);
            assert_eq!(language.name(), shared.name);
            assert!(Language::ALL.contains(&language), "{language}");
        }
        assert_eq!(Language::GO.memory_allowance(), 768 << 20);
        assert_eq!(Language::C.memory_allowance(), 0);
        let modules: Vec<Language> = Language::ALL
            .iter()
            .copied()
            .filter(|language| language.recipe(crate::compile::Target::Module).is_some())
            .collect();
        assert_eq!(modules, [Language::C, Language::CPP, Language::PASCAL]);
    }

    #[test]
    fn tools_are_named_by_their_file_name() {
        let rust = Language::RUST;
        assert!(rust.names_a_tool_in("rustc -O x.rs"));
        assert!(rust.names_a_tool_in("/root/.cargo/bin/rustc -O x.rs"));
        assert!(rust.names_a_tool_in("x86_64-linux-gnu-rustc x.rs"));
        assert!(!rust.names_a_tool_in("gcc -O2 x.c"));
        assert!(!rust.names_a_tool_in("gcc -o rustc.out x.c"));
    }
}
