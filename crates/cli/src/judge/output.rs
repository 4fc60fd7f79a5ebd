//! Shared printing for `duel ioiwari judge` and `duel mis judge`, in five parts:
//!
//! - [`table`]: the printers, the results table on stdout and a failed build on stderr, every
//!   line of them fitting the terminal's width ([`terminal_width`]);
//! - [`progress`]: the progress bar on stderr;
//! - [`files`]: the output files' policy: the log directory, the files named on the command
//!   line (the report, replaced atomically);
//! - [`status`]: the exit status, and Ctrl-C;
//! - [`clash`]: the files named on the command line checked against each other and against
//!   what the run reads, before the first test;
//!
//! and the [`Printer`] that joins them. The judges (in `duel-arena`) push results into a
//! [`Printer`], which implements [`Observer`](duel_arena::judge::Observer); nothing here knows
//! which game is judged beyond the column titles of [`Columns`].

pub mod clash;
pub mod files;
pub mod printer;
pub mod progress;
pub mod status;
pub mod table;

pub use clash::{refuse_clashes, Named};
pub use files::{compile_text, open_output, write_output, LogDir, LOG_MANIFEST};
pub use printer::{Format, Printer};
pub use progress::Progress;
pub use status::{
    exit_status, finished, interrupt_flag, interrupted_exit_status, EXIT_INTERRUPTED,
};
pub use table::{
    fit, format_ms, memory_footnote, not_run_line, score_line, show_build, terminal_width,
    with_last_column, Columns, ResultTable,
};
