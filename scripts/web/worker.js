// A Web Worker of Queens & Stones: a second copy of the program, given the compiled
// module by the page (no second download or compile), runs one task and posts its
// progress and answer back (crates/app/src/web/worker.rs).
import init, { queens_worker_run } from './queens.js';

self.onmessage = async (event) => {
  const [module, name, input, flag] = event.data;
  await init({ module_or_path: module });
  queens_worker_run(name, input, flag);
};
