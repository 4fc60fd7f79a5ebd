//! A busy machine, for tests of races that an idle one hides: threads that keep processors
//! busy until dropped.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

/// Threads spinning on the processors until this is dropped (then they stop and are joined).
#[derive(Debug)]
pub struct Load {
    stop: Arc<AtomicBool>,
    threads: Vec<JoinHandle<()>>,
}

impl Load {
    /// One spinning thread per processor this machine has (at least one).
    pub fn every_processor() -> Load {
        let processors = std::thread::available_parallelism().map_or(1, usize::from);
        Load::threads(processors)
    }

    /// `count` spinning threads.
    pub fn threads(count: usize) -> Load {
        let stop = Arc::new(AtomicBool::new(false));
        let threads = (0..count)
            .map(|_| {
                let stop = Arc::clone(&stop);
                std::thread::spawn(move || {
                    while !stop.load(Ordering::Relaxed) {
                        std::hint::spin_loop();
                    }
                })
            })
            .collect();
        Load { stop, threads }
    }
}

impl Drop for Load {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Load;

    #[test]
    fn the_threads_run_while_held_and_end_when_dropped() {
        let load = Load::threads(2);
        assert_eq!(load.threads.len(), 2);
        assert!(load.threads.iter().all(|thread| !thread.is_finished()));
        drop(load);
        assert!(!Load::every_processor().threads.is_empty());
    }
}
