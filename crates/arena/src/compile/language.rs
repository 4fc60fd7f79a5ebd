//! What the judge does with a language's handle ([`Language`], defined with the judge's part of
//! a language in `definition.rs`, below this file and the languages' own files): its names,
//! extensions, compiler and commands read from its [`duel_languages::Language`] (the data the
//! export, the kits and the README read too), and its build recipe joined with the part its
//! file under `languages/` adds (a [`Definition`]: the files written beside the copy, the
//! compiler's environment); nothing outside those files names a language.

use super::definition::{Definition, Setup};
use std::fmt;
use std::path::Path;
use std::str::FromStr;

pub use super::definition::Language;

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
