"""The live page's Diagnose panel and its d2l preset, in Chromium: the panel finds what ``bx.diagnose`` finds on the
same input, traces a score printed by the real sacreBLEU to its configuration, and says errors in one line; d2l
scores one candidate against one reference as ``bx.explain(..., preset="d2l")`` does and refuses the rest.

The page is built and served as in tests/test_browser_live.py (its fixtures: Pyodide from npm, the site on
127.0.0.1, Chromium kept on this machine, every request recorded: none may leave it).
"""

from __future__ import annotations

import pytest
from live_corpora import live_corpus
from test_browser_live import SETTLED, browser, pyodide, site  # noqa: F401  (the fixtures: pytest finds them here)
from test_browser_live_class import close, open_page  # noqa: F401

import bleu_explain as bx
from bleu_explain.display.html.live import example_states
from bleu_explain.display.html.live_state import LiveState

pytestmark = [pytest.mark.browser]

#: The diagnosis asked for is shown (findings and matches, or one line of error).
DIAGNOSED = ("() => { const d = document.getElementById('diagnosis'); return !d.hasAttribute('data-busy') && "
             "(d.hasAttribute('data-codes') || d.hasAttribute('data-error')); }")

REFERENCES = ["The cat sat on the mat.", "A dog ran into the garden.", "It is raining in Paris today.",
              "My brother plays the guitar.", "We will meet at noon.", "The train was late again."]
#: The spoiled output: lowercased and tokenized (" ." before the full stop), with a few words of its own.
SPOILED = ["the cat sat on a mat .", "a dog ran into the garden .", "it rains in paris today .",
           "my brother plays guitar .", "we meet at noon .", "the train was late ."]


def diagnosed(page, reported: str = "") -> dict[str, object]:
    """Click Diagnose (with a reported score) and read the panel: its codes, matches, text, error and time."""
    page.fill("#reported", reported)
    page.click("#diagnose")
    page.wait_for_function(DIAGNOSED, timeout=300_000)
    codes = page.get_attribute("#diagnosis", "data-codes")
    return {
        "codes": tuple(codes.split()) if codes else (),
        "matches": page.eval_on_selector_all("#diagnosis .bleu-match", "ms => ms.map(m => [m.dataset.preset, "
                                             "JSON.parse(m.dataset.settings), Number(m.dataset.score)])"),
        "text": page.inner_text("#diagnosis"),
        "error": page.get_attribute("#diagnosis", "data-error"),
        "ms": float(page.get_attribute("#diagnosis", "data-diagnose-ms") or "nan"),
    }


def test_the_panel_finds_what_diagnose_finds_and_traces_a_lowercased_score(open_page):  # noqa: F811
    import sacrebleu

    state = LiveState(hypothesis="\n".join(SPOILED), references=("\n".join(REFERENCES),))
    page = open_page("?" + state.to_query())
    refs = [[r] for r in REFERENCES]
    want = bx.diagnose(SPOILED, refs)
    got = diagnosed(page)
    assert got["error"] is None and "case-mismatch" in want.codes and "tokenized-input" in want.codes
    assert got["codes"] == want.codes
    for finding in want.findings:  # each finding's fix and its score without the problem, as Python gives them
        assert finding.fix in got["text"]
        if finding.score_without is not None:
            assert f"{finding.score_without:.2f} without" in got["text"]
    # a number printed by the real sacreBLEU with -lc is traced to a configuration that lowercases
    reported = f"{sacrebleu.BLEU(lowercase=True).corpus_score(SPOILED, [REFERENCES]).score:.2f}"
    assert reported != f"{sacrebleu.BLEU().corpus_score(SPOILED, [REFERENCES]).score:.2f}"
    want = bx.diagnose(SPOILED, refs, score=reported)
    got = diagnosed(page, reported)
    assert got["codes"] == want.codes
    assert got["matches"] and [m[0] for m in got["matches"]] == [m.preset for m in want.matches]
    assert any(settings.get("lowercase") is True for _, settings, _ in got["matches"])
    assert f"Reported score {reported}" in got["text"]
    # an edit marks the diagnosis shown as of the input before
    page.fill("#hyp", "the cat")
    page.wait_for_function(SETTLED, timeout=60_000)
    assert page.get_attribute("#diagnosis", "data-stale") == ""


def test_errors_are_one_line_and_user_text_is_escaped(open_page):  # noqa: F811
    page = open_page("?" + LiveState(hypothesis="<img src=x onerror=alert(1)> cat\nb", references=("<b>cat</b>\nb",))
                     .to_query())
    got = diagnosed(page, "high")
    with pytest.raises(bx.BleuInputError) as raised:
        bx.diagnose(["a"], ["a"], score="high")
    assert got["error"] == f"bleu-explain: error: {raised.value}" and got["text"].strip() == got["error"]
    got = diagnosed(page, "")
    assert got["error"] is None and page.query_selector("#diagnosis img") is None
    page.evaluate("q => window.bleuLive.show(q)", LiveState(hypothesis="a\nb", references=("a",)).to_query())
    page.wait_for_function(SETTLED, timeout=60_000)
    got = diagnosed(page)
    assert got["error"] == page.get_attribute("#result", "data-bleu-error") and "\n" not in got["error"]


def test_a_chosen_preset_narrows_the_search(open_page):  # noqa: F811
    state = LiveState(hypothesis="\n".join(SPOILED), references=("\n".join(REFERENCES),))
    page = open_page("?" + state.to_query())
    reported = f"{bx.explain_corpus(SPOILED, [[r] for r in REFERENCES], preset='nltk').score / 100:.4f}"
    page.select_option("#preset", "nltk")  # the user's own choice: the search keeps to it
    page.wait_for_function(SETTLED, timeout=60_000)
    got = diagnosed(page, reported)
    want = bx.diagnose(SPOILED, [[r] for r in REFERENCES], score=reported, preset="nltk")
    assert got["codes"] == want.codes and {m[0] for m in got["matches"]} == {"nltk"}
    assert "under preset nltk" in got["text"]


def test_how_long_diagnose_takes_in_the_page(open_page):  # noqa: F811
    """Measured, and said: the paper's Example 1 and a 100-line corpus, each with a reported score."""
    page = open_page("")  # the first visit: Example 1, two candidates, three references
    first = LiveState.from_query(example_states()[0]["query"])
    reported = f"{bx.explain_corpus([first.hypothesis], [list(first.references)], preset='paper').score:.2f}"
    example = diagnosed(page, reported)
    want = bx.diagnose([first.hypothesis], [list(first.references)], score=reported)
    assert example["codes"] == want.codes and example["matches"]
    hyps, streams, described = live_corpus(100)
    state = LiveState(hypothesis="\n".join(hyps), references=tuple("\n".join(s) for s in streams))
    page.evaluate("q => window.bleuLive.show(q)", state.to_query())
    page.wait_for_function(SETTLED, timeout=120_000)
    refs = [list(r) for r in zip(*streams)]
    reported = f"{bx.explain_corpus(hyps, refs).score:.1f}"
    corpus = diagnosed(page, reported)
    assert corpus["codes"] == bx.diagnose(hyps, refs, score=reported).codes and corpus["matches"]
    print(f"diagnose in the page: Example 1 {example['ms']:.0f} ms; {described}, 100 lines, "
          f"{corpus['ms']:.0f} ms (with a reported score: the search over every preset)")
    assert f"Took {corpus['ms'] / 1000:.1f} s" in page.inner_text("#diagnose-status")


# --------------------------------------------------------------------------- d2l in the page
D2L_HYP, D2L_REF = "il est riche .", "il est calme ."


def test_d2l_scores_one_candidate_against_one_reference_as_the_api(open_page):  # noqa: F811
    want = bx.explain(D2L_HYP, [D2L_REF], preset="d2l").score
    assert round(want, 2) == 65.80
    page = open_page("?" + LiveState(preset="d2l", hypothesis=D2L_HYP, references=(D2L_REF,)).to_query())
    assert close(page.get_attribute("#result", "data-bleu-score"), want)
    # the settings d2l has no notion of are disabled and said; max order (its k) is not
    assert all(page.is_disabled(f"#{name}") for name in ("lowercase", "weights", "tokenize", "effective_order"))
    assert page.is_enabled("#max_order") and "d2l has no notion of" in page.inner_text("#fixed-note")
    # two references: d2l's own one-line message
    page.click("#add-reference")
    page.fill("#references .reference:nth-child(2) textarea", "il est riche")
    page.wait_for_function(SETTLED, timeout=60_000)
    with pytest.raises(bx.BleuInputError) as raised:
        bx.explain(D2L_HYP, [D2L_REF, "il est riche"], preset="d2l")
    assert page.get_attribute("#result", "data-bleu-error") == f"bleu-explain: error: {raised.value}"
    assert page.inner_text("#error") == f"bleu-explain: error: {raised.value}"


def test_compare_with_d2l_drops_the_settings_d2l_fixes(open_page):  # noqa: F811
    want = bx.explain(D2L_HYP, [D2L_REF], preset="d2l").score
    state = LiveState(hypothesis=D2L_HYP, references=(D2L_REF,), lowercase=True, compare="d2l")
    page = open_page("?" + state.to_query())
    assert close(page.get_attribute("#result", "data-bleu-score"),
                 bx.explain(D2L_HYP, [D2L_REF], lowercase=True).score)
    assert close(page.get_attribute(".bleu-compare [data-compare-score]", "data-compare-score"), want)
    # the first example (three references): its own score stays, the comparison says d2l's one line
    first = page.context.new_page()
    first.goto(page.url.split("?")[0] + "?" + example_states()[0]["query"] + "&compare=d2l", timeout=120_000)
    first.wait_for_function(SETTLED, timeout=120_000)
    assert first.get_attribute("#result", "data-bleu-score") is not None
    error = first.get_attribute(".bleu-compare", "data-compare-error")
    assert error and "3 references" in error and "\n" not in error
    # choosing d2l itself there: the one-line error
    first.select_option("#preset", "d2l")
    first.wait_for_function(SETTLED, timeout=60_000)
    assert "this input has 3 references" in first.get_attribute("#result", "data-bleu-error")
    assert first.is_disabled("#lowercase")


def test_the_receipt_downloaded_from_the_page_verifies(open_page, tmp_path):  # noqa: F811
    """The panel offers the score's receipt as a download; `bleu-explain verify` reproduces it from the files."""
    from bleu_explain.cli import main

    state = LiveState(hypothesis="\n".join(SPOILED), references=("\n".join(REFERENCES),))
    page = open_page("?" + state.to_query())
    got = diagnosed(page)
    assert got["error"] is None
    with page.expect_download() as download:
        page.click("#receipt-download")
    receipt = tmp_path / "bleu-receipt.json"
    download.value.save_as(receipt)
    hyp, ref = tmp_path / "hyp.txt", tmp_path / "ref.txt"
    hyp.write_text("".join(line + "\n" for line in SPOILED), encoding="utf-8")
    ref.write_text("".join(line + "\n" for line in REFERENCES), encoding="utf-8")
    assert main(["verify", str(receipt), str(ref), "-i", str(hyp)]) == 0
    spoiled = list(SPOILED)
    spoiled[2] = "it rains in london today ."
    hyp.write_text("".join(line + "\n" for line in spoiled), encoding="utf-8")
    assert main(["verify", str(receipt), str(ref), "-i", str(hyp)]) == 1
