//! A [`Task`] in a Web Worker, seen from the page (the browser build only): the worker
//! is started from `worker.js` with the task as JSON, its messages ([`ToPage`]) carry the
//! progress and the answer back, and a revocable blob URL is the task's "go on" flag. The
//! worker's side is crates/app/src/web/worker.rs; why it works this way is said there.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// A message from the worker to the page.
#[derive(Serialize, Deserialize)]
pub(crate) enum ToPage<P, R> {
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
pub(crate) struct Running<R> {
    worker: web_sys::Worker,
    flag: String,
    answer: Rc<RefCell<Answer<R>>>,
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::Event)>,
}

impl<R: DeserializeOwned + 'static> Running<R> {
    /// Starts the task `name` (`input`: the task as JSON) in the free worker called
    /// `home`, or else a new worker; each progress it reports goes to `on_progress`, and
    /// `on_end` is called when its answer came (or never will). `None` when no worker
    /// could be made (the job then polls as lost, and the window says so).
    pub(crate) fn start<P: DeserializeOwned + 'static>(
        name: &str,
        input: &str,
        home: Option<String>,
        on_progress: impl Fn(P) + 'static,
        on_end: impl Fn() + 'static,
    ) -> Option<Running<R>> {
        let on_end = Rc::new(on_end);
        let flag = new_flag()?;
        let worker = match home.as_deref().and_then(take_free) {
            Some(worker) => worker,
            None => {
                let options = web_sys::WorkerOptions::new();
                options.set_type(web_sys::WorkerType::Module);
                web_sys::Worker::new_with_options("./worker.js", &options).ok()?
            }
        };
        let answer = Rc::new(RefCell::new(Answer::Waiting));
        let on_message = {
            let answer = Rc::clone(&answer);
            let on_end = Rc::clone(&on_end);
            let worker = worker.clone();
            let flag = flag.clone();
            Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
                let text = event.data().as_string().unwrap_or_default();
                match serde_json::from_str::<ToPage<P, R>>(&text) {
                    Ok(ToPage::Progress(progress)) => on_progress(progress),
                    Ok(ToPage::Done(result)) => {
                        *answer.borrow_mut() = Answer::Done(result);
                        match &home {
                            Some(home) => keep_free(home, &worker, &flag),
                            None => end(&worker, &flag),
                        }
                        on_end();
                    }
                    Ok(ToPage::Failed(why)) => {
                        web_sys::console::error_1(&JsValue::from_str(&why));
                        *answer.borrow_mut() = Answer::Lost;
                        end(&worker, &flag);
                        on_end();
                    }
                    Err(err) => {
                        web_sys::console::error_1(&JsValue::from_str(&err.to_string()));
                        *answer.borrow_mut() = Answer::Lost;
                        end(&worker, &flag);
                        on_end();
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
                on_end();
            })
        };
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        let message = js_sys::Array::of4(
            &wasm_bindgen::module(),
            &JsValue::from_str(name),
            &JsValue::from_str(input),
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
    pub(crate) fn stop(&self) {
        let _ = web_sys::Url::revoke_object_url(&self.flag);
    }

    /// Whether the answer has not come yet.
    pub(crate) fn is_running(&self) -> bool {
        matches!(*self.answer.borrow(), Answer::Waiting)
    }

    /// The answer, once it has come (`None` if the worker failed, or before).
    pub(crate) fn take(self) -> Option<R> {
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

thread_local! {
    /// The free workers kept by name (the task's `home`) with what
    /// they built: at most one for each name.
    static FREE: RefCell<HashMap<String, web_sys::Worker>> = RefCell::new(HashMap::new());
}

/// The free worker called `home`, taken from the kept ones.
fn take_free(home: &str) -> Option<web_sys::Worker> {
    FREE.with(|free| free.borrow_mut().remove(home))
}

/// Keeps `worker`, whose answer came, as the free worker called `home` (its flag is
/// revoked and its handlers removed: the next task gives it new ones).
fn keep_free(home: &str, worker: &web_sys::Worker, flag: &str) {
    let _ = web_sys::Url::revoke_object_url(flag);
    worker.set_onmessage(None);
    worker.set_onerror(None);
    let older = FREE.with(|free| free.borrow_mut().insert(home.to_owned(), worker.clone()));
    // Two workers of one name (a task started while its home was busy): one is kept.
    if let Some(older) = older {
        older.terminate();
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
