//! Two things for the `ioiwari` player, so that it starts as fast as a process can:
//!
//! - its move table, solved here at compile time: for every board (by [`Board::index`]) the
//!   lowest-numbered optimal pit, one nibble per board (0 when the board is empty), written to
//!   `$OUT_DIR/ioiwari_first_moves.bin` (140 KB) and embedded with `include_bytes!`;
//! - a static link of that one binary (glibc's static archives, when the toolchain has them),
//!   which spares it the dynamic loader. The other binaries and `libmis` are untouched.
//!
//! [`Board::index`]: duel_ioiwari::Board::index

use duel_ioiwari::{Board, Table, BOARD_COUNT};
use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let out_dir = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    write_first_moves(&out_dir.join("ioiwari_first_moves.bin"));
    link_ioiwari_statically(&out_dir.join("static-libs"));
}

/// Solves every board and writes the first optimal pit of each, two boards to a byte (the
/// even index in the low nibble).
fn write_first_moves(path: &Path) {
    let table = Table::solve();
    let mut bytes = vec![0u8; BOARD_COUNT.div_ceil(2) as usize];
    for index in 0..BOARD_COUNT {
        let board = Board::from_index(index).expect("index below BOARD_COUNT");
        let pit = table.first_best_move(board).map_or(0, |pit| pit.number());
        bytes[(index / 2) as usize] |= pit << (4 * (index % 2));
    }
    std::fs::write(path, bytes).expect("the move table is written to OUT_DIR");
}

/// The libraries rustc names for a glibc program, each with the static archive that stands in
/// for it (`gcc_s` is the unwinder, whose static form is `libgcc_eh.a`).
const STATIC_STAND_INS: [(&str, &str); 7] = [
    ("gcc_s", "libgcc_eh.a"),
    ("c", "libc.a"),
    ("m", "libm.a"),
    ("rt", "librt.a"),
    ("pthread", "libpthread.a"),
    ("dl", "libdl.a"),
    ("util", "libutil.a"),
];

/// Links the `ioiwari` binary statically, as a plain (non-PIE) executable.
///
/// rustc asks for `-lgcc_s -lc ...` in dynamic mode; a directory that holds only the static
/// archives under those names, searched before the system's, makes the linker take them. When
/// an archive is missing (another libc, no static glibc installed) the binary stays dynamic.
fn link_ioiwari_statically(dir: &Path) {
    let gnu_linux = std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux")
        && std::env::var("CARGO_CFG_TARGET_ENV").as_deref() == Ok("gnu");
    if !gnu_linux {
        return;
    }
    let compiler = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let mut archives = Vec::new();
    for (name, file) in STATIC_STAND_INS {
        let found = Command::new(&compiler)
            .arg(format!("-print-file-name={file}"))
            .output()
            .ok()
            .filter(|output| output.status.success())
            .map(|output| PathBuf::from(String::from_utf8_lossy(&output.stdout).trim()));
        // Without the archive the compiler prints the bare name back.
        match found {
            Some(path) if path.is_absolute() && path.is_file() => archives.push((name, path)),
            _ => {
                println!("cargo:warning=no {file}: the ioiwari player is linked dynamically");
                return;
            }
        }
    }
    std::fs::create_dir_all(dir).expect("OUT_DIR is writable");
    for (name, archive) in archives {
        let link = dir.join(format!("lib{name}.a"));
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(&archive, &link).expect("OUT_DIR is writable");
    }
    for arg in [
        "-no-pie".to_string(),
        "-static".into(),
        format!("-L{}", dir.display()),
    ] {
        println!("cargo:rustc-link-arg-bin=ioiwari={arg}");
    }
}
