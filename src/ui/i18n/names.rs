//! The players' names as the window shows them: the name a player typed (kept with the
//! game), else "You" / "Player 1" for people and the level for a computer
//! ("Computer (Medium)"), its technical settings being shown second, in small print.

use crate::ui::i18n::{Texts, fill};
use crate::ui::session::game::Seat;
use crate::ui::session::settings::{EngineSetup, GameSetup, Mode, Preset};

pub use crate::store::{MAX_NAME_CHARS, clean_name};

/// The level of an engine in words: its preset's name, or "Custom".
pub fn level_name(t: &Texts, engine: &EngineSetup) -> &'static str {
    engine
        .preset()
        .and_then(|preset| Preset::ALL.iter().position(|p| *p == preset))
        .map_or(t.custom, |index| t.presets[index])
}

/// The shown name of each seat (P1, P2): the typed name in `typed` if not blank, else
/// a default that says who plays there (a computer by its level).
pub fn seat_names(t: &Texts, seats: &[Seat; 2], typed: &[String; 2]) -> [String; 2] {
    names_with(t, seats, typed, |engine| level_name(t, engine))
}

/// [`seat_names`] for tic-tac-toe and Dodgem: their computers have no levels (the
/// queens presets would all read "Custom"), so each is named by its engine
/// ("Computer (Alpha-beta)").
pub fn small_seat_names(t: &Texts, seats: &[Seat; 2], typed: &[String; 2]) -> [String; 2] {
    names_with(t, seats, typed, |engine| t.engine_label(engine.engine))
}

/// The names, a computer called by `what` ("Medium", "Alpha-beta").
fn names_with(
    t: &Texts,
    seats: &[Seat; 2],
    typed: &[String; 2],
    what: impl Fn(&EngineSetup) -> &'static str,
) -> [String; 2] {
    let alike = seats[0].is_computer() == seats[1].is_computer();
    let default = |seat: &Seat, number: usize| match (seat, alike) {
        (Seat::Human, true) => fill(t.player_n, &[&number]),
        (Seat::Human, false) => t.you.to_string(),
        (Seat::Computer(engine), true) => fill(t.computer_n_level, &[&number, &what(engine)]),
        (Seat::Computer(engine), false) => fill(t.computer_level, &[&what(engine)]),
    };
    [0, 1].map(|index| {
        let name = clean_name(&typed[index]);
        if name.is_empty() {
            default(&seats[index], index + 1)
        } else {
            name
        }
    })
}

/// The typed names of a new game's setup by seat (P1, P2): "your" name goes to the
/// human's seat against the computer; computers get none (they are named by level).
pub fn typed_names(setup: &GameSetup) -> [String; 2] {
    let [first, second] = setup.names.clone().map(|name| clean_name(&name));
    match setup.mode {
        Mode::HumanVsHuman => [first, second],
        Mode::HumanVsComputer if setup.human_first => [first, String::new()],
        Mode::HumanVsComputer => [String::new(), first],
        Mode::ComputerVsComputer => [String::new(), String::new()],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::i18n::texts;
    use crate::ui::session::settings::Language;

    fn none() -> [String; 2] {
        [String::new(), String::new()]
    }

    #[test]
    fn computers_are_named_by_level() {
        let t = texts(Language::English);
        let medium = Seat::Computer(Preset::Medium.engine());
        let names = seat_names(t, &[Seat::Human, medium.clone()], &none());
        assert_eq!(names, ["You".to_string(), "Computer (Medium)".to_string()]);
        let hard = Seat::Computer(Preset::Hard.engine());
        let names = seat_names(t, &[medium, hard], &none());
        assert_eq!(
            names,
            [
                "Computer 1 (Medium)".to_string(),
                "Computer 2 (Hard)".to_string()
            ]
        );
        let mut odd = Preset::Hard.engine();
        odd.depth = 9;
        let names = seat_names(t, &[Seat::Computer(odd), Seat::Human], &none());
        assert_eq!(names[0], "Computer (Custom)");
    }

    #[test]
    fn small_games_computers_are_named_by_engine() {
        let engine = crate::ui::session::small_setup::SmallSetup::default().engines[0].clone();
        let seats = [Seat::Human, Seat::Computer(engine)];
        let names = small_seat_names(texts(Language::English), &seats, &none());
        assert_eq!(names[1], "Computer (Alpha-beta)");
        let names = small_seat_names(texts(Language::Vietnamese), &seats, &none());
        assert_eq!(names[1], "Máy (Cắt tỉa alpha-beta)");
    }

    #[test]
    fn your_name_goes_to_your_seat() {
        let mut setup = GameSetup {
            names: ["Ann".to_string(), "Bob".to_string()],
            ..GameSetup::default()
        };
        assert_eq!(typed_names(&setup), ["Ann".to_string(), String::new()]);
        setup.human_first = false;
        assert_eq!(typed_names(&setup), [String::new(), "Ann".to_string()]);
        setup.mode = Mode::HumanVsHuman;
        assert_eq!(typed_names(&setup), ["Ann".to_string(), "Bob".to_string()]);
        setup.mode = Mode::ComputerVsComputer;
        assert_eq!(typed_names(&setup), [String::new(), String::new()]);
    }

    #[test]
    fn typed_names_win_and_are_cleaned() {
        let t = texts(Language::Vietnamese);
        let typed = ["  Ann  ".to_string(), "x".repeat(40)];
        let names = seat_names(t, &[Seat::Human, Seat::Human], &typed);
        assert_eq!(names[0], "Ann");
        assert_eq!(names[1].chars().count(), MAX_NAME_CHARS);
        let blank = ["   ".to_string(), String::new()];
        let names = seat_names(t, &[Seat::Human, Seat::Human], &blank);
        assert_eq!(names[0], fill(t.player_n, &[&1]));
    }
}
