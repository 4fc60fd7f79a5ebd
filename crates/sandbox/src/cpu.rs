//! A dialogue kept on one CPU: the caller's thread and the program it talks to never run at
//! the same time (each waits for the other's line), so the thread pins itself, before the
//! spawn, to one CPU the process may use, and the program inherits that affinity (through
//! bubblewrap too). A round trip is then two context switches on that CPU instead of two
//! wake-ups sent across CPUs, which on a virtual machine cost ten times more. Parallel
//! dialogues are spread over the allowed CPUs, one to a CPU; those beyond the number of CPUs
//! are left to the scheduler.

use rustix::thread::{sched_getaffinity, sched_getcpu, sched_setaffinity, CpuSet};
use std::sync::Mutex;

/// The calling thread pinned to one CPU until dropped, when its former affinity comes back;
/// see the module's documentation.
///
/// # Effects beyond the value
///
/// [`SharedCpu::enter`] changes the calling thread's CPU affinity (`sched_setaffinity`), which
/// every process the thread then starts inherits, and counts the dialogue in a table shared by
/// the whole process; dropping the value restores the affinity the thread had and takes the
/// dialogue off the table. Nothing else is touched: other threads keep theirs.
#[derive(Debug)]
pub struct SharedCpu {
    former: CpuSet,
    cpu: usize,
}

/// How many dialogues are pinned to each CPU now, by CPU number.
static DIALOGUES_ON_CPU: Mutex<Vec<u32>> = Mutex::new(Vec::new());

impl SharedCpu {
    /// Pins this thread to an allowed CPU without a dialogue (this thread's own CPU first). `None`,
    /// leaving the affinity alone, when every allowed CPU has a dialogue already, when only one
    /// CPU is allowed, or when the affinity cannot be read or set.
    pub fn enter() -> Option<SharedCpu> {
        let former = sched_getaffinity(None).ok()?;
        let allowed: Vec<usize> = (0..CpuSet::MAX_CPU)
            .filter(|&cpu| former.is_set(cpu))
            .collect();
        if allowed.len() < 2 {
            return None;
        }
        let mut dialogues = DIALOGUES_ON_CPU.lock().unwrap_or_else(|e| e.into_inner());
        let cpu = least_busy(&allowed, &dialogues, sched_getcpu())?;
        if dialogues.get(cpu).is_some_and(|&count| count > 0) {
            // More dialogues than CPUs: the ones beyond are left to the scheduler.
            return None;
        }
        let mut only = CpuSet::new();
        only.set(cpu);
        sched_setaffinity(None, &only).ok()?;
        if dialogues.len() <= cpu {
            dialogues.resize(cpu + 1, 0);
        }
        dialogues[cpu] += 1;
        Some(SharedCpu { former, cpu })
    }

    /// The CPU this thread is pinned to.
    pub fn cpu(&self) -> usize {
        self.cpu
    }
}

/// The CPU of `allowed` with the fewest `dialogues` (by CPU number), `here` first among equals,
/// then the lowest number.
fn least_busy(allowed: &[usize], dialogues: &[u32], here: usize) -> Option<usize> {
    let count = |cpu: usize| dialogues.get(cpu).copied().unwrap_or(0);
    allowed
        .iter()
        .copied()
        .min_by_key(|&cpu| (count(cpu), cpu != here, cpu))
}

impl Drop for SharedCpu {
    fn drop(&mut self) {
        // Failing to widen it again only keeps this thread on one allowed CPU.
        let _ = sched_setaffinity(None, &self.former);
        let mut dialogues = DIALOGUES_ON_CPU.lock().unwrap_or_else(|e| e.into_inner());
        dialogues[self.cpu] -= 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dialogues_go_to_the_least_busy_cpu_this_one_first_among_equals() {
        assert_eq!(least_busy(&[0, 1], &[], 1), Some(1));
        assert_eq!(least_busy(&[0, 1], &[], 7), Some(0));
        assert_eq!(least_busy(&[0, 1], &[0, 1], 1), Some(0));
        assert_eq!(least_busy(&[0, 1, 2, 3], &[1, 1, 0, 1], 0), Some(2));
        // A CPU the judge may not use is never chosen, however idle.
        assert_eq!(least_busy(&[2, 3], &[0, 0, 5, 4], 0), Some(3));
        assert_eq!(least_busy(&[], &[], 0), None);
    }

    fn affinity() -> Vec<usize> {
        let set = sched_getaffinity(None).unwrap();
        (0..CpuSet::MAX_CPU)
            .filter(|&cpu| set.is_set(cpu))
            .collect()
    }

    #[test]
    fn a_dialogue_pins_its_thread_to_one_cpu_and_gives_the_affinity_back() {
        std::thread::spawn(|| {
            let former = affinity();
            let pinned = SharedCpu::enter();
            match &pinned {
                Some(shared) => {
                    assert_eq!(affinity(), vec![shared.cpu()]);
                    assert!(former.contains(&shared.cpu()), "{former:?}");
                }
                // One CPU only, or dialogues on every CPU (other tests'): nothing changes.
                None => assert_eq!(affinity(), former),
            }
            drop(pinned);
            assert_eq!(affinity(), former);
        })
        .join()
        .unwrap();
    }
}
