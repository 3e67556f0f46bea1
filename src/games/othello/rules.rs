//! Othello through the game seam ([`Rules`]): its setup (`size=6` or
//! `size=8`), notation, moves, result, tree, evaluation file and board view, on the
//! position of the parent module.

use super::{DEFAULT_SIZE, KIND, Othello, OthelloError, OthelloMove};
use crate::ai::SearchGame;
use crate::games::othello_eval::OthelloEval;
use crate::games::rules::{Rules, Tools};
use crate::games::setup::{GameStringError, Refused, Setup};

/// Othello through the game seam: one setup key, `size=6` or `size=8`.
impl Rules for Othello {
    type Move = OthelloMove;
    const TAG: &'static str = KIND;
    const SIDES: [&'static str; 2] = ["b", "w"];
    const TOOLS: Tools = Tools {
        eval_file: true,
        ..Tools::PLAY_ONLY
    };

    fn setup(keys: &Setup) -> Result<Othello, GameStringError> {
        keys.only(&["size"], KIND)?;
        let refuse = |err| GameStringError::Setup(Refused::new(err));
        let size = match keys.get("size") {
            None => DEFAULT_SIZE,
            Some(text) => text
                .parse()
                .map_err(|_| refuse(OthelloError::BadSize(crate::board::clip_token(text))))?,
        };
        Othello::new(size).map_err(refuse)
    }

    fn setup_keys(&self) -> String {
        format!("size={}", self.size)
    }

    fn from_notation(text: &str) -> Result<Othello, Refused> {
        crate::games::rules::parse_notation(text)
    }

    fn legal_moves(&self) -> Vec<OthelloMove> {
        self.moves()
    }

    fn play(&mut self, mv: OthelloMove) -> Result<(), Refused> {
        Othello::play(self, mv).map_err(Refused::new)
    }

    fn undo(&mut self) -> Option<OthelloMove> {
        let last = self.history.last().map(|(mv, _)| *mv)?;
        self.undo_move();
        Some(last)
    }

    fn moves_played(&self) -> Vec<OthelloMove> {
        self.history.iter().map(|(mv, _)| *mv).collect()
    }

    fn seat_to_move(&self) -> usize {
        self.to_move
    }

    fn result(&self) -> Option<Option<usize>> {
        self.winner()
    }

    fn parse_move(&self, text: &str) -> Result<OthelloMove, Refused> {
        Othello::parse_move(self, text).map_err(Refused::new)
    }

    /// The weights replaced by `text` (data/othello_eval.ron's form).
    fn set_eval(&mut self, text: &str) -> Result<(), Refused> {
        self.eval = OthelloEval::from_ron(text).map_err(Refused::new)?;
        Ok(())
    }

    /// The board, a1 at the top left; a target is a cell a disc may go to (a forced
    /// `pass` is no square: the front end offers it as a button).
    fn grid(&self) -> Option<crate::games::grid::GridView> {
        use crate::games::grid::{GridView, Square, legal_texts};
        let square = |row, col| self.disc(row, col).map_or(Square::Empty, Square::Piece);
        let name = |row, col| OthelloMove::at(row, col).to_string();
        let size = self.size;
        Some(GridView::build(
            size,
            size,
            square,
            name,
            &legal_texts(&Rules::legal_moves(self)),
        ))
    }

    fn words(tongue: crate::games::words::Tongue) -> crate::games::words::GameWords {
        use crate::games::words::{GameWords, Tongue};
        match tongue {
            Tongue::English => GameWords {
                name: "Othello",
                title: "Othello",
                rules: Some(
                    "Black moves first. Place a disc so that it closes a straight line of your opponent's discs between it and one of yours; those discs turn to your colour. With no such move you pass. When neither side can move, the one with more discs wins.",
                ),
                pieces: ["black", "white"],
                piece_names: ["black", "white"],
                score: Some("On the board: black {0}, white {1}"),
                draw: None,
            },
            Tongue::Vietnamese => GameWords {
                name: "Othello (cờ lật)",
                title: "Othello",
                rules: Some(
                    "Đen đi trước. Đặt một quân sao cho giữa nó và một quân của bạn là một hàng thẳng quân đối phương; những quân đó lật sang màu của bạn. Không có nước như vậy thì bỏ lượt. Khi cả hai không đi được, bên nhiều quân hơn thắng.",
                ),
                pieces: ["đen", "trắng"],
                piece_names: ["đen", "trắng"],
                score: Some("Trên bàn: đen {0}, trắng {1}"),
                draw: None,
            },
        }
    }
}
