// Files loaded into the live page's boxes, read as the command line reads them.
import { t } from "./i18n.js";

/** Say which files `input` holds, in the element beside its button (the file names, as the user chose them). */
export function showChosen(input, chosen) {
  if (!input.files.length) return;
  delete chosen.dataset.i18n; // names, not a message: the same in every language
  chosen.textContent = [...input.files].map((file) => file.name).join(", ");
}

/** The text of `file` (the hypothesis or a reference file: `what` is "hypothesis" or "reference"): UTF-8, a byte
 * order mark kept as sacreBLEU keeps it; null when it is not UTF-8, after `refuse(message)` with the command line's
 * message (in the page's language). */
export async function readText(file, what, refuse) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    // the line of the first undecodable byte, as the command line reports it (the first replacement character
    // of a lenient decoding is where the strict one failed)
    const lenient = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    const line = lenient.slice(0, lenient.indexOf("\uFFFD")).split("\n").length;
    refuse(t("page.file-not-utf8", { what: t(what === "hypothesis" ? "page.hypothesis" : "page.reference-file"),
                                     name: file.name, line }));
    return null;
  }
}
