//! The small games' strings (tic-tac-toe and Dodgem in the window) in English and
//! Vietnamese, kept apart from the queens game's [`super::Texts`] (which points here).
//! `{0}`, `{1}`.. are filled by [`super::fill`].

/// Every string the small games show; each field is named after where it appears.
#[allow(missing_docs)]
pub struct SmallTexts {
    pub game: &'static str,
    /// Queens & Stones, tic-tac-toe, Dodgem (New game's choice, the side panel's title).
    pub game_names: [&'static str; 3],
    pub rules: [&'static str; 2],
    pub computer_note: &'static str,
    /// Each seat's piece, tic-tac-toe then Dodgem.
    pub pieces: [[&'static str; 2]; 2],
    /// What a square holds, for screen readers: the seats' pieces, then empty.
    pub square_words: [[&'static str; 3]; 2],
    pub plays: &'static str,
    /// [`Self::plays`] when the player is "You" (English conjugates).
    pub plays_you: &'static str,
    pub to_move: &'static str,
    pub cars_off: &'static str,
    pub wins: &'static str,
    /// [`Self::wins`] when the person beat the computer (the summary's headline).
    pub you_win: &'static str,
    /// Read out after a square's piece: the last move's square, a winning line's.
    pub square_marks: [&'static str; 2],
    pub draw: &'static str,
    pub draw_limit: &'static str,
    pub resigned_win: &'static str,
    pub started: &'static str,
    pub played: &'static str,
    pub taken: &'static str,
    pub bad_car_move: &'static str,
    pub pick_car: &'static str,
    pub picked: &'static str,
    pub put_down: &'static str,
    pub queens_only: &'static str,
    pub thinking: &'static str,
    pub last_search: &'static str,
    pub exact: &'static str,
    pub estimate: &'static str,
    pub moves: &'static str,
    pub no_moves: &'static str,
    pub open_lab: &'static str,
    pub position: &'static str,
    pub continue_offer: &'static str,
    pub proven_result: &'static str,
}

impl SmallTexts {
    /// The name of any game this version plays, in this language.
    pub fn kind_name(&self, kind: crate::store::GameKind) -> &'static str {
        match (kind, kind.small()) {
            // A games-table game is named by its tag in every language (`othello`).
            (crate::store::GameKind::Table(tag), _) => tag,
            (_, Some(small)) => self.game_name(small),
            (_, None) => self.game_names[0],
        }
    }

    /// The name of a small game in this language.
    pub fn game_name(&self, kind: crate::games::play::SmallKind) -> &'static str {
        match kind {
            crate::games::play::SmallKind::TicTacToe => self.game_names[1],
            crate::games::play::SmallKind::Dodgem => self.game_names[2],
        }
    }
}

/// English.
pub const EN: SmallTexts = SmallTexts {
    game: "Game",
    game_names: ["Queens & Stones", "Tic-tac-toe", "Dodgem"],
    rules: [
        "Three in a row (across, down or diagonal) wins; a full board without a line is a draw. X moves first.",
        "Black (first) drives right, up or down; white left, right or up, always onto an empty square. A car leaves past the far edge: black to the right, white at the top. Whoever drives both cars off first wins, and so does a player who leaves the opponent no move. A game still going after 60 plies (30 moves each) is a draw.",
    ],
    computer_note: "The lectures' minimax or alpha-beta, searching to this depth (a search that reaches every game's end plays perfectly).",
    pieces: [["X", "O"], ["black", "white"]],
    square_words: [["X", "O", "empty"], ["black car", "white car", "empty"]],
    plays: "{0} plays {1}",
    plays_you: "You play {0}",
    to_move: "{0} to move ({1})",
    cars_off: "Cars driven off: black {0}, white {1}",
    wins: "Won by {0}.",
    you_win: "You win.",
    square_marks: ["last move", "winning line"],
    draw: "Draw.",
    draw_limit: "Draw: 60 plies (30 moves each) without a winner.",
    resigned_win: "{0} resigned; the game goes to {1}.",
    started: "New game of {0}.",
    played: "{0} played {1}.",
    taken: "{0} is not free.",
    bad_car_move: "{0} is not a legal move: black drives right, up or down, white left, right or up, onto an empty square, and a car leaves only past its far edge.",
    pick_car: "Click one of your cars first, then where it goes.",
    picked: "Car on {0} picked up: click where it goes (the arrow strip to leave the board), or the car again to put it down.",
    put_down: "Car put down.",
    queens_only: "That is for Queens & Stones games only.",
    thinking: "Computer thinking… {0} nodes",
    last_search: "Last search: depth {0}, {1} nodes, value {2} {3}",
    exact: "(exact: the search reached every game's end)",
    estimate: "(an estimate at this depth)",
    moves: "Moves",
    no_moves: "No moves yet.",
    open_lab: "Open in the Tree Lab",
    position: "Position: {0}",
    continue_offer: "An unfinished game of {0} was saved automatically ({1:move|moves}).",
    proven_result: "(proven: {0} wins by move {1})",
};

/// Vietnamese.
pub const VI: SmallTexts = SmallTexts {
    game: "Trò chơi",
    game_names: ["Quân Hậu & Đá", "Cờ ca-rô 3x3", "Dodgem"],
    rules: [
        "Ba quân thẳng hàng (ngang, dọc hoặc chéo) thì thắng; bàn cờ đầy mà không ai có hàng là hòa. X đi trước.",
        "Đen (đi trước) chạy sang phải, lên hoặc xuống; trắng sang trái, sang phải hoặc lên, luôn vào ô trống. Xe ra khỏi bàn qua mép xa: đen ở bên phải, trắng ở phía trên. Ai đưa cả hai xe ra trước thì thắng; người làm đối thủ hết nước đi cũng thắng. Sau 60 nửa nước (mỗi bên 30 nước) mà chưa ai thắng thì hòa.",
    ],
    computer_note: "Minimax hoặc alpha-beta của bài giảng, tìm đến độ sâu này (tìm tới cuối mọi ván thì chơi hoàn hảo).",
    pieces: [["X", "O"], ["đen", "trắng"]],
    square_words: [["X", "O", "trống"], ["xe đen", "xe trắng", "trống"]],
    plays: "{0} cầm {1}",
    plays_you: "Bạn cầm {0}",
    to_move: "Đến lượt {0} ({1})",
    cars_off: "Xe đã ra: đen {0}, trắng {1}",
    wins: "{0} thắng.",
    you_win: "Bạn thắng.",
    square_marks: ["nước vừa đi", "hàng thắng"],
    draw: "Hòa.",
    draw_limit: "Hòa: 60 nửa nước (mỗi bên 30 nước) mà chưa ai thắng.",
    resigned_win: "{0} chịu thua; {1} thắng.",
    started: "Ván {0} mới.",
    played: "{0} đi {1}.",
    taken: "Ô {0} không trống.",
    bad_car_move: "{0} không phải nước hợp lệ: đen chạy sang phải, lên hoặc xuống, trắng sang trái, sang phải hoặc lên, vào ô trống, và xe chỉ ra khỏi bàn qua mép xa của mình.",
    pick_car: "Hãy bấm vào một xe của bạn trước, rồi bấm nơi nó đến.",
    picked: "Đã chọn xe ở {0}: bấm nơi nó đến (dải mũi tên để ra khỏi bàn), hoặc bấm lại xe để bỏ chọn.",
    put_down: "Đã bỏ chọn xe.",
    queens_only: "Việc này chỉ dành cho ván Quân Hậu & Đá.",
    thinking: "Máy đang nghĩ… {0} nút",
    last_search: "Lần tìm gần nhất: độ sâu {0}, {1} nút, giá trị {2} {3}",
    exact: "(chính xác: đã tìm tới cuối mọi ván)",
    estimate: "(ước lượng ở độ sâu này)",
    moves: "Các nước đi",
    no_moves: "Chưa có nước nào.",
    open_lab: "Mở trong Phòng thí nghiệm cây",
    position: "Thế cờ: {0}",
    continue_offer: "Có một ván {0} chưa xong được tự động lưu ({1} nước).",
    proven_result: "(đã chứng minh: {0} thắng muộn nhất ở nước {1})",
};
