//! The variants' tables behind `/api/ioiwari/variant/*`, solved on demand within bounds: only
//! variants of at most [`MAX_BOARDS`] boards (at most about a second of one core and a few MB
//! each),
//! at most [`CACHED_TABLES`] kept (the least recently used goes first), one solve at a time
//! with at most [`MAX_WAITING`] requests waiting for it. So a visitor asking for variant after
//! variant costs one core and a bounded memory, never the server.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use duel_ioiwari::variant::{SolveOptions, Variant, VariantTable};

/// The most boards, `(cap + 1)^pits`, of a variant solved on demand: 2^24, so every variant
/// `duel ioiwari variants` solves in under a second fits (9 pits of the task's cap 5, 10
/// million boards, in 0.2 s on two cores): 7 pits up to cap 9, 8 up to cap 7, 9 up to cap 5,
/// 10 up to cap 4, 11 and 12 up to cap 3, 13 and 14 cap 2. The largest, 8 pits of cap 7 or 12
/// of cap 3, take about 1.4 s of one core and a table of a few MB.
pub const MAX_BOARDS: u64 = 1 << 24;

/// Solved tables kept between requests.
pub const CACHED_TABLES: usize = 8;

/// Requests that may wait while another variant is solved; more are refused (`503`).
pub const MAX_WAITING: usize = 4;

/// Why a variant's table is not given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableRefusal {
    /// The variant is larger than [`MAX_BOARDS`].
    #[error(
        "{0} has {boards} boards, more than the {MAX_BOARDS} this page solves \
         (duel ioiwari variants --pits {pits} --cap {cap} solves it)",
        boards = .0.board_count(),
        pits = .0.pits(),
        cap = .0.cap()
    )]
    TooLarge(Variant),
    /// Too many requests wait for solves already.
    #[error("other variants are being solved: try again shortly")]
    Busy,
    /// The solver failed; the text is its error's message.
    #[error("the variant could not be solved: {0}")]
    Failed(String),
}

/// The cache of solved tables (see the module's documentation).
#[derive(Debug, Default)]
pub struct VariantTables {
    /// Most recently used last.
    cache: Mutex<VecDeque<(Variant, Arc<VariantTable>)>>,
    solving: Mutex<()>,
    waiting: AtomicUsize,
}

/// Locks `mutex`, whether or not a panic poisoned it (the data stays consistent: every
/// change is one push or one removal).
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|poison| poison.into_inner())
}

impl VariantTables {
    /// Whether `variant` is small enough to be solved on demand.
    pub fn allows(variant: Variant) -> bool {
        variant.board_count() <= MAX_BOARDS
    }

    /// The largest cap allowed with `pits` pits, if any.
    pub fn max_cap(pits: usize) -> Option<u8> {
        (Variant::MIN_CAP..=Variant::MAX_CAP)
            .rev()
            .filter_map(|cap| Variant::new(pits, cap).ok())
            .find(|&variant| VariantTables::allows(variant))
            .map(Variant::cap)
    }

    /// The variants whose tables are kept now, least recently used first.
    pub fn cached(&self) -> Vec<Variant> {
        lock(&self.cache)
            .iter()
            .map(|(variant, _)| *variant)
            .collect()
    }

    fn find(&self, variant: Variant) -> Option<Arc<VariantTable>> {
        let mut cache = lock(&self.cache);
        let at = cache.iter().position(|(kept, _)| *kept == variant)?;
        let entry = cache.remove(at).expect("found");
        let table = Arc::clone(&entry.1);
        cache.push_back(entry);
        Some(table)
    }

    /// The table of `variant`: kept, or solved now (on one core) if the variant is allowed.
    pub fn table(&self, variant: Variant) -> Result<Arc<VariantTable>, TableRefusal> {
        if !VariantTables::allows(variant) {
            return Err(TableRefusal::TooLarge(variant));
        }
        if let Some(table) = self.find(variant) {
            return Ok(table);
        }
        if self.waiting.fetch_add(1, Ordering::SeqCst) >= MAX_WAITING {
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            return Err(TableRefusal::Busy);
        }
        let solving = lock(&self.solving);
        self.waiting.fetch_sub(1, Ordering::SeqCst);
        // Another request may have solved it while this one waited.
        if let Some(table) = self.find(variant) {
            return Ok(table);
        }
        let options = SolveOptions {
            threads: Some(1),
            ..SolveOptions::default()
        };
        let table = VariantTable::solve_with(variant, options)
            .map_err(|error| TableRefusal::Failed(error.to_string()))?;
        let table = Arc::new(table);
        let mut cache = lock(&self.cache);
        cache.push_back((variant, Arc::clone(&table)));
        while cache.len() > CACHED_TABLES {
            cache.pop_front();
        }
        drop(cache);
        drop(solving);
        Ok(table)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_follow_the_board_count() {
        assert_eq!(VariantTables::max_cap(7), Some(9));
        assert_eq!(VariantTables::max_cap(9), Some(5));
        assert_eq!(VariantTables::max_cap(13), Some(2));
        assert_eq!(VariantTables::max_cap(14), Some(2));
        assert_eq!(VariantTables::max_cap(1), None);
        let large = Variant::new(9, 6).unwrap();
        assert_eq!(
            VariantTables::default().table(large).unwrap_err(),
            TableRefusal::TooLarge(large)
        );
    }

    #[test]
    fn requests_past_the_waiting_bound_are_refused_as_busy_and_the_others_are_served() {
        let tables = VariantTables::default();
        let variant = Variant::new(5, 3).unwrap();
        // A solve in progress: every request for a table not kept waits for it.
        let solving = lock(&tables.solving);
        std::thread::scope(|scope| {
            let waiting: Vec<_> = (0..MAX_WAITING)
                .map(|_| scope.spawn(|| tables.table(variant)))
                .collect();
            while tables.waiting.load(Ordering::SeqCst) < MAX_WAITING {
                std::thread::yield_now();
            }
            // One more is refused at once (asked on a thread of its own, so that a request
            // that waited instead fails this test rather than hanging it).
            let (send, answer) = std::sync::mpsc::channel();
            let tables = &tables;
            scope.spawn(move || send.send(tables.table(variant)));
            let answer = answer.recv_timeout(std::time::Duration::from_secs(10));
            drop(solving);
            let answer = answer.expect("a request past the bound is answered at once");
            assert_eq!(answer.unwrap_err(), TableRefusal::Busy);
            for request in waiting {
                assert_eq!(request.join().unwrap().unwrap().variant(), variant);
            }
        });
        // Solved once, by the first request to get the lock; the others found it kept.
        assert_eq!(tables.cached(), [variant]);
        assert_eq!(tables.waiting.load(Ordering::SeqCst), 0);
        assert_eq!(tables.table(variant).unwrap().variant(), variant);
    }

    #[test]
    fn the_cache_keeps_the_most_recent_tables() {
        let tables = VariantTables::default();
        let variants: Vec<Variant> = (2..=5)
            .flat_map(|pits| (2..=4).map(move |cap| Variant::new(pits, cap).unwrap()))
            .collect();
        for &variant in &variants {
            assert_eq!(tables.table(variant).unwrap().variant(), variant);
        }
        let kept = tables.cached();
        assert_eq!(kept, variants[variants.len() - CACHED_TABLES..]);
        // Using a kept table makes it the most recent.
        tables.table(kept[0]).unwrap();
        assert_eq!(tables.cached().last(), Some(&kept[0]));
    }
}
