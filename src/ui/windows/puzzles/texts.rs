//! The puzzle window's strings in English and Vietnamese. They live beside the window
//! (as the Tree Lab's do) so it stays one module; `{0}`, `{1}`.. are filled by
//! [`crate::ui::i18n::fill`].

use crate::ui::session::settings::Language;

/// Declares [`PuzzleTexts`] from one list of fields, with the list itself for the test
/// that holds the languages together: a field added to the struct is a field that test
/// checks in Vietnamese, with nothing else to remember.
macro_rules! texts_struct {
    ($($field:ident,)*) => {
        /// Every string the puzzle window shows; each field is named after where it appears.
        #[allow(missing_docs)]
        pub struct PuzzleTexts {
            $(pub $field: &'static str,)*
        }

        impl PuzzleTexts {
            /// Every text with its field's name.
            #[cfg(test)]
            fn each(&self) -> Vec<(&'static str, &'static str)> {
                vec![$((stringify!($field), self.$field)),*]
            }
        }
    };
}

texts_struct! {
    menu_learn,
    menu_item,
    title,
    rating_line,
    streak_line,
    puzzle_line,
    first_player,
    second_player,
    task,
    right,
    wrong,
    shown,
    rating_change,
    best_play,
    refutation,
    ends_ahead,
    ends_level,
    proving,
    stop,
    not_proved,
    line_step,
    line_start,
    first_step,
    back,
    forward,
    last_step,
    retry,
    show_solution,
    next_puzzle,
    retry_note,
    no_puzzles,
    cell_prefix,
    // The puzzles of the other games with an exact solver.
    game_label,
    no_solver,
    game_puzzle_line,
    game_task,
    kept_win,
    kept_draw,
    became_draw,
    became_loss,
    game_right,
    game_wrong,
    game_ends_win,
    game_ends_draw,
    looking,
    waiting,
    stopped,
    none_found,
    found,
    more_puzzles,
    not_rated,
    failed,
}

/// The window's strings in `language`.
pub fn puzzle_texts(language: Language) -> &'static PuzzleTexts {
    match language {
        Language::English => &EN,
        Language::Vietnamese => &VI,
    }
}

const EN: PuzzleTexts = PuzzleTexts {
    menu_learn: "Learn",
    menu_item: "Puzzles…",
    title: "Puzzles",
    rating_line: "Your rating: {0} (Elo) · solved {1} of {2} tries",
    streak_line: "Streak: {0} (best {1})",
    puzzle_line: "Puzzle {0} of {1} · rating {2} · {3}x{3}",
    first_player: "Blue (first player)",
    second_player: "Red (second player)",
    task: "{0} to move: find the move that gives nothing away.",
    right: "Right: {0} gives nothing away.",
    wrong: "{0} gives away {1} cells against the best move.",
    shown: "The solution: {0}.",
    rating_change: "Rating: {0}, now {1}",
    best_play: "Best play after it, proved by the solver:",
    refutation: "How it is punished, proved by the solver:",
    ends_ahead: "The game ends with {0} ahead by {1} cells.",
    ends_level: "The game ends level.",
    proving: "Proving the line…",
    stop: "Stop",
    not_proved: "The line was not proved (stopped).",
    line_step: "Move {0} of {1}: {2}",
    line_start: "The puzzle's position ({0} moves in the line)",
    first_step: "Line start",
    back: "Previous move",
    forward: "Next move",
    last_step: "Line end",
    retry: "Retry",
    show_solution: "Show solution",
    next_puzzle: "Next puzzle",
    retry_note: "A retry does not change the rating: only the first try counts.",
    no_puzzles: "No puzzles could be read.",
    cell_prefix: "puzzle cell",
    game_label: "Game",
    no_solver: "{0} has no exact solver, so no puzzle of it can be proved: choose another game.",
    game_puzzle_line: "Puzzle {0} of {1} found · {2}",
    game_task: "{0} to move: find the only move that keeps {1}.",
    kept_win: "the win",
    kept_draw: "the draw",
    became_draw: "a draw",
    became_loss: "a loss",
    game_right: "Right: {0} keeps {1}, proved by the solver.",
    game_wrong: "Wrong: {0} turns {1} into {2}, proved by the solver.",
    game_ends_win: "The game ends: {0} wins at move {1}.",
    game_ends_draw: "The game ends in a draw.",
    looking: "Looking for puzzles in random games… {0} found, {1:game|games} played",
    waiting: "The next puzzle is still being looked for.",
    stopped: "Stopped: no more puzzles are looked for.",
    none_found: "No puzzle was found.",
    found: "{0:puzzle|puzzles} found.",
    more_puzzles: "More puzzles",
    not_rated: "These puzzles are made from random games as you go, each proved by the solver; they do not change the rating (which is the queens set's).",
    failed: "No puzzles could be made: {0}",
};

const VI: PuzzleTexts = PuzzleTexts {
    menu_learn: "Học",
    menu_item: "Câu đố…",
    title: "Câu đố",
    rating_line: "Điểm xếp hạng: {0} (Elo) · giải đúng {1} trên {2} lần thử",
    streak_line: "Chuỗi đúng: {0} (dài nhất {1})",
    puzzle_line: "Câu đố {0} / {1} · xếp hạng {2} · {3}x{3}",
    first_player: "Xanh (người đi trước)",
    second_player: "Đỏ (người đi sau)",
    task: "{0} đi: hãy tìm nước không mất ô nào.",
    right: "Đúng: {0} không mất ô nào.",
    wrong: "{0} mất {1} ô so với nước tốt nhất.",
    shown: "Lời giải: {0}.",
    rating_change: "Xếp hạng: {0}, nay {1}",
    best_play: "Cách đi tốt nhất sau đó, bộ giải đã chứng minh:",
    refutation: "Cách bị trừng phạt, bộ giải đã chứng minh:",
    ends_ahead: "Ván kết thúc, {0} hơn {1} ô.",
    ends_level: "Ván kết thúc hòa.",
    proving: "Đang chứng minh đường đi…",
    stop: "Dừng",
    not_proved: "Đường đi chưa được chứng minh (đã dừng).",
    line_step: "Nước {0} / {1}: {2}",
    line_start: "Thế cờ của câu đố ({0} nước trong đường đi)",
    first_step: "Đầu đường đi",
    back: "Nước trước",
    forward: "Nước sau",
    last_step: "Cuối đường đi",
    retry: "Thử lại",
    show_solution: "Xem lời giải",
    next_puzzle: "Câu đố tiếp",
    retry_note: "Thử lại không đổi điểm xếp hạng: chỉ lần thử đầu được tính.",
    no_puzzles: "Không đọc được câu đố nào.",
    cell_prefix: "ô câu đố",
    game_label: "Trò chơi",
    no_solver: "{0} không có bộ giải chính xác nên không chứng minh được câu đố nào của nó: hãy chọn trò chơi khác.",
    game_puzzle_line: "Câu đố {0} / {1} đã tìm được · {2}",
    game_task: "{0} đi: hãy tìm nước duy nhất giữ được {1}.",
    kept_win: "thế thắng",
    kept_draw: "thế hòa",
    became_draw: "hòa",
    became_loss: "thua",
    game_right: "Đúng: {0} giữ được {1}, bộ giải đã chứng minh.",
    game_wrong: "Sai: {0} biến {1} thành {2}, bộ giải đã chứng minh.",
    game_ends_win: "Ván kết thúc: {0} thắng ở nước {1}.",
    game_ends_draw: "Ván kết thúc với kết quả hòa.",
    looking: "Đang tìm câu đố trong các ván ngẫu nhiên… đã tìm được {0}, đã chơi {1} ván",
    waiting: "Câu đố tiếp theo vẫn đang được tìm.",
    stopped: "Đã dừng: không tìm thêm câu đố.",
    none_found: "Không tìm được câu đố nào.",
    found: "Đã tìm được {0} câu đố.",
    more_puzzles: "Thêm câu đố",
    not_rated: "Các câu đố này được tạo dần từ các ván ngẫu nhiên, mỗi câu đều được bộ giải chứng minh; chúng không làm đổi điểm xếp hạng (điểm đó là của bộ câu đố Quân Hậu).",
    failed: "Không tạo được câu đố: {0}",
};

#[cfg(test)]
mod tests {
    use super::*;

    /// The placeholders' numbers a text fills (`{1:game|games}` is 1, as `{1}` is).
    fn placeholders(text: &str) -> Vec<String> {
        let mut found: Vec<String> = text
            .split('{')
            .skip(1)
            .filter_map(|part| part.split_once('}'))
            .map(|(inner, _)| inner.split(':').next().unwrap_or_default().to_string())
            .collect();
        found.sort();
        found
    }

    /// Every text of the window is said in Vietnamese: none is left empty or in English,
    /// and each fills the same placeholders (a missing field does not compile).
    #[test]
    fn every_text_is_said_in_vietnamese_with_the_same_placeholders() {
        let english = puzzle_texts(Language::English).each();
        let vietnamese = puzzle_texts(Language::Vietnamese).each();
        assert_eq!(english.len(), vietnamese.len());
        for ((field, en), (_, vi)) in english.iter().zip(&vietnamese) {
            assert!(!vi.trim().is_empty(), "{field} is empty in Vietnamese");
            assert_ne!(en, vi, "{field} is not translated");
            assert_eq!(placeholders(en), placeholders(vi), "{field}");
        }
    }
}
