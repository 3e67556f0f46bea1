//! The small games' strings (tic-tac-toe and Dodgem in the window) in English and
//! Vietnamese, kept apart from the queens game's [`super::Texts`] (which points here).
//! `{0}`, `{1}`.. are filled by [`super::fill`].

/// Every string the small games show; each field is named after where it appears.
#[allow(missing_docs)]
pub(crate) struct TableTexts {
    pub game: &'static str,
    pub computer_note: &'static str,
    pub plays: &'static str,
    /// [`Self::plays`] when the player is "You" (English conjugates).
    pub plays_you: &'static str,
    pub wins: &'static str,
    /// [`Self::wins`] when the person beat the computer (the summary's headline).
    pub you_win: &'static str,
    pub draw: &'static str,
    pub resigned_win: &'static str,
    pub started: &'static str,
    pub queens_only: &'static str,
    pub thinking: &'static str,
    pub last_search: &'static str,
    pub proven_draw: &'static str,
    pub estimated_value: &'static str,
    pub proven_margin: &'static str,
    pub moves: &'static str,
    pub no_moves: &'static str,
    pub open_lab: &'static str,
    pub continue_offer: &'static str,
    pub proven_result: &'static str,
}

/// English.
pub(crate) const EN: TableTexts = TableTexts {
    game: "Game",
    computer_note: "The lectures' minimax or alpha-beta, searching to this depth (a search that reaches every game's end plays perfectly).",
    plays: "{0} plays {1}",
    plays_you: "You play {0}",
    wins: "Won by {0}.",
    you_win: "You win.",
    draw: "Draw.",
    resigned_win: "{0} resigned; the game goes to {1}.",
    started: "New game of {0}.",
    queens_only: "That is for Queens & Stones games only.",
    thinking: "Computer thinking… {0} nodes",
    last_search: "Last search: depth {0}, {1} nodes: {2}",
    proven_draw: "a draw with best play (proven: the search reached every game's end)",
    estimated_value: "value {0}, an estimate at this depth",
    proven_margin: "proven: {0} wins by {1:piece|pieces}",
    moves: "Moves",
    no_moves: "No moves yet.",
    open_lab: "Open in the Tree Lab",
    continue_offer: "An unfinished game of {0} was saved automatically ({1:move|moves}).",
    proven_result: "proven: {0} wins by move {1}",
};

/// Vietnamese.
pub(crate) const VI: TableTexts = TableTexts {
    game: "Trò chơi",
    computer_note: "Minimax hoặc alpha-beta của bài giảng, tìm đến độ sâu này (tìm tới cuối mọi ván thì chơi hoàn hảo).",
    plays: "{0} cầm {1}",
    plays_you: "Bạn cầm {0}",
    wins: "{0} thắng.",
    you_win: "Bạn thắng.",
    draw: "Hòa.",
    resigned_win: "{0} chịu thua; {1} thắng.",
    started: "Ván {0} mới.",
    queens_only: "Việc này chỉ dành cho ván Quân Hậu & Đá.",
    thinking: "Máy đang nghĩ… {0} nút",
    last_search: "Lần tìm gần nhất: độ sâu {0}, {1} nút: {2}",
    proven_draw: "hòa nếu cả hai chơi tốt nhất (đã chứng minh: đã tìm tới cuối mọi ván)",
    estimated_value: "giá trị {0}, ước lượng ở độ sâu này",
    proven_margin: "đã chứng minh: {0} thắng cách {1} quân",
    moves: "Các nước đi",
    no_moves: "Chưa có nước nào.",
    open_lab: "Mở trong Phòng thí nghiệm cây",
    continue_offer: "Có một ván {0} chưa xong được tự động lưu ({1} nước).",
    proven_result: "đã chứng minh: {0} thắng muộn nhất ở nước {1}",
};
