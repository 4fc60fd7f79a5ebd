//! The tasks' statements: one source per task and language (`templates/statements/*.md`,
//! written for these packages), rendered as LaTeX for problemtools' `problem2pdf` and
//! `problem2html` and for the typeset PDFs (CMS, DOMjudge), and as Markdown for DMOJ sites.
//!
//! The source is CommonMark, parsed by `pulldown-cmark` (with `$math$` and heading
//! attributes) and rendered from its events: `# title`, `## section` (a section whose heading
//! ends in `{#sample}` is the sample), paragraphs, lists, fenced code blocks, inline code,
//! emphasis and math. Two fenced blocks are drawn rather than printed: `board` (the round
//! board of its line, pits numbered outside the ring, beads inside, wherever the statement is
//! read: a LaTeX `picture` in the PDFs; the ring as a table where LaTeX becomes HTML, since
//! problemtools' `problem2html` (plasTeX) and the converters of Polygon's legend draw no
//! picture; the ring drawn as text in DMOJ's Markdown, see [`ring_text`]) and `sample`
//! (Ioiwari's sample game, move by move with the board after each move, under the column
//! headings of its line, kept on one page). Before parsing, the lines between `<!-- if NAME -->`, `<!-- else -->` and
//! `<!-- end -->` are kept or dropped by the package's [`Rules`], so that every sentence is
//! true for the package it is in; `@@TIME@@`, `@@MEMORY@@` and `@@BOARD@@` are filled in
//! from [`crate::TIME_LIMIT_SECONDS`], [`crate::MEMORY_LIMIT_MB`] and
//! [`IOIWARI_SAMPLE_BOARD`].

use crate::attachments::Tools;
use crate::{Format, Task};
use duel_ioiwari::{Banks, Board, Player, Position as Game, Table};
use pulldown_cmark::{CodeBlockKind, Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use std::fmt::Write;

/// A human language the statements are written in (a programming language is
/// `duel-languages`'s `Language`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Locale {
    /// English.
    English,
    /// Vietnamese (the practice version of Ioiwari is Vietnamese).
    Vietnamese,
    /// Polish (the language of the olympiad Pooh-Eeyore-sticks comes from).
    Polish,
}

impl Locale {
    /// Every language, English (the primary one) first.
    pub const ALL: [Locale; 3] = [Locale::English, Locale::Vietnamese, Locale::Polish];

    /// The ISO 639-1 code: `en`, `vi`, `pl`.
    pub fn code(self) -> &'static str {
        match self {
            Locale::English => "en",
            Locale::Vietnamese => "vi",
            Locale::Polish => "pl",
        }
    }

    /// The language of an ISO 639-1 code.
    pub fn from_code(code: &str) -> Option<Locale> {
        Locale::ALL.into_iter().find(|l| l.code() == code)
    }
}

/// How a package scores its tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Scoring {
    /// Every test weighs the same and earns its share (Ioiwari: a draw half of it); an error
    /// (an illegal move, a crash, a limit exceeded) earns nothing for its test (DMOJ, CMS).
    Shares,
    /// Every test weighs the same and earns its share, but an error in any test rejects the
    /// whole submission: Kattis' scoring problem, whose default grader gives the submission
    /// the error as its verdict, and a rejected submission scores 0.
    SharesUnlessAnError,
    /// The submission is accepted only if it passes every test (Ioiwari: wins every game).
    PassFail,
}

/// What a package's statement may say: the package's scoring, whether it sets a time limit
/// of its own (Kattis sets one from the judges' solutions), whether it takes Pascal, whether
/// contestants submit the judge's driver with their module ([`crate::mis_submitted`]), and
/// which builds of Ioiwari's `ioiwari2` tool it attaches ([`crate::attachments::Tools`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules {
    /// How the tests are scored.
    pub scoring: Scoring,
    /// Whether the package names a time limit ([`crate::TIME_LIMIT_SECONDS`]).
    pub time_limit: bool,
    /// Whether the package takes Pascal submissions.
    pub pascal: bool,
    /// Whether contestants submit the driver files with their module.
    pub submit_driver: bool,
    /// Whether the driver and the module are submitted as one file (Polygon, whose
    /// submissions are one source file each).
    pub one_file: bool,
    /// Whether the package attaches `ioiwari2`, the Ioiwari tool built for Linux.
    pub linux_tool: bool,
    /// Whether the package attaches `ioiwari2.exe`, the Ioiwari tool built for Windows.
    pub windows_tool: bool,
}

impl Rules {
    /// The rules of `task`'s package in `format`, with the tools beside the running program
    /// ([`Tools::beside_this_program`], what the package attaches).
    pub fn of(format: Format, task: Task) -> Rules {
        Rules::with_tools(format, task, Tools::beside_this_program())
    }

    /// The rules of `task`'s package in `format` when the package attaches the builds of
    /// `ioiwari2` that `tools` holds (Ioiwari's; Pooh-Eeyore-sticks attaches none).
    pub fn with_tools(format: Format, task: Task, tools: &Tools) -> Rules {
        let scoring = match (format, task) {
            (Format::Icpc | Format::Domjudge | Format::Polygon, _)
            | (Format::Kattis, Task::Mis) => Scoring::PassFail,
            (Format::Kattis, Task::Ioiwari) => Scoring::SharesUnlessAnError,
            (Format::Dmoj | Format::Cms, _) => Scoring::Shares,
        };
        Rules {
            scoring,
            time_limit: format != Format::Kattis,
            // DMOJ's signature grading has no Pascal; nor has Polygon's one-file form (a
            // Pascal unit and the program using it cannot be one file).
            pascal: !(matches!(format, Format::Dmoj | Format::Polygon) && task == Task::Mis),
            submit_driver: task == Task::Mis
                && matches!(format, Format::Icpc | Format::Domjudge | Format::Polygon),
            one_file: task == Task::Mis && format == Format::Polygon,
            linux_tool: task == Task::Ioiwari && tools.linux.is_some(),
            windows_tool: task == Task::Ioiwari && tools.windows.is_some(),
        }
    }

    /// The names of the template conditions that hold.
    fn conditions(self) -> Vec<&'static str> {
        let mut names = Vec::new();
        match self.scoring {
            Scoring::Shares => names.extend(["shares", "errors_per_test"]),
            Scoring::SharesUnlessAnError => names.extend(["shares", "errors_reject"]),
            Scoring::PassFail => {}
        }
        if self.time_limit {
            names.push("time");
        }
        if self.pascal {
            names.push("pascal");
        }
        // The Tools section: how many programs come with the task (`testing_tool.py` always
        // does), and which builds of `ioiwari2`; `ioiwari2.exe` is "the same tool" only
        // after `ioiwari2`.
        names.push(match (self.linux_tool, self.windows_tool) {
            (true, true) => "three_tools",
            (true, false) | (false, true) => "two_tools",
            (false, false) => "one_tool",
        });
        if self.linux_tool {
            names.push("linux_tool");
        }
        if self.windows_tool {
            names.push(if self.linux_tool {
                "windows_tool_too"
            } else {
                "windows_tool_alone"
            });
        }
        names
    }
}

/// The source of `task`'s statement in `language` for its package in `format`.
pub fn source(format: Format, task: Task, language: Locale) -> String {
    source_with(task, language, Rules::of(format, task))
}

/// The source of `task`'s statement in `language` under `rules`: the conditional lines
/// chosen, the placeholders filled in and, where contestants submit the driver, the section
/// saying what to submit.
pub fn source_with(task: Task, language: Locale, rules: Rules) -> String {
    let template = match (task, language) {
        (Task::Ioiwari, Locale::English) => include_str!("../templates/statements/ioiwari.en.md"),
        (Task::Ioiwari, Locale::Vietnamese) => {
            include_str!("../templates/statements/ioiwari.vi.md")
        }
        (Task::Ioiwari, Locale::Polish) => include_str!("../templates/statements/ioiwari.pl.md"),
        (Task::Mis, Locale::English) => include_str!("../templates/statements/mis.en.md"),
        (Task::Mis, Locale::Vietnamese) => include_str!("../templates/statements/mis.vi.md"),
        (Task::Mis, Locale::Polish) => include_str!("../templates/statements/mis.pl.md"),
    };
    let mut template = template.trim_end().to_owned();
    if rules.submit_driver {
        template.push_str("\n\n");
        template.push_str(what_to_submit(language, rules.one_file));
    }
    let template = duel_kit::select(&template, &rules.conditions());
    let time = crate::TIME_LIMIT_SECONDS.to_string();
    let memory = crate::MEMORY_LIMIT_MB.to_string();
    let values = [
        ("TIME", time.as_str()),
        ("MEMORY", memory.as_str()),
        ("BOARD", IOIWARI_SAMPLE_BOARD),
    ];
    crate::generated::fill(&template, &values)
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

/// One step of the sample game: a line of the dialogue and the board and banks after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The line read or written (the start board, or a pit).
    pub line: Line,
    /// The pits after the move (the start board for the first line).
    pub board: Board,
    /// The banks after the move.
    pub banks: Banks,
}

/// The sample game, step by step: from [`IOIWARI_SAMPLE_BOARD`], player 1 plays the first
/// optimal pit and player 2 (the judge) too, as the packages' referees do.
pub fn ioiwari_sample_steps(table: &Table) -> Vec<Step> {
    let board: Board = IOIWARI_SAMPLE_BOARD
        .parse()
        .expect("the sample board is valid");
    let mut game = Game::start(board);
    let mut steps = vec![Step {
        line: Line::Read(board.to_string()),
        board,
        banks: game.banks,
    }];
    while !game.is_over() {
        let pit = table
            .first_best_move(game.board)
            .expect("a board with beads has a move");
        let line = match game.to_move {
            Player::One => Line::Write(pit.to_string()),
            Player::Two => Line::Read(pit.to_string()),
        };
        game = game.play(pit).expect("an optimal pit is legal");
        steps.push(Step {
            line,
            board: game.board,
            banks: game.banks,
        });
    }
    steps
}

/// The sample game's dialogue (see [`ioiwari_sample_steps`]).
pub fn ioiwari_sample(table: &Table) -> Vec<Line> {
    ioiwari_sample_steps(table)
        .into_iter()
        .map(|step| step.line)
        .collect()
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

/// The statement's events, as `pulldown-cmark` parses CommonMark with math and heading
/// attributes.
fn events(source: &str) -> Vec<Event<'_>> {
    let options = Options::ENABLE_MATH | Options::ENABLE_HEADING_ATTRIBUTES;
    Parser::new_ext(source, options).collect()
}

/// A fenced block the renderers draw rather than print.
enum Figure<'a> {
    /// The round board of the block's line.
    Board(Board),
    /// The Ioiwari sample game under the block's column headings.
    Sample(Vec<&'a str>),
}

/// The figure a fenced code block with `info` and `text` stands for, if any.
fn figure<'a>(info: &str, text: &'a str) -> Option<Figure<'a>> {
    match info.trim() {
        "board" => Some(Figure::Board(
            text.trim().parse().expect("a board block holds a board"),
        )),
        "sample" => Some(Figure::Sample(text.trim().split(" | ").collect())),
        _ => None,
    }
}

/// The sample's rows as text: what is read, what is written, the pits, the two banks.
fn sample_rows() -> Vec<[String; 5]> {
    ioiwari_sample_steps(solved_table())
        .into_iter()
        .map(|step| {
            let (read, written) = match step.line {
                Line::Read(text) => (text, String::new()),
                Line::Write(text) => (String::new(), text),
            };
            [
                read,
                written,
                step.board.to_string(),
                step.banks.one.to_string(),
                step.banks.two.to_string(),
            ]
        })
        .collect()
}

/// Renders the events of `source` with `out`'s callbacks, leaving out the section whose
/// heading has the id `sample` unless `with_sample`; panics on markup the renderers do not
/// know (the statements' sources are this crate's, and its tests render them all).
fn render(source: &str, with_sample: bool, out: &mut dyn Writer) {
    let events = events(source);
    let mut skipping = false;
    let mut code: Option<(String, String)> = None; // (info, text) of an open code block
    for event in events {
        if let Event::Start(Tag::Heading { level, id, .. }) = &event {
            if *level <= HeadingLevel::H2 {
                skipping = !with_sample && id.as_deref() == Some("sample");
            }
        }
        if skipping {
            continue;
        }
        if let Some((_, text)) = &mut code {
            match event {
                Event::Text(more) => text.push_str(&more),
                Event::End(TagEnd::CodeBlock) => {
                    let (info, text) = code.take().expect("a code block is open");
                    match figure(&info, &text) {
                        Some(figure) => out.figure(figure),
                        None => out.code_block(&text),
                    }
                }
                other => panic!("unexpected event in a code block: {other:?}"),
            }
            continue;
        }
        match event {
            Event::Start(Tag::CodeBlock(kind)) => {
                let info = match kind {
                    CodeBlockKind::Fenced(info) => info.to_string(),
                    CodeBlockKind::Indented => String::new(),
                };
                code = Some((info, String::new()));
            }
            Event::Start(Tag::Heading { level, .. }) => out.start_heading(level),
            Event::End(TagEnd::Heading(level)) => out.end_heading(level),
            Event::Start(Tag::Paragraph) => {}
            Event::End(TagEnd::Paragraph) => out.end_paragraph(),
            Event::Start(Tag::List(first)) => out.start_list(first.is_some()),
            Event::End(TagEnd::List(ordered)) => out.end_list(ordered),
            Event::Start(Tag::Item) => out.start_item(),
            Event::End(TagEnd::Item) => out.end_item(),
            Event::Start(Tag::Strong) => out.start_strong(),
            Event::End(TagEnd::Strong) => out.end_strong(),
            Event::Start(Tag::Emphasis) => out.start_emphasis(),
            Event::End(TagEnd::Emphasis) => out.end_emphasis(),
            Event::Text(text) => out.text(&text),
            Event::Code(text) => out.code(&text),
            Event::InlineMath(math) => out.math(&math),
            Event::SoftBreak => out.text(" "),
            other => panic!("markup a statement may not use: {other:?}"),
        }
    }
}

/// What [`render`] writes to.
trait Writer {
    fn start_heading(&mut self, level: HeadingLevel);
    fn end_heading(&mut self, level: HeadingLevel);
    fn end_paragraph(&mut self);
    fn start_list(&mut self, ordered: bool);
    fn end_list(&mut self, ordered: bool);
    fn start_item(&mut self);
    fn end_item(&mut self);
    fn start_strong(&mut self);
    fn end_strong(&mut self);
    fn start_emphasis(&mut self);
    fn end_emphasis(&mut self);
    fn text(&mut self, text: &str);
    fn code(&mut self, text: &str);
    fn math(&mut self, math: &str);
    fn code_block(&mut self, text: &str);
    fn figure(&mut self, figure: Figure<'_>);
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

/// How the LaTeX writer draws the round board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BoardForm {
    /// For problemtools and the PDFs typeset from the same LaTeX: the ring as a table where
    /// problemtools makes HTML (plasTeX draws no picture), the picture where LaTeX typesets a
    /// PDF, chosen by `\ifplastex`, which is defined false where no class defines it.
    Both,
    /// The picture alone, for a PDF (Polygon's `problem.tex`).
    Picture,
    /// The ring as a table alone, for what converts LaTeX to HTML (Polygon's legend).
    Table,
}

/// The LaTeX writer: problemtools' form (`\problemname`, `\section*`).
struct Latex(String, BoardForm);

impl Writer for Latex {
    fn start_heading(&mut self, level: HeadingLevel) {
        self.0.push_str(match level {
            HeadingLevel::H1 => "\\problemname{",
            HeadingLevel::H2 => "\\section*{",
            _ => "\\subsection*{",
        });
    }
    fn end_heading(&mut self, _: HeadingLevel) {
        self.0.push_str("}\n\n");
    }
    fn end_paragraph(&mut self) {
        self.0.push_str("\n\n");
    }
    fn start_list(&mut self, ordered: bool) {
        let name = if ordered { "enumerate" } else { "itemize" };
        let _ = writeln!(self.0, "\\begin{{{name}}}");
    }
    fn end_list(&mut self, ordered: bool) {
        let name = if ordered { "enumerate" } else { "itemize" };
        let _ = write!(self.0, "\\end{{{name}}}\n\n");
    }
    fn start_item(&mut self) {
        self.0.push_str("\\item ");
    }
    fn end_item(&mut self) {
        self.0.push('\n');
    }
    fn start_strong(&mut self) {
        self.0.push_str("\\textbf{");
    }
    fn end_strong(&mut self) {
        self.0.push('}');
    }
    fn start_emphasis(&mut self) {
        self.0.push_str("\\emph{");
    }
    fn end_emphasis(&mut self) {
        self.0.push('}');
    }
    fn text(&mut self, text: &str) {
        self.0.push_str(&latex_escape(text));
    }
    fn code(&mut self, text: &str) {
        let _ = write!(self.0, "\\texttt{{{}}}", latex_escape(text));
    }
    fn math(&mut self, math: &str) {
        let _ = write!(self.0, "${math}$");
    }
    fn code_block(&mut self, text: &str) {
        let _ = write!(self.0, "\\begin{{verbatim}}\n{text}\\end{{verbatim}}\n\n");
    }
    fn figure(&mut self, figure: Figure<'_>) {
        match figure {
            Figure::Board(board) => latex_board(&mut self.0, board, self.1),
            Figure::Sample(headings) => latex_sample(&mut self.0, &headings),
        }
    }
}

/// The round board in LaTeX, in `form`: the picture, the ring as a table, or both, chosen by
/// `\ifplastex` (see [`BoardForm`]).
fn latex_board(out: &mut String, board: Board, form: BoardForm) {
    match form {
        BoardForm::Picture => latex_picture(out, board),
        BoardForm::Table => {
            latex_ring_table(out, board);
            out.push('\n');
        }
        BoardForm::Both => {
            // problemtools' class defines `\ifplastex` (true in plasTeX, which makes its HTML
            // and draws no picture); elsewhere (BAPCtools, LuaLaTeX) it is defined here, false.
            out.push_str("\\providecommand{\\ifplastex}{\\iffalse}\n\\ifplastex\n");
            latex_ring_table(out, board);
            out.push_str("\\else\n");
            latex_picture(out, board);
            out.push_str("\\fi\n\n");
        }
    }
}

/// The round board as a LaTeX `picture` (LaTeX's own, no package needed, so that
/// problemtools' class typesets it too): seven pits on a circle, numbered 1 to 7 clockwise
/// from the top outside, their beads inside, and an arrow for the direction of sowing.
fn latex_picture(out: &mut String, board: Board) {
    let board_text = board.to_string();
    let counts: Vec<&str> = board_text.split(' ').collect();
    out.push_str("\\begin{center}\n\\setlength{\\unitlength}{1pt}\n");
    out.push_str("\\begin{picture}(190,190)(-95,-95)\n");
    for (i, count) in counts.iter().enumerate() {
        let angle = std::f64::consts::TAU * i as f64 / counts.len() as f64;
        let at = |radius: f64| (radius * angle.sin(), radius * angle.cos());
        let (x, y) = at(52.0);
        let (lx, ly) = at(76.0);
        let _ = writeln!(out, "\\put({x:.1},{y:.1}){{\\circle{{30}}}}");
        let _ = writeln!(
            out,
            "\\put({x:.1},{y:.1}){{\\makebox(0,0){{\\Large {count}}}}}"
        );
        let _ = writeln!(
            out,
            "\\put({lx:.1},{ly:.1}){{\\makebox(0,0){{\\small\\itshape {}}}}}",
            i + 1
        );
    }
    // Clockwise, between pit 1 and pit 2, outside the numbers.
    out.push_str("\\put(26,81){\\vector(2,-1){18}}\n");
    out.push_str("\\end{picture}\n\\end{center}\n\n");
}

/// One cell of the board drawn as a grid (the ring as a table, or as text).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cell {
    Empty,
    /// A pit's beads.
    Beads(u8),
    /// A pit's number, 1 to 7.
    Number(usize),
    /// The direction of sowing, clockwise.
    Arrow,
}

/// Where the board drawn as a grid of 7 rows and 9 columns puts each pit, pit 1 first: the
/// (row, column) of its beads and of its number. The pits go clockwise round a ring from
/// the top, as on the picture, each number outside the ring.
const RING: [((usize, usize), (usize, usize)); 7] = [
    ((1, 4), (0, 4)),
    ((3, 6), (2, 6)),
    ((4, 7), (4, 8)),
    ((5, 5), (6, 5)),
    ((5, 3), (6, 3)),
    ((4, 1), (4, 0)),
    ((3, 2), (2, 2)),
];

/// Where the grid shows the direction of sowing: beside pit 1, towards pit 2.
const RING_ARROW: (usize, usize) = (1, 5);

/// The board as a grid of cells (see [`RING`]).
fn ring_grid(board: Board) -> [[Cell; 9]; 7] {
    let mut grid = [[Cell::Empty; 9]; 7];
    let board_text = board.to_string();
    for (i, count) in board_text.split(' ').enumerate() {
        let ((row, column), (number_row, number_column)) = RING[i];
        grid[row][column] = Cell::Beads(count.parse().expect("a board's counts are numbers"));
        grid[number_row][number_column] = Cell::Number(i + 1);
    }
    grid[RING_ARROW.0][RING_ARROW.1] = Cell::Arrow;
    grid
}

/// `count` beads as a digit in a circle (⓪, ① to ⑤: a pit holds at most 5).
fn circled(count: u8) -> char {
    match count {
        0 => '\u{24EA}',
        n => char::from_u32(0x2460 + u32::from(n) - 1).unwrap_or('?'),
    }
}

/// The round board as a LaTeX table, what LaTeX-to-HTML converters turn into an HTML table
/// (plasTeX for problemtools, Polygon's and VNOJ's converters): the ring of pits on a grid,
/// each pit's beads a digit in a circle, its number in italics outside the ring.
fn latex_ring_table(out: &mut String, board: Board) {
    out.push_str("\\begin{center}\n\\begin{tabular}{ccccccccc}\n");
    for row in ring_grid(board) {
        let cells: Vec<String> = row
            .iter()
            .map(|cell| match cell {
                Cell::Empty => String::new(),
                Cell::Beads(count) => format!("~{{\\Large {}}}~", circled(*count)),
                Cell::Number(pit) => format!("~\\emph{{{pit}}}~"),
                Cell::Arrow => "~\\emph{\u{2192}}~".to_owned(),
            })
            .collect();
        let _ = writeln!(out, "{} \\\\", cells.join(" & "));
    }
    out.push_str("\\end{tabular}\n\\end{center}\n");
}

/// The column of each of the grid's 9 columns in the board drawn as text: the characters'
/// centres, the pits' numbers right beside their beads `(4)`.
const TEXT_COLUMNS: [usize; 9] = [1, 5, 9, 12, 16, 20, 23, 27, 31];

/// The line of each of the grid's 7 rows in the board drawn as text, of 9 lines: a character
/// is about half as wide as a line is high, so the lower rows are spread out to keep the
/// ring round.
const TEXT_LINES: [usize; 7] = [0, 1, 2, 3, 5, 7, 8];

/// The round board drawn as text, for a fixed-width font (a Markdown code block): each pit's
/// beads in parentheses `(4)`, its number outside the ring, an arrow `->` clockwise.
pub fn ring_text(board: Board) -> String {
    let mut lines = vec![String::new(); TEXT_LINES[6] + 1];
    for (row, cells) in ring_grid(board).iter().enumerate() {
        let mut line: Vec<char> = vec![' '; TEXT_COLUMNS[8] + 2];
        for (column, cell) in cells.iter().enumerate() {
            let centre = TEXT_COLUMNS[column];
            let (shown, from) = match cell {
                Cell::Empty => continue,
                Cell::Beads(count) => (format!("({count})"), centre - 1),
                Cell::Number(pit) => (pit.to_string(), centre),
                Cell::Arrow => ("->".to_owned(), centre - 1),
            };
            for (at, c) in shown.chars().enumerate() {
                line[from + at] = c;
            }
        }
        let line: String = line.into_iter().collect();
        lines[TEXT_LINES[row]] = line.trim_end().to_owned();
    }
    lines.iter().map(|line| format!("{line}\n")).collect()
}

/// The sample game as one LaTeX table (a `tabular` in a `minipage`, which never breaks
/// across a page) under `headings`.
fn latex_sample(out: &mut String, headings: &[&str]) {
    assert_eq!(headings.len(), 5, "the sample has five columns");
    out.push_str("\\par\\noindent\\begin{minipage}{\\linewidth}\\centering\n");
    out.push_str("\\begin{tabular}{llcrr}\n");
    let cells: Vec<String> = headings
        .iter()
        .map(|h| format!("\\textbf{{{}}}", latex_escape(h)))
        .collect();
    let _ = writeln!(out, "{} \\\\ \\hline", cells.join(" & "));
    for row in sample_rows() {
        let cells: Vec<String> = row
            .iter()
            .map(|cell| format!("\\texttt{{{}}}", latex_escape(cell)))
            .collect();
        let _ = writeln!(out, "{} \\\\", cells.join(" & "));
    }
    out.push_str("\\end{tabular}\n\\end{minipage}\n\n");
}

/// The statement as LaTeX in problemtools' form (`\problemname`, `\section*`); the sample
/// section is kept only when `with_sample`.
pub fn latex(source: &str, with_sample: bool) -> String {
    latex_with(source, with_sample, BoardForm::Both)
}

/// [`latex`] with the board drawn in `form`.
pub(crate) fn latex_with(source: &str, with_sample: bool, form: BoardForm) -> String {
    let mut out = Latex(String::new(), form);
    render(source, with_sample, &mut out);
    out.0
}

/// The Markdown writer for DMOJ: no title (the site shows the problem's name), math between
/// `~` as DMOJ's Markdown writes it.
struct Markdown {
    out: String,
    /// Whether the current heading is the title (left out).
    in_title: bool,
    /// The number of the next item of each open list (`None`: a bullet list).
    lists: Vec<Option<u64>>,
}

impl Writer for Markdown {
    fn start_heading(&mut self, level: HeadingLevel) {
        if level == HeadingLevel::H1 {
            self.in_title = true;
        } else {
            self.out.push_str(if level == HeadingLevel::H2 {
                "## "
            } else {
                "### "
            });
        }
    }
    fn end_heading(&mut self, _: HeadingLevel) {
        if !std::mem::take(&mut self.in_title) {
            self.out.push_str("\n\n");
        }
    }
    fn end_paragraph(&mut self) {
        self.out.push_str("\n\n");
    }
    fn start_list(&mut self, ordered: bool) {
        self.lists.push(ordered.then_some(1));
    }
    fn end_list(&mut self, _: bool) {
        self.lists.pop();
        self.out.push('\n');
    }
    fn start_item(&mut self) {
        match self.lists.last_mut() {
            Some(Some(number)) => {
                let _ = write!(self.out, "{number}. ");
                *number += 1;
            }
            _ => self.out.push_str("- "),
        }
    }
    fn end_item(&mut self) {
        self.out.push('\n');
    }
    fn start_strong(&mut self) {
        self.out.push_str("**");
    }
    fn end_strong(&mut self) {
        self.out.push_str("**");
    }
    fn start_emphasis(&mut self) {
        self.out.push('*');
    }
    fn end_emphasis(&mut self) {
        self.out.push('*');
    }
    fn text(&mut self, text: &str) {
        if self.in_title {
            return;
        }
        for c in text.chars() {
            if matches!(c, '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '~') {
                self.out.push('\\');
            }
            self.out.push(c);
        }
    }
    fn code(&mut self, text: &str) {
        let fence = if text.contains('`') { "`` " } else { "`" };
        let close = if text.contains('`') { " ``" } else { "`" };
        let _ = write!(self.out, "{fence}{text}{close}");
    }
    fn math(&mut self, math: &str) {
        let _ = write!(self.out, "~{math}~");
    }
    fn code_block(&mut self, text: &str) {
        let _ = write!(self.out, "```\n{text}```\n\n");
    }
    fn figure(&mut self, figure: Figure<'_>) {
        match figure {
            // The ring drawn as text, in a code block's fixed-width font.
            Figure::Board(board) => self.code_block(&ring_text(board)),
            Figure::Sample(headings) => {
                let mut rows = vec![headings.iter().map(|h| (*h).to_owned()).collect()];
                rows.extend(sample_rows().into_iter().map(Vec::from));
                self.code_block(&text_table(&rows));
            }
        }
    }
}

/// `rows` as a text table, each column as wide as its widest cell, two spaces apart.
fn text_table(rows: &[Vec<String>]) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            rows.iter()
                .filter_map(|row| row.get(c))
                .map(|cell| cell.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for row in rows {
        let mut line = String::new();
        for (cell, width) in row.iter().zip(&widths) {
            let _ = write!(line, "{cell:width$}  ");
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The statement as Markdown for a DMOJ site: no title (the site shows the problem's name),
/// math between `~` as DMOJ's Markdown writes it.
pub fn dmoj_markdown(source: &str) -> String {
    let mut out = Markdown {
        out: String::new(),
        in_title: false,
        lists: Vec::new(),
    };
    render(source, true, &mut out);
    let mut text = out.out.trim_end().to_owned();
    text.push('\n');
    text
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

/// The statement's section saying what to submit, in `language`: several files, or (if
/// `one_file`) the module pasted into the one-file driver ([`crate::mis_submitted`]'s one-file driver).
pub(crate) fn what_to_submit(language: Locale, one_file: bool) -> &'static str {
    match (language, one_file) {
        (Locale::English, false) => include_str!("../templates/statements/mis_submit.en.md"),
        (Locale::Vietnamese, false) => {
            include_str!("../templates/statements/mis_submit.vi.md")
        }
        (Locale::Polish, false) => include_str!("../templates/statements/mis_submit.pl.md"),
        (Locale::English, true) => {
            include_str!("../templates/statements/mis_submit_one.en.md")
        }
        (Locale::Vietnamese, true) => {
            include_str!("../templates/statements/mis_submit_one.vi.md")
        }
        (Locale::Polish, true) => include_str!("../templates/statements/mis_submit_one.pl.md"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Tools section of `source`: from its heading to the next.
    fn tools_section(source: &str) -> &str {
        let start = ["## Tools", "## Công cụ", "## Narzędzia"]
            .iter()
            .find_map(|heading| source.find(heading))
            .expect("a Tools section");
        let end = source[start + 3..]
            .find("\n## ")
            .map_or(source.len(), |at| start + 3 + at);
        &source[start..end]
    }

    #[test]
    fn the_tools_section_names_the_builds_there_are_and_counts_them_in_every_language() {
        let build = |there: bool, bytes: &[u8]| there.then(|| bytes.to_vec());
        for (linux, windows) in [(true, true), (true, false), (false, true), (false, false)] {
            let tools = Tools {
                linux: build(linux, b"\x7fELF"),
                windows: build(windows, b"MZ"),
            };
            let count = tools.programs().len();
            for format in Format::ALL {
                let rules = Rules::with_tools(format, Task::Ioiwari, &tools);
                for language in Locale::ALL {
                    let source = source_with(Task::Ioiwari, language, rules);
                    let section = tools_section(&source);
                    let at = format!(
                        "{format} {} linux {linux} windows {windows}",
                        language.code()
                    );
                    // `ioiwari2` as a word of its own (`./ioiwari2` too), not in `ioiwari2.exe`.
                    let names_linux = section
                        .split(|c: char| c.is_whitespace() || c == '`')
                        .any(|word| word.trim_start_matches("./") == "ioiwari2");
                    assert_eq!(names_linux, linux, "{at}");
                    assert_eq!(section.contains("ioiwari2.exe"), windows, "{at}");
                    assert!(section.contains("testing_tool.py"), "{at}");
                    // One item a program, and the number of them said in words.
                    let items = section.lines().filter(|l| l.starts_with("- ")).count();
                    assert_eq!(items, count, "{at}");
                    let said = match language {
                        Locale::English => ["A program comes", "Two programs", "Three programs"],
                        Locale::Vietnamese => ["có một chương trình", "có hai", "có ba"],
                        Locale::Polish => {
                            ["dołączony jest program", "dwa programy", "trzy programy"]
                        }
                    };
                    for (n, words) in said.iter().enumerate() {
                        assert_eq!(section.contains(words), n + 1 == count, "{at}: {words}");
                    }
                    // The Windows tool is "the same tool" only after the Linux one.
                    let same = ["the same tool", "cũng công cụ đó", "to samo narzędzie"];
                    let says_same = same.iter().any(|words| section.contains(words));
                    assert_eq!(says_same, linux && windows, "{at}");
                    // The run without --run is told of once, with the first build named.
                    assert_eq!(section.contains("--run`"), linux || windows, "{at}");
                }
            }
        }
        // Pooh-Eeyore-sticks has no tools: its rules say none is attached, whichever are.
        let both = Tools {
            linux: Some(vec![1]),
            windows: Some(vec![2]),
        };
        let rules = Rules::with_tools(Format::Cms, Task::Mis, &both);
        assert!(!rules.linux_tool && !rules.windows_tool);
    }

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
    fn a_heading_right_after_a_paragraph_line_is_a_heading() {
        // The hand-written subset printed it as `\#\# What to submit`.
        let latex = latex("# T\n\nA paragraph.\n## Next\n\nMore.\n", true);
        assert!(
            latex.contains("A paragraph.}\n\n\\section*{Next}")
                || latex.contains("A paragraph.\n\n\\section*{Next}"),
            "{latex}"
        );
        assert!(!latex.contains("\\#"), "{latex}");
        let markdown = dmoj_markdown("# T\n\nA paragraph.\n## Next\n");
        assert_eq!(markdown, "A paragraph.\n\n## Next\n");
    }

    #[test]
    fn every_statement_renders_in_every_format() {
        for format in Format::ALL {
            for task in Task::ALL {
                for language in Locale::ALL {
                    let source = source(format, task, language);
                    assert!(!source.contains("<!--"), "{format} {task}");
                    let latex = latex(&source, true);
                    assert!(latex.starts_with("\\problemname{"), "{latex}");
                    assert!(!dmoj_markdown(&source).contains("\\section"));
                }
            }
        }
    }

    #[test]
    fn the_sample_table_shows_every_board_of_the_game() {
        let rows = sample_rows();
        assert_eq!(rows[0][2], IOIWARI_SAMPLE_BOARD);
        assert_eq!(rows.last().unwrap()[2], "0 0 0 0 0 0 0");
        let latex = latex("```sample\nA | B | C | D | E\n```\n", true);
        assert!(latex.contains("\\begin{minipage}"), "{latex}");
        assert_eq!(latex.matches("\\\\").count(), rows.len() + 1, "{latex}");
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
        assert_eq!(text, "With ~k~ and `$x$`.\n");
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
    fn the_board_drawn_as_text_is_the_ring_of_the_picture() {
        let board: Board = IOIWARI_SAMPLE_BOARD.parse().unwrap();
        let expected = "                1\n\
                        \x20              (4) ->\n\
                        \x20        7             2\n\
                        \x20       (2)           (3)\n\
                        \n\
                        \x206  (3)                   (2)  3\n\
                        \n\
                        \x20          (2)     (4)\n\
                        \x20           5       4\n";
        assert_eq!(ring_text(board), expected, "\n{}", ring_text(board));
    }

    #[test]
    fn each_form_of_the_board_holds_what_its_reader_can_show() {
        let source = format!("```board\n{IOIWARI_SAMPLE_BOARD}\n```\n");
        let both = latex_with(&source, true, BoardForm::Both);
        let picture = latex_with(&source, true, BoardForm::Picture);
        let table = latex_with(&source, true, BoardForm::Table);
        // problemtools: the table for its HTML, the picture for its PDF; `\ifplastex` defined
        // false where no class defines it, with nothing a converter stumbles on.
        assert!(both.starts_with("\\providecommand{\\ifplastex}{\\iffalse}\n\\ifplastex\n"));
        assert!(both.contains("\\begin{tabular}") && both.contains("\\begin{picture}"));
        for latex in [&both, &picture, &table] {
            for engine_only in ["\\csname", "\\expandafter", "\\newif", "\\makeatletter"] {
                assert!(!latex.contains(engine_only), "{latex}");
            }
        }
        // Polygon's PDF and its legend: each one form, no conditional.
        assert!(picture.contains("\\begin{picture}") && !picture.contains("tabular"));
        assert!(table.contains("\\begin{tabular}") && !table.contains("picture"));
        for latex in [&picture, &table] {
            assert!(
                !latex.contains("\\if") && !latex.contains("\\fi"),
                "{latex}"
            );
        }
        // The table's beads are the board's, each a digit in a circle.
        for (count, digit) in [(2, '\u{2461}'), (3, '\u{2462}'), (4, '\u{2463}')] {
            let pits = IOIWARI_SAMPLE_BOARD
                .split(' ')
                .filter(|c| *c == count.to_string())
                .count();
            assert_eq!(table.matches(digit).count(), pits, "{count}: {table}");
        }
        assert_eq!(circled(0), '\u{24EA}');
        assert_eq!(circled(5), '\u{2464}');
    }

    #[test]
    fn kattis_says_an_error_rejects_the_whole_submission_and_dmoj_and_cms_that_it_loses_its_test() {
        let none = Tools {
            linux: None,
            windows: None,
        };
        for (format, condition) in [
            (Format::Kattis, Some("errors_reject")),
            (Format::Dmoj, Some("errors_per_test")),
            (Format::Cms, Some("errors_per_test")),
            (Format::Icpc, None),
            (Format::Domjudge, None),
            (Format::Polygon, None),
        ] {
            let names = Rules::with_tools(format, Task::Ioiwari, &none).conditions();
            for name in ["errors_reject", "errors_per_test"] {
                assert_eq!(
                    names.contains(&name),
                    condition == Some(name),
                    "{format} {name}"
                );
            }
            assert_eq!(names.contains(&"shares"), condition.is_some(), "{format}");
        }
    }

    #[test]
    fn non_ascii_letters_survive() {
        assert!(latex("Bộ nhớ — źdźbło\n", true).contains("Bộ nhớ — źdźbło"));
    }
}
