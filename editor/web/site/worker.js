// The page's workers: this same WebAssembly module, started again on a thread of the
// browser's, checks each scenario the page sends (or runs another job, such as an odds search)
// so long work never holds the page. Messages are JSON text; the work is the editor's own code.
import init, { worker_answer } from "./megahex_web.js";

const started = init();
onmessage = async (event) => {
  try {
    await started;
    postMessage(worker_answer(event.data));
  } catch (error) {
    // The page reads this as "check here instead".
    postMessage(JSON.stringify({ failed: String(error) }));
  }
};
