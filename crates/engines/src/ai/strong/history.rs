//! The history heuristic: how often (and how deep) each cell's move cut a search off,
//! as a 12-bit tie-break among moves of equal gain.
//!
//! An exact solve searches to depth ~225 whatever is left, so a bonus of `depth^2`
//! overflowed a `u32` and, clamped to 12 bits, filled an entry after one cutoff: every
//! cell that ever cut became equal. Here the bonus is the plies the subtree can really
//! have (at most its free cells, so at most 225), and when an entry would pass the
//! 12-bit range every entry is halved: the order between cells survives, and old
//! cutoffs weigh less than new ones. The search also halves the table between
//! iterations and between the solver's probes ([`History::age`]).

/// The largest entry: the tie-break has 12 bits, and the two killer slots take the two
/// values above it.
pub(super) const MAX_ENTRY: u32 = 0xFFD;

/// The history of one worker: one entry per cell index.
pub(super) struct History {
    entries: [u32; 256],
}

impl Default for History {
    fn default() -> History {
        History { entries: [0; 256] }
    }
}

/// The bonus of a cutoff `depth` plies above the horizon with `free` cells left: the
/// plies the subtree can really have (a solve's depth is far above the free cells).
#[inline]
pub(super) fn bonus(depth: u32, free: u32) -> u32 {
    depth.min(free)
}

impl History {
    /// Records a cutoff by the move on `index`, `depth` plies above the horizon, with
    /// `free` cells left. Never overflows: past [`MAX_ENTRY`] every entry is halved.
    #[inline]
    pub(super) fn record(&mut self, index: usize, depth: u32, free: u32) {
        let value = self.entries[index].saturating_add(bonus(depth, free));
        if value > MAX_ENTRY {
            self.age();
            self.entries[index] = (value >> 1).min(MAX_ENTRY);
        } else {
            self.entries[index] = value;
        }
    }

    /// The tie-break of the move on `index` (at most [`MAX_ENTRY`]; larger first).
    #[inline]
    pub(super) fn tie(&self, index: usize) -> u32 {
        self.entries[index]
    }

    /// Halves every entry, so that older searches weigh less than the next one.
    pub(super) fn age(&mut self) {
        for value in &mut self.entries {
            *value >>= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bonus_counts_only_the_plies_the_subtree_can_have() {
        assert_eq!(bonus(5, 40), 5, "short searches keep their depth");
        assert_eq!(
            bonus(225, 12),
            12,
            "a solve's depth is cut to the free cells"
        );
    }

    #[test]
    fn deep_cutoffs_stay_distinguishable_and_never_pass_the_range() {
        let mut history = History::default();
        // One cutoff at the top of a 15x15 solve, two by another cell.
        history.record(1, 225, 225);
        history.record(2, 225, 225);
        history.record(2, 225, 225);
        assert!(history.tie(2) > history.tie(1), "two deep cutoffs beat one");
        assert!(history.tie(1) > 0);
        // Thousands of deep cutoffs: still in range, and the order holds.
        for _ in 0..10_000 {
            history.record(3, 225, 225);
            history.record(3, 225, 225);
            history.record(4, 225, 225);
        }
        assert!(history.tie(3) <= MAX_ENTRY && history.tie(4) <= MAX_ENTRY);
        assert!(
            history.tie(3) > history.tie(4),
            "twice as many cutoffs rank higher"
        );
        assert!(
            history.tie(4) > history.tie(1),
            "recent cutoffs outweigh old ones"
        );
    }

    #[test]
    fn ageing_halves_every_entry() {
        let mut history = History::default();
        history.record(7, 40, 40);
        history.record(8, 3, 3);
        history.age();
        assert_eq!((history.tie(7), history.tie(8)), (20, 1));
    }
}
