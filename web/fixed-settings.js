// The settings a preset's tool has no notion of (d2l's bleu(pred_seq, label_seq, k) takes only k, the max order),
// as the engine's FIXED_BY_RULE lists them: disabled in the form, and said why.
import { locale, t } from "./i18n.js";
import { SETTINGS } from "./schema.js";

/** Disable the settings `preset` (an entry of the page's options) holds fixed; one still holding a value (from an
 * address) stays editable, so that it can be cleared: Python names it in one line meanwhile. */
export function markFixed($, preset) {
  const fixed = preset?.fixed ?? {};
  for (const name of SETTINGS) {
    const el = $(name);
    el.disabled = name in fixed && el.value === "";
    el.title = name in fixed ? t("page.fixed-title", { preset: preset.name, why: fixed[name][locale()] }) : "";
  }
  const names = Object.keys(fixed);
  $("fixed-note").textContent = names.length ? t("page.fixed-note", { preset: preset.name, names: names.join(", ") }) : "";
  $("fixed-note").hidden = !names.length;
}
