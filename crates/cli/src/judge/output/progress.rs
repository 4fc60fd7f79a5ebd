//! The progress display: a bar on stderr while the tests run.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{self, IsTerminal};

/// A progress bar on stderr, drawn only when stderr is a terminal.
pub struct Progress {
    bar: Option<ProgressBar>,
}

impl Progress {
    /// A bar for `planned` tests, hidden unless stderr is a terminal.
    pub fn new(planned: usize) -> Progress {
        if !io::stderr().is_terminal() {
            return Progress { bar: None };
        }
        let bar = ProgressBar::with_draw_target(Some(planned as u64), ProgressDrawTarget::stderr());
        // The bar, then `pos/len tests  elapsed`: the bar is as long as the rest of the line
        // leaves, at most 40.
        let figures = format!(" {planned}/{planned} tests  00:00:00").len();
        let bar_width = super::table::terminal_width()
            .saturating_sub(figures + 1)
            .clamp(10, 40);
        let template = format!("{{bar:{bar_width}}} {{pos}}/{{len}} tests  {{elapsed}}");
        let style = ProgressStyle::with_template(&template)
            .unwrap_or_else(|_| ProgressStyle::default_bar());
        bar.set_style(style);
        Progress { bar: Some(bar) }
    }

    /// `done` tests have finished.
    pub fn set(&self, done: usize) {
        if let Some(bar) = &self.bar {
            bar.set_position(done as u64);
        }
    }

    /// Runs `print` with the bar hidden, so lines on a shared terminal stay clean.
    pub fn suspend<R>(&self, print: impl FnOnce() -> R) -> R {
        match &self.bar {
            Some(bar) => bar.suspend(print),
            None => print(),
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
