//! The languages a submission may be written in, told apart by the file's extension.

use std::fmt;
use std::path::Path;
use std::str::FromStr;

/// A language the judge can build (or, for Python, check and run).
///
/// ```
/// use duel_arena::compile::Language;
/// assert_eq!(Language::from_path("bolek.cc".as_ref()), Some(Language::Cpp));
/// assert_eq!(Language::from_path("player.pp".as_ref()), Some(Language::Pascal));
/// assert_eq!(Language::from_path("a.out".as_ref()), None);
/// assert_eq!("c++".parse::<Language>(), Ok(Language::Cpp));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Language {
    /// C (`.c`), built by gcc.
    C,
    /// C++ (`.cpp`, `.cc`, `.cxx`), built by g++.
    Cpp,
    /// Pascal (`.pas`, `.pp`), built by Free Pascal.
    Pascal,
    /// Python 3 (`.py`), checked for syntax errors and run by python3.
    Python,
    /// Rust (`.rs`), built by rustc.
    Rust,
}

impl Language {
    /// Every language, in the order the documentation lists them.
    pub const ALL: [Language; 5] = [
        Language::C,
        Language::Cpp,
        Language::Pascal,
        Language::Python,
        Language::Rust,
    ];

    /// The language of a source file, from its extension (case-insensitive).
    pub fn from_path(path: &Path) -> Option<Language> {
        let extension = path.extension()?.to_str()?.to_ascii_lowercase();
        Some(match extension.as_str() {
            "c" => Language::C,
            "cpp" | "cc" | "cxx" => Language::Cpp,
            "pas" | "pp" => Language::Pascal,
            "py" => Language::Python,
            "rs" => Language::Rust,
            _ => return None,
        })
    }

    /// The short name used in reports and in `--compile LANG=COMMAND`: `c`, `cpp`, `pascal`,
    /// `python`, `rust`.
    pub fn name(self) -> &'static str {
        match self {
            Language::C => "c",
            Language::Cpp => "cpp",
            Language::Pascal => "pascal",
            Language::Python => "python",
            Language::Rust => "rust",
        }
    }

    /// The program that builds (or runs) it.
    pub fn compiler(self) -> &'static str {
        match self {
            Language::C => "gcc",
            Language::Cpp => "g++",
            Language::Pascal => "fpc",
            Language::Python => "python3",
            Language::Rust => "rustc",
        }
    }

    /// The Debian package that installs [`compiler`](Self::compiler).
    pub fn package(self) -> &'static str {
        match self {
            Language::C => "gcc",
            Language::Cpp => "g++",
            Language::Pascal => "fp-compiler",
            Language::Python => "python3",
            Language::Rust => "rustc",
        }
    }

    /// Whether Pooh-Eeyore-sticks modules may be written in it (C, C++ and Pascal, as in the
    /// task).
    pub fn builds_modules(self) -> bool {
        matches!(self, Language::C | Language::Cpp | Language::Pascal)
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
        Ok(match text.to_ascii_lowercase().as_str() {
            "c" => Language::C,
            "cpp" | "c++" | "cc" | "cxx" => Language::Cpp,
            "pascal" | "pas" | "pp" | "fpc" => Language::Pascal,
            "python" | "python3" | "py" => Language::Python,
            "rust" | "rs" => Language::Rust,
            _ => {
                return Err(format!(
                    "unknown language {text:?} (known: c, cpp, pascal, python, rust)"
                ))
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_extension_of_the_task_is_known() {
        for (file, language) in [
            ("a.c", Language::C),
            ("a.cpp", Language::Cpp),
            ("a.CC", Language::Cpp),
            ("a.cxx", Language::Cpp),
            ("mis.pas", Language::Pascal),
            ("a.pp", Language::Pascal),
            ("p.py", Language::Python),
            ("main.rs", Language::Rust),
        ] {
            assert_eq!(Language::from_path(file.as_ref()), Some(language), "{file}");
        }
        for file in ["a", "a.so", "a.h", ".c", "a.java"] {
            assert_eq!(Language::from_path(file.as_ref()), None, "{file}");
        }
    }

    #[test]
    fn names_parse_back() {
        for language in Language::ALL {
            assert_eq!(language.name().parse::<Language>(), Ok(language));
        }
        assert!("cobol".parse::<Language>().is_err());
    }
}
