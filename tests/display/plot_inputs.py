"""Inputs shared by the plot tests: the paper's Example 1, a small corpus, stand-ins for test results."""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace

import numpy as np
import pandas as pd

import bleu_explain as bx
from bleu_explain.display import plots

EX1_REFS = [
    "It is a guide to action that ensures that the military will forever heed Party commands.",
    "It is the guiding principle which guarantees the military forces always being under the command of the Party.",
    "It is the practical guide for the army always to heed the directions of the party.",
]


CAND1 = "It is a guide to action which ensures that the military always obeys the commands of the party."


CAND2 = "It is to insure the troops forever hearing the activity guidebook that party direct."


CAT_REFS = ["The cat is on the mat.", "There is a cat on the mat."]


SEGMENT_REFS = [["the cat is on the mat", "there is a cat on the mat"], ["a dog bit the mailman"],
                ["it is a ship", "this is a ship"], ["he was led to the plane"], ["the military heeds the party"],
                ["we always do"], ["it is a guide to action"], ["the troops obey"], ["of the party"],
                ["calm as he was led"], ["the mat is red"], ["a ship it is"]]


SYSTEM_A = ["the cat on the mat", "the dog bit a mailman", "it is ship", "he was taken to the plane",
            "the military heed party", "we do", "it is guide to the action", "troops obey", "of party",
            "calm he was led", "mat is red", "ship it is"]


SYSTEM_B = ["the the the", "dog mailman", "ship", "plane", "military", "do always", "guide", "the troops",
            "party of the", "led calm", "red", "it"]


@dataclass
class FakePairedTest:
    """The fields plot_significance reads, as significance.PairedTestResult names them."""

    test: str
    observed_delta: float
    statistic: float
    p_value: float
    sample_deltas: np.ndarray
    n_samples: int
    seed: int
    baseline_score: float
    system_score: float


def fake_tests():
    rng = np.random.default_rng(0)
    bs = FakePairedTest("bs", 1.5, 1.5, 0.03, np.abs(rng.normal(0, 0.7, 300)) - 0.5, 300, 1, 20.0, 21.5)
    ar = FakePairedTest("ar", 1.5, 1.5, 0.04, np.abs(rng.normal(0, 0.7, 300)), 300, 1, 20.0, 21.5)
    return bs, ar


def fake_calibration():
    """p-values of equally good pairs as the calibration gives them: the bootstrap's squeezed below one half."""
    rng = np.random.default_rng(2)
    return SimpleNamespace(systems=("Online-B", "Facebook-AI"),
                           p_values={"bs": rng.uniform(0, 0.45, 60) ** 1.3, "ar": rng.uniform(0, 1, 60)})


def fake_power():
    rows = [{"segments": n, "tilt": t, "test": test, "mean delta": 2.9 * t, "detected": min(1.0, 0.05 + t * n / 300)}
            for n in (100, 300, 1000) for t in (0.0, 0.25, 0.5, 1.0) for test in ("bs", "ar")]
    return SimpleNamespace(table=pd.DataFrame(rows), level=0.05, pairs=30)


def fake_blocks():
    rng = np.random.default_rng(1)
    frame = pd.DataFrame({s: rng.normal(m, 1.0, 20) for s, m in [("S1", 5), ("S2", 8), ("H1", 19)]})
    return SimpleNamespace(block_scores=frame, means=frame.mean().to_dict(), stds=frame.std().to_dict(),
                           t_statistics={"S1": None, "S2": 6.0, "H1": 24.0})


def reference_counts():
    rows = [{"n_refs": n, "subset": (k,), "score": 10.0 + 3 * n + k}
            for n in (1, 2, 3) for k in range(3 if n < 3 else 1)]
    return pd.DataFrame(rows)


#: BLEU and MQM of ten systems, close together as WMT21 English-German's are (two human translations apart).
WMT_LIKE_BLEU = {"VolcTrans-AT": 29.3, "eTranslation": 29.6, "HuaweiTSC": 29.8, "Online-W": 29.7, "UEdin": 29.9,
                 "NVIDIA-NeMo": 30.0, "Facebook-AI": 31.3, "VolcTrans-GLAT": 31.35, "ref-C": 26.3, "ref-D": 25.1}
WMT_LIKE_MQM = {"VolcTrans-AT": -1.74, "eTranslation": -1.70, "HuaweiTSC": -1.38, "Online-W": -1.46, "UEdin": -1.51,
                "NVIDIA-NeMo": -1.34, "Facebook-AI": -1.05, "VolcTrans-GLAT": -1.04, "ref-C": -0.51, "ref-D": -0.52}


def neighbour_tables():
    order = sorted(WMT_LIKE_MQM, key=WMT_LIKE_MQM.get)
    human = pd.DataFrame({"difference": np.diff([WMT_LIKE_MQM[n] for n in order])},
                         index=[f"{b} \u2212 {a}" for a, b in zip(order, order[1:])])
    human["low"], human["high"] = human["difference"] - 0.3, human["difference"] + 0.25
    metric = pd.DataFrame({"difference": np.diff([WMT_LIKE_BLEU[n] for n in order])}, index=human.index)
    metric["low"], metric["high"] = metric["difference"] - 0.6, metric["difference"] + 0.7
    return human, metric


def block_tables():
    def table(shift):
        return pd.DataFrame({"segments_per_block": [1, 5, 25, 100, 527 + 123 * shift],
                             "metric vs all": [0.13 - shift / 30, 0.31 - shift / 9, 0.48 - shift / 15, 0.63 + shift / 9,
                                               0.69 + shift / 5],
                             "block vs all": [0.05 + shift / 20, 0.1 + shift / 12, 0.19 + shift / 15,
                                              0.33 + shift / 5, 1.0]})
    return {"Chinese-English": table(1), "English-German": table(0)}


def agreement_curves():
    """Curves as analysis.delta_agreement.agreement_curve gives them: the share agreeing rising from one half."""
    gaps = pd.Index(np.arange(0, 6.25, 0.25), name="gap")
    curves = {}
    for label, scale in (("zh-en DA (z), 23 machines", 2.4), ("en-de MQM, 8 machines", 0.6)):
        agree = 1 / (1 + np.exp(-gaps.to_numpy() / scale))
        curves[label] = pd.DataFrame({"agree": agree, "low": np.maximum(0.5, agree - 0.1),
                                      "high": np.minimum(1.0, agree + 0.08)}, index=gaps)
    return curves


def gap_tables():
    bins = pd.Index(["0\u20131", "1\u20132", "2\u20133", "3\u20135", "5+"], name="gap")
    return {"zh-en MQM, 8 systems": pd.DataFrame({"pairs": [17, 4, 0, 7, 0], "fraction": [0.53, 0.5, np.nan, 1.0,
                                                                                       np.nan]}, index=bins),
            "zh-en DA (z), 23 systems": pd.DataFrame({"pairs": [78, 29, 49, 59, 38],
                                                      "fraction": [0.52, 0.66, 0.51, 0.88, 1.0]}, index=bins),
            "en-de MQM, 8 systems": pd.DataFrame({"pairs": [16, 11, 1, 0, 0],
                                                  "fraction": [0.875, 1.0, 1.0, np.nan, np.nan]}, index=bins)}


def normalized_frame():
    order = sorted(WMT_LIKE_MQM, key=WMT_LIKE_MQM.get)
    frame = pd.DataFrame({"BLEU": [WMT_LIKE_BLEU[n] for n in order], "MQM": [WMT_LIKE_MQM[n] for n in order]},
                         index=order)
    return (frame - frame.min()) / (frame.max() - frame.min())


def corpus_a(preset="sacrebleu"):
    return bx.explain_corpus(SYSTEM_A, SEGMENT_REFS, preset=preset)


def lecture_picture(name: str):
    """A picture of the lecture's deck, drawn with the English deck's labels in the environment's style."""
    from pathlib import Path

    from bleu_explain.display.export.lecture import deck_path, read_deck
    from bleu_explain.display.export.lecture_pictures import PICTURES
    from bleu_explain.display.plots.style import plot_style

    deck = read_deck(deck_path(Path(__file__).resolve().parents[2] / "lecture"))
    return PICTURES[name](deck.labels, plot_style())


#: The lecture's pictures (bleu_explain.display.export.lecture_pictures.PICTURES), each drawn by the shapes of
#: bleu_explain.display.plots.lecture.
LECTURE_PICTURES = ("example1_clipping", "example2_clipping", "precision_by_order", "geometric_mean", "bp_curve",
                    "corpus_bp", "six_steps", "divergence", "smoothing", "pathology", "tools", "bootstrap",
                    "null_distributions", "moses_bound", "calibration", "mqm_scatter", "gap_agreement",
                    "hill_climb", "references_count")

BUILDERS = {
    "precisions": lambda: plots.plot_precisions(bx.explain(CAND2, EX1_REFS)),
    "precisions (corpus)": lambda: plots.plot_precisions(corpus_a()),
    "log combination": lambda: plots.plot_log_combination(bx.explain(CAND1, EX1_REFS, preset="paper")),
    "log combination (log 0)": lambda: plots.plot_log_combination(bx.explain(CAND2, EX1_REFS, preset="paper")),
    "log combination (stand-in)": lambda: plots.plot_log_combination(bx.explain(CAND2, EX1_REFS, preset="multi-bleu")),
    "log combination (nothing matched)": lambda: plots.plot_log_combination(bx.explain("zzz", EX1_REFS)),
    "brevity penalty": lambda: plots.plot_brevity_penalty(bx.explain("of the", EX1_REFS, preset="paper")),
    "means": lambda: plots.plot_means(bx.explain(CAND1, EX1_REFS, preset="nltk")),
    "means (nothing matched)": lambda: plots.plot_means(bx.explain("zzz", EX1_REFS)),
    "sentence length": lambda: plots.plot_sentence_length(corpus_a(), label="system A"),
    "precision by order": lambda: plots.plot_precision_by_order(
        {"A": corpus_a(), "B": bx.explain_corpus(SYSTEM_B, SEGMENT_REFS)}),
    "significance": lambda: plots.plot_significance(*fake_tests()),
    "bootstrap": lambda: plots.plot_bootstrap(SimpleNamespace(score=20.0, lower=18.5, upper=21.4, seed=3,
                                                              sample_scores=np.linspace(18, 22, 200))),
    "blocks": lambda: plots.plot_blocks(fake_blocks()),
    "null p-values": lambda: plots.plot_null_p_values(fake_calibration()),
    "power": lambda: plots.plot_power(fake_power()),
    "reference counts": lambda: plots.plot_reference_counts(reference_counts()),
    "configurations": lambda: plots.plot_configurations(bx.compare(CAND2, EX1_REFS)),
    "human correlation": lambda: plots.plot_human_correlation(
        {"S1": 5.3, "S2": 8.3, "S3": 9.3, "H1": 19.3, "H2": 25.7},
        {"S1": 1.6, "S2": 2.0, "S3": 2.3, "H1": 3.4, "H2": 3.9}, judges="monolingual"),
    "against human": lambda: plots.plot_against_human(WMT_LIKE_BLEU, WMT_LIKE_MQM, humans=["ref-C", "ref-D"],
                                                      title="WMT21 English-German, reference A", preset="sacrebleu"),
    "neighbours": lambda: plots.plot_neighbours(*neighbour_tables(), title="WMT21 English-German, reference A",
                                                preset="sacrebleu"),
    "normalized": lambda: plots.plot_normalized(normalized_frame(), title="WMT21 English-German, worst to best"),
    "block agreement": lambda: plots.plot_block_agreement(block_tables()),
    "gap agreement": lambda: plots.plot_gap_agreement(gap_tables(), title="WMT21, machine systems, reference A"),
    "agreement curve": lambda: plots.plot_agreement_curve(agreement_curves()),
}

#: The lecture's pictures, drawn as a slide shows them: no title of their own (the slide's title says it) and,
#: for the token rows and the step strip, no axes. tests/display/test_plots_style.py holds them to the style.
LECTURE_BUILDERS = {f"lecture: {name}": (lambda name=name: lecture_picture(name)) for name in LECTURE_PICTURES}
