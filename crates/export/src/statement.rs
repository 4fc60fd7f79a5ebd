//! The tasks' statements: one source per task and language (`templates/statements/*.md`,
//! written for these packages), rendered as LaTeX for problemtools' `problem2pdf` and
//! `problem2html` and for the CMS PDF, and as Markdown for DMOJ sites.
//!
//! The source is a small subset of Markdown: `# title`, `## section` (a section whose heading
//! ends in `{#sample}` is the sample, left out where the system shows its own samples),
//! paragraphs, `- ` lists (continued by lines indented two spaces), fenced code blocks, and
//! inline `code`, `**bold**` and `$math$`. `@@TIME@@`, `@@MEMORY@@` and, for Ioiwari,
//! `@@SAMPLE@@` are filled in from [`crate::TIME_LIMIT_SECONDS`], [`crate::MEMORY_LIMIT_MB`] and
//! a game duel's solver plays.

use crate::Task;
use duel_ioiwari::{Board, Player, Position as Game, Table};
use std::fmt::Write;

/// A language the statements are written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Language {
    /// English.
    English,
    /// Vietnamese (the practice version of Ioiwari is Vietnamese).
    Vietnamese,
    /// Polish (the language of the olympiad Pooh-Eeyore-sticks comes from).
    Polish,
}

impl Language {
    /// Every language, English (the primary one) first.
    pub const ALL: [Language; 3] = [Language::English, Language::Vietnamese, Language::Polish];

    /// The ISO 639-1 code: `en`, `vi`, `pl`.
    pub fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Vietnamese => "vi",
            Language::Polish => "pl",
        }
    }
}

/// The source of `task`'s statement in `language`, with its placeholders filled in.
pub fn source(task: Task, language: Language) -> String {
    let template = match (task, language) {
        (Task::Ioiwari, Language::English) => include_str!("../templates/statements/ioiwari.en.md"),
        (Task::Ioiwari, Language::Vietnamese) => {
            include_str!("../templates/statements/ioiwari.vi.md")
        }
        (Task::Ioiwari, Language::Polish) => include_str!("../templates/statements/ioiwari.pl.md"),
        (Task::Mis, Language::English) => include_str!("../templates/statements/mis.en.md"),
        (Task::Mis, Language::Vietnamese) => include_str!("../templates/statements/mis.vi.md"),
        (Task::Mis, Language::Polish) => include_str!("../templates/statements/mis.pl.md"),
    };
    let time = crate::TIME_LIMIT_SECONDS.to_string();
    let memory = crate::MEMORY_LIMIT_MB.to_string();
    let mut values = vec![("TIME", time.as_str()), ("MEMORY", memory.as_str())];
    let sample;
    if task == Task::Ioiwari {
        sample = sample_text(&ioiwari_sample(solved_table()));
        values.push(("SAMPLE", sample.as_str()));
    }
    crate::generated::fill(template, &values)
}

/// duel's solved Ioiwari table, solved once per process.
pub(crate) fn solved_table() -> &'static Table {
    static TABLE: std::sync::OnceLock<Table> = std::sync::OnceLock::new();
    TABLE.get_or_init(Table::solve)
}

/// The Ioiwari sample's start board (the statement's worked example's).
pub const IOIWARI_SAMPLE_BOARD: &str = "4 3 2 4 2 3 2";

/// One line of a sample dialogue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// A line the contestant's program reads.
    Read(String),
    /// A line the contestant's program writes.
    Write(String),
}

/// The sample game: from [`IOIWARI_SAMPLE_BOARD`], player 1 plays the first optimal pit and
/// player 2 (the judge) too, as the packages' referees do.
pub fn ioiwari_sample(table: &Table) -> Vec<Line> {
    let board: Board = IOIWARI_SAMPLE_BOARD
        .parse()
        .expect("the sample board is valid");
    let mut lines = vec![Line::Read(board.to_string())];
    let mut game = Game::start(board);
    while !game.is_over() {
        let pit = table
            .first_best_move(game.board)
            .expect("a board with beads has a move");
        lines.push(match game.to_move {
            Player::One => Line::Write(pit.to_string()),
            Player::Two => Line::Read(pit.to_string()),
        });
        game = game.play(pit).expect("an optimal pit is legal");
    }
    lines
}

/// A sample dialogue as text: read lines at the left margin, written ones indented.
fn sample_text(lines: &[Line]) -> String {
    let rendered: Vec<String> = lines
        .iter()
        .map(|line| match line {
            Line::Read(text) => text.clone(),
            Line::Write(text) => format!("{:24}{text}", ""),
        })
        .collect();
    rendered.join("\n")
}

/// The sample dialogue as a Kattis/ICPC `.interaction` file: `<` lines are read by the
/// submission, `>` lines written by it.
pub fn interaction_file(lines: &[Line]) -> String {
    lines
        .iter()
        .map(|line| match line {
            Line::Read(text) => format!("<{text}\n"),
            Line::Write(text) => format!(">{text}\n"),
        })
        .collect()
}

/// A block of the statement's source.
enum Block<'a> {
    Title(&'a str),
    Section { heading: &'a str, sample: bool },
    Paragraph(String),
    List(Vec<String>),
    Code(Vec<&'a str>),
}

fn blocks(source: &str) -> Vec<Block<'_>> {
    let mut blocks = Vec::new();
    let mut lines = source.lines().peekable();
    while let Some(line) = lines.next() {
        if line.trim().is_empty() {
            continue;
        }
        if let Some(title) = line.strip_prefix("# ") {
            blocks.push(Block::Title(title.trim()));
        } else if let Some(heading) = line.strip_prefix("## ") {
            let heading = heading.trim();
            match heading.strip_suffix("{#sample}") {
                Some(heading) => blocks.push(Block::Section {
                    heading: heading.trim(),
                    sample: true,
                }),
                None => blocks.push(Block::Section {
                    heading,
                    sample: false,
                }),
            }
        } else if line.starts_with("```") {
            let mut code = Vec::new();
            for line in lines.by_ref() {
                if line.starts_with("```") {
                    break;
                }
                code.push(line);
            }
            blocks.push(Block::Code(code));
        } else if let Some(first) = line.strip_prefix("- ") {
            let mut items = vec![first.to_owned()];
            while let Some(next) = lines.peek() {
                if let Some(item) = next.strip_prefix("- ") {
                    items.push(item.to_owned());
                } else if let Some(more) = next.strip_prefix("  ") {
                    let last = items.last_mut().expect("a list has an item");
                    last.push(' ');
                    last.push_str(more.trim());
                } else {
                    break;
                }
                lines.next();
            }
            blocks.push(Block::List(items));
        } else {
            let mut text = line.trim().to_owned();
            while let Some(next) = lines.peek() {
                if next.trim().is_empty() || next.starts_with("```") || next.starts_with("- ") {
                    break;
                }
                text.push(' ');
                text.push_str(next.trim());
                lines.next();
            }
            blocks.push(Block::Paragraph(text));
        }
    }
    blocks
}

/// Escapes text for LaTeX.
fn latex_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '&' | '%' | '#' | '_' | '{' | '}' | '$' => {
                out.push('\\');
                out.push(c);
            }
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            _ => out.push(c),
        }
    }
    out
}

/// Inline markup as LaTeX: `code`, **bold**, $math$.
fn latex_inline(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix('`') {
            let end = after.find('`').unwrap_or(after.len());
            let _ = write!(out, "\\texttt{{{}}}", latex_escape(&after[..end]));
            rest = after.get(end + 1..).unwrap_or("");
        } else if let Some(after) = rest.strip_prefix("**") {
            let end = after.find("**").unwrap_or(after.len());
            let _ = write!(out, "\\textbf{{{}}}", latex_inline(&after[..end]));
            rest = after.get(end + 2..).unwrap_or("");
        } else if let Some(after) = rest.strip_prefix('$') {
            let end = after.find('$').unwrap_or(after.len());
            let _ = write!(out, "${}$", &after[..end]);
            rest = after.get(end + 1..).unwrap_or("");
        } else {
            let end = match rest.find(['`', '*', '$']) {
                Some(0) => rest.chars().next().map_or(1, char::len_utf8),
                Some(i) => i,
                None => rest.len(),
            };
            out.push_str(&latex_escape(&rest[..end]));
            rest = &rest[end..];
        }
    }
    out
}

/// The statement as LaTeX in problemtools' form (`\problemname`, `\section*`); the sample
/// section is kept only when `with_sample` (problemtools shows `data/sample` itself).
pub fn latex(source: &str, with_sample: bool) -> String {
    let mut out = String::new();
    let mut skipping = false;
    for block in blocks(source) {
        if let Block::Section { sample, .. } = &block {
            skipping = *sample && !with_sample;
        }
        if skipping {
            continue;
        }
        match block {
            Block::Title(title) => {
                let _ = writeln!(out, "\\problemname{{{}}}\n", latex_escape(title));
            }
            Block::Section { heading, .. } => {
                let _ = writeln!(out, "\\section*{{{}}}\n", latex_escape(heading));
            }
            Block::Paragraph(text) => {
                let _ = writeln!(out, "{}\n", latex_inline(&text));
            }
            Block::List(items) => {
                out.push_str("\\begin{itemize}\n");
                for item in items {
                    let _ = writeln!(out, "\\item {}", latex_inline(&item));
                }
                out.push_str("\\end{itemize}\n\n");
            }
            Block::Code(lines) => {
                out.push_str("\\begin{verbatim}\n");
                for line in lines {
                    let _ = writeln!(out, "{line}");
                }
                out.push_str("\\end{verbatim}\n\n");
            }
        }
    }
    out
}

/// The statement as Markdown for a DMOJ site: no title (the site shows the problem's name),
/// math between `~` as DMOJ's Markdown writes it.
pub fn dmoj_markdown(source: &str) -> String {
    let mut out = String::new();
    for block in blocks(source) {
        match block {
            Block::Title(_) => {}
            Block::Section { heading, .. } => {
                let _ = writeln!(out, "## {heading}\n");
            }
            Block::Paragraph(text) => {
                let _ = writeln!(out, "{}\n", dmoj_math(&text));
            }
            Block::List(items) => {
                for item in items {
                    let _ = writeln!(out, "- {}", dmoj_math(&item));
                }
                out.push('\n');
            }
            Block::Code(lines) => {
                out.push_str("```\n");
                for line in lines {
                    let _ = writeln!(out, "{line}");
                }
                out.push_str("```\n\n");
            }
        }
    }
    out
}

/// `$math$` outside code spans becomes `~math~`.
fn dmoj_math(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_code = false;
    for c in text.chars() {
        match c {
            '`' => {
                in_code = !in_code;
                out.push(c);
            }
            '$' if !in_code => out.push('~'),
            _ => out.push(c),
        }
    }
    out
}

/// A whole LuaLaTeX document around a statement's LaTeX (for the CMS PDF): A4, Latin Modern
/// through fontspec (every letter of the three languages), `\problemname` as a title. The
/// PDF's `/ID` is a hash of `body` (LuaTeX's own hashes the time and the output's directory):
/// with `SOURCE_DATE_EPOCH` set for the dates, typesetting the document anywhere gives the
/// same bytes.
pub fn latex_document(body: &str) -> String {
    let id = format!("{:032X}", fnv1a_128(body.as_bytes()));
    format!(
        "\\pdfvariable trailerid {{[<{id}> <{id}>]}}\n\
         \\documentclass[11pt,a4paper]{{article}}\n\
         \\usepackage{{fontspec}}\n\
         \\usepackage[margin=2.2cm]{{geometry}}\n\
         \\setlength{{\\parindent}}{{0pt}}\n\
         \\setlength{{\\parskip}}{{0.6em}}\n\
         \\newcommand{{\\problemname}}[1]{{\\begin{{center}}{{\\LARGE\\bfseries #1}}\\end{{center}}}}\n\
         \\pagestyle{{empty}}\n\
         \\begin{{document}}\n{body}\\end{{document}}\n"
    )
}

/// The 128-bit FNV-1a hash of `bytes`.
fn fnv1a_128(bytes: &[u8]) -> u128 {
    const OFFSET: u128 = 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d;
    const PRIME: u128 = 0x0000_0000_0100_0000_0000_0000_0000_013b;
    bytes.iter().fold(OFFSET, |hash, &byte| {
        (hash ^ u128::from(byte)).wrapping_mul(PRIME)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_becomes_latex() {
        let latex = latex(
            "# T_1\n\nA `a_b\\n` and **b** and $1 \\le k$ 100%.\n\n- one\n  more\n- two\n\n```\nx_y\n```\n",
            true,
        );
        assert!(latex.contains("\\problemname{T\\_1}"), "{latex}");
        assert!(
            latex.contains("\\texttt{a\\_b\\textbackslash{}n}"),
            "{latex}"
        );
        assert!(latex.contains("\\textbf{b}"), "{latex}");
        assert!(latex.contains("$1 \\le k$ 100\\%."), "{latex}");
        assert!(latex.contains("\\item one more\n\\item two\n"), "{latex}");
        assert!(
            latex.contains("\\begin{verbatim}\nx_y\n\\end{verbatim}"),
            "{latex}"
        );
    }

    #[test]
    fn the_sample_section_is_left_out_on_request() {
        let source = "## A\n\nkept\n\n## S {#sample}\n\ndropped\n\n## B\n\nkept too\n";
        let without = latex(source, false);
        assert!(without.contains("kept") && without.contains("kept too"));
        assert!(!without.contains("dropped") && !without.contains("{S}"));
        assert!(latex(source, true).contains("dropped"));
    }

    #[test]
    fn dmoj_markdown_writes_math_between_tildes_but_leaves_code_alone() {
        let text = dmoj_markdown("# T\n\nWith $k$ and `$x$`.\n");
        assert_eq!(text, "With ~k~ and `$x$`.\n\n");
    }

    #[test]
    fn the_pdf_id_is_a_hash_of_the_body() {
        // FNV-1a's published test vectors.
        assert_eq!(fnv1a_128(b""), 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d);
        assert_eq!(fnv1a_128(b"a"), 0xd228_cb69_6f1a_8caf_7891_2b70_4e4a_8964);
        let one = latex_document("one\n");
        assert!(one.starts_with("\\pdfvariable trailerid {[<"), "{one}");
        assert_eq!(one, latex_document("one\n"));
        let id = |document: &str| document.lines().next().unwrap().to_owned();
        assert_ne!(id(&one), id(&latex_document("two\n")));
    }

    #[test]
    fn non_ascii_letters_survive() {
        assert!(latex("Bộ nhớ — źdźbło\n", true).contains("Bộ nhớ — źdźbło"));
    }
}
