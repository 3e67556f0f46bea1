//! A plain reference implementation of Queens & Stones and of the thesis's searches,
//! written the way the thesis program was: a 2-D array of cells, rays walked cell by
//! cell, scores found by counting, moves ordered by a comparator.
//!
//! It shares no code with the crate (only `std`), so where the two agree on thousands of
//! positions both are very probably right. It is meant to be read, not to be fast: every
//! rule of docs/rules.md appears here once, in the most direct form we could find.
#![allow(dead_code)]

use std::cmp::Ordering;

/// What stands on one cell.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum CellKind {
    /// Nobody owns it; a queen may go there.
    Free,
    /// An obstacle.
    Stone,
    /// A queen of player 0 (P1) or 1 (P2).
    Queen(usize),
    /// A cell controlled by player 0 or 1.
    Claimed(usize),
}

/// The 8 queen directions as (column step, row step).
pub(crate) const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// One played move: where the queen went and every cell it took (itself included).
#[derive(Clone, Debug, PartialEq, Eq)]
struct PlayedMove {
    cell: (usize, usize),
    claimed: Vec<(usize, usize)>,
}

/// The reference board: `cells[row][col]`, a1 = `cells[0][0]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RefBoard {
    size: usize,
    cells: Vec<Vec<CellKind>>,
    history: Vec<PlayedMove>,
}

/// Larger than any score difference a board can have (at most 225 cells).
pub(crate) const INF: i32 = 1_000_000;

/// Parses a cell name such as `c3` (column letter a..o, rank 1..15, no leading zero) and
/// checks that it is on a `size` board.
fn parse_cell(name: &str, size: usize) -> Option<(usize, usize)> {
    let name = name.trim().to_ascii_lowercase();
    let letter = name.chars().next()?;
    if !letter.is_ascii_lowercase() {
        return None;
    }
    let col = (letter as u8 - b'a') as usize;
    let digits = &name[1..];
    if digits.is_empty() || digits.starts_with('0') || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let rank: usize = digits.parse().ok()?;
    if col >= size || rank == 0 || rank > size {
        return None;
    }
    Some((col, rank - 1))
}

/// Parses a comma-separated list of cells; an empty text is an empty list.
fn parse_list(text: &str, size: usize) -> Option<Vec<(usize, usize)>> {
    if text.trim().is_empty() {
        return Some(Vec::new());
    }
    text.split(',').map(|name| parse_cell(name, size)).collect()
}

/// The name of a cell, e.g. (2, 0) -> `c1`.
pub(crate) fn cell_name(cell: (usize, usize)) -> String {
    format!("{}{}", (b'a' + cell.0 as u8) as char, cell.1 + 1)
}

impl RefBoard {
    /// Reads `size=N stones=.. moves=..` (keys in any order, lists optional) and plays the
    /// moves. `None` if anything is wrong: unknown or repeated key, size outside 3..15, a
    /// bad or off-board cell, a repeated stone, more than (N-2)^2 stones, an illegal move.
    pub(crate) fn from_game_string(text: &str) -> Option<RefBoard> {
        let mut size_text = None;
        let mut stones_text = None;
        let mut moves_text = None;
        for token in text.split_whitespace() {
            let (key, value) = token.split_once('=')?;
            let slot = match key.to_ascii_lowercase().as_str() {
                "size" => &mut size_text,
                "stones" => &mut stones_text,
                "moves" => &mut moves_text,
                _ => return None,
            };
            if slot.is_some() {
                return None;
            }
            *slot = Some(value);
        }
        let size: usize = size_text?.parse().ok()?;
        if !(3..=15).contains(&size) {
            return None;
        }
        let stones = parse_list(stones_text.unwrap_or(""), size)?;
        let moves = parse_list(moves_text.unwrap_or(""), size)?;
        for (i, stone) in stones.iter().enumerate() {
            if stones[..i].contains(stone) {
                return None;
            }
        }
        if stones.len() > (size - 2) * (size - 2) {
            return None;
        }
        let mut board = RefBoard::new(size, &stones);
        for (col, row) in moves {
            if !board.play(col, row) {
                return None;
            }
        }
        Some(board)
    }

    /// An `size` x `size` board with stones on the given (col, row) cells and no moves.
    pub(crate) fn new(size: usize, stones: &[(usize, usize)]) -> RefBoard {
        let mut cells = vec![vec![CellKind::Free; size]; size];
        for &(col, row) in stones {
            cells[row][col] = CellKind::Stone;
        }
        RefBoard {
            size,
            cells,
            history: Vec::new(),
        }
    }

    /// Side length N.
    pub(crate) fn size(&self) -> usize {
        self.size
    }

    /// What stands on (col, row).
    pub(crate) fn kind(&self, col: usize, row: usize) -> CellKind {
        self.cells[row][col]
    }

    /// Whether (col, row) is on the board (signed, so rays can step off it).
    fn on_board(&self, col: i32, row: i32) -> bool {
        col >= 0 && row >= 0 && (col as usize) < self.size && (row as usize) < self.size
    }

    /// The free cells, a1 first: by row, then column.
    pub(crate) fn free_cells(&self) -> Vec<(usize, usize)> {
        let mut free = Vec::new();
        for row in 0..self.size {
            for col in 0..self.size {
                if self.cells[row][col] == CellKind::Free {
                    free.push((col, row));
                }
            }
        }
        free
    }

    /// The cells a queen on (col, row) would take now: the cell itself, then along each of
    /// the 8 rays every free cell until a stone or the edge; claimed cells and queens are
    /// passed over. Sorted a1 first; empty if (col, row) is not free.
    pub(crate) fn claims_of(&self, col: usize, row: usize) -> Vec<(usize, usize)> {
        if self.cells[row][col] != CellKind::Free {
            return Vec::new();
        }
        let mut claims = vec![(col, row)];
        for (dc, dr) in DIRECTIONS {
            let (mut c, mut r) = (col as i32 + dc, row as i32 + dr);
            while self.on_board(c, r) {
                match self.cells[r as usize][c as usize] {
                    CellKind::Stone => break,
                    CellKind::Free => claims.push((c as usize, r as usize)),
                    CellKind::Queen(_) | CellKind::Claimed(_) => {}
                }
                c += dc;
                r += dr;
            }
        }
        claims.sort_by_key(|&(c, r)| (r, c));
        claims
    }

    /// Places a queen for the side to move; `false` (and no change) if the cell is not free.
    pub(crate) fn play(&mut self, col: usize, row: usize) -> bool {
        if col >= self.size || row >= self.size || self.cells[row][col] != CellKind::Free {
            return false;
        }
        let player = self.to_move();
        let claimed = self.claims_of(col, row);
        for &(c, r) in &claimed {
            self.cells[r][c] = CellKind::Claimed(player);
        }
        self.cells[row][col] = CellKind::Queen(player);
        self.history.push(PlayedMove {
            cell: (col, row),
            claimed,
        });
        true
    }

    /// Takes back the last move: every cell it claimed becomes free again.
    pub(crate) fn undo(&mut self) {
        if let Some(last) = self.history.pop() {
            for (c, r) in last.claimed {
                self.cells[r][c] = CellKind::Free;
            }
        }
    }

    /// The moves played, in order.
    pub(crate) fn moves(&self) -> Vec<(usize, usize)> {
        self.history.iter().map(|m| m.cell).collect()
    }

    /// Number of cells player 0 (P1) or 1 (P2) owns, counted one by one.
    pub(crate) fn score(&self, player: usize) -> u32 {
        let mut count = 0;
        for row in &self.cells {
            for &kind in row {
                if kind == CellKind::Queen(player) || kind == CellKind::Claimed(player) {
                    count += 1;
                }
            }
        }
        count
    }

    /// The player to move: 0 (P1) after an even number of moves.
    pub(crate) fn to_move(&self) -> usize {
        self.history.len() % 2
    }

    /// Whether no free cell is left.
    pub(crate) fn is_over(&self) -> bool {
        self.free_cells().is_empty()
    }

    /// The thesis evaluation: side to move's cells minus the opponent's.
    pub(crate) fn evaluate(&self) -> i32 {
        let me = self.to_move();
        self.score(me) as i32 - self.score(1 - me) as i32
    }

    /// How many of the 8 neighbours of (col, row) are free.
    pub(crate) fn free_neighbours(&self, col: usize, row: usize) -> usize {
        let mut count = 0;
        for (dc, dr) in DIRECTIONS {
            let (c, r) = (col as i32 + dc, row as i32 + dr);
            if self.on_board(c, r) && self.cells[r as usize][c as usize] == CellKind::Free {
                count += 1;
            }
        }
        count
    }

    /// Euclidean distance of (col, row) from the true centre ((N-1)/2, (N-1)/2).
    pub(crate) fn centre_distance(&self, col: usize, row: usize) -> f64 {
        let centre = (self.size as f64 - 1.0) / 2.0;
        let dc = col as f64 - centre;
        let dr = row as f64 - centre;
        (dc * dc + dr * dr).sqrt()
    }

    /// The free cells in the thesis order: most free neighbours first, then closest to the
    /// centre, then by row, then by column.
    pub(crate) fn ordered_moves(&self) -> Vec<(usize, usize)> {
        let mut moves = self.free_cells();
        moves.sort_by(|&(c1, r1), &(c2, r2)| {
            let by_neighbours = self
                .free_neighbours(c2, r2)
                .cmp(&self.free_neighbours(c1, r1));
            let by_distance = self
                .centre_distance(c1, r1)
                .partial_cmp(&self.centre_distance(c2, r2))
                .unwrap_or(Ordering::Equal);
            by_neighbours
                .then(by_distance)
                .then(r1.cmp(&r2))
                .then(c1.cmp(&c2))
        });
        moves
    }

    /// The game string: `size=N`, then `stones=` (a1 first) and `moves=` if not empty.
    pub(crate) fn game_string(&self) -> String {
        let mut text = format!("size={}", self.size);
        let mut stones = Vec::new();
        for row in 0..self.size {
            for col in 0..self.size {
                if self.cells[row][col] == CellKind::Stone {
                    stones.push(cell_name((col, row)));
                }
            }
        }
        if !stones.is_empty() {
            text += &format!(" stones={}", stones.join(","));
        }
        let moves: Vec<String> = self.moves().into_iter().map(cell_name).collect();
        if !moves.is_empty() {
            text += &format!(" moves={}", moves.join(","));
        }
        text
    }
}

/// Work counters, as docs/rules.md defines them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct RefStats {
    /// Every position visited, the root included.
    pub nodes: u64,
    /// Static evaluations: at depth 0 or where the game is over.
    pub leaves: u64,
}

/// Negamax minimax to `depth`: the value, the first move in order reaching it, counters.
pub(crate) fn ref_minimax(
    board: &mut RefBoard,
    depth: u32,
) -> (i32, Option<(usize, usize)>, RefStats) {
    let mut stats = RefStats::default();
    let (value, best) = minimax(board, depth, &mut stats);
    (value, best, stats)
}

fn minimax(
    board: &mut RefBoard,
    depth: u32,
    stats: &mut RefStats,
) -> (i32, Option<(usize, usize)>) {
    stats.nodes += 1;
    if depth == 0 || board.is_over() {
        stats.leaves += 1;
        return (board.evaluate(), None);
    }
    let mut best = -INF;
    let mut best_move = None;
    for (col, row) in board.ordered_moves() {
        board.play(col, row);
        let value = -minimax(board, depth - 1, stats).0;
        board.undo();
        if value > best {
            best = value;
            best_move = Some((col, row));
        }
    }
    (best, best_move)
}

/// The thesis's fail-soft negamax alpha-beta to `depth` from the window (-INF, +INF).
pub(crate) fn ref_alphabeta(
    board: &mut RefBoard,
    depth: u32,
) -> (i32, Option<(usize, usize)>, RefStats) {
    let mut stats = RefStats::default();
    let (value, best) = alphabeta(board, -INF, INF, depth, &mut stats);
    (value, best, stats)
}

fn alphabeta(
    board: &mut RefBoard,
    mut alpha: i32,
    beta: i32,
    depth: u32,
    stats: &mut RefStats,
) -> (i32, Option<(usize, usize)>) {
    stats.nodes += 1;
    if depth == 0 || board.is_over() {
        stats.leaves += 1;
        return (board.evaluate(), None);
    }
    let moves = board.ordered_moves();
    let mut best = -INF;
    let mut best_move = None;
    let mut index = 0;
    while index < moves.len() && best < beta {
        if best > alpha {
            alpha = best;
        }
        let (col, row) = moves[index];
        board.play(col, row);
        let value = -alphabeta(board, -beta, -alpha, depth - 1, stats).0;
        board.undo();
        if value > best {
            best = value;
            best_move = Some((col, row));
        }
        index += 1;
    }
    (best, best_move)
}

/// The exact value of the position under perfect play (side to move's final score minus
/// the opponent's): every line is played to the end.
pub(crate) fn ref_solve(board: &mut RefBoard) -> i32 {
    if board.is_over() {
        return board.evaluate();
    }
    let mut best = -INF;
    for (col, row) in board.free_cells() {
        board.play(col, row);
        best = best.max(-ref_solve(board));
        board.undo();
    }
    best
}

/// The number of move sequences of length `depth` (shorter where the game ends first).
pub(crate) fn ref_perft(board: &mut RefBoard, depth: u32) -> u64 {
    if depth == 0 || board.is_over() {
        return 1;
    }
    let mut total = 0;
    for (col, row) in board.free_cells() {
        board.play(col, row);
        total += ref_perft(board, depth - 1);
        board.undo();
    }
    total
}
