//! Statements as PDF, for systems that show contestants a PDF (CMS): the project's LaTeX
//! statements turned into plain text, set in Courier on A4 pages.
//!
//! Written here rather than taken from a crate: the statements use a handful of LaTeX commands
//! and need one of PDF's standard fonts (Courier, named, not embedded), which is a few dozen
//! lines of PDF objects; the PDF crates in the registry bring far more than this needs.

use std::fmt::Write;

/// Characters per line (Courier at 10 pt is 6 pt wide; the text block is 480 pt).
const COLUMNS: usize = 80;
/// Lines per page.
const LINES_PER_PAGE: usize = 56;

/// One line of the text: its words and whether it is a heading (bold).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Line {
    pub text: String,
    pub bold: bool,
}

/// The statement's LaTeX (the small subset the project's statements use) as lines of text,
/// paragraphs wrapped at [`COLUMNS`].
pub(crate) fn tex_to_lines(tex: &str) -> Vec<Line> {
    let mut lines = Vec::new();
    let mut paragraph = String::new();
    let mut verbatim = false;
    let flush = |paragraph: &mut String, lines: &mut Vec<Line>| {
        if !paragraph.is_empty() {
            wrap(paragraph, lines);
            lines.push(plain(""));
            paragraph.clear();
        }
    };
    for raw in tex.lines() {
        let line = raw.trim();
        if verbatim {
            if line == "\\end{verbatim}" {
                verbatim = false;
                lines.push(plain(""));
            } else {
                lines.push(plain(&format!("    {}", raw.trim_end())));
            }
            continue;
        }
        if let Some(title) = argument(line, "\\problemname{") {
            lines.push(Line {
                text: inline(title),
                bold: true,
            });
            lines.push(plain(""));
        } else if let Some(title) = argument(line, "\\section*{") {
            flush(&mut paragraph, &mut lines);
            lines.push(Line {
                text: inline(title),
                bold: true,
            });
        } else if line == "\\begin{verbatim}" {
            flush(&mut paragraph, &mut lines);
            verbatim = true;
        } else if line == "\\begin{itemize}" || line == "\\end{itemize}" {
            flush(&mut paragraph, &mut lines);
        } else if let Some(item) = line.strip_prefix("\\item ") {
            flush(&mut paragraph, &mut lines);
            paragraph.push_str("- ");
            paragraph.push_str(&inline(item));
        } else if line.is_empty() {
            flush(&mut paragraph, &mut lines);
        } else {
            if !paragraph.is_empty() {
                paragraph.push(' ');
            }
            paragraph.push_str(&inline(line));
        }
    }
    flush(&mut paragraph, &mut lines);
    while lines.last().is_some_and(|line| line.text.is_empty()) {
        lines.pop();
    }
    lines
}

fn plain(text: &str) -> Line {
    Line {
        text: text.to_owned(),
        bold: false,
    }
}

/// The argument of `command` (given with its opening brace) when `line` is that command.
fn argument<'a>(line: &'a str, command: &str) -> Option<&'a str> {
    line.strip_prefix(command)?.strip_suffix('}')
}

/// Inline LaTeX as text: math shifts dropped, `\le` as `<=`, `\texttt{x}` as `x`, `~` a space.
fn inline(text: &str) -> String {
    let mut out = text
        .replace("\\le ", "<= ")
        .replace("\\le", "<=")
        .replace("\\_", "_")
        .replace('~', " ")
        .replace('$', "");
    while let Some(start) = out.find("\\texttt{") {
        let rest = &out[start + "\\texttt{".len()..];
        let Some(end) = rest.find('}') else { break };
        out = format!("{}{}{}", &out[..start], &rest[..end], &rest[end + 1..]);
    }
    out
}

/// Wraps `text` at word boundaries into lines of at most [`COLUMNS`] characters, the later
/// lines indented like a list item's when it is one.
fn wrap(text: &str, lines: &mut Vec<Line>) {
    let hang = if text.starts_with("- ") { "  " } else { "" };
    let mut current = String::new();
    for word in text.split_whitespace() {
        if !current.is_empty() && current.chars().count() + 1 + word.chars().count() > COLUMNS {
            lines.push(plain(&current));
            current = hang.to_owned();
        }
        if !current.trim().is_empty() {
            current.push(' ');
        }
        current.push_str(word);
    }
    if !current.trim().is_empty() {
        lines.push(plain(&current));
    }
}

/// A PDF string literal's contents: `(`, `)` and `\` escaped, anything but printable ASCII as
/// `?`.
fn pdf_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '(' | ')' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            ' '..='~' => out.push(c),
            _ => out.push('?'),
        }
    }
    out
}

/// A PDF document of `lines` on A4 pages.
pub(crate) fn document(lines: &[Line]) -> Vec<u8> {
    let pages: Vec<&[Line]> = if lines.is_empty() {
        vec![&[]]
    } else {
        lines.chunks(LINES_PER_PAGE).collect()
    };
    // Objects: 1 catalog, 2 page tree, 3 Courier, 4 Courier-Bold, then a page and its
    // contents for each page.
    let mut objects: Vec<String> = Vec::new();
    objects.push("<< /Type /Catalog /Pages 2 0 R >>".to_owned());
    let kids: Vec<String> = (0..pages.len())
        .map(|i| format!("{} 0 R", 5 + 2 * i))
        .collect();
    objects.push(format!(
        "<< /Type /Pages /Kids [{}] /Count {} >>",
        kids.join(" "),
        pages.len()
    ));
    objects.push("<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>".to_owned());
    objects.push("<< /Type /Font /Subtype /Type1 /BaseFont /Courier-Bold >>".to_owned());
    for (i, page) in pages.iter().enumerate() {
        let mut content = String::from("BT\n14 TL\n57 790 Td\n");
        for line in page.iter() {
            let font = if line.bold { "F2" } else { "F1" };
            let _ = writeln!(content, "/{font} 10 Tf ({}) Tj T*", pdf_string(&line.text));
        }
        content.push_str("ET\n");
        objects.push(format!(
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] \
             /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents {} 0 R >>",
            6 + 2 * i
        ));
        objects.push(format!(
            "<< /Length {} >>\nstream\n{content}endstream",
            content.len()
        ));
    }
    let mut pdf = String::from("%PDF-1.4\n");
    let mut offsets = Vec::with_capacity(objects.len());
    for (i, object) in objects.iter().enumerate() {
        offsets.push(pdf.len());
        let _ = write!(pdf, "{} 0 obj\n{object}\nendobj\n", i + 1);
    }
    let xref = pdf.len();
    let _ = write!(pdf, "xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1);
    for offset in offsets {
        let _ = writeln!(pdf, "{offset:010} 00000 n ");
    }
    let _ = write!(
        pdf,
        "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n",
        objects.len() + 1
    );
    pdf.into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latex_becomes_wrapped_text() {
        let tex = "\\problemname{Game}\n\nTake $1 \\le k \\le B$ sticks with\n\\texttt{ruch\\_bolka}.\n\\begin{verbatim}\nvoid f(int p);\n\\end{verbatim}\n\\section*{Scoring}\n\\begin{itemize}\n\\item a win~counts\n\\end{itemize}\n";
        let text: Vec<String> = tex_to_lines(tex).into_iter().map(|l| l.text).collect();
        assert_eq!(
            text,
            [
                "Game",
                "",
                "Take 1 <= k <= B sticks with ruch_bolka.",
                "",
                "    void f(int p);",
                "",
                "Scoring",
                "- a win counts",
            ]
        );
    }

    #[test]
    fn long_paragraphs_wrap_at_the_column_limit() {
        let words = "word ".repeat(100);
        let lines = tex_to_lines(&words);
        assert!(lines.len() > 5);
        assert!(lines.iter().all(|l| l.text.chars().count() <= COLUMNS));
        let joined: Vec<&str> = lines.iter().flat_map(|l| l.text.split(' ')).collect();
        assert_eq!(joined.len(), 100);
    }

    #[test]
    fn the_cross_reference_table_points_at_every_object() {
        let lines: Vec<Line> = (0..130).map(|i| plain(&format!("line ({i}) \\"))).collect();
        let pdf = document(&lines);
        let text = String::from_utf8(pdf).unwrap();
        let xref_at: usize = text
            .rsplit("startxref\n")
            .next()
            .unwrap()
            .lines()
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(text[xref_at..].starts_with("xref\n"));
        let entries: Vec<&str> = text[xref_at..]
            .lines()
            .skip(3)
            .take_while(|l| l.ends_with(" n "))
            .collect();
        // 4 fixed objects and 2 for each of the 3 pages.
        assert_eq!(entries.len(), 10);
        for (i, entry) in entries.iter().enumerate() {
            let offset: usize = entry[..10].parse().unwrap();
            assert!(
                text[offset..].starts_with(&format!("{} 0 obj\n", i + 1)),
                "object {}",
                i + 1
            );
        }
        assert!(text.contains("/Count 3"));
        assert!(text.contains("(line \\(129\\) \\\\) Tj"));
        // Each stream's length is its contents'.
        for part in text.split("<< /Length ").skip(1) {
            let (length, rest) = part.split_once(" >>\nstream\n").unwrap();
            let length: usize = length.parse().unwrap();
            assert!(rest[length..].starts_with("endstream"));
        }
    }
}
