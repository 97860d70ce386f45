"""The live page in Chromium: the package's own Python in the browser gives the Python API's scores, exactly.

The page runs Python 3.14 (Pyodide); its exp and log are glibc's (engine.floatmath), so its scores equal CPython's
on Linux x86-64 bit for bit, for CPython >= 3.12: Python 3.12 made ``sum()`` of floats compensated, so 3.11
differs from both in the last digit for some inputs (as sacreBLEU itself differs between those versions). The
expected scores therefore come from the API run by a CPython >= 3.12 on this machine (this one, or python3.12 /
python3.13 found on PATH or under pyenv, running the checkout's package, which needs only the standard library);
the page is also held to this interpreter's scores within 1e-12, whatever its version.

The page is built as ``make site`` builds it (scripts/build_site.py, the live page only) into a scratch
folder and served from 127.0.0.1; Chromium runs with its background services off and names resolving to
this machine only, and every request is recorded: none may leave it. Pyodide comes from npm: the copy
``make site`` fetched (web/node_modules), else ``npm ci`` into a scratch folder; without npm the tests skip
and say so.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import subprocess
import sys
from functools import lru_cache
from pathlib import Path
from urllib.parse import parse_qs, urlencode, urlparse

import pytest
from browser_support import CHROMIUM, RequestLog, launch, running_server

import bleu_explain as bx
from bleu_explain.data.pathologies import PATHOLOGIES
from bleu_explain.display.html.live_state import LiveState, box_lines
from bleu_explain.engine.errors import BleuComputationError, BleuInputError
from bleu_explain.engine.presets import PRESETS
from bleu_explain.engine.validation import corpus_from_streams

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
ARTIFACTS = ROOT / "test-artifacts"
sys.path.insert(0, str(ROOT / "scripts"))
import build_site  # noqa: E402

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed (apt-get install chromium)")]

#: Done: a result or an error is shown for the latest input.
SETTLED = "() => { const r = document.getElementById('result'); return !r.hasAttribute('data-bleu-busy') && " \
          "(r.hasAttribute('data-bleu-score') || r.hasAttribute('data-bleu-error')); }"

#: The address holds the latest input (the page writes it once typing pauses, not on every keystroke).
ADDRESSED = "() => !document.getElementById('link').hasAttribute('data-pending')"

FOUR_REFS = ("The cat is on the mat.", "There is a cat on the mat.", "A cat sits on the mat.", "On the mat is a cat.")

#: Inputs beyond the pathology catalogue: Unicode, HTML in the text, CJK, an empty candidate, four references,
#: corpora of several segments, white space of every kind.
INPUTS: list[tuple[str, tuple[str, ...]]] = [
    ("The cat sat on the mat.", ("The cat is on the mat.",)),
    ("", ("The cat is on the mat.",)),
    ("", FOUR_REFS),
    ("the cat the cat on the mat", FOUR_REFS),
    ("A cat is on the mat.", FOUR_REFS),
    ("<b>The cat</b> &amp; the <i>mat</i> &lt;3", ("<b>The cat</b> & the mat <3", "the cat &amp; the mat")),
    ("<script>alert('x')</script> on the mat", ("the cat is on the mat",)),
    ("Die Katze saß auf der Matte — „schön“.", ("Die Katze sitzt auf der Matte.", "Eine Katze saß auf der Matte.")),
    ("ÉCOLE École école naïve façade", ("école naïve façade", "ÉCOLE NAÏVE")),
    ("猫坐在垫子上。", ("猫在垫子上。", "一只猫坐在垫子上。")),
    ("这是 一个 测试 句子", ("这是 一个 测试", "这 是 一个 句子")),
    ("日本語の文です。", ("日本語の文です。",)),
    ("Emoji 😀 and 👍🏽 flags 🇩🇪", ("Emoji 😀 and flags 🇩🇪",)),
    ("tab\tand\u00a0no-break\u2009thin\u3000ideographic", ("tab and no-break thin ideographic",)),
    ("field\x1fseparator and\u200bzero width", ("field separator and zero width",)),
    ("It's 3.5 e-mails, 1995-2005 (more).", ("It is 3.5 e-mails, 1995 - 2005 (more).",)),
    ("a b c d e f g h", ("a b c d e f g h",)),
    ("the cat\nthe dog\nthe bird", ("the cat sat\nthe dog ran\nthe bird flew", "a cat\na dog\na bird")),
    ("x\ny\n", ("x y\ny x\n",)),
    ("one line only", ("one line only", "", "one")),
]


def cases() -> list[LiveState]:
    states = [LiveState(preset=p.preset, hypothesis=p.candidate, references=p.references) for p in PATHOLOGIES]
    states += [LiveState(hypothesis=h, references=r) for h, r in INPUTS]
    return states


def expected_here(state: LiveState) -> str:
    """What the Python API gives for a state in this interpreter: repr of the corpus score, or the command line's
    message."""
    try:
        candidates, references = corpus_from_streams(box_lines(state.hypothesis),
                                                     [box_lines(r) for r in state.references if r != ""],
                                                     [str(k) for k, r in enumerate(state.references, 1) if r != ""])
        return repr(bx.explain_corpus(candidates, references, preset=state.preset, **state.settings()).score)
    except (BleuInputError, BleuComputationError) as exc:
        return f"bleu-explain: error: {exc}"


#: The same computation, for a list of queries, run by another interpreter (prints a JSON list).
EXPECTED_SCRIPT = """
import json, sys
sys.path.insert(0, sys.argv[1])
import bleu_explain as bx
from bleu_explain.display.html.live_state import LiveState, box_lines
from bleu_explain.engine.errors import BleuComputationError, BleuInputError
from bleu_explain.engine.validation import corpus_from_streams
out = []
for query in json.load(sys.stdin):
    state = LiveState.from_query(query)
    try:
        c, r = corpus_from_streams(box_lines(state.hypothesis), [box_lines(x) for x in state.references if x != ""],
                                   [str(k) for k, x in enumerate(state.references, 1) if x != ""])
        out.append(repr(bx.explain_corpus(c, r, preset=state.preset, **state.settings()).score))
    except (BleuInputError, BleuComputationError) as exc:
        out.append(f"bleu-explain: error: {exc}")
print(json.dumps(out))
"""


@lru_cache(maxsize=1)
def python_312() -> str | None:
    """A CPython >= 3.12 on this machine (the one running the tests if it is one), or None."""
    if sys.version_info >= (3, 12):
        return sys.executable
    candidates = [shutil.which(f"python3.{minor}") for minor in (12, 13, 14)]
    pyenv = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
    candidates += sorted(str(p) for p in pyenv.glob("3.1[2-9]*/bin/python"))
    for exe in filter(None, candidates):
        run = subprocess.run([exe, "-c", "import sys; print(sys.version_info >= (3, 12))"], capture_output=True, text=True)
        if run.returncode == 0 and run.stdout.strip() == "True":
            return exe
    return None


def expected(states: list[LiveState]) -> list[str]:
    """What the Python API gives for each state on CPython >= 3.12 (see the module's docstring)."""
    exe = python_312()
    if exe is None:
        pytest.skip("no CPython >= 3.12 on this machine: the page's Python sums floats as 3.12+ does, so its scores "
                    "are compared bit for bit with such an interpreter (pyenv install 3.12, or python3.12 on PATH)")
    if exe == sys.executable:
        return [expected_here(s) for s in states]
    run = subprocess.run([exe, "-c", EXPECTED_SCRIPT, str(ROOT)], input=json.dumps([s.to_query() for s in states]),
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def close_to_here(got: str, state: LiveState) -> bool:
    """The page's score within 1e-12 (relative) of this interpreter's, or the same message."""
    here = expected_here(state)
    if got == here:
        return True
    try:
        return math.isclose(float(got), float(here), rel_tol=1e-12, abs_tol=1e-12)
    except ValueError:
        return False


@pytest.fixture(scope="module")
def pyodide(tmp_path_factory) -> Path:
    """Pyodide from npm: the copy `make site` fetched, else `npm ci` into a scratch folder."""
    if all((build_site.PYODIDE / f).is_file() for f in build_site.PYODIDE_FILES):
        return build_site.PYODIDE
    npm = shutil.which("npm")
    if npm is None:
        pytest.skip("npm is not installed (apt-get install npm): the live page's Pyodide comes from npm")
    work = tmp_path_factory.mktemp("npm")
    for name in ("package.json", "package-lock.json"):
        shutil.copyfile(WEB / name, work / name)
    run = subprocess.run([npm, *build_site.NPM_COMMAND.split()[1:]], cwd=work, capture_output=True, text=True,
                         timeout=900)
    if run.returncode != 0:
        last = (run.stderr.strip().splitlines() or ["no message"])[-1]
        pytest.skip(f"npm could not fetch Pyodide (is the npm registry reachable?): {last}")
    return work / "node_modules" / "pyodide"


@pytest.fixture(scope="module")
def site(pyodide, tmp_path_factory):
    out = tmp_path_factory.mktemp("site")
    build_site.build_live(out, pyodide=pyodide)
    (out / "index.html").write_text("<!DOCTYPE html><title>index</title>", encoding="utf-8")
    with running_server(lambda port: [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
                        "/live.html", out, tmp_path_factory.mktemp("log") / "http.log", timeout=60) as server:
        yield server.url


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = launch(p)
        yield chromium
        chromium.close()


@pytest.fixture
def live(browser, site):
    """The live page, loaded and ready, with its requests recorded."""
    context = browser.new_context()
    log = RequestLog().attach(context)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{site}/live.html?preset=sacrebleu&hyp=The+cat+sat.&ref=The+cat+sat.", timeout=120_000)
    page.wait_for_function(SETTLED, timeout=120_000)
    yield page
    assert not errors, errors
    log.assert_all_local()
    context.close()


def shown(page, query: str) -> str:
    """Show a state through the page's own entry point and read the score (or the error) it settles on."""
    page.evaluate("q => window.bleuLive.show(q)", query)
    page.wait_for_function(SETTLED, timeout=60_000)
    score = page.get_attribute("#result", "data-bleu-score")
    return score if score is not None else page.get_attribute("#result", "data-bleu-error")


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_gives_the_python_score_exactly(live, preset):
    states = [LiveState(preset=preset, hypothesis=s.hypothesis, references=s.references) for s in cases()]
    assert len(states) >= 30
    page = [shown(live, state.to_query()) for state in states]
    assert all(close_to_here(got, state) for got, state in zip(page, states))
    mismatches = [(s.hypothesis[:40], want, got) for s, want, got in zip(states, expected(states), page) if got != want]
    assert not mismatches, mismatches


@pytest.mark.parametrize("settings", [
    {"tokenize": "intl"}, {"tokenize": "zh"}, {"tokenize": "char"}, {"tokenize": "none", "lowercase": True},
    {"smooth": "floor", "smooth_value": 0.2}, {"smooth": "add-k"}, {"smooth": "none"},
    {"max_order": 2}, {"weights": (0.5, 0.3, 0.2)}, {"effective_order": True},
])
def test_settings_reach_the_engine(live, settings):
    states = [LiveState(hypothesis=hyp, references=refs, **settings) for hyp, refs in INPUTS[:12]]
    page = [shown(live, state.to_query()) for state in states]
    assert all(close_to_here(got, state) for got, state in zip(page, states))
    assert page == expected(states)


def test_the_address_holds_the_whole_state(browser, site):
    state = LiveState(preset="nltk", hypothesis="it is a ship\nthe ship", references=("it is ship\na ship", "ship it is\nthe ship"),
                      smooth="method1", smooth_value=0.2, max_order=3, weights=(0.5, 0.25, 0.25), lowercase=True,
                      compare="sacrebleu", segment=2)
    context = browser.new_context()
    log = RequestLog().attach(context)
    page = context.new_page()
    page.goto(f"{site}/live.html?{state.to_query()}", timeout=120_000)
    page.wait_for_function(SETTLED, timeout=120_000)
    page.wait_for_function(ADDRESSED)
    assert page.get_attribute("#result", "data-bleu-score") == expected([state])[0]
    # the form shows the state, and the address the page writes back gives the same state
    assert page.input_value("#hyp") == state.hypothesis
    assert [a.input_value() for a in page.query_selector_all("#references textarea")] == list(state.references)
    assert page.input_value("#smooth") == "method1" and page.input_value("#max_order") == "3"
    assert LiveState.from_query(urlparse(page.url).query) == state
    assert LiveState.from_query(urlparse(page.input_value("#link")).query) == state
    # the comparison names the first step where the tools diverge, from the same Python
    assert page.get_attribute(".bleu-compare", "data-first-divergence")
    # a shared link opens the same state in a fresh page
    other = context.new_page()
    other.goto(page.input_value("#link"), timeout=120_000)
    other.wait_for_function(SETTLED, timeout=120_000)
    assert other.get_attribute("#result", "data-bleu-score") == expected([state])[0]
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "live-nltk.png"), full_page=True)
    log.assert_all_local()
    context.close()


def test_the_address_holds_tokenizer_and_effective_order_and_the_page_says_what_python_says(browser, site):
    from bleu_explain.analysis.comparison import divergence_in_words

    state = LiveState(preset="sacrebleu", hypothesis="Das ist gut.", references=("Das ist sehr gut.",),
                      tokenize="intl", effective_order=True, compare="hf-evaluate")
    context = browser.new_context()
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site)
    log = RequestLog().attach(context)
    page = context.new_page()
    page.goto(f"{site}/live.html?{state.to_query()}", timeout=120_000)
    page.wait_for_function(SETTLED, timeout=120_000)
    page.wait_for_function(ADDRESSED)
    assert LiveState.from_query(urlparse(page.url).query) == state
    assert page.input_value("#tokenize") == "intl"
    note = page.inner_text("#tokenize-note")  # the tokenizers the browser cannot run are named, in the page
    assert note.startswith("Not in the browser: ja-mecab, ko-mecab, spm") and "command line" in note
    # the signature and the comparison's words are the Python API's
    result = bx.explain_corpus(["Das ist gut."], [["Das ist sehr gut."]], tokenize="intl", effective_order=True)
    assert page.inner_text(".bleu-signature").strip() == str(result.signature)
    other = bx.explain_corpus(["Das ist gut."], [["Das ist sehr gut."]], preset="hf-evaluate")
    words = divergence_in_words(result.segment(0), other.segment(0), ("sacrebleu", "hf-evaluate"))
    assert words and words.split(": ", 1)[-1] in page.inner_text(".bleu-compare")
    # "Copy link" puts the page's address, which holds the state, on the clipboard
    page.click("#copy-link")
    page.wait_for_function("() => document.getElementById('copy-link').textContent !== 'Copy link'")
    assert page.text_content("#copy-link") == "Link copied"
    assert LiveState.from_query(urlparse(page.evaluate("navigator.clipboard.readText()")).query) == state
    log.assert_all_local()
    context.close()


def test_bad_input_shows_the_command_lines_message(live):
    state = LiveState(hypothesis="a\nb\nc", references=("a\nb",))
    got = shown(live, state.to_query())
    assert got == "bleu-explain: error: reference 1 has 2 lines but the hypothesis has 3; they must have one line per segment"
    assert live.inner_text("#error") == got
    bad = LiveState(hypothesis="a", references=("a",), max_order=0)
    assert shown(live, bad.to_query()) == expected_here(bad)
    # and it recovers on the next good input
    good = LiveState(hypothesis="a b", references=("a b",))
    assert shown(live, good.to_query()) == expected([good])[0]


def test_user_text_is_escaped(live):
    state = LiveState(hypothesis="<img src=x onerror=alert(1)> cat", references=("<b>cat</b>",), tokenize="none")
    shown(live, state.to_query())
    assert live.query_selector("#result img") is None and live.query_selector("#result b:text('cat')") is None
    shown_text = live.inner_text("#highlight")
    assert "<img" in shown_text and "onerror=alert(1)>" in shown_text and "<b>cat</b>" in shown_text


def test_the_last_input_wins_when_typing_fast(live):
    live.fill("#hyp", "")
    live.type("#hyp", "the cat sat on the mat quickly", delay=5)
    live.wait_for_function(SETTLED, timeout=60_000)
    refs = tuple(a.input_value() for a in live.query_selector_all("#references textarea"))
    final = LiveState(hypothesis="the cat sat on the mat quickly", references=refs)
    assert live.get_attribute("#result", "data-bleu-score") == expected([final])[0]


def test_opened_from_disk_it_says_how_to_serve_it(browser, site, pyodide, tmp_path):
    build_site.build_live(tmp_path, pyodide=pyodide)
    context = browser.new_context()
    page = context.new_page()
    page.goto((tmp_path / "live.html").as_uri())
    page.wait_for_selector("#file-message", state="visible")
    assert "python -m http.server" in page.inner_text("#file-message")
    assert page.is_hidden("#app")
    context.close()


def test_examples_menu_holds_the_pathology_catalogue(live):
    from bleu_explain.display.html.live import chinese_examples

    names = live.eval_on_selector_all("#example option", "os => os.map(o => o.textContent)")
    pairs = [name for name in names if "both candidates side by side" in name]
    assert len(pairs) >= 1 and len(names) == 1 + len(pairs) + len(chinese_examples()) + len(PATHOLOGIES)
    first = names.index(f"{PATHOLOGIES[0].name} ({PATHOLOGIES[0].verdict})")
    query = urlencode({"preset": PATHOLOGIES[0].preset, "hyp": PATHOLOGIES[0].candidate,
                       "ref": list(PATHOLOGIES[0].references)}, doseq=True)
    live.select_option("#example", index=first)
    live.wait_for_function(SETTLED, timeout=60_000)
    live.wait_for_function(ADDRESSED)
    assert parse_qs(urlparse(live.url).query)["hyp"] == parse_qs(query)["hyp"]


def test_files_load_as_on_the_command_line(live):
    hyp = "The cat sat on the mat.\nA dog ran.\n"
    refs = ["The cat is on the mat.\nThe dog ran.\n", "A cat sits on the mat.\nA dog runs.\n"]
    live.set_input_files("#hyp-file", files=[{"name": "hyp.txt", "mimeType": "text/plain", "buffer": hyp.encode()}])
    live.wait_for_function(SETTLED, timeout=60_000)
    live.set_input_files("#ref-files", files=[{"name": f"ref{k}.txt", "mimeType": "text/plain", "buffer": r.encode()}
                                              for k, r in enumerate(refs, 1)])
    live.wait_for_function(SETTLED, timeout=60_000)
    assert live.input_value("#hyp") == hyp
    assert [a.input_value() for a in live.query_selector_all("#references textarea")] == refs
    state = LiveState(hypothesis=hyp, references=tuple(refs))
    assert live.get_attribute("#result", "data-bleu-score") == expected([state])[0]
    assert not live.is_hidden("#segment-picker")  # two segments: the page offers to highlight either
    # a file that is not UTF-8 gets the command line's message, and the boxes keep what they held
    live.set_input_files("#hyp-file", files=[{"name": "latin.txt", "mimeType": "text/plain",
                                              "buffer": "ok\ncaf\xe9\n".encode("latin-1")}])
    live.wait_for_function("() => document.getElementById('result').hasAttribute('data-bleu-error')")
    assert live.get_attribute("#result", "data-bleu-error") == (
        "bleu-explain: error: hypothesis file 'latin.txt' is not valid utf-8: undecodable byte at line 2")
    assert live.input_value("#hyp") == hyp


def test_busy_while_computing(live):
    """While the worker computes, the result carries data-bleu-busy (set in the same task as the input)."""
    corpus = LiveState(hypothesis="\n".join(["the cat sat on the mat"] * 3000),
                       references=("\n".join(["the cat is on the mat"] * 3000),))
    busy = live.evaluate("q => { window.bleuLive.show(q); return document.getElementById('result')"
                         ".hasAttribute('data-bleu-busy'); }", corpus.to_query())
    assert busy
    live.wait_for_function(SETTLED, timeout=60_000)
    assert live.get_attribute("#result", "data-bleu-score") == expected([corpus])[0]
