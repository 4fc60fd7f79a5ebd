//! The printers: the results table and its closing lines on stdout, a failed build's compiler
//! lines on stderr.

use duel_arena::compile::BuildRecord;
use duel_arena::{Report, TestResult, Verdict};
use std::io::{self, Write};

/// The game-specific titles of the table.
#[derive(Debug, Clone, Copy)]
pub struct Columns {
    /// The title of the input column ("board", "position").
    pub input: &'static str,
    /// The title of the summary column ("banks", "left").
    pub summary: &'static str,
}

/// A table of results, one row per test, printed as the results arrive (so column widths
/// are fixed up front from the inputs).
#[derive(Debug, Clone)]
pub struct ResultTable {
    columns: Columns,
    index_width: usize,
    input_width: usize,
    summary_width: usize,
    /// The width rows fit (see [`terminal_width`]).
    width: usize,
}

/// The width the judge's tables fit: `COLUMNS` when it holds a number, else the width of the
/// terminal on stdout, else 100.
pub fn terminal_width() -> usize {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|columns| columns.trim().parse().ok())
        .filter(|&columns: &usize| columns > 0)
        .or_else(|| {
            console::Term::stdout()
                .size_checked()
                .map(|(_, columns)| usize::from(columns))
        })
        .unwrap_or(DEFAULT_WIDTH)
}

/// The width of a table when neither `COLUMNS` nor a terminal tells it.
pub const DEFAULT_WIDTH: usize = 100;

/// How far a wrapped last column's lines are indented.
const WRAP_INDENT: usize = 6;

/// The narrowest a wrapped last column is made, however narrow the terminal.
const MIN_WRAP_WIDTH: usize = 24;

/// How far the continuation lines of a wrapped closing line are indented.
const CLOSING_INDENT: usize = 2;

/// `words` (split at spaces) on lines of at most `first_room` columns for the first line and
/// `room` for the others, a word longer than a line cut into pieces that fit.
fn fill(words: &str, first_room: usize, room: usize) -> Vec<String> {
    let measure = console::measure_text_width;
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    let room_of = |lines: &Vec<String>| {
        if lines.is_empty() {
            first_room.max(1)
        } else {
            room.max(1)
        }
    };
    for word in words.split(' ').filter(|word| !word.is_empty()) {
        let mut word = word.to_owned();
        loop {
            let room = room_of(&lines);
            let gap = usize::from(!line.is_empty());
            if measure(&line) + gap + measure(&word) <= room {
                if gap == 1 {
                    line.push(' ');
                }
                line.push_str(&word);
                break;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
                continue;
            }
            // A word longer than a whole line: as much of it as fits, the rest next.
            let mut cut = 0;
            let mut width = 0;
            for (at, c) in word.char_indices() {
                let w = measure(c.encode_utf8(&mut [0; 4]));
                if width + w > room {
                    break;
                }
                width += w;
                cut = at + c.len_utf8();
            }
            if cut == 0 {
                cut = word.chars().next().map_or(word.len(), char::len_utf8);
            }
            lines.push(word[..cut].to_owned());
            word = word[cut..].to_owned();
            if word.is_empty() {
                break;
            }
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// `first` followed by `last` on the same line when the two fit `width` columns; else `first`,
/// then `last` wrapped at spaces on lines of their own, indented by `WRAP_INDENT` (a word
/// longer than a line is cut where the line ends).
pub fn with_last_column(first: &str, last: &str, width: usize) -> String {
    let measure = console::measure_text_width;
    if last.is_empty() || measure(first) + 2 + measure(last) <= width {
        let line = format!("{first}  {last}");
        return line.trim_end().to_owned();
    }
    let room = width.saturating_sub(WRAP_INDENT).max(MIN_WRAP_WIDTH);
    let indent = " ".repeat(WRAP_INDENT);
    let mut lines = vec![first.trim_end().to_owned()];
    lines.extend(
        fill(last, room, room)
            .into_iter()
            .map(|line| format!("{indent}{line}")),
    );
    lines.join("\n")
}

/// A closing line (the score, a footnote, a note on stderr) fitting `width` columns: wrapped at
/// spaces, its continuation lines indented by two (a word longer than a line is cut where the
/// line ends).
pub fn fit(line: &str, width: usize) -> String {
    let width = width.max(MIN_WRAP_WIDTH);
    if console::measure_text_width(line) <= width {
        return line.to_owned();
    }
    let indent = " ".repeat(CLOSING_INDENT);
    fill(line, width, width - CLOSING_INDENT)
        .into_iter()
        .enumerate()
        .map(|(i, line)| {
            if i == 0 {
                line
            } else {
                format!("{indent}{line}")
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Width of the verdict column: the longest verdict name.
const VERDICT_WIDTH: usize = 14;
const SUMMARY_WIDTH: usize = 7;
/// A Pooh-Eeyore-sticks game can last 2·10^7 + 1 moves: eight digits.
const MOVES_WIDTH: usize = 8;
const TIME_WIDTH: usize = 8;
const MEMORY_WIDTH: usize = 9;

impl ResultTable {
    /// A table for these test inputs. The summary column is made as wide as the widest
    /// summary a test can have: Ioiwari's banks (`8-12`) and the sticks MIS leaves (`p e`)
    /// are never wider than their test's input less its last number.
    pub fn new<'a>(columns: Columns, inputs: impl IntoIterator<Item = &'a str>) -> ResultTable {
        let inputs: Vec<&str> = inputs.into_iter().collect();
        let widest = |cells: &mut dyn Iterator<Item = &str>| {
            cells.map(|cell| cell.chars().count()).max().unwrap_or(0)
        };
        let all_but_last = inputs
            .iter()
            .map(|input| input.trim().rsplit_once(' ').map_or("", |(rest, _)| rest));
        ResultTable {
            columns,
            index_width: inputs.len().to_string().len().max("test".len()),
            input_width: widest(&mut inputs.iter().copied()).max(columns.input.len()),
            summary_width: widest(&mut all_but_last.into_iter())
                .max(columns.summary.len())
                .max(SUMMARY_WIDTH),
            width: DEFAULT_WIDTH,
        }
    }

    /// The same table, its rows fitting `width` columns: a reason that does not fit goes on
    /// lines of its own under its row, and where the columns themselves do not fit, each row
    /// takes two lines (the test, its input and verdict; then the summary, moves, time,
    /// memory and reason).
    pub fn with_width(mut self, width: usize) -> ResultTable {
        self.width = width;
        self
    }

    /// Whether a row takes two lines: its columns are wider than the table.
    fn two_lines(&self) -> bool {
        let columns = [
            self.index_width,
            self.input_width,
            VERDICT_WIDTH,
            self.summary_width,
            MOVES_WIDTH,
            TIME_WIDTH,
            MEMORY_WIDTH,
        ];
        columns.iter().sum::<usize>() + 2 * (columns.len() - 1) > self.width
    }

    /// The line above the rows, naming each column at the table's width.
    pub fn header(&self) -> String {
        self.line(
            "test",
            self.columns.input,
            "verdict",
            self.columns.summary,
            "moves",
            "time",
            "memory",
            "reason",
        )
    }

    /// The row of one result. The reason column holds the reason and, for a loss or draw, the
    /// first mistake.
    pub fn row(&self, result: &TestResult) -> String {
        let mut reason = result.reason.clone().unwrap_or_default();
        if let Some(mistake) = &result.first_mistake {
            if !reason.is_empty() {
                reason.push_str("; ");
            }
            reason.push_str("first mistake: ");
            reason.push_str(mistake);
        }
        self.line(
            &result.index.to_string(),
            &result.input,
            result.verdict.name(),
            result.summary.as_deref().unwrap_or("-"),
            &result.moves.to_string(),
            &format_ms(result.time_ms),
            &result.memory_text(),
            &one_line(&reason),
        )
    }

    #[allow(clippy::too_many_arguments)]
    fn line(
        &self,
        index: &str,
        input: &str,
        verdict: &str,
        summary: &str,
        moves: &str,
        time: &str,
        memory: &str,
        reason: &str,
    ) -> String {
        let (iw, inw, sw) = (self.index_width, self.input_width, self.summary_width);
        let figures = format!(
            "{summary:>sw$}  {moves:>MOVES_WIDTH$}  {time:>TIME_WIDTH$}  {memory:>MEMORY_WIDTH$}"
        );
        if self.two_lines() {
            let first = format!("{index:>iw$}  {input:<inw$}  {verdict}");
            let second = format!("{}{figures}", " ".repeat(WRAP_INDENT));
            return format!("{first}\n{}", with_last_column(&second, reason, self.width));
        }
        let line = format!("{index:>iw$}  {input:<inw$}  {verdict:<VERDICT_WIDTH$}  {figures}");
        with_last_column(&line, reason, self.width)
    }
}

/// The line that stands for the tests not run because the submission could not be built
/// (`first` to `last`), in place of a row each: its reason once, or where the compiler's
/// lines were shown (`shown`), a pointer to them; fitting `width` columns.
pub fn not_run_line(first: usize, last: usize, reason: &str, shown: bool, width: usize) -> String {
    let tests = if first == last {
        format!("test {first}")
    } else {
        format!("tests {first}-{last}")
    };
    let why = if shown {
        "the submission does not compile (the compiler's lines are on stderr)".to_owned()
    } else {
        one_line(reason)
    };
    fit(&format!("{tests}: compile_error, not run: {why}"), width)
}

/// "12 ms", "1.25 s".
pub fn format_ms(ms: u64) -> String {
    if ms < 1000 {
        format!("{ms} ms")
    } else {
        format!("{:.2} s", ms as f64 / 1000.0)
    }
}

/// The line under the table that says, once, why the memory column shows `-` (`None` when it
/// shows none): the built-in player runs inside the judge; a test not run (its source did not
/// compile) used nothing; a module shares its host's process, and only what the process gained
/// after loading the module is the module's.
pub fn memory_footnote(report: &Report) -> Option<String> {
    let dashes: Vec<&TestResult> = report
        .tests
        .iter()
        .filter(|t| t.memory_kb.is_none())
        .collect();
    if dashes.is_empty() {
        return None;
    }
    let not_run = |t: &&TestResult| t.moves == 0 && t.wall_ms == 0;
    let module = report
        .build
        .as_ref()
        .is_some_and(|build| build.target == duel_arena::compile::Target::Module)
        || report.player.ends_with(".so");
    let why = if report.player.starts_with("built-in ") {
        "the built-in player runs inside the judge, so its memory is not measured apart"
    } else if dashes.iter().all(not_run) {
        "the submission was not run"
    } else if module {
        "a module shares its host's process, so its memory is what the process gained after \
         loading it, and here that was less than a page"
    } else {
        "the kernel charged the run no memory beyond the sandbox's own"
    };
    Some(format!("memory: - where no figure is known: {why}"))
}

/// Submissions' text never breaks the table nor drives the terminal: control characters are
/// shown escaped.
fn one_line(text: &str) -> String {
    duel_sandbox::untrusted::escape(text)
}

/// The closing line: the score and how the tests ended.
///
/// `score: 95.83 / 100  (24 tests: 23 win, 1 draw)`, or with `interrupted` when Ctrl-C cut the
/// run short.
pub fn score_line(report: &Report) -> String {
    let counts: Vec<String> = Verdict::ALL
        .iter()
        .filter_map(|verdict| {
            let count = report
                .tests
                .iter()
                .filter(|t| t.verdict == *verdict)
                .count();
            (count > 0).then(|| format!("{count} {verdict}"))
        })
        .collect();
    let tests = if report.planned == 1 { "test" } else { "tests" };
    let finished = if report.interrupted {
        format!(
            "interrupted after {} of {} {tests}",
            report.tests.len(),
            report.planned
        )
    } else {
        format!("{} {tests}", report.planned)
    };
    let counts = if counts.is_empty() {
        String::new()
    } else {
        format!(": {}", counts.join(", "))
    };
    format!("score: {:.2} / 100  ({finished}{counts})", report.score)
}

/// A failed build's compiler lines on stderr, as the compiler wrote them (its caret lines
/// point into the source's line above them), under a line naming the source.
pub fn show_build(build: &BuildRecord) {
    if build.succeeded {
        return;
    }
    let mut err = io::stderr().lock();
    let first = format!("duel: {} does not compile:", one_line(&build.source));
    let _ = writeln!(err, "{}", fit(&first, terminal_width()));
    for line in &build.output {
        let _ = writeln!(err, "  {}", one_line(line));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_report::Task;

    fn result(verdict: Verdict) -> TestResult {
        TestResult {
            index: 7,
            input: "4 3 2 4 2 3 2".into(),
            start: None,
            verdict,
            reason: Some("player 2 wins 12-8".into()),
            moves: 12,
            move_list: None,
            summary: Some("8-12".into()),
            time_ms: 1500,
            wall_ms: 1600,
            memory_kb: Some(2048),
            memory_resolution_kb: Some(4),
            first_mistake: Some("move 3: pit 5".into()),
        }
    }

    #[test]
    fn rows_line_up_under_the_header() {
        let columns = Columns {
            input: "board",
            summary: "banks",
        };
        // Wide enough for the whole row on one line.
        let table = ResultTable::new(columns, ["4 3 2 4 2 3 2"]).with_width(200);
        let header = table.header();
        let row = table.row(&result(Verdict::Loss));
        assert_eq!(header.find("verdict"), row.find("loss"));
        assert_eq!(header.find("reason"), row.find("player 2 wins"));
        assert!(
            row.ends_with("player 2 wins 12-8; first mistake: move 3: pit 5"),
            "{row}"
        );
        assert!(row.contains("1.50 s") && row.contains("2.0 MB"), "{row}");
    }

    #[test]
    fn an_unknown_memory_figure_is_a_dash_explained_once() {
        let table = ResultTable::new(
            Columns {
                input: "position",
                summary: "left",
            },
            ["4 3 2 4 2 3 2"],
        );
        let mut builtin = result(Verdict::Win);
        builtin.memory_kb = None;
        let header = table.header();
        let row = table.row(&builtin);
        let at = header.find("memory").unwrap() + "memory".len() - 1;
        assert_eq!(&row[at..=at], "-", "{row}");
        assert!(!row.contains("0 KB"), "{row}");
        let tests = vec![builtin.clone(), builtin.clone(), result(Verdict::Win)];
        let report = Report::new(Task::Mis, "built-in Bolek", 3, tests, false);
        let footnote = memory_footnote(&report).unwrap();
        assert!(footnote.contains("built-in player"), "{footnote}");
        let unrun = TestResult::unplayed(1, "7 2 3".into(), Verdict::CompileError, "x".into());
        let report = Report::new(Task::Mis, "bolek.c", 1, vec![unrun], false);
        let footnote = memory_footnote(&report).unwrap();
        assert!(footnote.contains("not run"), "{footnote}");
        let measured = Report::new(Task::Mis, "bolek.c", 1, vec![result(Verdict::Win)], false);
        assert_eq!(memory_footnote(&measured), None);
    }

    #[test]
    fn a_figure_below_the_resolution_is_shown_as_less_than_it() {
        let table = ResultTable::new(
            Columns {
                input: "board",
                summary: "banks",
            },
            ["4 3 2 4 2 3 2"],
        );
        let mut small = result(Verdict::Win);
        small.memory_kb = Some(1024);
        small.memory_resolution_kb = Some(1024);
        assert!(table.row(&small).contains("<1 MB"), "{}", table.row(&small));
        small.memory_kb = Some(1536);
        assert!(
            table.row(&small).contains("1.5 MB"),
            "{}",
            table.row(&small)
        );
        small.memory_kb = Some(8);
        small.memory_resolution_kb = Some(4);
        assert!(table.row(&small).contains("8 KB"), "{}", table.row(&small));
    }

    #[test]
    fn the_score_line_counts_verdicts() {
        let report = Report::new(
            Task::Ioiwari,
            "x",
            4,
            vec![result(Verdict::Loss), result(Verdict::Draw)],
            true,
        );
        assert_eq!(
            score_line(&report),
            "score: 12.50 / 100  (interrupted after 2 of 4 tests: 1 draw, 1 loss)"
        );
    }

    #[test]
    fn a_long_reason_wraps_on_indented_lines_that_fit_the_width() {
        let table = ResultTable::new(
            Columns {
                input: "board",
                summary: "banks",
            },
            ["4 3 2 4 2 3 2"],
        )
        .with_width(90);
        let mut long = result(Verdict::TimeLimit);
        let reason = "wall-clock limit of 3 s exceeded while waiting for the program: it \
                      stopped reading its input (the judge could not write its next line)";
        long.reason = Some(reason.into());
        long.first_mistake = None;
        let row = table.row(&long);
        let lines: Vec<&str> = row.lines().collect();
        assert!(lines.len() > 2, "{row}");
        assert!(lines.iter().all(|line| line.chars().count() <= 90), "{row}");
        assert!(lines[1..].iter().all(|line| line.starts_with("      ")));
        let words: Vec<&str> = lines[1..]
            .iter()
            .flat_map(|l| l.split_whitespace())
            .collect();
        assert_eq!(words.join(" "), reason);
        // A short reason stays on its row.
        long.reason = Some("lost".into());
        assert_eq!(table.row(&long).lines().count(), 1);
    }

    #[test]
    fn a_table_too_narrow_for_its_columns_takes_two_lines_a_row_that_line_up() {
        let columns = Columns {
            input: "position",
            summary: "left",
        };
        let inputs = ["10000000 10000000 1000000", "7 2 3"];
        // The summary column holds the widest sticks left, `p e` of the widest input.
        let wide = ResultTable::new(columns, inputs).with_width(200);
        assert_eq!(wide.summary_width, "10000000 10000000".len());
        assert!(!wide.two_lines());
        let table = ResultTable::new(columns, inputs).with_width(60);
        assert!(table.two_lines());
        let mut result = result(Verdict::IllegalMove);
        result.input = inputs[0].into();
        result.summary = Some("10000000 10000000".into());
        result.moves = 20_000_001;
        let header = table.header();
        let row = table.row(&result);
        for line in header.lines().chain(row.lines()) {
            assert!(line.chars().count() <= 60, "{line}");
        }
        let (header, row): (Vec<&str>, Vec<&str>) =
            (header.lines().collect(), row.lines().collect());
        assert!(
            row[0].contains("10000000 10000000 1000000  illegal_move"),
            "{row:?}"
        );
        // Each figure ends where its title ends, on the second line.
        for (title, figure) in [
            ("left", "10000000 10000000"),
            ("moves", "20000001"),
            ("time", "1.50 s"),
        ] {
            let end = header[1].find(title).unwrap() + title.len();
            assert_eq!(&row[1][end - figure.len()..end], figure, "{title}: {row:?}");
        }
    }

    #[test]
    fn closing_lines_wrap_at_spaces_and_cut_a_word_longer_than_a_line() {
        let line = "duel: isolation: cgroup v1 under /sys/fs/cgroup/memory/a_very_long_directory_name_indeed_0123456789 (CPU)";
        let fitted = fit(line, 40);
        for part in fitted.lines() {
            assert!(part.chars().count() <= 40, "{fitted}");
        }
        assert!(
            fitted.lines().skip(1).all(|part| part.starts_with("  ")),
            "{fitted}"
        );
        // Nothing lost: the words (a cut word's pieces joined) are the line's.
        let joined: String = fitted.split_whitespace().collect::<Vec<_>>().join(" ");
        assert_eq!(joined.replace(' ', ""), line.replace(' ', ""));
        assert_eq!(fit("short", 40), "short");
        let once = not_run_line(1, 24, "compilation failed: x.c:1:2: error: y", true, 120);
        assert_eq!(
            once,
            "tests 1-24: compile_error, not run: the submission does not compile (the compiler's \
             lines are on stderr)"
        );
        let one = not_run_line(1, 1, "module.so: no poczatek", false, 100);
        assert_eq!(
            one,
            "test 1: compile_error, not run: module.so: no poczatek"
        );
    }

    #[test]
    fn control_characters_cannot_break_rows() {
        assert_eq!(one_line("a\nb\tc\u{1b}[2J"), "a␊b␉c␛[2J");
    }
}
