//! Building the C programs and modules the tests play with: gcc, which must be installed
//! (`apt-get install gcc`), run so that a failure names the source and stops the test.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Runs `gcc` with `args` and insists that it succeeds.
pub fn gcc<I, S>(args: I)
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    let args: Vec<_> = args.into_iter().map(|a| a.as_ref().to_owned()).collect();
    let status = Command::new("gcc")
        .args(&args)
        .status()
        .expect("gcc is needed to build the test programs (apt-get install gcc)");
    assert!(status.success(), "gcc {args:?} failed");
}

/// Compiles the C file `source` with `gcc -O2 FLAGS -o OUTPUT SOURCE`.
pub fn gcc_o2(flags: &[&str], output: &Path, source: &Path) {
    let mut args: Vec<&OsStr> = vec!["-O2".as_ref()];
    args.extend(flags.iter().map(OsStr::new));
    args.extend(["-o".as_ref(), output.as_os_str(), source.as_os_str()]);
    gcc(args);
}

/// Writes the C `text` to `dir/<name>.c` and compiles it into the shared library
/// `dir/lib<name>.so` (a module, in the MIS task's words); returns the library's path.
pub fn c_module(dir: &Path, name: &str, text: &str) -> PathBuf {
    let file = dir.join(format!("{name}.c"));
    std::fs::write(&file, text).unwrap();
    let library = dir.join(format!("lib{name}.so"));
    gcc_o2(&["-shared", "-fPIC"], &library, &file);
    library
}

/// Writes the C `text` to `dir/<name>.c` and compiles it into the program `dir/<name>`;
/// returns the program's path.
pub fn c_program(dir: &Path, name: &str, text: &str) -> PathBuf {
    let file = dir.join(format!("{name}.c"));
    std::fs::write(&file, text).unwrap();
    let program = dir.join(name);
    gcc_o2(&[], &program, &file);
    program
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_program_is_built_and_runs() {
        let dir = tempfile::tempdir().unwrap();
        let program = c_program(
            dir.path(),
            "seven",
            "#include <stdio.h>\nint main(void) { puts(\"7\"); return 3; }\n",
        );
        let output = Command::new(program).output().unwrap();
        assert_eq!(output.stdout, b"7\n");
        assert_eq!(output.status.code(), Some(3));
        let module = c_module(dir.path(), "m", "int f(void) { return 1; }\n");
        assert!(module.ends_with("libm.so") && module.is_file());
    }

    #[test]
    #[should_panic(expected = "failed")]
    fn a_source_that_does_not_build_stops_the_test() {
        let dir = tempfile::tempdir().unwrap();
        c_program(dir.path(), "broken", "int main(void) { return }\n");
    }
}
