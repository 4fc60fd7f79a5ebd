//! `duel kit mis DIR` and `duel kit ioiwari DIR`: the contestant kits of the two tasks.

use anyhow::{Context, Result};
use clap::{Args, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The help of `duel kit mis`, its build lines rendered by [`duel_kit::with_build_lines`].
const MIS_HELP: &str = "\
Writes DIR/mis/: mis_c/{mis.h, mis.c, graj.c}, mis_cpp/{mis.h, mis.cpp, graj.cpp},
mis_pas/{mis.pas, graj.pas}, README.md and STATEMENT.md (the task, with a sample game), as
duel kit ioiwari writes DIR/ioiwari/. The skeleton modules take one stick each turn; each graj
builds with its module (the judge's own commands, so what builds here builds in the judge) and
plays the kit's simple Lolek:
  @@c module graj graj.c mis.c@@
  @@cpp module graj graj.cpp mis.cpp@@
  @@pascal module graj graj.pas@@
On Windows the same with graj.exe (MinGW gcc/g++ as Code::Blocks and Dev-C++ ship them, or
Free Pascal): the README's section On Windows.

Existing files are never replaced unless --force is given. Nothing is written through a
symbolic link: --force replaces a link in place of a kit file itself (its target is left as it
is), and a link in place of one of the kit's directories is refused. Exit status: 0 written,
2 not.

Examples:
  duel kit mis kit && cd kit/mis/mis_c && @@c module graj graj.c mis.c@@ && ./graj 7 2 3";

/// The help of `duel kit ioiwari`, its build lines rendered by [`duel_kit::with_build_lines`].
const IOIWARI_HELP: &str = "\
Writes DIR/ioiwari/: the ioiwari2 tool (a copy of the one installed next to duel) and
ioiwari2.exe, the same tool for Windows (when this duel has it: built in by a release, or beside
duel; else a note says how to get it), skeleton players player.c, player.cpp, player.pas and
player.py that play a legal move each turn and flush it, the 24 official start boards as
tests/01.txt to tests/24.txt (and all of them in tests/official.txt), README.md (naming only
the tools the kit holds) and STATEMENT.md (the task, with a sample game).

Existing files are never replaced unless --force is given. Nothing is written through a
symbolic link: --force replaces a link in place of a kit file itself (its target is left as it
is), and a link in place of one of the kit's directories is refused. Exit status: 0 written,
2 not.

Examples:
  duel kit ioiwari kit && cd kit/ioiwari && @@c player player player.c@@
  ./ioiwari2 --run ./player                   (Windows: ioiwari2.exe --run player.exe)
  duel ioiwari judge --player ./player";

/// Which kit to write.
#[derive(Debug, Subcommand)]
pub enum KitCommand {
    /// The Pooh-Eeyore-sticks kit in DIR/mis: mis_c, mis_cpp and mis_pas with skeletons and graj.
    #[command(after_help = duel_kit::with_build_lines(MIS_HELP))]
    Mis(KitArgs),
    /// The Ioiwari kit in DIR/ioiwari: ioiwari2, skeleton players in four languages, the official boards.
    #[command(after_help = duel_kit::with_build_lines(IOIWARI_HELP))]
    Ioiwari(KitArgs),
}

/// Where to write a kit.
#[derive(Debug, Args)]
pub struct KitArgs {
    /// The directory to write the kit into (created if needed).
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,

    /// Replace the kit's files if they exist (a link there is replaced, never followed).
    #[arg(long)]
    pub force: bool,
}

/// Runs `duel kit ...`.
pub fn run(command: KitCommand) -> Result<ExitCode> {
    let (written, dir) = match command {
        KitCommand::Mis(args) => (
            duel_kit::write_mis(&args.dir, args.force)?,
            args.dir.join("mis"),
        ),
        KitCommand::Ioiwari(args) => {
            let kit = duel_kit::write_ioiwari(&args.dir, &own_dir()?, args.force)?;
            if let Some(how) = kit.missing {
                eprintln!("duel: note: {how}");
            }
            (kit.written, args.dir.join("ioiwari"))
        }
    };
    println!("wrote {} files under {}", written.len(), dir.display());
    println!("read {} first", dir.join("README.md").display());
    Ok(ExitCode::SUCCESS)
}

/// The directory of the running `duel`, where its tools are.
fn own_dir() -> Result<PathBuf> {
    let exe = std::env::current_exe().context("cannot locate the running duel program")?;
    Ok(exe.parent().unwrap_or(Path::new(".")).to_path_buf())
}
