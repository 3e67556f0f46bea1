//! The strings of a games-table game played through the seam (Othello, and the next
//! game added to the table) in English and Vietnamese. Nothing here names a game but
//! [`game_name`] and [`rules`], which fall back to the table's tag for a game they do
//! not know, so a new game is playable before its words are written.
//! `{0}`, `{1}`.. are filled by [`super::fill`].

/// Every string a table game shows; each field is named after where it appears.
#[allow(missing_docs)]
pub struct GridTexts {
    /// English (the game names and rules are chosen by it).
    pub english: bool,
    /// Each seat's pieces, seat 0 (moves first) then seat 1.
    pub pieces: [&'static str; 2],
    pub to_move: &'static str,
    pub must_pass: &'static str,
    pub pass: &'static str,
    pub passed: &'static str,
    pub played: &'static str,
    pub flipped: &'static str,
    pub illegal: &'static str,
    pub on_board: &'static str,
    pub cannot_save: &'static str,
    /// What a square holds, for screen readers: `{0}` its name.
    pub square_empty: &'static str,
    pub square_legal: &'static str,
    pub square_piece: &'static str,
    pub last_move: &'static str,
    pub position: &'static str,
}

/// English.
pub static EN: GridTexts = GridTexts {
    english: true,
    pieces: ["black", "white"],
    to_move: "{0} to move ({1})",
    must_pass: "{0} has no legal move and must pass.",
    pass: "Pass",
    passed: "{0} passed: no legal move.",
    played: "{0} played {1}.",
    flipped: "{0} played {1}, turning {2:disc|discs}.",
    illegal: "{0} is not a legal move here.",
    on_board: "On the board: black {0}, white {1}",
    cannot_save: "This window cannot save {0} games yet: nothing of this game is written, and the saves, the autosave and the history keep what they held.",
    square_empty: "{0}: empty",
    square_legal: "{0}: empty, a legal move",
    square_piece: "{0}: {1}",
    last_move: "last move",
    position: "Position: {0}",
};

/// Vietnamese.
pub static VI: GridTexts = GridTexts {
    english: false,
    pieces: ["đen", "trắng"],
    to_move: "Lượt của {0} ({1})",
    must_pass: "{0} không có nước đi hợp lệ và phải bỏ lượt.",
    pass: "Bỏ lượt",
    passed: "{0} bỏ lượt: không có nước đi.",
    played: "{0} đi {1}.",
    flipped: "{0} đi {1}, lật {2} quân.",
    illegal: "{0} không phải nước đi hợp lệ ở đây.",
    on_board: "Trên bàn: đen {0}, trắng {1}",
    cannot_save: "Cửa sổ này chưa lưu được ván {0}: không ghi gì của ván này; các tệp lưu, bản tự lưu và lịch sử giữ nguyên như cũ.",
    square_empty: "{0}: trống",
    square_legal: "{0}: trống, đi được",
    square_piece: "{0}: {1}",
    last_move: "nước vừa đi",
    position: "Thế cờ: {0}",
};

/// The game's name in the language of `g`: the games the window knows by
/// name, else its tag as the table writes it.
pub fn game_name(g: &GridTexts, tag: &str) -> String {
    match (tag, g.english) {
        ("othello", true) => "Othello".to_string(),
        ("othello", false) => "Othello (cờ lật)".to_string(),
        (other, _) => other.to_string(),
    }
}

/// The game's rules in a sentence or two, when the window has them.
pub fn rules(g: &GridTexts, tag: &str) -> Option<&'static str> {
    match (tag, g.english) {
        ("othello", true) => Some(
            "Black moves first. Place a disc so that it closes a straight line of your opponent's discs between it and one of yours; those discs turn to your colour. With no such move you pass. When neither side can move, the one with more discs wins.",
        ),
        ("othello", false) => Some(
            "Đen đi trước. Đặt một quân sao cho giữa nó và một quân của bạn là một hàng thẳng quân đối phương; những quân đó lật sang màu của bạn. Không có nước như vậy thì bỏ lượt. Khi cả hai không đi được, bên nhiều quân hơn thắng.",
        ),
        _ => None,
    }
}
