// Files loaded into the live page's boxes, read as the command line reads them.

/** The text of `file` (the hypothesis or a reference file): UTF-8, a byte order mark kept as sacreBLEU keeps it;
 * null when it is not UTF-8, after `refuse(message)` with the command line's message. */
export async function readText(file, what, refuse) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    // the line of the first undecodable byte, as the command line reports it (the first replacement character
    // of a lenient decoding is where the strict one failed)
    const lenient = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    const line = lenient.slice(0, lenient.indexOf("\uFFFD")).split("\n").length;
    refuse(`bleu-explain: error: ${what} file '${file.name}' is not valid utf-8: undecodable byte at line ${line}`);
    return null;
  }
}
