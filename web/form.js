// The live page's form: the presets, tokenizers and smoothing methods it offers (the engine's own lists, which
// the site's build writes into the page), the reference boxes, the second candidate and projector mode; and the
// form read as a state (what the worker scores and the address holds) and written back from an address's query.
import { markFixed } from "./fixed-settings.js";
import { SETTINGS } from "./schema.js";

export function option(value, label, title = "", disabled = false) {
  const o = Object.assign(document.createElement("option"), { value, textContent: label, disabled });
  if (title) o.title = title;
  return o;
}

function ensureOption(select, value) { // an unknown value still goes to Python, which says what is wrong in one line
  if (value !== "" && ![...select.options].some((o) => o.value === value)) select.append(option(value, value));
}

/** The form. `edited(event)`: the user changed a text; `changed()`: a reference box was removed; `written()`: the
 * form was rewritten from an address or an example. */
export function setupForm({ $, options, examples, edited, changed, written }) {
  const presets = Object.fromEntries(options.presets.map((p) => [p.name, p]));

  function fillPresets() {
    for (const p of options.presets) {
      $("preset").append(option(p.name, p.name, p.description));
      $("compare").append(option(p.name, p.name, p.description));
    }
    examples.forEach((e, i) => $("example").append(option(String(i), `${e.name} (${e.verdict})`)));
    // Said in the page, not only in a tooltip: which tokenizers need what the browser's Python cannot have.
    const missing = options.tokenizers.filter((t) => t.unavailable).map((t) => t.name);
    $("tokenize-note").textContent = missing.length ? `Not in the browser: ${missing.join(", ")}. They need MeCab ` +
      "or SentencePiece with a model file, compiled code the page cannot load; use the command line or a notebook." : "";
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
    markSettings();
  }

  function markSettings() { markFixed($, presets[$("preset").value]); }

  function referenceBox(text = "") {
    const wrap = document.createElement("div");
    wrap.className = "reference";
    const label = document.createElement("label");
    label.className = "box";
    const title = document.createElement("span");
    title.className = "reference-title";
    const area = Object.assign(document.createElement("textarea"), { rows: 2, spellcheck: false, dir: "auto",
                                                                      className: "ref", value: text });
    area.addEventListener("input", edited);
    const remove = Object.assign(document.createElement("button"), { type: "button", className: "remove-reference" });
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

  function setProjector(on) {
    document.body.classList.toggle("projector", on);
    $("projector").setAttribute("aria-pressed", String(on));
    $("projector").textContent = on ? "Leave projector mode" : "Projector mode";
  }

  /** The state the form holds (live_schema.RenderRequest, every text given). */
  function readForm() {
    const state = { preset: $("preset").value, hyp: $("hyp").value, ref: [], compare: $("compare").value };
    state.hyp2 = $("candidate-2-box").hidden ? "" : $("hyp2").value;
    for (const area of document.querySelectorAll("#references textarea")) state.ref.push(area.value);
    for (const name of SETTINGS) state[name] = $(name).value.trim();
    state.segment = $("segment").value || "1";
    return state;
  }

  /** Show the state an address's query holds. */
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
    markSettings();
    written();
  }

  return { fillPresets, fillPresetSettings, markSettings, referenceBox, showCandidate2, setProjector, readForm,
           writeForm, projector: () => document.body.classList.contains("projector") };
}
