//! The browser's threads: a [`Task`] runs in a Web Worker, a second copy of this program
//! started from `worker.js` (scripts/web.sh writes it beside the page).
//!
//! The page posts the worker the compiled module, the task's name and the task as JSON.
//! The worker runs it ([`run`]) and posts back its progress (each report, and counters
//! at most every [`QUIET_EVERY`]) and its answer, as JSON of [`ToPage`]. No memory is
//! shared: the page must work from any static host, without the server headers that
//! SharedArrayBuffer needs.
//!
//! A stop crosses without shared memory too: the page makes a one-byte blob URL for each
//! task (the task's "go on" flag) and revokes it to ask for a stop. The worker polls it
//! with a synchronous request ([`flag_alive`], at most every [`FLAG_EVERY`]) from the
//! task's own stop polls, so Move now and Cancel answer with what the work has, exactly
//! as the desktop's stop flag does. Ending a worker from outside (`terminate`) would
//! lose that answer; it is used only once the answer has come.

use crate::jobs::in_worker::ToPage;
use crate::jobs::job::{Reporter, Shared, Task, Urgency};
use serde::Serialize;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_time::Instant;

/// The least time between two posts of quiet progress (node counters).
const QUIET_EVERY: Duration = Duration::from_millis(100);

/// The least time between two looks at the stop flag (each is a synchronous request to
/// the browser's blob store, well under a millisecond).
const FLAG_EVERY: Duration = Duration::from_millis(20);

/// Whether the page's "go on" flag still exists (a synchronous request, which a worker
/// may make).
fn flag_alive(flag: &str) -> bool {
    let Ok(request) = web_sys::XmlHttpRequest::new() else {
        return false;
    };
    request.open_with_async("GET", flag, false).is_ok()
        && request.send().is_ok()
        && request.status().is_ok_and(|status| status == 200)
}

/// Posts `message` to the page from the worker.
fn post<P: Serialize, R: Serialize>(message: &ToPage<P, R>) {
    let text = serde_json::to_string(message)
        .unwrap_or_else(|err| format!("{{\"Failed\":{:?}}}", err.to_string()));
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let _ = scope.post_message(&JsValue::from_str(&text));
}

/// Runs the task `input` (JSON of `T`) in this worker, posting its progress and answer
/// to the page; `flag` is the page's "go on" flag.
///
/// # Errors
/// The input is not a `T` (a page and a worker of different builds).
pub(crate) fn run<T: Task>(input: &str, flag: &str) -> Result<(), String> {
    let task: T = serde_json::from_str(input).map_err(|err| format!("{}: {err}", T::NAME))?;
    let last_post = Mutex::new(Instant::now());
    let wake = move |progress: &T::Progress, urgency: Urgency| {
        let mut last = last_post.lock().unwrap_or_else(PoisonError::into_inner);
        if urgency == Urgency::Now || last.elapsed() >= QUIET_EVERY {
            *last = Instant::now();
            post::<&T::Progress, ()>(&ToPage::Progress(progress));
        }
    };
    let flag = flag.to_owned();
    let last_look = Mutex::new(Instant::now());
    let asked = move || {
        let mut last = last_look.lock().unwrap_or_else(PoisonError::into_inner);
        if last.elapsed() < FLAG_EVERY {
            return false;
        }
        *last = Instant::now();
        !flag_alive(&flag)
    };
    let shared = Arc::new(Shared::new(
        T::Progress::default(),
        Box::new(wake),
        Some(Box::new(asked)),
    ));
    let output = task.run(&Reporter::of(shared));
    post::<(), _>(&ToPage::Done(output));
    Ok(())
}

/// Runs the task called `name`, given as JSON, in this Web Worker: the list of every
/// [`Task`](crate::jobs::job::Task) the window starts (a new task is added here).
///
/// # Errors
/// No task has that name, or the input is not one.
pub(crate) fn run_named(name: &str, input: &str, flag: &str) -> Result<(), String> {
    use crate::jobs::job::Task;
    use crate::jobs::{analysis, game_puzzles, move_values, search, table24};
    match name {
        search::SearchTask::NAME => run::<search::SearchTask>(input, flag),
        analysis::AnalysisTask::NAME => run::<analysis::AnalysisTask>(input, flag),
        move_values::MoveValuesTask::NAME => run::<move_values::MoveValuesTask>(input, flag),
        game_puzzles::GamePuzzlesTask::NAME => run::<game_puzzles::GamePuzzlesTask>(input, flag),
        table24::Table24Task::NAME => run::<table24::Table24Task>(input, flag),
        crate::windows::puzzles::LineTask::NAME => {
            run::<crate::windows::puzzles::LineTask>(input, flag)
        }
        _ => Err(format!("the worker has no task called {name}")),
    }
}

/// The worker's side, called by `worker.js` (through the browser program's export) with
/// what the page posted: runs the task `name` from `input`.
pub fn run_posted(name: &str, input: &str, flag: &str) {
    if let Err(why) = run_named(name, input, flag) {
        post::<(), ()>(&ToPage::Failed(why));
    }
}
