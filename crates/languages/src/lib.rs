//! The languages duel judges, each one [`Language`] definition: its names and extensions, its
//! compiler and the Debian package that installs it, the judge's build commands (and which of
//! their words only the judge needs, so that a kit's build line is the judge's command
//! without them), the address space its runtime needs beyond a task's memory limit, a
//! self-test program, and what contest systems call it.
//!
//! This crate is data only (no I/O, no system calls; it builds wherever Rust does): the judge
//! (`duel-arena`, which adds what only a build on Linux needs: the files it writes beside a
//! copy, the environment of each compiler), the contest-system export, the contestant kits,
//! the tests and the README's table all read these definitions. Adding a language is one
//! constant here, its [`Id`] and its place in [`ALL`], then its judge file in `duel-arena`
//! (whose match on [`Id`] the compiler holds complete).
//!
//! ```
//! let cpp = duel_languages::from_file_name("bolek.CC").unwrap();
//! assert_eq!(cpp.name, "cpp");
//! assert_eq!(cpp.player.kit_line("player", "player.cpp"), "g++ -std=gnu++17 -O2 -pipe -o player player.cpp");
//! assert_eq!(duel_languages::by_name("golang").unwrap().package, "golang-go");
//! ```

#![forbid(unsafe_code)]

mod all;
mod readme;

pub use all::{ALL, C, CPP, GO, PASCAL, PYTHON, RUST};
pub use readme::readme_table;

/// One language, as the judge builds and runs it and as contest systems name it.
#[derive(Debug)]
pub struct Language {
    /// Which language it is, for code that keeps something of its own for each language
    /// (the judge's build directories, environments and files) and must not miss one: a
    /// `match` on it is checked complete by the compiler.
    pub id: Id,
    /// The short name of reports and of `--compile LANG=COMMAND` (`cpp`).
    pub name: &'static str,
    /// The name people write (`C++`), in messages and tables.
    pub title: &'static str,
    /// Other names `--compile` accepts (`c++`, `cc`...).
    pub aliases: &'static [&'static str],
    /// File extensions, lower case, without the dot; the first is the one a copy takes when
    /// the contestant's name cannot be kept.
    pub extensions: &'static [&'static str],
    /// The program that builds (or runs) it.
    pub compiler: &'static str,
    /// The arguments that make [`compiler`](Self::compiler) print its version and exit 0.
    pub version_args: &'static [&'static str],
    /// The Debian package that installs [`compiler`](Self::compiler).
    pub package: &'static str,
    /// How the judge builds a player (an Ioiwari player 1, a line-protocol Bolek).
    pub player: Build,
    /// How the judge builds a Pooh-Eeyore-sticks module, when the task allows the language
    /// one (C, C++ and Pascal).
    pub module: Option<Build>,
    /// Lines of the compiler's output that are no error even when nothing else is (Go's
    /// `# command-line-arguments`), as prefixes.
    pub banner_lines: &'static [&'static str],
    /// The programs of its toolchain (a compile command naming one of them, or one ending
    /// with `-` and its name, gets this toolchain's environment in the judge).
    pub tool_programs: &'static [&'static str],
    /// Bytes of address space its runtime reserves whatever the program uses, added to a
    /// run's memory limit where the limit is the address space (`RLIMIT_AS`, when no cgroup
    /// counts the pages used): Go's runtime reserves several hundred megabytes at start (its
    /// page allocator's summaries) and dies at once below about 700 MiB ("failed to reserve
    /// page summary memory"), whatever the task's limit. Under a cgroup only the pages used
    /// count and the allowance is not given. DMOJ's executors call it `address_grace`.
    pub memory_allowance: u64,
    /// A program that must build, run and print [`SELF_TEST_LINE`]: `duel doctor` runs it
    /// through the judge's own toolchain, so a missing or broken compiler shows before a
    /// contest, not as a `compile_error`.
    pub self_test: SelfTest,
    /// What contest systems call it.
    pub systems: Systems,
}

/// Which language a [`Language`] is: one variant for each of [`ALL`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Id {
    /// [`C`].
    C,
    /// [`CPP`].
    Cpp,
    /// [`PASCAL`].
    Pascal,
    /// [`PYTHON`].
    Python,
    /// [`RUST`].
    Rust,
    /// [`GO`].
    Go,
}

/// How the judge builds a source for one target.
#[derive(Debug)]
pub struct Build {
    /// The judge's command. Placeholders, replaced by shell-quoted paths: `{source}` the
    /// source's copy, `{output}` the file to produce, `{dir}` the build directory (also the
    /// working directory). It runs with `sh -c`.
    pub command: &'static str,
    /// Words of [`command`](Self::command) that only the judge needs (a library's
    /// `-shared -fPIC`, Free Pascal's quiet and directory options, the flush unit the judge
    /// writes beside a Pascal player): the kit's build line is the command without them.
    pub judge_only: &'static [&'static str],
    /// How the help shows the command.
    pub shown: Shown,
    /// Its cell in the README's table of languages: `{command}` stands for the command.
    pub readme: &'static str,
}

/// How the help and the README show a [`Build`]'s command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shown {
    /// The command itself.
    Command,
    /// A note, then the command: `unit mis, wrapped: fpc ...`.
    Noted(&'static str),
    /// Something else in its place (Python's `python3 {source}`, the command that runs it).
    Instead(&'static str),
}

/// The line every self-test program prints.
pub const SELF_TEST_LINE: &str = "duel self-test: hello";

/// A program that prints [`SELF_TEST_LINE`] and exits 0.
#[derive(Debug)]
pub struct SelfTest {
    /// Its file name (a name the judge keeps as written).
    pub file: &'static str,
    /// Its source.
    pub source: &'static str,
    /// The line it prints ([`SELF_TEST_LINE`]).
    pub prints: &'static str,
}

/// A language's names in contest systems' packages; `None` where duel's package of that
/// system has no submission in it.
#[derive(Debug)]
pub struct Systems {
    /// The executor of DMOJ's self-tests (`CPP17`). Python has none: DMOJ needs a Python
    /// runtime configured in the judge (the DMOJ README says so).
    pub dmoj: Option<&'static str>,
    /// The language code of the Kattis and ICPC problem package formats, which names the
    /// `include/` directories (`cpp`, `pascal`).
    pub kattis: &'static str,
    /// Polygon's source type (`cpp.g++17`).
    pub polygon: Option<&'static str>,
    /// The CMS language of its stubs (`C++17 / g++`).
    pub cms: Option<&'static str>,
}

impl Build {
    /// The command with the judge's words left out, as a contestant runs it: `output` the
    /// program to write, `sources` the files to build (already as the shell should see them).
    ///
    /// ```
    /// let module = duel_languages::C.module.as_ref().unwrap();
    /// assert_eq!(
    ///     module.kit_line("graj", "graj.c mis.c"),
    ///     "gcc -std=gnu11 -O2 -pipe -o graj graj.c mis.c -lm"
    /// );
    /// ```
    pub fn kit_line(&self, output: &str, sources: &str) -> String {
        let words: Vec<&str> = self
            .command
            .split_whitespace()
            .filter(|word| !self.judge_only.contains(word))
            .collect();
        words
            .join(" ")
            .replace("{output}", output)
            .replace("{source}", sources)
    }

    /// How the help shows the command (Python's is the command that runs it; a Pascal
    /// module's says it is wrapped).
    pub fn shown_command(&self) -> String {
        match self.shown {
            Shown::Command => self.command.to_owned(),
            Shown::Noted(note) => format!("{note}: {}", self.command),
            Shown::Instead(text) => text.to_owned(),
        }
    }
}

impl Language {
    /// Whether `file` (a name or a path) has one of its extensions, in any case.
    pub fn has_extension_of(&self, file: &str) -> bool {
        let name = file.rsplit(['/', '\\']).next().unwrap_or(file);
        match name.rsplit_once('.') {
            Some((stem, extension)) if !stem.is_empty() => self
                .extensions
                .iter()
                .any(|known| known.eq_ignore_ascii_case(extension)),
            _ => false,
        }
    }
}

/// The language of a file, from its extension (case-insensitive).
pub fn from_file_name(file: &str) -> Option<&'static Language> {
    ALL.iter()
        .copied()
        .find(|language| language.has_extension_of(file))
}

/// The language of a [`name`](Language::name) or alias (case-insensitive).
pub fn by_name(text: &str) -> Option<&'static Language> {
    let lower = text.to_ascii_lowercase();
    ALL.iter()
        .copied()
        .find(|language| language.name == lower || language.aliases.contains(&&*lower))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_extensions_are_defined_once() {
        let mut seen = std::collections::BTreeSet::new();
        let mut ids = std::collections::BTreeSet::new();
        for language in ALL {
            assert!(
                ids.insert(language.id),
                "{:?} is defined twice",
                language.id
            );
            let names = std::iter::once(&language.name).chain(language.aliases);
            for word in names
                .map(|name| format!("name {name}"))
                .chain(language.extensions.iter().map(|e| format!("extension {e}")))
            {
                assert!(seen.insert(word.clone()), "{word} is defined twice");
            }
            for extension in language.extensions {
                assert_eq!(*extension, extension.to_ascii_lowercase());
            }
            assert!(!language.version_args.is_empty(), "{}", language.name);
        }
    }

    #[test]
    fn files_are_known_by_extension() {
        assert_eq!(from_file_name("a.CXX").map(|l| l.name), Some("cpp"));
        assert_eq!(
            from_file_name("dir.c/mis.pp").map(|l| l.name),
            Some("pascal")
        );
        for file in ["a", ".c", "a.h", "a.so", "x/.go"] {
            assert!(from_file_name(file).is_none(), "{file}");
        }
    }

    /// gcc reads a source's language from its suffix as written (`.C` is C++, `.CC` is no
    /// source at all); the judge reads it from the extension in any case. So the judge's C
    /// and C++ commands name the language right before the source, and the kits' lines (their
    /// files named as gcc reads them) leave that out.
    #[test]
    fn gcc_is_told_the_language_the_judge_read_from_the_extension() {
        for (language, option) in [(&C, "-xc"), (&CPP, "-xc++")] {
            for build in std::iter::once(&language.player).chain(&language.module) {
                let words: Vec<&str> = build.command.split_whitespace().collect();
                let source = words.iter().position(|word| *word == "{source}").unwrap();
                assert_eq!(words[source - 1], option, "{}", build.command);
                assert!(
                    !build.kit_line("a", "a.c").contains(option),
                    "{}",
                    language.name
                );
            }
        }
        for name in ["PLAYER.C", "player.c", "Mis.c"] {
            assert_eq!(from_file_name(name).map(|l| l.name), Some("c"), "{name}");
        }
        for name in ["BOLEK.CC", "a.CPP", "a.Cxx"] {
            assert_eq!(from_file_name(name).map(|l| l.name), Some("cpp"), "{name}");
        }
    }

    #[test]
    fn judge_only_words_are_words_of_the_command() {
        for language in ALL {
            for build in std::iter::once(&language.player).chain(&language.module) {
                let words: Vec<&str> = build.command.split_whitespace().collect();
                for word in build.judge_only {
                    assert!(words.contains(word), "{}: {word}", language.name);
                }
            }
        }
    }

    #[test]
    fn every_self_test_is_a_file_of_its_language_printing_the_line() {
        for language in ALL {
            let test = &language.self_test;
            assert_eq!(
                from_file_name(test.file).map(|l| l.name),
                Some(language.name)
            );
            assert_eq!(test.prints, SELF_TEST_LINE);
            assert!(test.source.contains(SELF_TEST_LINE), "{}", language.name);
        }
    }

    #[test]
    fn only_go_needs_address_space_beyond_the_limit() {
        for language in ALL {
            let expected = if language.name == "go" { 768 << 20 } else { 0 };
            assert_eq!(language.memory_allowance, expected, "{}", language.name);
        }
    }
}
