//! The lab's fourth tree source, "From a game": a position of any game of the games
//! table (the game on screen, or any game's start) grows its real game tree to a chosen depth (edges labelled
//! with moves, leaves the game's evaluation), which the lab then traces like any other
//! tree. The growing is the library's ([`queens_engines::games::grow`]), the same function
//! `queens tree --kind` calls; this file only asks for the game, position and depth, and
//! says in the window's language why a tree was refused.

use super::TreeLab;
use crate::i18n::fill;
use crate::session::settings::Language;
use eframe::egui::{self, Color32, RichText};
use queens_engines::ai::tree::MAX_GAME_TREE_LEAVES;
use queens_engines::games::grow::{GrowError, TreeGame, grow};

/// The first depth offered: two plies show a move and the replies to it.
const START_DEPTH: u32 = 2;
/// The deepest the field goes; the leaf budget stops most games far sooner, with a
/// message naming the deepest that fits.
const MAX_DEPTH: u32 = 12;

/// What the "From a game" controls hold between frames.
pub struct GrowForm {
    /// The game chosen.
    pub game: TreeGame,
    /// The position, in the game's notation.
    pub position: String,
    /// Plies to grow.
    pub depth: u32,
    /// Why the last Grow was refused (shown in the language of the moment).
    pub error: Option<GrowError>,
    /// The game on screen: its tag and its position in its notation (set each frame the
    /// lab is open).
    pub on_screen: Option<(&'static str, String)>,
    /// The window's language (set each frame the lab is open).
    pub language: Language,
    /// The tree generation grown here and what it grew from, so the lab says where the
    /// tree on show came from while it is on show (worded when shown: a switch of
    /// language renames the game).
    grown: Option<(u64, Grown)>,
}

impl Default for GrowForm {
    fn default() -> Self {
        GrowForm {
            // The games module's choice of the first tree to show (the smallest).
            game: TreeGame::default(),
            position: TreeGame::default().start_position(),
            depth: START_DEPTH,
            error: None,
            on_screen: None,
            language: Language::English,
            grown: None,
        }
    }
}

impl GrowForm {
    /// The position a game starts the field with: the position on screen when it is of
    /// that game, else the game's lab start.
    fn first_position(&self, game: TreeGame) -> String {
        match &self.on_screen {
            Some((tag, position)) if *tag == game.name() => position.clone(),
            _ => game.start_position(),
        }
    }
}

/// What a tree on show was grown from: the game, its position, the depth.
#[derive(Clone, Debug)]
struct Grown {
    game: TreeGame,
    position: String,
    depth: u32,
}

impl Grown {
    /// "Grown from Queens & Stones, position size=15 ..., depth 2. ...": the game by its
    /// own name in the window's language (issue 38.15: "Dựng từ queens size=15 ..." named
    /// it by its tag).
    fn text(&self, t: &GrowTexts) -> String {
        let name = (self.game.0.words)(t.tongue).name;
        fill(t.grown, &[&name, &self.position, &self.depth])
    }
}

/// Grows the form's tree into the lab (a MAX root: the side to move), or keeps the
/// refusal to show.
pub(crate) fn grow_into(lab: &mut TreeLab) {
    let form = &mut lab.grow;
    match grow(form.game, &form.position, form.depth) {
        Ok(grown) => {
            form.error = None;
            let note = Grown {
                game: form.game,
                position: grown.position,
                depth: form.depth,
            };
            lab.model.load_grown(grown.tree);
            form.grown = Some((lab.model.generation, note));
            lab.selected_leaf = None;
            lab.playing = false;
        }
        Err(error) => form.error = Some(error),
    }
}

/// The "From a game" section (collapsed until opened).
pub(crate) fn grow_ui(ui: &mut egui::Ui, lab: &mut TreeLab) {
    let t = grow_texts(lab.grow.language);
    egui::CollapsingHeader::new(t.header)
        .id_salt("tree_lab_from_game")
        .show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                let form = &mut lab.grow;
                ui.label(t.game);
                let before = form.game;
                for game in TreeGame::all() {
                    ui.radio_value(&mut form.game, game, t.game_name(game));
                }
                if form.game != before {
                    form.position = form.first_position(form.game);
                    form.error = None;
                }
            });
            let mut go = false;
            ui.horizontal_wrapped(|ui| {
                let form = &mut lab.grow;
                let label = ui.label(t.position);
                let field = egui::TextEdit::singleline(&mut form.position)
                    .desired_width((ui.available_width() - 120.0).clamp(140.0, 420.0))
                    .font(egui::TextStyle::Monospace);
                let response = ui.add(field).labelled_by(label.id);
                go |= response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if ui.button(t.reset).clicked() {
                    form.position = form.first_position(form.game);
                    form.error = None;
                }
                // Whole, so a narrow window wraps before the label, not inside it.
                let label = ui.add(egui::Label::new(t.depth).wrap_mode(egui::TextWrapMode::Extend));
                ui.add(egui::DragValue::new(&mut form.depth).range(1..=MAX_DEPTH))
                    .labelled_by(label.id);
                go |= ui.button(t.grow).clicked();
            });
            if go {
                grow_into(lab);
            }
            if let Some(error) = &lab.grow.error {
                ui.colored_label(Color32::from_rgb(220, 40, 40), refusal(t, error));
            }
            match &lab.grow.grown {
                Some((generation, note)) if *generation == lab.model.generation => {
                    ui.label(RichText::new(note.text(t)).small());
                }
                _ => {
                    ui.label(RichText::new(fill(t.hint, &[&MAX_GAME_TREE_LEAVES])).small());
                }
            }
        });
}

/// Why a tree was refused, in the window's language: the game's own words for a bad
/// position (asked of the game in that language), the lab's for depth.
fn refusal(t: &GrowTexts, error: &GrowError) -> String {
    use queens_engines::games::setup::Reason;
    match error {
        GrowError::TicTacToe(why) => fill(t.bad_position, &[&why.say(t.tongue)]),
        GrowError::Dodgem(why) => fill(t.bad_position, &[&why.say(t.tongue)]),
        GrowError::Refused(why) => fill(t.bad_position, &[&why.say(t.tongue)]),
        GrowError::TooLarge { depth, fits: 0 } => fill(t.too_wide, &[depth, &MAX_GAME_TREE_LEAVES]),
        GrowError::TooLarge { depth, fits } => {
            fill(t.too_large, &[depth, &MAX_GAME_TREE_LEAVES, fits])
        }
        other => fill(t.bad_position, &[other]),
    }
}

/// The section's strings (one block, beside the section, so the lab's other texts are
/// untouched).
#[allow(missing_docs)]
pub(crate) struct GrowTexts {
    pub header: &'static str,
    pub game: &'static str,
    /// The language the games are named in.
    pub tongue: queens_engines::games::words::Tongue,
    /// The lab's own names for games by tag (queens: the board on screen); every other
    /// game is listed by its own name ([`queens_engines::games::seam::Rules::words`]).
    pub games: &'static [(&'static str, &'static str)],
    pub position: &'static str,
    pub reset: &'static str,
    pub depth: &'static str,
    pub grow: &'static str,
    pub grown: &'static str,
    pub hint: &'static str,
    pub bad_position: &'static str,
    pub too_large: &'static str,
    pub too_wide: &'static str,
}

impl GrowTexts {
    /// `game`'s name in the list: the lab's name for it, else the game's own.
    pub(crate) fn game_name(&self, game: TreeGame) -> &'static str {
        self.games
            .iter()
            .find(|(tag, _)| *tag == game.name())
            .map_or_else(|| (game.0.words)(self.tongue).name, |(_, name)| name)
    }
}

/// The strings in `language`.
pub(crate) fn grow_texts(language: Language) -> &'static GrowTexts {
    match language {
        Language::English => &EN,
        Language::Vietnamese => &VI,
    }
}

const EN: GrowTexts = GrowTexts {
    header: "From a game",
    game: "Game:",
    tongue: queens_engines::games::words::Tongue::English,
    games: &[("queens", "The board on screen")],
    position: "Position",
    reset: "Start position",
    depth: "Depth in plies",
    grow: "Grow",
    grown: "Grown from {0}, position {1}, depth {2}. The root is the side to move (MAX); edges are moves, leaves the game's evaluation.",
    hint: "Every line of the game to the depth, at most {0} leaves; the root is the side to move (MAX).",
    bad_position: "Position refused: {0}",
    too_large: "At depth {0} the tree has more than {1} leaves, too many to draw; the deepest that fits is {2}.",
    too_wide: "Even at depth 1 the tree has more than {1} leaves, too many to draw (asked: {0}).",
};

const VI: GrowTexts = GrowTexts {
    header: "Từ một ván cờ",
    game: "Trò chơi:",
    tongue: queens_engines::games::words::Tongue::Vietnamese,
    games: &[("queens", "Bàn cờ trên màn hình")],
    position: "Thế cờ",
    reset: "Thế ban đầu",
    depth: "Độ sâu (nước)",
    grow: "Dựng cây",
    grown: "Dựng từ {0}, thế cờ {1}, độ sâu {2}. Gốc là bên đến lượt (MAX); cạnh là nước đi, lá là lượng giá của trò chơi.",
    hint: "Mọi nhánh của ván cờ đến độ sâu đã chọn, tối đa {0} lá; gốc là bên đến lượt (MAX).",
    bad_position: "Thế cờ không hợp lệ: {0}",
    too_large: "Ở độ sâu {0} cây có hơn {1} lá, quá nhiều để vẽ; độ sâu lớn nhất vừa là {2}.",
    too_wide: "Ngay ở độ sâu 1 cây đã có hơn {1} lá, quá nhiều để vẽ (đã chọn: {0}).",
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_of_the_list_has_a_name_in_both_languages() {
        for language in [Language::English, Language::Vietnamese] {
            let texts = grow_texts(language);
            for game in TreeGame::all() {
                assert_ne!(texts.game_name(game), game.name(), "{language:?}");
            }
        }
    }

    #[test]
    fn refusals_name_the_deepest_depth_that_fits_in_both_languages() {
        // Digits that appear nowhere in 4096, so each number is checked where it belongs.
        let error = GrowError::TooLarge { depth: 7, fits: 3 };
        let expected = [
            (
                Language::English,
                "At depth 7 the tree has more than 4096 leaves, too many to draw; the deepest that fits is 3.",
            ),
            (
                Language::Vietnamese,
                "Ở độ sâu 7 cây có hơn 4096 lá, quá nhiều để vẽ; độ sâu lớn nhất vừa là 3.",
            ),
        ];
        for (language, sentence) in expected {
            assert_eq!(refusal(grow_texts(language), &error), sentence);
        }
        let wide = refusal(
            grow_texts(Language::English),
            &GrowError::TooLarge { depth: 7, fits: 0 },
        );
        assert_eq!(
            wide,
            "Even at depth 1 the tree has more than 4096 leaves, too many to draw (asked: 7)."
        );
    }

    /// "From a game" offers the position on screen for the game on screen, whichever
    /// game it is, and every other game its lab start (queens' empty 4x4, never an empty
    /// 8x8 stand-in while another game is on screen).
    #[test]
    fn the_position_on_screen_is_offered_for_its_own_game_only() {
        let form = GrowForm {
            on_screen: Some(("tictactoe", "x../.o./...".to_string())),
            ..GrowForm::default()
        };
        assert_eq!(form.first_position(TreeGame::TicTacToe), "x../.o./...");
        assert_eq!(form.first_position(TreeGame::Queens), "size=4");
        let queens = GrowForm {
            on_screen: Some(("queens", "size=8 moves=c3".to_string())),
            ..GrowForm::default()
        };
        assert_eq!(queens.first_position(TreeGame::Queens), "size=8 moves=c3");
        assert_eq!(
            queens.first_position(TreeGame::Dodgem),
            TreeGame::Dodgem.start_position()
        );
    }
}
