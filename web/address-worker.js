// Writes the live page's address off the page's thread: for a corpus, URL-encoding and compressing megabytes
// of text takes long enough to be felt while typing. Message {version, path, state, projector} in,
// {version, address} out (address null: too long to keep, even compressed).
import { addressFor, toQuery } from "./address.js";

self.onmessage = async (event) => {
  const { version, path, state, projector } = event.data;
  postMessage({ version, address: await addressFor(path, toQuery(state, projector)) });
};
