//! What contestants read, checked as it is rendered and against the package it is in:
//!
//! - every statement's scoring paragraph, limits and Pascal rules are those of its package's
//!   own configuration (`problem.yaml`, `domjudge-problem.ini`, `task.yaml`, `init.yml` and
//!   the DMOJ README), read here as the systems read them;
//! - every statement rendered as contestants see it (`pdftotext` on the CMS and DOMjudge
//!   PDFs, problemtools' `problem2pdf` on the Kattis and ICPC LaTeX, LuaLaTeX on Polygon's
//!   `problem.tex` in a stand-in for `olymp.sty`'s `problem` environment, a CommonMark renderer,
//!   `markdown-it-py`, on the DMOJ Markdown) shows no markup as text and every heading as a
//!   heading of its own;
//! - every statement names only files its package attaches (the builds of `ioiwari2` too:
//!   a build this duel lacks is neither attached nor named);
//! - every Ioiwari statement draws the round board of the sample's start, the pits numbered 1
//!   to 7 clockwise around it, each number outside the ring, wherever it is read: in every PDF
//!   (read back from where `pdftotext -bbox` places the numbers), in problemtools' HTML
//!   (`problem2html`, which draws no picture: the ring as a table), in DMOJ's Markdown (the
//!   ring drawn as text, read from the code block a CommonMark renderer makes) and in the
//!   legend of Polygon's `problem-properties.json` (converted to HTML by plasTeX, as a
//!   system that converts LaTeX would); the statement's sentences about the board and its
//!   scoring sentences are read in the same renderings, and no rendering shows TeX as text;
//! - the Ioiwari sample, move by move, sits on one page of every PDF, and its boards are the
//!   kit's `STATEMENT.md`'s (written separately, for contestants at home); so does the bare
//!   sample interaction problemtools adds to the Kattis and ICPC PDFs.

use crate::support::export::*;
use duel_export::statement::{self, Locale};
use duel_export::{Format, Task};
use duel_test_support::duel;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A package's scoring, limits and languages as its own configuration says.
#[derive(Debug)]
struct Configured {
    /// Every test earns its share (not pass-fail).
    shares: bool,
    /// The time limit in seconds, if the package names one.
    time: Option<String>,
    /// The memory limit in MB.
    memory: String,
    /// Whether the package judges Pascal (a Pascal submission or self-test it checks).
    pascal: bool,
    /// Whether an error in one test (an illegal move, a crash, a limit) rejects the whole
    /// submission though the tests earn shares: a Kattis scoring problem whose default
    /// grader gives the submission the worst (or first) error as its verdict.
    errors_reject: bool,
}

/// The value of the first line `key: value` (or `key = value`) of `text`, trimmed.
fn value(text: &str, key: &str) -> Option<String> {
    text.lines().find_map(|line| {
        let rest = line.trim().strip_prefix(key)?;
        let rest = rest.trim_start();
        let rest = rest.strip_prefix(':').or_else(|| rest.strip_prefix('='))?;
        Some(rest.trim().to_owned())
    })
}

/// Seconds as written in a configuration (`1.0`, `1`) without a trailing `.0`.
fn seconds(text: &str) -> String {
    text.strip_suffix(".0").unwrap_or(text).to_owned()
}

fn configured(format: Format, package: &duel_export::Package) -> Configured {
    let text = |path: &str| {
        package
            .text(path)
            .unwrap_or_else(|| panic!("{format}: no {path}"))
            .to_owned()
    };
    let has_pascal = |prefix: &str| {
        package
            .files
            .iter()
            .any(|f| f.path.starts_with(prefix) && f.path.ends_with(".pas"))
    };
    match format {
        Format::Kattis | Format::Icpc | Format::Domjudge => {
            let yaml = text("problem.yaml");
            let kind = value(&yaml, "type").unwrap_or_else(|| "pass-fail".to_owned());
            let time = match format {
                Format::Icpc => value(&yaml, "time_limit").map(|t| seconds(&t)),
                Format::Domjudge => value(&text("domjudge-problem.ini"), "timelimit"),
                _ => value(&yaml, "time_limit"),
            };
            // A group's verdict, with the default grader, is an error when a test has one,
            // unless its flags accept whatever the tests gave; the secret group's is the
            // submission's.
            let secret = package
                .text("data/secret/testdata.yaml")
                .unwrap_or_default();
            let root = package.text("data/testdata.yaml").unwrap_or_default();
            let accepts_anyway = |group: &str| {
                value(group, "grader_flags").is_some_and(|flags| {
                    flags.contains("always_accept") || flags.contains("accept_if_any_accepted")
                })
            };
            let default_grading =
                |group: &str| value(group, "grading").is_none_or(|grading| grading == "default");
            let scoring = kind.contains("scoring");
            Configured {
                shares: scoring,
                time,
                memory: value(&yaml, "memory").expect("a memory limit"),
                pascal: has_pascal("submissions/"),
                errors_reject: scoring
                    && [secret, root]
                        .iter()
                        .all(|group| default_grading(group) && !accepts_anyway(group)),
            }
        }
        Format::Cms => {
            let yaml = text("task.yaml");
            // CMS's default score type sums the tests' shares of total_value.
            assert!(value(&yaml, "score_type").is_none(), "{yaml}");
            Configured {
                shares: value(&yaml, "total_value").is_some(),
                time: value(&yaml, "time_limit").map(|t| seconds(&t)),
                memory: value(&yaml, "memory_limit").expect("a memory limit"),
                pascal: has_pascal("sol/"),
                // The sum of the tests' outcomes: a test in error adds nothing, no more.
                errors_reject: false,
            }
        }
        Format::Polygon => {
            let xml = text("problem.xml");
            let number = |tag: &str| -> u64 {
                let start = xml.find(&format!("<{tag}>")).unwrap() + tag.len() + 2;
                let end = xml[start..].find('<').unwrap() + start;
                xml[start..end].parse().unwrap()
            };
            Configured {
                // Polygon scores a test with the points problem.xml gives it; without
                // points, a test is passed or failed.
                shares: xml.contains("points=\""),
                time: Some((number("time-limit") / 1000).to_string()),
                memory: (number("memory-limit") / (1024 * 1024)).to_string(),
                pascal: xml.contains("type=\"pas."),
                errors_reject: false,
            }
        }
        Format::Dmoj => {
            let init = text("init.yml");
            let readme = text("README.md");
            let limit = |name: &str| {
                let line = readme
                    .lines()
                    .find(|line| line.contains(name))
                    .unwrap_or_else(|| panic!("the README names no {name}"));
                let after = &line[line.find(name).unwrap() + name.len()..];
                after
                    .trim_start_matches([':', ' '])
                    .split(' ')
                    .next()
                    .unwrap()
                    .to_owned()
            };
            Configured {
                // Every test is worth its points (a batch would be all or nothing).
                shares: init.contains("points:") && !init.contains("batched:"),
                time: Some(limit("Time limit:")),
                memory: limit("Memory limit:"),
                pascal: init.contains("language: PAS"),
                // Each test's points, alone: an error loses that test's.
                errors_reject: false,
            }
        }
    }
}

/// The key phrases of each language: shares, pass-fail, a draw's half, the time limit.
fn phrases(language: Locale) -> [&'static str; 3] {
    match language {
        Locale::English => ["weigh the same", "accepted only if", "half"],
        Locale::Vietnamese => ["trọng số bằng nhau", "chỉ được chấp nhận khi", "một nửa"],
        Locale::Polish => ["ważą tyle samo", "zaakceptowane tylko wtedy", "połowę"],
    }
}

/// What an Ioiwari statement says of an error in a test (an illegal move, a crash...) where
/// the tests earn shares: that it earns nothing for its test, or that it rejects the whole
/// submission.
fn error_phrases(language: Locale) -> [&'static str; 2] {
    match language {
        Locale::English => [
            "earns nothing for that test",
            "rejects the whole submission",
        ],
        Locale::Vietnamese => ["không được điểm cho test đó", "toàn bộ bài nộp bị từ chối"],
        Locale::Polish => ["nie dają punktów za ten test", "odrzuca całe zgłoszenie"],
    }
}

/// Fails unless `text` (a statement as read, its words one space apart) says the scoring of
/// its package as `config` says it.
fn assert_says_its_scoring(
    text: &str,
    task: Task,
    language: Locale,
    config: &Configured,
    at: &str,
) {
    let [shares, pass_fail, half] = phrases(language);
    assert_eq!(
        text.contains(shares),
        config.shares,
        "{at}: {config:?}\n{text}"
    );
    assert_eq!(text.contains(pass_fail), !config.shares, "{at}: {config:?}");
    if task == Task::Ioiwari {
        assert_eq!(text.contains(half), config.shares, "{at}");
        let [per_test, rejects] = error_phrases(language);
        assert_eq!(
            text.contains(per_test),
            config.shares && !config.errors_reject,
            "{at}: {config:?}"
        );
        assert_eq!(
            text.contains(rejects),
            config.errors_reject,
            "{at}: {config:?}"
        );
    }
}

/// `text` with its words one space apart (and a word a PDF hyphenated at a line's end whole
/// again, its ligatures spelled out).
fn words(text: &str) -> String {
    text.replace("-\n", "")
        .replace('\u{2019}', "'")
        .replace('\u{FB00}', "ff")
        .replace('\u{FB01}', "fi")
        .replace('\u{FB02}', "fl")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn time_phrase(language: Locale, seconds: &str) -> String {
    match language {
        Locale::English => format!("{seconds} s of CPU time"),
        Locale::Vietnamese => format!("{seconds} giây thời gian CPU"),
        Locale::Polish => format!("{seconds} s czasu procesora"),
    }
}

#[test]
fn every_statement_says_what_its_package_does() {
    for format in Format::ALL {
        for task in Task::ALL {
            let package = duel_export::package(format, task);
            let config = configured(format, &package);
            for language in Locale::ALL {
                let text = statement::source(format, task, language);
                let at = format!("{format} {task} {}", language.code());
                assert_says_its_scoring(&words(&text), task, language, &config, &at);
                // The time limit is named exactly when the package has one, and it is the
                // package's.
                match &config.time {
                    Some(seconds) => {
                        assert!(text.contains(&time_phrase(language, seconds)), "{at}")
                    }
                    None => assert!(!text.contains(&time_phrase(language, "")), "{at}"),
                }
                assert!(text.contains(&format!("{} MB", config.memory)), "{at}");
                assert_eq!(text.contains("Pascal"), config.pascal, "{at}");
                // The statement names the drivers to submit exactly when the package hands
                // them out.
                for name in [
                    "driver.c",
                    "driver.cpp",
                    "main.pas",
                    "solution.c",
                    "solution.cpp",
                ] {
                    assert_eq!(
                        text.contains(&format!("`{name}`")),
                        package.file(&format!("attachments/{name}")).is_some(),
                        "{at}: {name}"
                    );
                }
                // Every file the statement names, the package attaches: the headers, drivers,
                // skeletons and tools contestants are told of, a build of ioiwari2 that this
                // test's program does not have beside it included (export_attachments checks
                // real duels with and without each build).
                for name in named_files(&text) {
                    let attached = package.file(&format!("{}/{name}", attachments_dir(format)));
                    assert!(
                        attached.is_some(),
                        "{at}: the statement names `{name}`, which the package does not attach"
                    );
                }
            }
        }
    }
}

/// Where a package of `format` keeps what contestants download.
fn attachments_dir(format: Format) -> &'static str {
    match format {
        Format::Cms => "att",
        _ => "attachments",
    }
}

/// The file names a statement's source shows as code (`` `mis.h` ``, `` `ioiwari2` ``): the
/// code spans that are one word ending in a source, header or program suffix, or that name
/// the Ioiwari tool.
fn named_files(source: &str) -> Vec<String> {
    let suffixes = [".c", ".cpp", ".h", ".pas", ".py", ".exe"];
    let mut names: Vec<String> = source
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|span| {
            // `player.exe` and the like are the contestant's own program, not the package's.
            !span.contains(char::is_whitespace)
                && !span.starts_with("player.")
                && (*span == "ioiwari2" || suffixes.iter().any(|suffix| span.ends_with(suffix)))
        })
        .map(str::to_owned)
        .collect();
    names.sort();
    names.dedup();
    names
}

#[test]
fn the_files_a_statement_names_are_found_in_its_code_spans() {
    let text = "Submit `mis.h` and `driver.c`; run `./ioiwari2 --run ./player` or `ioiwari2`, \
                write `poczatek(p, e)` and `ioiwari.out`; your program `player.exe`.";
    assert_eq!(named_files(text), ["driver.c", "ioiwari2", "mis.h"]);
    // A statement naming a file its package lacks is caught.
    let package = duel_export::package(Format::Cms, Task::Mis);
    assert!(package.file("att/mis.h").is_some());
    assert!(package.file("att/driver.c").is_none());
}

/// The headings of a statement's source (`#` and `##` lines), as contestants should see them.
fn headings(source: &str) -> Vec<String> {
    let mut in_code = false;
    let mut found = Vec::new();
    for line in source.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
        } else if !in_code && line.starts_with('#') {
            let heading = line.trim_start_matches('#').trim();
            let heading = heading.trim_end_matches("{#sample}").trim();
            found.push(heading.to_owned());
        }
    }
    found
}

/// Fails if `text`, a statement as contestants see it, shows markup or a heading glued to
/// other text; `at` names it. `title_shown` says whether the title is part of the text.
fn assert_rendered(text: &str, source: &str, title_shown: bool, at: &str) {
    // A `#` that code shows is text (`#include "mis.h"`), not markup.
    let mut prose = text.to_owned();
    for word in source
        .split('`')
        .skip(1)
        .step_by(2)
        .flat_map(str::split_whitespace)
    {
        if word.starts_with('#') {
            prose = prose.replace(word, "");
        }
    }
    for markup in ["#", "**", "`", "\\section", "\\texttt", "\\item", "$"] {
        assert!(!prose.contains(markup), "{at}: {markup:?} shown as text");
    }
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    for (i, heading) in headings(source).iter().enumerate() {
        if i == 0 && !title_shown {
            continue;
        }
        assert!(
            lines.iter().any(|line| line == heading),
            "{at}: the heading {heading:?} is not a line of its own"
        );
    }
}

/// `pdftotext` of a PDF's pages `first..=last` (all when `None`), with `-layout` if asked.
fn pdf_text(pdf: &Path, pages: Option<usize>, layout: bool) -> String {
    let mut command = Command::new("pdftotext");
    if let Some(page) = pages {
        command.args(["-f", &page.to_string(), "-l", &page.to_string()]);
    }
    if layout {
        command.arg("-layout");
    }
    let output = command.arg(pdf).arg("-").output().expect("pdftotext runs");
    assert!(output.status.success(), "pdftotext failed on {pdf:?}");
    String::from_utf8(output.stdout).unwrap()
}

/// The number of pages of a PDF, by `pdfinfo`.
fn page_count(pdf: &Path) -> usize {
    let output = Command::new("pdfinfo")
        .arg(pdf)
        .output()
        .expect("pdfinfo runs");
    let info = String::from_utf8(output.stdout).unwrap();
    value(&info, "Pages").unwrap().parse().unwrap()
}

/// `duel export FORMAT DIR --task TASK` (Kattis or ICPC), as problemtools reads it: the ICPC
/// package as its equivalent `2023-07-draft` release; returns DIR/TASK.
fn export_for_problemtools(format: Format, task: Task, dir: &Path) -> PathBuf {
    let root = export(format.name(), task.name(), dir);
    if format == Format::Icpc {
        let yaml = root.join("problem.yaml");
        let text = fs::read_to_string(&yaml).unwrap();
        fs::write(
            &yaml,
            text.replace(
                "problem_format_version: 2025-09",
                "problem_format_version: 2023-07-draft",
            ),
        )
        .unwrap();
    }
    root
}

/// Every typeset PDF of the statements: `(format, task, language, path)`. The CMS ones and
/// DOMjudge's `problem.pdf` (one `--language` each) as exported, the Kattis and ICPC ones
/// typeset by problemtools' `problem2pdf` (the ICPC package as its equivalent
/// `2023-07-draft` release, which problemtools reads), and Polygon's `problem.tex` typeset
/// by LuaLaTeX.
fn typeset_statements(work: &Path) -> Option<Vec<(Format, Task, Locale, PathBuf)>> {
    need_tool_on_path("lualatex")?;
    need_tool_on_path("pdftotext")?;
    let problem2pdf = need_tool("problem2pdf")?;
    if !need("g++", "DUEL_REQUIRE_FPC") {
        return None;
    }
    let mut pdfs = Vec::new();
    for task in Task::ALL {
        let root = export("cms", task.name(), &work.join("cms"));
        for language in Locale::ALL {
            let pdf = match language {
                Locale::English => root.join("statement/statement.pdf"),
                other => root.join(format!("statement/statement-{}.pdf", other.code())),
            };
            pdfs.push((Format::Cms, task, language, pdf));
        }
    }
    for language in Locale::ALL {
        let dir = work.join(format!("domjudge-{}", language.code()));
        let status = duel!()
            .args(["export", "domjudge"])
            .arg(&dir)
            .args(["--language", language.code()])
            .stdout(Stdio::null())
            .status()
            .unwrap();
        assert!(status.success());
        for task in Task::ALL {
            let out = dir.join(task.name());
            let status = Command::new("python3")
                .args(["-c", "import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extract('problem.pdf', sys.argv[2])"])
                .arg(dir.join(format!("{task}.zip")))
                .arg(&out)
                .status()
                .unwrap();
            assert!(status.success(), "problem.pdf is in the zip");
            pdfs.push((Format::Domjudge, task, language, out.join("problem.pdf")));
        }
    }
    for format in [Format::Kattis, Format::Icpc] {
        for task in Task::ALL {
            let root = export_for_problemtools(format, task, &work.join(format.name()));
            for language in Locale::ALL {
                let pdf = work.join(format!("{format}-{task}-{}.pdf", language.code()));
                let output = Command::new(&problem2pdf)
                    .env("PATH", tools_path(&problem2pdf))
                    .args(["--language", language.code(), "-o"])
                    .arg(&pdf)
                    .arg(&root)
                    .output()
                    .unwrap();
                assert!(
                    output.status.success() && pdf.is_file(),
                    "problem2pdf {format} {task} {}: {}",
                    language.code(),
                    String::from_utf8_lossy(&output.stderr)
                );
                pdfs.push((format, task, language, pdf));
            }
        }
    }
    // Polygon typesets `statements/<language>/problem.tex` with its own `olymp.sty`, which no
    // tool here ships: the same file, typeset by LuaLaTeX with a `problem` environment that
    // only sets the title, shows what the package's LaTeX gives.
    for task in Task::ALL {
        let root = export("polygon", task.name(), &work.join("polygon"));
        for language in Locale::ALL {
            let name = duel_export::polygon::polygon_language(language);
            let tex =
                fs::read_to_string(root.join(format!("statements/{name}/problem.tex"))).unwrap();
            let body = format!("\\newenvironment{{problem}}[5]{{\\problemname{{#1}}}}{{}}\n{tex}");
            let pdf = work.join(format!("polygon-{task}-{}.pdf", language.code()));
            let document = statement::latex_document(&body);
            let bytes = duel_export::typeset(document.as_bytes(), &pdf).unwrap();
            fs::write(&pdf, bytes).unwrap();
            pdfs.push((Format::Polygon, task, language, pdf));
        }
    }
    Some(pdfs)
}

/// One test for all the PDFs: typesetting them takes a while, and every check reads them.
#[test]
fn every_typeset_statement_reads_as_text_and_its_sample_stays_on_one_page() {
    let work = tempfile::tempdir().unwrap();
    let Some(pdfs) = typeset_statements(work.path()) else {
        return;
    };
    let kit_rows = kit_sample_rows();
    for (format, task, language, pdf) in pdfs {
        let at = format!("{format} {task} {} ({})", language.code(), pdf.display());
        let source = crate::export_attachments::source_of_this_duel(format, task, language);
        let text = pdf_text(&pdf, None, false);
        assert_rendered(&text, &source, true, &at);
        let config = configured(format, &duel_export::package(format, task));
        assert_says_its_scoring(&words(&text), task, language, &config, &at);
        if task == Task::Ioiwari {
            assert_says_where_the_board_is(&words(&text), language, &at);
            assert_board_drawn(&pdf, &at);
            assert_sample_on_one_page(&pdf, &kit_rows, &at);
            if matches!(format, Format::Kattis | Format::Icpc) {
                assert_interaction_on_one_page(&pdf, &at);
            }
            let programs = crate::export_attachments::tools_of_this_duel();
            crate::export_attachments::assert_names_the_tools(&text, &programs, &at);
        }
    }
}

/// Fails unless `text` (an Ioiwari statement as read, its words one space apart) says where
/// the board is: how it is drawn, and that the sample starts from the board drawn above. Only
/// true where the board is drawn, as the tests of each rendering check.
fn assert_says_where_the_board_is(text: &str, language: Locale, at: &str) {
    let said = match language {
        Locale::English => [
            "each pit's number is outside the ring, its beads inside the pit",
            "From the start board drawn above",
        ],
        Locale::Vietnamese => [
            "số thứ tự của ô nằm bên ngoài vòng tròn, số sỏi của ô nằm bên trong",
            "Từ bàn xuất phát vẽ ở trên",
        ],
        Locale::Polish => [
            "numer każdego dołka jest na zewnątrz pierścienia, jego koraliki wewnątrz dołka",
            "Z planszy początkowej narysowanej wyżej",
        ],
    };
    for sentence in said {
        assert!(
            text.contains(sentence),
            "{at}: {sentence:?} is not said:\n{text}"
        );
    }
}

/// One thing the board shows as a reader sees it: where it is (row, column; a text's columns
/// halved, its characters being about half as wide as its lines are high) and what it is.
#[derive(Debug, Clone)]
struct Shown {
    row: f64,
    column: f64,
    text: String,
}

/// The beads a pit shows: a digit in a circle (⓪, ① to ⑤) or in parentheses (`(4)`).
fn beads_of(text: &str) -> Option<u8> {
    let text = text.trim();
    let mut chars = text.chars();
    match (chars.next(), chars.next(), chars.next(), chars.next()) {
        (Some('\u{24EA}'), None, _, _) => Some(0),
        (Some(c @ '\u{2460}'..='\u{2464}'), None, _, _) => Some(c as u32 as u8 - 0x60 + 1),
        (Some('('), Some(d @ '0'..='5'), Some(')'), None) => Some(d as u8 - b'0'),
        _ => None,
    }
}

/// Fails unless `shown` is the round board of the sample's start: seven pits, each showing its
/// beads (as [`beads_of`] reads them) and its number 1 to 7 beside, outside the ring; the
/// beads those of [`statement::IOIWARI_SAMPLE_BOARD`], pit by pit; pit 1 at the top and the
/// pits in order clockwise round the centre; and an arrow to the right of pit 1 (clockwise
/// at the top).
fn assert_ring(shown: &[Shown], at: &str) {
    let beads: Vec<(&Shown, u8)> = shown
        .iter()
        .filter_map(|item| beads_of(&item.text).map(|count| (item, count)))
        .collect();
    let numbers: Vec<(&Shown, usize)> = shown
        .iter()
        .filter_map(|item| match item.text.trim().parse::<usize>() {
            Ok(pit @ 1..=7) => Some((item, pit)),
            _ => None,
        })
        .collect();
    assert_eq!(beads.len(), 7, "{at}: the pits' beads: {shown:?}");
    let mut pits: Vec<usize> = numbers.iter().map(|(_, pit)| *pit).collect();
    pits.sort_unstable();
    assert_eq!(
        pits,
        [1, 2, 3, 4, 5, 6, 7],
        "{at}: the pits' numbers: {shown:?}"
    );
    let distance = |a: &Shown, b: &Shown| (a.row - b.row).hypot(a.column - b.column);
    // Each number's pit: the beads nearest to it, a different pit for each number.
    let mut pit_beads = [None; 7];
    for (number, pit) in &numbers {
        let nearest = (0..7)
            .min_by(|&a, &b| distance(number, beads[a].0).total_cmp(&distance(number, beads[b].0)))
            .unwrap();
        pit_beads[pit - 1] = Some(nearest);
    }
    let pit_beads: Vec<usize> = pit_beads.iter().map(|at| at.unwrap()).collect();
    let mut distinct = pit_beads.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(
        distinct.len(),
        7,
        "{at}: two numbers beside one pit: {shown:?}"
    );
    let expected: Vec<u8> = statement::IOIWARI_SAMPLE_BOARD
        .split(' ')
        .map(|count| count.parse().unwrap())
        .collect();
    let counts: Vec<u8> = pit_beads.iter().map(|&b| beads[b].1).collect();
    assert_eq!(counts, expected, "{at}: the beads, pit by pit");
    let centre_row = beads.iter().map(|(b, _)| b.row).sum::<f64>() / 7.0;
    let centre_column = beads.iter().map(|(b, _)| b.column).sum::<f64>() / 7.0;
    // Clockwise from the top: the angle of each pit's beads round the centre, rows downwards.
    let angle = |item: &Shown| {
        let a = (item.column - centre_column).atan2(centre_row - item.row);
        a.rem_euclid(std::f64::consts::TAU)
    };
    let angles: Vec<f64> = pit_beads.iter().map(|&b| angle(beads[b].0)).collect();
    let top = beads[pit_beads[0]].0;
    assert!(
        beads.iter().all(|(b, _)| b.row >= top.row),
        "{at}: pit 1 is not at the top"
    );
    for pair in angles.windows(2) {
        assert!(
            pair[0] < pair[1],
            "{at}: the pits are not in order clockwise: {angles:?}"
        );
    }
    // Each number outside the ring: away from the centre, beyond its pit.
    for (number, pit) in &numbers {
        let pit_at = beads[pit_beads[pit - 1]].0;
        let outward = (number.row - pit_at.row) * (pit_at.row - centre_row)
            + (number.column - pit_at.column) * (pit_at.column - centre_column);
        assert!(
            outward > 0.0,
            "{at}: pit {pit}'s number is not outside the ring"
        );
    }
    assert!(
        shown
            .iter()
            .any(|item| ["->", "\u{2192}"].contains(&item.text.trim())
                && item.row == top.row
                && item.column > top.column),
        "{at}: no arrow clockwise beside pit 1"
    );
}

#[test]
fn a_drawn_ring_out_of_order_or_with_the_wrong_beads_is_caught() {
    let board: duel_ioiwari::Board = statement::IOIWARI_SAMPLE_BOARD.parse().unwrap();
    let good = ring_of_text(&statement::ring_text(board));
    assert_ring(&good, "the ring");
    // Pits 2 and 3 swapped: not clockwise.
    let swapped: Vec<Shown> = good
        .iter()
        .map(|item| Shown {
            text: match item.text.as_str() {
                "2" => "3".into(),
                "3" => "2".into(),
                other => other.into(),
            },
            ..item.clone()
        })
        .collect();
    let caught = std::panic::catch_unwind(|| assert_ring(&swapped, "swapped"));
    assert!(caught.is_err(), "pits out of order passed");
    // A board's line alone, as DMOJ's statements once showed it.
    let line = ring_of_text(&format!("{board}\n"));
    assert!(std::panic::catch_unwind(|| assert_ring(&line, "line")).is_err());
    // Numbers inside the ring.
    let inside = ring_of_text(
        &statement::ring_text(board)
            .lines()
            .map(|line| format!("{line}\n"))
            .rev()
            .collect::<String>(),
    );
    assert!(std::panic::catch_unwind(|| assert_ring(&inside, "upside down")).is_err());
}

/// What the board drawn as text shows: `(n)` a pit's beads, a lone digit a number, `->` the
/// arrow; columns halved.
fn ring_of_text(text: &str) -> Vec<Shown> {
    let mut shown = Vec::new();
    for (row, line) in text.lines().enumerate() {
        let chars: Vec<char> = line.chars().collect();
        let mut column = 0;
        while column < chars.len() {
            let rest: String = chars[column..].iter().take(3).collect();
            let (text, width, centre) = if beads_of(&rest).is_some() {
                (rest, 3, column + 1)
            } else if rest.starts_with("->") {
                ("->".to_owned(), 2, column)
            } else if chars[column].is_ascii_digit() {
                (chars[column].to_string(), 1, column)
            } else {
                column += 1;
                continue;
            };
            shown.push(Shown {
                row: row as f64,
                column: centre as f64 / 2.0,
                text,
            });
            column += width;
        }
    }
    shown
}

/// The Python script that reads an HTML page (its path the first argument) as a reader sees
/// it and prints it as JSON: `tables`, every table's rows of cells' text (a non-breaking
/// space a space), and `prose`, the page's text without its code (`tt`, `code`, `pre`,
/// `ttfamily`) and math (what MathJax typesets: problemtools' `tex2jax_process` spans and
/// `\( \)`), which a reader would see as text.
const HTML_READER: &str = r#"
import html, json, re, sys
from html.parser import HTMLParser
page = open(sys.argv[1], encoding='utf-8').read()
class Reader(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tables, self.open, self.cell = [], [], None
    def handle_starttag(self, tag, attrs):
        if tag == 'table':
            self.open.append([])
        elif tag == 'tr' and self.open:
            self.open[-1].append([])
        elif tag in ('td', 'th') and self.open:
            self.cell = []
    def handle_endtag(self, tag):
        if tag == 'table' and self.open:
            self.tables.append(self.open.pop())
        elif tag in ('td', 'th') and self.open and self.cell is not None:
            self.open[-1][-1].append(''.join(self.cell).replace('\xa0', ' ').strip())
            self.cell = None
    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)
reader = Reader()
reader.feed(page)
body = page[page.find('<body'):]
for pattern in [r'<(script|style|tt|code|pre)\b.*?</\1>',
                r'<span\s+class=\s*"(ttfamily|tex2jax_process)"\s*>.*?</span>',
                r'\\\(.*?\\\)', r'\\\[.*?\\\]']:
    body = re.sub(pattern, ' ', body, flags=re.S)
prose = html.unescape(re.sub(r'<[^>]+>', ' ', body))
print(json.dumps({'tables': reader.tables, 'prose': prose}))
"#;

/// An HTML page read by [`HTML_READER`] with `python`: its tables and its prose.
fn read_html(python: &Path, page: &Path) -> (Vec<Vec<Vec<String>>>, String) {
    let output = Command::new(python)
        .args(["-c", HTML_READER])
        .arg(page)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "reading {}: {}",
        page.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    let read: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let tables = read["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|table| {
            table
                .as_array()
                .unwrap()
                .iter()
                .map(|row| {
                    row.as_array()
                        .unwrap()
                        .iter()
                        .map(|cell| cell.as_str().unwrap().to_owned())
                        .collect()
                })
                .collect()
        })
        .collect();
    (tables, read["prose"].as_str().unwrap().to_owned())
}

/// The board among an HTML page's `tables`: the one whose cells show beads, each cell where it
/// is in the grid.
fn ring_of_tables(tables: &[Vec<Vec<String>>], at: &str) -> Vec<Shown> {
    let table = tables
        .iter()
        .find(|table| table.iter().flatten().any(|cell| beads_of(cell).is_some()))
        .unwrap_or_else(|| panic!("{at}: no table shows the board"));
    let mut shown = Vec::new();
    for (row, cells) in table.iter().enumerate() {
        for (column, cell) in cells.iter().enumerate() {
            if !cell.trim().is_empty() {
                shown.push(Shown {
                    row: row as f64,
                    column: column as f64,
                    text: cell.trim().to_owned(),
                });
            }
        }
    }
    shown
}

/// Fails if `prose` (a page's text, code and math left out) shows TeX or Markdown as text.
fn assert_no_markup(prose: &str, at: &str) {
    for markup in ["\\", "$", "**", "`", "{#"] {
        assert!(
            !prose.contains(markup),
            "{at}: {markup:?} shown as text:\n{prose}"
        );
    }
}

/// Runs `command`, which makes the HTML page `page` of a statement, and returns `page`.
fn html_page(mut command: Command, page: &Path, at: &str) -> PathBuf {
    let output = command.output().unwrap();
    assert!(
        output.status.success() && page.is_file(),
        "{at}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    page.to_owned()
}

/// One statement as a reader gets it: its task and language, its package's configuration, and
/// where it was read (for the messages).
struct Reading<'a> {
    task: Task,
    language: Locale,
    config: &'a Configured,
    at: &'a str,
}

impl Reading<'_> {
    /// Fails unless the HTML `page` (read with `python`) shows no markup as text, says its
    /// package's scoring, and, for Ioiwari, draws the board where it says so.
    fn assert_html(&self, python: &Path, page: &Path) {
        let (tables, prose) = read_html(python, page);
        assert_no_markup(&prose, self.at);
        let text = words(&prose);
        assert_says_its_scoring(&text, self.task, self.language, self.config, self.at);
        if self.task == Task::Ioiwari {
            assert_says_where_the_board_is(&text, self.language, self.at);
            assert_ring(&ring_of_tables(&tables, self.at), self.at);
        }
    }
}

/// problemtools' HTML of every Kattis and ICPC statement (the ICPC package as its equivalent
/// `2023-07-draft` release, which problemtools reads), as `problem2html` makes it for a
/// problem's page: the board is drawn where the statement says so, it says its package's
/// scoring, and it shows no markup.
#[test]
fn problemtools_html_draws_the_board_and_says_what_the_package_does() {
    let (Some(problem2html), Some(python)) = (need_tool("problem2html"), need_tool("python3"))
    else {
        return;
    };
    let work = tempfile::tempdir().unwrap();
    for format in [Format::Kattis, Format::Icpc] {
        for task in Task::ALL {
            let root = export_for_problemtools(format, task, &work.path().join(format.name()));
            let config = configured(format, &duel_export::package(format, task));
            for language in Locale::ALL {
                let at = format!("{format} {task} {} (problem2html)", language.code());
                let out = work
                    .path()
                    .join(format!("{format}-{task}-{}", language.code()));
                let mut command = Command::new(&problem2html);
                command
                    .env("PATH", tools_path(&problem2html))
                    .args(["--language", language.code(), "-d"])
                    .arg(&out)
                    .arg(&root);
                let page = html_page(command, &out.join("index.html"), &at);
                let reading = Reading {
                    task,
                    language,
                    config: &config,
                    at: &at,
                };
                reading.assert_html(&python, &page);
            }
        }
    }
}

/// The legend of Polygon's `problem-properties.json` (the statement's text that systems
/// importing the package, and Polygon's own pages, convert from LaTeX to HTML), converted by
/// plasTeX in a plain document: it draws the board, says the package's scoring and shows no
/// TeX as text; and it holds no TeX that only a typesetting engine runs (a conditional, a
/// picture).
#[test]
fn polygon_legends_convert_to_html_with_the_board_and_no_tex_shown() {
    let (Some(plastex), Some(python)) = (need_tool("plastex"), need_tool("python3")) else {
        return;
    };
    let work = tempfile::tempdir().unwrap();
    for task in Task::ALL {
        let root = export("polygon", task.name(), &work.path().join("polygon"));
        let config = configured(
            Format::Polygon,
            &duel_export::package(Format::Polygon, task),
        );
        for language in Locale::ALL {
            let at = format!("polygon {task} {} (legend)", language.code());
            let name = duel_export::polygon::polygon_language(language);
            let path = root.join(format!("statements/{name}/problem-properties.json"));
            let properties: serde_json::Value =
                serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
            let legend = properties["legend"].as_str().unwrap();
            for engine_only in [
                "\\if",
                "\\fi",
                "\\else",
                "\\csname",
                "\\expandafter",
                "\\newif",
                "\\providecommand",
                "\\makeatletter",
                "\\begin{picture}",
            ] {
                assert!(!legend.contains(engine_only), "{at}: {engine_only}");
            }
            let dir = work
                .path()
                .join(format!("legend-{task}-{}", language.code()));
            fs::create_dir_all(&dir).unwrap();
            let tex = dir.join("legend.tex");
            fs::write(
                &tex,
                format!(
                    "\\documentclass{{article}}\n\\begin{{document}}\n{legend}\\end{{document}}\n"
                ),
            )
            .unwrap();
            let mut command = Command::new(&plastex);
            command
                .args(["--split-level=-2", "--disable-images", "--dir"])
                .arg(dir.join("html"))
                .arg(&tex)
                .current_dir(&dir);
            let page = html_page(command, &dir.join("html/index.html"), &at);
            let reading = Reading {
                task,
                language,
                config: &config,
                at: &at,
            };
            reading.assert_html(&python, &page);
        }
    }
}

/// The words of each page of `pdf` as `pdftotext -bbox` places them: `(text, x, y)`, the
/// centre of the word's box in PDF points (y downwards), a list a page.
fn placed_words(pdf: &Path) -> Vec<Vec<(String, f64, f64)>> {
    let output = Command::new("pdftotext")
        .arg("-bbox")
        .arg(pdf)
        .arg("-")
        .output()
        .expect("pdftotext runs");
    assert!(output.status.success(), "pdftotext -bbox failed on {pdf:?}");
    let html = String::from_utf8(output.stdout).unwrap();
    let attribute = |tag: &str, name: &str| -> f64 {
        let start = tag.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
        let end = tag[start..].find('"').unwrap() + start;
        tag[start..end].parse().unwrap()
    };
    html.split("<page ")
        .skip(1)
        .map(|page| {
            page.split("<word ")
                .skip(1)
                .map(|word| {
                    let (tag, rest) = word.split_once('>').unwrap();
                    let text = rest.split("</word>").next().unwrap().to_owned();
                    let x = (attribute(tag, "xMin") + attribute(tag, "xMax")) / 2.0;
                    let y = (attribute(tag, "yMin") + attribute(tag, "yMax")) / 2.0;
                    (text, x, y)
                })
                .collect()
        })
        .collect()
}

/// Fails unless a page of `pdf` shows the round board of the sample's start: seven pits on
/// a circle, clockwise from the top, each with its beads inside and its number 1 to 7
/// outside at the same angle (the drawing's radii, 52 pt and 76 pt, in PDF points).
fn assert_board_drawn(pdf: &Path, at: &str) {
    let beads: Vec<&str> = statement::IOIWARI_SAMPLE_BOARD.split(' ').collect();
    let points = 72.0 / 72.27;
    let (inner, outer) = (52.0 * points, 76.0 * points);
    let drawn = |words: &[(String, f64, f64)]| {
        let near = |text: &str, x: f64, y: f64| {
            words
                .iter()
                .any(|(t, wx, wy)| t == text && (wx - x).hypot(wy - y) < 4.0)
        };
        // Pit 1's number is straight above the centre.
        words.iter().filter(|(t, _, _)| t == "1").any(|(_, x, y)| {
            let (cx, cy) = (*x, y + outer);
            beads.iter().enumerate().all(|(i, count)| {
                let angle = std::f64::consts::TAU * i as f64 / beads.len() as f64;
                let (dx, dy) = (angle.sin(), -angle.cos());
                near(&(i + 1).to_string(), cx + outer * dx, cy + outer * dy)
                    && near(count, cx + inner * dx, cy + inner * dy)
            })
        })
    };
    assert!(
        placed_words(pdf).iter().any(|page| drawn(page)),
        "{at}: no page shows the numbered round board of {}",
        statement::IOIWARI_SAMPLE_BOARD
    );
}

/// Fails unless the sample interaction problemtools typesets after the statement (from
/// `data/sample/1.interaction`: the lines read and written, no boards) starts and ends on
/// the same page of `pdf`: its heading, then every line of the dialogue in order.
fn assert_interaction_on_one_page(pdf: &Path, at: &str) {
    let dialogue: Vec<String> = statement::ioiwari_sample(&duel_ioiwari::Table::solve())
        .into_iter()
        .map(|line| match line {
            statement::Line::Read(text) | statement::Line::Write(text) => text,
        })
        .collect();
    let whole = |page: usize| {
        let text = pdf_text(pdf, Some(page), true);
        let Some((_, after)) = text.split_once("Sample Interaction 1") else {
            return false;
        };
        let mut next = 0;
        for line in after.lines() {
            let words = line.split_whitespace().collect::<Vec<_>>().join(" ");
            if next < dialogue.len() && words == dialogue[next] {
                next += 1;
            }
        }
        next == dialogue.len()
    };
    assert!(
        (1..=page_count(pdf)).any(whole),
        "{at}: problemtools' sample interaction is not whole on one page"
    );
}

/// The sample's rows in the kit's `STATEMENT.md`: each the pit played (none for the start)
/// and the board and banks after the move, as whitespace-separated words.
fn kit_sample_rows() -> Vec<Vec<String>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../kit/templates/ioiwari/STATEMENT.md");
    let text = fs::read_to_string(path).unwrap();
    let block = text
        .split("```text\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("the kit's sample block");
    let mut rows = Vec::new();
    for line in block.lines() {
        let words: Vec<String> = line.split_whitespace().map(str::to_owned).collect();
        match words.first().map(String::as_str) {
            // The start: its board, and empty banks.
            Some("<") if words.len() == 8 => {
                let mut row = words[1..].to_vec();
                row.extend(["0".to_owned(), "0".to_owned()]);
                rows.push(row);
            }
            // A move: the pit, the seven pits and the two banks (then a comment).
            Some("<" | ">") => rows.push(words[1..11].to_vec()),
            _ => {}
        }
    }
    assert_eq!(rows.len(), 7, "{block}");
    rows
}

/// Fails unless one page of `pdf` holds every row of the sample (`kit_rows`, in order, on
/// lines of their own), so that the sample never breaks across a page.
fn assert_sample_on_one_page(pdf: &Path, kit_rows: &[Vec<String>], at: &str) {
    let pages: Vec<usize> = (1..=page_count(pdf))
        .filter(|&page| {
            let text = pdf_text(pdf, Some(page), true);
            let lines: Vec<Vec<&str>> = text
                .lines()
                .map(|line| line.split_whitespace().collect())
                .collect();
            let mut next = 0;
            for line in &lines {
                // The start row shows the board twice (read, then the board): its last nine
                // words are the board and the banks.
                if next < kit_rows.len()
                    && line.ends_with(
                        &kit_rows[next]
                            .iter()
                            .map(String::as_str)
                            .collect::<Vec<_>>(),
                    )
                {
                    next += 1;
                }
            }
            next == kit_rows.len()
        })
        .collect();
    assert_eq!(
        pages.len(),
        1,
        "{at}: the whole sample is on pages {pages:?}"
    );
    // And the first row alone is on no other page: the table was not split and repeated.
    let first = kit_rows[0].join(" ");
    let elsewhere: Vec<usize> = (1..=page_count(pdf))
        .filter(|&page| page != pages[0])
        .filter(|&page| {
            pdf_text(pdf, Some(page), true).lines().any(|line| {
                line.split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
                    .ends_with(&first)
            })
        })
        .collect();
    assert!(
        elsewhere.is_empty(),
        "{at}: the sample's first row is also on {elsewhere:?}"
    );
}

#[test]
fn every_dmoj_statement_renders_through_a_commonmark_renderer_without_markup() {
    let Some(python) = need_tool("python3") else {
        return;
    };
    let renderer = Command::new(&python)
        .args(["-c", "import markdown_it"])
        .status()
        .is_ok_and(|status| status.success());
    if !duel_test_support::skip::unless_required(
        renderer,
        "markdown-it-py is not installed in the tools' environment",
        ".ci/setup installs it (DUEL_EXPORT_TOOLS names the environment)",
        "DUEL_REQUIRE_EXPORT_TOOLS",
    ) {
        return;
    }
    let work = tempfile::tempdir().unwrap();
    for task in Task::ALL {
        let root = export("dmoj", task.name(), work.path());
        for language in Locale::ALL {
            let file = root.join(format!("statement.{}.md", language.code()));
            // markdown-it-py, a CommonMark renderer (in the tools' environment), to HTML;
            // then the text of every element, and the headings' text.
            // The code blocks' text too, each line after `CODE `.
            let script = "import sys, html, re\n\
                from markdown_it import MarkdownIt\n\
                page = MarkdownIt('commonmark').render(open(sys.argv[1], encoding='utf-8').read())\n\
                for heading in re.findall(r'<h[1-6]>(.*?)</h[1-6]>', page):\n\
                \x20   print('HEADING ' + html.unescape(heading))\n\
                for block in re.findall(r'<pre><code[^>]*>(.*?)</code></pre>', page, flags=re.S):\n\
                \x20   for line in html.unescape(block).split('\\n'):\n\
                \x20       print('CODE ' + line)\n\
                \x20   print('CODE-END')\n\
                code = re.sub(r'<pre>.*?</pre>|<code>.*?</code>', '', page, flags=re.S)\n\
                print(html.unescape(re.sub(r'<[^>]+>', '', code)))\n";
            let output = Command::new(&python)
                .args(["-c", script])
                .arg(&file)
                .output()
                .unwrap();
            assert!(
                output.status.success(),
                "markdown-it-py: {}",
                String::from_utf8_lossy(&output.stderr)
            );
            let rendered = String::from_utf8(output.stdout).unwrap();
            let at = format!("dmoj {task} {}", language.code());
            let source =
                crate::export_attachments::source_of_this_duel(Format::Dmoj, task, language);
            // Headings are headings (the title is the site's, not the statement's) ...
            let shown: Vec<&str> = rendered
                .lines()
                .filter_map(|line| line.strip_prefix("HEADING "))
                .collect();
            assert_eq!(shown, headings(&source)[1..], "{at}");
            // ... and no markup is left in the text, code blocks aside.
            let text: String = rendered
                .lines()
                .filter(|line| !line.starts_with("HEADING ") && !line.starts_with("CODE"))
                .collect::<Vec<_>>()
                .join("\n");
            for markup in ["#", "**", "`"] {
                assert!(!text.contains(markup), "{at}: {markup:?} shown as text");
            }
            // It says its package's scoring; Ioiwari's draws the board where it says so, in
            // its first code block (the sample's table is the second).
            let config = configured(Format::Dmoj, &duel_export::package(Format::Dmoj, task));
            let text = words(&text);
            assert_says_its_scoring(&text, task, language, &config, &at);
            if task == Task::Ioiwari {
                assert_says_where_the_board_is(&text, language, &at);
                let first: String = rendered
                    .lines()
                    .skip_while(|line| !line.starts_with("CODE"))
                    .take_while(|line| *line != "CODE-END")
                    .map(|line| format!("{}\n", line.strip_prefix("CODE ").unwrap_or("")))
                    .collect();
                assert_ring(&ring_of_text(&first), &at);
            }
        }
    }
}
