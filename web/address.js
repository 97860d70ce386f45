// The page's address: the whole state in the query (?preset=...&hyp=...&ref=...) while it is short, and deflated
// into the fragment (#z=...) once it is long. A fragment never reaches the server, so a static server cannot
// answer 414 (URI too long) however large the corpus; browsers keep addresses up to about 2 MB, and a state
// that does not fit even compressed is said plainly instead of being cut.

/** The settings a state may override, as the address names them. */
export const SETTINGS = ["tokenize", "lowercase", "smooth", "smooth_value", "max_order", "weights", "effective_order"];

/** The query string of a state (the form's values; only what differs from the defaults). */
export function toQuery(state, projector = false) {
  const q = new URLSearchParams();
  q.append("preset", state.preset);
  q.append("hyp", state.hyp);
  if (state.hyp2) q.append("hyp2", state.hyp2);
  for (const r of state.ref) q.append("ref", r);
  for (const name of SETTINGS) if (state[name] !== "") q.append(name, state[name]);
  if (state.compare) q.append("compare", state.compare);
  if (state.segment && state.segment !== "1") q.append("segment", state.segment);
  if (projector) q.append("projector", "1");
  return q.toString();
}

/** Queries up to this many characters stay readable in the query string. */
export const QUERY_LIMIT = 2000;
/** Past this many characters an address is not kept by every browser (Chromium's limit is 2 MB). */
export const ADDRESS_LIMIT = 2_000_000;

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

async function piped(bytes, transform) {
  return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(transform)).arrayBuffer());
}

/** The address (path plus query or fragment) that holds `query`, or null when even compressed it is too long. */
export async function addressFor(path, query) {
  if (query.length <= QUERY_LIMIT) return `${path}?${query}`;
  const packed = toBase64Url(await piped(new TextEncoder().encode(query), new CompressionStream("deflate-raw")));
  const address = `${path}#z=${packed}`;
  return address.length <= ADDRESS_LIMIT ? address : null;
}

/** The query an address holds: its fragment's, inflated, if it has one; else its query string. */
export async function queryOf(location) {
  if (location.hash.startsWith("#z=")) {
    const bytes = await piped(fromBase64Url(location.hash.slice(3)), new DecompressionStream("deflate-raw"));
    return new TextDecoder().decode(bytes);
  }
  return location.search.replace(/^\?/, "");
}
