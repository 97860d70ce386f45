// The live page's address: written by the address worker (./address-worker.js) once typing pauses, never per
// keystroke; read at the start, where a #z= fragment is inflated by that worker within the page's limit (a link
// past it opens the page on its first example, and says so in one line); and "Copy link".
import { KINDS, LIMITS } from "./schema.js";

const ADDRESS_DELAY_MS = 400; // the address is written this long after the last input

/** The page's address. `readForm()` gives the state to write, `projector()` whether projector mode is on. */
export function setupLink({ $, readForm, projector }) {
  const worker = new Worker(new URL("address-worker.js", import.meta.url), { type: "module" });
  const waiting = new Map(); // version -> resolve, for "Copy link", which waits for the address
  let timer = null;
  let version = 0;
  let reading = null; // resolve of the fragment being read
  let opening = ""; // what the start said of a link it could not open: kept until the user changes the input

  function note(text) {
    $("link-note").textContent = text || opening;
    $("link-note").hidden = !(text || opening);
  }

  function write() {
    version += 1;
    worker.postMessage({ kind: KINDS.WriteAddress, version, path: location.pathname, state: readForm(),
                         projector: projector() });
    return new Promise((resolve) => waiting.set(version, resolve));
  }

  function written({ version: done, address }) {
    for (const [v, resolve] of waiting) if (v <= done) { waiting.delete(v); resolve(); }
    if (done !== version) return; // a newer state is being written
    if (address === null) {
      history.replaceState(null, "", location.pathname);
      note("This input is too large to share in a link, even compressed (browsers keep addresses up to about " +
           "2 MB): share the files instead. The link below opens the page on its first example.");
    } else {
      history.replaceState(null, "", address);
      note(address.includes("#z=") ? "The input is long, so the link holds it compressed after the #, which is " +
           "never sent to the server: any static host opens it." : "");
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
      opening = `This link holds more than the page scores (it inflates past ${LIMITS.characters.toLocaleString("en")} ` +
        "characters), so it was not opened: the page opens on its first example.";
    } else if (problem) {
      opening = "This link's compressed state could not be read: it was cut short. The page opens on its first example.";
    }
    note("");
    $("example-note").textContent = opening; // said on the first screen too, beside the example it opened on
    return query ?? "";
  }

  return {
    start,
    write,
    /** The user changed the input: what the start said of the link it could not open no longer applies. */
    forget() {
      opening = "";
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
        $("copy-link").textContent = "Link copied";
      } catch {
        $("link").select(); // no clipboard access: the link is selected for Ctrl-C
        $("copy-link").textContent = "Press Ctrl-C to copy";
      }
      setTimeout(() => { $("copy-link").textContent = "Copy link"; }, 2000);
    },
  };
}
