"""torchmetrics' ``bleu_score`` (and its ``BLEUScore`` class), which compute in float32 tensors.

``bleu_score`` is ``_bleu_score_update`` (the n-gram counts and lengths) then ``_bleu_score_compute`` (the
score). The counts are recorded from the update function, once per order, and each score from the compute
function; for the generated cases ``bleu_score`` itself is run too and must give the same float. Each case
runs with max_order (torchmetrics' ``n_gram``) 1-4 and smoothing off and on; every third case also with
weights drawn from a seed of its own, and every tenth case of several segments through ``BLEUScore``
updated one segment at a time.
"""

from __future__ import annotations

import importlib.metadata
import random

TOOL = "torchmetrics"


def versions() -> dict[str, str]:
    import torch  # noqa: F401  (ImportError: not installed)
    import torchmetrics  # noqa: F401

    return {p: importlib.metadata.version(p) for p in ("torchmetrics", "torch")}


def _weights(case_id: str, n: int) -> list[float]:
    rng = random.Random(case_id)
    return [round(rng.uniform(0.05, 1.0), 3) for _ in range(n)]


def _functional(case: dict, n: int, weights: list[float] | None, public: bool) -> list[dict]:
    import torch
    from torchmetrics.functional.text import bleu as tm

    numerator, denominator = torch.zeros(n), torch.zeros(n)
    preds_len, target_len = tm._bleu_score_update(case["hyps"], case["refs"], numerator, denominator,
                                                  torch.tensor(0.0), torch.tensor(0.0), n, tm._tokenize_fn)
    counts = {"matches": [int(x) for x in numerator], "totals": [int(x) for x in denominator],
              "preds_len": int(preds_len), "target_len": int(target_len)}
    out = []
    for smooth in (False, True):
        score = float(tm._bleu_score_compute(preds_len, target_len, numerator, denominator, n,
                                             [1.0 / n] * n if weights is None else weights, smooth))
        if public:
            whole = float(tm.bleu_score(case["hyps"], case["refs"], n_gram=n, smooth=smooth, weights=weights))
            assert whole == score, (case["id"], n, smooth, whole, score)
        settings = {"n_gram": n, "smooth": smooth, **({"weights": weights} if weights is not None else {})}
        out.append({"case": case["id"], "settings": settings, "output": {**counts, "score": score}})
    return out


def _class_per_segment(case: dict, n: int, smooth: bool) -> dict:
    from torchmetrics.text import BLEUScore

    metric = BLEUScore(n_gram=n, smooth=smooth)
    for hyp, refs in zip(case["hyps"], case["refs"]):
        metric.update([hyp], [refs])
    return {"case": case["id"], "settings": {"n_gram": n, "smooth": smooth, "api": "BLEUScore, one update a segment"},
            "output": {"score": float(metric.compute())}}


def record(cases: list[dict]) -> list[dict]:
    records = []
    for i, case in enumerate(cases):
        public = "source" not in case  # the WMT21 corpora: the functions only (bleu_score is the same two calls)
        for n in (1, 2, 3, 4):
            records += _functional(case, n, None, public)
            if i % 3 == 0:
                records += _functional(case, n, _weights(f"{case['id']}-{n}", n), public)
        if i % 10 == 0 and len(case["hyps"]) > 1:
            records += [_class_per_segment(case, 3, True), _class_per_segment(case, 4, False)]
    return records
