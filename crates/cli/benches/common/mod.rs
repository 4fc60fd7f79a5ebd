//! What the process benches share: building their C programs and starting programs on pipes.

use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// Compiles `benches/reference/{name}.c` with `gcc -O2` and `flags` into `dir/{output}`.
pub fn build_c(dir: &Path, name: &str, output: &str, flags: &[&str]) -> PathBuf {
    let source = format!("{}/benches/reference/{name}.c", env!("CARGO_MANIFEST_DIR"));
    let binary = dir.join(output);
    let status = Command::new("gcc")
        .arg("-O2")
        .args(flags)
        .arg("-o")
        .arg(&binary)
        .arg(&source)
        .status()
        .expect("gcc runs");
    assert!(status.success(), "gcc failed on {source}");
    binary
}

/// `program` started with its input and output piped to this process (its errors discarded):
/// the process, its input, its buffered output.
pub fn spawn_piped(program: &Path) -> (Child, ChildStdin, BufReader<ChildStdout>) {
    let mut child = Command::new(program)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the program starts");
    let input = child.stdin.take().expect("piped");
    let output = BufReader::new(child.stdout.take().expect("piped"));
    (child, input, output)
}
