//! C++, built by g++; modules find the task's `mis.h` (and its `extern "C"`) beside them.

use super::MIS_H;
use crate::compile::language::{Definition, Recipe, Tools};
use crate::compile::Language;

impl Language {
    /// C++ (`.cpp`, `.cc`, `.cxx`), built by g++.
    pub const CPP: Language = Language(&DEFINITION);
}

const DEFINITION: Definition = Definition {
    name: "cpp",
    title: "C++",
    aliases: &["c++", "cc", "cxx"],
    extensions: &["cpp", "cc", "cxx"],
    compiler: "g++",
    version_args: &["--version"],
    package: "g++",
    player: Recipe::program("g++ -std=gnu++17 -O2 -pipe -o {output} {source}"),
    module: Some(Recipe::module(
        "g++ -std=gnu++17 -O2 -pipe -shared -fPIC -o {output} {source}",
        &[MIS_H],
        "C++ gives it a mangled name unless it is declared extern \"C\" (include \"mis.h\")",
    )),
    stem_allowed: None,
    banner_lines: &[],
    tools: Tools::PLAIN,
};
