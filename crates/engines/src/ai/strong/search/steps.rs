//! The steps of one node of the search ([`Worker::search`]): what is known before the
//! table, the table's word, the move picker's list and choice, enhanced transposition
//! cutoffs, and the store. Apart from the recursion itself so each file stays readable.

use super::{Node, Step, Worker};
use crate::ai::strong::gain::Tokens;
use crate::ai::strong::hash::key_of;
use crate::ai::strong::table::{EXACT, Entry, NO_MOVE, work_of};
use queens_board::{Bitboard, Cell};

impl Worker<'_> {
    /// The tokens of an exact node's free set (none when the switch is off or the node
    /// is not exact: a depth-limited value is not the game's).
    #[inline]
    pub(super) fn tokens_of(&self, free: Bitboard, exact: bool) -> Tokens {
        let below = self.options.tokens_below;
        if self.options.tokens && exact && (below == 0 || free.count() <= below) {
            self.geometry.tokens_and_shapes(free, self.options.shapes)
        } else {
            Tokens::default()
        }
    }

    /// The moves to leave out at a node: the caller's at the root, symmetric images down
    /// to `sym_plies`, none below.
    #[inline]
    pub(super) fn skip_of(&self, free: Bitboard, ply: usize) -> Bitboard {
        if ply == 0 {
            self.root_skip
        } else if ply <= self.options.sym_plies as usize && self.geometry.has_symmetries() {
            self.geometry.duplicates(free)
        } else {
            Bitboard::EMPTY
        }
    }

    /// The value of a node when it is known without the table: the end or the horizon,
    /// one ply to the horizon, `|V| <= n` against the window, and the gain bounds.
    #[inline]
    pub(super) fn before_table(
        &self,
        free: Bitboard,
        alpha: i32,
        beta: i32,
        depth: u32,
        ply: usize,
    ) -> Option<i32> {
        let n = free.count() as i32;
        if n == 0 || depth == 0 {
            // The end, or the horizon: the thesis evaluation (the score difference) has
            // no remaining gain to add.
            return Some(0);
        }
        if depth == 1 && ply > 0 {
            // One ply to the horizon: the value is the largest gain, exact in any window.
            // Counting it here, one popcount per free cell as the thesis's frontier does,
            // skips the table and a call per child (3x faster to depth 5 and 6 on 15x15).
            return Some(self.geometry.max_gain(free) as i32);
        }
        // Mine + yours <= n, so -n <= V <= n at any depth.
        if n <= alpha {
            return Some(n);
        }
        if -n >= beta {
            return Some(-n);
        }
        if self.options.gain_bound && ply > 0 {
            // Two bounds from one move's gain against the cells left, checked before the
            // table's cache miss; most nodes of a null-window probe are this lopsided.
            // Lower: V >= g - V(child) >= g - (n - g) for the largest gain g.
            let max_gain = self.geometry.max_gain(free) as i32;
            let floor = 2 * max_gain - n;
            if floor >= beta {
                return Some(floor);
            }
            if self.options.greedy_bound && depth as i32 >= n {
                // The greedy bounds (exact nodes): a side that always takes a largest
                // gain makes each of its moves at least the other side's next one
                // (gains only shrink as cells go), so 0 <= V; as V = n (mod 2), V >= n & 1.
                // Then V <= max over c of g_c - V(child) <= max_gain, of n's parity.
                let lower = n & 1;
                if lower >= beta {
                    return Some(lower);
                }
                let upper = max_gain - ((max_gain - n) & 1);
                if upper <= alpha {
                    return Some(upper);
                }
            }
            // Upper: if after every move c the other side can claim k cells, then
            // V <= max over c of (g_c - (2k - |F_c|)) = n - 2k. Asked for the smallest k
            // that would end the node (depth >= 2 here, so the child's floor holds).
            let k = (n - alpha + 1) / 2;
            if k >= 1 && k <= max_gain && self.geometry.every_reply_gains(free, k as u32) {
                return Some(n - 2 * k);
            }
        }
        None
    }

    /// The table's word on a node: `Err(value)` when its bounds end the node (never at
    /// the root, which must name the move behind its value), else `Ok` with its move
    /// ([`NO_MOVE`] if none; a token's cell becomes the one searched for its size).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(super) fn probe_table(
        &self,
        key: u64,
        free: Bitboard,
        tokens: &Tokens,
        draft: u8,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> Result<u8, i32> {
        let Some(entry) = self.shared.table.probe(key) else {
            return Ok(NO_MOVE);
        };
        let mut tt_move = entry.mv;
        // A token's cell stands for its size, a shape's for its shape and degree (the
        // entry may come from a position with other tokens or shapes of the kinds): the
        // one searched for them.
        if tt_move != NO_MOVE
            && tokens.cells.contains(Cell::from_index(tt_move as usize))
            && free.contains(Cell::from_index(tt_move as usize))
        {
            tt_move = self.geometry.stand_in(tokens, free, tt_move as usize) as u8;
        }
        if entry.draft == draft && ply > 0 {
            if entry.lower >= beta {
                return Err(entry.lower);
            }
            if entry.upper <= alpha {
                return Err(entry.upper);
            }
            if entry.lower == entry.upper {
                return Err(entry.lower);
            }
        }
        Ok(tt_move)
    }

    /// The move picker's list: every free cell but the skipped ones, the move `done`
    /// (already searched) and the tokens another of their size stands for, packed as
    /// gain, tie-break and cell (the table's move flagged on top). Returns the count and
    /// the largest gain.
    #[inline]
    pub(super) fn generate(
        &mut self,
        free: Bitboard,
        skip: Bitboard,
        tokens: &Tokens,
        done: Option<u8>,
        tt_move: u8,
        ply: usize,
    ) -> (usize, u32) {
        let mut count = 0;
        let mut max_gain = 0;
        for cell in free {
            let index = cell.index();
            if skip.contains(cell) || done == Some(index as u8) {
                continue;
            }
            let gain = (self.geometry.reach(index) & free).count();
            if tokens.cells.contains(cell) && !tokens.searched.contains(cell) {
                // Another token of this size, or shape cell of this shape and degree,
                // stands for it.
                continue;
            }
            max_gain = max_gain.max(gain);
            let mut packed = gain << 20 | self.tie(index, ply) << 8 | index as u32;
            if index as u8 == tt_move {
                packed |= 1 << 31;
            }
            self.lists[ply][count] = packed;
            count += 1;
        }
        (count, max_gain)
    }

    /// The move picker: the best of the list's moves from `i` on, swapped to `i`, as a
    /// cell index. Selection, not a sort: most cut nodes cut on the first move or two.
    #[inline]
    pub(super) fn pick(&mut self, ply: usize, i: usize, count: usize) -> usize {
        let list = &mut self.lists[ply];
        let mut pick = i;
        for j in i + 1..count {
            if list[j] > list[pick] {
                pick = j;
            }
        }
        list.swap(i, pick);
        (list[i] & 0xFF) as usize
    }

    /// Searches the move on `index` of a node and folds its value into `node` (PVS: a
    /// null window for all but the first move, re-searched when it fails high inside
    /// the window).
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn child(
        &mut self,
        free: Bitboard,
        index: usize,
        node: &mut Node,
        beta: i32,
        depth: u32,
        ply: usize,
        first: bool,
    ) -> Step {
        let claims = self.geometry.reach(index) & free;
        let gain = claims.count() as i32;
        let child = free ^ claims;
        let a = node.alpha;
        let value = if first || !self.options.pvs {
            gain - self.search(child, gain - beta, gain - a, depth - 1, ply + 1)
        } else {
            let probe = gain - self.search(child, gain - a - 1, gain - a, depth - 1, ply + 1);
            if probe > a && probe < beta && !self.aborted {
                gain - self.search(child, gain - beta, gain - a, depth - 1, ply + 1)
            } else {
                probe
            }
        };
        if self.aborted {
            return Step::Aborted;
        }
        if value > node.best {
            node.best = value;
            node.best_move = index as u8;
            if ply == 0 {
                self.root_best = Some(Cell::from_index(index));
            }
            if value > node.alpha {
                node.alpha = value;
                if value >= beta {
                    if self.options.history && self.salt == 0 {
                        let killers = &mut self.killers[ply];
                        if killers[0] != node.best_move {
                            killers[1] = killers[0];
                            killers[0] = node.best_move;
                        }
                        self.history.record(index, depth, free.count());
                    }
                    return Step::Cut;
                }
            }
        }
        Step::Next
    }

    /// Stores a node's result: exact inside the window, a bound outside it.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn store(
        &self,
        key: u64,
        node: &Node,
        alpha: i32,
        beta: i32,
        n: i32,
        draft: u8,
        start_nodes: u64,
    ) {
        let best = node.best;
        let (lower, upper) = if best <= alpha {
            (-n, best)
        } else if best >= beta {
            (best, n)
        } else {
            (best, best)
        };
        self.shared.table.store(
            key,
            Entry {
                lower,
                upper,
                mv: node.best_move,
                draft,
                work: work_of(self.nodes - start_nodes),
            },
        );
    }

    /// The highest-ordered move of a generated list (for early exits at the root).
    pub(super) fn best_of(&self, ply: usize, count: usize) -> Option<Cell> {
        let list = &self.lists[ply][..count];
        // Without the table-move bit, the largest key is the largest gain.
        let top = list.iter().map(|packed| packed & !(1 << 31)).max()?;
        Some(Cell::from_index((top & 0xFF) as usize))
    }

    /// Enhanced transposition cutoff: a child whose stored upper bound already lifts
    /// this node to `beta` ends it without a search (when switched on for nodes of this
    /// many free cells).
    pub(super) fn etc(
        &mut self,
        free: Bitboard,
        beta: i32,
        depth: u32,
        count: usize,
        ply: usize,
    ) -> Option<i32> {
        let min_free = self.options.etc_min_free;
        if min_free == 0 || free.count() < min_free || depth < 2 {
            return None;
        }
        for i in 0..count {
            let index = (self.lists[ply][i] & 0xFF) as usize;
            let claims = self.geometry.reach(index) & free;
            let gain = claims.count() as i32;
            let child = free ^ claims;
            let child_n = child.count();
            let child_draft = if depth > child_n {
                EXACT
            } else {
                (depth - 1) as u8
            };
            if let Some(entry) = self.shared.table.probe(key_of(child))
                && entry.draft == child_draft
                && gain - entry.upper >= beta
            {
                if ply == 0 {
                    self.root_best = Some(Cell::from_index(index));
                }
                return Some(gain - entry.upper);
            }
        }
        None
    }
}
