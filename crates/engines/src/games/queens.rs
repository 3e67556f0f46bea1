//! Queens & Stones through the game seam: the board of [`queens_board`] is the game's
//! position, its game string (`size=8 stones=b2,d5 moves=c3,f6`, docs/rules.md) is both
//! its notation and its setup. The game's extra tools are in its [`Rules::TOOLS`].

use super::grid::{GridView, Square, legal_texts};
use super::seam::Tools;
use super::seam::{Refused, Rules, Seat};
use super::setup::{GameStringError, Setup};
use crate::ai::{Engine, EngineConfig, NotForThisGame};
use queens_board::CellState;
use queens_board::{Board, Cell, GameSpec, ParseError, Player, clip_token};

/// The board side of a game string that names none.
pub(crate) const DEFAULT_SIZE: u8 = 8;

/// The table of queens' exact solve through the seam, in MiB: every board up to 15x15
/// is solved from its first move well within it (BENCHMARKS.md), and the proved tools
/// solve one position per legal move, each with a table of its own.
pub(crate) const EXACT_HASH_MB: usize = 32;

impl Rules for Board {
    type Move = Cell;
    const TAG: &'static str = "queens";
    const TOOLS: Tools = Tools {
        solver: true,
        eval_file: false,
        search_to_end: false,
        board_of_stones: true,
        margin_result: true,
    };

    /// An empty 4x4 board: two plies of 8x8 are 3,000 leaves, too many to read.
    const LAB_START: Option<&'static str> = Some("size=4");

    /// `size=` (3 to 15, 8 when absent) and `stones=`, checked as docs/rules.md says.
    fn setup(keys: &Setup) -> Result<Board, GameStringError> {
        keys.only(&["size", "stones"], Self::TAG)?;
        let size = keys
            .get("size")
            .map_or(DEFAULT_SIZE.to_string(), str::to_string);
        let stones = keys.get("stones").unwrap_or("");
        let spec = GameSpec::parse(&format!("size={size} stones={stones}"))
            .map_err(|err| GameStringError::Setup(Refused::new(err)))?;
        Board::new(spec.size, &spec.stones).map_err(|err| GameStringError::Setup(Refused::new(err)))
    }

    fn setup_keys(&self) -> String {
        let mut start = self.clone();
        while start.undo().is_some() {}
        start.game_string()
    }

    fn from_notation(text: &str) -> Result<Board, Refused> {
        Board::from_game_string(text).map_err(Refused::new)
    }

    fn legal_moves(&self) -> Vec<Cell> {
        if self.is_over() {
            return Vec::new();
        }
        self.free().into_iter().collect()
    }

    fn play(&mut self, mv: Cell) -> Result<(), Refused> {
        Board::play(self, mv).map(|_| ()).map_err(Refused::new)
    }

    fn undo(&mut self) -> Option<Cell> {
        Board::undo(self)
    }

    fn moves_played(&self) -> Vec<Cell> {
        self.moves().collect()
    }

    fn seat_to_move(&self) -> Seat {
        self.side_to_move().index()
    }

    fn result(&self) -> Option<Option<Seat>> {
        self.outcome().map(|winner| winner.map(Player::index))
    }

    /// A cell of this board, refused as the command line's `--moves` always refused one
    /// (`'z9' in moves is not a cell of the 4x4 board ...`, `... is off the 4x4 board`),
    /// so every front end reading a queens move through the seam says the same.
    fn parse_move(&self, text: &str) -> Result<Cell, Refused> {
        let (token, size) = (text.trim(), self.size());
        let refuse = |err: ParseError| Err(Refused::new(err));
        let Some(cell) = Cell::parse(token) else {
            return refuse(ParseError::BadCell {
                token: clip_token(token),
                list: "moves",
                size,
            });
        };
        if cell.is_on_board(size) {
            Ok(cell)
        } else {
            refuse(ParseError::OffBoard {
                token: clip_token(token),
                list: "moves",
                size,
            })
        }
    }

    /// The cells each player owns (queens and claimed cells), not the pieces on the
    /// grid: the game's score by its rules.
    fn score(&self) -> [u32; 2] {
        [
            Board::score(self, Player::One),
            Board::score(self, Player::Two),
        ]
    }

    /// The board's refusal names the move and its number already
    /// (`move 2 (c3) is illegal: ...`).
    fn refused_move(_number: usize, why: &Refused) -> String {
        why.to_string()
    }

    /// Every engine of the registry plays queens, the strong ones included.
    fn engine(config: &EngineConfig) -> Result<Box<dyn Engine>, NotForThisGame> {
        Ok(config.build())
    }

    fn plays(_engine: crate::ai::EngineKind) -> bool {
        true
    }

    /// One `pvs` engine (one table) for every position of the game, each proved within
    /// its time from what the position after it proves, or estimated
    /// (`games/queens_prove.rs`).
    fn prover(
        &self,
        ask: &crate::games::seam::ProverAsk,
    ) -> Result<Box<dyn crate::games::seam::Prover>, crate::games::seam::SolveError> {
        super::queens_prove::prover(self, ask)
    }

    /// Queens' own move values (`games/queens_values.rs`): on a board too big to prove
    /// every move, estimates one depth at a time, then the position's proof and every
    /// move's proved bounds, told as they come.
    fn value_moves(
        &self,
        ask: &crate::games::move_values::ValuesAsk,
        stop: &(dyn Fn() -> bool + Sync),
        on_update: &mut dyn FnMut(&crate::games::move_values::MoveValues),
    ) -> Result<Option<crate::games::move_values::MoveValues>, crate::games::seam::SolveError> {
        super::queens_values::value_moves(self, ask, stop, on_update)
    }

    /// Boards of stones drawn from the seed, self-play of the thesis's alpha-beta and
    /// the strong solver with mirror images as one move (`games/queens_puzzles.rs`).
    fn puzzle_finder(
        &self,
        ask: &crate::games::seam::PuzzleAsk,
    ) -> Option<Box<dyn crate::games::seam::PuzzleFinder>> {
        Some(super::queens_puzzles::finder(ask))
    }

    /// The strong engine's solver with a deadline, threads and one table for the
    /// position and its moves (`games/queens_solve.rs`), proving bounds when it does
    /// not finish.
    fn solve_within(
        &self,
        ask: &crate::games::seam::SolveAsk,
        stop: &(dyn Fn() -> bool + Sync),
        watch: &crate::games::seam::SolveWatch,
    ) -> Result<crate::games::seam::Solution, crate::games::seam::SolveError> {
        super::queens_solve::solve_within(self, ask, stop, watch)
    }

    /// The strong engine's exact solver ([`crate::ai::strong::solve`]) on one thread with
    /// a table of at most `EXACT_HASH_MB` (less when the position cannot fill it): the
    /// final margin with best play, from the side to move's view, is both the value and
    /// the margin. A time limit, threads and the bounds of an unfinished solve are
    /// [`Rules::solve_within`]'s.
    fn solve_exact(
        &self,
        stop: &(dyn Fn() -> bool + Sync),
    ) -> Result<Option<crate::games::seam::Exact>, crate::games::seam::NoExactSolver> {
        use crate::ai::strong::{SolveProgress, SolveSettings, solve, table_for_board};
        // A table that cannot be had at the size asked for is asked for at the least.
        let Ok(table) = table_for_board(self, EXACT_HASH_MB).or_else(|_| table_for_board(self, 1))
        else {
            return Err(crate::games::seam::NoExactSolver(Self::TAG));
        };
        let solved = solve(
            self,
            &table,
            SolveSettings::default(),
            &crate::games::seam::StopWhen(stop),
            &SolveProgress::default(),
        );
        let Some(margin) = solved.margin.filter(|_| solved.solved) else {
            return Ok(None);
        };
        let mover_margin = match self.side_to_move() {
            Player::One => margin,
            Player::Two => -margin,
        };
        Ok(Some(crate::games::seam::Exact {
            value: mover_margin,
            ply: u32::try_from(self.ply()).unwrap_or(u32::MAX),
            best_move: solved.best_move.map(|cell| cell.to_string()),
            pv: solved.pv.iter().map(Cell::to_string).collect(),
            nodes: solved.nodes,
            margin: Some(mover_margin),
        }))
    }

    /// The board as the window draws it, the top rank first (a1 at the bottom left);
    /// queens are pieces, stones blocked squares, a target a free cell.
    fn grid(&self) -> Option<GridView> {
        let size = self.size();
        let cell = |row: u8, col: u8| Cell::new(col, size - 1 - row);
        let square = |row, col| match self.cell_state(cell(row, col)) {
            Some(CellState::Queen(player)) => Square::Piece(player.index()),
            Some(CellState::Stone) => Square::Blocked,
            _ => Square::Empty,
        };
        let name = |row, col| cell(row, col).to_string();
        Some(GridView::build(
            size,
            size,
            square,
            name,
            &legal_texts(&Rules::legal_moves(self)),
        ))
    }

    /// The name only: the window speaks of queens with words of its own (GAME.md's
    /// rules, the claims, the score), through its queens panels.
    fn words(tongue: crate::games::words::Tongue) -> crate::games::words::GameWords {
        use crate::games::words::{GameWords, Tongue};
        let (name, rules, notation) = match tongue {
            Tongue::English => (
                "Queens & Stones",
                "Two players take turns placing a queen on a free cell. Player 1 moves first.\n\n\
        A queen claims its own cell and every free cell along its 8 lines (like a chess \
        queen), each line stopping at a stone or at the edge. Cells already claimed keep \
        their owner; the line goes on past them.\n\n\
        A cell is free when it holds no stone, no queen and is not claimed. The game ends \
        when no free cell is left. Whoever owns more cells wins; equal is a draw.\n\n\
        Tip: hover a free cell to see exactly which cells a queen there would claim.",
                "A move is the cell the queen goes to: its column letter, then its row number \
                 (c3); row 1 is at the bottom. A game string gives the board and the moves: \
                 size=8 stones=b2,d5 moves=c3,f6.",
            ),
            Tongue::Vietnamese => (
                "Quân Hậu & Đá",
                "Hai người chơi lần lượt đặt một quân hậu vào một ô trống. Người chơi 1 đi trước.\n\n\
        Quân hậu chiếm ô của nó và mọi ô trống trên 8 hướng (như quân hậu cờ vua); mỗi \
        hướng dừng lại ở viên đá hoặc ở mép bàn. Ô đã bị chiếm vẫn giữ chủ cũ; hướng đi \
        tiếp qua các ô đó.\n\n\
        Một ô là trống khi không có đá, không có hậu và chưa bị chiếm. Ván kết thúc khi \
        không còn ô trống. Ai sở hữu nhiều ô hơn thì thắng; bằng nhau là hòa.\n\n\
        Mẹo: rê chuột lên một ô trống để thấy chính xác những ô mà hậu ở đó sẽ chiếm.",
                "Một nước đi là ô đặt hậu: chữ cột rồi số hàng (c3); hàng 1 ở dưới cùng. \
                 Chuỗi ván cờ ghi bàn cờ và các nước đi: size=8 stones=b2,d5 moves=c3,f6.",
            ),
        };
        GameWords {
            name,
            title: name,
            rules: Some(rules),
            notation: Some(notation),
            ..GameWords::plain(Self::TAG, Self::SIDES)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::seam::AnyGame;

    fn board(text: &str) -> Board {
        Board::from_game_string(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn a_move_that_is_no_cell_of_the_board_is_refused_as_the_moves_list_refuses_it() {
        let game = board("size=4");
        let refusal = |text| Rules::parse_move(&game, text).map_err(|e| e.to_string());
        assert_eq!(
            refusal("z9"),
            Err("'z9' in moves is not a cell of the 4x4 board (expected a letter a..d and a rank 1..4, e.g. c3)".into())
        );
        assert_eq!(
            refusal("e5"),
            Err("'e5' in moves is off the 4x4 board (a..d, 1..4)".into())
        );
        assert_eq!(refusal(" b2 "), Ok(Cell::new(1, 1)));
    }

    #[test]
    fn the_score_is_the_cells_owned_and_a_refusal_names_its_move_once() {
        let mut game = board("size=4 moves=b2,d3,a4");
        // GAME.md's worked example: 13 : 3.
        assert_eq!(AnyGame::score(&game), [13, 3]);
        let Err(why) = game.play_text("b2") else {
            panic!("b2 is taken");
        };
        let told = AnyGame::refused_move(&game, 4, &why);
        assert!(told.starts_with("move 4 (b2) is illegal"), "{told}");
    }
}
