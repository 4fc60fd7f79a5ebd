//! Error messages as one line.

/// `message` with its control characters escaped. Messages repeat what they were given (an
/// unknown field's name, an uploaded file's name, a value inside a document), and an error
/// is one line wherever it is shown.
pub(crate) fn one_line(message: &str) -> String {
    let mut line = String::with_capacity(message.len());
    for c in message.chars() {
        if c.is_control() {
            line.extend(c.escape_default());
        } else {
            line.push(c);
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::one_line;

    #[test]
    fn control_characters_are_escaped_and_the_rest_kept() {
        assert_eq!(one_line("a\nb\r\tc\u{7}"), "a\\nb\\r\\tc\\u{7}");
        assert_eq!(one_line("pliki: żółw ⟨x⟩"), "pliki: żółw ⟨x⟩");
    }
}
