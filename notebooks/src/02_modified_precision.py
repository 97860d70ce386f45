# %% [markdown] slideshow={"slide_type": "slide"}
# # 02 · Modified precision
#
# ## Learning goals
# - Compute modified n-gram precision in six steps: count, count in each reference, take the max-ref count, clip, add the clipped counts, divide; and write the steps yourself in a few lines of Python.
# - Reproduce the paper's Example 1 (17/18 and 10/17 for candidate 1, 8/14 and 1/13 for candidate 2) and read its highlighting.
# - Find which text normalisation gives the paper's fractions, and why it is more than the paper names.
# - Compute modified precision over a corpus, and see why it is not the average of the sentence precisions.
#
# Notebook 01 showed why plain precision fails: a candidate can repeat a word that is in the references.
# BLEU's answer is *modified* precision, also called *clipped* precision. Here we take it apart, one step at
# a time, for single words (unigrams) and then for any n-gram.

# %% slideshow={"slide_type": "skip"}
import pandas as pd

import bleu_explain as bx
from bleu_explain.data import examples
from bleu_explain.analysis.stated import beside_stated

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 1. Six steps
#
# The "BLEU - Bilingual Evaluation Understudy" step-by-step tutorial computes modified precision in six
# steps. For every distinct n-gram of the candidate:
#
# 1. **Count**: how often it occurs in the candidate.
# 2. **Count in each reference**: Ref 1 count, Ref 2 count, ...
# 3. **Max-ref count**: the largest of those reference counts.
# 4. **Clip**: min(Count, Max-ref count).
#
# Then, over all the candidate's n-grams:
#
# 5. **Add** the clipped counts.
# 6. **Divide** by the number of candidate n-grams (unclipped, repeats included).
#
# (The tutorial's wording of step 1 says "the maximum number of times a candidate n-gram occurs in any
# single reference", which is step 3; *Count* is the count in the candidate.)
#
# `ngram_table()` shows steps 1–4 as columns. Start with the small example of the "Introduction to BLEU in
# Python" NLTK tutorial, which uses NLTK's whitespace tokens; `preset="nltk"` does the same.

# %%
small = bx.explain(examples.NLTK_CLIP_CANDIDATE, list(examples.NLTK_CLIP_REFERENCES), preset="nltk", max_order=1)
table = small.ngram_table(1)
table

# %% [markdown]
# The NLTK tutorial prints `result from count clip: {('is',): 1, ('some',): 0}`. Our clipped column:

# %%
dict(zip(table["ngram"], table["clipped"]))

# %% [markdown]
# Reference 2 says "is" three times, but the candidate says it once, so clipping leaves it at 1: clipping
# only ever *caps* a count. "some" is in no reference, so its max-ref count is 0. Steps 5 and 6:

# %%
small.matches[0], small.totals[0], small.fraction()

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 2. The paper's Example 1
#
# The paper (Papineni et al. 2002, §2.1) gives two candidate translations of a Chinese sentence and three
# references. Candidate 1 is a fair translation, candidate 2 a poor one.

# %%
refs_1 = list(examples.EXAMPLE_1_REFERENCES)
cand_1, cand_2 = examples.EXAMPLE_1_CANDIDATE_1, examples.EXAMPLE_1_CANDIDATE_2
candidates = {"candidate 1": cand_1, "candidate 2": cand_2}
for label, text in [*candidates.items(), *((f"reference {k}", ref) for k, ref in enumerate(refs_1, 1))]:
    print(f"{label:>11}: {text}")

# %% [markdown]
# ### Build it yourself: modified precision for any n
#
# First the counting (step 1). `words` does to these sentences what `preset="paper"` does (fold case, drop
# the full stop, their only punctuation); `ngram_counts` slides a window of n words along them and counts
# each n-gram.

# %%
from collections import Counter


def words(text: str) -> list[str]:
    """Fold case and drop the full stop: what preset="paper" does to these sentences."""
    return text.lower().replace(".", "").split()


def ngram_counts(tokens: list[str], n: int) -> Counter:
    """Step 1: each n-gram of the tokens (a tuple of n words) with its count, repeats included."""
    return Counter(tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1))


ngram_counts(words(cand_1), 1).most_common(3), ngram_counts(words(cand_1), 2).most_common(2)

# %% [markdown]
# Then steps 2–6 for one order n, and every order from 1 to 4 for both candidates:

# %%
def modified_precision(candidate: str, references: list[str], n: int) -> tuple[int, int]:
    """Steps 2-6 for order n: (clipped matches, candidate n-grams); their ratio is p_n."""
    candidate_counts = ngram_counts(words(candidate), n)
    reference_counts = [ngram_counts(words(ref), n) for ref in references]
    clipped = 0
    for ngram, count in candidate_counts.items():
        max_ref_count = max(ref[ngram] for ref in reference_counts)  # steps 2 and 3
        clipped += min(count, max_ref_count)  # steps 4 and 5
    return clipped, sum(candidate_counts.values())  # step 6 divides the first by the second


mine = {name: [modified_precision(text, refs_1, n) for n in range(1, 5)] for name, text in candidates.items()}
mine

# %% [markdown]
# The engine, with `preset="paper"` and its default four orders, on the same sentences: its clipped
# `matches` and its `totals`, order by order.

# %%
engine = {name: bx.explain(text, refs_1, preset="paper") for name, text in candidates.items()}
engine_counts = {name: list(zip(r.matches, r.totals)) for name, r in engine.items()}
assert mine == engine_counts
for name in candidates:
    print(f"{name}  mine:   " + "  ".join(f"{m}/{t}" for m, t in mine[name]))
    print(f"{name}  engine: " + "  ".join(f"{m}/{t}" for m, t in engine_counts[name]))

# %% [markdown]
# From here on we score both with orders 1 and 2, the two the paper reports for this example. The engine's
# tables show the steps you just wrote, as columns. Here are the six steps for candidate 1's unigrams.
# Look at "the": it occurs 3 times in the candidate and up to 4 times in reference 2, so all 3 are
# credited. "obeys" is in no reference.

# %%
c1 = bx.explain(cand_1, refs_1, preset="paper", max_order=2)
c2 = bx.explain(cand_2, refs_1, preset="paper", max_order=2)
c1.ngram_table(1)

# %% [markdown] slideshow={"slide_type": "skip"}
# And candidate 2's bigrams: only one of its 13 bigrams occurs in a reference.

# %% slideshow={"slide_type": "skip"}
c2.ngram_table(2)

# %% [markdown]
# The paper states both candidates' unigram and bigram precisions (Papineni et al. 2002, §2.1), and the
# "BLEU - Bilingual Evaluation Understudy" step-by-step tutorial repeats candidate 1's. Beside our computed
# values (`beside_stated` reads the stated fractions from `bleu_explain.data.published_examples`):

# %%
beside_stated({"Example 1, candidate 1": c1, "Example 1, candidate 2": c2})

# %% [markdown]
# The highlighting marks each candidate token by the longest credited n-gram that covers it, with one bar
# per order underneath: a full bar is a credited n-gram, an empty one an n-gram found in no reference.
# Candidate 1 matches long runs; candidate 2 matches scattered words. (Ignore the BLEU line on top until
# notebook 03, which is about combining the orders.)

# %%
c1

# %%
c2

# %% [markdown]
# ### Which normalisation gives the paper's fractions?
#
# The paper says what it does to the text before counting: "Currently, case folding is the only text
# normalization performed before computing the precision" (§2.3). Taken literally, with words split at spaces,
# the full stops stay attached to their words. Three ways of preparing candidate 1 and the references, each
# scored with orders 1 and 2:

# %%
normalisations = {
    "case folded only (the paper's §2.3, words split at spaces)": dict(preset="paper", tokenize="none"),
    "case folded, punctuation dropped (preset 'paper')": dict(preset="paper"),
    "case kept, punctuation split off (sacreBLEU's 13a)": dict(preset="sacrebleu"),
}
prepared = {name: bx.explain(cand_1, refs_1, max_order=2, **settings) for name, settings in normalisations.items()}
pd.DataFrame.from_dict({name: {"p1": r.fraction(1), "p2": r.fraction(2)} for name, r in prepared.items()},
                       orient="index")

# %% [markdown]
# Folding case alone gives one unigram match fewer than the paper states. The candidate's words found in no
# reference show why: besides "obeys", its "commands" finds no match, because reference 1 ends in
# "commands." with the full stop attached.

# %%
literal = prepared["case folded only (the paper's §2.3, words split at spaces)"]
print("reference 1 ends in", literal.reference_tokens[0][-2:])
literal.ngram_table(1).query("max_ref_count == 0")

# %% [markdown]
# Splitting the full stop off as a token of its own (sacreBLEU) adds a token that matches, so the fractions
# change again. Only *dropping* the punctuation gives the paper's 17/18 (and, in notebook 01, Example 2's
# standard precision of 7/7: kept on its word, the final full stop makes "the." a word no reference has).
# Dropping punctuation is the standard preprocessing the LING83600 course notes give (case folding and
# removing punctuation, their footnote 1), and it is why `preset="paper"` does both: with it, every fraction
# the paper states comes out, though the paper itself names only case folding. Whatever you use, say which:
# the counts depend on it.

# %% [markdown]
# **Change it and see.** Edit the candidate below: repeat a phrase ("the military the military"),
# or swap two words, and rerun. Which bigrams get clipped, and which stop matching?

# %%
tweak = bx.explain("It is a guide to action that the military the military always obeys.", refs_1,
                   preset="paper", max_order=2)
tweak.ngram_table(2)

# %% [markdown]
# **Notebook as app.** The explorer below recomputes everything as you type: the candidate, the
# references, the preset. Its "n-grams" tab is the table above. (It needs a running kernel: in a static
# copy of this notebook it does not react, and may not show at all. Everything it shows is computed in the
# cells above too.)

# %%
from bleu_explain.display.widgets import BleuExplorer

BleuExplorer(cand_1, refs_1, preset="paper")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 3. Modified precision over a corpus
#
# A test set has many sentences. The paper (§2.1.1) does **not** average the sentence precisions: it adds
# the clipped counts of all candidate sentences and divides by the number of candidate n-grams in the whole
# test corpus. Take the two candidates as a tiny corpus of two segments.
#
# ### Build it yourself: corpus-level precision
#
# Reuse your `modified_precision` for each segment, add the clipped matches and the n-gram totals over the
# segments, and divide once at the end:

# %%
def corpus_modified_precision(segments: list[str], references: list[list[str]], n: int) -> tuple[int, int]:
    """Order n over a corpus: (clipped matches summed over segments, candidate n-grams summed over segments)."""
    clipped_sum = total_sum = 0
    for candidate, segment_references in zip(segments, references):
        clipped, total = modified_precision(candidate, segment_references, n)
        clipped_sum += clipped
        total_sum += total
    return clipped_sum, total_sum


mine_corpus = [corpus_modified_precision([cand_1, cand_2], [refs_1, refs_1], n) for n in (1, 2)]
mine_corpus

# %% [markdown]
# `explain_corpus` does exactly that; its `matches` and `totals` are the sums:

# %%
corpus = bx.explain_corpus([cand_1, cand_2], [refs_1, refs_1], preset="paper", max_order=2)
engine_corpus = list(zip(corpus.matches, corpus.totals))
assert mine_corpus == engine_corpus
print("mine:  ", mine_corpus)
print("engine:", engine_corpus)

# %% [markdown]
# Segment by segment, as the engine counts them:

# %%
corpus.sentence_table()[["hyp_len", "matches_1", "total_1", "matches_2", "total_2"]]

# %% [markdown]
# The corpus precision adds the columns first, then divides. Averaging the two sentence precisions gives a
# different number: it lets a short sentence weigh as much as a long one.

# %%
segments = corpus.sentence_table()
rows = {}
for n in (1, 2):
    sentence_precisions = segments[f"matches_{n}"] / segments[f"total_{n}"]
    rows[f"order {n}"] = {"corpus": corpus.fraction(n), "corpus precision": corpus.precisions[n - 1],
                          "mean of the sentence precisions": sentence_precisions.mean()}
pd.DataFrame.from_dict(rows, orient="index").round(4)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Now you try

# %%
from bleu_explain.course.checker import check, exercises_for, solution

exercises_for("02_modified_precision")

# %% [markdown]
# **Exercise 1.** The candidate `examples.REPEATED_BIGRAMS_CANDIDATE` against the references of the
# paper's Example 2 (`examples.EXAMPLE_2_REFERENCES`), preset `"paper"`. Work through the six steps for its
# **bigrams** by hand and give the modified bigram precision as a fraction; then check your hand count with
# your own `modified_precision`. The checker tells apart the usual mistakes (not clipping; adding the
# reference counts instead of taking their maximum).

# %%
answer = None  # replace with a fraction such as "3/10"
check("02_modified_precision", "modified_bigram_precision", answer)

# %% tags=["solution"] slideshow={"slide_type": "skip"}
# Run this after you have tried the exercise above: it shows the worked solution.
solution("02_modified_precision", "modified_bigram_precision")

# %% [markdown]
# **Exercise 2.** A corpus of two segments: Example 2's candidate (`examples.EXAMPLE_2_CANDIDATE`) with its
# two references, and Example 3's candidate (`examples.EXAMPLE_3_CANDIDATE`) with the three references of
# Example 1 (`refs_1`). What is the corpus-level modified unigram precision?

# %%
answer = None  # replace with a fraction or a number
check("02_modified_precision", "corpus_unigram_precision", answer)

# %% tags=["solution"] slideshow={"slide_type": "skip"}
# Run this after you have tried the exercise above: it shows the worked solution.
solution("02_modified_precision", "corpus_unigram_precision")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Summary
#
# - Modified precision credits each candidate n-gram at most max-ref-count times (its largest count in any one reference), adds the clipped counts and divides by all candidate n-grams; our counts give the paper's fractions for Example 1 (Papineni et al. 2002, §2.1).
# - Those fractions need case folding *and* the punctuation dropped, though the paper names only case folding: always say how the text was prepared.
# - Over a corpus, clipped counts and n-gram totals are summed over the segments before dividing, which is not the average of the sentence precisions.
#
# Next: [03 · Combining orders](03_combining_orders.ipynb)
#
# References: [the course's sources](../docs/references.md) · Glossary: [the course's terms in English and Chinese](../docs/glossary.md)
