// The live page's thread: it wires the form (./form.js), the address (./link.js), the conversation with the
// Python worker (./conversation.js), the result (./result.js) and the Diagnose panel (./diagnose.js). No BLEU
// arithmetic here: the worker's Python computes every number and writes every piece of HTML
// (bleu_explain.display.html.live). A keystroke only reads the form and posts it to the worker; the address is
// written once typing pauses, so typing never waits.
import { setupConversation } from "./conversation.js";
import { setupDiagnose } from "./diagnose.js";
import { readText, showChosen } from "./files.js";
import { setupForm } from "./form.js";
import { localeFrom, locale, setLocale, t } from "./i18n.js";
import { setupLink } from "./link.js";
import { show, showTokenCounts } from "./result.js";
import { SETTINGS } from "./schema.js";

const $ = (id) => document.getElementById(id);
const options = JSON.parse($("page-options").textContent);
const examples = JSON.parse($("page-examples").textContent);
setLocale(localeFrom(location.search)); // the page's words at once (a #z= link's lang is read once it is inflated)

let conversation = null, doctor = null, link = null; // set up in start()

function changed(event) {
  if (!conversation) return;
  conversation.changed(event);
  link.later();
}

function edited(event) {
  $("example-note").textContent = $("example").value === "" ? "" : t("page.edited");
  $("example-note").toggleAttribute("data-edited", $("example").value !== "");
  link.forget();
  changed(event);
}

const form = setupForm({ $, options, examples, edited, changed: () => changed(), written: () => doctor?.reset() });

function loadExample() {
  const example = examples[Number($("example").value)];
  if (!example) return;
  const projector = form.projector();
  form.writeForm(example.query);
  form.setProjector(projector);
  $("example-note").textContent = "";
  $("example-note").removeAttribute("data-edited");
  link.forget();
  changed();
}

function refuse(message) {
  show($, { ok: false, error: message });
}

function listen() {
  for (const id of ["preset", "compare", "hyp", "hyp2", "segment", ...SETTINGS]) {
    $(id).addEventListener("input", (event) => {
      if (id === "preset") form.fillPresetSettings();
      else if (SETTINGS.includes(id)) form.markSettings();
      edited(event);
    });
  }
  $("add-reference").addEventListener("click", () => {
    form.referenceBox().focus();
    edited();
  });
  for (const [button, shown, focus] of [["add-candidate-2", true, "hyp2"], ["remove-candidate-2", false, "add-candidate-2"]]) {
    $(button).addEventListener("click", () => { form.showCandidate2(shown); $(focus).focus(); edited(); });
  }
  // The menu keeps the loaded example's name, so the arrow keys step from it to the next one.
  $("example").addEventListener("change", loadExample);
  $("projector").addEventListener("click", () => {
    form.setProjector(!form.projector());
    link.later();
  });
  $("candidates").addEventListener("focusin", showTokenCounts);
  $("candidates").addEventListener("click", showTokenCounts);
  $("hyp-file").addEventListener("change", async () => {
    showChosen($("hyp-file"), $("hyp-file-chosen"));
    const file = $("hyp-file").files[0];
    const text = file ? await readText(file, "hypothesis", refuse) : null;
    if (text === null) return;
    $("hyp").value = text;
    edited();
  });
  $("ref-files").addEventListener("change", async () => {
    showChosen($("ref-files"), $("ref-files-chosen"));
    const texts = [];
    for (const file of $("ref-files").files) {
      const text = await readText(file, "reference", refuse);
      if (text === null) return;
      texts.push(text);
    }
    if (!texts.length) return;
    $("references").replaceChildren();
    for (const text of texts) form.referenceBox(text);
    edited();
  });
  $("copy-link").addEventListener("click", () => link.copy());
  $("lang").addEventListener("change", () => switchLanguage($("lang").value));
}

/** Say everything in `chosen`: the page's own words now, the result's once the worker has written it again. */
function switchLanguage(chosen) {
  setLocale(chosen);
  $("lang").value = locale();
  form.retell();
  link.retell();
  conversation?.retell();
  if ($("example-note").hasAttribute("data-edited")) $("example-note").textContent = t("page.edited");
  changed(); // scored again: the worker writes the result in the new language, and the address keeps it
}

async function start() {
  $("lang").value = locale();
  form.fillPresets();
  link = setupLink({ $, readForm: form.readForm, projector: form.projector });
  const query = await link.start();
  if (localeFrom(query) !== locale()) { // a #z= link names its language inside the fragment
    setLocale(localeFrom(query));
    $("lang").value = locale();
    form.fillPresets();
  }
  if (query.replace(/(^|&)projector=[^&]*/g, "") === "") {
    const projector = new URLSearchParams(query).get("projector");
    form.writeForm(examples[0].query + (projector ? `&projector=${projector}` : "")); // a first visit: Example 1
    $("example").value = "0";
  } else {
    form.writeForm(query);
  }
  $("link").value = location.href;
  conversation = setupConversation({ $, readForm: form.readForm, show: (out) => show($, out),
                                     diagnosed: (msg) => doctor.answer(msg), busy: () => doctor?.stale() });
  doctor = setupDiagnose({ $, readForm: form.readForm, post: (message) => conversation.post(message) });
  listen();
  // A page (or a test) can show any state: bleuLive.show("preset=nltk&hyp=...&ref=...").
  window.bleuLive = { show(q) { form.writeForm(q); changed(); } };
  changed();
}

if (location.protocol !== "file:") start(); // (from file:// this module does not even load: live.html explains)
