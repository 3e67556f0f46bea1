//! The panels beside the board: the panel of a game drawn on its grid ([`grid`]: every
//! game but queens, with its proved move values and analysis), queens' status panel
//! with its claims, live move values and margin analysis ([`side`]), the move list
//! ([`moves`]), the new-game choices ([`new_game`]) and the analysis charts ([`chart`]:
//! queens' margin, the other games' proved result). They draw what they are given and
//! return actions.

pub(crate) mod chart;
pub(crate) mod grid;
pub(crate) mod moves;
pub(crate) mod new_game;
pub(crate) mod side;
