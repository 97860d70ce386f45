// The live page's result, as the worker's Python wrote it (live_schema.Rendered or Refused): each piece of HTML
// into its element (escaped in Python), the score, the error and the segment count in the result's attributes
// (the tests and the benchmark read them), and a token's counts below the sentence when it is tapped or reached.
import { t } from "./i18n.js";
import { PIECES } from "./schema.js";

/** Show one answer `out` in the page. */
export function show($, out) {
  const result = $("result");
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
  $("highlight-title").textContent = t(two ? "page.candidate-1-highlighted" : "page.candidate-highlighted");
  result.toggleAttribute("data-two", two);
  for (const suffix of ["", "-2"]) $(`token-counts${suffix}`).textContent = t("page.tap-a-token");
  if (out.ok) {
    result.setAttribute("data-bleu-score", out.score_repr);
    result.setAttribute("data-recomputed", String(out.recomputed)); // segments scored afresh for this result
    result.removeAttribute("data-bleu-error");
    $("segment-picker").hidden = out.segments < 2;
    $("segment").max = String(out.segments);
    $("segment-count").textContent = t("page.of-segments", { n: out.segments });
  } else {
    result.removeAttribute("data-bleu-score");
    result.setAttribute("data-bleu-error", out.error);
  }
}

/** A token's counts (its title) in words below the sentence: reachable by keyboard (focus) and touch (tap). */
export function showTokenCounts(event) {
  const token = event.target.closest("[data-token]");
  if (!token) return;
  const column = token.closest(".candidate-result");
  column.querySelector(".token-counts").textContent = token.title;
}
