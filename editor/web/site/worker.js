// The page's check worker: this same WebAssembly module, started a second time on a thread of
// the browser's, checks each scenario the page sends so a long check never holds the page.
// Requests and reports are JSON text; the checking is the editor's own code.
import init, { worker_check } from "./megahex_web.js";

const started = init();
onmessage = async (event) => {
  try {
    await started;
    postMessage(worker_check(event.data));
  } catch (error) {
    // The page reads this as "check here instead".
    postMessage(JSON.stringify({ failed: String(error) }));
  }
};
