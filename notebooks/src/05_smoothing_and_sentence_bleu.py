# %% [markdown] slideshow={"slide_type": "slide"}
# # 05 · Smoothing and sentence BLEU
#
# ## Learning goals
# - See why BLEU of a single sentence is often exactly 0: one n-gram order without a match zeroes the
#   geometric mean.
# - Compare how sacreBLEU (none, floor, add-k, exp) and NLTK (methods 0–7) *smooth* that zero, side by side.
# - Use sacreBLEU's effective order for sentences too short to have 4-grams.
# - Explain why the mean of sentence BLEUs is not corpus BLEU, and why NLTK's smoothed corpus BLEU depends
#   on the order of the sentences.
#
# BLEU was designed for a whole test corpus (notebook 04 ended on this). Yet people want a score per
# sentence: to find the worst translations, to tune a system, to compare two outputs of one sentence. This
# notebook is about what goes wrong then, and the patches the tools apply.
#
# *Shift-Enter for the win:* run the cells in order; each one shows something.

# %% slideshow={"slide_type": "skip"}
import math
import textwrap
from collections import Counter

import pandas as pd

import bleu_explain as bx
from bleu_explain.data import examples
from bleu_explain.display import plots

pd.set_option("display.max_colwidth", 200)  # show the explanations in full

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 1. One zero count, and the sentence scores 0
#
# "the cat sat on a mat" against "the cat is on the mat" gets four words and one bigram right, but no
# trigram and no 4-gram. BLEU is a geometric mean: a single p₄ = 0 makes the product 0, whatever the other
# precisions are. sacreBLEU with `smooth="none"` (as the paper and multi-bleu.perl compute it):

# %%
cat_candidate, cat_references = examples.CAT_SAT_CANDIDATE, [examples.CAT_SAT_REFERENCE]
cat = bx.explain(cat_candidate, cat_references, smooth="none")
cat

# %% [markdown]
# ### Build it yourself: the clipped counts
#
# Where do the zeros come from? Count each order's n-grams with a `Counter`, clip each count at its max-ref
# count (notebook 02), and keep the number of candidate n-grams beside it. The sentences have no
# punctuation, so `split()` gives the tokens sacreBLEU's 13a tokenizer gives.

# %%
def ngram_counts(words: list[str], n: int) -> Counter:
    return Counter(tuple(words[i:i + n]) for i in range(len(words) - n + 1))  # each n-gram with its count


def clipped_counts(candidate: str, references: list[str], n: int) -> tuple[int, int]:
    candidate_counts = ngram_counts(candidate.split(), n)
    max_ref_count = Counter()
    for ref in references:
        max_ref_count |= ngram_counts(ref.split(), n)  # | keeps the larger count of each n-gram
    clipped = sum(min(count, max_ref_count[ngram]) for ngram, count in candidate_counts.items())
    return clipped, sum(candidate_counts.values())  # order n: (clipped matches, candidate n-grams)


mine = [clipped_counts(cat_candidate, cat_references, n) for n in range(1, 5)]
mine

# %% [markdown]
# The engine's clipped `matches` over its `totals`, order by order:

# %%
engine = list(zip(cat.matches, cat.totals))
assert mine == engine
print("mine:  ", "  ".join(f"{m}/{t}" for m, t in mine))
print("engine:", "  ".join(f"{m}/{t}" for m, t in engine))

# %% [markdown]
# Over a corpus this rarely matters, because matches are summed over all sentences before the mean is
# taken. Per sentence it matters a lot. The bundled teaching corpus has five translations of each sentence
# (S1–S3 machine-like, worst to best; H1 and H2 human), scored here with sacreBLEU's defaults. For each
# translation, how many of its sentences have *no* match at each order, and how many 4-gram matches the whole
# corpus has:

# %%
corpus = bx.load_corpus()
systems = bx.explain_systems(corpus.systems, corpus.references)
rows = {}
for name, result in systems.items():
    segments = result.sentence_table()
    rows[name] = {"sentences": len(segments)} | {
        f"no {n}-gram match": int((segments[f"matches_{n}"] == 0).sum()) for n in range(1, 5)}
    rows[name]["4-gram matches in the corpus"] = result.matches[3]
pd.DataFrame.from_dict(rows, orient="index")

# %% [markdown]
# Without smoothing, every sentence counted in the "no 4-gram match" column scores exactly 0, good
# words or not. Smoothing replaces a zero precision by a small positive number.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 2. Every smoothing method, side by side
#
# sacreBLEU has four methods (`smooth=` "none", "floor", "add-k", "exp"; exp is its default). NLTK's
# `SmoothingFunction` has eight, `method0` to `method7` (methods 1–7 follow Chen and Cherry 2014). Here are
# all twelve, each with what it does to an order without matches (NLTK's defaults: epsilon 0.1, alpha 5, k 5):

# %%
SMOOTHING = {
    ("sacreBLEU", "none"): "no smoothing: a zero precision makes BLEU 0",
    ("sacreBLEU", "floor"): "a zero match count becomes 0.1",
    ("sacreBLEU", "add-k"): "add 1 to the matches and totals of orders 2 and up",
    ("sacreBLEU", "exp"): "the k-th order without matches gets 1/(2^k x total) (the default)",
    ("NLTK", "method0"): "none: a zero precision becomes the smallest float, so BLEU is tiny, not 0",
    ("NLTK", "method1"): "a zero match count becomes epsilon = 0.1",
    ("NLTK", "method2"): "add 1 to the matches and totals of orders 2 and up",
    ("NLTK", "method3"): "the k-th order without matches gets 1/(2^k x total), like sacreBLEU's exp",
    ("NLTK", "method4"): "like method3, scaled by ln(length)/5: shorter sentences get less",
    ("NLTK", "method5"): "each p_n becomes the mean of itself and its two neighbours",
    ("NLTK", "method6"): "orders 3 and up are interpolated with the prior p_(n-1)^2 / p_(n-2)",
    ("NLTK", "method7"): "method4, then method5",
}

# %% [markdown]
# Scored for two short sentences: the cat above, and "it is a ship" against the four "ship" references of
# the "Introduction to BLEU in Python" NLTK tutorial, on the 0–100 scale. Where NLTK itself would stop with an
# error, the cell shows the engine's message instead of a number.

# %%
def smoothing_table(pairs: list) -> pd.DataFrame:
    """Sentence BLEU (0-100) of each (candidate, references) under every method, or the reason it has none."""
    rows = {}
    for (tool, smooth), what in SMOOTHING.items():
        row = rows[tool, smooth] = {"what it does": what}
        for candidate, references in pairs:
            try:
                score = bx.explain(candidate, references, preset=tool.lower(), smooth=smooth).score
                row[candidate] = f"{score:.2f}" if score == 0 or score >= 0.01 else f"{score:.2g}"
            except bx.BleuComputationError as error:
                row[candidate] = str(error)
    return pd.DataFrame.from_dict(rows, orient="index")


smoothing_table([(cat_candidate, cat_references), ("it is a ship", list(examples.SHIP_REFERENCES))])

# %% [markdown]
# What to read off the table:
#
# - **No smoothing** gives 0 for both. NLTK's method0 gives numbers with seventy-odd zeros after the decimal
#   point: it replaces each zero precision by the smallest float, so the score is absurdly small but not 0
#   (two zeros: smaller still).
# - sacreBLEU's **floor** and NLTK's **method1** are the same idea, and so are **add-k** and **method2**,
#   **exp** and **method3**: same numbers in different tools.
# - The range is wide: compare the smallest and the largest number in each column. A sentence BLEU means
#   little unless you say which smoothing produced it.
# - **method6** needs a trigram match; the cat has none, and NLTK fails with an assertion there. Its message
#   says "non-zero precision for bigrams", but the precision it checks is the trigrams' (`p_n[2]`, order 3):
#   the message names the wrong order.
#
# ### Build it yourself: exp smoothing
#
# sacreBLEU's default: an order with matches keeps clipped/total; the k-th order *without* a match gets
# 1/(2^k × total). For the cat, p₃ and p₄ have no matches, so the first gets 1/(2 × 4) and the second
# 1/(4 × 3). Your counts from section 1 go in:

# %%
def exp_smoothed(counts: list[tuple[int, int]]) -> list[float]:
    """sacreBLEU's exp smoothing of (clipped, total) per order: the k-th zero becomes 1 / (2**k * total)."""
    precisions, orders_without_match = [], 0
    for clipped, total in counts:
        if clipped == 0:
            orders_without_match += 1
            precisions.append(1 / (2 ** orders_without_match * total))
        else:
            precisions.append(clipped / total)
    return precisions


my_precisions = exp_smoothed(mine)
my_precisions

# %% [markdown]
# The precisions the engine combined under `smooth="exp"`. sacreBLEU divides on its 0–100 scale, so the
# last of the 16 digits may differ; the check allows for that and nothing more:

# %%
cat_exp = bx.explain(cat_candidate, cat_references, smooth="exp")
assert all(math.isclose(a, b, rel_tol=1e-12) for a, b in zip(my_precisions, cat_exp.precisions))
print("mine:  ", my_precisions)
print("engine:", list(cat_exp.precisions))

# %% [markdown]
# Then the geometric mean (equal weights ¼, in log space) and the brevity penalty of notebook 04:

# %%
def geometric_mean(precisions: list[float]) -> float:
    """exp of the mean log: the N-th root of the product of the precisions."""
    return math.exp(sum(math.log(p) for p in precisions) / len(precisions))


def brevity_penalty(c: int, r: int) -> float:
    return 1.0 if c > r else math.exp(1 - r / c)


c, r = len(cat_candidate.split()), len(cat_references[0].split())
my_score = 100 * brevity_penalty(c, r) * geometric_mean(my_precisions)
my_score

# %% [markdown]
# The engine's score for the same sentence:

# %%
assert math.isclose(my_score, cat_exp.score, rel_tol=1e-12)
print("mine:  ", my_score)
print("engine:", cat_exp.score)

# %% [markdown]
# The engine's precision table shows every step you just wrote, and the diamonds in the plot are the
# values the tool actually combined.

# %%
cat_exp.precision_table().round(4)

# %%
plots.plot_precisions(cat_exp)

# %% [markdown]
# And NLTK's method0 for the same sentence, in log space: the zero precisions are replaced by the smallest
# float. Its log is about −708; times the weight ¼ that is the −177 of each stand-in bar, and together they
# drag the score down to almost nothing.

# %%
plots.plot_log_combination(bx.explain(cat_candidate, cat_references, preset="nltk"))

# %% [markdown] slideshow={"slide_type": "skip"}
# *Change it and see:* put a sentence of your own in `yours` (and its references), and see which
# methods agree.

# %% slideshow={"slide_type": "skip"}
yours = ("the dog bit a postman", ["the dog bit the postman this morning"])  # try your own
smoothing_table([yours])

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 3. Effective order: sentences without 4-grams
#
# A one-word candidate has no bigrams at all: p₂, p₃ and p₄ are 0/0, not 0/something. The NLTK tutorial
# scores the candidate "it" against its four "ship" references. sacreBLEU's `BLEU` class by default
# (`effective_order=False`) stops at the first order without n-grams and scores 0; with `effective_order=True`
# it takes the geometric
# mean over the orders the candidate *can* have (here only the first), and what remains is the brevity
# penalty, exp(1 − 3/1).
#
# ### Build it yourself: effective order
#
# A candidate of c words has n-grams up to order c only; effective order takes the mean over those orders.
# Everything else is the pieces you have built: clipped counts, exp smoothing, the closest reference length
# (ties to the shorter, notebook 04) and the brevity penalty.

# %%
def sentence_bleu_effective_order(candidate: str, references: list[str], max_order: int = 4) -> float:
    """sacreBLEU's sentence BLEU (0-100) with effective_order=True."""
    c = len(candidate.split())
    effective_order = min(max_order, c)  # no n-grams longer than the candidate
    counts = [clipped_counts(candidate, references, n) for n in range(1, effective_order + 1)]
    r = min((len(ref.split()) for ref in references), key=lambda length: (abs(length - c), length))
    return 100 * brevity_penalty(c, r) * geometric_mean(exp_smoothed(counts))


ship_references = list(examples.SHIP_REFERENCES)
my_it_score = sentence_bleu_effective_order("it", ship_references)
my_it_score

# %% [markdown]
# The engine with sacreBLEU's settings and `effective_order=True`. (Its 13a tokenizer also splits the comma
# off "a ship, it is"; that reference is not the closest, so the number is the same.)

# %%
engine_it = bx.explain("it", ship_references, effective_order=True)
assert math.isclose(my_it_score, engine_it.score, rel_tol=1e-12)
print("mine:  ", my_it_score)
print("engine:", engine_it.score)

# %% [markdown]
# And without effective order, side by side. The signature records the choice as `eff:no` or `eff:yes`:

# %%
effective = {flag: bx.explain("it", ship_references, effective_order=flag) for flag in (False, True)}
pd.DataFrame.from_dict({flag: {"score": r.score, "orders combined": r.breakdown.orders_used,
                              "brevity penalty": r.brevity_penalty} for flag, r in effective.items()},
                       orient="index").rename_axis("effective_order").round(4)

# %% [markdown]
# Each row's signature, and its note: the engine's own explanation of what happened (`result.notes`):

# %%
for flag, r in effective.items():
    print(f"effective_order={flag}  {r.signature}")
    print(textwrap.fill(" ".join(r.notes), width=90, initial_indent="    ", subsequent_indent="    "))

# %% [markdown]
# Be careful when comparing numbers: sacreBLEU's older `sentence_bleu()` function and its command line with
# `-sl` turn effective order **on**, its `BLEU` class leaves it **off**.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 4. The mean of sentence BLEUs is not corpus BLEU
#
# Corpus BLEU sums the matches, the totals and the lengths over all sentences, then combines them once
# (the paper, §2.1.1 and §2.2.2). Averaging sentence BLEUs instead gives a different number, with sacreBLEU's
# default settings on the teaching corpus:

# %%
rows = {}
for name, result in systems.items():
    sentence_bleu = [bleu for bleu in result.sentence_scores if bleu is not None]  # 0-1, one per sentence
    mean = 100 * sum(sentence_bleu) / len(sentence_bleu)
    rows[name] = {"corpus BLEU": result.score, "mean sentence BLEU": mean, "difference": mean - result.score}
pd.DataFrame.from_dict(rows, orient="index").round(2)

# %% [markdown]
# Three reasons: a mean of ratios is not a ratio of sums (a short sentence weighs as much as a long one);
# each sentence gets its own brevity penalty, which punishes short sentences harshly (notebook 04); and
# smoothing adds made-up counts to every sentence with a zero. The plot shows the spread for one system:
# sentence BLEU against sentence length, with the corpus score as a dashed line.

# %%
plots.plot_sentence_length(systems["S2"], label="system S2, teaching corpus")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 5. NLTK's corpus smoothing looks at the last sentence only
#
# NLTK's `corpus_bleu` sums the counts correctly, but then calls the smoothing function with the
# *last* sentence pair's hypothesis and references. Methods 0–4 do not use them, so they are safe.
# Methods 5–7 do, so the corpus score depends on which sentence comes last. A three-sentence corpus,
# scored as given and reversed:

# %%
small_cands, small_refs = [list(part) for part in zip(*examples.SMOOTHING_CORPUS)]
rows = {}
for method in [f"method{k}" for k in range(8)]:
    given = bx.explain_corpus(small_cands, small_refs, preset="nltk", smooth=method).score
    reversed_order = bx.explain_corpus(small_cands[::-1], small_refs[::-1], preset="nltk", smooth=method).score
    rows[method] = {"as given": given, "reversed": reversed_order, "same": math.isclose(given, reversed_order)}
pd.DataFrame.from_dict(rows, orient="index")

# %% [markdown]
# The same three sentences, a different score. The engine says why, in its notes for method 5 (and the
# NLTK issue tracker has an open pull request, #3903, about exactly this):

# %%
bx.explain_corpus(list(small_cands), [list(r) for r in small_refs], preset="nltk", smooth="method5").notes

# %% [markdown]
# Notice also that at corpus level methods 1, 3 and 4 give the same score as method0: summed over three
# sentences, no order has zero matches left to smooth.
#
# *Notebook as app:* in the explorer below choose the preset and the smoothing from the drop-downs and
# watch the precisions move. (Every number above was computed without it.)

# %%
from bleu_explain.display.widgets import BleuExplorer

BleuExplorer(cat_candidate, cat_references, preset="nltk", plot="log combination")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Now you try
#
# Two exercises. The checker tells you what is wrong and gives a hint, but never the answer.

# %%
from bleu_explain.course.checker import check, exercises_for, solution

exercises_for("05_smoothing_and_sentence_bleu")

# %% [markdown]
# **Exercise 1.** A word salad: the candidate "mat on cat the is the" has every word of "the cat is on the
# mat" and not one of its bigrams. With sacreBLEU's defaults (exp smoothing), which p₂, p₃ and p₄ does
# sacreBLEU combine? Give them as fractions.

# %%
answer = ("0/5", "0/4", "0/3")  # replace with the smoothed (p2, p3, p4)
check("05_smoothing_and_sentence_bleu", "exp_smoothing", answer)

# %% tags=["solution"] slideshow={"slide_type": "skip"}
# Run this after you have tried the exercise above: it shows the worked solution.
solution("05_smoothing_and_sentence_bleu", "exp_smoothing")

# %% [markdown]
# **Exercise 2.** The candidate "ship it" against the four "ship" references (`examples.SHIP_REFERENCES`), with
# sacreBLEU's defaults and `effective_order=True`. What score (0–100) does it get? Work it out by hand first,
# then check.

# %%
score = None  # replace with a number on the 0-100 scale
check("05_smoothing_and_sentence_bleu", "effective_order", score)

# %% tags=["solution"] slideshow={"slide_type": "skip"}
# Run this after you have tried the exercise above: it shows the worked solution.
solution("05_smoothing_and_sentence_bleu", "effective_order")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Summary
#
# - One n-gram order without matches makes unsmoothed sentence BLEU 0; sacreBLEU and NLTK smooth that zero in twelve different ways that give very different sentence scores, and effective order handles sentences too short for 4-grams.
# - Corpus BLEU is not the mean of sentence BLEUs, and NLTK's smoothed corpus BLEU (methods 5–7) even depends on which sentence comes last: always say how a score was computed.
#
# Next: [06 · Why bad candidates score high](06_why_bad_candidates_score_high.ipynb)
#
# References: [the course's sources](../docs/references.md) · Glossary: [the course's terms in English and Chinese](../docs/glossary.md)
