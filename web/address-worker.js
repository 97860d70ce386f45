// The live page's address, off the page's thread. Writing: for a corpus, URL-encoding and compressing megabytes
// of text takes long enough to be felt while typing. Reading: a #z= fragment is inflated here, as it streams,
// and only up to what the page scores, so that a small link that would inflate to gigabytes never holds the
// page. The messages are live_schema's WriteAddress -> AddressWritten and ReadAddress -> AddressRead.
import { addressFor, inflated, toQuery } from "./address.js";
import { KINDS } from "./schema.js";

self.onmessage = async (event) => {
  const message = event.data;
  if (message.kind === KINDS.ReadAddress) {
    postMessage({ kind: KINDS.AddressRead, ...(await inflated(message.hash)) });
    return;
  }
  const { version, path, state, projector, lang } = message;
  postMessage({ kind: KINDS.AddressWritten, version, address: await addressFor(path, toQuery(state, projector, lang)) });
};
