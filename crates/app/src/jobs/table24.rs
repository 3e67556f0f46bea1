//! "Table 2.4" in the window: the thesis's node-count table measured on the position on
//! screen, of whatever game is there. The searches run on their own thread (as "Analyse
//! game" does) with a stop flag; rows appear as each depth finishes. The numbers are
//! [`run_table24`]'s; this module only runs it and keeps what it sent.

use super::job::{Job, Polled, Reporter, Task};
use queens_engines::ai::EngineKind;
use queens_engines::analysis::table24::MAX_TABLE_DEPTH;
use queens_engines::analysis::{Table24, Table24Row, Table24Settings, run_table24};
use queens_engines::games::seam::AnyGame;

/// The panel's state: its choices, the run under way and the last table.
pub struct Table24Panel {
    /// Whether the window is shown.
    pub open: bool,
    /// Depths 1..=max_depth.
    pub max_depth: u32,
    /// Which algorithms to run (minimax, alpha-beta, pvs).
    pub chosen: [bool; 3],
    job: Option<Job<Vec<Table24Row>, Answer>>,
    /// The algorithms of the table shown (the running one's, or the last one's).
    algorithms: Vec<EngineKind>,
    /// The rows so far of the running table (copied from the thread each frame).
    live_rows: Vec<Table24Row>,
    /// The last finished (or stopped) table.
    pub table: Option<Table24>,
    /// Why the last run gave no table (its position did not read back), in English.
    pub failed: Option<String>,
    /// The workbook the table is exported to.
    pub export_path: String,
    /// What the last export said.
    pub export_message: Option<String>,
    /// The export being written, if any.
    pub export_job: Option<super::workbook::WorkbookJob>,
    /// The student's prediction as typed: minimax's nodes over alpha-beta's at the
    /// deepest depth of the next run (issue 22.4).
    pub prediction_text: String,
    /// The prediction of the run under way or last run, and how it came out.
    pub prediction: Option<Prediction>,
    /// Predictions within `PREDICTION_FACTOR` of the measure, and predictions judged,
    /// this session.
    pub predictions: (u32, u32),
}

/// How far off a prediction of the node ratio may be and still count as right.
pub(crate) const PREDICTION_FACTOR: f64 = 1.5;

/// A predicted ratio of minimax's nodes to alpha-beta's at a depth, and the measure.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Prediction {
    /// The depth predicted for (the run's deepest).
    pub depth: u32,
    /// The ratio predicted.
    pub value: f64,
    /// The ratio measured, once the run ends with that depth measured by both.
    pub measured: Option<f64>,
}

impl Prediction {
    /// How many times off the prediction is (1 = exact), once measured.
    pub(crate) fn factor(&self) -> Option<f64> {
        let measured = self.measured?;
        Some((self.value / measured).max(measured / self.value))
    }

    /// Whether the prediction is within [`PREDICTION_FACTOR`] of the measure.
    pub(crate) fn right(&self) -> Option<bool> {
        self.factor().map(|factor| factor <= PREDICTION_FACTOR)
    }
}

/// A typed ratio: a positive number, with a point or a comma ("12.5", "12,5").
pub(crate) fn parse_ratio(text: &str) -> Option<f64> {
    let value: f64 = text.trim().replace(',', ".").parse().ok()?;
    (value.is_finite() && value > 0.0).then_some(value)
}

/// The algorithms the panel offers, in column order.
pub(crate) const ALGORITHMS: [EngineKind; 3] =
    [EngineKind::MINIMAX, EngineKind::ALPHABETA, EngineKind::PVS];

impl Default for Table24Panel {
    fn default() -> Self {
        Table24Panel {
            open: false,
            // Depth 3 answers at once on any board; deeper is the student's choice.
            max_depth: 3,
            chosen: [true, true, false],
            job: None,
            algorithms: Vec::new(),
            live_rows: Vec::new(),
            table: None,
            failed: None,
            export_path: String::new(),
            export_message: None,
            export_job: None,
            prediction_text: String::new(),
            prediction: None,
            predictions: (0, 0),
        }
    }
}

/// What a run answers: the table, or why the position gave none.
type Answer = Result<Table24, String>;

/// A Table 2.4 run as a [`Task`]: the position's game string (it names the game, so the
/// browser's worker needs nothing else) and what to measure on it. Its progress is the
/// rows measured so far.
#[derive(serde::Serialize, serde::Deserialize)]
pub(crate) struct Table24Task {
    game: String,
    settings: Table24Settings,
}

impl Task for Table24Task {
    const NAME: &'static str = "table-2.4";
    type Progress = Vec<Table24Row>;
    type Output = Answer;

    fn run(self, reporter: &Reporter<Self::Progress>) -> Answer {
        let game =
            queens_engines::games::game_string::read(&self.game).map_err(|e| e.to_string())?;
        Ok(run_table24(
            game.as_ref(),
            &self.settings,
            reporter,
            &mut |row| {
                reporter.update(|rows: &mut Vec<Table24Row>| rows.push(row.clone()));
            },
        ))
    }
}

impl Table24Panel {
    /// Starts measuring `game`, any game of the games table (a run under way is stopped
    /// first); `repaint` is called after each depth.
    pub(crate) fn start(&mut self, game: &dyn AnyGame, repaint: impl Fn() + Send + Sync + 'static) {
        self.stop();
        let algorithms: Vec<EngineKind> = ALGORITHMS
            .iter()
            .zip(self.chosen)
            .filter_map(|(&kind, on)| (on && game.plays(kind)).then_some(kind))
            .collect();
        if algorithms.is_empty() {
            return;
        }
        let settings = Table24Settings::new(self.max_depth.clamp(1, MAX_TABLE_DEPTH), algorithms);
        self.algorithms = settings.algorithms.clone();
        self.live_rows.clear();
        self.table = None;
        self.failed = None;
        self.export_message = None;
        let task = Table24Task {
            game: game.game_string(),
            settings,
        };
        self.job = Some(Job::start(task, repaint));
    }

    /// Asks the running searches to stop; the rows finished so far are kept.
    pub(crate) fn stop(&mut self) {
        if let Some(job) = &self.job {
            job.stop();
        }
    }

    /// Whether a run is under way.
    pub fn running(&self) -> bool {
        self.job.is_some()
    }

    /// Copies the new rows and takes a finished table (once per frame).
    pub(crate) fn poll(&mut self) {
        let Some(job) = self.job.as_mut() else {
            return;
        };
        self.live_rows = job.progress(Clone::clone);
        match job.poll() {
            Polled::Running => {}
            Polled::Done(Ok(table)) => {
                self.job = None;
                self.table = Some(table);
                self.settle_prediction();
            }
            Polled::Done(Err(why)) => {
                self.job = None;
                self.table = None;
                self.failed = Some(why);
            }
            Polled::Lost => {
                self.job = None;
                self.table = None;
            }
        }
    }

    /// Judges the prediction against the finished table: the ratio measured at its
    /// depth, counted once; a depth the run did not measure by both (stopped, skipped)
    /// leaves it unjudged and uncounted.
    fn settle_prediction(&mut self) {
        let Some(prediction) = self.prediction.as_mut() else {
            return;
        };
        if prediction.measured.is_some() {
            return;
        }
        let Some(table) = &self.table else {
            return;
        };
        let measured = table
            .rows
            .iter()
            .find(|row| row.depth == prediction.depth)
            .and_then(|row| row.ratio(&table.algorithms));
        match measured {
            Some(ratio) => {
                prediction.measured = Some(ratio);
                self.predictions.1 += 1;
                if prediction.right() == Some(true) {
                    self.predictions.0 += 1;
                }
            }
            None => self.prediction = None,
        }
    }

    /// Drops a finished table measured on another position than `game` (a move was
    /// played, another game loaded, or another position reviewed): a table stays on
    /// screen only beside the position it counts.
    pub(crate) fn keep_only_for(&mut self, game: &dyn AnyGame) {
        if self.job.is_none()
            && self
                .table
                .as_ref()
                .is_some_and(|table| table.game != game.game_string())
        {
            self.table = None;
            self.live_rows.clear();
            self.export_message = None;
        }
    }

    /// The algorithms of the rows shown.
    pub(crate) fn algorithms(&self) -> &[EngineKind] {
        &self.algorithms
    }

    /// The rows to show: the running table's so far, or the last table's.
    pub fn rows(&self) -> &[Table24Row] {
        match (&self.job, &self.table) {
            (None, Some(table)) => &table.rows,
            _ => &self.live_rows,
        }
    }
}

/// `n` with its digits in groups of three ("2,560,000"), as the thesis prints them.
pub fn group_digits(n: u64) -> String {
    crate::i18n::group_digits_with(n, ',')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_prediction_is_right_within_a_factor_of_one_and_a_half() {
        assert_eq!(parse_ratio(" 12,5 "), Some(12.5));
        assert_eq!(parse_ratio("0"), None);
        assert_eq!(parse_ratio("-3"), None);
        assert_eq!(parse_ratio("inf"), None);
        assert_eq!(parse_ratio("twelve"), None);
        let judged = |value: f64, measured: f64| Prediction {
            depth: 3,
            value,
            measured: Some(measured),
        };
        assert_eq!(judged(15.0, 10.0).right(), Some(true));
        assert_eq!(judged(10.0, 15.0).right(), Some(true));
        assert_eq!(judged(15.1, 10.0).right(), Some(false));
        assert_eq!(judged(5.0, 10.0).factor(), Some(2.0));
        let pending = Prediction {
            measured: None,
            ..judged(1.0, 1.0)
        };
        assert_eq!(pending.right(), None);
    }

    #[test]
    fn digits_are_grouped_by_three() {
        assert_eq!(group_digits(0), "0");
        assert_eq!(group_digits(999), "999");
        assert_eq!(group_digits(1_000), "1,000");
        assert_eq!(group_digits(6_553_600_000_000), "6,553,600,000,000");
    }

    #[test]
    fn a_run_shows_its_rows_and_ends_with_the_table() {
        let board = queens_board::Board::new(5, &[]).unwrap_or_else(|e| panic!("{e}"));
        let mut panel = Table24Panel {
            max_depth: 2,
            ..Table24Panel::default()
        };
        panel.start(&board, || {});
        assert!(panel.running());
        for _ in 0..2_000 {
            panel.poll();
            if !panel.running() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        assert!(!panel.running());
        assert_eq!(panel.rows().len(), 2);
        assert!(panel.table.as_ref().is_some_and(|t| t.complete));
    }

    /// The task carries the game string, which names the game: a Dodgem position is
    /// measured as Dodgem, and the panel keeps its table only beside that position.
    #[test]
    fn a_dodgem_position_is_measured_as_dodgem_and_kept_beside_it() {
        let mut game = queens_engines::games::game_string::read("game=dodgem")
            .unwrap_or_else(|e| panic!("{e}"));
        let mut panel = Table24Panel {
            max_depth: 2,
            ..Table24Panel::default()
        };
        panel.start(game.as_ref(), || {});
        for _ in 0..2_000 {
            panel.poll();
            if !panel.running() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        let table = panel
            .table
            .clone()
            .unwrap_or_else(|| panic!("{:?}", panel.failed));
        assert_eq!(table.game, "game=dodgem");
        assert!(!table.thesis);
        assert_eq!(table.moves as usize, game.legal_moves().len());
        panel.keep_only_for(game.as_ref());
        assert!(panel.table.is_some());
        let first = game.legal_moves().into_iter().next().unwrap_or_default();
        game.play_text(&first).unwrap_or_else(|e| panic!("{e}"));
        panel.keep_only_for(game.as_ref());
        assert!(panel.table.is_none(), "kept beside another position");
    }
}
