//! The store's checks of tic-tac-toe and Dodgem saves as the window tells them, in
//! English and Vietnamese: one part of the store-error texts' `CheckTexts`, apart so the
//! queens game's store errors stay in a file of their own size.

use queens_engines::games::words::Tongue;
use queens_store::GameKind;

/// How a tic-tac-toe or Dodgem save disagrees with its replay, one text per
/// [`CheckError`] variant of the small games, the refusal of a small game where a queens
/// one was asked for ([`StoreError::NotQueens`]), and the games' names.
pub(crate) struct TableCheckTexts {
    /// The language the games are asked to give their reasons in ([`CheckError::TableMove`]'s).
    pub tongue: Tongue,
    /// [`CheckError::WrongGame`] of a small game's save: its game.
    pub wrong_game_small: &'static str,
    /// [`CheckError::WrongGame`] of a queens save.
    pub wrong_game_queens: &'static str,
    /// [`CheckError::TableSetup`]: the game, its own board's rows and columns, the stored
    /// size, stones, and [`Self::seed`] or [`Self::no_seed`].
    pub table_setup: &'static str,
    pub seed: &'static str,
    pub no_seed: &'static str,
    /// [`CheckError::TableMove`]: the move number, the text, the game's reason.
    pub table_move: &'static str,
    /// [`CheckError::TableGain`]: the move number, the stored gain.
    pub table_gain: &'static str,
    /// [`StoreError::NotQueens`]: the file, its game.
    pub fp_not_queens: &'static str,
}

/// The English texts of [`TableCheckTexts`] (kept here, beside the Vietnamese, so en.rs
/// only names them).
pub(crate) const TABLE_CHECK_EN: TableCheckTexts = TableCheckTexts {
    tongue: Tongue::English,
    wrong_game_small: "the save holds {a:0} game, not a Queens & Stones game",
    wrong_game_queens: "the save holds a Queens & Stones game, not a game of the games table",
    table_setup: "{a:0} game is played on its own {1}x{2} board with no stones and no seed, but the settings give size {3}, {4:stone|stones} and {5}",
    seed: "a seed",
    no_seed: "no seed",
    table_move: "move {0}: '{1}' is not a legal move here ({2})",
    table_gain: "move {0} is stored as gaining {1:cell|cells}, but only a queens move gains cells",
    fp_not_queens: "{0} holds {a:1} game, not a Queens & Stones game.",
};

/// The Vietnamese texts of [`TableCheckTexts`]. The game's own reason for a refused move
/// ([`queens_engines::games::seam::Refused`]) is asked of the game in Vietnamese too.
pub(crate) const TABLE_CHECK_VI: TableCheckTexts = TableCheckTexts {
    tongue: Tongue::Vietnamese,
    wrong_game_small: "ván đã lưu là một ván {0}, không phải ván Queens & Stones",
    wrong_game_queens: "ván đã lưu là một ván Queens & Stones, không phải ván của bảng trò chơi",
    table_setup: "ván {0} được chơi trên bàn {1}x{2} của riêng nó, không có đá và không có hạt giống, nhưng phần thiết lập ghi kích thước {3}, {4} viên đá và {5}",
    seed: "có hạt giống",
    no_seed: "không có hạt giống",
    table_move: "nước {0}: '{1}' không phải là nước đi hợp lệ ở đây ({2})",
    table_gain: "nước {0} được lưu là chiếm {1} ô, nhưng chỉ nước đi của ván Quân Hậu mới chiếm ô",
    fp_not_queens: "{0} chứa một ván {1}, không phải ván Queens & Stones.",
};

impl TableCheckTexts {
    /// `kind`'s name as the sentences above use it: the game's own
    /// ([`GameKind::title`]), the same in both languages as these sentences have
    /// always named the games.
    pub(super) fn game(&self, kind: GameKind) -> &'static str {
        kind.title()
    }
}
