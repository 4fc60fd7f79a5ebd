//! The [`Transport`] of an MPI job: Open MPI's `MPI_Alltoallv` for the exchanges,
//! `MPI_Allreduce` for the logical or, `MPI_Gatherv` to collect small results on process 0,
//! and point-to-point messages of bounded size to stream the table there.

use mpi::collective::SystemOperation;
use mpi::datatype::{Partition as Parts, PartitionMut};
use mpi::topology::SimpleCommunicator;
use mpi::traits::*;
use mpi::Count;

use crate::Transport;

/// The processes of `MPI_COMM_WORLD`.
pub struct MpiTransport<'a> {
    world: &'a SimpleCommunicator,
}

impl<'a> MpiTransport<'a> {
    /// The transport over `world`.
    pub fn new(world: &'a SimpleCommunicator) -> MpiTransport<'a> {
        MpiTransport { world }
    }

    /// Sends `send[q]` to every process `q` in one `MPI_Alltoallv`, after an `MPI_Alltoall`
    /// of the counts.
    fn exchange<T: Equivalence + Default + Clone>(&self, send: Vec<Vec<T>>) -> Vec<Vec<T>> {
        let processes = send.len();
        let send_counts: Vec<Count> = send.iter().map(|list| count(list.len())).collect();
        let mut receive_counts: Vec<Count> = vec![0; processes];
        self.world
            .all_to_all_into(&send_counts[..], &mut receive_counts[..]);
        // One unused item more in each buffer: an empty vector's pointer is the same dangling
        // address for both, which Open MPI refuses as a send buffer aliasing the receive one.
        let mut flat: Vec<T> = send.into_iter().flatten().collect();
        flat.push(T::default());
        let send_displs = displacements(&send_counts);
        let receive_displs = displacements(&receive_counts);
        let total: usize = receive_counts.iter().map(|&n| n as usize).sum();
        let mut received = vec![T::default(); total + 1];
        {
            let parts = Parts::new(&flat[..], &send_counts[..], &send_displs[..]);
            let mut into =
                PartitionMut::new(&mut received[..], &receive_counts[..], &receive_displs[..]);
            self.world.all_to_all_varcount_into(&parts, &mut into);
        }
        receive_displs
            .iter()
            .zip(&receive_counts)
            .map(|(&at, &n)| received[at as usize..(at + n) as usize].to_vec())
            .collect()
    }

    /// Concatenates every process's `items` on process 0 (in process order); `None` on the
    /// others.
    pub fn gather<T: Equivalence + Default + Clone>(&self, items: &[T]) -> Option<Vec<T>> {
        let root = self.world.process_at_rank(0);
        let mine = count(items.len());
        if self.world.rank() == 0 {
            let mut counts: Vec<Count> = vec![0; self.world.size() as usize];
            root.gather_into_root(&mine, &mut counts[..]);
            let displs = displacements(&counts);
            let total: usize = counts.iter().map(|&n| n as usize).sum();
            // One unused item more, as in the exchanges.
            let mut all = vec![T::default(); total + 1];
            {
                let mut into = PartitionMut::new(&mut all[..], &counts[..], &displs[..]);
                root.gather_varcount_into_root(items, &mut into);
            }
            all.truncate(total);
            Some(all)
        } else {
            root.gather_into(&mine);
            root.gather_varcount_into(items);
            None
        }
    }
}

impl MpiTransport<'_> {
    /// Hands every process's `items` to `sink` on process 0, process after process, in
    /// messages of at most `chunk` items: however many items there are, no MPI count (32-bit)
    /// overflows and process 0 holds one message at a time, not the whole. Returns what the
    /// sink returned on process 0 (the first error, after every message has still been
    /// received, so that no process waits forever) and `Ok` on the others.
    pub fn stream_to_root<T, E>(
        &self,
        items: &[T],
        chunk: usize,
        mut sink: impl FnMut(&[T]) -> Result<(), E>,
    ) -> Result<(), E>
    where
        T: Equivalence + Default + Clone,
    {
        assert!(chunk > 0, "a message holds at least one item");
        let chunk = chunk.min(i32::MAX as usize);
        let root = self.world.process_at_rank(0);
        if self.world.rank() != 0 {
            root.send(&(items.len() as u64));
            for piece in items.chunks(chunk) {
                root.send(piece);
            }
            return Ok(());
        }
        let mut outcome = items.chunks(chunk).try_for_each(&mut sink);
        let mut buffer: Vec<T> = Vec::new();
        for rank in 1..self.world.size() {
            let process = self.world.process_at_rank(rank);
            let (mut left, _) = process.receive::<u64>();
            while left > 0 {
                let size = left.min(chunk as u64) as usize;
                buffer.clear();
                buffer.resize(size, T::default());
                process.receive_into(&mut buffer[..]);
                if outcome.is_ok() {
                    outcome = sink(&buffer);
                }
                left -= size as u64;
            }
        }
        outcome
    }
}

/// A length as an MPI count (MPI counts are 32-bit).
fn count(len: usize) -> Count {
    Count::try_from(len).expect("fewer than 2^31 items in one message")
}

/// Where each part starts when parts of `counts` items are laid end to end.
fn displacements(counts: &[Count]) -> Vec<Count> {
    counts
        .iter()
        .scan(0 as Count, |at, &n| {
            let start = *at;
            *at = at
                .checked_add(n)
                .expect("fewer than 2^31 items in one message");
            Some(start)
        })
        .collect()
}

impl Transport for MpiTransport<'_> {
    fn me(&self) -> usize {
        self.world.rank() as usize
    }

    fn processes(&self) -> usize {
        self.world.size() as usize
    }

    fn exchange_ranks(&mut self, send: Vec<Vec<u64>>) -> Vec<Vec<u64>> {
        self.exchange(send)
    }

    fn exchange_values(&mut self, send: Vec<Vec<i8>>) -> Vec<Vec<i8>> {
        self.exchange(send)
    }

    fn any(&mut self, flag: bool) -> bool {
        let mut any = 0u8;
        self.world
            .all_reduce_into(&u8::from(flag), &mut any, SystemOperation::max());
        any != 0
    }
}
