"""Bootstrap intervals and paired tests next to the real sacreBLEU; the paper's block method."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from conftest import count_oracle
from sacrebleu.metrics import BLEU
from sacrebleu.significance import PairedTest, _bootstrap_resample

import bleu_explain as bx
from bleu_explain.analysis import blocks, significance
from bleu_explain.engine.errors import BleuInputError

WORDS = ("the a cat dog sat ran on under mat house river quickly slowly big small red green it is was "
         "and of to in , . ! government said on Tuesday that").split()


def make_corpus(n_segments: int, n_refs: int = 1, seed: int = 7, noise=(0.5, 0.35)):
    """Random references and two noisy 'systems' of different quality."""
    rng = random.Random(seed)
    refs = []
    for _ in range(n_segments):
        base = [rng.choice(WORDS) for _ in range(rng.randint(4, 22))]
        seg = [" ".join(base)]
        for _ in range(n_refs - 1):
            seg.append(" ".join(w if rng.random() > 0.3 else rng.choice(WORDS) for w in base))
        refs.append(seg)

    def noisy(p):
        out = []
        for seg in refs:
            toks = seg[0].split()
            toks = [w if rng.random() > p else rng.choice(WORDS) for w in toks]
            if rng.random() < 0.2:
                toks = toks[: max(1, len(toks) - 3)]
            out.append(" ".join(toks))
        return out

    return noisy(noise[0]), noisy(noise[1]), refs


#: The engine keeps BLEU on the 0..1 scale and gives the 0..100 score as 100 * bleu, so a score can
#: differ from sacreBLEU's own percent value in the last bit (x / 100 * 100 != x for some x).
ULPS = 4 * 2.0 ** -52


def same(a, b) -> bool:
    """Equal up to the last bits of a double."""
    return math.isclose(a, b, rel_tol=ULPS, abs_tol=1e-300)


def same_all(a, b) -> bool:
    return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))


def streams(refs):
    return [list(s) for s in zip(*refs)]


@pytest.fixture
def sacrebleu_seed(monkeypatch):
    """sacreBLEU reads its seed from the environment."""

    def set_seed(seed):
        monkeypatch.setenv("SACREBLEU_SEED", str(seed))

    return set_seed


# ---------------------------------------------------------------------- single system
@pytest.mark.parametrize("n_refs,seed,n_samples", [(1, 12345, 1000), (2, 3, 200), (4, 99, 401)])
def test_bootstrap_ci_equals_sacrebleu(n_refs, seed, n_samples, sacrebleu_seed):
    base, _, refs = make_corpus(120, n_refs)
    sacrebleu_seed(seed)
    metric = BLEU()
    theirs = metric.corpus_score(base, streams(refs), n_bootstrap=n_samples)
    ours = significance.bootstrap_ci(base, refs, n_samples=n_samples, seed=seed)
    assert same(ours.score, theirs.score)
    assert same(ours.mean, theirs._mean)
    assert math.isclose(ours.ci, theirs._ci, rel_tol=1e-12, abs_tol=1e-12)
    assert ours.signature == metric.get_signature().format()
    # every resampled score, to the last bits (sacreBLEU's float32 statistics included)
    stats = metric._extract_corpus_statistics(base, streams(refs))
    _, their_scores = _bootstrap_resample(stats, metric, n_samples)
    assert same_all(ours.sample_scores.tolist(), [s.score for s in their_scores])
    assert ours.lower <= ours.mean <= ours.upper
    assert math.isclose(ours.upper - ours.lower, 2 * ours.ci)
    count_oracle("sacrebleu")


@pytest.mark.parametrize("settings", [{"smooth": "floor"}, {"smooth": "add-k"}, {"lowercase": True, "tokenize": "intl"},
                                      {"smooth": "none"}])
def test_bootstrap_ci_other_settings_equal_sacrebleu(settings, sacrebleu_seed):
    base, _, refs = make_corpus(60, 2, seed=11)
    sacrebleu_seed(12345)
    kw = {"smooth_method": settings.get("smooth", "exp"), "lowercase": settings.get("lowercase", False),
          "tokenize": settings.get("tokenize", "13a")}
    theirs = BLEU(**kw).corpus_score(base, streams(refs), n_bootstrap=300)
    ours = significance.bootstrap_ci(base, refs, n_samples=300, **settings)
    assert same(ours.score, theirs.score) and same(ours.mean, theirs._mean)
    assert math.isclose(ours.ci, theirs._ci, rel_tol=1e-12, abs_tol=1e-12)
    count_oracle("sacrebleu")


def test_bootstrap_returns_distribution_for_plots():
    base, _, refs = make_corpus(40)
    r = significance.bootstrap_ci(base, refs, n_samples=250)
    assert isinstance(r.sample_scores, np.ndarray) and r.sample_scores.shape == (250,)
    assert r.n_samples == 250 and r.seed == 12345
    assert r.format().startswith(f"{r.score:.2f} (μ = ")
    again = significance.bootstrap_ci(base, refs, n_samples=250)
    assert np.array_equal(r.sample_scores, again.sample_scores)  # fixed seed, same draws
    other = significance.bootstrap_ci(base, refs, n_samples=250, seed=1)
    assert not np.array_equal(r.sample_scores, other.sample_scores)


def test_bootstrap_other_presets_use_the_engine():
    base, _, refs = make_corpus(30, 2)
    r = significance.bootstrap_ci(base, refs, n_samples=50, preset="nltk")
    assert r.score == bx.explain_corpus(base, refs, preset="nltk").score
    assert r.signature.startswith("preset:nltk|nrefs:2|bs:50|seed:12345|")


# ---------------------------------------------------------------------- paired tests
def run_sacrebleu_paired(base, system, refs, test, n, **kw):
    sigs, scores = PairedTest([("baseline", base), ("system", system)], {"BLEU": BLEU()}, streams(refs),
                              test_type=test, n_samples=n, **kw)()
    return sigs["BLEU"].format(), scores["BLEU"][0], scores["BLEU"][1]


@pytest.mark.parametrize("n_refs,seed,n_segments", [(1, 12345, 150), (2, 7, 80), (4, 2024, 60)])
def test_paired_bootstrap_equals_sacrebleu(n_refs, seed, n_segments, sacrebleu_seed):
    base, system, refs = make_corpus(n_segments, n_refs, seed=seed % 50)
    sacrebleu_seed(seed)
    sig, bl, sy = run_sacrebleu_paired(base, system, refs, "bs", 1000)
    ours = significance.paired_bootstrap(base, system, refs, n_samples=1000, seed=seed)
    assert same(ours.baseline_score, bl.score) and same(ours.system_score, sy.score)
    assert ours.p_value == sy.p_value
    assert same(ours.system_mean, sy.mean) and math.isclose(ours.system_ci, sy.ci, rel_tol=1e-12)
    assert same(ours.baseline_mean, bl.mean) and math.isclose(ours.baseline_ci, bl.ci, rel_tol=1e-12)
    assert ours.signature == sig
    assert math.isclose(ours.observed_delta, sy.score - bl.score, rel_tol=1e-12)
    assert ours.sample_deltas.shape == (1000,)
    assert ours.p_value == (np.sum(ours.sample_deltas > abs(ours.observed_delta)) + 1) / 1001
    count_oracle("sacrebleu")


@pytest.mark.parametrize("n_refs,seed,n_segments,n_trials", [(1, 12345, 150, 10000), (2, 5, 70, 3000),
                                                             (4, 31, 40, 999)])
def test_paired_ar_equals_sacrebleu(n_refs, seed, n_segments, n_trials, sacrebleu_seed):
    base, system, refs = make_corpus(n_segments, n_refs, seed=seed % 50, noise=(0.45, 0.4))
    sacrebleu_seed(seed)
    sig, bl, sy = run_sacrebleu_paired(base, system, refs, "ar", n_trials)
    ours = significance.paired_approximate_randomization(base, system, refs, n_samples=n_trials, seed=seed)
    assert same(ours.baseline_score, bl.score) and same(ours.system_score, sy.score)
    assert ours.p_value == sy.p_value
    assert ours.signature == sig
    assert ours.system_mean is None and sy.mean is None
    assert ours.sample_deltas.shape == (n_trials,)
    count_oracle("sacrebleu")


def test_paired_ar_with_confidence_equals_sacrebleu(sacrebleu_seed):
    base, system, refs = make_corpus(50, 2, seed=3)
    sacrebleu_seed(12345)
    sig, bl, sy = run_sacrebleu_paired(base, system, refs, "ar", 500, n_ar_confidence=200)
    ours = significance.paired_approximate_randomization(base, system, refs, n_samples=500, n_ar_confidence=200)
    assert ours.p_value == sy.p_value
    assert same(ours.system_mean, sy.mean) and math.isclose(ours.system_ci, sy.ci, rel_tol=1e-12)
    assert same(ours.baseline_mean, bl.mean) and math.isclose(ours.baseline_ci, bl.ci, rel_tol=1e-12)
    assert ours.signature == sig
    count_oracle("sacrebleu")


def test_paired_tests_of_a_system_against_itself(sacrebleu_seed):
    base, _, refs = make_corpus(30)
    # sacreBLEU counts resampled statistics strictly greater than the observed one. For two identical
    # systems every resampled statistic is 0, none is > 0, and the p-value is the smallest possible,
    # 1 / (n + 1): a quirk we keep (multeval's comment: a zero difference "should not be attributed to chance").
    sacrebleu_seed(12345)
    for test, fn in (("bs", significance.paired_bootstrap), ("ar", significance.paired_approximate_randomization)):
        ours = fn(base, base, refs, n_samples=200)
        _, _, sy = run_sacrebleu_paired(base, base, refs, test, 200)
        assert ours.observed_delta == 0.0
        assert ours.p_value == sy.p_value == 1 / 201
        count_oracle("sacrebleu")


def test_paired_results_keep_the_distributions():
    base, system, refs = make_corpus(60)
    bs = significance.paired_bootstrap(base, system, refs, n_samples=300)
    assert np.allclose(bs.signed_deltas, bs.system_sample_scores - bs.baseline_sample_scores)
    assert np.allclose(bs.sample_deltas, np.abs(bs.signed_deltas) - np.abs(bs.signed_deltas).mean())
    assert bs.statistic == abs(bs.observed_delta)
    ar = significance.paired_approximate_randomization(base, system, refs, n_samples=300)
    assert np.allclose(ar.sample_deltas, np.abs(ar.signed_deltas))
    assert "p = " in ar.summary() and "approximate randomization" in ar.summary()


def test_paired_tests_table():
    base, system, refs = make_corpus(40)
    table = significance.paired_tests_table({"base": base, "new": system}, refs, n_samples=100)
    assert list(table.index) == ["base", "new"]
    assert table.loc["new", "p_value"] == significance.paired_bootstrap(base, system, refs, n_samples=100).p_value
    with pytest.raises(BleuInputError, match="no system named"):
        significance.paired_tests_table({"base": base, "new": system}, refs, baseline="old")
    with pytest.raises(BleuInputError, match="'bs'"):
        significance.paired_tests_table({"base": base, "new": system}, refs, test="t")


def test_bad_inputs_are_named():
    base, system, refs = make_corpus(10)
    with pytest.raises(BleuInputError, match="n_samples"):
        significance.bootstrap_ci(base, refs, n_samples=0)
    with pytest.raises(BleuInputError, match="seed"):
        significance.paired_bootstrap(base, system, refs, seed=-1)
    with pytest.raises(BleuInputError, match="system: there are 9 candidates"):
        significance.paired_bootstrap(base, system[:-1], refs)
    with pytest.raises(BleuInputError, match="n_ar_confidence"):
        significance.paired_approximate_randomization(base, system, refs, n_ar_confidence=0)
    with pytest.raises(BleuInputError, match="unknown preset"):
        significance.bootstrap_ci(base, refs, preset="bleu")


def test_estimate_ci_and_p_value_helpers():
    scores = np.linspace(0, 10, 1000)
    mean, ci, lower, upper = significance.estimate_ci(scores)
    assert lower == scores[25] and upper == scores[974]
    assert significance.p_value(np.zeros(9), 0.0) == 0.1


# ---------------------------------------------------------------------- the paper's block method
def test_block_t_test_by_hand():
    base, system, refs = make_corpus(100, 2, seed=4)
    r = blocks.block_t_test({"base": base, "system": system}, refs, n_blocks=10)
    assert r.block_sizes == [10] * 10
    for b in range(10):
        seg = slice(10 * b, 10 * b + 10)
        expected = bx.explain_corpus(system[seg], refs[seg]).score
        assert math.isclose(r.block_scores.loc[b + 1, "system"], expected, rel_tol=1e-12)
    d = r.block_scores["system"] - r.block_scores["base"]
    t = d.mean() / (d.std(ddof=1) / math.sqrt(10))
    assert math.isclose(r.t_statistics["system"], t, rel_tol=1e-9)
    from scipy import stats

    assert math.isclose(r.p_values["system"], stats.ttest_rel(r.block_scores["system"], r.block_scores["base"]).pvalue,
                        rel_tol=1e-9)
    assert r.t_statistics["base"] is None
    assert math.isclose(r.stds["base"], r.block_scores["base"].std(ddof=1))
    table = r.table()
    assert list(table.index) == ["mean", "std", "t", "p (two-sided)"]


def test_block_t_test_uneven_blocks_and_errors():
    base, system, refs = make_corpus(23)
    r = blocks.block_t_test({"a": base, "b": system}, refs, n_blocks=5, scale=1)
    assert r.block_sizes == [5, 5, 5, 4, 4]
    assert r.block_scores.max().max() <= 1.0
    with pytest.raises(BleuInputError, match="only 23 segments"):
        blocks.block_t_test({"a": base}, refs, n_blocks=24)
    with pytest.raises(BleuInputError, match="n_blocks"):
        blocks.block_t_test({"a": base}, refs, n_blocks=1)
    with pytest.raises(BleuInputError, match="system 'b'"):
        blocks.block_t_test({"a": base, "b": system[:5]}, refs)
    same = blocks.block_t_test({"a": base, "b": base}, refs, n_blocks=4)
    assert same.t_statistics["b"] is None  # all block differences are 0


def test_reference_count_experiment():
    base, system, refs = make_corpus(30, 3, seed=9)
    df = blocks.reference_count_experiment(base, refs)
    assert len(df) == 7 and list(df["n_refs"]) == [1, 1, 1, 2, 2, 2, 3]
    for _, row in df.iterrows():
        sub = [[seg[j] for j in row["subset"]] for seg in refs]
        assert math.isclose(row["score"], bx.explain_corpus(base, sub).score, rel_tol=1e-12)
    means = blocks.mean_by_count(df)
    assert means.loc[2, "mean"] == pytest.approx(df[df.n_refs == 2]["score"].mean())
    # more references, more matches: the all-references score beats every single reference
    assert df[df.n_refs == 3]["score"].iloc[0] >= df[df.n_refs == 1]["score"].max()
    both = blocks.reference_count_experiment({"base": base, "system": system}, refs)
    assert set(both["system"]) == {"base", "system"} and len(both) == 14
    assert list(blocks.mean_by_count(both).index.names) == ["system", "n_refs"]
    with pytest.raises(BleuInputError, match="different numbers of references"):
        blocks.reference_count_experiment(base[:2], [refs[0], refs[1][:2]])


def test_nltk_last_segment_smoothing_cannot_be_resampled_but_blocks_work():
    base, system, refs = make_corpus(20)
    with pytest.raises(BleuInputError, match="LAST segment"):
        significance.bootstrap_ci(base, refs, n_samples=10, preset="nltk", smooth="method5")
    with pytest.raises(BleuInputError, match="LAST segment"):
        significance.paired_approximate_randomization(base, system, refs, n_samples=10, preset="nltk",
                                                      smooth="method7")
    r = blocks.block_t_test({"a": base, "b": system}, refs, n_blocks=4, preset="nltk", smooth="method5")
    assert math.isclose(r.block_scores.loc[4, "b"], bx.explain_corpus(system[15:], refs[15:], preset="nltk",
                                                                      smooth="method5").score, rel_tol=1e-12)
