//! The strings of an engine program as a player (New game's "an engine program…", its
//! forfeits) in English and Vietnamese. `{0}`, `{1}`.. are filled by [`super::fill`].

use super::texts_list::texts_struct;

texts_struct! {
    /// Every string of an engine program in the window; each field is named after where
    /// it appears.
    pub(crate) ProgramTexts {
        played_by,
        our_engine,
        engine_program,
        command,
        command_hint,
        choose_file,
        note,
        browser_note,
        no_command,
        forfeits,
        forfeit_note,
        prompt_title,
        summary,
        browser_refused,
    }
}

pub(super) const EN: ProgramTexts = ProgramTexts {
    played_by: "Played by",
    our_engine: "Built-in engine",
    engine_program: "An engine program…",
    command: "Command",
    command_hint: "python3 my_engine.py",
    choose_file: "Choose a file…",
    note: "Your own engine, in any language, speaking the engine protocol (docs/protocol.md). It is asked \"go depth\" and \"movetime\" from the depth and time below, and it loses the game, with the reason said, if it does not start, crashes, hangs, answers late or plays an illegal move.",
    browser_note: "A browser cannot start programs on your computer: play an engine program in the desktop version, or with `queens arena`.",
    no_command: "Type the program's command (e.g. python3 my_engine.py) or choose its file.",
    forfeits: "Forfeit by {0}: {1}. The game goes to {2}.",
    forfeit_note: "The engine program lost by forfeit: {0}.",
    prompt_title: "Choose the engine program",
    summary: "program {0}, depth {1}, {2} s",
    browser_refused: "A browser cannot start the engine program {0}: choose another computer in New game.",
};

pub(super) const VI: ProgramTexts = ProgramTexts {
    played_by: "Do ai chơi",
    our_engine: "Máy có sẵn",
    engine_program: "Một chương trình máy…",
    command: "Lệnh",
    command_hint: "python3 may_cua_toi.py",
    choose_file: "Chọn tệp…",
    note: "Máy của riêng bạn, viết bằng ngôn ngữ nào cũng được, nói giao thức máy (docs/protocol.md). Nó được hỏi \"go depth\" và \"movetime\" theo độ sâu và thời gian dưới đây, và bị xử thua ván, có nói lý do, nếu không khởi động được, bị lỗi, bị treo, trả lời muộn hoặc đi nước không hợp lệ.",
    browser_note: "Trình duyệt không thể chạy chương trình trên máy tính của bạn: hãy cho chương trình máy chơi trong bản cho máy tính, hoặc bằng `queens arena`.",
    no_command: "Hãy gõ lệnh của chương trình (ví dụ python3 may_cua_toi.py) hoặc chọn tệp của nó.",
    forfeits: "{0} bị xử thua: {1}. {2} thắng ván.",
    forfeit_note: "Chương trình máy bị xử thua: {0}.",
    prompt_title: "Chọn chương trình máy",
    summary: "chương trình {0}, độ sâu {1}, {2} giây",
    browser_refused: "Trình duyệt không thể chạy chương trình máy {0}: hãy chọn máy khác trong Ván mới.",
};

#[cfg(test)]
mod tests {
    use crate::i18n::texts;
    use crate::session::settings::Language;

    /// A missing or untranslated Vietnamese text fails here.
    #[test]
    fn every_text_is_said_in_vietnamese_with_the_same_placeholders() {
        super::super::texts_list::assert_translated(
            &texts(Language::English).program.each(),
            &texts(Language::Vietnamese).program.each(),
        );
    }
}
