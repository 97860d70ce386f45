// The live page's worker: Python (Pyodide) runs here, off the page's thread, so typing never freezes it.
// It loads Pyodide core from this folder, unpacks the project's wheel into its file system, and answers each
// render or diagnose message with the Python function the schema names for it (PYTHON, from live_schema.py):
// every number and every piece of HTML comes from the package, as in the notebooks. While it loads it reports
// the bytes fetched, for the progress bar.
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { KINDS, PYTHON } from "./schema.js";

const here = new URL("./", import.meta.url);
let expected = 0; // bytes: Pyodide core and the wheel, as the site's build measured them
let fetched = 0;

function progress(stage) {
  postMessage({ kind: KINDS.Progress, stage, loaded: fetched, total: expected });
}

// Count the bytes of every file Pyodide fetches as they arrive (the response is passed on unchanged).
const plainFetch = self.fetch.bind(self);
self.fetch = async (input, init) => {
  const response = await plainFetch(input, init);
  if (!response.body) return response;
  const reader = response.body.getReader();
  const counted = new ReadableStream({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        controller.close();
        return;
      }
      fetched += value.byteLength;
      progress("fetching");
      controller.enqueue(value);
    },
    cancel(reason) { return reader.cancel(reason); },
  });
  return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
};

async function start() {
  const config = await (await plainFetch(new URL("live-config.json", here))).json();
  expected = (config.bytes?.pyodide ?? 0) + (config.bytes?.wheel ?? 0);
  progress("fetching");
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", here).href });
  const response = await fetch(new URL(config.wheel, here));
  if (!response.ok) {
    throw new Error(`could not load ${config.wheel} (HTTP ${response.status})`);
  }
  pyodide.unpackArchive(await response.arrayBuffer(), "wheel");
  progress("starting");
  pyodide.pyimport(PYTHON.render.module); // loaded before the first keystroke (the doctor's on its first click)
  return { pyodide, python: pyodide.runPython("import sys; sys.version.split()[0]"), version: config.version };
}

const ready = start();

ready.then(
  (loaded) => postMessage({ kind: KINDS.Ready, python: loaded.python, version: loaded.version }),
  (error) => postMessage({ kind: KINDS.Failed, error: String(error && error.message ? error.message : error) }),
);

const functions = new Map(); // the Python functions called so far, each imported once

/** The answer of the Python function the schema names for `call` to `state`, read from its JSON. */
function python(pyodide, call, state) {
  if (!functions.has(call)) functions.set(call, pyodide.pyimport(call.module)[call.function]);
  // null is not None in Pyodide (undefined is): a text the page did not send again is None for Python
  const given = Object.fromEntries(Object.entries(state).map(([key, value]) => [key, value ?? undefined]));
  const params = pyodide.toPy(given); // strings straight into Python, without a JSON round trip
  try {
    return JSON.parse(functions.get(call)(params));
  } finally {
    params.destroy();
  }
}

// The Diagnose panel's message (DiagnoseMessage): every text given, plus the reported score.
async function diagnose({ id, state }) {
  let out;
  const t0 = performance.now();
  try {
    out = python((await ready).pyodide, PYTHON.diagnose, state);
  } catch (error) { // one line, never a traceback: a Python error's last line names it
    const text = String(error && error.message ? error.message : error).trim().split("\n").pop();
    out = { ok: false, error: `bleu-explain: internal error: ${text}` };
  }
  postMessage({ kind: KINDS.Diagnosis, id, out, ms: performance.now() - t0 });
}

// A RenderMessage. The page sends a text again only when it changed (null: as before); Python keeps the last ones.
async function render({ id, state }) {
  let out;
  const t0 = performance.now();
  try {
    out = python((await ready).pyodide, PYTHON.render, state);
  } catch (error) {
    out = { ok: false, error: `bleu-explain: internal error: ${error && error.message ? error.message : error}` };
  }
  postMessage({ kind: KINDS.Result, id, out, ms: performance.now() - t0 });
}

self.onmessage = async (event) => {
  if (event.data.kind === KINDS.DiagnoseMessage) return diagnose(event.data);
  if (event.data.kind === KINDS.RenderMessage) return render(event.data);
  postMessage({ kind: KINDS.Failed, error: `the page sent a message of unknown kind ${event.data.kind}` });
};
