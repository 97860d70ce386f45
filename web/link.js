// The live page's address: written by the address worker (./address-worker.js) once typing pauses, never per
// keystroke; read at the start, where a #z= fragment is inflated by that worker within the page's limit (a link
// past it opens the page on its first example, and says so in one line); and "Copy link".
import { addressLang, t } from "./i18n.js";
import { KINDS, LIMITS } from "./schema.js";

const ADDRESS_DELAY_MS = 400; // the address is written this long after the last input

/** The page's address. `readForm()` gives the state to write, `projector()` whether projector mode is on. */
export function setupLink({ $, readForm, projector }) {
  const worker = new Worker(new URL("address-worker.js", import.meta.url), { type: "module" });
  const waiting = new Map(); // version -> resolve, for "Copy link", which waits for the address
  let timer = null;
  let version = 0;
  let reading = null; // resolve of the fragment being read
  let opening = ""; // what the start said of a link it could not open (its message's key and values): kept until
  // the user changes the input
  let said = null; // what the note says now (key and values), so that a switch of language says it again

  function words(told) { return told ? t(told.key, told.values) : ""; }

  function note(told) {
    said = told;
    $("link-note").textContent = words(told) || words(opening);
    $("link-note").hidden = !(told || opening);
  }

  function write() {
    version += 1;
    worker.postMessage({ kind: KINDS.WriteAddress, version, path: location.pathname, state: readForm(),
                         projector: projector(), lang: addressLang() });
    return new Promise((resolve) => waiting.set(version, resolve));
  }

  function written({ version: done, address }) {
    for (const [v, resolve] of waiting) if (v <= done) { waiting.delete(v); resolve(); }
    if (done !== version) return; // a newer state is being written
    if (address === null) {
      history.replaceState(null, "", location.pathname);
      note({ key: "page.link-too-large" });
    } else {
      history.replaceState(null, "", address);
      note(address.includes("#z=") ? { key: "page.link-compressed" } : null);
    }
    $("link").value = location.href;
    $("link").removeAttribute("data-pending");
  }

  worker.onmessage = (event) => {
    if (event.data.kind === KINDS.AddressRead) reading?.(event.data);
    else if (event.data.kind === KINDS.AddressWritten) written(event.data);
  };

  /** The query the page's address holds: a #z= fragment's, inflated by the worker, else the query string's.
   * A fragment that does not inflate, or inflates past the page's limit, gives "" and a note in one line. */
  async function start() {
    if (!location.hash.startsWith("#z=")) return location.search.replace(/^\?/, "");
    const { query, problem } = await new Promise((resolve) => {
      reading = resolve;
      worker.postMessage({ kind: KINDS.ReadAddress, hash: location.hash });
    });
    reading = null;
    if (problem === "too-long") {
      opening = { key: "page.link-too-long", values: { characters: LIMITS.characters.toLocaleString("en") } };
    } else if (problem) {
      opening = { key: "page.link-damaged" };
    }
    note(null);
    $("example-note").textContent = words(opening); // said on the first screen too, beside the example it opened on
    return query ?? "";
  }

  return {
    start,
    write,
    /** The user changed the input: what the start said of the link it could not open no longer applies. */
    forget() {
      opening = "";
    },
    /** The page switched language: the notes, again. */
    retell() {
      note(said);
      if (opening) $("example-note").textContent = words(opening);
    },
    /** Write the address once typing pauses (URL-encoding and compressing a corpus is work). */
    later() {
      $("link").setAttribute("data-pending", "");
      clearTimeout(timer);
      timer = setTimeout(write, ADDRESS_DELAY_MS);
    },
    /** "Copy link": the address written now, then put on the clipboard (or selected, for Ctrl-C). */
    async copy() {
      clearTimeout(timer);
      await write();
      try {
        await navigator.clipboard.writeText($("link").value);
        $("copy-link").textContent = t("page.link-copied");
      } catch {
        $("link").select(); // no clipboard access: the link is selected for Ctrl-C
        $("copy-link").textContent = t("page.press-ctrl-c");
      }
      setTimeout(() => { $("copy-link").textContent = t("page.copy-link"); }, 2000);
    },
  };
}
