//! Showing text that came from a submission: clipped, and with every control character
//! escaped, so that nothing a program writes can move the cursor, recolour or clear a
//! terminal, forge a line of the table or the log, or grow a report without bound. The one
//! place that knows which characters are shown escaped: a program's output, a submission's
//! name and path, a compiler's messages, on a terminal, in a table or in a CSV cell.

use std::path::Path;

/// How many characters of a submission's text a reason or a log line shows by default.
pub const SHOWN_CHARS: usize = 200;

/// Shows control characters (C0, DEL, C1), the Unicode bidirectional marks, embeddings,
/// overrides and isolates, and the zero-width characters visibly, without a backslash, so
/// that ordinary text (a source line's `\n`, a path's `\`) reads as written: a C0 control or
/// DEL as its Unicode control picture (`␛` for ESC, `␊` for a line feed, `␉` for a tab, U+2400
/// to U+2421), anything else as `⟨U+202E⟩`. It stays unambiguous: a control picture or a `⟨`
/// that was in the text itself is shown the second way (`⟨U+241B⟩`, `⟨U+27E8⟩`), so every
/// picture and every `⟨` shown stands for one character.
///
/// ```
/// use duel_untrusted::escape;
/// assert_eq!(escape("ok\u{1b}[2J\n"), "ok␛[2J␊");
/// assert_eq!(escape("printf(\"1\\n\")"), "printf(\"1\\n\")");
/// assert_eq!(escape("évidemment"), "évidemment");
/// ```
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        push_escaped(&mut out, c);
    }
    out
}

/// The first of the Unicode control pictures (U+2400 SYMBOL FOR NULL; the C0 controls follow
/// in order, then U+2421 for DELETE).
const PICTURES: u32 = 0x2400;

/// The character that opens a character shown by its number, `⟨U+…⟩`.
const OPEN: char = '\u{27e8}';

fn push_escaped(out: &mut String, c: char) {
    let code = c as u32;
    match c {
        c if (c as u32) < 0x20 => out.push(char::from_u32(PICTURES + code).unwrap_or('?')),
        '\u{7f}' => out.push('\u{2421}'),
        c if is_dangerous(c) || (PICTURES..=0x2426).contains(&code) || c == OPEN => {
            out.push_str(&format!("{OPEN}U+{code:04X}\u{27e9}"));
        }
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
/// use duel_untrusted::escape_path;
/// assert_eq!(escape_path("a\u{1b}[2J.c".as_ref()), "a␛[2J.c");
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
/// use duel_untrusted::csv_cell;
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

/// A JSON text with every character [`escape`] shows by number (C1 controls, bidirectional
/// marks and overrides, zero-width characters) written as a JSON escape (`\u202e`): the same
/// document for a program that reads it, inert on a terminal that shows it. The characters it
/// escapes appear in a JSON text only inside strings, where the escape means the same.
///
/// ```
/// use duel_untrusted::inert_json;
/// assert_eq!(inert_json("{\"a\":\"x\u{202e}y\"}"), "{\"a\":\"x\\u202ey\"}");
/// ```
pub fn inert_json(json: &str) -> String {
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        if is_dangerous(c) {
            out.push_str(&format!("\\u{:04x}", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

/// [`escape`]d and cut to at most `max_chars` characters of the original, with `…` when
/// something was cut.
///
/// ```
/// use duel_untrusted::clip_line;
/// assert_eq!(clip_line("abcdef", 3), "abc…");
/// assert_eq!(clip_line("a\u{7}b", 10), "a␇b");
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
/// use duel_untrusted::clip_bytes;
/// assert_eq!(clip_bytes(b"\xff\x1b[31mred", 100), "\u{fffd}␛[31mred");
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
        assert_eq!(escape("\u{9b}31m"), "⟨U+009B⟩31m");
        assert_eq!(escape("abc\u{202e}fed"), "abc⟨U+202E⟩fed");
        assert_eq!(escape("a\\nb"), "a\\nb", "a backslash reads as written");
        assert_eq!(clip_line("", 5), "");
    }

    #[test]
    fn what_looks_like_a_shown_character_stays_distinct_from_one() {
        // A picture or a `⟨` in the text itself is shown by its number.
        assert_eq!(escape("\u{1b}"), "␛");
        assert_eq!(escape("␛"), "⟨U+241B⟩");
        assert_eq!(escape("⟨U+202E⟩"), "⟨U+27E8⟩U+202E\u{27e9}");
        assert_eq!(escape("\u{202e}"), "⟨U+202E⟩");
        assert_eq!(escape("\u{2426}\u{2427}"), "⟨U+2426⟩\u{2427}");
    }

    #[test]
    fn every_class_of_hidden_or_active_character_is_shown() {
        for (text, shown) in [
            ("\u{0}\u{7}\u{1f}\u{7f}", "␀␇␟␡"),
            ("\n\r\t", "␊␍␉"),
            ("\u{1b}]0;title\u{7}", "␛]0;title␇"),
            ("\u{85}", "⟨U+0085⟩"),
            ("\u{200e}\u{200f}", "⟨U+200E⟩⟨U+200F⟩"),
            ("\u{202a}\u{202e}", "⟨U+202A⟩⟨U+202E⟩"),
            ("\u{2066}\u{2069}", "⟨U+2066⟩⟨U+2069⟩"),
            ("a\u{200b}b\u{200d}c", "a⟨U+200B⟩b⟨U+200D⟩c"),
            ("\u{2060}\u{feff}\u{61c}", "⟨U+2060⟩⟨U+FEFF⟩⟨U+061C⟩"),
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
            "'␉x",
            "a tab shows escaped, and neutralised"
        );
        assert_eq!(csv_cell("\r=1"), "'␍=1");
        assert_eq!(csv_cell("a\u{1b}[2J"), "a␛[2J");
        assert_eq!(csv_cell("it's"), "it's");
        assert_eq!(csv_cell("a\nb"), "a␊b", "no line break reaches the file");
    }

    /// Reads [`escape`]'s output back: the text it was made from, or `None` where it is not
    /// something `escape` writes.
    fn unescape(shown: &str) -> Option<String> {
        let mut out = String::new();
        let mut chars = shown.chars();
        while let Some(c) = chars.next() {
            let code = c as u32;
            out.push(match code {
                0x2400..=0x241f => char::from_u32(code - PICTURES)?,
                0x2421 => '\u{7f}',
                0x2422..=0x2426 => return None,
                _ if c == OPEN => {
                    let number: String = chars.by_ref().take_while(|&c| c != '\u{27e9}').collect();
                    char::from_u32(u32::from_str_radix(number.strip_prefix("U+")?, 16).ok()?)?
                }
                _ => c,
            });
        }
        Some(out)
    }

    #[test]
    fn inert_json_reads_back_as_the_same_document() {
        let value = serde_json::json!({ "name": "a\u{202e}b\u{200b}c\u{9b}\u{1b}é" });
        let text = inert_json(&serde_json::to_string(&value).unwrap());
        assert!(
            text.chars().all(|c| !is_dangerous(c) && !c.is_control()),
            "{text}"
        );
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&text).unwrap(),
            value
        );
    }

    proptest! {
        #[test]
        fn escaped_text_reads_back_as_it_was(
            text in proptest::collection::vec(
                prop_oneof![
                    any::<char>(),
                    (0u32..0x80).prop_map(|c| char::from_u32(c).unwrap()),
                    (0x2400u32..0x2430).prop_map(|c| char::from_u32(c).unwrap()),
                    Just('\u{27e8}'), Just('\u{27e9}'), Just('\\'), Just('\u{202e}'), Just('U'),
                ],
                0..40,
            ).prop_map(|chars| chars.into_iter().collect::<String>()),
        ) {
            prop_assert_eq!(unescape(&escape(&text)), Some(text));
        }

        #[test]
        fn clipped_text_is_short_and_has_no_control_characters(bytes in proptest::collection::vec(any::<u8>(), 0..2000), max in 0usize..300) {
            let shown = clip_bytes(&bytes, max);
            prop_assert!(shown.chars().all(|c| !c.is_control() && !is_dangerous(c)));
            // Each original character becomes at most 10 characters (`⟨U+10FFFF⟩` is 10).
            prop_assert!(shown.chars().count() <= max * 10 + 1);
        }
    }
}
