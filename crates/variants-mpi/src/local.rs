//! [`solve_in_process`]: the processes of a job simulated by threads of one process that
//! exchange plain vectors, running the same [`solve_node`] as the MPI build.

use std::sync::{Barrier, Mutex};

use duel_ioiwari::variant::ClassSpace;

use crate::{solve_node, NodeResult, Partition, Transport};

/// The mailboxes the simulated processes share: `slots[from][to]` holds what `from` sends to
/// `to` in the current exchange.
struct Hub {
    barrier: Barrier,
    ranks: Mutex<Vec<Vec<Vec<u64>>>>,
    values: Mutex<Vec<Vec<Vec<i8>>>>,
    flags: Mutex<Vec<bool>>,
}

/// One simulated process's end of the [`Hub`].
struct Local<'a> {
    me: usize,
    processes: usize,
    hub: &'a Hub,
}

impl Local<'_> {
    /// Puts `send` in this process's slots, waits for every process, takes what was sent
    /// here, and waits again so that no slot is refilled before it is read.
    fn exchange<T>(&self, slots: &Mutex<Vec<Vec<Vec<T>>>>, send: Vec<Vec<T>>) -> Vec<Vec<T>> {
        assert_eq!(send.len(), self.processes, "one list for each process");
        slots.lock().expect("no thread panicked")[self.me] = send;
        self.hub.barrier.wait();
        let received = {
            let mut slots = slots.lock().expect("no thread panicked");
            (0..self.processes)
                .map(|from| std::mem::take(&mut slots[from][self.me]))
                .collect()
        };
        self.hub.barrier.wait();
        received
    }
}

impl Transport for Local<'_> {
    fn me(&self) -> usize {
        self.me
    }

    fn processes(&self) -> usize {
        self.processes
    }

    fn exchange_ranks(&mut self, send: Vec<Vec<u64>>) -> Vec<Vec<u64>> {
        self.exchange(&self.hub.ranks, send)
    }

    fn exchange_values(&mut self, send: Vec<Vec<i8>>) -> Vec<Vec<i8>> {
        self.exchange(&self.hub.values, send)
    }

    fn any(&mut self, flag: bool) -> bool {
        self.hub.flags.lock().expect("no thread panicked")[self.me] = flag;
        self.hub.barrier.wait();
        let any = self
            .hub
            .flags
            .lock()
            .expect("no thread panicked")
            .iter()
            .any(|&flag| flag);
        self.hub.barrier.wait();
        any
    }
}

/// Solves every class of `space` as `processes` processes would, each on a thread of its
/// own, with rounds of about `batch` classes; returns each process's result in process order.
pub fn solve_in_process(space: &ClassSpace, processes: usize, batch: u64) -> Vec<NodeResult> {
    let partition = Partition::new(space.count(), processes);
    let hub = Hub {
        barrier: Barrier::new(processes),
        ranks: Mutex::new(vec![vec![Vec::new(); processes]; processes]),
        values: Mutex::new(vec![vec![Vec::new(); processes]; processes]),
        flags: Mutex::new(vec![false; processes]),
    };
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..processes)
            .map(|me| {
                let (hub, partition) = (&hub, &partition);
                scope.spawn(move || {
                    let mut local = Local { me, processes, hub };
                    solve_node(space, partition, &mut local, batch)
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|worker| worker.join().expect("a simulated process panicked"))
            .collect()
    })
}
