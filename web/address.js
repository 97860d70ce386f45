// The page's address: the whole state in the query (?preset=...&hyp=...&ref=...) while it is short, and deflated
// into the fragment (#z=...) once it is long. A fragment never reaches the server, so a static server cannot
// answer 414 (URI too long) however large the corpus; browsers keep addresses up to about 2 MB, and a state
// that does not fit even compressed is said plainly instead of being cut. A fragment is inflated (in the
// address worker, ./address-worker.js) only up to what the page scores: a small link that would inflate to
// gigabytes stops there and never reaches the page.
import { LIMITS, SETTINGS } from "./schema.js";

export { SETTINGS };

/** The query string of a state (the form's values; only what differs from the defaults), with the page's language
 * (`lang`, when there is one to keep: i18n.js addressLang). */
export function toQuery(state, projector = false, lang = "") {
  const q = new URLSearchParams();
  q.append("preset", state.preset);
  q.append("hyp", state.hyp);
  if (state.hyp2) q.append("hyp2", state.hyp2);
  for (const r of state.ref) q.append("ref", r);
  for (const name of SETTINGS) if (state[name] !== "") q.append(name, state[name]);
  if (state.compare) q.append("compare", state.compare);
  if (state.segment && state.segment !== "1") q.append("segment", state.segment);
  if (projector) q.append("projector", "1");
  if (lang) q.append("lang", lang);
  return q.toString();
}

/** Queries up to this many characters stay readable in the query string. */
export const QUERY_LIMIT = 2000;
/** Past this many characters an address is not kept by every browser (Chromium's limit is 2 MB). */
export const ADDRESS_LIMIT = 2_000_000;
/** The most characters a #z= fragment may inflate to, counted once percent-decoded as Python counts them (code
 * points): the page's state limit and room for the names around it (engine.limits.MAX_QUERY_CHARACTERS, through the schema the build writes). */
export const INFLATED_LIMIT = LIMITS.queryCharacters;

function toBase64Url(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const HEX = new Int8Array(256).fill(-1);
for (const [i, c] of [..."0123456789abcdef"].entries()) {
  HEX[c.charCodeAt(0)] = i;
  HEX[c.toUpperCase().charCodeAt(0)] = i;
}

/** Counts, as the bytes of a query string arrive, the characters it holds once percent-decoded: one for each
 * ASCII byte ("+" is a space) and one for each UTF-8 character written as %XX bytes (a byte that continues no
 * character counts as the one replacement character it decodes to). */
export class DecodedLength {
  constructor() {
    this.characters = 0;
    this.hex = -1; // -1: not in a %XX; else the digits' value so far (16 + first digit after one)
    this.continuing = 0; // continuation bytes the current UTF-8 character still takes
  }

  add(bytes) {
    for (const b of bytes) {
      if (this.hex === -1) {
        if (b === 0x25) this.hex = 0; // "%"
        else this.byte(b);
      } else if (HEX[b] < 0) { // not a %XX after all: "%" and a digit are plain characters
        this.byte(0x25);
        if (this.hex >= 16) this.byte(0x30);
        this.hex = b === 0x25 ? 0 : -1;
        if (b !== 0x25) this.byte(b);
      } else if (this.hex === 0) {
        this.hex = 16 + HEX[b];
      } else {
        this.byte(((this.hex - 16) << 4) | HEX[b]);
        this.hex = -1;
      }
    }
    return this.characters;
  }

  byte(b) { // one decoded byte
    if (this.continuing > 0 && (b & 0xc0) === 0x80) {
      this.continuing -= 1;
      return;
    }
    this.characters += 1;
    this.continuing = b >= 0xf0 ? 3 : b >= 0xe0 ? 2 : b >= 0xc0 ? 1 : 0;
  }
}

async function piped(bytes, transform) {
  return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(transform)).arrayBuffer());
}

/** The address (path plus query or fragment) that holds `query`, or null when it is too long to share: longer
 * than a fragment may inflate to, or, compressed, than an address may be. */
export async function addressFor(path, query) {
  if (query.length <= QUERY_LIMIT) return `${path}?${query}`;
  const bytes = new TextEncoder().encode(query);
  if (new DecodedLength().add(bytes) > INFLATED_LIMIT) return null;
  const packed = toBase64Url(await piped(bytes, new CompressionStream("deflate-raw")));
  const address = `${path}#z=${packed}`;
  return address.length <= ADDRESS_LIMIT ? address : null;
}

/** Compressed bytes handed to the inflater at a time: deflate inflates a byte to at most about a thousand, so
 * no step makes more than a megabyte before the count below can stop it. */
const SLICE = 1024;

/** The query a `#z=` fragment holds, inflated as it streams and stopped at INFLATED_LIMIT characters:
 * {query} or {query: null, problem: "too-long" | "damaged"}. */
export async function inflated(hash) {
  let bytes;
  try {
    bytes = fromBase64Url(hash.replace(/^#z=/, ""));
  } catch {
    return { query: null, problem: "damaged" };
  }
  const stream = new DecompressionStream("deflate-raw");
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  (async () => { // fed a slice at a time, as the reader below takes the output (the stream's backpressure)
    for (let i = 0; i < bytes.length; i += SLICE) {
      await writer.ready;
      await writer.write(bytes.subarray(i, i + SLICE));
    }
    await writer.close();
  })().catch(() => {}); // a damaged stream, or one cancelled below: the reader says which
  const length = new DecodedLength();
  const chunks = [];
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (length.add(value) > INFLATED_LIMIT) {
        await reader.cancel();
        return { query: null, problem: "too-long" };
      }
      chunks.push(value);
    }
  } catch {
    return { query: null, problem: "damaged" }; // cut short, or not deflate at all
  }
  return { query: new TextDecoder().decode(await new Blob(chunks).arrayBuffer()), problem: "" };
}
