//! Waiting for the program: one poll of its pipes and pidfd at a time, charged to the wall
//! clock, and the non-blocking reads that follow it.

use super::{Process, STDERR_TAIL_BYTES, TICK};
use crate::runner::pipes::{self, ReadResult};
use crate::runner::{child, Halt};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

impl Process {
    /// Waits until the direct child has exited, discarding its output meanwhile.
    pub(super) fn wait_for_exit(&mut self) -> Result<(), Halt> {
        self.discard_output = true;
        loop {
            if self.exited || self.reaped.is_some() {
                return Ok(());
            }
            if !self.read_stdout() {
                self.wait_step(false)?;
            }
        }
    }

    /// One wait of at most [`TICK`] for output (or room to write), charged to the wall clock,
    /// followed by the periodic checks.
    pub(super) fn wait_step(&mut self, want_write: bool) -> Result<(), Halt> {
        if self
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
        {
            return Err(Halt::Cancelled);
        }
        let remaining = self.limits.wall_time.saturating_sub(self.waited);
        if remaining.is_zero() {
            return Err(self.wall_limit_fault().into());
        }
        let timeout = if self.exited {
            Duration::ZERO
        } else {
            remaining.min(TICK)
        };
        let stdout_wanted = self.discard_output || self.lines.room() > 0;
        // The entries in this order, each there only when waited for.
        let entries = [
            self.stdout
                .as_ref()
                .filter(|_| stdout_wanted)
                .map(pipes::readable),
            self.stderr.as_ref().map(pipes::readable),
            self.stdin
                .as_ref()
                .filter(|_| want_write)
                .map(pipes::writable),
            self.pidfd
                .as_ref()
                .filter(|_| !self.exited)
                .map(pipes::readable),
        ];
        let waited_for = entries.each_ref().map(Option::is_some);
        let mut fds: Vec<_> = entries.into_iter().flatten().collect();
        let started = Instant::now();
        let ready = pipes::poll(&mut fds, timeout);
        self.waited += started.elapsed();
        let mut revents = fds.iter().map(|fd| !fd.revents().is_empty());
        let [stdout_ready, stderr_ready, _, pidfd_ready] =
            waited_for.map(|waited| waited && revents.next().unwrap_or(false));
        drop(fds);
        if stdout_ready {
            self.read_stdout();
        }
        if stderr_ready {
            self.read_stderr();
        }
        if pidfd_ready {
            self.exited = child::has_exited(self.pid);
        }
        if self.exited && ready == 0 {
            // The program is gone but something it started still holds the pipes open:
            // nothing more is coming.
            self.stdout = None;
            self.stdin = None;
        }
        if ready == 0 || self.last_sample.elapsed() >= TICK {
            self.check_progress()?;
        }
        Ok(())
    }

    /// Reads what stdout has now, without waiting. Returns whether anything was read (or the
    /// end of the stream was reached).
    pub(super) fn read_stdout(&mut self) -> bool {
        let Some(fd) = self.stdout.as_ref() else {
            return false;
        };
        if self.raw_output && !self.discard_output {
            // The caller reads it (read_bytes).
            return false;
        }
        let mut chunk = [0u8; 4096];
        let room = if self.discard_output {
            chunk.len()
        } else {
            self.lines.room().min(chunk.len())
        };
        if room == 0 {
            return false;
        }
        match pipes::read_fd(fd, &mut chunk[..room]) {
            ReadResult::Data(n) => {
                if !self.discard_output {
                    self.lines.extend(&chunk[..n]);
                }
                true
            }
            ReadResult::End => {
                self.stdout = None;
                true
            }
            ReadResult::Nothing => false,
        }
    }

    /// Drains what stderr has now into the bounded tail.
    pub(super) fn read_stderr(&mut self) {
        let Some(fd) = self.stderr.as_ref() else {
            return;
        };
        let mut chunk = [0u8; 4096];
        // A bounded number of reads, so a program flooding stderr cannot keep the judge here.
        for _ in 0..16 {
            match pipes::read_fd(fd, &mut chunk) {
                ReadResult::Data(n) => {
                    self.stderr_tail.extend_from_slice(&chunk[..n]);
                    let excess = self.stderr_tail.len().saturating_sub(STDERR_TAIL_BYTES);
                    self.stderr_tail.drain(..excess);
                }
                ReadResult::End => {
                    self.stderr = None;
                    return;
                }
                ReadResult::Nothing => return,
            }
        }
    }
}
