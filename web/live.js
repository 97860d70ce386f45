// The live page's thread: the form, the address and the worker. No BLEU arithmetic here: the worker's Python
// computes every number and writes every piece of HTML (bleu_explain.display.html.live). A keystroke only reads
// the form and posts it to the worker; the address is written once typing pauses, so typing never waits.
import { SETTINGS, queryOf } from "./address.js";
import { setupDiagnose } from "./diagnose.js";
import { markFixed } from "./fixed-settings.js";

const $ = (id) => document.getElementById(id);
const options = JSON.parse($("page-options").textContent);
const examples = JSON.parse($("page-examples").textContent);
const presets = Object.fromEntries(options.presets.map((p) => [p.name, p]));
const PIECES = ["summary", "sentence_bleu", "highlight", "precisions", "length", "steps", "ngrams"];
const ADDRESS_DELAY_MS = 400; // the address is written this long after the last input
const result = $("result");

function option(value, label, title = "", disabled = false) {
  const o = Object.assign(document.createElement("option"), { value, textContent: label, disabled });
  if (title) o.title = title;
  return o;
}

function ensureOption(select, value) { // an unknown value still goes to Python, which says what is wrong in one line
  if (value !== "" && ![...select.options].some((o) => o.value === value)) select.append(option(value, value));
}

function fillPresets() {
  for (const p of options.presets) {
    $("preset").append(option(p.name, p.name, p.description));
    $("compare").append(option(p.name, p.name, p.description));
  }
  examples.forEach((e, i) => $("example").append(option(String(i), `${e.name} (${e.verdict})`)));
}

function noteUnavailableTokenizers() {
  // Said in the page, not only in a tooltip: which tokenizers need what the browser's Python cannot have.
  const missing = options.tokenizers.filter((t) => t.unavailable).map((t) => t.name);
  $("tokenize-note").textContent = missing.length ? `Not in the browser: ${missing.join(", ")}. They need MeCab or ` +
    "SentencePiece with a model file, compiled code the page cannot load; use the command line or a notebook." : "";
}

function fillPresetSettings() {
  // The tokenizer and smoothing lists say what the chosen preset uses by default.
  const p = presets[$("preset").value];
  $("preset-description").textContent = p ? p.description : "";
  const tok = $("tokenize").value;
  $("tokenize").replaceChildren(option("", p ? `preset's (${p.tokenize})` : "preset's"));
  for (const t of options.tokenizers) {
    const label = t.unavailable ? `${t.name} (unavailable here)` : t.name;
    $("tokenize").append(option(t.name, label, t.unavailable, Boolean(t.unavailable)));
  }
  $("tokenize").value = tok;
  const smooth = $("smooth").value;
  $("smooth").replaceChildren(option("", p ? `preset's (${p.smooth})` : "preset's"));
  for (const s of p ? p.smoothing : []) $("smooth").append(option(s, s));
  $("smooth").value = p && p.smoothing.includes(smooth) ? smooth : "";
  markFixed($, presets[$("preset").value]);
}

function referenceBox(text = "") {
  const wrap = document.createElement("div");
  wrap.className = "reference";
  const label = document.createElement("label");
  label.className = "box";
  const title = document.createElement("span");
  title.className = "reference-title";
  const area = document.createElement("textarea");
  area.rows = 2;
  area.spellcheck = false;
  area.dir = "auto";
  area.className = "ref";
  area.value = text;
  area.addEventListener("input", edited);
  const remove = document.createElement("button");
  remove.type = "button";
  remove.className = "remove-reference";
  remove.addEventListener("click", () => {
    wrap.remove();
    numberReferences();
    changed();
  });
  label.append(title, area);
  wrap.append(label, remove);
  $("references").append(wrap);
  numberReferences();
  return area;
}

function numberReferences() {
  const boxes = [...document.querySelectorAll("#references .reference")];
  boxes.forEach((box, i) => {
    box.querySelector(".reference-title").textContent = `Reference ${i + 1} `;
    const remove = box.querySelector(".remove-reference");
    remove.textContent = `Remove reference ${i + 1}`; // says which one it removes
    remove.hidden = boxes.length === 1;
  });
}

function showCandidate2(shown) {
  $("candidate-2-box").hidden = !shown;
  $("add-candidate-2").hidden = shown;
  if (!shown) $("hyp2").value = "";
}

// --------------------------------------------------------------------------- state <-> form <-> address
function readForm() {
  const state = { preset: $("preset").value, hyp: $("hyp").value, ref: [], compare: $("compare").value };
  state.hyp2 = $("candidate-2-box").hidden ? "" : $("hyp2").value;
  for (const area of document.querySelectorAll("#references textarea")) state.ref.push(area.value);
  for (const name of SETTINGS) state[name] = $(name).value.trim();
  state.segment = $("segment").value || "1";
  return state;
}

function writeForm(query) {
  const q = new URLSearchParams(query);
  const preset = q.get("preset") || "sacrebleu";
  ensureOption($("preset"), preset);
  $("preset").value = preset;
  fillPresetSettings();
  $("hyp").value = q.get("hyp") ?? "";
  $("hyp2").value = q.get("hyp2") ?? "";
  showCandidate2(Boolean(q.get("hyp2")));
  $("references").replaceChildren();
  const refs = q.getAll("ref");
  for (const r of refs.length ? refs : [""]) referenceBox(r);
  for (const name of SETTINGS) {
    const el = $(name);
    const value = q.get(name) ?? "";
    if (el.tagName === "SELECT") ensureOption(el, value);
    el.value = value;
  }
  ensureOption($("compare"), q.get("compare") ?? "");
  $("compare").value = q.get("compare") ?? "";
  $("segment").value = q.get("segment") ?? "1";
  setProjector(["1", "true", "yes", "on"].includes(q.get("projector") ?? ""));
  markFixed($, presets[$("preset").value]);
  doctor?.reset();
}

let addressTimer = null;
let addressVersion = 0;

function addressLater() {
  // Writing a long address (URL-encoding, compressing) is work: done once typing pauses, never per keystroke.
  $("link").setAttribute("data-pending", "");
  clearTimeout(addressTimer);
  addressTimer = setTimeout(writeAddress, ADDRESS_DELAY_MS);
}

const addressWorker = new Worker(new URL("address-worker.js", import.meta.url), { type: "module" });
const addressWaiting = new Map(); // version -> resolve, for "Copy link", which waits for the address

function writeAddress() {
  const version = ++addressVersion;
  const projector = document.body.classList.contains("projector");
  addressWorker.postMessage({ version, path: location.pathname, state: readForm(), projector });
  return new Promise((resolve) => addressWaiting.set(version, resolve));
}

addressWorker.onmessage = (event) => {
  const { version, address } = event.data;
  for (const [v, resolve] of addressWaiting) if (v <= version) { addressWaiting.delete(v); resolve(); }
  if (version !== addressVersion) return; // a newer state is being written
  const note = $("link-note");
  if (address === null) {
    history.replaceState(null, "", location.pathname);
    note.textContent = "This input is too large to share in a link, even compressed (browsers keep addresses up " +
      "to about 2 MB): share the files instead. The link below opens the page on its first example.";
  } else {
    history.replaceState(null, "", address);
    note.textContent = address.includes("#z=") ? "The input is long, so the link holds it compressed after the #, " +
      "which is never sent to the server: any static host opens it." : "";
  }
  note.hidden = !note.textContent;
  $("link").value = location.href;
  $("link").removeAttribute("data-pending");
};

// --------------------------------------------------------------------------- the worker: the last input wins
let worker = null, doctor = null; // the worker, and the Diagnose panel (./diagnose.js)
let latest = 0; // the id of the newest input
let inFlight = false;
let pending = null; // the newest state not yet sent

let lastSent = {}; // the texts the worker holds: a message carries only the ones that changed
const inputTimes = new Map(); // input id -> when its event happened (for the rescoring time the page reports)

function changed(event) {
  latest += 1;
  pending = { id: latest, state: readForm() };
  inputTimes.set(latest, event && event.timeStamp ? event.timeStamp : performance.now());
  result.setAttribute("data-bleu-busy", "");
  doctor?.stale();
  addressLater();
  send();
}

function edited(event) {
  $("example-note").textContent = $("example").value === "" ? "" : "(edited)";
  changed(event);
}

function send() {
  if (inFlight || !pending || !worker) return;
  inFlight = true;
  // A corpus is megabytes of text: what the worker already holds is not sent again (null: "as before").
  const state = { ...pending.state };
  for (const key of ["hyp", "hyp2"]) {
    if (state[key] === lastSent[key]) state[key] = null;
  }
  const sameRefs = lastSent.ref && state.ref.length === lastSent.ref.length && state.ref.every((r, i) => r === lastSent.ref[i]);
  lastSent = { hyp: pending.state.hyp, hyp2: pending.state.hyp2, ref: pending.state.ref };
  if (sameRefs) state.ref = null;
  worker.postMessage({ id: pending.id, state });
  pending = null;
}

function show(out) {
  result.removeAttribute("data-bleu-busy");
  const two = Boolean(out.ok && out.html2);
  $("error").hidden = out.ok;
  $("error").textContent = out.ok ? "" : out.error;
  for (const [suffix, html] of [["", out.ok ? out.html : {}], ["-2", two ? out.html2 : {}]]) {
    for (const key of PIECES) $(`${key.replace("_", "-")}${suffix}`).innerHTML = html[key] ?? ""; // escaped in Python
  }
  $("compare-out").innerHTML = out.ok ? out.html.compare : "";
  $("differs").innerHTML = two ? out.html.differs : "";
  $("candidate-2").hidden = !two;
  $("highlight-title").textContent = two ? "Candidate 1, highlighted" : "The candidate, highlighted";
  result.toggleAttribute("data-two", two);
  for (const suffix of ["", "-2"]) $(`token-counts${suffix}`).textContent = "Tap a token, or tab to it, for its counts.";
  if (out.ok) {
    result.setAttribute("data-bleu-score", out.score_repr);
    result.setAttribute("data-recomputed", String(out.recomputed)); // segments scored afresh for this result
    result.removeAttribute("data-bleu-error");
    $("segment-picker").hidden = out.segments < 2;
    $("segment").max = String(out.segments);
    $("segment-count").textContent = `of ${out.segments}`;
  } else {
    result.removeAttribute("data-bleu-score");
    result.setAttribute("data-bleu-error", out.error);
  }
}

function showTokenCounts(event) {
  // A token's counts (its title) in words below the sentence: reachable by keyboard (focus) and touch (tap).
  const token = event.target.closest("[data-token]");
  if (!token) return;
  const column = token.closest(".candidate-result");
  column.querySelector(".token-counts").textContent = token.title;
}

function setProjector(on) {
  document.body.classList.toggle("projector", on);
  $("projector").setAttribute("aria-pressed", String(on));
  $("projector").textContent = on ? "Leave projector mode" : "Projector mode";
}

function loadExample() {
  const example = examples[Number($("example").value)];
  if (!example) return;
  const projector = document.body.classList.contains("projector");
  writeForm(example.query);
  setProjector(projector);
  $("example-note").textContent = "";
  changed();
}

async function start() {
  fillPresets();
  noteUnavailableTokenizers();
  let query = "";
  try {
    query = await queryOf(location);
  } catch {
    $("link-note").textContent = "This link's compressed state could not be read: it was cut short. The page " +
      "opens on its first example.";
    $("link-note").hidden = false;
  }
  if (query.replace(/(^|&)projector=[^&]*/g, "") === "") {
    const projector = new URLSearchParams(query).get("projector");
    writeForm(examples[0].query + (projector ? `&projector=${projector}` : "")); // a first visit: the paper's Example 1
    $("example").value = "0";
  } else {
    writeForm(query);
  }
  $("link").value = location.href;
  worker = new Worker(new URL("worker.js", import.meta.url), { type: "module" });
  doctor = setupDiagnose({ $, readForm, post: (message) => worker.postMessage(message) });
  worker.onmessage = (event) => {
    const msg = event.data;
    if (msg.kind === "diagnosis") return doctor.answer(msg);
    if (msg.kind === "progress") {
      $("load-progress").dataset.loadedBytes = String(msg.loaded); // what the bar has shown (the tests read it)
      $("load-progress").value = msg.total ? Math.min(99, (100 * msg.loaded) / msg.total) : 0;
      $("status").textContent = msg.stage === "starting" ? "Starting Python in the page\u2026" :
        `Loading Python into the page: ${(msg.loaded / 1e6).toFixed(1)} of ${(msg.total / 1e6).toFixed(1)} MB\u2026`;
      return;
    }
    if (msg.kind === "ready") {
      $("load-progress").value = 100;
      $("loading").classList.add("ready");
      $("load-progress").hidden = true;
      $("status").textContent = `Ready: bleu-explain ${msg.version} on Python ${msg.python}, in this page.`;
      return;
    }
    if (msg.kind === "failed") {
      $("load-progress").hidden = true;
      $("status").textContent = `Python could not start in this page: ${msg.error}`;
      result.removeAttribute("data-bleu-busy");
      result.setAttribute("data-bleu-error", msg.error);
      return;
    }
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
  };
  for (const id of ["preset", "compare", "hyp", "hyp2", "segment", ...SETTINGS]) {
    $(id).addEventListener("input", (event) => {
      if (id === "preset") fillPresetSettings();
      else if (SETTINGS.includes(id)) markFixed($, presets[$("preset").value]);
      edited(event);
    });
  }
  $("add-reference").addEventListener("click", () => {
    referenceBox().focus();
    edited();
  });
  for (const [button, shown, focus] of [["add-candidate-2", true, "hyp2"], ["remove-candidate-2", false, "add-candidate-2"]]) {
    $(button).addEventListener("click", () => { showCandidate2(shown); $(focus).focus(); edited(); });
  }
  // The menu keeps the loaded example's name, so the arrow keys step from it to the next one.
  $("example").addEventListener("change", loadExample);
  $("projector").addEventListener("click", () => {
    setProjector(!document.body.classList.contains("projector"));
    addressLater();
  });
  $("candidates").addEventListener("focusin", showTokenCounts);
  $("candidates").addEventListener("click", showTokenCounts);
  $("hyp-file").addEventListener("change", async () => {
    const file = $("hyp-file").files[0];
    if (!file) return;
    const text = await readText(file, "hypothesis");
    if (text === null) return;
    $("hyp").value = text;
    edited();
  });
  $("ref-files").addEventListener("change", async () => {
    const texts = [];
    for (const file of $("ref-files").files) {
      const text = await readText(file, "reference");
      if (text === null) return;
      texts.push(text);
    }
    if (!texts.length) return;
    $("references").replaceChildren();
    for (const text of texts) referenceBox(text);
    edited();
  });
  $("copy-link").addEventListener("click", async () => {
    clearTimeout(addressTimer);
    await writeAddress();
    try {
      await navigator.clipboard.writeText($("link").value);
      $("copy-link").textContent = "Link copied";
    } catch {
      $("link").select(); // no clipboard access: the link is selected for Ctrl-C
      $("copy-link").textContent = "Press Ctrl-C to copy";
    }
    setTimeout(() => { $("copy-link").textContent = "Copy link"; }, 2000);
  });
  // A page (or a test) can show any state: bleuLive.show("preset=nltk&hyp=...&ref=...").
  window.bleuLive = { show(q) { writeForm(q); changed(); } };
  changed();
}

async function readText(file, what) {
  // As the command line reads a file: UTF-8 (a byte order mark kept, as sacreBLEU keeps it), and the command
  // line's message when it is not UTF-8; the boxes keep what they held.
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    // the line of the first undecodable byte, as the command line reports it (the first replacement character
    // of a lenient decoding is where the strict one failed)
    const lenient = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    const line = lenient.slice(0, lenient.indexOf("\uFFFD")).split("\n").length;
    show({ ok: false, error: `bleu-explain: error: ${what} file '${file.name}' is not valid utf-8: undecodable byte at line ${line}` });
    return null;
  }
}

if (location.protocol !== "file:") start(); // (from file:// this module does not even load: live.html explains)
