//! Every package's statement tells Pascal contestants to flush (the one difference from duel's
//! own judge a contestant must act on), in every language, and the CMS PDFs, typeset by
//! LuaLaTeX, hold every letter of their source (read back with `pdftotext`); with
//! `SOURCE_DATE_EPOCH` set, the typeset PDFs are the same bytes whatever the directory.

use crate::support::export::*;
use duel_export::statement::{self, Locale};
use duel_export::{Format, Task};
use duel_test_support::duel;
use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use std::process::Command;

/// The statements of a package in memory: every `.tex` or `.md` file whose path names a
/// statement.
fn statement_texts(format: Format, task: Task) -> Vec<(String, String)> {
    duel_export::package(format, task)
        .files
        .iter()
        .filter(|file| file.path.contains("statement"))
        .filter(|file| file.path.ends_with(".tex") || file.path.ends_with(".md"))
        .map(|file| {
            let text = String::from_utf8(file.contents.clone()).unwrap();
            (file.path.clone(), text)
        })
        .collect()
}

#[test]
fn every_ioiwari_statement_tells_pascal_contestants_to_flush() {
    for format in [Format::Kattis, Format::Dmoj, Format::Cms] {
        let texts = statement_texts(format, Task::Ioiwari);
        let languages: Vec<&str> = texts
            .iter()
            .map(|(path, _)| path.rsplit('.').nth(1).unwrap())
            .collect();
        assert_eq!(languages, ["en", "vi", "pl"], "{format}");
        for (path, text) in &texts {
            // The Pascal line of the flush list, with both calls on it.
            let line = text
                .lines()
                .find(|line| line.contains("Pascal:"))
                .unwrap_or_else(|| panic!("{format} {path}: no Pascal line"));
            assert!(
                line.contains("Writeln(pit); Flush(Output);"),
                "{format} {path}: {line}"
            );
            // And why: the 2001 statement said Writeln was enough.
            assert!(text.contains("2001"), "{format} {path}");
            for other in ["fflush(stdout)", "std::endl", "flush=True"] {
                assert!(text.contains(other), "{format} {path}: {other}");
            }
        }
    }
}

/// Letters of `text` with their counts; `$math$` spans are left out.
fn letters(text: &str) -> BTreeMap<char, usize> {
    let mut counts = BTreeMap::new();
    let mut in_math = false;
    for c in text.chars() {
        if c == '$' {
            in_math = !in_math;
        } else if !in_math && c.is_alphabetic() {
            *counts.entry(c).or_insert(0) += 1;
        }
    }
    counts
}

/// pdftotext's text with ligatures spelled out.
fn pdf_text(pdf: &std::path::Path, pdftotext: &std::path::Path) -> String {
    let output = Command::new(pdftotext)
        .arg(pdf)
        .arg("-")
        .output()
        .expect("pdftotext runs");
    assert!(output.status.success(), "pdftotext failed on {pdf:?}");
    String::from_utf8(output.stdout)
        .unwrap()
        .replace('\u{FB00}', "ff")
        .replace('\u{FB01}', "fi")
        .replace('\u{FB02}', "fl")
        .replace('\u{FB03}', "ffi")
        .replace('\u{FB04}', "ffl")
}

#[test]
fn cms_pdfs_hold_every_letter_of_their_source() {
    let (Some(_), Some(pdftotext)) = (
        need_tool_on_path("lualatex"),
        need_tool_on_path("pdftotext"),
    ) else {
        return;
    };
    if !need("g++", "DUEL_REQUIRE_FPC") {
        return;
    }
    let work = tempfile::tempdir().unwrap();
    for task in Task::ALL {
        let root = export("cms", task.name(), work.path());
        for language in Locale::ALL {
            let pdf = match language {
                Locale::English => root.join("statement/statement.pdf"),
                other => root.join(format!("statement/statement-{}.pdf", other.code())),
            };
            let text = pdf_text(&pdf, &pdftotext);
            // The fenced figures' names (`board`, `sample`) are not printed.
            let source =
                crate::export_attachments::source_of_this_duel(Format::Cms, task, language)
                    .replace("{#sample}", "")
                    .replace("```board", "```")
                    .replace("```sample", "```");
            let want = letters(&source);
            let got = letters(&text);
            for (letter, count) in &want {
                let found = got.get(letter).copied().unwrap_or(0);
                // Math (left out of the source's count) adds letters; nothing may be lost.
                assert!(
                    found >= *count,
                    "{task} {}: {letter:?} {count} times in the source, {found} in the PDF",
                    language.code()
                );
                if !letter.is_ascii() {
                    assert_eq!(found, *count, "{task} {}: {letter:?}", language.code());
                }
            }
            assert!(!text.contains('\u{FFFD}') && !text.contains('?'), "{text}");
            let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(words.contains("32 MB"), "{task} {}", language.code());
            if task == Task::Ioiwari {
                assert!(words.contains("Flush(Output)"), "{}", language.code());
            }
            // The typeset source is shipped beside the PDF.
            let tex = fs::read_to_string(
                root.join(format!("statement/statement.{}.tex", language.code())),
            )
            .unwrap();
            assert!(tex.contains("\\usepackage{fontspec}"));
        }
    }
}

/// `duel export FORMAT DIR --task TASK` with `SOURCE_DATE_EPOCH` set (the PDFs' dates).
fn export_dated(format: &str, task: &str, dir: &Path) {
    let status = duel!()
        .args(["export", format])
        .arg(dir)
        .args(["--task", task])
        .env("SOURCE_DATE_EPOCH", "1700000000")
        .stdout(std::process::Stdio::null())
        .status()
        .expect("duel runs");
    assert!(status.success(), "duel export {format} failed");
}

#[test]
fn statement_pdfs_are_the_same_bytes_wherever_they_are_typeset() {
    if need_tool_on_path("lualatex").is_none() || !need("g++", "DUEL_REQUIRE_FPC") {
        return;
    }
    // Each export typesets in a build directory of its own (LuaTeX's own /ID hashes it) and
    // writes into another directory.
    let work = tempfile::tempdir().unwrap();
    let [first, second] = ["first", "second/deeper"].map(|dir| work.path().join(dir));
    for dir in [&first, &second] {
        export_dated("domjudge", "ioiwari", dir);
        export_dated("cms", "mis", dir);
    }
    let mut pdfs = vec!["ioiwari.zip".to_owned()];
    pdfs.extend(Locale::ALL.map(|language| match language {
        Locale::English => "mis/statement/statement.pdf".to_owned(),
        other => format!("mis/statement/statement-{}.pdf", other.code()),
    }));
    for name in &pdfs {
        let bytes = fs::read(first.join(name)).unwrap();
        assert!(
            bytes == fs::read(second.join(name)).unwrap(),
            "{name} differs between two exports"
        );
    }
    let pdf = fs::read(first.join(&pdfs[1])).unwrap();
    let info = String::from_utf8_lossy(&pdf);
    assert!(
        info.contains("/CreationDate (D:20231114221320Z)"),
        "the date is the epoch's"
    );
}

#[test]
fn the_ioiwari_sample_is_a_game_duel_plays_to_the_end() {
    let table = duel_ioiwari::Table::solve();
    let lines = statement::ioiwari_sample(&table);
    let interaction = statement::interaction_file(&lines);
    // Replay it: the board, then alternating moves, every one legal, ending with empty pits.
    let mut rows = interaction.lines();
    let board = rows.next().unwrap().strip_prefix('<').unwrap();
    assert_eq!(board, statement::IOIWARI_SAMPLE_BOARD);
    let mut game = duel_ioiwari::Position::start(board.parse().unwrap());
    for (i, row) in rows.enumerate() {
        let (mover, pit) = row.split_at(1);
        assert_eq!(
            mover,
            if i % 2 == 0 { ">" } else { "<" },
            "player 1 writes first"
        );
        game = game.play(pit.parse().unwrap()).expect("a legal move");
    }
    assert!(game.is_over());
    assert!(matches!(
        duel_ioiwari::Outcome::from_banks(game.banks),
        duel_ioiwari::Outcome::Win(duel_ioiwari::Player::One)
    ));
}
