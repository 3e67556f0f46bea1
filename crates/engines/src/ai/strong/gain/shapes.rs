//! SHAPES: the small components of a free set that are not cliques (issue 33).
//!
//! The game on a free set is a game on its sight graph alone (a move on `v` claims and
//! removes `v` and the cells that see it), so a component is a game of its graph's shape,
//! wherever it lies. Connected graphs of 3 or 4 vertices that are not cliques come in six
//! shapes, told apart by their size, degree sum and largest degree, and in each of them
//! two vertices of equal degree are images of each other under an automorphism (checked
//! one by one: path of 3; path of 4, star, cycle, paw, diamond). So moves on two
//! components of one shape, on cells of equal degree, lead to the same game: one is
//! searched, and the table keys a node by the rest of the free set and the shape counts,
//! as it does for tokens (cliques, see [`super::Tokens`]).
//!
//! On dense boards the free set falls into many small components from the middle of the
//! game on (measured on 15x15 with 140 stones: 1-3 non-clique components of at most 4
//! cells per node; BENCHMARKS.md, issue 33).

/// Components of at most this many cells are shapes (beyond 4, degrees no longer tell
/// shapes apart, nor vertices within one).
pub(super) const SHAPE_MAX: u32 = 4;

/// The number of shapes (connected non-clique graphs on 3 or 4 vertices).
pub(super) const SHAPE_KINDS: usize = 6;

/// The shape of a connected non-clique graph on `size` (3 or 4) vertices whose degrees
/// sum to `degree_sum` with the largest `max_degree`: path 3 (0); path 4 (1, degrees
/// 1,1,2,2); star (2, 1,1,1,3); cycle (3, 2,2,2,2); paw (4, 1,2,2,3); diamond
/// (5, 2,2,3,3).
pub(super) fn kind_of(size: u32, degree_sum: u32, max_degree: u32) -> usize {
    match (size, degree_sum, max_degree) {
        (3, _, _) => 0,
        (4, 6, 2) => 1,
        (4, 6, 3) => 2,
        (4, 8, 2) => 3,
        (4, 8, 3) => 4,
        _ => 5,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every connected non-clique graph on 3 and 4 vertices (as edge lists), its shape
    /// by [`kind_of`] distinct per isomorphism class, and equal degrees automorphic.
    #[test]
    fn the_six_shapes_are_told_apart_and_equal_degrees_are_automorphic() {
        let mut kinds = std::collections::BTreeMap::new();
        for size in 3..=4u32 {
            let pairs: Vec<(u32, u32)> = (0..size)
                .flat_map(|a| (a + 1..size).map(move |b| (a, b)))
                .collect();
            for mask in 0u32..1 << pairs.len() {
                let edges: Vec<(u32, u32)> = pairs
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| mask >> i & 1 == 1)
                    .map(|(_, &p)| p)
                    .collect();
                if edges.len() == pairs.len() || !connected(size, &edges) {
                    continue;
                }
                let degrees: Vec<u32> = (0..size)
                    .map(|v| edges.iter().filter(|&&(a, b)| a == v || b == v).count() as u32)
                    .collect();
                let kind = kind_of(
                    size,
                    degrees.iter().sum(),
                    degrees.iter().copied().max().unwrap_or(0),
                );
                let canon = canonical(size, &edges);
                let seen = kinds.entry(kind).or_insert_with(|| canon.clone());
                assert_eq!(*seen, canon, "kind {kind} holds two shapes");
                // Equal degrees: some automorphism maps one vertex onto the other.
                for a in 0..size {
                    for b in 0..size {
                        if degrees[a as usize] == degrees[b as usize] {
                            assert!(automorphic(size, &edges, a, b), "{edges:?}: {a} {b}");
                        }
                    }
                }
            }
        }
        assert_eq!(kinds.len(), SHAPE_KINDS);
    }

    fn connected(size: u32, edges: &[(u32, u32)]) -> bool {
        let mut reached = 1u32;
        for _ in 0..size {
            for &(a, b) in edges {
                if reached >> a & 1 == 1 || reached >> b & 1 == 1 {
                    reached |= 1 << a | 1 << b;
                }
            }
        }
        reached == (1 << size) - 1
    }

    fn permutations(size: u32) -> Vec<Vec<u32>> {
        let mut all = vec![vec![]];
        for _ in 0..size {
            all = all
                .into_iter()
                .flat_map(|p: Vec<u32>| {
                    (0..size)
                        .filter(|v| !p.contains(v))
                        .map(|v| {
                            let mut q = p.clone();
                            q.push(v);
                            q
                        })
                        .collect::<Vec<_>>()
                })
                .collect();
        }
        all
    }

    fn mapped(edges: &[(u32, u32)], p: &[u32]) -> Vec<(u32, u32)> {
        let mut out: Vec<(u32, u32)> = edges
            .iter()
            .map(|&(a, b)| {
                let (x, y) = (p[a as usize], p[b as usize]);
                (x.min(y), x.max(y))
            })
            .collect();
        out.sort_unstable();
        out
    }

    fn canonical(size: u32, edges: &[(u32, u32)]) -> Vec<(u32, u32)> {
        permutations(size)
            .iter()
            .map(|p| mapped(edges, p))
            .min()
            .unwrap_or_default()
    }

    fn automorphic(size: u32, edges: &[(u32, u32)], a: u32, b: u32) -> bool {
        let own = mapped(edges, &(0..size).collect::<Vec<_>>());
        permutations(size)
            .iter()
            .any(|p| p[a as usize] == b && mapped(edges, p) == own)
    }
}
