// The live page's Diagnose panel: on a click, the worker runs the BLEU doctor (bleu_explain.diagnose) on what the
// page holds, with the reported score if one is given; the panel shows the findings and the matches as Python
// wrote them (escaped there), or one line of error. The preset narrows the search only once the user chose it.
// The messages are live_schema's DiagnoseMessage (its state a DiagnoseRequest) and Diagnosis.
import { t } from "./i18n.js";
import { KINDS } from "./schema.js";

let receiptUrl = null; // the object URL of the receipt offered (revoked when the next one replaces it)

/** A download link for the receipt (Diagnosed.receipt, JSON text): `bleu-explain verify` checks it against the
 * files, as it checks the receipt `bleu-explain REF... -i HYP --receipt` writes. */
function receiptLink(receipt) {
  if (receiptUrl) URL.revokeObjectURL(receiptUrl);
  receiptUrl = URL.createObjectURL(new Blob([receipt], { type: "application/json" }));
  const line = document.createElement("p");
  const link = document.createElement("a");
  link.id = "receipt-download";
  link.href = receiptUrl;
  link.download = "bleu-receipt.json";
  link.textContent = t("page.receipt-download");
  line.append(link, t("page.receipt-about", { command: "bleu-explain verify bleu-receipt.json REF -i HYP" }));
  return line;
}

/** Wire the panel: `readForm` gives the page's state, `post` sends a message to the worker. */
export function setupDiagnose({ $, readForm, post }) {
  let asked = 0; // the id of the last diagnosis asked for (an older answer is dropped)
  let presetChosen = false; // the user picked the preset in the form (an address or an example does not count)
  const panel = $("diagnosis");

  $("preset").addEventListener("input", () => { presetChosen = true; });
  $("diagnose").addEventListener("click", () => {
    asked += 1;
    const state = { ...readForm(), reported: $("reported").value.trim(), narrow: presetChosen };
    panel.removeAttribute("data-stale");
    panel.setAttribute("data-busy", "");
    $("diagnose").disabled = true;
    // Measured in Chromium: with a reported score and every preset searched, about 6 ms a segment (4 s for
    // 1,000 segments, 28 s for 5,000); without one, a tenth of that. Said before a long wait, not after.
    const segments = state.hyp.split("\n").length;
    const seconds = Math.round(segments * (state.reported && !presetChosen ? 0.006 : 0.0006));
    $("diagnose-status").textContent = seconds < 2 ? t("page.diagnosing")
      : t(state.reported && !presetChosen ? "page.diagnosing-search" : "page.diagnosing-segments", { segments, seconds });
    post({ kind: KINDS.DiagnoseMessage, id: asked, state });
  });

  return {
    /** The page's form was rewritten from an address or an example: the preset is no longer the user's pick. */
    reset() { presetChosen = false; },
    /** The input changed: a diagnosis shown is of the input before. */
    stale() { if (panel.innerHTML) panel.setAttribute("data-stale", ""); },
    /** The worker's answer {id, out, ms}. */
    answer({ id, out, ms }) {
      if (id !== asked) return;
      $("diagnose").disabled = false;
      panel.removeAttribute("data-busy");
      panel.setAttribute("data-diagnose-ms", ms.toFixed(0));
      $("diagnose-status").textContent = t("page.diagnose-took", { seconds: (ms / 1000).toFixed(1) });
      if (out.ok) {
        panel.innerHTML = out.html; // escaped in Python
        panel.setAttribute("data-codes", out.codes.join(" "));
        panel.removeAttribute("data-error");
        if (out.receipt) panel.append(receiptLink(out.receipt));
      } else {
        panel.replaceChildren();
        const line = document.createElement("p");
        line.className = "diagnose-error";
        line.textContent = out.error;
        panel.append(line);
        panel.removeAttribute("data-codes");
        panel.setAttribute("data-error", out.error);
      }
    },
  };
}
