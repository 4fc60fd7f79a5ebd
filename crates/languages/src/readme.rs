//! The table of languages in the organisers' guide (`docs/organisers.md`, "Building sources"),
//! rendered from the definitions (a test compares it with the guide). It was README's table,
//! hence the names.

use crate::ALL;

/// The organisers' guide's table of the judge's build commands: a header, then one row per
/// language with its title, extensions, and its player's and module's cells.
///
/// ```
/// let table = duel_languages::readme_table();
/// assert!(table.lines().nth(2).unwrap().starts_with("| C `.c` | `gcc "));
/// ```
pub fn readme_table() -> String {
    let mut table = String::from(
        "| source | Ioiwari player (`--player FILE`) | MIS module (`--module FILE`) |\n\
         |---|---|---|\n",
    );
    for language in ALL {
        let extensions: Vec<String> = language
            .extensions
            .iter()
            .map(|extension| format!("`.{extension}`"))
            .collect();
        let cell = |build: &crate::Build| build.readme.replace("{command}", build.command);
        let module = language.module.as_ref().map_or("-".to_owned(), cell);
        table.push_str(&format!(
            "| {} {} | {} | {module} |\n",
            language.title,
            extensions.join(" "),
            cell(&language.player),
        ));
    }
    table
}

#[cfg(test)]
mod tests {
    /// The organisers' guide shows the table the definitions give, between its header and the
    /// line after the last row.
    #[test]
    fn the_organisers_guide_shows_the_definitions() {
        let guide = include_str!("../../../docs/organisers.md");
        let table = super::readme_table();
        let first = table.lines().next().unwrap();
        let start = guide
            .find(first)
            .expect("the organisers' guide has the table");
        let shown: Vec<&str> = guide[start..]
            .lines()
            .take_while(|line| line.starts_with('|'))
            .collect();
        let expected: Vec<&str> = table.lines().collect();
        assert_eq!(
            shown, expected,
            "docs/organisers.md's table of languages is not the definitions'"
        );
    }
}
