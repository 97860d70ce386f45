// The live page's worker: Python (Pyodide) runs here, off the page's thread, so typing never freezes it.
// It loads Pyodide core from this folder, unpacks the project's wheel into its file system, and answers each
// message {id, state} with bleu_explain.display.html.live.render_json(state): every number and every piece of HTML
// comes from the package, as in the notebooks. While it loads it reports the bytes fetched, for the progress bar.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const here = new URL("./", import.meta.url);
let expected = 0; // bytes: Pyodide core and the wheel, as the site's build measured them
let fetched = 0;

function progress(stage) {
  postMessage({ kind: "progress", stage, loaded: fetched, total: expected });
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
  const live = pyodide.pyimport("bleu_explain.display.html.live");
  return { live, pyodide, python: pyodide.runPython("import sys; sys.version.split()[0]"), version: config.version };
}

const ready = start();

ready.then(
  (loaded) => postMessage({ kind: "ready", python: loaded.python, version: loaded.version }),
  (error) => postMessage({ kind: "failed", error: String(error && error.message ? error.message : error) }),
);

// The Diagnose panel's message {kind: "diagnose", id, state}: every text given, plus the reported score.
async function diagnose({ id, state }) {
  let out;
  const t0 = performance.now();
  try {
    const { pyodide } = await ready;
    const doctor = pyodide.pyimport("bleu_explain.display.html.live_doctor"); // loaded on the first click
    const params = pyodide.toPy(state);
    try {
      out = JSON.parse(doctor.diagnose_params_json(params));
    } finally {
      params.destroy();
    }
  } catch (error) { // one line, never a traceback: a Python error's last line names it
    const text = String(error && error.message ? error.message : error).trim().split("\n").pop();
    out = { ok: false, error: `bleu-explain: internal error: ${text}` };
  }
  postMessage({ kind: "diagnosis", id, out, ms: performance.now() - t0 });
}

self.onmessage = async (event) => {
  if (event.data.kind === "diagnose") return diagnose(event.data);
  // The page sends a text again only when it changed (null: as before); Python keeps the last ones.
  const { id } = event.data;
  const state = { ...event.data.state };
  for (const key of ["hyp", "hyp2", "ref"]) {
    if (state[key] === null) state[key] = undefined; // (None in Python; JavaScript's null would not be)
  }
  let out;
  const t0 = performance.now();
  try {
    const { live, pyodide } = await ready;
    const params = pyodide.toPy(state); // strings straight into Python, without a JSON round trip
    try {
      out = JSON.parse(live.render_params_json(params));
    } finally {
      params.destroy();
    }
  } catch (error) {
    out = { ok: false, error: `bleu-explain: internal error: ${error && error.message ? error.message : error}` };
  }
  postMessage({ kind: "result", id, out, ms: performance.now() - t0 });
};
