//! Dodgem through the game seam ([`crate::games::seam::Rules`]): its own file so that
//! the rules (`dodgem`) and the exact solver (`dodgem_solve`, which plays on them) do not
//! import each other; this impl asks the solver for `queens solve --kind dodgem`.

use super::cells::Cell;
use super::dodgem::{CARS, Dodgem, DodgemError, DodgemMove, KIND, Outcome, PLY_LIMIT, Side, WIN};
use super::dodgem_eval::DodgemEval;
use super::rules::{self, Rules, Tools};
use super::setup::{GameStringError, Reason, Refused, Setup};
use crate::ai::SearchGame;

/// Dodgem through the game seam: no setup keys, moves are car moves (`a3-b3`, `c2-off`).
/// A side left without a move has lost, so Dodgem never passes.
impl Rules for Dodgem {
    type Move = DodgemMove;
    const TAG: &'static str = KIND;
    const SIDES: [&'static str; 2] = ["b", "w"];
    const TOOLS: Tools = Tools {
        solver: true,
        eval_file: true,
        ..Tools::PLAY_ONLY
    };

    fn setup(keys: &Setup) -> Result<Dodgem, GameStringError> {
        rules::start_without_keys(keys, Dodgem::new)
    }

    fn from_notation(text: &str) -> Result<Dodgem, Refused> {
        rules::parse_notation(text)
    }

    fn legal_moves(&self) -> Vec<DodgemMove> {
        rules::ordered_moves(self)
    }

    fn play(&mut self, mv: DodgemMove) -> Result<(), Refused> {
        Dodgem::play(self, mv).map_err(Refused::worded)
    }

    fn undo(&mut self) -> Option<DodgemMove> {
        let last = self.history().last().copied()?;
        self.undo_move();
        Some(last)
    }

    fn moves_played(&self) -> Vec<DodgemMove> {
        self.history().to_vec()
    }

    fn seat_to_move(&self) -> usize {
        usize::from(self.to_move() == Side::White)
    }

    fn result(&self) -> Option<Option<usize>> {
        self.outcome().map(|outcome| match outcome {
            Outcome::Won(side) => Some(usize::from(side == Side::White)),
            Outcome::Draw => None,
        })
    }

    fn parse_move(&self, text: &str) -> Result<DodgemMove, Refused> {
        text.trim()
            .parse::<DodgemMove>()
            .map_err(|_| Refused::worded(DodgemError::BadMove(queens_board::clip_token(text))))
    }

    /// The lecture's table replaced by `text` (data/dodgem_eval.ron's form).
    fn set_eval(&mut self, text: &str) -> Result<(), Refused> {
        self.eval = DodgemEval::from_ron(text).map_err(Refused::new)?;
        Ok(())
    }

    /// The 3x3 board, a3 at the top left; a target is a car of the side to move that can
    /// move (its moves are `a3-b3`, `c2-off`: the car's cell, then where it goes).
    fn grid(&self) -> Option<crate::games::grid::GridView> {
        use crate::games::grid::{GridView, Square, legal_texts};
        let square = |row, col| match self.car(Cell::at(row, col)) {
            Some(side) => Square::Piece(usize::from(side == Side::White)),
            None => Square::Empty,
        };
        let name = |row, col| Cell::at(row, col).to_string();
        let view = GridView::build(3, 3, square, name, &legal_texts(&Rules::legal_moves(self)));
        // Black leaves past the right edge, white past the top (`c2-off`).
        let exits = crate::games::grid::Exits {
            name: "off",
            edges: [
                crate::games::grid::Edge::Right,
                crate::games::grid::Edge::Top,
            ],
        };
        Some(
            view.with_look(crate::games::grid::Look::Cars)
                .with_exits(exits),
        )
    }

    fn words(tongue: crate::games::words::Tongue) -> crate::games::words::GameWords {
        use crate::games::words::{GameWords, Tongue};
        match tongue {
            Tongue::English => GameWords {
                name: "Dodgem",
                title: "Dodgem",
                rules: Some(
                    "Black (first) drives right, up or down; white left, right or up, always onto an empty square. A car leaves past the far edge: black to the right, white at the top. Whoever drives both cars off first wins, and so does a player who leaves the opponent no move. A game still going after 60 plies (30 moves each) is a draw.",
                ),
                notation: Some(
                    "A move is the car's square, a dash, and where it goes: a3-b3; a car leaving the board goes to off (c2-off).",
                ),
                pieces: ["black", "white"],
                piece_names: ["black car", "white car"],
                score: Some("Cars driven off: black {0}, white {1}"),
                draw: Some("Draw: 60 plies (30 moves each) without a winner."),
            },
            Tongue::Vietnamese => GameWords {
                name: "Dodgem",
                title: "Dodgem",
                rules: Some(
                    "Đen (đi trước) chạy sang phải, lên hoặc xuống; trắng sang trái, sang phải hoặc lên, luôn vào ô trống. Xe ra khỏi bàn qua mép xa: đen ở bên phải, trắng ở phía trên. Ai đưa cả hai xe ra trước thì thắng; người làm đối thủ hết nước đi cũng thắng. Sau 60 nửa nước (mỗi bên 30 nước) mà chưa ai thắng thì hòa.",
                ),
                notation: Some(
                    "Một nước đi là ô của xe, dấu gạch ngang và ô xe đến: a3-b3; xe ra khỏi bàn thì ghi off (c2-off).",
                ),
                pieces: ["đen", "trắng"],
                piece_names: ["xe đen", "xe trắng"],
                score: Some("Xe đã ra: đen {0}, trắng {1}"),
                draw: Some("Hòa: 60 nửa nước (mỗi bên 30 nước) mà chưa ai thắng."),
            },
        }
    }

    /// The cars each side has driven off the board.
    fn score(&self) -> [u32; 2] {
        [Side::Black, Side::White].map(|side| (CARS - self.cars_on(side)) as u32)
    }

    /// A finished game scores `WIN - plies played`, far beyond any evaluation (entries
    /// stay within ±1000), so such a value is a proof at any depth.
    fn decided(value: i32) -> Option<crate::games::seam::Decided> {
        let magnitude = value.unsigned_abs();
        let win = WIN.unsigned_abs();
        (magnitude > win / 2).then(|| crate::games::seam::Decided {
            searcher_wins: value > 0,
            ends_at_ply: win - magnitude,
        })
    }

    /// The position in the game's notation (`b../b../.ww b 0`), as Dodgem's records
    /// have held it since they were first written.
    fn record_game(&self) -> String {
        self.to_string()
    }

    /// The exact negamax of [`crate::games::dodgem_solve`], under the draw limit.
    fn solve_exact(
        &self,
        stop: &(dyn Fn() -> bool + Sync),
    ) -> Result<Option<crate::games::seam::Exact>, crate::games::seam::NoExactSolver> {
        Ok(crate::games::dodgem_solve::exact_until(self, stop))
    }
}

/// Dodgem's reasons in Vietnamese (the English is their `Display`).
impl Reason for DodgemError {
    fn vietnamese(&self) -> String {
        match self {
            DodgemError::Shape => "thế cờ Dodgem là ba hàng ba ô ngăn bởi '/', bên đi và (nếu muốn) số nước đã đi, như b../b../.ww b 0".to_string(),
            DodgemError::BadCell(cell) => format!("'{cell}' không phải là một ô: viết b, w hoặc . (trống)"),
            DodgemError::BadSide(side) => format!("'{side}' không phải là bên đi: viết b hoặc w"),
            DodgemError::BadPly(ply) => {
                format!("'{ply}' không phải là số nước đã đi từ 0 đến {PLY_LIMIT}")
            }
            DodgemError::TooManyCars(side) => {
                let side = match side {
                    Side::Black => "đen",
                    Side::White => "trắng",
                };
                format!("bên {side} có hơn {CARS} xe")
            }
            DodgemError::NoCarToMove => "bên đi không còn xe nào trên bàn".to_string(),
            DodgemError::BadMove(text) => format!("'{text}' không phải là nước đi hợp lệ ở đây (viết a3-b3, hoặc c2-off để ra khỏi bàn)"),
            DodgemError::GameOver => "ván đã kết thúc".to_string(),
        }
    }
}
