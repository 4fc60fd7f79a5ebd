//! The definitions, in the order the documentation lists them.

use crate::{Build, Id, Language, SelfTest, Shown, Systems, SELF_TEST_LINE};

/// Every language, in the order the documentation lists them.
pub const ALL: &[&Language] = &[&C, &CPP, &PASCAL, &PYTHON, &RUST, &GO];

/// A build whose help and README show its command as it is.
const fn plain(command: &'static str, judge_only: &'static [&'static str]) -> Build {
    Build {
        command,
        judge_only,
        shown: Shown::Command,
        readme: "`{command}`",
    }
}

/// gcc's option naming the language of the source after it, C: the judge reads a file's
/// language from its extension in any case, and gcc from its suffix as written (`PLAYER.C`
/// is C++ to gcc, `bolek.CC` a linker script), so the judge tells gcc what it read. A kit's
/// files are named as gcc reads them, and its build lines leave the option out.
const AS_C: &str = "-xc";

/// gcc's option naming the language of the source after it, C++ (see [`AS_C`]).
const AS_CPP: &str = "-xc++";

/// What makes a build a shared library, which a kit (building a program with its driver)
/// leaves out, and the C option ([`AS_C`]).
const C_LIBRARY: &[&str] = &["-shared", "-fPIC", AS_C];

/// What makes a build a shared library, which a kit (building a program with its driver)
/// leaves out, and the C++ option ([`AS_CPP`]).
const CPP_LIBRARY: &[&str] = &["-shared", "-fPIC", AS_CPP];

/// C (`.c`, in any case: `PLAYER.C` too, which gcc is told is C), built by gcc, with the
/// maths library (`floorl` links in the judge as in the kit).
pub const C: Language = Language {
    id: Id::C,
    name: "c",
    title: "C",
    aliases: &[],
    extensions: &["c"],
    compiler: "gcc",
    version_args: &["--version"],
    package: "gcc",
    player: plain(
        "gcc -std=gnu11 -O2 -pipe -o {output} -xc {source} -lm",
        &[AS_C],
    ),
    module: Some(plain(
        "gcc -std=gnu11 -O2 -pipe -shared -fPIC -o {output} -xc {source} -lm",
        C_LIBRARY,
    )),
    banner_lines: &[],
    tool_programs: &[],
    memory_allowance: 0,
    self_test: SelfTest {
        file: "selftest.c",
        source:
            "#include <stdio.h>\nint main(void) { puts(\"duel self-test: hello\"); return 0; }\n",
        prints: SELF_TEST_LINE,
    },
    systems: Systems {
        dmoj: Some("C"),
        kattis: "c",
        polygon: Some("c.gcc"),
        cms: Some("C11 / gcc"),
    },
};

/// C++ (`.cpp`, `.cc`, `.cxx`, in any case: g++ is told the language, see `AS_C`), built
/// by g++.
pub const CPP: Language = Language {
    id: Id::Cpp,
    name: "cpp",
    title: "C++",
    aliases: &["c++", "cc", "cxx"],
    extensions: &["cpp", "cc", "cxx"],
    compiler: "g++",
    version_args: &["--version"],
    package: "g++",
    player: plain(
        "g++ -std=gnu++17 -O2 -pipe -o {output} -xc++ {source}",
        &[AS_CPP],
    ),
    module: Some(plain(
        "g++ -std=gnu++17 -O2 -pipe -shared -fPIC -o {output} -xc++ {source}",
        CPP_LIBRARY,
    )),
    banner_lines: &[],
    tool_programs: &[],
    memory_allowance: 0,
    self_test: SelfTest {
        file: "selftest.cpp",
        source: "#include <iostream>\nint main() { std::cout << \"duel self-test: hello\" << std::endl; }\n",
        prints: SELF_TEST_LINE,
    },
    systems: Systems {
        dmoj: Some("CPP17"),
        kattis: "cpp",
        polygon: Some("cpp.g++17"),
        cms: Some("C++17 / g++"),
    },
};

/// Free Pascal's options that only the judge needs: quiet (`-l- -v0`), and the build
/// directory for units and the program.
const FPC_JUDGE: [&str; 5] = ["-l-", "-v0", "-Fu{dir}", "-FU{dir}", "-FE{dir}"];

/// Pascal (`.pas`, `.pp`), built by Free Pascal. A player is built as the contest systems build
/// it, so `Writeln` alone does not flush on a pipe (`crates/protocol/RULES.md` G2; the judge's
/// `--pascal-flush` adds its unit `duelflush`); a module is the statement's unit `mis`, wrapped
/// by the judge in a library (`-Cg`: position-independent).
pub const PASCAL: Language = Language {
    id: Id::Pascal,
    name: "pascal",
    title: "Pascal",
    aliases: &["pas", "pp", "fpc"],
    extensions: &["pas", "pp"],
    compiler: "fpc",
    version_args: &["-iV"],
    package: "fp-compiler",
    player: plain(
        "fpc -l- -v0 -O2 -Xs -Fu{dir} -FU{dir} -FE{dir} -o{output} {source}",
        &FPC_JUDGE,
    ),
    module: Some(Build {
        command: "fpc -l- -v0 -O2 -Cg -Fu{dir} -FU{dir} -FE{dir} -o{output} {source}",
        judge_only: &[
            FPC_JUDGE[0],
            FPC_JUDGE[1],
            "-Cg",
            FPC_JUDGE[2],
            FPC_JUDGE[3],
            FPC_JUDGE[4],
        ],
        shown: Shown::Noted("unit mis, wrapped"),
        readme: "the unit `mis`, wrapped in a library: `{command}`",
    }),
    banner_lines: &[],
    tool_programs: &["fpc"],
    memory_allowance: 0,
    self_test: SelfTest {
        file: "selftest.pas",
        source: "program selftest;\nbegin\n  Writeln('duel self-test: hello');\nend.\n",
        prints: SELF_TEST_LINE,
    },
    systems: Systems {
        dmoj: Some("PAS"),
        kattis: "pascal",
        polygon: Some("pas.fpc"),
        cms: Some("Pascal / fpc"),
    },
};

/// Python 3 (`.py`): nothing to build; the source is checked for syntax errors (without
/// writing a `.pyc`) and the copy is run by `python3`.
pub const PYTHON: Language = Language {
    id: Id::Python,
    name: "python",
    title: "Python 3",
    aliases: &["python3", "py"],
    extensions: &["py"],
    compiler: "python3",
    version_args: &["--version"],
    package: "python3",
    player: Build {
        command: "python3 -c \"import sys; compile(open(sys.argv[1], 'rb').read(), sys.argv[1], 'exec')\" {source}",
        judge_only: &[],
        shown: Shown::Instead("python3 {source}"),
        readme: "syntax checked, then run as `python3 {source}`",
    },
    module: None,
    banner_lines: &[],
    tool_programs: &[],
    memory_allowance: 0,
    self_test: SelfTest {
        file: "selftest.py",
        source: "print(\"duel self-test: hello\")\n",
        prints: SELF_TEST_LINE,
    },
    systems: Systems {
        dmoj: None,
        kattis: "python3",
        polygon: Some("python.3"),
        cms: Some("Python 3 / CPython"),
    },
};

/// Rust (`.rs`), built by rustc: one file, the standard library only.
pub const RUST: Language = Language {
    id: Id::Rust,
    name: "rust",
    title: "Rust",
    aliases: &["rs"],
    extensions: &["rs"],
    compiler: "rustc",
    version_args: &["--version"],
    package: "rustc",
    player: plain("rustc --edition 2021 -O -o {output} {source}", &[]),
    module: None,
    banner_lines: &[],
    tool_programs: &["rustc", "cargo"],
    memory_allowance: 0,
    self_test: SelfTest {
        file: "selftest.rs",
        source: "fn main() {\n    println!(\"duel self-test: hello\");\n}\n",
        prints: SELF_TEST_LINE,
    },
    systems: Systems {
        dmoj: Some("RUST"),
        kattis: "rust",
        polygon: Some("rust"),
        cms: Some("Rust"),
    },
};

/// Go (`.go`), built by `go build`: one file, the standard library only. Its runtime needs
/// [`memory_allowance`](Language::memory_allowance) under an address-space limit.
pub const GO: Language = Language {
    id: Id::Go,
    name: "go",
    title: "Go",
    aliases: &["golang"],
    extensions: &["go"],
    compiler: "go",
    version_args: &["version"],
    package: "golang-go",
    player: Build {
        command: "go build -o {output} {source}",
        judge_only: &[],
        shown: Shown::Command,
        readme: "`{command}`, with `HOME`, `GOCACHE` and `GOPATH` in the build directory, \
                 `CGO_ENABLED=0`, `GOPROXY=off`, `GOFLAGS=-mod=mod` (standard library only); \
                 Go's runtime reserves hundreds of MB of address space at start, so where the \
                 limit is `RLIMIT_AS` (no cgroup) the judge lets a Go source's player reserve \
                 768 MiB beyond `--memory-limit` (the memory it uses is still held to the limit); \
                 a Go program given as a command gets no allowance and needs \
                 `--memory-limit 1024` there",
    },
    module: None,
    // The go command names the package before its errors.
    banner_lines: &["# "],
    tool_programs: &["go"],
    memory_allowance: 768 << 20,
    self_test: SelfTest {
        file: "selftest.go",
        source: "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(\"duel self-test: hello\")\n}\n",
        prints: SELF_TEST_LINE,
    },
    systems: Systems {
        dmoj: Some("GO"),
        kattis: "go",
        polygon: Some("go"),
        cms: Some("Go"),
    },
};
