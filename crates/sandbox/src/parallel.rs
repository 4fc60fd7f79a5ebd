//! Running tests on several threads while delivering their results in test order.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// How a parallel run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Completion {
    /// How many tests finished (and were delivered).
    pub finished: usize,
    /// Whether the run was stopped before every test finished.
    pub interrupted: bool,
}

/// Runs `work(i)` for every `i` in `0..count` on `jobs` threads and calls `deliver(i, result)`
/// in increasing `i`, so the output does not depend on `jobs`. `progress(done)` is called
/// whenever any test finishes, in whatever order they finish.
///
/// `work` returns `Ok(None)` for a test it abandoned because of `stop`. Once `stop` is set, no
/// new test starts; the finished tests are still delivered (in order, skipping abandoned ones)
/// and the completion is marked interrupted. The first `Err` stops the run the same way and is
/// returned after the running tests have ended.
///
/// ```
/// use duel_sandbox::run_in_order;
/// use std::sync::atomic::AtomicBool;
/// let mut seen = Vec::new();
/// let completion = run_in_order(
///     5,
///     3,
///     &AtomicBool::new(false),
///     |i| Ok::<_, ()>(Some(i * i)),
///     |_| {},
///     |i, square| seen.push((i, square)),
/// )
/// .unwrap();
/// assert_eq!(seen, [(0, 0), (1, 1), (2, 4), (3, 9), (4, 16)]);
/// assert!(!completion.interrupted);
/// ```
pub fn run_in_order<R: Send, E: Send>(
    count: usize,
    jobs: usize,
    stop: &AtomicBool,
    work: impl Fn(usize) -> Result<Option<R>, E> + Sync,
    mut progress: impl FnMut(usize),
    mut deliver: impl FnMut(usize, R),
) -> Result<Completion, E> {
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let stopping = || stop.load(Ordering::Relaxed) || failed.load(Ordering::Relaxed);
    let (sender, receiver) = mpsc::channel::<(usize, Result<Option<R>, E>)>();
    let mut waiting: BTreeMap<usize, R> = BTreeMap::new();
    let mut next_to_deliver = 0;
    let mut finished = 0;
    let mut abandoned = false;
    let mut first_error = None;
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, count.max(1)) {
            let sender = sender.clone();
            let (next, work, stopping) = (&next, &work, &stopping);
            scope.spawn(move || loop {
                if stopping() {
                    return;
                }
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= count {
                    return;
                }
                if sender.send((index, work(index))).is_err() {
                    return;
                }
            });
        }
        drop(sender);
        for (index, outcome) in receiver {
            match outcome {
                Ok(Some(result)) => {
                    finished += 1;
                    progress(finished);
                    waiting.insert(index, result);
                    while let Some(result) = waiting.remove(&next_to_deliver) {
                        deliver(next_to_deliver, result);
                        next_to_deliver += 1;
                    }
                }
                Ok(None) => abandoned = true,
                Err(error) => {
                    failed.store(true, Ordering::Relaxed);
                    first_error.get_or_insert(error);
                }
            }
        }
    });
    if let Some(error) = first_error {
        return Err(error);
    }
    // Stopped early: the finished tests after a gap still count.
    for (index, result) in waiting {
        deliver(index, result);
    }
    Ok(Completion {
        finished,
        interrupted: abandoned || finished < count,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn order_is_kept_whatever_finishes_first() {
        let mut order = Vec::new();
        run_in_order(
            6,
            4,
            &AtomicBool::new(false),
            |i| {
                std::thread::sleep(Duration::from_millis(((6 - i) * 10) as u64));
                Ok::<_, ()>(Some(i))
            },
            |_| {},
            |i, r| order.push((i, r)),
        )
        .unwrap();
        assert_eq!(order, (0..6).map(|i| (i, i)).collect::<Vec<_>>());
    }

    #[test]
    fn a_stop_keeps_the_finished_tests() {
        let stop = AtomicBool::new(false);
        let mut delivered = Vec::new();
        let completion = run_in_order(
            10,
            1,
            &stop,
            |i| {
                if i == 2 {
                    stop.store(true, Ordering::Relaxed);
                    return Ok::<_, ()>(None);
                }
                Ok(Some(i))
            },
            |_| {},
            |i, _| delivered.push(i),
        )
        .unwrap();
        assert_eq!(delivered, [0, 1]);
        assert_eq!(
            completion,
            Completion {
                finished: 2,
                interrupted: true
            }
        );
    }

    #[test]
    fn the_first_error_is_returned() {
        let result = run_in_order(
            10,
            2,
            &AtomicBool::new(false),
            |i| if i == 3 { Err(i) } else { Ok(Some(i)) },
            |_| {},
            |_, _| {},
        );
        assert_eq!(result, Err(3));
    }

    #[test]
    fn no_tests_is_a_complete_run() {
        let completion = run_in_order(
            0,
            4,
            &AtomicBool::new(false),
            |_| Ok::<Option<()>, ()>(None),
            |_| {},
            |_, _| {},
        )
        .unwrap();
        assert!(!completion.interrupted);
    }
}
