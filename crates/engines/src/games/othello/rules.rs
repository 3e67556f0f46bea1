//! Othello through the game seam ([`Rules`]): its setup (`size=6` or
//! `size=8`), notation, moves, result, tree, evaluation file and board view, on the
//! position of the parent module.

use super::{DEFAULT_SIZE, KIND, Othello, OthelloError, OthelloMove};
use crate::ai::SearchGame;
use crate::games::othello_eval::OthelloEval;
use crate::games::rules::{Rules, Tools};
use crate::games::setup::{GameStringError, Reason, Refused, Setup};

/// Othello through the game seam: one setup key, `size=6` or `size=8`.
impl Rules for Othello {
    type Move = OthelloMove;
    const TAG: &'static str = KIND;
    const SIDES: [&'static str; 2] = ["b", "w"];
    const TOOLS: Tools = Tools {
        eval_file: true,
        // Most discs wins, by how many.
        margin_result: true,
        ..Tools::PLAY_ONLY
    };

    fn setup(keys: &Setup) -> Result<Othello, GameStringError> {
        keys.only(&["size"], KIND)?;
        let refuse = |err| GameStringError::Setup(Refused::worded(err));
        let size = match keys.get("size") {
            None => DEFAULT_SIZE,
            Some(text) => text
                .parse()
                .map_err(|_| refuse(OthelloError::BadSize(queens_board::clip_token(text))))?,
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
        Othello::play(self, mv).map_err(Refused::worded)
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
        Othello::parse_move(self, text).map_err(Refused::worded)
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

    /// A won or lost finished game scores `±(WIN + disc margin)`, the margin 1 to 64
    /// (the default evaluation of an open position stays far below `WIN`).
    fn proven_margin(value: i32) -> Option<i32> {
        use super::WIN;
        let past_win = value.unsigned_abs().checked_sub(WIN.unsigned_abs())?;
        (1..=64)
            .contains(&past_win)
            .then(|| value.signum() * past_win as i32)
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
                notation: Some(
                    "A move is the square of the new disc, from a1 at the top left (d3); a side with no move plays pass.",
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
                notation: Some(
                    "Một nước đi là ô đặt quân mới, tính từ a1 ở góc trên bên trái (d3); bên không có nước đi thì ghi pass.",
                ),
                pieces: ["đen", "trắng"],
                piece_names: ["đen", "trắng"],
                score: Some("Trên bàn: đen {0}, trắng {1}"),
                draw: None,
            },
        }
    }
}

/// Othello's reasons in Vietnamese (the English is their `Display`).
impl Reason for OthelloError {
    fn vietnamese(&self) -> String {
        match self {
            OthelloError::BadSize(size) => {
                format!("'{size}' không phải là cạnh bàn Othello: viết 6 hoặc 8")
            }
            OthelloError::NotAMove(text) => {
                format!("'{text}' không phải là nước đi: viết một ô như d3, hoặc pass")
            }
            OthelloError::OffBoard(cell, size) => {
                format!("{cell} không nằm trên bàn {size}x{size}")
            }
            OthelloError::Illegal(cell) => format!(
                "{cell} không hợp lệ ở đây: quân đặt xuống phải lật được ít nhất một quân của đối phương"
            ),
            OthelloError::NoPass => {
                "chỉ được bỏ lượt (pass) khi không đặt được quân nào".to_string()
            }
            OthelloError::GameOver => "ván đã kết thúc".to_string(),
            OthelloError::Shape => {
                "thế cờ Othello là 6 hoặc 8 hàng gồm b, w và . ngăn bởi '/', rồi bên đi (b hoặc w)"
                    .to_string()
            }
        }
    }
}
