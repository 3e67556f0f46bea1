//! The shared transposition table: bounds on the gain of a free set, lock-free for threads.
//!
//! Each entry is two `AtomicU64`: the data word and `key ^ data`. A reader accepts an
//! entry only when the two words xor back to its key, so a torn write (two threads storing
//! at once) reads as a miss, never as another position's bounds (the "xor trick" of
//! lock-free chess tables). Four entries make a 64-byte bucket, one cache line.

use std::sync::atomic::{AtomicU64, Ordering};

/// Entries per bucket: 4 x 16 bytes = one cache line.
const WAYS: usize = 4;

/// The draft of an entry whose bounds are exact game values (searched to the end).
pub const EXACT: u8 = u8::MAX;

/// No move stored.
pub const NO_MOVE: u8 = u8::MAX;

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

/// A slot: `check == key ^ data` when the slot holds `key`'s entry.
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// A bucket of [`WAYS`] slots, aligned to a cache line.
#[derive(Default)]
#[repr(align(64))]
struct Bucket {
    slots: [Slot; WAYS],
}

/// The table. Shared by reference between threads; every method takes `&self`.
pub struct Table {
    buckets: Vec<Bucket>,
}

impl Table {
    /// A table of about `mb` MiB (at least one bucket).
    pub fn with_mb(mb: usize) -> Table {
        Table::with_buckets(mb.saturating_mul(1 << 20) / std::mem::size_of::<Bucket>())
    }

    /// A table of exactly `count` buckets (at least one): tests use tiny ones to force
    /// collisions.
    pub fn with_buckets(count: usize) -> Table {
        let count = count.max(1);
        let mut buckets = Vec::with_capacity(count);
        buckets.resize_with(count, Bucket::default);
        Table { buckets }
    }

    /// The memory the table holds, in bytes.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>()
    }

    /// Forgets everything (a new game).
    pub fn clear(&self) {
        for bucket in &self.buckets {
            for slot in &bucket.slots {
                slot.check.store(0, Ordering::Relaxed);
                slot.data.store(0, Ordering::Relaxed);
            }
        }
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        // Multiply-shift maps the key onto any table size without a modulo.
        let index = ((u128::from(key) * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[index]
    }

    /// The entry stored for `key`, if any. Key 0 never matches an empty slot, since an
    /// empty slot's data is 0 and its entry has draft 0 and no move: harmless either way.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        for slot in &self.bucket(key).slots {
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
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
        for (index, slot) in bucket.slots.iter().enumerate() {
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
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
                victim = index;
                break;
            }
            let priority = if data == 0 {
                0
            } else {
                Entry::unpack(data).priority() + 1
            };
            if priority < victim_priority {
                victim_priority = priority;
                victim = index;
            }
        }
        let data = entry.pack();
        let slot = &bucket.slots[victim];
        slot.data.store(data, Ordering::Relaxed);
        slot.check.store(key ^ data, Ordering::Relaxed);
    }
}

/// `log2(nodes)`, the work measure of an entry.
#[inline]
pub fn work_of(nodes: u64) -> u8 {
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
}
