//! Go, built by `go build` (Debian's `golang-go`): one file, the standard library only.
//!
//! The judge's environment is cleared, so the go command gets its own: `HOME`, `GOCACHE` and
//! `GOPATH` inside the build directory (removed with it; nothing is shared between builds or
//! written to the judge's home), `CGO_ENABLED=0` (no C toolchain at build time, a static
//! program), `GOPROXY=off` and `GOFLAGS=-mod=mod` (a source that imports beyond the standard
//! library fails at once instead of reaching for the network or a `go.mod`),
//! `GOTOOLCHAIN=local` and `GOTELEMETRY=off` (newer go commands neither fetch a toolchain nor
//! write telemetry). A build starts the go command, the compiler and the linker, a few
//! threads each: far below the compile limit of 64 processes and threads; a player has about
//! five threads.
//!
//! Memory: Go's runtime reserves several hundred megabytes of address space when it starts
//! (its page allocator's summaries), so under `RLIMIT_AS` (the runner's limit when no cgroup
//! limits memory) a Go program dies at once below about 700 MiB ("failed to reserve page
//! summary memory"), whatever it uses: its definition's memory allowance
//! ([`Language::memory_allowance`], 768 MiB) is what the judge adds to a built Go player's
//! `RLIMIT_AS` there (`Limits::with_address_allowance`; its resident memory is still held to
//! the limit). With a cgroup (cgroup v1, or a delegated v2 cgroup: every judge run as root
//! here) only the pages it uses count, as for every language; the
//! compiler's 1.5 GiB address space is enough for the go command, the compiler and the
//! linker.
//!
//! The file keeps the contestant's name only when the go command would read it as written:
//! it ignores files named `_x.go` or `.x.go`, and takes `x_test.go`, `x_linux.go` or
//! `x_arm64.go` as test or platform files; such a file is built as `player.go`.

use super::PLAIN;
use crate::compile::definition::{Definition, Language, Tools};
use std::ffi::OsString;
use std::path::Path;

impl Language {
    /// Go (`.go`), built by the go command.
    pub const GO: Language = Language(&duel_languages::GO);
}

pub(super) const DEFINITION: Definition = Definition {
    stem_allowed: Some(is_plain_stem),
    tools: Tools {
        env: go_env,
        ..Tools::PLAIN
    },
    ..PLAIN
};

/// Letters, digits and `-`, from a letter or digit: no `_` that could make a test or platform
/// file of it.
fn is_plain_stem(stem: &str) -> bool {
    stem.starts_with(|c: char| c.is_ascii_alphanumeric())
        && stem.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

/// The go command's homes in the build directory, and no cgo, network or toolchain download.
fn go_env(dir: &Path) -> Vec<(String, OsString)> {
    let inside = |name: &str| dir.join(name).into_os_string();
    vec![
        ("HOME".to_owned(), dir.as_os_str().to_owned()),
        ("GOCACHE".to_owned(), inside("go-cache")),
        ("GOPATH".to_owned(), inside("go-path")),
        ("CGO_ENABLED".to_owned(), "0".into()),
        ("GOPROXY".to_owned(), "off".into()),
        ("GOFLAGS".to_owned(), "-mod=mod".into()),
        ("GOTOOLCHAIN".to_owned(), "local".into()),
        ("GOTELEMETRY".to_owned(), "off".into()),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::{own_name_allowed, Target};

    #[test]
    fn go_sources_are_known_by_name_and_extension() {
        assert_eq!(Language::from_path("main.GO".as_ref()), Some(Language::GO));
        assert_eq!("golang".parse::<Language>(), Ok(Language::GO));
        assert!(!Language::GO.builds_modules() && Language::GO.recipe(Target::Module).is_none());
        let go = Language::GO;
        assert!(go.names_a_tool_in("go build -o x x.go"));
        assert!(go.names_a_tool_in("/usr/lib/go-1.19/bin/go build x.go"));
        assert!(!go.names_a_tool_in("cargo build"));
        assert!(!go.names_a_tool_in("gcc -o go.out x.c"));
        assert!(own_name_allowed("x/eve-2.go".as_ref(), Language::GO));
        assert!(!own_name_allowed("eve_test.go".as_ref(), Language::GO));
    }

    #[test]
    fn only_names_the_go_command_reads_as_written_are_kept() {
        for stem in ["eve", "player-2", "Main", "1st"] {
            assert!(is_plain_stem(stem), "{stem}");
        }
        for stem in ["eve_test", "eve_linux", "_eve", ".eve", "my eve", ""] {
            assert!(!is_plain_stem(stem), "{stem}");
        }
    }

    #[test]
    fn the_build_stays_in_its_directory() {
        let env = go_env(Path::new("/b"));
        let get = |name: &str| {
            env.iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.to_str().unwrap().to_owned())
        };
        assert_eq!(get("HOME").as_deref(), Some("/b"));
        assert!(get("GOCACHE").unwrap().starts_with("/b/"));
        assert!(get("GOPATH").unwrap().starts_with("/b/"));
        assert_eq!(get("CGO_ENABLED").as_deref(), Some("0"));
    }
}
