"""Every input's limit, in one place: how much a file, a line, a corpus and the live page may hold.

A limit is never a truncation: what is past it is refused at once with one line that names the file (or the
text box), the limit and what to do, before any work is spent on it. The numbers are far above any test set
(WMT's are a few thousand lines of a few hundred characters); they are there so that a wrong file (a binary,
a decompression bomb, a whole book on one line) is refused within seconds, holding no more than the limit in
memory, instead of filling the memory or holding the machine for minutes.

Who reads them:

* :mod:`bleu_explain.data.reading`, the one reader of users' files (the command line, ``bleu-explain
  doctor``, the data loaders, the live page's text boxes): :data:`MAX_FILE_BYTES` (a gzip file's
  decompressed size too, counted as it is decompressed), :data:`MAX_LINE_CHARACTERS`, :data:`MAX_LINES`;
* the live page (:mod:`bleu_explain.display.html.live_state`): :data:`MAX_PAGE_CHARACTERS`, over every box
  together, and :data:`MAX_QUERY_CHARACTERS`, what a shared link's compressed state may inflate to (its address
  worker stops inflating there; the page's JavaScript reads both from the schema the build writes);
* every configuration (:mod:`bleu_explain.engine.config`, on the command line, in Python and on the page):
  :data:`MAX_ORDER`.

>>> MAX_FILE_BYTES // 2**20, f"{MAX_LINES:,}", f"{MAX_LINE_CHARACTERS:,}", f"{MAX_PAGE_CHARACTERS:,}"
(1024, '10,000,000', '1,000,000', '5,000,000')
>>> f"{MAX_QUERY_CHARACTERS:,}", f"{MAX_ORDER:,}"
('5,010,000', '1,000')
"""

from __future__ import annotations

#: The most bytes a file may hold, as read: its size on disk, or, for a ``.gz`` file, what it decompresses to
#: (1 GiB; a corpus is scored in memory, and a file past this is not a test set).
MAX_FILE_BYTES = 2**30
#: The most lines (segments) a file may have.
MAX_LINES = 10_000_000
#: The longest line (characters): a document-level segment is some ten thousand; a line past a million is not
#: a segment (a file without line ends, a binary).
MAX_LINE_CHARACTERS = 1_000_000
#: The longest input the live page scores (characters over the hypotheses and the references together): a guard
#: against a paste that would hold the browser's Python for minutes, not a limit of the engine.
MAX_PAGE_CHARACTERS = 5_000_000
#: The most characters a shared link's compressed state (``#z=``) may inflate to, counted once percent-decoded,
#: as Python counts characters: the texts the page scores (:data:`MAX_PAGE_CHARACTERS`) and room for the names
#: and settings around them (each reference adds five, ``&ref=``). Past it, a small link that would inflate to
#: gigabytes (a "zip bomb") never reaches the page: it opens on its first example and says why.
MAX_QUERY_CHARACTERS = MAX_PAGE_CHARACTERS + 10_000
#: The highest n-gram order a configuration may have. Each order adds a precision to every segment's statistics
#: and a term to the combination, so an order is work even where no segment is that long (the counter itself
#: stops at a segment's length); past this, a typo such as 100000 for 10 is refused at once instead of running
#: for minutes. No sentence-level use comes near it: orders past the longest segment only add zero counts.
MAX_ORDER = 1000


def size_in_words(n_bytes: int) -> str:
    """A limit in bytes as people say it.

    >>> size_in_words(MAX_FILE_BYTES), size_in_words(5 * 2**20), size_in_words(1500)
    ('1 GiB', '5 MiB', '1,500 bytes')
    """
    for unit, size in (("GiB", 2**30), ("MiB", 2**20)):
        if n_bytes >= size and n_bytes % size == 0:
            return f"{n_bytes // size} {unit}"
    return f"{n_bytes:,} bytes"
