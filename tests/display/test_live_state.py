"""The live page's state: the address gives back exactly the settings (and so the score) it was made from."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import examples

import bleu_explain as bx
from bleu_explain.display.html.live import _render, render
from bleu_explain.display.html.live_state import LiveState

REFS = ("the cat is on the mat", "there is a cat on the mat")
weights = st.lists(st.floats(min_value=1e-9, max_value=10, allow_nan=False, allow_infinity=False), min_size=4,
                   max_size=4).map(tuple)


@settings(max_examples=examples(100), deadline=None)
@given(weights=weights, floor=st.floats(min_value=0, max_value=5, allow_nan=False))
def test_the_address_keeps_every_digit_of_weights_and_values(weights, floor):
    state = LiveState(preset="sacrebleu", hypothesis="the cat sat on the mat", references=REFS, weights=weights,
                      smooth="floor", smooth_value=floor)
    again = LiveState.from_query(state.to_query())
    assert again == state
    expected = bx.explain_corpus(["the cat sat on the mat"], [list(REFS)], weights=weights, smooth="floor",
                                 smooth_value=floor)
    assert render(again)["score_repr"] == repr(expected.score)


def test_a_third_each_survives_the_address():
    # written with 6 significant digits, 1/3 moved the score in its fifth decimal place
    state = LiveState(hypothesis="a b c d", references=("a b c e",), max_order=3, weights=(1 / 3,) * 3)
    assert LiveState.from_query(state.to_query()).weights == (1 / 3,) * 3


def test_a_tokenizer_the_browser_cannot_run_is_one_line_there():
    state = LiveState(hypothesis="a b", references=("a b",), tokenize="ja-mecab")
    with pytest.raises(bx.BleuInputError) as raised:
        _render(state, in_browser=True)
    message = str(raised.value)
    assert message.startswith("tokenizer 'ja-mecab' needs") and "\n" not in message and "browser" in message


def test_the_page_renders_without_pandas_numpy_matplotlib_or_sacrebleu():
    # what Pyodide core has: none of these (the page's Python is the package alone)
    import subprocess
    import sys

    code = (
        "import sys\n"
        "for name in ('pandas', 'numpy', 'matplotlib', 'sacrebleu', 'regex'):\n"
        "    sys.modules[name] = None\n"
        "from bleu_explain.display.html.live import render\n"
        "out = render('preset=nltk&hyp=the+cat+sat&ref=the+cat+sat+down&compare=sacrebleu')\n"
        "assert out['ok'] and all(out['html'][k] for k in ('summary', 'precisions', 'length', 'steps', 'highlight', 'ngrams', 'compare')), out\n"
        "assert not [m for m in ('pandas', 'numpy', 'matplotlib') if sys.modules.get(m)]\n"
        "print(out['score_repr'])\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    expected = bx.explain_corpus(["the cat sat"], [["the cat sat down"]], preset="nltk").score
    assert run.stdout.strip() == repr(expected)


def test_the_diagnose_panel_runs_without_pandas_numpy_matplotlib_or_sacrebleu():
    import json
    import subprocess
    import sys

    hyps, refs = ["the cat sat on the mat ."] * 3, ["The cat sat on the mat."] * 3
    code = (
        "import json, sys\n"
        "for name in ('pandas', 'numpy', 'matplotlib', 'sacrebleu', 'regex'):\n"
        "    sys.modules[name] = None\n"
        "from bleu_explain.display.html.live_doctor import diagnose_params_json\n"
        f"print(diagnose_params_json({{'hyp': {chr(10).join(hyps)!r}, 'ref': [{chr(10).join(refs)!r}], "
        "'reported': '100'}))\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    out = json.loads(run.stdout)
    assert out["ok"] and out["codes"] == list(bx.diagnose(hyps, refs, score="100").codes)
    assert "case-mismatch" in out["codes"] and 'data-settings="{&quot;lowercase&quot;: true' in out["html"]


def test_compare_drops_the_settings_the_other_preset_fixes():
    state = LiveState(hypothesis="il est riche .", references=("il est calme .",), lowercase=True, weights=(0.5, 0.5),
                      max_order=2, compare="d2l")
    assert state.config("d2l") == bx.make_config("d2l", max_order=2)
    out = render(state)
    assert out["ok"] and f'data-compare-score="{bx.explain("il est riche .", ["il est calme ."], preset="d2l", k=2).score!r}"' \
        in out["html"]["compare"]
    three = render(LiveState(hypothesis="a", references=("a", "b", "c"), compare="d2l"))
    assert three["ok"] and 'data-compare-error="d2l&#x27;s bleu' in three["html"]["compare"]
    corpus = render(LiveState(preset="d2l", hypothesis="a\nb", references=("a\nb",)))
    assert corpus["error"].endswith("this input has a corpus of 2 segments")
