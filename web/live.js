// The live page's thread: the form, the address and the worker. No BLEU arithmetic here: the worker's Python
// computes every number and writes every piece of HTML (bleu_explain.display.html.live).
const $ = (id) => document.getElementById(id);
const options = JSON.parse($("page-options").textContent);
const examples = JSON.parse($("page-examples").textContent);
const presets = Object.fromEntries(options.presets.map((p) => [p.name, p]));
const SETTINGS = ["tokenize", "lowercase", "smooth", "smooth_value", "max_order", "weights", "effective_order"];
const result = $("result");

function option(value, label, title = "", disabled = false) {
  const o = document.createElement("option");
  o.value = value;
  o.textContent = label;
  if (title) o.title = title;
  o.disabled = disabled;
  return o;
}

function fillPresets() {
  for (const p of options.presets) {
    $("preset").append(option(p.name, p.name, p.description));
    $("compare").append(option(p.name, p.name, p.description));
  }
  for (const e of examples) {
    $("example").append(option(e.query, `${e.name} (${e.verdict})`));
  }
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
  $("preset-description").textContent = p.description;
  const tok = $("tokenize").value;
  $("tokenize").replaceChildren(option("", `preset's (${p.tokenize})`));
  for (const t of options.tokenizers) {
    const label = t.unavailable ? `${t.name} (unavailable here)` : t.name;
    $("tokenize").append(option(t.name, label, t.unavailable, Boolean(t.unavailable)));
  }
  $("tokenize").value = tok;
  const smooth = $("smooth").value;
  $("smooth").replaceChildren(option("", `preset's (${p.smooth})`));
  for (const s of p.smoothing) $("smooth").append(option(s, s));
  $("smooth").value = p.smoothing.includes(smooth) ? smooth : "";
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
  area.className = "ref";
  area.value = text;
  area.addEventListener("input", changed);
  const remove = document.createElement("button");
  remove.type = "button";
  remove.textContent = "remove";
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
    box.querySelector(".remove-reference").hidden = boxes.length === 1;
  });
}

function readForm() {
  const state = { preset: $("preset").value, hyp: $("hyp").value, ref: [], compare: $("compare").value };
  for (const area of document.querySelectorAll("#references textarea")) state.ref.push(area.value);
  for (const name of SETTINGS) state[name] = $(name).value.trim();
  state.segment = $("segment").value || "1";
  return state;
}

function toQuery(state) {
  const q = new URLSearchParams();
  q.append("preset", state.preset);
  q.append("hyp", state.hyp);
  for (const r of state.ref) q.append("ref", r);
  for (const name of SETTINGS) if (state[name] !== "") q.append(name, state[name]);
  if (state.compare) q.append("compare", state.compare);
  if (state.segment && state.segment !== "1") q.append("segment", state.segment);
  return q.toString();
}

function writeForm(query) {
  const q = new URLSearchParams(query);
  const preset = q.get("preset");
  $("preset").value = preset && presets[preset] ? preset : "sacrebleu";
  fillPresetSettings();
  $("hyp").value = q.get("hyp") ?? "";
  $("references").replaceChildren();
  const refs = q.getAll("ref");
  for (const r of refs.length ? refs : [""]) referenceBox(r);
  for (const name of SETTINGS) {
    const el = $(name);
    const value = q.get(name) ?? "";
    if (el.tagName === "SELECT" && value !== "" && ![...el.options].some((o) => o.value === value)) {
      el.append(option(value, value)); // an unknown value still goes to Python, which names the problem
    }
    el.value = value;
  }
  $("compare").value = q.get("compare") ?? "";
  $("segment").value = q.get("segment") ?? "1";
}

// --------------------------------------------------------------------------- the worker: the last input wins
let worker = null;
let latest = 0; // the id of the newest input
let inFlight = false;
let pending = null; // the newest state not yet sent

function changed() {
  latest += 1;
  pending = { id: latest, state: readForm() };
  const query = toQuery(pending.state);
  history.replaceState(null, "", `${location.pathname}?${query}`);
  $("link").value = location.href;
  result.setAttribute("data-bleu-busy", "");
  send();
}

function send() {
  if (inFlight || !pending || !worker) return;
  inFlight = true;
  worker.postMessage(pending);
  pending = null;
}

function show(out) {
  result.removeAttribute("data-bleu-busy");
  const html = out.ok ? out.html : {};
  $("error").hidden = out.ok;
  $("error").textContent = out.ok ? "" : out.error;
  for (const [id, key] of [["summary", "summary"], ["compare-out", "compare"], ["highlight", "highlight"],
    ["precisions", "precisions"], ["length", "length"], ["steps", "steps"], ["ngrams", "ngrams"]]) {
    $(id).innerHTML = html[key] ?? ""; // HTML written by the package, every piece of user text escaped there
  }
  if (out.ok) {
    result.setAttribute("data-bleu-score", out.score_repr);
    result.removeAttribute("data-bleu-error");
    $("segment-picker").hidden = out.segments < 2;
    $("segment").max = String(out.segments);
    $("segment-count").textContent = `of ${out.segments}`;
  } else {
    result.removeAttribute("data-bleu-score");
    result.setAttribute("data-bleu-error", out.error);
  }
}

function start() {
  fillPresets();
  noteUnavailableTokenizers();
  writeForm(location.search);
  $("link").value = location.href;
  worker = new Worker(new URL("worker.js", import.meta.url), { type: "module" });
  worker.onmessage = (event) => {
    const msg = event.data;
    if (msg.kind === "ready") {
      $("status").textContent = `Ready: bleu-explain ${msg.version} on Python ${msg.python}, in this page.`;
      return;
    }
    if (msg.kind === "failed") {
      $("status").textContent = `Python could not start in this page: ${msg.error}`;
      result.removeAttribute("data-bleu-busy");
      result.setAttribute("data-bleu-error", msg.error);
      return;
    }
    inFlight = false;
    if (pending) {
      send(); // a newer input arrived meanwhile: its result is the one to show
    } else if (msg.id === latest) {
      show(msg.out);
    }
  };
  for (const id of ["preset", "compare", "hyp", "segment", ...SETTINGS]) {
    $(id).addEventListener("input", () => {
      if (id === "preset") fillPresetSettings();
      changed();
    });
  }
  $("add-reference").addEventListener("click", () => {
    referenceBox().focus();
    changed();
  });
  $("example").addEventListener("change", () => {
    if (!$("example").value) return;
    writeForm($("example").value);
    $("example").value = "";
    changed();
  });
  $("hyp-file").addEventListener("change", async () => {
    const file = $("hyp-file").files[0];
    if (!file) return;
    const text = await readText(file, "hypothesis");
    if (text === null) return;
    $("hyp").value = text;
    changed();
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
    changed();
  });
  $("copy-link").addEventListener("click", async () => {
    $("link").value = location.href;
    try {
      await navigator.clipboard.writeText(location.href);
      $("copy-link").textContent = "Link copied";
    } catch {
      $("link").select(); // no clipboard access: the link is selected for Ctrl-C
      $("copy-link").textContent = "Press Ctrl-C to copy";
    }
    setTimeout(() => { $("copy-link").textContent = "Copy link"; }, 2000);
  });
  // A page (or a test) can show any state: bleuLive.show("preset=nltk&hyp=...&ref=...").
  window.bleuLive = { show(query) { writeForm(query); changed(); } };
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

if (location.protocol !== "file:") {
  start(); // (from file:// this module does not even load: live.html's inline script explains)
}
