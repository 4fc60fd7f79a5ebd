//! Python 3: nothing to build; the source is checked for syntax errors (without writing a
//! `.pyc`) and the copy is run by `python3`.

use crate::compile::language::{ArtifactKind, Definition, Recipe, Shown, Tools};
use crate::compile::Language;

impl Language {
    /// Python 3 (`.py`), checked for syntax errors and run by python3.
    pub const PYTHON: Language = Language(&DEFINITION);
}

/// The check compiles the source without writing anything; the command is the same for every
/// target (a module is refused before).
const CHECK: Recipe = Recipe {
    shown: Shown::Instead("python3 {source}"),
    artifact: ArtifactKind::Script,
    ..Recipe::program("python3 -c \"import sys; compile(open(sys.argv[1], 'rb').read(), sys.argv[1], 'exec')\" {source}")
};

const DEFINITION: Definition = Definition {
    name: "python",
    title: "Python",
    aliases: &["python3", "py"],
    extensions: &["py"],
    compiler: "python3",
    version_args: &["--version"],
    package: "python3",
    player: CHECK,
    module: None,
    stem_allowed: None,
    banner_lines: &[],
    tools: Tools::PLAIN,
};
