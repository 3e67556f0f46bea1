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

use crate::ui::jobs::job::{Reporter, Shared, Task, Urgency};
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::rc::Rc;
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

/// A message from the worker to the page.
#[derive(Serialize, Deserialize)]
enum ToPage<P, R> {
    /// The progress so far.
    Progress(P),
    /// The answer; the worker's work is over.
    Done(R),
    /// The task could not run (the worker's message says why).
    Failed(String),
}

/// What the page holds of a task's answer.
enum Answer<R> {
    Waiting,
    Done(R),
    Lost,
}

/// A task running in a Web Worker, seen from the page.
pub struct Running<R> {
    worker: web_sys::Worker,
    flag: String,
    answer: Rc<RefCell<Answer<R>>>,
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::Event)>,
}

impl<R: serde::de::DeserializeOwned + 'static> Running<R> {
    /// Starts `task` in a new worker; its reports go to `shared`. `None` when no worker
    /// could be made (the job then polls as lost, and the window says so).
    pub(crate) fn start<T: Task<Output = R>>(
        task: T,
        shared: Arc<Shared<T::Progress>>,
    ) -> Option<Running<R>> {
        let input = serde_json::to_string(&task).ok()?;
        let flag = new_flag()?;
        let options = web_sys::WorkerOptions::new();
        options.set_type(web_sys::WorkerType::Module);
        let worker = web_sys::Worker::new_with_options("./worker.js", &options).ok()?;
        let answer = Rc::new(RefCell::new(Answer::Waiting));
        let on_message = {
            let answer = Rc::clone(&answer);
            let shared = Arc::clone(&shared);
            let worker = worker.clone();
            let flag = flag.clone();
            Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
                let text = event.data().as_string().unwrap_or_default();
                match serde_json::from_str::<ToPage<T::Progress, R>>(&text) {
                    Ok(ToPage::Progress(progress)) => shared.set_progress(progress),
                    Ok(ToPage::Done(result)) => {
                        *answer.borrow_mut() = Answer::Done(result);
                        end(&worker, &flag);
                        shared.wake_now();
                    }
                    Ok(ToPage::Failed(why)) => {
                        web_sys::console::error_1(&JsValue::from_str(&why));
                        *answer.borrow_mut() = Answer::Lost;
                        end(&worker, &flag);
                        shared.wake_now();
                    }
                    Err(err) => {
                        web_sys::console::error_1(&JsValue::from_str(&err.to_string()));
                        *answer.borrow_mut() = Answer::Lost;
                        end(&worker, &flag);
                        shared.wake_now();
                    }
                }
            })
        };
        let on_error = {
            let answer = Rc::clone(&answer);
            let worker = worker.clone();
            let flag = flag.clone();
            // A worker that could not load, or whose work panicked (a trap).
            Closure::<dyn FnMut(web_sys::Event)>::new(move |_event: web_sys::Event| {
                *answer.borrow_mut() = Answer::Lost;
                end(&worker, &flag);
                shared.wake_now();
            })
        };
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        let message = js_sys::Array::of4(
            &wasm_bindgen::module(),
            &JsValue::from_str(T::NAME),
            &JsValue::from_str(&input),
            &JsValue::from_str(&flag),
        );
        worker.post_message(&message).ok()?;
        Some(Running {
            worker,
            flag,
            answer,
            _on_message: on_message,
            _on_error: on_error,
        })
    }
}

impl<R> Running<R> {
    /// Asks the task to stop at its next poll (it still answers).
    pub fn stop(&self) {
        let _ = web_sys::Url::revoke_object_url(&self.flag);
    }

    /// Whether the answer has not come yet.
    pub fn is_running(&self) -> bool {
        matches!(*self.answer.borrow(), Answer::Waiting)
    }

    /// The answer, once it has come (`None` if the worker failed, or before).
    pub fn take(self) -> Option<R> {
        if self.is_running() {
            // Nobody waits in a browser: the unfinished work is ended.
            end(&self.worker, &self.flag);
            return None;
        }
        match std::mem::replace(&mut *self.answer.borrow_mut(), Answer::Lost) {
            Answer::Done(result) => Some(result),
            Answer::Waiting | Answer::Lost => None,
        }
    }
}

/// Ends a worker whose answer came (or never will), and its flag.
fn end(worker: &web_sys::Worker, flag: &str) {
    worker.terminate();
    let _ = web_sys::Url::revoke_object_url(flag);
}

/// A new "go on" flag: a blob URL that exists until it is revoked.
fn new_flag() -> Option<String> {
    let parts = js_sys::Array::of1(&JsValue::from_str("1"));
    let blob = web_sys::Blob::new_with_str_sequence(&parts).ok()?;
    web_sys::Url::create_object_url_with_blob(&blob).ok()
}

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

/// The worker's side, called by `worker.js` (through the browser program's export) with
/// what the page posted: runs the task `name` from `input`.
pub fn run_posted(name: &str, input: &str, flag: &str) {
    if let Err(why) = crate::ui::jobs::run_named(name, input, flag) {
        post::<(), ()>(&ToPage::Failed(why));
    }
}
