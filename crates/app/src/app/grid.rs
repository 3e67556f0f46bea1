//! What the window asks of the game on screen through the seam, whichever game it is:
//! the Tree Lab opened on its position, the game for the grid painter, the computer's
//! nodes while it thinks. Nothing here names a game.

use super::App;
use crate::session::game::Game;

impl App {
    /// Opens the Tree Lab on the table game's tree from the position on show: its row
    /// of the games table is the lab's game, its notation the position.
    pub(super) fn open_in_lab(&mut self) {
        let game = &self.game;
        let shown = match self.review {
            Some(ply) => game.at_ply(ply),
            None => game.game.clone(),
        };
        if let Some(entry) = queens_engines::games::table::by_tag(game.tag()) {
            let tree_game = queens_engines::games::grow::TreeGame(entry);
            self.windows
                .tree_lab
                .grow_from(tree_game, shown.to_string());
        }
    }

    /// The game on screen when the grid painter draws it (every game but queens, whose
    /// board has a painter of its own: claims and the hover preview).
    pub fn grid_game(&self) -> Option<&Game> {
        Some(&self.game).filter(|game| game.queens().is_none())
    }

    /// Nodes searched so far by the computer (its move or a hint), while it thinks.
    pub fn grid_thinking(&self) -> Option<u64> {
        self.search
            .job
            .as_ref()
            .map(crate::jobs::search::SearchJob::nodes)
    }
}
