//! The kits build as the judge does: every build line of the kits' READMEs, of `duel kit
//! --help` and of the drivers' comments is the judge's build command for that language
//! (`-lm` included), with the judge's own placement options left out, so a source the judge
//! accepts links in the kit too.

use duel_arena::compile::{default_command, Language, Target};
use duel_test_support::duel;
use std::path::Path;
use std::process::Command;

/// The kit's line that builds `output` from `sources` in `language`: the judge's command for
/// `target` without the words only the judge needs, as the language's definition lists them
/// (a quiet compiler, the judge's flush unit and build directories, a library's options).
pub fn kit_line(language: Language, target: Target, output: &str, sources: &str) -> String {
    let definition = language.definition();
    let build = match target {
        Target::Player => &definition.player,
        Target::Module => definition.module.as_ref().expect("a language of modules"),
    };
    // The definition's command is the one the judge runs.
    assert_eq!(build.command, default_command(language, target));
    let line = build.kit_line(output, sources);
    let judges = build
        .command
        .replace("{output}", output)
        .replace("{source}", sources);
    let mut rest = judges.split_whitespace();
    for word in line.split_whitespace() {
        assert!(
            rest.any(|judge| judge == word),
            "`{line}` is not the judge's `{}` less some words",
            build.command
        );
    }
    line
}

/// The kits' build lines: the Ioiwari players and the MIS drivers, as `(language, line)`;
/// `exe` adds Windows' `.exe` to the program's name.
pub fn kit_lines(exe: bool) -> Vec<(Language, String)> {
    let suffix = if exe { ".exe" } else { "" };
    let player = format!("player{suffix}");
    let graj = format!("graj{suffix}");
    vec![
        (
            Language::C,
            kit_line(Language::C, Target::Player, &player, "player.c"),
        ),
        (
            Language::CPP,
            kit_line(Language::CPP, Target::Player, &player, "player.cpp"),
        ),
        (
            Language::PASCAL,
            kit_line(Language::PASCAL, Target::Player, &player, "player.pas"),
        ),
        (
            Language::C,
            kit_line(Language::C, Target::Module, &graj, "graj.c mis.c"),
        ),
        (
            Language::CPP,
            kit_line(Language::CPP, Target::Module, &graj, "graj.cpp mis.cpp"),
        ),
        (
            Language::PASCAL,
            kit_line(Language::PASCAL, Target::Module, &graj, "graj.pas"),
        ),
    ]
}

/// Every compiler call in `text`: the pieces of its lines, cut at `&&`, `(`, `)`, `|` and
/// backticks, that start with gcc, g++ or fpc; runs of spaces count as one.
fn compiler_calls(text: &str) -> Vec<String> {
    text.lines()
        .flat_map(|line| {
            let line = line.split('#').next().unwrap_or_default();
            line.split(['(', ')', '`', '|'])
                .flat_map(|piece| piece.split("&&"))
                .map(|piece| piece.split_whitespace().collect::<Vec<_>>().join(" "))
                .filter(|piece| {
                    ["gcc ", "g++ ", "fpc "]
                        .iter()
                        .any(|c| piece.starts_with(c))
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Checks that every compiler call of `text` is a kit line and returns the calls.
fn only_kit_lines(name: &str, text: &str) -> Vec<String> {
    let allowed: Vec<String> = [kit_lines(false), kit_lines(true)]
        .concat()
        .into_iter()
        .map(|(_, line)| line)
        .collect();
    let calls = compiler_calls(text);
    for call in &calls {
        assert!(
            allowed.contains(call),
            "{name}: `{call}` is not the judge's command; expected one of {allowed:#?}"
        );
    }
    calls
}

#[test]
fn every_build_line_of_the_kits_is_the_judges_command() {
    let mut seen = Vec::new();
    for file in duel_kit::mis_kit()
        .into_iter()
        .chain(duel_kit::ioiwari_kit())
    {
        let name = file.path.as_str();
        let checked = name.ends_with(".md")
            || name.ends_with("graj.c")
            || name.ends_with("graj.cpp")
            || name.ends_with("graj.pas");
        if checked {
            seen.extend(only_kit_lines(
                name,
                &String::from_utf8(file.contents).unwrap(),
            ));
        }
    }
    for kit in ["mis", "ioiwari"] {
        let help = duel!().args(["kit", kit, "--help"]).output().unwrap();
        let help = String::from_utf8(help.stdout).unwrap();
        seen.extend(only_kit_lines(&format!("duel kit {kit} --help"), &help));
    }
    // Each kit line is shown somewhere, for Linux and for Windows.
    for (_, line) in [kit_lines(false), kit_lines(true)].concat() {
        assert!(seen.contains(&line), "no kit shows `{line}`");
    }
    // The C lines carry the judge's -lm.
    assert!(kit_lines(false)
        .iter()
        .filter(|(language, _)| *language == Language::C)
        .all(|(_, line)| line.ends_with(" -lm")));
}

#[test]
fn a_made_up_build_line_is_caught() {
    let text = "(cd mis_c && gcc -O2 -o graj graj.c mis.c && ./graj 7 2 3)";
    assert_eq!(compiler_calls(text), ["gcc -O2 -o graj graj.c mis.c"]);
    let caught = std::panic::catch_unwind(|| only_kit_lines("made up", text));
    assert!(caught.is_err(), "a line without -lm passed");
}

/// A module that needs the maths library (`cbrtl`, which gcc does not build in): it takes one
/// stick a turn, as the skeleton does.
const NEEDS_LIBM: &str = "#include <math.h>\n#include \"mis.h\"\n\
static volatile long double eight = 8.0L;\n\
void poczatek(int p, int e, int peb) { (void)p; (void)e; (void)peb; }\n\
void ruch_bolka(int p, int e, int *bp, int *be) {\n\
    int one = (int)cbrtl(eight) - 1;\n\
    if (p > 0) { *bp = one; *be = 0; } else { *bp = 0; *be = one; }\n\
    (void)e;\n\
}\n";

#[test]
fn a_module_the_judge_accepts_links_in_the_kit() {
    let dir = tempfile::tempdir().unwrap();
    duel_kit::write_mis(dir.path(), false).unwrap();
    let c = dir.path().join("mis/mis_c");
    std::fs::write(c.join("mis.c"), NEEDS_LIBM).unwrap();
    // The judge builds and plays it...
    let judged = duel!()
        .args(["mis", "judge", "--module", "mis.c", "--json"])
        .current_dir(&c)
        .output()
        .unwrap();
    assert!(
        judged.status.success(),
        "{}",
        String::from_utf8_lossy(&judged.stderr)
    );
    // ...and so does the kit, with its README's line.
    let line = kit_line(Language::C, Target::Module, "graj", "graj.c mis.c");
    let built = Command::new("sh")
        .args(["-c", &line])
        .current_dir(&c)
        .output()
        .unwrap();
    assert!(
        built.status.success(),
        "{line}: {}",
        String::from_utf8_lossy(&built.stderr)
    );
    let played = Command::new(c.join("graj"))
        .args(["7", "2", "3"])
        .output()
        .unwrap();
    let printed = String::from_utf8(played.stdout).unwrap();
    assert!(
        printed.ends_with("result: win after 9 moves\n"),
        "{printed}"
    );
    // Without -lm (the kit's line before) the same module does not link.
    let old = Command::new("gcc")
        .args(["-O2", "-o", "graj-old", "graj.c", "mis.c"])
        .current_dir(&c)
        .output()
        .unwrap();
    assert!(
        !old.status.success(),
        "linked without -lm: the test proves nothing"
    );
    assert!(!Path::new(&c.join("graj-old")).exists());
}

/// The units a kit's Pascal source may use: Free Pascal's own on every system, and the task's.
const PORTABLE_UNITS: [&str; 3] = ["sysutils", "mis", "math"];

/// The units named by the `uses` clauses of a Pascal source (comments left out), lower case.
fn used_units(source: &str) -> Vec<String> {
    let mut code = String::new();
    let mut depth = 0;
    for c in source.chars() {
        match c {
            '{' => depth += 1,
            '}' if depth > 0 => depth -= 1,
            _ if depth == 0 => code.push(c),
            _ => {}
        }
    }
    let lower = code.to_ascii_lowercase();
    lower
        .split("uses")
        .skip(1)
        .flat_map(|clause| {
            clause
                .split(';')
                .next()
                .unwrap_or_default()
                .split(',')
                .map(|unit| unit.trim().to_owned())
                .collect::<Vec<_>>()
        })
        .collect()
}

#[test]
fn the_kits_pascal_sources_use_nothing_linux_specific() {
    // Debian has no Free Pascal units for Windows, so the sources are read, not built, for it:
    // only portable units, and no directive that picks a system.
    assert_eq!(
        used_units("{ uses Unix; }\nuses SysUtils,\n  BaseUnix;"),
        ["sysutils", "baseunix"]
    );
    let mut pascal = 0;
    for file in duel_kit::mis_kit()
        .into_iter()
        .chain(duel_kit::ioiwari_kit())
    {
        if !file.path.ends_with(".pas") {
            continue;
        }
        pascal += 1;
        let source = String::from_utf8(file.contents).unwrap();
        for unit in used_units(&source) {
            assert!(
                PORTABLE_UNITS.contains(&unit.as_str()),
                "{}: uses {unit}",
                file.path
            );
        }
        let lower = source.to_ascii_lowercase();
        for directive in ["{$ifdef", "{$if ", "{$linklib", "{$l ", "{$define"] {
            assert!(!lower.contains(directive), "{}: {directive}", file.path);
        }
    }
    assert_eq!(pascal, 3, "mis.pas, graj.pas and player.pas");
}
