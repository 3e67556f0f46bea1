//! The strings of a games-table game played through the seam (every game of the table
//! but queens) in English and Vietnamese. Nothing
//! here names a game: a game's own words (its name, rules, pieces) come from the game
//! through the seam ([`words`]). `{0}`, `{1}`.. are filled by [`super::fill`].

use queens_engines::games::words::{GameWords, Tongue};

/// Every string a table game shows; each field is named after where it appears.
#[allow(missing_docs)]
pub(crate) struct GridTexts {
    /// English (the game names and rules are chosen by it).
    pub english: bool,
    pub to_move: &'static str,
    pub must_pass: &'static str,
    pub pass: &'static str,
    /// A pass in the move list ("60. pass"; the game string keeps "pass" in every
    /// language).
    pub pass_move: &'static str,
    pub passed: &'static str,
    pub played: &'static str,
    pub flipped: &'static str,
    pub illegal: &'static str,
    pub picked: &'static str,
    pub put_down: &'static str,
    pub pick_first: &'static str,
    pub cannot_save: &'static str,
    /// What a square holds, for screen readers: `{0}` its name.
    pub square_empty: &'static str,
    pub square_legal: &'static str,
    pub square_piece: &'static str,
    pub last_move: &'static str,
    pub winning_line: &'static str,
    pub position: &'static str,
    /// The status line after Hint: `{0}` the move.
    pub hint: &'static str,
    /// A square of the hinted move, for screen readers.
    pub hinted: &'static str,
    /// A proved move value: `{0}` the move of the game it ends on.
    pub value_win: &'static str,
    pub value_loss: &'static str,
    pub value_draw: &'static str,
    pub values_title: &'static str,
    pub values_legend: &'static str,
    pub values_running: &'static str,
    pub analysis_title: &'static str,
    /// `{0}` positions solved, `{1}` in all.
    pub analysing: &'static str,
    /// `{0}` the player, `{1}` moves that kept the result, `{2}` moves.
    pub kept: &'static str,
    /// A worst move: `{0}` its number, `{1}` the move, `{2}` and `{3}` the result
    /// before and after it (from its mover's view), `{4}` a best move.
    pub worst_move: &'static str,
    /// A slower win: `{0}` its number, `{1}` the move, `{2}` plies later, `{3}` a best move.
    pub slower_move: &'static str,
    /// A sooner loss: `{0}` its number, `{1}` the move, `{2}` plies sooner, `{3}` a best move.
    pub sooner_move: &'static str,
    pub all_kept: &'static str,
    pub analysis_stopped: &'static str,
    /// The title of the proved analysis's chart.
    pub result_chart: &'static str,
    /// A hover on it: `{0}` the move number, `{1}` one of [`GridTexts::results`].
    pub result_hover: &'static str,
    /// The result with best play, from P1's view: P2 wins, a draw, P1 wins.
    pub results: [&'static str; 3],
    /// A result from a side's view, loss first: by [`queens_engines::analysis::Outcome::rank`].
    pub outcomes: [&'static str; 3],
}

/// English.
pub(crate) static EN: GridTexts = GridTexts {
    english: true,
    to_move: "{0} to move ({1})",
    must_pass: "{0}: no legal move, so the turn passes.",
    pass: "Pass",
    pass_move: "pass",
    passed: "{0} passed: no legal move.",
    played: "{0} played {1}.",
    flipped: "{0} played {1}, turning {2:disc|discs}.",
    illegal: "{0} is not a legal move here.",
    picked: "Piece on {0} picked up: click where it goes (the arrow strip to leave the board), or the piece again to put it down.",
    put_down: "Piece put down.",
    pick_first: "Click one of your pieces first, then where it goes.",
    cannot_save: "This {0} position cannot be saved: it came without the moves that reach it, which a save replays. Nothing of this game is written, and the saves, the autosave and the history keep what they held.",
    square_empty: "{0}: empty",
    square_legal: "{0}: empty, a legal move",
    square_piece: "{0}: {1}",
    last_move: "last move",
    winning_line: "winning line",
    position: "Position: {0}",
    hint: "Hint: {0} (ringed on the board).",
    hinted: "hint",
    value_win: "win at move {0}",
    value_loss: "loss at move {0}",
    value_draw: "draw",
    values_title: "Move values (proved)",
    values_legend: "For the side to move, with best play: +N a win, = a draw, \u{2212}N a loss; N is the move the game ends on.",
    values_running: "Proving every move…",
    analysis_title: "Analysis (proved)",
    analysing: "Analysing… {0} of {1} positions solved",
    kept: "{0}: {1} of {2:move|moves} kept the result",
    worst_move: "Move {0}, {1}: {2} became {3} (best {4})",
    slower_move: "Move {0}, {1}: the win, {2:ply|plies} later (best {3})",
    sooner_move: "Move {0}, {1}: the loss, {2:ply|plies} sooner (best {3})",
    all_kept: "Every move kept the result with best play.",
    analysis_stopped: "Stopped: only the last moves are analysed.",
    result_chart: "Who wins with best play, after each move",
    result_hover: "move {0}: {1} with best play (proved)",
    results: ["P2 wins", "a draw", "P1 wins"],
    outcomes: ["a loss", "a draw", "a win"],
};

/// Vietnamese.
pub(crate) static VI: GridTexts = GridTexts {
    english: false,
    to_move: "Lượt của {0} ({1})",
    must_pass: "{0} không có nước đi hợp lệ và phải bỏ lượt.",
    pass: "Bỏ lượt",
    pass_move: "bỏ lượt",
    passed: "{0} bỏ lượt: không có nước đi.",
    played: "{0} đi {1}.",
    flipped: "{0} đi {1}, lật {2} quân.",
    illegal: "{0} không phải nước đi hợp lệ ở đây.",
    picked: "Đã chọn quân ở {0}: bấm nơi nó đến (dải mũi tên để ra khỏi bàn), hoặc bấm lại quân để bỏ chọn.",
    put_down: "Đã bỏ chọn quân.",
    pick_first: "Hãy bấm vào một quân của bạn trước, rồi bấm nơi nó đến.",
    cannot_save: "Không lưu được thế cờ {0} này: nó đến mà không có các nước đi dẫn tới nó, là thứ một tệp lưu phát lại. Không ghi gì của ván này; các tệp lưu, bản tự lưu và lịch sử giữ nguyên như cũ.",
    square_empty: "{0}: trống",
    square_legal: "{0}: trống, đi được",
    square_piece: "{0}: {1}",
    last_move: "nước vừa đi",
    winning_line: "hàng thắng",
    position: "Thế cờ: {0}",
    hint: "Gợi ý: {0} (khoanh trên bàn cờ).",
    hinted: "gợi ý",
    value_win: "thắng ở nước {0}",
    value_loss: "thua ở nước {0}",
    value_draw: "hòa",
    values_title: "Giá trị các nước đi (đã chứng minh)",
    values_legend: "Với bên đang đi, nếu cả hai chơi tốt nhất: +N là thắng, = là hòa, \u{2212}N là thua; N là nước ván cờ kết thúc.",
    values_running: "Đang chứng minh từng nước…",
    analysis_title: "Phân tích (đã chứng minh)",
    analysing: "Đang phân tích… đã giải {0} trên {1} thế cờ",
    kept: "{0}: {1} trên {2} nước giữ được kết quả",
    worst_move: "Nước {0}, {1}: {2} thành {3} (tốt nhất {4})",
    slower_move: "Nước {0}, {1}: vẫn thắng nhưng chậm {2} nửa nước (tốt nhất {3})",
    sooner_move: "Nước {0}, {1}: vẫn thua nhưng sớm hơn {2} nửa nước (tốt nhất {3})",
    all_kept: "Mọi nước đều giữ được kết quả khi chơi tốt nhất.",
    analysis_stopped: "Đã dừng: chỉ các nước cuối được phân tích.",
    result_chart: "Ai thắng nếu chơi tốt nhất, sau mỗi nước",
    result_hover: "nước {0}: {1} nếu chơi tốt nhất (đã chứng minh)",
    results: ["P2 thắng", "hòa", "P1 thắng"],
    outcomes: ["thua", "hòa", "thắng"],
};

/// The words of the game `tag` in the language of `g`, from its row of the games
/// table ([`queens_engines::games::seam::Rules::words`]); a tag the table has not is named by
/// itself.
pub(crate) fn words(g: &GridTexts, tag: &'static str) -> GameWords {
    queens_engines::games::table::by_tag(tag).map_or(GameWords::plain(tag, ["1", "2"]), |entry| {
        (entry.words)(tongue(g))
    })
}

/// The language of `g` as the games ask for words and reasons in it.
pub(crate) fn tongue(g: &GridTexts) -> Tongue {
    if g.english {
        Tongue::English
    } else {
        Tongue::Vietnamese
    }
}

/// The name of the game a save holds, in the language of `g` (the History filter,
/// the records).
pub(crate) fn kind_name(g: &GridTexts, kind: queens_store::GameKind) -> &'static str {
    words(g, kind.name()).name
}

/// The game's name in the language of `g`.
pub(crate) fn game_name(g: &GridTexts, tag: &'static str) -> String {
    words(g, tag).name.to_string()
}

/// The game's rules in a sentence or two, when the game gives them.
pub(crate) fn rules(g: &GridTexts, tag: &'static str) -> Option<&'static str> {
    words(g, tag).rules
}
