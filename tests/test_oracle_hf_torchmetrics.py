"""The hf-evaluate and torchmetrics presets next to Hugging Face evaluate's ``bleu`` and torchmetrics' ``bleu_score``.

Two parts (their quirks, as properties that need neither tool, are in ``test_hf_torchmetrics_quirks.py``):

(a) the tools' documented examples, as literal values, each with where its documentation prints it.
(b) the tools' outputs. Each case is compared with the live tool where this machine has it, and with the
    tool's recorded output otherwise (tests/oracles/, written by scripts/record_oracles.py, which ran the
    tools and says with which versions), so that a machine without them (CI: torch is large, and evaluate's
    metric code lives on the Hugging Face Hub, which tests never reach) still checks every case: over a
    thousand generated ones (empty sides, one word, 1-4 references, smoothing off and on, max_order 1-4,
    torchmetrics' weights and its BLEUScore class) and the real WMT21 en-de test set with its three references
    and zh-en with one (every system, and single lines; stored by reference, read from BLEU_EXPLAIN_DATA).
    With a live tool the random corpora come from Hypothesis instead. Tolerances:
    - evaluate: none, equal to the last bit: it computes in Python floats (float64), and we do the same
      operations in the same order (the counts, lengths, precisions, brevity penalty and length ratio too);
    - torchmetrics: it computes in float32 torch tensors, so its score is ours rounded to float32 and carried
      through its float32 log, weighted sum and exp. The bound is derived from float32's machine epsilon
      (``eps = 2**-23``; see ``float32_close``). Its counts (numerator, denominator, lengths) must be equal.
"""

from __future__ import annotations

import importlib.util
import math
import os
import sys
from functools import lru_cache
from pathlib import Path

import pytest
from conftest import count_oracle
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from recorded_oracles import case_ids, case_text, generated, recorded_runs, recorder, recording_holds, runs_by_case
from strategies import corpora, examples, segments

import bleu_explain as bx

# The cat/mat example of torchmetrics' docstrings (bleu_score and BLEUScore).
TM_PREDS = ["the cat is on the mat"]
TM_TARGET = [["there is a cat on the mat", "a cat is on the mat"]]

# The examples of evaluate's bleu (its README, "How to Use" and "Examples").
HF_PREDICTIONS = ["hello there general kenobi", "foo bar foobar"]
# --------------------------------------------------------------------------- (a) documented examples
def test_torchmetrics_docstring_example():
    # torchmetrics' bleu_score and BLEUScore docstrings print `tensor(0.7598)` for this example
    r = bx.explain_corpus(TM_PREDS, TM_TARGET, preset="torchmetrics")
    assert round(r.bleu, 4) == 0.7598
    assert bx.explain(TM_PREDS[0], TM_TARGET[0], preset="torchmetrics").bleu == r.bleu


@pytest.mark.parametrize("references, ratio, reference_length", [
    # README "How to Use" and "Examples": the first prediction has 2 references; the shortest ('hello there !') counts
    ([["hello there general kenobi", "hello there !"], ["foo bar foobar"]], 1.1666666666666667, 6),
    # the _KWARGS_DESCRIPTION docstring: "hello there!" is 3 tokens after 13a, so the same numbers
    ([["hello there general kenobi", "hello there!"], ["foo bar foobar"]], 1.1666666666666667, 6),
    # README "Example where each prediction has 1 reference"
    ([["hello there general kenobi"], ["foo bar foobar"]], 1.0, 7),
])
def test_evaluate_documented_examples(references, ratio, reference_length):
    # evaluate's README prints {'bleu': 1.0, 'precisions': [1.0, 1.0, 1.0, 1.0], 'brevity_penalty': 1.0,
    # 'length_ratio': 1.1666666666666667 (or 1.0), 'translation_length': 7, 'reference_length': 6 (or 7)}
    r = bx.explain_corpus(HF_PREDICTIONS, references, preset="hf-evaluate")
    assert hf_result(r) == {"bleu": 1.0, "precisions": [1.0, 1.0, 1.0, 1.0], "brevity_penalty": 1.0,
                            "length_ratio": ratio, "translation_length": 7, "reference_length": reference_length}


def hf_result(r) -> dict:
    """Our result in the shape of evaluate's dict."""
    return {"bleu": r.bleu, "precisions": list(r.precisions), "brevity_penalty": r.brevity_penalty,
            "length_ratio": float(r.hyp_len) / r.ref_len, "translation_length": r.hyp_len,
            "reference_length": r.ref_len}


# --------------------------------------------------------------------------- (b) the tools, live or recorded
@lru_cache(maxsize=None)
def _hf_bleu_folder() -> Path | None:
    """A folder with evaluate's bleu metric code (bleu.py, nmt_bleu.py, tokenizer_13a.py), if this machine has one.

    ``BLEU_EXPLAIN_HF_BLEU`` names it; else evaluate's own module cache is searched, where
    ``evaluate.load("bleu")`` leaves the code once it has been loaded online.
    """
    named = os.environ.get("BLEU_EXPLAIN_HF_BLEU")
    if named:
        return Path(named) if (Path(named) / "bleu.py").is_file() else None
    import evaluate

    cache = Path(evaluate.config.HF_MODULES_CACHE) / "evaluate_modules" / "metrics" / "evaluate-metric--bleu"
    found = sorted(cache.glob("*/bleu.py"), key=lambda p: p.stat().st_mtime)
    return found[-1].parent if found else None


@lru_cache(maxsize=None)
def live_evaluate():
    """evaluate's Bleu metric, imported from its files without the Hub; None where this machine lacks either."""
    if importlib.util.find_spec("evaluate") is None or _hf_bleu_folder() is None:
        return None
    hf = recorder("hf_evaluate")
    os.environ.setdefault("BLEU_EXPLAIN_HF_BLEU", str(_hf_bleu_folder()))
    return hf._metric()


@lru_cache(maxsize=None)
def live_torchmetrics():
    """The torchmetrics recorder (it runs bleu_score as recorded); None where torchmetrics is not installed."""
    return recorder("torchmetrics_bleu") if importlib.util.find_spec("torchmetrics") else None


def check_evaluate(cands, refs, setting: dict, recorded: dict | None = None) -> None:
    """Our hf-evaluate preset against evaluate's output: the recording (``recorded``, where there is one) and the
    live tool where installed, and then the recording against the live tool too."""
    metric = live_evaluate()
    live = recorder("hf_evaluate").run(metric, {"hyps": cands, "refs": refs}, setting) if metric is not None else None
    assert live is not None or recorded is not None, "no live evaluate and no recording for this case"
    if live is not None and recorded is not None:
        recording_holds("hf-evaluate", recorded, live)
    for theirs, name in ((recorded, "evaluate, recorded"), (live, "evaluate")):
        if theirs is not None:
            compare_evaluate(cands, refs, setting, theirs)
            count_oracle(name)


def compare_evaluate(cands, refs, setting: dict, theirs: dict) -> None:
    try:
        ours = bx.explain_corpus(cands, refs, preset="hf-evaluate", smooth=setting["smooth"],
                                 max_order=setting["max_order"])
    except bx.BleuComputationError as exc:  # the released metric divides by zero: we say so instead
        assert theirs == {"error": "ZeroDivisionError"} and "divides by zero" in str(exc)
    else:
        assert hf_result(ours) == theirs  # every number, to the last bit


FLOAT32_EPS = 2.0 ** -23  # numpy.finfo(numpy.float32).eps
FLOAT32_TINY = 2.0 ** -126  # the smallest normal float32: below it float32 loses precision


def float32_close(ours: float, theirs: float) -> bool:
    """Whether torchmetrics' float32 score is our float64 one, within float32's rounding.

    torchmetrics rounds each precision and weight to float32 (half an eps each), takes float32 logs, sums the
    weighted logs and takes a float32 exp (half an eps to an ulp each step). An error d in the exponent is a
    relative error d in the score, and the roundings of the logs and their sum are relative to their sizes,
    which add up to |ln score| since every term has one sign: so the relative error is at most
    eps * (c + k |ln score|). With at most four orders, c = 4 and k = 4 bound it (the recordings' worst case is
    5.8 eps, at |ln score| = 4.8, where the bound is 23 eps). A score of 0 (no match at some order) is exact.
    """
    if ours == 0.0 or theirs == 0.0:
        return ours == theirs
    return abs(ours - theirs) <= FLOAT32_EPS * (4 + 4 * abs(math.log(ours))) * ours + FLOAT32_TINY


def compare_torchmetrics(cands, refs, setting: dict, theirs: dict) -> None:
    ours = bx.explain_corpus(cands, refs, preset="torchmetrics", n_gram=setting["n_gram"],
                             smooth=setting["smooth"], weights=setting.get("weights"))
    if "matches" in theirs:
        assert list(ours.matches) == theirs["matches"] and list(ours.totals) == theirs["totals"]
        assert (ours.hyp_len, ours.ref_len) == (theirs["preds_len"], theirs["target_len"])
    assert float32_close(ours.bleu, theirs["score"]), (ours.bleu, theirs["score"], setting)


def check_torchmetrics(cands, refs, n: int, weights=None, public=True) -> None:
    """Our torchmetrics preset against the live ``bleu_score`` (its counts and, smoothing off and on, its score)."""
    for run in live_torchmetrics()._functional({"id": "live", "hyps": cands, "refs": refs}, n, weights, public):
        compare_torchmetrics(cands, refs, run["settings"], run["output"])
        count_oracle("torchmetrics")


def torchmetrics_now(cands, refs, setting: dict) -> dict:
    """What the installed torchmetrics gives for one recorded setting (a BLEUScore run or bleu_score's)."""
    case = {"id": "live", "hyps": cands, "refs": refs}
    if "api" in setting:
        return live_torchmetrics()._class_per_segment(case, setting["n_gram"], setting["smooth"])["output"]
    runs = live_torchmetrics()._functional(case, setting["n_gram"], setting.get("weights"), False)
    return next(run["output"] for run in runs if run["settings"]["smooth"] == setting["smooth"])


def same_torchmetrics_output(recorded: dict, live: dict) -> bool:
    """Counts equal; the float32 scores within float32's rounding (another torch may round its log and exp
    differently in the last place, which is not a change of the tool's rules)."""
    counts = {key: value for key, value in recorded.items() if key != "score"}
    return counts == {key: value for key, value in live.items() if key != "score"} and \
        float32_close(recorded["score"], live["score"])


def check_torchmetrics_run(cands, refs, setting: dict, recorded: dict) -> None:
    """One recorded torchmetrics run: ours against the recording, and where torchmetrics is installed, the recording
    against the live tool and ours against it."""
    if live_torchmetrics() is not None:
        live = torchmetrics_now(cands, refs, setting)
        recording_holds("torchmetrics", recorded, live, same_torchmetrics_output)
        compare_torchmetrics(cands, refs, setting, live)
        count_oracle("torchmetrics")
    compare_torchmetrics(cands, refs, setting, recorded)
    count_oracle("torchmetrics, recorded")


def check_recorded(tool: str, keep) -> None:
    """Every recorded run of ``tool`` on the cases ``keep`` takes: ours against the recording, and where the tool
    is installed, the recording against the live tool and ours against it."""
    checked = 0
    for cands, refs, setting, output in recorded_runs(tool, keep):
        if tool == "hf-evaluate":
            check_evaluate(cands, refs, setting, output)
        else:
            check_torchmetrics_run(cands, refs, setting, output)
        checked += 1
    assert checked > 0, f"no recorded {tool} run on these cases"


# The generated cases by kind (scripts/oracles/cases.py): one sentence, small corpora, hypotheses edited from a
# reference, larger corpora; then the edge cases one by one.
KINDS = {"sentences": generated(0, 299), "small-corpora": generated(300, 699), "edited": generated(700, 939),
         "larger-corpora": generated(940, 999), "japanese": lambda c: c.startswith("ja-"),
         "korean": lambda c: c.startswith("ko-")}


@pytest.mark.parametrize("tool", ["hf-evaluate", "torchmetrics"])
@pytest.mark.parametrize("kind", KINDS)
def test_generated_cases_match_the_tool(tool, kind):
    check_recorded(tool, KINDS[kind])


@pytest.mark.parametrize("tool", ["hf-evaluate", "torchmetrics"])
@pytest.mark.parametrize("case_id", case_ids("edge-"))
def test_edge_cases_match_the_tool(tool, case_id):
    check_recorded(tool, lambda c: c == case_id)


def test_evaluate_takes_one_reference_per_segment_as_a_list_of_strings():
    runs = [r for r in runs_by_case("hf-evaluate")["edge-identical-corpus"] if r["settings"].get("references_as_strings")]
    assert len(runs) == 1
    check_evaluate(*case_text("edge-identical-corpus"), runs[0]["settings"], runs[0]["output"])


def test_evaluate_does_not_strip_a_line_before_13a():
    # evaluate's copy of the 13a tokenizer joins "-\n" before anything else and never strips the line
    assert case_text("edge-hyphen-line-break") == (["the e-\n", "a wall-\nflower"], [["the e"], ["a wallflower"]])
    check_recorded("hf-evaluate", lambda c: c == "edge-hyphen-line-break")


def test_torchmetrics_class_accumulates_as_a_corpus():
    """BLEUScore updated one segment at a time scores the corpus (its recorded runs, and the live class too)."""
    runs = [(c, r) for c, rs in runs_by_case("torchmetrics").items() for r in rs if "api" in r["settings"]]
    assert len(runs) > 50
    for case_id, run in runs:
        check_torchmetrics_run(*case_text(case_id), run["settings"], run["output"])
    if live_torchmetrics() is None:
        return
    cands = ["the cat is on the mat", "there is a cat here", "on the mat is a cat"]
    refs = [TM_TARGET[0], ["a cat is here", "there is a cat here today"], ["the cat is on the mat"]]
    run = live_torchmetrics()._class_per_segment({"id": "live", "hyps": cands, "refs": refs}, 3, True)
    compare_torchmetrics(cands, refs, run["settings"], run["output"])
    count_oracle("torchmetrics")


@pytest.mark.parametrize("smooth", [False, True])
def test_random_corpora_match_evaluate(smooth):
    """Hypothesis' random corpora against the live evaluate; without it, the recorded small corpora (which
    test_generated_cases_match_the_tool compares with the live tool where it is installed)."""
    if live_evaluate() is None:
        check_recorded("hf-evaluate", KINDS["small-corpora"])
        return

    @settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(data=corpora(), max_order=st.integers(1, 4))
    def random_corpora(data, max_order):
        check_evaluate(*data, {"smooth": smooth, "max_order": max_order})

    random_corpora()


def test_random_corpora_match_torchmetrics():
    """Hypothesis' random corpora (weights too) against the live torchmetrics; without it, the recorded ones."""
    if live_torchmetrics() is None:
        check_recorded("torchmetrics", KINDS["small-corpora"])
        return

    @settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(data=corpora(), max_order=st.integers(1, 4), weighted=st.booleans(),
           weights=st.lists(st.floats(0.05, 1.0), min_size=4, max_size=4))
    def random_corpora(data, max_order, weighted, weights):
        check_torchmetrics(*data, max_order, weights[:max_order] if weighted else None)

    random_corpora()


def test_sentences_match_both_tools():
    """Hypothesis' random sentences against both live tools; without them, the recorded sentences."""
    if live_evaluate() is None or live_torchmetrics() is None:
        check_recorded("hf-evaluate", KINDS["sentences"])
        check_recorded("torchmetrics", KINDS["sentences"])
        return

    @settings(max_examples=examples(60), deadline=None)
    @given(segment=segments(), smooth=st.booleans(), max_order=st.integers(1, 4))
    def sentences(segment, smooth, max_order):
        cand, refs = segment
        check_evaluate([cand], [refs], {"smooth": smooth, "max_order": max_order})
        check_torchmetrics([cand], [refs], max_order)

    sentences()


# en-de has three human references (A, C, D), zh-en one; the first system always runs, every system when slow
WMT21_SYSTEMS = [case_id for case_id in case_ids("wmt21-") if "-line-" not in case_id]
WMT21_FIRST = {next(c for c in WMT21_SYSTEMS if c.startswith(f"wmt21-{pair}-")) for pair in ("en-de", "zh-en")}
WMT21_CASES = [pytest.param(case_id, marks=[] if case_id in WMT21_FIRST else [pytest.mark.slow], id=case_id)
               for case_id in WMT21_SYSTEMS]


@pytest.mark.parametrize("tool", ["hf-evaluate", "torchmetrics"])
@pytest.mark.parametrize("case_id", WMT21_CASES)
def test_wmt21_systems_match_the_tool(tool, case_id):
    check_recorded(tool, lambda c: c == case_id)


@pytest.mark.parametrize("tool", ["hf-evaluate", "torchmetrics"])
@pytest.mark.parametrize("pair", ["en-de", "zh-en"])
def test_wmt21_sentences_match_the_tool(tool, pair):
    check_recorded(tool, lambda c: c.startswith(f"wmt21-{pair}-") and "-line-" in c)


def test_the_recordings_say_what_ran_them():
    from recorded_oracles import recording

    for tool, packages in {"hf-evaluate": ("evaluate", "bleu.py"), "torchmetrics": ("torchmetrics", "torch")}.items():
        made = recording(tool)
        assert all(made["versions"][p] for p in packages) and made["python"].startswith("CPython 3.")
        assert len(runs_by_case(tool)) >= 1000


class _StandIn:
    """A tool that gives the recorded outputs, one of them changed: what a newer release that no longer
    agrees with the recording looks like, for a machine that has neither tool installed."""

    def __init__(self, tool: str, change):
        self.tool, self.change, self.calls = tool, change, 0

    def outputs(self, cands, refs):
        for case_id, runs in runs_by_case(self.tool).items():
            if case_text(case_id) == (cands, refs):
                return runs
        raise AssertionError("a case the recording does not have")

    # evaluate's metric, as the hf_evaluate recorder runs it
    def run(self, _metric, case, setting):
        output = next(r["output"] for r in self.outputs(case["hyps"], case["refs"]) if r["settings"] == setting)
        return self.change(output)

    # the torchmetrics recorder
    def _functional(self, case, n, weights, public):
        runs = [r for r in self.outputs(case["hyps"], case["refs"]) if r["settings"]["n_gram"] == n
                and r["settings"].get("weights") == weights and "api" not in r["settings"]]
        return [{**r, "output": self.change(r["output"])} for r in runs]

    def versions(self):
        return {"stand-in": "2.0"}


@pytest.mark.parametrize("tool", ["hf-evaluate", "torchmetrics"])
def test_a_recording_the_installed_tool_no_longer_gives_fails_named_as_the_tools_change(tool, monkeypatch):
    """Where a tool is installed, each recorded run is also compared with it: a recording that a newer release no
    longer gives is not passed over (it fails, naming the versions and how to record again)."""
    import recorded_oracles

    key = "bleu" if tool == "hf-evaluate" else "score"
    stand_in = _StandIn(tool, lambda output: {**output, key: output.get(key, 0) + 0.25})
    here = sys.modules[__name__]
    monkeypatch.setattr(recorded_oracles, "recorder", lambda name: stand_in)
    monkeypatch.setattr(here, "recorder", lambda name: stand_in)
    monkeypatch.setattr(here, "count_oracle", lambda name: None)  # a stand-in is not a comparison with a tool
    if tool == "hf-evaluate":
        monkeypatch.setattr(here, "live_evaluate", lambda: object())
    else:
        monkeypatch.setattr(here, "live_torchmetrics", lambda: stand_in)
    case = "gen-0301"  # a small corpus (scripts/oracles/cases.py)
    with pytest.raises(pytest.fail.Exception, match=f"the installed {tool} no longer gives what was recorded"
                                                    r"(.|\n)*stand-in(.|\n)*record_oracles.py --only"):
        check_recorded(tool, lambda c: c == case)
    stand_in.change = lambda output: output  # the same outputs as recorded: it passes
    check_recorded(tool, lambda c: c == case)
