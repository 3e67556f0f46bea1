//! Search benchmarks (temporary: prints the midgame positions).
use queens::ai::{Algorithm, Limits, search_board};
use queens::board::{Board, random_stones};

fn main() {
    for (size, stones) in [(8u8, 0usize), (8, 6), (15, 0), (15, 20)] {
        let cells = random_stones(size, stones, 1);
        let Ok(mut board) = Board::new(size, &cells) else {
            panic!("bad board")
        };
        println!("{}", board.game_string());
        for _ in 0..size / 2 {
            let out = search_board(&board, Algorithm::AlphaBeta, Limits::depth(1));
            let Some(mv) = out.best_move else { break };
            board.do_move(mv);
        }
        println!("{}  free={}", board.game_string(), board.free().count());
    }
}
