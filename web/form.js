// The live page's form: the presets, tokenizers and smoothing methods it offers (the engine's own lists, which
// the site's build writes into the page), the reference boxes, the second candidate and projector mode; and the
// form read as a state (what the worker scores and the address holds) and written back from an address's query.
import { markFixed } from "./fixed-settings.js";
import { locale, t } from "./i18n.js";
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

  /** The menus' words in the page's language (again after a switch): presets, examples, the tokenizers' note. */
  function fillPresets() {
    for (const id of ["preset", "compare"]) {
      const chosen = $(id).value;
      $(id).querySelectorAll("option[data-preset]").forEach((o) => o.remove());
      for (const p of options.presets) {
        const o = option(p.name, p.name, p.description[locale()]);
        o.dataset.preset = "";
        $(id).append(o);
      }
      $(id).value = chosen;
    }
    const example = $("example").value;
    $("example").querySelectorAll("option[data-example]").forEach((o) => o.remove());
    examples.forEach((e, i) => {
      const o = option(String(i), e.label[locale()]);
      o.dataset.example = "";
      $("example").append(o);
    });
    $("example").value = example;
    // Said in the page, not only in a tooltip: which tokenizers need what the browser's Python cannot have.
    const missing = options.tokenizers.filter((tok) => tok.unavailable).map((tok) => tok.name);
    $("tokenize-note").textContent = missing.length ? t("page.not-in-browser", { names: missing.join(", ") }) : "";
  }

  function fillPresetSettings() {
    // The tokenizer and smoothing lists say what the chosen preset uses by default.
    const p = presets[$("preset").value];
    $("preset-description").textContent = p ? p.description[locale()] : "";
    const tok = $("tokenize").value;
    const own = (value) => (p ? t("page.presets-own-value", { value }) : t("page.presets-own"));
    $("tokenize").replaceChildren(option("", own(p?.tokenize)));
    for (const tokenizer of options.tokenizers) {
      const why = tokenizer.unavailable ? tokenizer.unavailable[locale()] : "";
      const label = why ? t("page.unavailable", { name: tokenizer.name }) : tokenizer.name;
      $("tokenize").append(option(tokenizer.name, label, why, Boolean(why)));
    }
    $("tokenize").value = tok;
    const smooth = $("smooth").value;
    $("smooth").replaceChildren(option("", own(p?.smooth)));
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
      box.querySelector(".reference-title").textContent = `${t("page.reference", { n: i + 1 })} `;
      const remove = box.querySelector(".remove-reference");
      remove.textContent = t("page.remove-reference", { n: i + 1 }); // says which one it removes
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
    $("projector").dataset.i18n = on ? "page.projector-leave" : "page.projector"; // kept through a switch
    $("projector").textContent = t($("projector").dataset.i18n);
  }

  /** The state the form holds (live_schema.RenderRequest, every text given). */
  function readForm() {
    const state = { preset: $("preset").value, hyp: $("hyp").value, ref: [], compare: $("compare").value };
    state.hyp2 = $("candidate-2-box").hidden ? "" : $("hyp2").value;
    for (const area of document.querySelectorAll("#references textarea")) state.ref.push(area.value);
    for (const name of SETTINGS) state[name] = $(name).value.trim();
    state.segment = $("segment").value || "1";
    state.locale = locale(); // the language the worker writes the result in
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

  /** The page switched language: the words the form wrote itself, again. */
  function retell() {
    fillPresets();
    fillPresetSettings();
    numberReferences();
  }

  return { fillPresets, fillPresetSettings, markSettings, referenceBox, showCandidate2, setProjector, readForm,
           writeForm, retell, projector: () => document.body.classList.contains("projector") };
}
