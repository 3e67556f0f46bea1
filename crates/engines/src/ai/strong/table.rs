//! The shared transposition table: bounds on the gain of a free set, lock-free for threads.
//!
//! Each entry is two `AtomicU64`: the data word and `key ^ data`. A reader accepts an
//! entry only when the two words xor back to its key, so a torn write (two threads storing
//! at once) reads as a miss, never as another position's bounds (the "xor trick" of
//! lock-free chess tables). Four entries make a 64-byte bucket, one cache line.
//!
//! The memory comes zeroed from the allocator (fresh pages from the OS cost nothing until
//! touched) and its failure is an error, not an abort: a 3 GB table no longer costs
//! seconds of zero-filling before a 100 ms search, and a table that does not fit is
//! answered in one line.

use std::sync::atomic::{AtomicU64, Ordering};

/// Entries per bucket: 4 x 16 bytes = one cache line.
const WAYS: usize = 4;
/// Words per bucket: a check and a data word per entry.
const BUCKET_WORDS: usize = 2 * WAYS;
/// Bytes per bucket.
const BUCKET_BYTES: usize = BUCKET_WORDS * 8;

/// The draft of an entry whose bounds are exact game values (searched to the end).
pub(super) const EXACT: u8 = u8::MAX;

/// No move stored.
pub(super) const NO_MOVE: u8 = u8::MAX;

/// The table size of engines that keep one, when none is asked for. The registry's
/// configuration checks use it and [`MAX_HASH_MB`]; they are the table's own facts.
pub const DEFAULT_HASH_MB: usize = 256;
/// The largest table accepted: 64 GiB.
pub const MAX_HASH_MB: usize = 64 * 1024;

/// Values are gains of at most 225 cells; stored with this offset in 10 bits.
const OFFSET: i32 = 512;

/// What the table knows about one free set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// A lower bound on the value.
    pub lower: i32,
    /// An upper bound on the value.
    pub upper: i32,
    /// The best (or refuting) move's cell index, or [`NO_MOVE`].
    pub mv: u8,
    /// The depth the bounds hold for, or [`EXACT`].
    pub draft: u8,
    /// log2 of the nodes the search below took: the replacement's measure of work.
    pub work: u8,
}

impl Entry {
    fn pack(self) -> u64 {
        let lower = (self.lower + OFFSET) as u64 & 0x3FF;
        let upper = (self.upper + OFFSET) as u64 & 0x3FF;
        lower
            | upper << 10
            | u64::from(self.mv) << 20
            | u64::from(self.draft) << 28
            | u64::from(self.work) << 36
    }

    fn unpack(data: u64) -> Entry {
        Entry {
            lower: (data & 0x3FF) as i32 - OFFSET,
            upper: (data >> 10 & 0x3FF) as i32 - OFFSET,
            mv: (data >> 20) as u8,
            draft: (data >> 28) as u8,
            work: (data >> 36) as u8,
        }
    }

    /// How much the entry is worth keeping: exact and deep entries, then expensive ones.
    fn priority(self) -> u32 {
        u32::from(self.draft) * 64 + u32::from(self.work)
    }
}

/// A table that could not be allocated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not enough memory for a table of {mb} MiB")]
pub struct TableError {
    /// The size asked for, in MiB (rounded up).
    pub mb: usize,
}

/// The table. Shared by reference between threads; every method takes `&self`.
pub struct Table {
    /// The buckets' words, zeroed by the allocator; bucket `b` starts at
    /// `start + b * BUCKET_WORDS` (the start puts every bucket on one cache line).
    words: Box<[AtomicU64]>,
    start: usize,
    buckets: usize,
}

impl Table {
    /// Entries per bucket.
    pub(crate) const WAYS: usize = WAYS;
    /// Bytes per bucket (one cache line).
    pub(crate) const BUCKET_BYTES: usize = BUCKET_BYTES;

    /// The buckets of a table of about `mb` MiB (at least one).
    pub(crate) fn buckets_of_mb(mb: usize) -> usize {
        (mb.saturating_mul(1 << 20) / BUCKET_BYTES).max(1)
    }

    /// A table of about `mb` MiB, or the largest half, quarter... of it that the memory
    /// allows: for engines that must answer whatever the machine has. A command whose
    /// user set the size uses `Table::try_with_buckets` and reports the failure.
    pub fn with_mb(mb: usize) -> Table {
        Table::with_buckets(Table::buckets_of_mb(mb))
    }

    /// A table of `count` buckets (at least one), or the largest half, quarter... of it
    /// that the memory allows. Tests use tiny ones to force collisions.
    pub fn with_buckets(count: usize) -> Table {
        let mut count = count.max(1);
        loop {
            match Table::try_with_buckets(count) {
                Ok(table) => return table,
                Err(_) if count > 1 => count /= 2,
                // One bucket is 120 bytes: without them nothing else would run either.
                Err(_) => {
                    return Table {
                        words: (0..BUCKET_WORDS).map(|_| AtomicU64::new(0)).collect(),
                        start: 0,
                        buckets: 1,
                    };
                }
            }
        }
    }

    /// A table of exactly `count` buckets (at least one), zeroed by the allocator (no
    /// page is touched here).
    ///
    /// # Errors
    /// [`TableError`] when the memory cannot be had.
    pub(crate) fn try_with_buckets(count: usize) -> Result<Table, TableError> {
        let count = count.max(1);
        let error = TableError {
            mb: count.saturating_mul(BUCKET_BYTES).div_ceil(1 << 20),
        };
        // Seven spare words let the buckets start on a 64-byte boundary.
        let length = count
            .checked_mul(BUCKET_WORDS)
            .and_then(|words| words.checked_add(BUCKET_WORDS - 1))
            .ok_or(error)?;
        let words: Box<[AtomicU64]> =
            bytemuck::allocation::try_zeroed_slice_box(length).map_err(|()| error)?;
        let misalignment = words.as_ptr() as usize % BUCKET_BYTES;
        let start = (BUCKET_BYTES - misalignment) % BUCKET_BYTES / 8;
        Ok(Table {
            words,
            start,
            buckets: count,
        })
    }

    /// The memory the table holds, in bytes.
    pub fn bytes(&self) -> usize {
        self.buckets * BUCKET_BYTES
    }

    /// Forgets everything (a new game).
    pub fn clear(&self) {
        for word in self.words.iter() {
            word.store(0, Ordering::Relaxed);
        }
    }

    /// `key`'s bucket: slot `w` is the check word `2w` (`check == key ^ data` when the
    /// slot holds `key`'s entry) and the data word `2w + 1`.
    #[inline]
    fn bucket(&self, key: u64) -> &[AtomicU64; BUCKET_WORDS] {
        // Multiply-shift maps the key onto any table size without a modulo.
        let index = ((u128::from(key) * self.buckets as u128) >> 64) as usize;
        let first = self.start + index * BUCKET_WORDS;
        let words: &[AtomicU64] = &self.words[first..first + BUCKET_WORDS];
        words
            .try_into()
            .unwrap_or_else(|_| unreachable!("a bucket is {BUCKET_WORDS} words"))
    }

    /// The entry stored for `key`, if any. Key 0 never matches an empty slot, since an
    /// empty slot's data is 0 and its entry has draft 0 and no move: harmless either way.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let bucket = self.bucket(key);
        for way in 0..WAYS {
            let data = bucket[2 * way + 1].load(Ordering::Relaxed);
            let check = bucket[2 * way].load(Ordering::Relaxed);
            if check ^ data == key && data != 0 {
                return Some(Entry::unpack(data));
            }
        }
        None
    }

    /// Stores `entry` for `key`. The same key at the same draft merges bounds (both are
    /// facts: the tighter of each is kept); otherwise the least valuable slot goes.
    #[inline]
    pub fn store(&self, key: u64, mut entry: Entry) {
        let bucket = self.bucket(key);
        let mut victim = 0;
        let mut victim_priority = u32::MAX;
        for way in 0..WAYS {
            let data = bucket[2 * way + 1].load(Ordering::Relaxed);
            let check = bucket[2 * way].load(Ordering::Relaxed);
            if check ^ data == key && data != 0 {
                let old = Entry::unpack(data);
                if old.draft == entry.draft {
                    entry.lower = entry.lower.max(old.lower);
                    entry.upper = entry.upper.min(old.upper);
                    entry.work = entry.work.max(old.work);
                    if entry.mv == NO_MOVE {
                        entry.mv = old.mv;
                    }
                } else if old.draft > entry.draft {
                    // Keep the deeper facts; this shallower one is not worth a slot.
                    return;
                }
                victim = way;
                break;
            }
            let priority = if data == 0 {
                0
            } else {
                Entry::unpack(data).priority() + 1
            };
            if priority < victim_priority {
                victim_priority = priority;
                victim = way;
            }
        }
        let data = entry.pack();
        bucket[2 * victim + 1].store(data, Ordering::Relaxed);
        bucket[2 * victim].store(key ^ data, Ordering::Relaxed);
    }
}

/// `log2(nodes)`, the work measure of an entry.
#[inline]
pub(super) fn work_of(nodes: u64) -> u8 {
    (64 - nodes.leading_zeros()) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_and_merge() {
        let table = Table::with_buckets(1);
        let entry = Entry {
            lower: -225,
            upper: 225,
            mv: 17,
            draft: EXACT,
            work: 30,
        };
        table.store(42, entry);
        assert_eq!(table.probe(42), Some(entry));
        assert_eq!(table.probe(43), None);
        table.store(
            42,
            Entry {
                lower: 3,
                upper: 225,
                mv: NO_MOVE,
                ..entry
            },
        );
        let merged = table.probe(42).unwrap_or_else(|| panic!("lost"));
        assert_eq!((merged.lower, merged.upper, merged.mv), (3, 225, 17));
    }

    #[test]
    fn a_full_bucket_replaces_the_cheapest_entry() {
        let table = Table::with_buckets(1);
        for key in 1..=4u64 {
            let entry = Entry {
                lower: 0,
                upper: 0,
                mv: 0,
                draft: key as u8,
                work: 0,
            };
            table.store(key, entry);
        }
        table.store(
            9,
            Entry {
                lower: 1,
                upper: 1,
                mv: 0,
                draft: 9,
                work: 0,
            },
        );
        assert_eq!(table.probe(1), None);
        assert!(table.probe(9).is_some() && table.probe(4).is_some());
    }

    #[test]
    fn buckets_sit_on_cache_lines_and_sizes_follow_the_request() {
        for count in [1, 3, 1000] {
            let table = Table::try_with_buckets(count).unwrap_or_else(|e| panic!("{e}"));
            let first = &table.words[table.start] as *const AtomicU64 as usize;
            assert_eq!(first % 64, 0);
            assert_eq!(table.bytes(), count * 64);
        }
        assert_eq!(Table::buckets_of_mb(1), 1 << 14);
        assert_eq!(Table::with_mb(0).bytes(), 64);
    }

    #[test]
    fn an_impossible_table_is_an_error_not_an_abort() {
        let error = Table::try_with_buckets(usize::MAX / 8).err();
        assert!(error.is_some_and(|e| e.mb > 1 << 20), "{error:?}");
        // The fallback halves until the memory allows: it always answers. Not on
        // Windows: there the largest block the system grants is committed memory (and
        // wine zeroes it page by page), so the test itself would fill the machine (a
        // CI run under wine was killed by the OOM killer at 24 GB).
        #[cfg(not(windows))]
        assert!(Table::with_buckets(usize::MAX / 64).bytes() > 0);
    }
}
