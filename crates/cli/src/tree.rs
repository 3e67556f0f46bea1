//! `queens tree`: evaluate an explicit textbook game tree, or the tree a game's position
//! grows (`--kind`), with minimax, alpha-beta or NegaScout.

use super::args::{GameArg, RootArg, TreeAlgo, TreeArgs};
use super::error::CliError;
use super::table_game::position_of;
use queens_engines::ai::Method;
use queens_engines::ai::tree::lab::{ChildOrder, LabAlgorithm, LabOptions, trace};
use queens_engines::ai::tree::report::report;
use queens_engines::ai::tree::{RootKind, Tree, TreeReport, evaluate_tree};
use queens_engines::games::grow::{GrowError, Grown};
use serde::Serialize;

/// How deep a game's tree grows without `--depth`: the lab's first picture, two plies.
pub(crate) const DEFAULT_DEPTH: u32 = 2;

/// The answer of `queens tree`: the search's report and, for a game's tree, the tree it
/// grew.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct TreeAnswer {
    /// The game whose tree was grown; absent for a written tree.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<&'static str>,
    /// The position the tree grew from, in the game's notation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// The grown tree in the notation a written tree uses (leaves from MAX's view).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tree: Option<String>,
    /// The root's moves, left to right, as the tree's first-level edges.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<String>>,
    /// The move of the chosen root child.
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    pub best_move: Option<String>,
    /// The search's report.
    #[serde(flatten)]
    pub report: TreeReport,
}

/// Runs `queens tree`.
///
/// # Errors
/// [`CliError::Tree`] naming where the text stops making sense; for a game's tree, a bad
/// position or move, or a tree too large to draw.
pub(crate) fn tree(args: &TreeArgs) -> Result<TreeAnswer, CliError> {
    if let Some(kind) = args.kind {
        return grown(args, kind);
    }
    // clap lets these through without --kind (tests/cli_refusals.rs), so they are checked here.
    let game_only = [
        ("--position", args.position.is_some()),
        ("--moves", args.moves.is_some()),
        ("--depth", args.depth.is_some()),
    ];
    if let Some((option, _)) = game_only.iter().find(|(_, given)| *given) {
        // The games are the games table's, so a game added there is named here too.
        let games = queens_engines::games::table::tags().join(", ");
        return Err(CliError::Usage(format!(
            "'{option}' grows a game's tree and needs --kind GAME ({games}); a written tree takes --root and --algo only"
        )));
    }
    let text = args.tree.as_deref().ok_or(CliError::Usage(
        "give a tree like \"((3 12 8)(2 4 6))\", or --kind to grow one from a game".to_string(),
    ))?;
    // The tree takes hyphens (a lone negative leaf, `-5`), so clap lets an unknown
    // option through as the tree: no tree starts with a letter or a second hyphen.
    if let Some(rest) = text.strip_prefix('-')
        && rest.starts_with(|c: char| c == '-' || c.is_ascii_alphabetic())
    {
        return Err(CliError::Usage(format!(
            "unexpected argument '{}' found (queens help tree lists the options)",
            queens_board::clip_token(text)
        )));
    }
    let tree = Tree::parse(text)?;
    let root = match args.root {
        RootArg::Max => RootKind::Max,
        RootArg::Min => RootKind::Min,
    };
    Ok(TreeAnswer {
        kind: None,
        position: None,
        tree: None,
        moves: None,
        best_move: None,
        report: search(&tree, root, args.algo),
    })
}

/// The report of `algo` over `tree`.
fn search(tree: &Tree, root: RootKind, algo: TreeAlgo) -> TreeReport {
    match algo {
        TreeAlgo::Minimax => evaluate_tree(tree, root, Method::Minimax),
        TreeAlgo::Alphabeta => evaluate_tree(tree, root, Method::AlphaBeta),
        // The engine has no NegaScout: the Tree Lab's tracer runs it.
        TreeAlgo::Pvs => {
            let options = LabOptions {
                root,
                algorithm: LabAlgorithm::NegaScout,
                order: ChildOrder::LeftToRight,
            };
            report(tree, root, &trace(tree, options))
        }
    }
}

/// The tree of a game's position, searched from a MAX root (the side to move): the
/// position and `--moves` are read and the tree grown through the game seam, one path
/// for every game ([`seam_tree`]).
fn grown(args: &TreeArgs, kind: GameArg) -> Result<TreeAnswer, CliError> {
    let depth = args.depth.unwrap_or(DEFAULT_DEPTH);
    let Grown { position, tree } = seam_tree(args, kind, depth)?;
    Ok(answer(kind, position, &tree, args.algo))
}

/// The tree of any game of the games table, through the game seam
/// ([`queens_engines::games::seam::AnyGame::tree`]): the position read by the table's row (a
/// board of stones, queens, needs one: it has no start here), the moves played by the
/// game's rules; a tree too large says the deepest that fits, as the Tree Lab does.
fn seam_tree(args: &TreeArgs, kind: GameArg, depth: u32) -> Result<Grown, CliError> {
    let game = position_of(kind.0, args.position.as_deref(), args.moves.as_deref())?;
    let tree = game
        .tree(depth)
        .map_err(|err| CliError::Usage(GrowError::from(err).to_string()))?;
    Ok(Grown {
        position: game.to_string(),
        tree,
    })
}

/// The answer for a grown `tree` searched from a MAX root.
fn answer(kind: GameArg, position: String, tree: &Tree, algo: TreeAlgo) -> TreeAnswer {
    let report = search(tree, RootKind::Max, algo);
    let moves: Vec<String> = tree
        .children(0)
        .iter()
        .filter_map(|&child| tree.label(child).map(str::to_string))
        .collect();
    let best_move = report.best.and_then(|index| moves.get(index).cloned());
    TreeAnswer {
        kind: Some(kind.name()),
        position: Some(position),
        tree: Some(tree.to_text()),
        moves: Some(moves),
        best_move,
        report,
    }
}
