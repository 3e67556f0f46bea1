//! The players' names as the window shows them: the name a player typed (kept with the
//! game), else "You" / "Player 1" for people and for a computer its level ("Computer
//! (Medium)") or, when its settings are no level's, its engine ("Computer (Alpha-beta)"),
//! its technical settings being shown second, in small print. One way for every game.

use crate::i18n::{Texts, fill};
use crate::session::seats::Seat;
use crate::session::settings::{EngineSetup, GameSetup, Mode, Preset};

pub(crate) use queens_store::{MAX_NAME_CHARS, clean_name};

/// A computer in words: its level's name when its settings are a level's ("Medium"),
/// else its engine's ("Alpha-beta"): "Custom" would say nothing about who plays.
pub(crate) fn level_name(t: &Texts, engine: &EngineSetup) -> &'static str {
    engine
        .preset()
        .and_then(|preset| Preset::ALL.iter().position(|p| *p == preset))
        .map_or_else(|| t.engine_label(engine.engine), |index| t.presets[index])
}

/// The shown name of each seat (P1, P2) of any game: the typed name in `typed` if not
/// blank, else a default that says who plays there (a computer by [`level_name`]).
pub(crate) fn seat_names(t: &Texts, seats: &[Seat; 2], typed: &[String; 2]) -> [String; 2] {
    // "Computer (Strong, PVS)", not "Computer (Strong (PVS))".
    let what = |engine: &EngineSetup| match &engine.program {
        Some(command) => crate::jobs::program::short_name(command),
        None => level_name(t, engine).replace(" (", ", ").replace(')', ""),
    };
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
pub(crate) fn typed_names(setup: &GameSetup) -> [String; 2] {
    let [first, second] = setup.names.clone().map(|name| clean_name(&name));
    match setup.mode {
        Mode::HumanVsHuman => [first, second],
        Mode::HumanVsComputer if setup.human_first => [first, String::new()],
        Mode::HumanVsComputer => [String::new(), first],
        Mode::ComputerVsComputer => [String::new(), String::new()],
    }
}

/// A seat in a few words: "human", or the engine's algorithm (or the engine program's
/// command), depth and time: the small print under a player's name.
pub(crate) fn seat_summary(t: &Texts, seat: &Seat) -> String {
    match seat {
        Seat::Human => t.human.to_string(),
        Seat::Computer(engine) => {
            let seconds = format!("{:.1}", engine.time_ms as f64 / 1000.0);
            match &engine.program {
                Some(command) => fill(t.program.summary, &[command, &engine.depth, &seconds]),
                None => {
                    let algorithm = t.engine_label(engine.engine);
                    fill(t.engine_summary, &[&algorithm, &engine.depth, &seconds])
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::texts;
    use crate::session::settings::Language;

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
        assert_eq!(names[0], "Computer (Strong, PVS)", "no level: its engine");
    }

    #[test]
    fn every_games_computer_without_a_level_is_named_by_its_engine() {
        let engine = crate::session::table_setup::TableSetup::default().engines[0].clone();
        let seats = [Seat::Human, Seat::Computer(engine)];
        let names = seat_names(texts(Language::English), &seats, &none());
        assert_eq!(names[1], "Computer (Alpha-beta)");
        let names = seat_names(texts(Language::Vietnamese), &seats, &none());
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
