//! The types below both the languages' handle (`language.rs`) and the languages' own files
//! (`languages/`): [`Language`] itself and what the judge adds to a language's shared
//! definition (a [`Definition`]), so that each of those files reads them from here and
//! neither reads the other's.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

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
