// The live page's conversation with its Python worker (./worker.js): the messages are live_schema's. A keystroke
// posts the form; while Python works, only the newest input waits, and its result is the one shown (the last
// input wins). A corpus is megabytes of text, so a text the worker already holds is not sent again (null: "as
// before"). While Python loads, the progress bar counts its megabytes.
import { t } from "./i18n.js";
import { KINDS } from "./schema.js";

/** Talk to the worker. `readForm()` gives the state, `show(out)` shows a result, `diagnosed(message)` hands the
 * Diagnose panel its answer, `busy()` is called on each input (the panel marks itself stale). */
export function setupConversation({ $, readForm, show, diagnosed, busy }) {
  const result = $("result");
  const worker = new Worker(new URL("worker.js", import.meta.url), { type: "module" });
  let latest = 0; // the id of the newest input
  let inFlight = false;
  let pending = null; // the newest state not yet sent
  let lastSent = {}; // the texts the worker holds
  let readyWith = null; // the worker's Ready message (its versions), once it came
  const inputTimes = new Map(); // input id -> when its event happened (for the rescoring time the page reports)

  function send() {
    if (inFlight || !pending) return;
    inFlight = true;
    const state = { ...pending.state };
    for (const key of ["hyp", "hyp2"]) {
      if (state[key] === lastSent[key]) state[key] = null;
    }
    const sameRefs = lastSent.ref && state.ref.length === lastSent.ref.length &&
      state.ref.every((r, i) => r === lastSent.ref[i]);
    lastSent = { hyp: pending.state.hyp, hyp2: pending.state.hyp2, ref: pending.state.ref };
    if (sameRefs) state.ref = null;
    worker.postMessage({ kind: KINDS.RenderMessage, id: pending.id, state });
    pending = null;
  }

  function progress(msg) {
    $("load-progress").dataset.loadedBytes = String(msg.loaded); // what the bar has shown (the tests read it)
    $("load-progress").value = msg.total ? Math.min(99, (100 * msg.loaded) / msg.total) : 0;
    delete $("status").dataset.i18n; // the status now says where loading is, not its first words
    $("status").textContent = msg.stage === "starting" ? t("page.starting") : t("page.loading-progress",
      { loaded: (msg.loaded / 1e6).toFixed(1), total: (msg.total / 1e6).toFixed(1) });
  }

  function ready(msg) {
    $("load-progress").value = 100;
    $("loading").classList.add("ready");
    $("load-progress").hidden = true;
    readyWith = msg;
    $("status").textContent = t("page.ready", { version: msg.version, python: msg.python });
  }

  function failed(msg) {
    $("load-progress").hidden = true;
    $("status").textContent = t("page.failed", { error: msg.error });
    result.removeAttribute("data-bleu-busy");
    result.setAttribute("data-bleu-error", msg.error);
  }

  function answered(msg) {
    inFlight = false;
    result.setAttribute("data-worker-ms", msg.ms.toFixed(1)); // Python's time for the last result
    if (pending) {
      send(); // a newer input arrived meanwhile: its result is the one to show
    } else if (msg.id === latest) {
      show(msg.out);
      // from the input event to its result on the page, in milliseconds (the benchmark and the tests read it)
      result.setAttribute("data-rescore-ms", (performance.now() - inputTimes.get(msg.id)).toFixed(1));
    }
    for (const id of inputTimes.keys()) if (id <= msg.id) inputTimes.delete(id);
  }

  const handlers = { [KINDS.Progress]: progress, [KINDS.Ready]: ready, [KINDS.Failed]: failed,
                     [KINDS.Result]: answered, [KINDS.Diagnosis]: diagnosed };
  worker.onmessage = (event) => handlers[event.data.kind]?.(event.data);

  return {
    /** The input changed (`event`: the input event, for the time the page reports): score it. */
    changed(event) {
      latest += 1;
      pending = { id: latest, state: readForm() };
      inputTimes.set(latest, event && event.timeStamp ? event.timeStamp : performance.now());
      result.setAttribute("data-bleu-busy", "");
      busy();
      send();
    },
    /** Post a message of the Diagnose panel. */
    post(message) { worker.postMessage(message); },
    /** The page switched language: the status line, again. */
    retell() { if (readyWith) ready(readyWith); },
  };
}
