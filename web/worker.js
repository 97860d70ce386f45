// The live page's worker: Python (Pyodide) runs here, off the page's thread, so typing never freezes it.
// It loads Pyodide core from this folder, unpacks the project's wheel into its file system, and answers each
// message {id, state} with bleu_explain.display.html.live.render_json(state): every number and every piece of HTML
// comes from the package, as in the notebooks.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const here = new URL("./", import.meta.url);

async function start() {
  const config = await (await fetch(new URL("live-config.json", here))).json();
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", here).href });
  const response = await fetch(new URL(config.wheel, here));
  if (!response.ok) {
    throw new Error(`could not load ${config.wheel} (HTTP ${response.status})`);
  }
  pyodide.unpackArchive(await response.arrayBuffer(), "wheel");
  const live = pyodide.pyimport("bleu_explain.display.html.live");
  return { live, python: pyodide.runPython("import sys; sys.version.split()[0]"), version: config.version };
}

const ready = start();

ready.then(
  (loaded) => postMessage({ kind: "ready", python: loaded.python, version: loaded.version }),
  (error) => postMessage({ kind: "failed", error: String(error && error.message ? error.message : error) }),
);

self.onmessage = async (event) => {
  const { id, state } = event.data;
  let out;
  try {
    const { live } = await ready;
    out = JSON.parse(live.render_json(JSON.stringify(state)));
  } catch (error) {
    out = { ok: false, error: `bleu-explain: internal error: ${error && error.message ? error.message : error}` };
  }
  postMessage({ kind: "result", id, out });
};
