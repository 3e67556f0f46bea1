//! The window in a browser: the same [`App`](crate::App) drawn by eframe's web
//! runner into the page's canvas, the searches in Web Workers ([`worker`]), the game on
//! screen in the address bar ([`link`]). Built by `scripts/web.sh` from the
//! `queens-web` program, whose two exports call [`start_page`] and [`worker::run_posted`].

pub(crate) mod files;
pub(crate) mod link;
pub mod worker;

use wasm_bindgen::JsCast;

/// The id of the page's canvas (scripts/web/index.html).
pub(crate) const CANVAS_ID: &str = "queens";

/// Whether this copy of the program runs in a Web Worker (not on the page).
pub fn in_worker() -> bool {
    js_sys::global()
        .dyn_into::<web_sys::DedicatedWorkerGlobalScope>()
        .is_ok()
}

/// Starts the window in the page's canvas. Errors go to the page's console and to the
/// page itself (the loading text is replaced by them), since there is no window to show
/// them in.
pub fn start_page() {
    wasm_bindgen_futures::spawn_local(async {
        let Some(window) = web_sys::window() else {
            return;
        };
        next_task(&window).await;
        let Some(document) = window.document() else {
            return;
        };
        let Some(canvas) = document
            .get_element_by_id(CANVAS_ID)
            .and_then(|element| element.dyn_into::<web_sys::HtmlCanvasElement>().ok())
        else {
            web_sys::console::error_1(&"queens: the page has no canvas".into());
            return;
        };
        let started = eframe::WebRunner::new()
            .start(
                canvas,
                eframe::WebOptions::default(),
                Box::new(|cc| {
                    link::listen(cc.egui_ctx.clone());
                    Ok(Box::new(crate::App::new(cc, None)))
                }),
            )
            .await;
        let loading = document.get_element_by_id("loading");
        match started {
            Ok(()) => {
                if let Some(loading) = loading {
                    loading.remove();
                }
            }
            Err(err) => {
                web_sys::console::error_1(&err);
                if let Some(loading) = loading {
                    loading.set_text_content(Some(&format!(
                        "Queens & Stones could not start in this browser: {err:?}"
                    )));
                }
            }
        }
    });
}

/// Resolves in a task of its own (a `setTimeout` of 0): the browser's task that
/// instantiated the module ends here, and eframe's start (the WebGL painter, the app)
/// runs in the next one, so that no single task on the page's thread holds both
/// (issue 41.3: none may take 200 ms). If the timer cannot be set, resolves at once.
async fn next_task(window: &web_sys::Window) {
    let timer = js_sys::Promise::new(&mut |resolve, _reject| {
        if window.set_timeout_with_callback(&resolve).is_err() {
            let _ = resolve.call0(&wasm_bindgen::JsValue::UNDEFINED);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(timer).await;
}
