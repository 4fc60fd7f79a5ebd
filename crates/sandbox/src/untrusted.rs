//! Showing text that came from a submission: clipped, and with every control character
//! escaped, so that nothing a program writes can move the cursor, recolour or clear a
//! terminal, forge a line of the table or the log, or grow a report without bound.

/// How many characters of a submission's text a reason or a log line shows by default.
pub const SHOWN_CHARS: usize = 200;

/// Escapes control characters (C0, DEL, C1) and the Unicode bidirectional overrides:
/// `\n`, `\r`, `\t` and `\\` as such, anything else as `\x1b` or `\u{202e}`.
///
/// ```
/// use duel_sandbox::untrusted::escape;
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

/// C1 controls, the bidirectional embeddings, overrides and isolates, and the line and
/// paragraph separators.
fn is_dangerous(c: char) -> bool {
    matches!(c as u32, 0x80..=0x9f | 0x202a..=0x202e | 0x2066..=0x2069 | 0x2028 | 0x2029 | 0x200e | 0x200f)
}

/// [`escape`]d and cut to at most `max_chars` characters of the original, with `…` when
/// something was cut.
///
/// ```
/// use duel_sandbox::untrusted::clip_line;
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
/// use duel_sandbox::untrusted::clip_bytes;
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
