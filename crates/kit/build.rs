//! Embeds the builds of the `ioiwari2` tool that environment variables name: the Windows one
//! when `DUEL_IOIWARI2_EXE` names it (as `.ci/dist` does for a release's Linux duel), the
//! Linux one when `DUEL_IOIWARI2_LINUX` names it (as `.ci/windows.sh` does for duel.exe), so
//! that `duel kit ioiwari` and `duel export` have both builds wherever duel runs. Without a
//! variable nothing is embedded, and the kit looks for that build beside the running duel
//! instead (see `windows_ioiwari2` and `linux_ioiwari2`).

use std::path::PathBuf;

fn main() {
    embed(
        "DUEL_IOIWARI2_EXE",
        "ioiwari2.exe",
        b"MZ",
        "a Windows program",
        "duel_embedded_ioiwari2_exe",
    );
    embed(
        "DUEL_IOIWARI2_LINUX",
        "ioiwari2",
        b"\x7fELF",
        "a Linux program",
        "duel_embedded_ioiwari2_linux",
    );
}

/// Copies the program the variable `var` names into `OUT_DIR/name` and sets `cfg`, after
/// checking that it starts with `magic` (the header of `what`); nothing without the variable.
fn embed(var: &str, name: &str, magic: &[u8], what: &str, cfg: &str) {
    println!("cargo::rustc-check-cfg=cfg({cfg})");
    println!("cargo:rerun-if-env-changed={var}");
    let Some(path) = std::env::var_os(var).filter(|path| !path.is_empty()) else {
        return;
    };
    let path = PathBuf::from(path);
    println!("cargo:rerun-if-changed={}", path.display());
    let bytes = std::fs::read(&path).unwrap_or_else(|error| {
        panic!(
            "{var} names {}, which cannot be read: {error}",
            path.display()
        )
    });
    assert!(
        bytes.starts_with(magic),
        "{var} names {}, which is not {what}",
        path.display()
    );
    let out_dir = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out_dir.join(name), bytes).expect("OUT_DIR is writable");
    println!("cargo:rustc-cfg={cfg}");
}
