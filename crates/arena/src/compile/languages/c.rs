//! C, built by gcc; modules find the task's `mis.h` beside them.

use super::{MIS_H, UNEXPORTED_HINT};
use crate::compile::language::{Definition, Recipe, Tools};
use crate::compile::Language;

impl Language {
    /// C (`.c`), built by gcc.
    pub const C: Language = Language(&DEFINITION);
}

const DEFINITION: Definition = Definition {
    name: "c",
    title: "C",
    aliases: &[],
    extensions: &["c"],
    compiler: "gcc",
    version_args: &["--version"],
    package: "gcc",
    player: Recipe::program("gcc -std=gnu11 -O2 -pipe -o {output} {source} -lm"),
    module: Some(Recipe::module(
        "gcc -std=gnu11 -O2 -pipe -shared -fPIC -o {output} {source} -lm",
        &[MIS_H],
        UNEXPORTED_HINT,
    )),
    stem_allowed: None,
    banner_lines: &[],
    tools: Tools::PLAIN,
};
