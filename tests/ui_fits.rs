//! Every window fits the screen (issue 19.12-14): at 640x480 and 1920x1080, in English
//! and Vietnamese, each labelled widget of the New game panel, the History window, the
//! Open prompt, the Rules, the Tree Lab, Table 2.4, the analysed game's side panel, the
//! game-over summary and the puzzles lie inside the screen, or inside a scroll area whose
//! bar is on the screen and scrolls along the way it sticks out. Read from the accessibility tree,
//! as a screen reader would find the widgets.

use crate::ui_support;

use eframe::egui::{self, Rect, accesskit::Role};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use queens_app::{Action, App, Language, Mode};
use ui_support::{
    click, first_free, frames, harness_sized, settings, step_until, wait_for_computer,
};

/// The two window sizes the issue names: the smallest supported and a full HD screen.
const SIZES: [[f32; 2]; 2] = [[640.0, 480.0], [1920.0, 1080.0]];

/// A finished 8x8 game (P1 wins 36 : 22).
const FINISHED: &str = "size=8 stones=b1,g1,a2,b4,f5,e7 moves=c6,g3,h8,e2,a5,f7";

/// A widget's rectangle in points, if it has one (kittest's `Node::rect` without its
/// panic for a node that has none).
fn rect_of(node: &egui_kittest::Node<'_>) -> Option<Rect> {
    node.accesskit_node().bounding_box()?;
    Some(node.rect())
}

/// A widget's accessible name; a text label's is its value (as kittest reads it).
fn label_of(node: &egui_kittest::Node<'_>) -> Option<String> {
    let node = node.accesskit_node();
    if node.role() == Role::Label {
        node.value()
    } else {
        node.label()
    }
}

/// The scroll bars of the scroll areas around `node`: (vertical?, the bar's rectangle).
fn bars_around(node: &egui_kittest::Node<'_>) -> Vec<(bool, Rect)> {
    let mut bars = Vec::new();
    let mut at = node.parent();
    while let Some(ancestor) = at {
        for child in ancestor.children() {
            if child.accesskit_node().role() == Role::ScrollBar
                && let Some(bar) = rect_of(&child)
            {
                bars.push((bar.height() > bar.width(), bar));
            }
        }
        at = ancestor.parent();
    }
    bars
}

/// The rectangle `node` must lie in: its window's (a window over the board clips what
/// it holds), on the screen.
fn room_of(node: &egui_kittest::Node<'_>, screen: Rect) -> Rect {
    let mut at = node.parent();
    while let Some(ancestor) = at {
        if ancestor.accesskit_node().role() == Role::Window
            && let Some(window) = rect_of(&ancestor)
        {
            return window.expand(0.5).intersect(screen);
        }
        at = ancestor.parent();
    }
    screen
}

/// The labelled widgets that stick out of their window or the screen where no scroll bar
/// in view can bring them back, each as "label at rect". With `room_to_spare` (a full
/// HD screen) nothing may need scrolling sideways: a column hidden behind a horizontal
/// scroll bar there is a window too narrow.
fn misfits(harness: &Harness<'_, App>, room_to_spare: bool) -> Vec<String> {
    let screen = harness.ctx.content_rect().expand(0.5);
    let mut out = Vec::new();
    for node in harness.root().children_recursive() {
        let Some(label) = label_of(&node) else {
            continue;
        };
        // egui's resize handles reach a few points past their window's edge on purpose
        // (easier to grab); the window's own rectangle is checked instead.
        if label.trim().is_empty() || label.starts_with("Resize window") {
            continue;
        }
        let Some(rect) = rect_of(&node) else {
            continue;
        };
        let room = room_of(&node, screen);
        let sticks_out_x = rect.min.x < room.min.x || rect.max.x > room.max.x;
        let sticks_out_y = rect.min.y < room.min.y || rect.max.y > room.max.y;
        if !sticks_out_x && !sticks_out_y {
            continue;
        }
        let bars = bars_around(&node);
        let reached = |vertical: bool| {
            bars.iter()
                .any(|(v, bar)| *v == vertical && room.contains_rect(*bar))
        };
        let x_ok = !sticks_out_x || (!room_to_spare && reached(false));
        if !x_ok || (sticks_out_y && !reached(true)) {
            out.push(format!("{label:?} at {rect:?}"));
        }
    }
    out
}

/// The window of `size` in `language`, a game between two people on screen.
fn window(size: [f32; 2], language: Language, game: &str, mode: Mode) -> Harness<'static, App> {
    let mut chosen = settings(mode, 8, 6);
    chosen.language = language;
    let (mut harness, dir) = harness_sized(chosen, size);
    // The saves folder lives as long as the test process: the harness outlives `dir`
    // otherwise (nothing is written in these tests but the autosave and history).
    std::mem::forget(dir);
    apply(&mut harness, Action::PasteText(game.to_string()));
    frames(&mut harness, 3);
    harness
}

fn apply(harness: &mut Harness<'_, App>, action: Action) {
    let ctx = harness.ctx.clone();
    harness.state_mut().apply(&ctx, action);
    frames(harness, 3);
}

/// Clicks the menu `menu`, then the item whose label starts with `item`.
fn menu(harness: &mut Harness<'_, App>, menu: &str, item: &str) {
    click(harness, menu);
    harness.get_by_label_contains(item).click();
    frames(harness, 4);
}

/// The texts the tests click, and the titles of the windows they open, in each language.
struct Words {
    learn: &'static str,
    help: &'static str,
    rules: &'static str,
    table24: &'static str,
    history_title: &'static str,
    open_title: &'static str,
}

fn words(language: Language) -> Words {
    match language {
        Language::Vietnamese => Words {
            learn: "Học",
            help: "Trợ giúp",
            rules: "Luật chơi",
            table24: "Bảng 2.4",
            history_title: "Lịch sử trận đấu",
            open_title: "Mở ván",
        },
        _ => Words {
            learn: "Learn",
            help: "Help",
            rules: "Rules",
            table24: "Table 2.4",
            history_title: "Match history",
            open_title: "Open a game",
        },
    }
}

/// Fails unless a window titled `title` is on screen: a window that never opened fits
/// trivially, so each test that measures one checks it is there first.
fn assert_window_open(harness: &Harness<'_, App>, title: &str) {
    let open = harness.root().children_recursive().any(|node| {
        node.accesskit_node().role() == Role::Window && label_of(&node).as_deref() == Some(title)
    });
    assert!(open, "the window {title:?} did not open");
}

/// Runs `open` on every size and language and fails with every widget that does not fit.
fn fits_everywhere(what: &str, game: &str, open: impl Fn(&mut Harness<'static, App>, &Words)) {
    fits_everywhere_in(Mode::HumanVsHuman, what, game, open);
}

/// As [`fits_everywhere`], the game played in `mode`.
fn fits_everywhere_in(
    mode: Mode,
    what: &str,
    game: &str,
    open: impl Fn(&mut Harness<'static, App>, &Words),
) {
    let mut failures = Vec::new();
    for size in SIZES {
        for language in [Language::English, Language::Vietnamese] {
            let mut harness = window(size, language, game, mode);
            open(&mut harness, &words(language));
            // Windows settle their size over a few frames.
            frames(&mut harness, 4);
            let bad = misfits(&harness, size[0] >= 1900.0);
            if !bad.is_empty() {
                failures.push(format!(
                    "{what} at {}x{} in {language:?}:\n  {}",
                    size[0],
                    size[1],
                    bad.join("\n  ")
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_analysed_games_side_panel_fits() {
    fits_everywhere("the analysed game's side panel", FINISHED, |harness, _| {
        apply(harness, Action::CloseSummary);
        apply(harness, Action::Analyse);
        step_until(harness, "the analysis", |app| !app.is_analysing());
        frames(harness, 4);
        assert!(harness.state().analysis().is_some());
    });
}

#[test]
fn the_game_over_summary_fits() {
    fits_everywhere("the game-over summary", FINISHED, |harness, _| {
        assert!(harness.state().summary_shown());
    });
}

#[test]
fn the_new_game_panel_fits() {
    fits_everywhere("the New game panel", "size=8", |harness, _| {
        apply(harness, Action::OpenNewGame);
        assert!(harness.state().new_game_open());
    });
}

#[test]
fn the_rules_fit() {
    fits_everywhere("the Rules", "size=8", |harness, w| {
        menu(harness, w.help, w.rules);
        assert_window_open(harness, w.rules);
    });
}

#[test]
fn the_history_window_fits_a_game_against_the_computer() {
    let mut failures = Vec::new();
    for size in SIZES {
        for language in [Language::English, Language::Vietnamese] {
            let mut chosen = settings(Mode::HumanVsComputer, 4, 0);
            chosen.language = language;
            let (mut harness, dir) = harness_sized(chosen, size);
            // Two computers with their settings under their names make the widest rows.
            let arena = std::process::Command::new(env!("CARGO_BIN_EXE_queens"))
                .args([
                    "arena",
                    "--a",
                    "alphabeta:2",
                    "--b",
                    "minimax:1",
                    "--games",
                    "2",
                ])
                .args([
                    "--size",
                    "4",
                    "--stones",
                    "1",
                    "--seed",
                    "1",
                    "--time-ms",
                    "100",
                ])
                .arg("--saves-dir")
                .arg(dir.path())
                .output()
                .unwrap_or_else(|e| panic!("{e}"));
            assert!(arena.status.success(), "{arena:?}");
            // Played to the end, so the history holds it (a pasted game is not kept).
            while !harness.state().board().is_over() {
                if harness.state().is_thinking() {
                    wait_for_computer(&mut harness);
                    continue;
                }
                let cell = first_free(harness.state().board());
                click(&mut harness, &cell);
            }
            apply(&mut harness, Action::CloseSummary);
            apply(&mut harness, Action::ShowHistory);
            step_until(&mut harness, "the history to load", |app| {
                !app.history_loading()
            });
            frames(&mut harness, 4);
            let listed = match language {
                Language::Vietnamese => "3 trên 3 ván",
                _ => "3 of 3 games",
            };
            assert!(
                harness.query_by_label(listed).is_some(),
                "the history does not list the game"
            );
            let bad = misfits(&harness, size[0] >= 1900.0);
            if !bad.is_empty() {
                failures.push(format!(
                    "History at {}x{} in {language:?}:\n  {}",
                    size[0],
                    size[1],
                    bad.join("\n  ")
                ));
            }
            drop(dir);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_history_window_fits() {
    // Against the computer: its engine's settings under its name make the widest rows.
    fits_everywhere_in(
        Mode::HumanVsComputer,
        "the History window",
        FINISHED,
        |harness, w| {
            apply(harness, Action::CloseSummary);
            apply(harness, Action::ShowHistory);
            step_until(harness, "the history to load", |app| !app.history_loading());
            frames(harness, 3);
            assert_window_open(harness, w.history_title);
        },
    );
}

#[test]
fn the_open_prompt_fits() {
    fits_everywhere("the Open prompt", "size=8", |harness, w| {
        apply(harness, Action::Open);
        assert_window_open(harness, w.open_title);
    });
}

#[test]
fn the_tree_lab_fits() {
    fits_everywhere("the Tree Lab", "size=8", |harness, _| {
        apply(harness, Action::ToggleTreeLab);
        assert!(harness.state().tree_lab().open);
    });
}

#[test]
fn the_puzzles_fit_before_and_after_a_wrong_move() {
    fits_everywhere("Learn > Puzzles", "size=8", |harness, _| {
        apply(harness, Action::TogglePuzzles);
        assert!(harness.state().puzzles_open());
    });
    fits_everywhere(
        "Learn > Puzzles after a wrong move",
        "size=8",
        |harness, _| {
            apply(harness, Action::TogglePuzzles);
            let number = harness
                .state()
                .puzzle_session()
                .map(|session| session.number)
                .unwrap_or_else(|| panic!("no puzzle"));
            let tempting =
                &queens_engines::ai::puzzles::PuzzleSet::shipped().puzzles[number].others[0].0;
            // The cells' prefix in each language.
            let prefix = if harness.query_by_label("Thử lại").is_some() {
                "ô câu đố"
            } else {
                "puzzle cell"
            };
            click(harness, &format!("{prefix} {tempting}"));
            assert!(matches!(
                harness.state().puzzle_session().map(|s| &s.phase),
                Some(queens_app::PuzzlePhase::Wrong { .. })
            ));
        },
    );
}

#[test]
fn table_2_4_fits() {
    fits_everywhere("Table 2.4", "size=5 stones=b2", |harness, w| {
        menu(harness, w.learn, w.table24);
        assert!(harness.state().table24().open);
    });
}

/// The left edge of the side panel's content: where its "Copy position" button starts.
fn panel_left(harness: &Harness<'_, App>, copy: &str) -> f32 {
    harness.get_by_label(copy).rect().left()
}

#[test]
fn the_side_panel_keeps_its_width_after_the_first_move() {
    for size in SIZES {
        for (language, copy) in [
            (Language::English, "Copy position"),
            (Language::Vietnamese, "Sao chép thế cờ"),
        ] {
            let mut harness = window(size, language, "size=15", Mode::HumanVsComputer);
            frames(&mut harness, 4);
            let before = panel_left(&harness, copy);
            click(&mut harness, "cell h8");
            // While the computer thinks (its progress lines, Move now, Cancel) and after.
            let thinking = panel_left(&harness, copy);
            wait_for_computer(&mut harness);
            assert_eq!(harness.state().board().ply(), 2);
            let after = panel_left(&harness, copy);
            for (when, at) in [("thinking", thinking), ("after its move", after)] {
                assert!(
                    (before - at).abs() < 0.5,
                    "{size:?} {language:?}: the panel moved from {before} to {at} {when}"
                );
            }
        }
    }
}

/// Issue 19 (12): at 640x480 a player's name by level is shown whole ("Computer
/// (Medium)" was cut to "Computer (Mediu…"): its label has the room its text needs, on
/// one line or more.
#[test]
fn the_players_names_are_not_cut_at_640x480() {
    for (language, name) in [
        (Language::English, "Computer (Medium)"),
        (Language::Vietnamese, "Máy (Trung bình)"),
    ] {
        let mut chosen = settings(Mode::HumanVsComputer, 8, 0);
        chosen.language = language;
        chosen.setup.engines[1] = queens_app::Preset::Medium.engine();
        let (mut harness, _dir) = harness_sized(chosen, [640.0, 480.0]);
        // Two-digit scores take the most room beside the names.
        apply(&mut harness, Action::PasteText("size=8 moves=a1,c2".into()));
        frames(&mut harness, 3);
        // The card's name (the move list names the player too, further down).
        let label = harness
            .get_all_by_label(name)
            .min_by(|a, b| a.rect().top().total_cmp(&b.rect().top()))
            .unwrap_or_else(|| panic!("no {name}"));
        let shown = label.rect();
        let font = egui::TextStyle::Body.resolve(&harness.ctx.global_style());
        let needed = harness.ctx.fonts_mut(|fonts| {
            fonts
                .layout_no_wrap(name.to_string(), font, egui::Color32::WHITE)
                .size()
        });
        assert!(
            shown.width() * shown.height() >= 0.97 * needed.x * needed.y,
            "{language:?}: {name:?} has {shown:?}, its text needs {needed:?}"
        );
    }
}

/// A whole 15x15 game, each move the first free cell: longer than the move list shows.
fn long_game() -> String {
    let mut board = queens_board::Board::new(15, &[]).unwrap_or_else(|e| panic!("{e}"));
    while let Some(cell) = board.free().first() {
        board.play(cell).unwrap_or_else(|e| panic!("{e}"));
    }
    board.game_string()
}

/// The move list's column header stays in view above the rows when the list scrolls to
/// the newest move (issue 19.13: it scrolled away with them and was half hidden).
#[test]
fn the_move_lists_header_stays_in_view_of_a_long_game() {
    let game = long_game();
    for size in SIZES {
        for language in [Language::English, Language::Vietnamese] {
            let context = format!("{}x{} in {language:?}", size[0], size[1]);
            let mut harness = window(size, language, &game, Mode::HumanVsHuman);
            apply(&mut harness, Action::CloseSummary);
            frames(&mut harness, 4);
            let moves = harness.state().board().ply();
            // The header's words and the list's heading, as the window says them.
            let (number, player, cell, gained, heading_text) = match language {
                Language::Vietnamese => ("#", "Người chơi", "Ô", "Chiếm", "Các nước đi"),
                _ => ("#", "Player", "Cell", "Gained", "Moves"),
            };
            let rect = |label: &str| {
                let node = harness.get_by_label(label);
                rect_of(&node).unwrap_or_else(|| panic!("{context}: {label:?} has no rectangle"))
            };
            let header = rect(gained);
            let heading = harness
                .query_all_by_label(heading_text)
                .filter_map(|node| rect_of(&node))
                .filter(|r| r.max.y <= header.min.y + 1.0)
                .min_by(|a, b| (header.min.y - a.max.y).total_cmp(&(header.min.y - b.max.y)))
                .unwrap_or_else(|| panic!("{context}: no Moves heading above the header"));
            let first = rect("move 1");
            let last = rect(&format!("move {moves}"));
            // The list did scroll: its first row is above the header, out of view.
            assert!(
                first.min.y < header.max.y,
                "{context}: {moves} moves did not scroll"
            );
            // The header sits between its heading and the newest row.
            assert!(
                heading.max.y <= header.min.y + 0.5,
                "{context}: {header:?} under {heading:?}"
            );
            assert!(
                header.max.y <= last.min.y + 0.5,
                "{context}: {header:?} over {last:?}"
            );
            // At 640x480 the side panel itself scrolls: the list may end below the fold.
            if size[1] >= 1000.0 {
                assert!(
                    last.max.y <= size[1],
                    "{context}: the newest row {last:?} is off screen"
                );
            }
            for label in [number, player, cell] {
                let column = rect(label);
                assert!(
                    (column.center().y - header.center().y).abs() < 1.0,
                    "{context}: {label:?} at {column:?} is not in the header row {header:?}"
                );
            }
        }
    }
}

/// The rectangle of the window titled `title`.
fn window_rect(harness: &Harness<'_, App>, title: &str) -> Rect {
    harness
        .root()
        .children_recursive()
        .find(|node| {
            node.accesskit_node().role() == Role::Window && label_of(node).as_deref() == Some(title)
        })
        .and_then(|node| rect_of(&node))
        .unwrap_or_else(|| panic!("no window {title:?}"))
}

/// Issue 32.13: Shortcuts, About, Rules and Puzzles opened over the bottom of the menu
/// bar; and a puzzle's board used a strip of the screen (about 17-point cells at
/// 640x480). Each window opens below the menu bar, and the board takes most of the
/// screen's height.
#[test]
fn windows_open_below_the_menu_bar_and_the_puzzle_board_uses_the_screen() {
    for size in SIZES {
        let mut harness = window(size, Language::English, "size=8", Mode::HumanVsHuman);
        let menu_bottom = harness.get_by_label("Help").rect().max.y;
        for (item, title) in [
            ("Rules", "Rules"),
            ("Keyboard shortcuts", "Keyboard shortcuts"),
            ("About", "About"),
        ] {
            menu(&mut harness, "Help", item);
            frames(&mut harness, 3);
            let rect = window_rect(&harness, title);
            assert!(
                rect.min.y >= menu_bottom,
                "{title} at {size:?}: top {} over the menu bar (to {menu_bottom})",
                rect.min.y
            );
        }
        apply(&mut harness, Action::TogglePuzzles);
        frames(&mut harness, 4);
        let rect = window_rect(&harness, "Puzzles");
        assert!(rect.min.y >= menu_bottom, "Puzzles at {size:?}: {rect:?}");
        let size_of_board = harness
            .state()
            .puzzle_session()
            .and_then(|s| {
                let board = s.position.as_any().downcast_ref::<queens_board::Board>()?;
                Some(f32::from(board.size()))
            })
            .unwrap_or_else(|| panic!("no queens puzzle"));
        let cell = harness.get_by_label("puzzle cell a1").rect().width();
        let board = cell * size_of_board;
        assert!(
            board >= 0.4 * size[1],
            "at {size:?} the puzzle board is {board} points ({cell} a cell)"
        );
    }
}

/// The moves heading and the review buttons beside it never overlap: at 640x480 in
/// Vietnamese the buttons, laid out from the right edge, were drawn over "Các nước đi";
/// they now take the next line when the two do not fit on one.
#[test]
fn the_review_buttons_leave_the_moves_heading_readable() {
    let mut overlaps = Vec::new();
    for size in SIZES {
        for language in [Language::English, Language::Vietnamese] {
            let harness = window(size, language, FINISHED, Mode::HumanVsHuman);
            let heading = match language {
                Language::Vietnamese => "Các nước đi",
                _ => "Moves",
            };
            let heading = harness
                .root()
                .children_recursive()
                .find(|node| {
                    node.accesskit_node().role() == Role::Label
                        && label_of(node).as_deref() == Some(heading)
                })
                .and_then(|node| rect_of(&node))
                .unwrap_or_else(|| panic!("no heading {heading:?}"));
            for face in ["|<", "<", ">", ">|"] {
                let button = rect_of(&harness.get_by_label(face))
                    .unwrap_or_else(|| panic!("the button {face:?} has no place"));
                if button.intersect(heading).area() > 0.0 {
                    overlaps.push(format!(
                        "{face:?} {button:?} over the heading {heading:?} at {size:?} in {language:?}"
                    ));
                }
            }
        }
    }
    assert!(overlaps.is_empty(), "{}", overlaps.join("\n"));
}

/// Issue 41.1: a phone held upright (390x844 CSS px) gets the board first, as wide as
/// the screen, and the side panel below it; its controls are touch-sized. A landscape
/// phone (844x390) keeps the panel beside a board that still fits.
#[test]
fn a_phone_upright_gets_the_board_first_with_touch_sized_controls() {
    let (mut harness, _dir) = harness_sized(settings(Mode::HumanVsHuman, 8, 0), [390.0, 844.0]);
    frames(&mut harness, 3);
    let a1 = harness.get_by_label("cell a1").rect();
    let h8 = harness.get_by_label("cell h8").rect();
    // Before: a panel of 230 beside a board of 126, 15.8 a cell.
    assert!(a1.width() >= 40.0, "a cell is {} wide", a1.width());
    assert!(h8.max.x <= 390.0 && a1.max.y <= 844.0, "{a1:?} {h8:?}");
    // The panel's buttons are below the board, and at least 40 high.
    let undo = harness.get_by_label("Undo").rect();
    assert!(
        undo.min.y >= a1.max.y,
        "Undo at {undo:?}, the board's bottom row at {a1:?}"
    );
    assert!(undo.height() >= 40.0, "Undo is {} high", undo.height());
    let game_menu = harness.get_by_label("Game").rect();
    assert!(
        game_menu.height() >= 40.0,
        "the Game menu is {} high",
        game_menu.height()
    );
    // A cell plays by a click (a tap).
    click(&mut harness, "cell c3");
    frames(&mut harness, 2);
    assert_eq!(harness.state().board().game_string(), "size=8 moves=c3");

    let (mut landscape, _dir) = harness_sized(settings(Mode::HumanVsHuman, 8, 0), [844.0, 390.0]);
    frames(&mut landscape, 3);
    let a1 = landscape.get_by_label("cell a1").rect();
    let undo = landscape.get_by_label("Undo").rect();
    assert!(a1.width() >= 24.0, "a cell is {} wide", a1.width());
    assert!(
        undo.min.x >= a1.max.x,
        "the panel is beside the board: {undo:?}"
    );
}

/// Issue 41.1: a 15x15 board on a phone held upright has cells too small to tap (about
/// 21 points); "Zoom in" makes them bigger, in a scroll area, a tap still plays, and
/// "Zoom out" fits the board again. An 8x8 board there offers no zoom.
#[test]
fn a_board_whose_cells_are_too_small_to_tap_can_be_zoomed() {
    let (mut eight, _dir) = harness_sized(settings(Mode::HumanVsHuman, 8, 0), [390.0, 844.0]);
    frames(&mut eight, 3);
    assert!(
        eight.query_by_label("Zoom in").is_none(),
        "8x8 cells are big enough"
    );

    let (mut harness, _dir) = harness_sized(settings(Mode::HumanVsHuman, 15, 0), [390.0, 844.0]);
    frames(&mut harness, 3);
    let fitted = harness.get_by_label("cell a1").rect().width();
    assert!(fitted < 24.0, "a 15x15 cell is {fitted} wide");
    click(&mut harness, "Zoom in");
    frames(&mut harness, 3);
    let zoomed = harness.get_by_label("cell h8").rect();
    assert!(
        zoomed.width() >= 24.0,
        "zoomed, a cell is {} wide",
        zoomed.width()
    );
    // The zoomed board is larger than the screen: the top-left corner is in view.
    let o15 = harness.get_by_label("cell o15").rect();
    assert!(o15.max.x > 390.0, "the board did not grow: {o15:?}");
    click(&mut harness, "cell a15");
    frames(&mut harness, 2);
    assert_eq!(harness.state().board().game_string(), "size=15 moves=a15");
    click(&mut harness, "Zoom out");
    frames(&mut harness, 3);
    let back = harness.get_by_label("cell a1").rect().width();
    assert!(
        (back - fitted).abs() < 0.5,
        "zoomed out to {back}, fitted {fitted}"
    );
}
