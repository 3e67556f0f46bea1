//! What the window remembers between runs: language, theme, view options and the last
//! new-game choices. Every struct is `#[serde(default)]`, so an older file still loads,
//! and a value that does not parse (a language of a newer version, a typo) costs only
//! that value: the other settings are kept (see [`Settings::from_json`]).

use queens_board::{Board, MAX_SIZE, MIN_SIZE};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Copies into `merged` (the defaults, as JSON) each value of `input` that still gives
/// valid [`Settings`], leaf by leaf: a bad value keeps its default and costs nothing
/// else. `path` is where in the tree this call works (the keys and indices above it).
/// Each bad single value dropped is described in `notes`. Generic over the fields, so a
/// new setting needs no code here.
fn merge_valid(merged: &mut Value, input: &Value, path: &mut Vec<Value>, notes: &mut Vec<String>) {
    let children: Vec<(Value, &Value)> = match input {
        Value::Object(map) => map
            .iter()
            .map(|(k, v)| (Value::from(k.as_str()), v))
            .collect(),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .map(|(i, v)| (Value::from(i), v))
            .collect(),
        _ => return,
    };
    for (key, value) in children {
        path.push(key);
        let Some(slot) = slot_at(merged, path) else {
            // Not a setting (an unknown key, an extra array item): ignored.
            path.pop();
            continue;
        };
        let old = std::mem::replace(slot, value.clone());
        let valid = serde_json::from_value::<Settings>(merged.clone()).is_ok();
        if !valid && let Some(slot) = slot_at(merged, path) {
            *slot = old;
            if value.is_object() || value.is_array() {
                // A bad object or list may still hold good values further down.
                merge_valid(merged, value, path, notes);
            } else {
                notes.push(dropped_note(path, value));
            }
        }
        path.pop();
    }
}

/// "setup.engines.1.algorithm: \"pvs\" is not understood, the default is kept".
fn dropped_note(path: &[Value], value: &Value) -> String {
    let place = path
        .iter()
        .map(|key| match key {
            Value::String(name) => name.clone(),
            other => other.to_string(),
        })
        .collect::<Vec<_>>()
        .join(".");
    let shown: String = value.to_string().chars().take(60).collect();
    format!("{place}: {shown} is not understood, the default is kept")
}

/// The value at `path` (object keys and array indices) inside `root`, if it exists.
fn slot_at<'a>(root: &'a mut Value, path: &[Value]) -> Option<&'a mut Value> {
    path.iter().try_fold(root, |node, key| match key {
        Value::String(name) => node.get_mut(name.as_str()),
        Value::Number(index) => node.get_mut(usize::try_from(index.as_u64()?).ok()?),
        _ => None,
    })
}

/// The key under which eframe's storage keeps [`Settings`].
pub(crate) const STORAGE_KEY: &str = "queens-settings";

/// The file in the platform's data folder the window writes its settings to whenever
/// they change (eframe's own storage is written only on exit and every 30 seconds, and
/// not atomically).
#[cfg(not(target_arch = "wasm32"))]
pub(crate) const SETTINGS_FILE: &str = "settings.json";

/// A language of the window.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Language {
    /// English.
    #[default]
    English,
    /// Vietnamese (the thesis's users).
    Vietnamese,
}

impl Language {
    /// Every language, in menu order.
    pub const ALL: [Language; 2] = [Language::English, Language::Vietnamese];

    /// The language's own name, as shown in the menu.
    pub(crate) fn native_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::Vietnamese => "Tiếng Việt",
        }
    }

    /// The language a language tag names, if the window speaks it: a browser's
    /// `vi-VN` or `en`, a desktop locale's `vi_VN.UTF-8` (the primary subtag decides,
    /// in any case); `None` for another language or `C`/`POSIX`.
    pub(crate) fn from_tag(tag: &str) -> Option<Language> {
        let primary = tag
            .split(['-', '_', '.', '@'])
            .next()
            .unwrap_or_default()
            .trim()
            .to_ascii_lowercase();
        match primary.as_str() {
            "en" => Some(Language::English),
            "vi" => Some(Language::Vietnamese),
            _ => None,
        }
    }
}

/// Who plays whom.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mode {
    /// One person against the engine.
    #[default]
    HumanVsComputer,
    /// Two people at one screen.
    HumanVsHuman,
    /// Two engines; the person watches.
    ComputerVsComputer,
}

impl Mode {
    /// Every mode, in menu order.
    pub const ALL: [Mode; 3] = [
        Mode::HumanVsComputer,
        Mode::HumanVsHuman,
        Mode::ComputerVsComputer,
    ];
}

/// How the starting stones are chosen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum StoneMode {
    /// `count` stones drawn from `seed` (reproducible from size, count and seed).
    #[default]
    Random,
    /// Stones clicked on the board by hand.
    ByHand,
}

pub(crate) use super::engine_setup::WINDOW_LIMITS;
pub use super::engine_setup::{EngineSetup, Preset};

/// The new-game choices.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct GameSetup {
    /// Board side, 3..=15.
    pub size: u8,
    /// Random stones or stones by hand.
    pub stone_mode: StoneMode,
    /// Number of random stones, 0..=(N-2)^2.
    pub stones: usize,
    /// Seed of the random stones.
    pub seed: u64,
    /// Stones placed by hand, as cell names ("c3").
    pub hand_stones: Vec<String>,
    /// Who plays whom.
    pub mode: Mode,
    /// In human vs computer: whether the human moves first (is P1).
    pub human_first: bool,
    /// The engine of each seat (P1, P2) when a computer plays a person.
    pub engines: [EngineSetup; 2],
    /// The two computers of computer vs computer (P1, P2), kept apart from `engines` so
    /// choosing one never changes the computer a person plays against. `None` (settings
    /// written before they were apart): the same as `engines`.
    pub watch_engines: Option<[EngineSetup; 2]>,
    /// Pause between moves in computer vs computer, in milliseconds.
    pub watch_delay_ms: u64,
    // Look (issue 8)
    /// The names typed in the new-game panel: "your" name in human vs computer (first),
    /// or the two players' in human vs human. Empty for the default ("You", "Player 1").
    pub names: [String; 2],
    /// A series against the same opponent alternates who starts: each next game from
    /// these choices swaps the sides (the first move is worth many cells on most boards).
    pub alternate_starts: bool,
    /// The game to start (queens or another game of the games table) and those games'
    /// computers. Written as `small` in the settings file, as every earlier version did.
    #[serde(rename = "small")]
    pub table: crate::session::table_setup::TableSetup,
    /// The engine program last chosen in New game (its command line), offered again
    /// when a computer seat is switched to "an engine program"; empty before any.
    pub program: String,
}

impl Default for GameSetup {
    fn default() -> Self {
        GameSetup {
            size: 8,
            stone_mode: StoneMode::Random,
            stones: 6,
            seed: 1,
            hand_stones: Vec::new(),
            mode: Mode::HumanVsComputer,
            human_first: true,
            engines: [Preset::Easy.engine(), Preset::Easy.engine()],
            watch_engines: None,
            watch_delay_ms: 600,
            names: [String::new(), String::new()],
            alternate_starts: false,
            table: crate::session::table_setup::TableSetup::default(),
            program: String::new(),
        }
    }
}

impl GameSetup {
    /// The computer of seat P1 (0) or P2 (1) as the New game panel shows it: the table
    /// game's, the watched computers' (computer against computer), or the one a person
    /// plays.
    pub(crate) fn computer_mut(&mut self, seat: usize) -> &mut EngineSetup {
        let seat = seat.min(1);
        if self.table.table_setup().is_some() {
            return &mut self.table.engines[seat];
        }
        if self.mode == Mode::ComputerVsComputer {
            let engines = self.engines.clone();
            return &mut self.watch_engines.get_or_insert(engines)[seat];
        }
        &mut self.engines[seat]
    }

    /// The same choices with the sides swapped, for the next game of a series: the
    /// person moves second if they moved first (the computer keeps its level), two
    /// people swap names, two computers swap engines.
    pub(crate) fn swapped(&self) -> GameSetup {
        let mut next = self.clone();
        match self.mode {
            Mode::HumanVsComputer => {
                let (from, to) = if self.human_first { (1, 0) } else { (0, 1) };
                next.engines[to] = self.engines[from].clone();
                next.human_first = !self.human_first;
            }
            Mode::HumanVsHuman => next.names.swap(0, 1),
            Mode::ComputerVsComputer => {
                let [one, two] = self.watch_engines();
                next.watch_engines = Some([two, one]);
            }
        }
        next
    }

    /// The two computers of computer vs computer (see `watch_engines`).
    pub(crate) fn watch_engines(&self) -> [EngineSetup; 2] {
        self.watch_engines
            .clone()
            .unwrap_or_else(|| self.engines.clone())
    }

    /// Brings every number into its allowed range (a hand-edited file may hold anything).
    pub(crate) fn clamp(&mut self) {
        self.size = self.size.clamp(MIN_SIZE, MAX_SIZE);
        self.stones = self.stones.min(Board::max_stones(self.size));
        for engine in self
            .engines
            .iter_mut()
            .chain(self.watch_engines.iter_mut().flatten())
        {
            engine.clamp();
        }
        self.watch_delay_ms = self.watch_delay_ms.min(5_000);
    }
}

/// Everything the window remembers between runs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The window's language.
    pub language: Language,
    /// Dark theme (else light).
    pub dark: bool,
    /// Show a.. / 1.. on the board's edges.
    pub show_coordinates: bool,
    /// Preview a queen's claims under the mouse.
    pub show_preview: bool,
    /// Paint every legal move's value on the board while playing (heat map, best line,
    /// the proved result). Off by default in every mode: it shows the best move, which
    /// takes the game out of a game against the computer and, between two people, hands
    /// both the answer; a player who wants to study turns it on (it is remembered).
    pub heat_map: bool,
    /// The last new-game choices.
    pub setup: GameSetup,
    /// The saves folder chosen in the History window; empty for `saves` in the
    /// platform's data folder. For one run, `queens gui --saves-dir` or else
    /// `QUEENS_SAVES_DIR` overrides it.
    pub saves_dir: String,
    /// The older versions' `saves/` folders already offered for copying (full paths):
    /// each is offered once.
    pub old_saves_offered: Vec<String>,
    /// The player's puzzle rating, streaks and latest attempts (Learn > Puzzles).
    pub puzzles: queens_engines::ai::puzzles::PuzzleProgress,
    /// The address of a web page serving the browser build (wherever whoever hosts it
    /// put it), for the desktop window's Copy link; empty: none is known, and Copy link
    /// says so (Copy position always works). `QUEENS_WEB_PAGE` overrides it for a run.
    pub web_page: String,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            language: Language::English,
            dark: false,
            show_coordinates: true,
            show_preview: true,
            heat_map: false,
            setup: GameSetup::default(),
            saves_dir: String::new(),
            old_saves_offered: Vec::new(),
            puzzles: queens_engines::ai::puzzles::PuzzleProgress::default(),
            web_page: String::new(),
        }
    }
}

impl Settings {
    /// Reads settings saved as JSON text, keeping every value that parses: a value that
    /// does not (`"language":"Klingon"`) falls back to its default alone. Text that is
    /// not JSON at all gives the defaults.
    pub fn from_json(text: &str) -> Settings {
        Settings::from_json_with_notes(text).0
    }

    /// As [`Settings::from_json`], also saying which values were dropped (e.g. an engine
    /// a newer version added: `setup.engines.1.algorithm: "pvs" is not understood, the
    /// default is kept`). The settings are the program's own, not the user's data, so a
    /// default in place of a value they cannot use is right; the note keeps it from
    /// being silent.
    pub(crate) fn from_json_with_notes(text: &str) -> (Settings, Vec<String>) {
        let mut notes = Vec::new();
        let mut settings = match serde_json::from_str::<Value>(text) {
            Ok(input) => {
                let mut merged = serde_json::to_value(Settings::default()).unwrap_or(Value::Null);
                merge_valid(&mut merged, &input, &mut Vec::new(), &mut notes);
                serde_json::from_value(merged).unwrap_or_default()
            }
            Err(_) => {
                notes.push("the settings are not JSON; the defaults are used".to_string());
                Settings::default()
            }
        };
        settings.setup.clamp();
        (settings, notes)
    }

    /// The settings kept in eframe's storage under `STORAGE_KEY`; `None` if there is
    /// no storage or no entry (a first run: [`Settings::first_run`]).
    /// Values that had to be dropped are noted on stderr (the window has no place for
    /// them before it opens).
    pub(crate) fn from_storage(storage: Option<&dyn eframe::Storage>) -> Option<Settings> {
        let text = storage.and_then(|storage| storage.get_string(STORAGE_KEY))?;
        let (settings, notes) = Settings::from_json_with_notes(&text);
        for note in notes {
            eprintln!("queens: settings: {note}");
        }
        Some(settings)
    }

    /// The settings of a first run, before anything was remembered: the system's theme
    /// (`system_dark`: a dark system starts dark, with no light frame after the page's
    /// dark loading screen) and the first of the `preferred` languages (tags, most
    /// wanted first: the browser's `navigator.languages`, a desktop's `LANGUAGE`,
    /// `LC_ALL`, `LC_MESSAGES`, `LANG`) that the window speaks; English otherwise.
    /// Everything else is the default. Once the person changes a setting it is
    /// remembered and these are not asked again.
    pub(crate) fn first_run(system_dark: bool, preferred: &[String]) -> Settings {
        Settings {
            dark: system_dark,
            language: preferred
                .iter()
                .find_map(|tag| Language::from_tag(tag))
                .unwrap_or_default(),
            ..Settings::default()
        }
    }

    /// The settings written to the file `path` (`SETTINGS_FILE` in the data folder),
    /// read as [`Settings::from_json`] reads them; `None` when there is no such file or
    /// it cannot be read (said on stderr: the window has no place for it before it
    /// opens).
    pub fn from_file(path: &std::path::Path) -> Option<Settings> {
        let text = match queens_store::read_text(path) {
            Ok(text) => text,
            Err(queens_store::StoreError::NotFound { .. }) => return None,
            Err(error) => {
                eprintln!("queens: settings: {error}");
                return None;
            }
        };
        let (settings, notes) = Settings::from_json_with_notes(&text);
        for note in notes {
            eprintln!("queens: settings: {note}");
        }
        Some(settings)
    }

    /// Keeps the settings in eframe's storage under `STORAGE_KEY`.
    pub(crate) fn to_storage(&self, storage: &mut dyn eframe::Storage) {
        storage.set_string(STORAGE_KEY, self.to_json());
    }

    /// The settings as JSON text.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// The next seed after `seed` (a SplitMix64 step, so re-rolls look random but repeat).
pub(crate) fn reroll(seed: u64) -> u64 {
    queens_board::SplitMix64::new(seed).next_u64() % 1_000_000
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens_engines::ai::{EngineConfig, EngineKind};

    #[test]
    fn rerolls_change_the_seed_and_repeat() {
        assert_ne!(reroll(1), 1);
        assert_eq!(reroll(1), reroll(1));
        assert!(reroll(u64::MAX) < 1_000_000);
    }
    use eframe::Storage;

    #[test]
    fn defaults_are_a_playable_human_vs_computer_game() {
        let settings = Settings::default();
        assert_eq!(settings.setup.mode, Mode::HumanVsComputer);
        assert!(settings.setup.human_first);
        assert!(settings.setup.stones <= Board::max_stones(settings.setup.size));
        assert_eq!(settings.language, Language::English);
    }

    #[test]
    fn settings_round_trip_through_json() {
        let mut settings = Settings {
            language: Language::Vietnamese,
            dark: true,
            ..Settings::default()
        };
        settings.setup.size = 11;
        settings.setup.engines[1] = Preset::Hard.engine();
        assert_eq!(Settings::from_json(&settings.to_json()), settings);
    }

    #[test]
    fn missing_or_bad_fields_fall_back_to_defaults() {
        let old = Settings::from_json(r#"{"language":"Vietnamese"}"#);
        assert_eq!(old.language, Language::Vietnamese);
        assert_eq!(old.setup, GameSetup::default());
        assert_eq!(Settings::from_json("not json"), Settings::default());
        let wild = Settings::from_json(r#"{"setup":{"size":99,"stones":500}}"#);
        assert_eq!(wild.setup.size, 15);
        assert_eq!(wild.setup.stones, 169);
    }

    #[test]
    fn one_unknown_value_keeps_every_other_setting() {
        let mut good = Settings {
            dark: true,
            show_coordinates: false,
            saves_dir: "mine".into(),
            ..Settings::default()
        };
        good.setup.size = 11;
        good.setup.engines[1] = Preset::Hard.engine();
        let mut json: Value = serde_json::from_str(&good.to_json()).unwrap_or(Value::Null);
        json["language"] = Value::from("Klingon");
        json["setup"]["mode"] = Value::from("Telepathy");
        json["setup"]["engines"][1]["depth"] = Value::from("deep");
        json["future_option"] = Value::from(1);
        let loaded = Settings::from_json(&json.to_string());
        let mut expected = good.clone();
        expected.setup.mode = Mode::default();
        expected.setup.engines[1].depth = EngineSetup::default().depth;
        assert_eq!(loaded, expected);
    }

    /// eframe's storage, in memory: what the window reads at start and writes on exit.
    #[derive(Default)]
    struct MemoryStorage(std::collections::HashMap<String, String>);

    impl eframe::Storage for MemoryStorage {
        fn get_string(&self, key: &str) -> Option<String> {
            self.0.get(key).cloned()
        }
        fn set_string(&mut self, key: &str, value: String) {
            self.0.insert(key.to_string(), value);
        }
        fn remove_string(&mut self, key: &str) {
            self.0.remove(key);
        }
        fn flush(&mut self) {}
    }

    #[test]
    fn settings_survive_eframe_storage_with_a_bad_value() {
        let mut storage = MemoryStorage::default();
        storage.set_string(
            STORAGE_KEY,
            r#"{"language":"Klingon","dark":true,"setup":{"size":12,"stones":20}}"#.into(),
        );
        let loaded = Settings::from_storage(Some(&storage)).unwrap_or_default();
        assert_eq!(loaded.language, Language::English);
        assert!(loaded.dark);
        assert_eq!((loaded.setup.size, loaded.setup.stones), (12, 20));
        // Written back on exit, the good values are still there.
        loaded.to_storage(&mut storage);
        assert_eq!(Settings::from_storage(Some(&storage)), Some(loaded));
        assert_eq!(Settings::from_storage(None), None);
    }

    #[test]
    fn a_first_run_takes_the_system_theme_and_the_first_language_the_window_speaks() {
        let tags = |list: &[&str]| list.iter().map(|t| (*t).to_string()).collect::<Vec<_>>();
        // Issue 41.7: a dark, Vietnamese browser got the light theme and English.
        let vietnamese = Settings::first_run(true, &tags(&["vi-VN", "en-US"]));
        assert!(vietnamese.dark);
        assert_eq!(vietnamese.language, Language::Vietnamese);
        // The first language spoken wins; tags the window does not speak are skipped.
        let english = Settings::first_run(false, &tags(&["fr-FR", "EN", "vi"]));
        assert!(!english.dark);
        assert_eq!(english.language, Language::English);
        assert_eq!(
            Settings::first_run(false, &tags(&["de", "C"])).language,
            Language::English
        );
        // Desktop locales.
        assert_eq!(
            Language::from_tag("vi_VN.UTF-8"),
            Some(Language::Vietnamese)
        );
        assert_eq!(Language::from_tag("POSIX"), None);
        assert_eq!(Language::from_tag(""), None);
        // Nothing else differs from the defaults.
        let mut rest = vietnamese.clone();
        rest.dark = false;
        rest.language = Language::English;
        assert_eq!(rest, Settings::default());
    }

    #[test]
    fn presets_are_recognised_and_an_unknown_engine_falls_back_with_a_note() {
        assert_eq!(Preset::Hard.engine().preset(), Some(Preset::Hard));
        let mut settings = Settings::default();
        settings.setup.engines[0] = Preset::Beginner.engine();
        settings.setup.engines[1] = Preset::Hard.engine();
        let mut json: Value = serde_json::from_str(&settings.to_json()).unwrap_or(Value::Null);
        assert_eq!(json["setup"]["engines"][0]["algorithm"], "minimax");
        json["setup"]["engines"][1]["algorithm"] = Value::from("quantum");
        let (loaded, notes) = Settings::from_json_with_notes(&json.to_string());
        // Only the name is lost: the seat keeps its depth and time, with the default engine.
        assert_eq!(loaded.setup.engines[0], Preset::Beginner.engine());
        let expected = EngineSetup {
            engine: EngineSetup::default().engine,
            ..Preset::Hard.engine()
        };
        assert_eq!(loaded.setup.engines[1], expected);
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(notes[0].contains("setup.engines.1.algorithm") && notes[0].contains("quantum"));
        // Old settings files spell the engines as the CLI does, aliases included.
        let old = r#"{"setup":{"engines":[{"algorithm":"Alpha-Beta","depth":3,"time_ms":500},{"algorithm":"minimax","depth":2,"time_ms":900}]}}"#;
        let (old, notes) = Settings::from_json_with_notes(old);
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(old.setup.engines[0].engine, EngineKind::ALPHABETA);
        assert_eq!(old.setup.engines[1].engine, EngineKind::MINIMAX);
    }

    #[test]
    fn engine_limits_are_clamped_in_one_place() {
        let mut wild = EngineSetup {
            engine: EngineKind::MINIMAX,
            depth: 0,
            time_ms: 9_999_999,
            program: None,
        };
        wild.clamp();
        assert_eq!((wild.depth, wild.time_ms), (1, 60_000));
        let cli = EngineConfig::new(EngineKind::ALPHABETA, 200);
        let seat = EngineSetup::from_config(&cli);
        assert_eq!((seat.depth, seat.time_ms), (30, 60_000));
        assert_eq!(seat.config().time_ms, Some(60_000));
    }
}
