//! What to run: a shell command line or an argument vector.

use super::SpawnError;
use std::ffi::{OsStr, OsString};
use std::fmt;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// The program a judge runs, as typed by the user.
///
/// ```
/// use duel_sandbox::ProgramCommand;
/// let cmd = ProgramCommand::shell("python3 player.py");
/// assert_eq!(cmd.to_string(), "python3 player.py");
/// assert_eq!(cmd.argv()[..2], ["sh", "-c"]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProgramCommand {
    /// A command line run by `sh -c`, so it may use quoting, pipes and `&&`.
    Shell(String),
    /// A program and its arguments, run directly.
    Argv(Vec<OsString>),
}

impl ProgramCommand {
    /// A command line for `sh -c`.
    pub fn shell(command: impl Into<String>) -> ProgramCommand {
        ProgramCommand::Shell(command.into())
    }

    /// A program path run with no arguments.
    pub fn program(path: impl AsRef<OsStr>) -> ProgramCommand {
        ProgramCommand::Argv(vec![path.as_ref().to_os_string()])
    }

    /// The argument vector that is executed: `["sh", "-c", CMD]` for a shell command.
    ///
    /// A simple command (plain words only, starting with a program that exists) is run as
    /// `exec CMD`, so the shell is replaced by the program: its exit status and signals are
    /// then the program's own, with no shell in between.
    pub fn argv(&self) -> Vec<OsString> {
        match self {
            ProgramCommand::Shell(line) => {
                let script = if is_simple_program_command(line) {
                    format!("exec {line}")
                } else {
                    line.clone()
                };
                vec!["sh".into(), "-c".into(), script.into()]
            }
            ProgramCommand::Argv(argv) => argv.clone(),
        }
    }

    /// Checks that the program the command starts exists and is executable, so that a typo is
    /// one clear error instead of a runtime error on every test.
    ///
    /// For a shell command the first word is checked when it is a plain word (leading `VAR=value`
    /// assignments are skipped); words with quotes, `$` or other shell syntax, and shell
    /// builtins such as `exec`, are left to the shell.
    pub fn check(&self) -> Result<(), SpawnError> {
        let program = match self {
            ProgramCommand::Argv(argv) => match argv.first() {
                Some(program) => program.clone(),
                None => return Err(SpawnError::EmptyCommand),
            },
            ProgramCommand::Shell(line) => match first_plain_word(line) {
                FirstWord::Plain(word) => OsString::from(word),
                FirstWord::Empty => return Err(SpawnError::EmptyCommand),
                // A quoted program (`'/my dir/player' x`) is checked as the shell will run it.
                FirstWord::Complex => match quoted_words(line) {
                    Some(words) => OsString::from(&words[0]),
                    None => return Ok(()),
                },
            },
        };
        let is_shell = matches!(self, ProgramCommand::Shell(_));
        check_program(&program, is_shell)
    }
}

impl fmt::Display for ProgramCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProgramCommand::Shell(line) => f.write_str(line),
            ProgramCommand::Argv(argv) => {
                let words: Vec<_> = argv.iter().map(|w| w.to_string_lossy()).collect();
                f.write_str(&words.join(" "))
            }
        }
    }
}

enum FirstWord<'a> {
    Plain(&'a str),
    Empty,
    Complex,
}

/// Characters that make a word more than a plain word for the shell.
const SHELL_SYNTAX: &[char] = &[
    '\'', '"', '\\', '$', '`', '(', ')', '{', '}', '<', '>', '|', '&', ';', '*', '?', '[', '~',
    '!', '#', '=',
];

fn first_plain_word(line: &str) -> FirstWord<'_> {
    for word in line.split_whitespace() {
        let assigned = word.split_once('=').filter(|(name, _)| {
            !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        });
        match assigned {
            Some((_, value)) if !value.contains(SHELL_SYNTAX) => continue,
            Some(_) => return FirstWord::Complex,
            None if word.contains(SHELL_SYNTAX) => return FirstWord::Complex,
            None => return FirstWord::Plain(word),
        }
    }
    if line.trim().is_empty() {
        FirstWord::Empty
    } else {
        // Only assignments: the shell runs nothing, which is the user's business.
        FirstWord::Complex
    }
}

/// The words of `line` without their quotes, where it is nothing but words, some of them in
/// quotes (`'/my dir/player' -v "a b"`): unquoted, no character of [`SHELL_SYNTAX`] (so no
/// assignment either); in double quotes, no `$`, `` ` `` or `\`. `None` otherwise.
fn quoted_words(line: &str) -> Option<Vec<String>> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' | '"' => {
                let rest = chars.as_str();
                let end = rest.find(c)?;
                let quoted = &rest[..end];
                if c == '"' && quoted.contains(['$', '`', '\\']) {
                    return None;
                }
                word.get_or_insert_with(String::new).push_str(quoted);
                chars = rest[end + c.len_utf8()..].chars();
            }
            c if c.is_whitespace() => words.extend(word.take()),
            c if SHELL_SYNTAX.contains(&c) => return None,
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    (!words.is_empty()).then_some(words)
}

/// Words only, plain or quoted ([`quoted_words`]), the first naming an existing program (so
/// not a shell builtin such as `read` or `.` that `exec` could not run).
fn is_simple_program_command(line: &str) -> bool {
    let Some(words) = quoted_words(line) else {
        return false;
    };
    let first = Path::new(&words[0]);
    if words[0].contains('/') {
        first.is_file()
    } else {
        find_in_path(first.as_os_str()).is_some()
    }
}

fn check_program(program: &OsStr, is_shell: bool) -> Result<(), SpawnError> {
    let name = program.to_string_lossy().into_owned();
    if program.as_bytes().contains(&b'/') {
        return check_path(Path::new(program), &name);
    }
    if find_in_path(program).is_some() {
        return Ok(());
    }
    if is_shell && is_shell_builtin(&name) {
        return Ok(());
    }
    Err(SpawnError::ProgramNotFound { program: name })
}

fn check_path(path: &Path, name: &str) -> Result<(), SpawnError> {
    match std::fs::metadata(path) {
        Err(_) => Err(SpawnError::ProgramNotFound {
            program: name.to_owned(),
        }),
        Ok(meta) if meta.is_dir() || meta.permissions().mode() & 0o111 == 0 => {
            Err(SpawnError::NotExecutable {
                program: name.to_owned(),
            })
        }
        Ok(_) => Ok(()),
    }
}

/// The first executable file called `program` in `$PATH`.
pub(crate) fn find_in_path(program: &OsStr) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|candidate| {
            std::fs::metadata(candidate)
                .is_ok_and(|meta| meta.is_file() && meta.permissions().mode() & 0o111 != 0)
        })
}

/// Asks the shell itself, so its own builtins and keywords (`exec`, `.`, `cd`...) pass.
fn is_shell_builtin(word: &str) -> bool {
    std::process::Command::new("sh")
        .args(["-c", "command -v \"$1\" >/dev/null 2>&1", "sh", word])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|status| status.success())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_word_skips_assignments_and_gives_up_on_syntax() {
        assert!(matches!(
            first_plain_word("A=1 B=2 ./x y"),
            FirstWord::Plain("./x")
        ));
        assert!(matches!(
            first_plain_word("  python3 p.py"),
            FirstWord::Plain("python3")
        ));
        assert!(matches!(first_plain_word("'my prog'"), FirstWord::Complex));
        assert!(matches!(first_plain_word("$HOME/x"), FirstWord::Complex));
        assert!(matches!(first_plain_word("   "), FirstWord::Empty));
    }

    #[test]
    fn simple_commands_replace_the_shell() {
        let exec = |line: &str| ProgramCommand::shell(line).argv()[2].clone();
        assert_eq!(exec("sh -c true"), "exec sh -c true");
        assert_eq!(exec("A=1 sh"), "A=1 sh");
        assert_eq!(exec("sh x; sh y"), "sh x; sh y");
        assert_eq!(exec("read x"), "read x");
        assert_eq!(exec("./missing-program"), "./missing-program");
        // A quoted program too: a path with spaces is as much the program as a plain one.
        assert_eq!(exec("'/bin/sh' -c \"a b\""), "exec '/bin/sh' -c \"a b\"");
        assert_eq!(exec("\"sh\" x"), "exec \"sh\" x");
        assert_eq!(exec("'/bin/sh' x; y"), "'/bin/sh' x; y");
        assert_eq!(exec("'/bin/sh' \"$x\""), "'/bin/sh' \"$x\"");
        assert_eq!(exec("'/surely/no such'"), "'/surely/no such'");
        assert_eq!(exec("sh '/a b/p.sh'"), "exec sh '/a b/p.sh'");
    }

    #[test]
    fn quoted_words_are_the_shells_words_or_none() {
        let words = |line: &str| quoted_words(line);
        assert_eq!(
            words("'/a dir/p' -x \"b c\"d"),
            Some(vec!["/a dir/p".into(), "-x".into(), "b cd".into()])
        );
        assert_eq!(words("''"), Some(vec![String::new()]));
        assert_eq!(words("'a' | b"), None);
        assert_eq!(words("\"a\\\"b\""), None);
        assert_eq!(words("A=1 'p'"), None);
        assert_eq!(
            words("python3 '/a b/p.py'"),
            Some(vec!["python3".into(), "/a b/p.py".into()])
        );
        assert_eq!(words("   "), None);
        assert_eq!(words("'unterminated"), None);
    }

    #[test]
    fn missing_programs_are_reported() {
        let missing = ProgramCommand::shell("./surely-no-such-program-here --flag");
        assert!(matches!(
            missing.check(),
            Err(SpawnError::ProgramNotFound { program }) if program == "./surely-no-such-program-here"
        ));
        let not_in_path = ProgramCommand::shell("surely-no-such-program-here");
        assert!(not_in_path.check().is_err());
        assert!(ProgramCommand::shell("sh -c true").check().is_ok());
        assert!(ProgramCommand::shell("exec sh").check().is_ok());
        let quoted = ProgramCommand::shell("'/surely no/such program' x");
        assert!(matches!(
            quoted.check(),
            Err(SpawnError::ProgramNotFound { program }) if program == "/surely no/such program"
        ));
        assert!(ProgramCommand::shell("'sh' -c true").check().is_ok());
        assert!(ProgramCommand::program("/").check().is_err());
        assert!(ProgramCommand::Argv(vec![]).check().is_err());
    }
}
