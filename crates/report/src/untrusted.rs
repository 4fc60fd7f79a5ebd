//! Showing text that came from a submission: clipped, and with every control character
//! escaped, so that nothing a program writes can move the cursor, recolour or clear a
//! terminal, forge a line of the table or the log, or grow a report without bound. The one
//! place that knows which characters are shown escaped: a program's output, a submission's
//! name and path, a compiler's messages, on a terminal, in a table or in a CSV cell.

use std::path::Path;

/// How many characters of a submission's text a reason or a log line shows by default.
pub const SHOWN_CHARS: usize = 200;

/// Escapes control characters (C0, DEL, C1), the Unicode bidirectional marks, embeddings,
/// overrides and isolates, and the zero-width characters: `\n`, `\r`, `\t` and `\\` as
/// such, anything else as `\x1b` or `\u{202e}`.
///
/// ```
/// use duel_report::untrusted::escape;
/// assert_eq!(escape("ok\u{1b}[2J\n"), "ok\\x1b[2J\\n");
/// assert_eq!(escape("évidemment"), "évidemment");
/// ```
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        push_escaped(&mut out, c);
    }
    out
}

fn push_escaped(out: &mut String, c: char) {
    match c {
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        '\\' => out.push_str("\\\\"),
        c if (c as u32) < 0x20 || c as u32 == 0x7f => {
            out.push_str(&format!("\\x{:02x}", c as u32));
        }
        c if is_dangerous(c) => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
        c => out.push(c),
    }
}

/// C1 controls, the bidirectional marks, embeddings, overrides and isolates, the line and
/// paragraph separators, and the characters that show nothing (zero-width spaces and joiners,
/// the word joiner and invisible operators, the byte-order mark, the Mongolian vowel
/// separator).
fn is_dangerous(c: char) -> bool {
    matches!(
        c as u32,
        0x80..=0x9f
            | 0x061c
            | 0x180e
            | 0x200b..=0x200f
            | 0x2028..=0x202e
            | 0x2060..=0x2069
            | 0xfeff
    )
}

/// A path from a submission (its file's name, a directory's entry), [`escape`]d; bytes that
/// are not UTF-8 show as `\u{fffd}`.
///
/// ```
/// use duel_report::untrusted::escape_path;
/// assert_eq!(escape_path("a\u{1b}[2J.c".as_ref()), "a\\x1b[2J.c");
/// ```
pub fn escape_path(path: &Path) -> String {
    escape(&path.to_string_lossy())
}

/// A CSV cell holding text a submission chose: [`escape`]d; a cell a spreadsheet would read
/// as a formula (beginning with `=`, `+`, `-` or `@`, or, before escaping, a tab or a carriage
/// return) gets a leading `'`, as OWASP recommends against CSV injection; then quoted when it
/// holds a comma or a quote (its quotes doubled).
///
/// ```
/// use duel_report::untrusted::csv_cell;
/// assert_eq!(csv_cell("alice.c"), "alice.c");
/// assert_eq!(csv_cell("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
/// assert_eq!(csv_cell("=1+2"), "'=1+2");
/// assert_eq!(csv_cell("a, b"), "\"a, b\"");
/// ```
pub fn csv_cell(text: &str) -> String {
    let mut cell = escape(text);
    if text.starts_with(['\t', '\r']) || cell.starts_with(['=', '+', '-', '@']) {
        cell.insert(0, '\'');
    }
    if cell.contains([',', '"']) {
        format!("\"{}\"", cell.replace('"', "\"\""))
    } else {
        cell
    }
}

/// [`escape`]d and cut to at most `max_chars` characters of the original, with `…` when
/// something was cut.
///
/// ```
/// use duel_report::untrusted::clip_line;
/// assert_eq!(clip_line("abcdef", 3), "abc…");
/// assert_eq!(clip_line("a\u{7}b", 10), "a\\x07b");
/// ```
pub fn clip_line(text: &str, max_chars: usize) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    for c in chars.by_ref().take(max_chars) {
        push_escaped(&mut out, c);
    }
    if chars.next().is_some() {
        out.push('…');
    }
    out
}

/// [`clip_line`] of bytes that need not be UTF-8 (invalid sequences become `\u{fffd}`).
///
/// ```
/// use duel_report::untrusted::clip_bytes;
/// assert_eq!(clip_bytes(b"\xff\x1b[31mred", 100), "\u{fffd}\\x1b[31mred");
/// ```
pub fn clip_bytes(bytes: &[u8], max_chars: usize) -> String {
    // A character is at most 4 bytes: never decode more than needed.
    let end = bytes
        .len()
        .min(max_chars.saturating_mul(4).saturating_add(4));
    let text = String::from_utf8_lossy(&bytes[..end]);
    let mut shown = clip_line(&text, max_chars);
    if end < bytes.len() && !shown.ends_with('…') {
        shown.push('…');
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn terminal_sequences_and_bidi_tricks_are_visible_not_active() {
        assert_eq!(escape("\u{9b}31m"), "\\u{9b}31m");
        assert_eq!(escape("abc\u{202e}fed"), "abc\\u{202e}fed");
        assert_eq!(
            escape("a\\nb"),
            "a\\\\nb",
            "an escaped-looking text stays distinct"
        );
        assert_eq!(clip_line("", 5), "");
    }

    #[test]
    fn every_class_of_hidden_or_active_character_is_shown() {
        for (text, shown) in [
            ("\u{7}", "\\x07"),
            ("\u{1b}]0;title\u{7}", "\\x1b]0;title\\x07"),
            ("\u{85}", "\\u{85}"),
            ("\u{200e}\u{200f}", "\\u{200e}\\u{200f}"),
            ("\u{202a}\u{202e}", "\\u{202a}\\u{202e}"),
            ("\u{2066}\u{2069}", "\\u{2066}\\u{2069}"),
            ("a\u{200b}b\u{200d}c", "a\\u{200b}b\\u{200d}c"),
            ("\u{2060}\u{feff}\u{61c}", "\\u{2060}\\u{feff}\\u{61c}"),
        ] {
            assert_eq!(escape(text), shown, "{text:?}");
        }
    }

    #[test]
    fn a_cell_a_spreadsheet_would_run_is_neutralised_and_quoted() {
        assert_eq!(csv_cell("+1"), "'+1");
        assert_eq!(csv_cell("-2+3"), "'-2+3");
        assert_eq!(csv_cell("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(
            csv_cell("\tx"),
            "'\\tx",
            "a tab shows escaped, and neutralised"
        );
        assert_eq!(csv_cell("\r=1"), "'\\r=1");
        assert_eq!(csv_cell("a\u{1b}[2J"), "a\\x1b[2J");
        assert_eq!(csv_cell("it's"), "it's");
        assert_eq!(csv_cell("a\nb"), "a\\nb", "no line break reaches the file");
    }

    proptest! {
        #[test]
        fn clipped_text_is_short_and_has_no_control_characters(bytes in proptest::collection::vec(any::<u8>(), 0..2000), max in 0usize..300) {
            let shown = clip_bytes(&bytes, max);
            prop_assert!(shown.chars().all(|c| !c.is_control() && !is_dangerous(c)));
            // Each original character becomes at most 10 characters (`\u{10ffff}` is 10).
            prop_assert!(shown.chars().count() <= max * 10 + 1);
        }
    }
}
