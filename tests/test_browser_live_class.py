"""The live page in class, in Chromium: what a lecturer projects and sends works, and every number on it is the
Python API's (bx.explain, bx.explain_corpus, sacrebleu.sentence_bleu).

The page is built and served as in tests/test_browser_live.py (its fixtures: Pyodide from npm, the site on
127.0.0.1, Chromium kept on this machine, every request recorded). Screenshots go to test-artifacts/.
"""

from __future__ import annotations

import math
import statistics
import urllib.error
import urllib.request
from urllib.parse import urlparse

import pytest
from browser_support import RequestLog
from live_corpora import live_corpus
from test_browser_live import (  # noqa: F401  (the fixtures: pytest finds them here)
    ADDRESSED,
    ARTIFACTS,
    SETTLED,
    browser,
    pyodide,
    site,
)

import bleu_explain as bx
from bleu_explain.api import explain_corpus_with_config
from bleu_explain.data.pathologies import PATHOLOGIES
from bleu_explain.display.html.live import example_states
from bleu_explain.display.html.live_state import LiveState
from bleu_explain.engine.steps import same_numbers

pytestmark = [pytest.mark.browser]

EXAMPLE_1 = [p for p in PATHOLOGIES if p.name.startswith("Example 1, candidate")]
#: Every element of the result that shows text, with its computed type size in px.
TYPE_SIZES = """() => [...document.querySelectorAll('#result *')].filter(e => e.offsetParent !== null &&
  [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())).map(e =>
  [e.tagName, e.textContent.trim().slice(0, 30), parseFloat(getComputedStyle(e).fontSize)])"""


def close(a: str | None, b: float) -> bool:
    """The page's score (Python 3.14 in the page) within 1e-12 of this interpreter's (see test_browser_live.py)."""
    return a is not None and math.isclose(float(a), b, rel_tol=1e-12, abs_tol=1e-12)


@pytest.fixture
def open_page(browser, site):  # noqa: F811  (the imported fixtures)
    """Open the live page at an address (with a viewport, touch, the browser's language) and wait for its result; pages are checked for
    script errors and every request for staying on this machine."""
    opened = []

    def go(address: str = "", *, width: int = 1280, height: int = 720, touch: bool = False,
           locale: str = "en-US"):
        context = browser.new_context(viewport={"width": width, "height": height}, has_touch=touch, locale=locale)
        log = RequestLog().attach(context)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"{site}/live.html{address}", timeout=120_000)
        page.wait_for_function(SETTLED, timeout=120_000)
        opened.append((context, log, errors))
        return page

    yield go
    for context, log, errors in opened:
        assert not errors, errors
        log.assert_all_local()
        context.close()


def example_1_scores() -> tuple[float, float]:
    refs = list(EXAMPLE_1[0].references)
    return tuple(bx.explain_corpus([p.candidate], [refs], preset="paper").score for p in EXAMPLE_1)  # type: ignore


def test_a_first_visit_opens_on_the_papers_example_1_scored_with_no_error(open_page):
    page = open_page("")
    assert page.is_hidden("#error") and page.get_attribute("#result", "data-bleu-error") is None
    one, two = example_1_scores()
    assert close(page.get_attribute("#result", "data-bleu-score"), one)
    assert close(page.get_attribute('[data-bleu-score][data-candidate="1"]', "data-bleu-score"), one)
    assert close(page.get_attribute('[data-bleu-score][data-candidate="2"]', "data-bleu-score"), two)
    assert page.eval_on_selector("#example", "s => s.selectedOptions[0].textContent").startswith("Example 1")
    # the progress bar showed Pyodide's bytes as they came, and is gone once Python is ready
    loaded = int(page.get_attribute("#load-progress", "data-loaded-bytes"))
    assert loaded > 5_000_000 and page.is_hidden("#load-progress")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "live-first-visit.png"))


def test_projector_mode_by_address_and_by_button_sets_the_result_in_large_type(open_page):
    page = open_page("?projector=1")
    sizes = page.evaluate(TYPE_SIZES)
    assert len(sizes) > 30 and min(size for *_, size in sizes) >= 18, [s for s in sizes if s[2] < 18][:5]
    page.screenshot(path=str(ARTIFACTS / "live-projector.png"))
    page = open_page("")
    assert min(size for *_, size in page.evaluate(TYPE_SIZES)) < 18
    page.click("#projector")
    assert page.get_attribute("#projector", "aria-pressed") == "true"
    assert min(size for *_, size in page.evaluate(TYPE_SIZES)) >= 18
    page.wait_for_function(ADDRESSED)
    assert "projector=1" in page.url


@pytest.mark.parametrize("address", ["", "?" + LiveState(hypothesis="The cat sat on the mat.",
                                                          references=("The cat is on the mat.",)).to_query()])
def test_on_a_phone_nothing_scrolls_sideways_and_a_shared_link_shows_its_score_first(open_page, address):
    page = open_page(address, width=390, height=844)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
    box = page.query_selector(".bleu-score").bounding_box()
    assert box is not None and box["y"] + box["height"] <= 844
    # the signature wraps between its fields, never inside one (not even at its hyphens)
    assert page.eval_on_selector_all(".bleu-signature span", "ss => ss.every(s => s.getClientRects().length === 1)")
    page.screenshot(path=str(ARTIFACTS / f"live-phone{'-link' if address else ''}.png"))


def test_two_candidates_side_by_side_with_the_differing_steps_marked(open_page):
    refs = ("the cat is on the mat", "there is a cat on the mat")
    c1, c2 = "the cat is on the mat today", "the the cat sat on a mat"
    page = open_page("?" + LiveState(hypothesis=c1, hypothesis2=c2, references=refs).to_query())
    one, two = (bx.explain(c, list(refs)) for c in (c1, c2))
    assert close(page.get_attribute('[data-bleu-score][data-candidate="1"]', "data-bleu-score"), one.score)
    assert close(page.get_attribute('[data-bleu-score][data-candidate="2"]', "data-bleu-score"), two.score)
    differ = sorted(a.name for a, b in zip(one.steps(), two.steps()) if not same_numbers(a, b))
    for steps in ("#steps", "#steps-2"):
        assert len(page.query_selector_all(f"{steps} li[data-step]")) == len(one.steps())
        marked = page.eval_on_selector_all(f"{steps} li[data-differs]", "ls => ls.map(l => l.dataset.step)")
        assert sorted(marked) == differ
    # the control: a second candidate added by hand is scored beside the first
    page = open_page("?" + LiveState(hypothesis=c1, references=refs).to_query())
    assert page.is_hidden("#candidate-2")
    page.click("#add-candidate-2")
    page.fill("#hyp2", c2)
    page.wait_for_function(SETTLED)
    page.wait_for_selector('[data-bleu-score][data-candidate="2"]')
    assert close(page.get_attribute('[data-bleu-score][data-candidate="2"]', "data-bleu-score"), two.score)
    page.wait_for_function(ADDRESSED)
    assert LiveState.from_query(urlparse(page.url).query).hypothesis2 == c2


def test_a_1000_line_corpus_link_reopens_from_a_static_server(open_page, site):  # noqa: F811
    hyps, streams, _ = live_corpus(1000)
    state = LiveState(hypothesis="\n".join(hyps), references=tuple("\n".join(s) for s in streams))
    query = state.to_query()
    with pytest.raises(urllib.error.HTTPError) as refused:  # as a query, the server refuses the address
        urllib.request.urlopen(f"{site}/live.html?{query}", timeout=60)
    assert refused.value.code == 414
    page = open_page("")
    page.evaluate("q => window.bleuLive.show(q)", query)
    page.wait_for_function(SETTLED, timeout=120_000)
    page.wait_for_function(ADDRESSED, timeout=60_000)
    link = page.input_value("#link")
    assert "#z=" in link and len(link) < len(query) / 2  # deflated into the fragment, which no server sees
    with urllib.request.urlopen(link.split("#")[0], timeout=60) as answer:
        assert answer.status == 200
    want = bx.explain_corpus(hyps, [list(r) for r in zip(*streams)]).score
    again = open_page(urlparse(link)._replace(scheme="", netloc="").geturl().removeprefix("/live.html"))
    assert close(again.get_attribute("#result", "data-bleu-score"), want)
    assert again.input_value("#hyp") == state.hypothesis


def bomb(characters: int) -> str:
    """A ``#z=`` fragment whose query (a candidate of ``characters`` letters, rounded to megabytes) deflates to
    about a thousandth: each megabyte is one flushed block of raw deflate (as the page's CompressionStream
    writes), the same bytes each time, so even gigabytes are made at once."""
    import base64
    import zlib

    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    head = packer.compress(b"preset=sacrebleu&ref=a&hyp=") + packer.flush(zlib.Z_FULL_FLUSH)
    block = packer.compress(b"a" * 1_000_000) + packer.flush(zlib.Z_FULL_FLUSH)  # the window starts afresh after it
    packed = head + block * (characters // 1_000_000) + packer.flush()
    return "#z=" + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def test_a_bomb_inflates_to_what_it_says():
    import base64
    import zlib

    fragment = bomb(20_000_000)
    query = zlib.decompress(base64.urlsafe_b64decode(fragment[3:] + "=" * (-len(fragment[3:]) % 4)), -15)
    assert len(query) == 20_000_000 + len("preset=sacrebleu&ref=a&hyp=") and query.endswith(b"a" * 1000)
    assert len(fragment) < 30_000


@pytest.mark.parametrize("characters", [20_000_000, 1_500_000_000], ids=["20MB", "1.5GB"])
def test_a_link_that_inflates_past_what_the_page_scores_opens_it_on_its_first_example(open_page, characters):
    """A small link that inflates to megabytes, or (at the page's own 2 MB address limit) to gigabytes, which
    crashed the tab when the page's thread inflated it whole: the address worker stops at what the page scores,
    and the page opens on Example 1, alive, saying so in one line."""
    fragment = bomb(characters)
    assert len(fragment) < (30_000 if characters < 10**8 else 2_000_000)  # (the page's own address limit: 2 MB)
    page = open_page(fragment)
    assert page.get_attribute("#result", "data-bleu-score") == repr(example_1_scores()[0])
    said = ("This link holds more than the page scores (it inflates past 5,000,000 characters), so it was not "
            "opened: the page opens on its first example.")
    assert page.is_visible("#link-note") and page.inner_text("#link-note") == said
    assert page.input_value("#example") == "0" and page.inner_text("#example-note") == said  # on the first screen
    page.wait_for_function(ADDRESSED)  # the address is the example's now, and the note stays
    assert "#z=" not in page.url and page.is_visible("#link-note")
    page.fill("#hyp", "the cat")  # the page works on, and the note goes with the user's first change
    page.wait_for_function(SETTLED)
    page.wait_for_function(ADDRESSED)
    assert page.is_hidden("#link-note")


def test_the_fragments_length_is_counted_as_python_counts_it(open_page):
    from urllib.parse import unquote_plus

    page = open_page("")
    queries = ["hyp=abc", "hyp=%E4%B8%AD%E6%96%87&ref=%F0%9F%98%80x+y", "a%zzb", "%80%80%80", "x%E4%B8", "%41%42"]
    counted = page.evaluate("""async (queries) => { const { DecodedLength } = await import('./live/address.js');
        return queries.map((q) => new DecodedLength().add(new TextEncoder().encode(q))); }""", queries)
    assert counted == [len(unquote_plus(q, errors="replace")) for q in queries]


def test_a_keystroke_on_a_5000_segment_corpus_rescoring_only_what_changed(open_page):
    hyps, streams, described = live_corpus(5000)
    state = LiveState(hypothesis="\n".join(hyps), references=tuple("\n".join(s) for s in streams))
    page = open_page("")
    page.evaluate("q => window.bleuLive.show(q)", state.to_query())
    page.wait_for_function(SETTLED, timeout=180_000)
    times = []
    for k in range(8):
        line = 500 + 577 * k
        page.evaluate("""(line) => { const hyp = document.getElementById('hyp');
          const at = hyp.value.split('\\n').slice(0, line + 1).join('\\n').length;
          hyp.focus(); hyp.setSelectionRange(at, at); }""", line)
        page.keyboard.type("x")  # a real keystroke, at the end of that line
        page.wait_for_function(SETTLED, timeout=60_000)
        assert page.get_attribute("#result", "data-recomputed") == "1"
        times.append(float(page.get_attribute("#result", "data-rescore-ms")))
        hyps[line] += "x"
    want = bx.explain_corpus(hyps, [list(r) for r in zip(*streams)]).score
    assert close(page.get_attribute("#result", "data-bleu-score"), want)
    # The speed target (<= 100 ms from the key to the result) is measured by benchmarks/bench_live.py against
    # sacreBLEU in the same run, not asserted here: a busy machine would fail it for nothing the code did.
    print(f"keystroke to result on {described}: median {statistics.median(times):.0f} ms, best {min(times):.0f} ms")


def test_one_segment_under_sacrebleu_also_shows_sentence_bleu_and_why(open_page):
    import sacrebleu

    hyp, refs = "the cat sat", ["the cat sat on the mat", "a cat sat there"]
    page = open_page("?" + LiveState(hypothesis=hyp, references=tuple(refs)).to_query())
    shown = page.get_attribute(".bleu-sentence-bleu", "data-sentence-bleu")
    assert close(shown, sacrebleu.sentence_bleu(hyp, refs).score) and float(shown) > 0
    assert close(page.get_attribute("#result", "data-bleu-score"), sacrebleu.BLEU().corpus_score([hyp], [[r] for r in refs]).score)
    words = page.inner_text(".bleu-sentence-bleu")
    assert "effective order" in words and "3 tokens" in words


def test_the_example_menu_steps_with_the_arrow_keys_and_keeps_the_name(open_page):
    examples = example_states()
    page = open_page("")
    page.focus("#example")
    for k in (1, 2):
        page.keyboard.press("ArrowDown")
        page.wait_for_function(SETTLED)
        state = LiveState.from_query(examples[k]["query"])
        assert page.input_value("#hyp") == state.hypothesis
        assert page.eval_on_selector("#example", "s => s.selectedOptions[0].textContent").startswith(examples[k]["name"])
        # under the example's own settings (the Chinese pair names sacreBLEU's zh tokenizer, not only its preset)
        assert close(page.get_attribute("#result", "data-bleu-score"),
                     explain_corpus_with_config([state.hypothesis], [list(state.references)], state.config()).score)


def test_right_to_left_text_reads_right_to_left(open_page):
    hyp, ref = "القطة جلست على السجادة", "القطة على السجادة"
    page = open_page("?" + LiveState(hypothesis=hyp, references=(ref,)).to_query())
    assert close(page.get_attribute("#result", "data-bleu-score"), bx.explain(hyp, [ref]).score)
    assert page.eval_on_selector("#hyp", "e => getComputedStyle(e).direction") == "rtl"
    xs = page.eval_on_selector("#highlight div[dir=auto]",  # the candidate's row of tokens
                               "row => [...row.querySelectorAll('[data-token]')].map(t => t.getBoundingClientRect().x)")
    assert len(xs) == 4 and xs == sorted(xs, reverse=True)  # the first token at the right


def test_per_token_counts_by_keyboard_and_by_touch(open_page):
    page = open_page("?" + LiveState(preset="paper", hypothesis="the the the the the the the.",
                                     references=("The cat is on the mat.",)).to_query(), touch=True)
    page.focus("#copy-link")
    for _ in range(12):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.closest('#highlight [data-token]') !== null"):
            break
    title = page.evaluate("document.activeElement.title")
    assert "max-ref count" in title and page.inner_text("#token-counts") == title
    page.tap('#highlight [data-token="2"]')
    third = page.get_attribute('#highlight [data-token="2"]', "title")
    assert page.inner_text("#token-counts") == third and "clipped away (beyond the max-ref count)" in third


def test_corpus_mode_labels_the_corpus_and_the_segment(open_page):
    state = LiveState(hypothesis="the cat sat\na dog ran", references=("the cat sat down\nthe dog ran",), segment=2)
    page = open_page("?" + state.to_query())
    assert page.inner_text(".bleu-summary .bleu-score").startswith("Corpus BLEU = ")
    segment = page.inner_text("#highlight [data-score]")
    assert segment.startswith("Segment 2 of 2: this segment's sentence BLEU = ")
    assert close(page.get_attribute("#highlight [data-score]", "data-score"), bx.explain("a dog ran", ["the dog ran"]).score)


def test_the_compare_sentence_names_the_steps_by_their_titles(open_page):
    state = LiveState(hypothesis="the cat sat", references=("the cat sat on the mat",), compare="nltk")
    page = open_page("?" + state.to_query())
    step = page.get_attribute(".bleu-compare", "data-first-divergence")
    title = next(s.title for s in bx.explain("the cat sat", ["the cat sat on the mat"]).steps() if s.name == step)
    assert page.inner_text(".bleu-compare p:nth-of-type(2) b") == title


@pytest.mark.parametrize("address, named", [("preset=nope", "unknown preset 'nope'"),
                                             ("compare=nope", "compare: unknown preset 'nope'"),
                                             ("segment=9", "segment must be a whole number from 1 to 1, got 9"),
                                             ("segment=0", "segment must be a whole number from 1, got '0'")])
def test_a_bad_value_in_the_address_is_said_in_one_line(open_page, address, named):
    page = open_page(f"?hyp=a+b&ref=a+b&{address}")
    error = page.inner_text("#error")
    assert error.startswith("bleu-explain: error: ") and named in error and "\n" not in error.strip()


def test_remove_buttons_say_which_reference_they_remove(open_page):
    page = open_page("?" + LiveState(hypothesis="a b", references=("a b", "b a")).to_query())
    assert page.eval_on_selector_all(".remove-reference:not([hidden])", "bs => bs.map(b => b.textContent)")[-2:] == [
        "Remove reference 1", "Remove reference 2"]
    page.click("text=Remove reference 1")
    page.wait_for_function(SETTLED)
    assert [a.input_value() for a in page.query_selector_all("#references textarea")] == ["b a"]
    assert close(page.get_attribute("#result", "data-bleu-score"), bx.explain("a b", ["b a"]).score)
