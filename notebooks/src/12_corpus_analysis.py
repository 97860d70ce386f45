# %% [markdown] slideshow={"slide_type": "slide"}
# # 12 · Corpus analysis
#
# ## Learning goals
# - Compare systems on more than one number: BLEU with its 95% interval, the precisions p1–p4, the brevity penalty, the length ratio, and the spread of sentence BLEU.
# - Find the n-grams that separate two systems, as the compare-mt tool does, and count their credit yourself with a few lines of `Counter`.
# - Find a system's worst sentences and read, step by step, why they score low.
# - Explore a corpus sentence by sentence with the corpus explorer.
#
# A single corpus BLEU score says *which* system is ahead, not *where* or *why*. This notebook opens the
# score up, using the bundled teaching corpus: 120 Chinese news sentences, 4 English references each, three
# machine-like systems (S1 < S2 < S3) and two human translations (H1, H2).
#
# *Shift-Enter for the win:* run the cells in order; each one shows something.

# %% slideshow={"slide_type": "skip"}
from collections import Counter

import pandas as pd

import bleu_explain as bx
from bleu_explain.display import plots

corpus = bx.load_corpus()
refs = corpus.references
corpus

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 1. One row per system
#
# `bx.system_table` gives what sacreBLEU prints for each system (BLEU, the corpus precisions p1–p4, the
# brevity penalty BP, the length ratio c/r), plus the mean and standard deviation of the systems' *sentence*
# BLEU. Everything is on sacreBLEU's 0–100 scale except BP and the ratio. Beside BLEU we put its 95%
# bootstrap interval (notebook 08, 1,000 resamples of the 120 segments): how far the score could move on
# another 120 sentences of the same kind.

# %%
table = bx.system_table(corpus, progress=False)
intervals = {name: bx.bootstrap_ci(corpus.system(name), refs, n_samples=1000, progress=False)
             for name in corpus.system_names}
table.insert(1, "95% interval", [f"{r.lower:.1f}–{r.upper:.1f}" for r in intervals.values()])
table.round(2)

# %% [markdown]
# Things to read off it:
#
# - **Precision falls with n** for every system: many of a system's words are in some reference, far fewer
#   of its 4-word sequences.
# - **BP and ratio**: a system whose output is shorter than the references (ratio below 1) has BP below 1,
#   and its BLEU is multiplied by that BP; a system at or above ratio 1 pays nothing.
# - **Sentence BLEU spread**: the standard deviation of sentence BLEU is a sizeable fraction of its mean.
#   Single sentences vary a lot; that is why we score corpora.
# - **The intervals**: does each system's interval end below the next one's? The cell after this list checks.
#   (Two separate intervals that overlap would not settle the question either way: that is what the
#   *paired* tests of notebook 08 are for.)
# - Corpus BLEU is **not** the mean of sentence BLEU: the corpus score pools the counts first (notebook 05).
#
# %%
names = list(intervals)
{f"{a} < {b}": intervals[a].upper < intervals[b].lower for a, b in zip(names, names[1:])}

# %% [markdown]
# The paper (Papineni et al. 2002, Figure 2) reports that its five systems keep the same order at every
# n-gram order: H2 > H1 > S3 > S2 > S1. Our corpus was *written* to imitate that set-up, so the order below
# is by design and proves nothing about BLEU; it shows what to look at. The systems from best to worst, by
# each column:

# %%
columns = ["p1", "p2", "p3", "p4", "BLEU"]
pd.Series({column: " > ".join(table[column].sort_values(ascending=False).index) for column in columns},
          name="best to worst")

# %%
results = {name: corpus.explain(name) for name in corpus.system_names}
plots.plot_precision_by_order(results, title="bundled corpus, 5 systems")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 2. Where do two systems differ? N-gram differences
#
# compare-mt (Neubig et al. 2019) lists the n-grams one system gets right more often than another. For
# every n-gram it counts the matches of each system (clipped, as BLEU counts them) and gives the share of
# matches that come from system A, smoothed: (m_A + 1) / (m_A + m_B + 2). Near 1: mostly A's; near 0:
# mostly B's. Here A is S2 and B is S3, read from the results above (their tokens are reused, not made again).

# %%
diff = bx.ngram_differences(results["S2"], results["S3"], names=("S2", "S3"))
diff.better("S3", 10).round(3)

# %% [markdown]
# Read the table above: S3's advantage is in small words and the short phrases around them (articles,
# "that", "of the", "in the"). S2 drops articles and conjunctions (its grammar is clumsy), and every dropped
# "the" breaks the bigrams and trigrams around it. The other way round, S2's best n-grams are each matched
# only a few times: scattered luck, not a pattern.

# %%
diff.better("S2", 10).round(3)

# %% [markdown]
# ### Build it yourself: who gets the credit for each n-gram
#
# The counting behind these tables is BLEU's clipping, added up over the corpus. For every segment and every
# n-gram of a system's output (orders 1 to 4): its credit is its count in the output, clipped at its
# *max-ref count*, the most times any one of the segment's references uses it. Sum the credits over the
# segments, once for S2 and once for S3. A `Counter` does each step: `|` keeps the larger of two counts,
# `&` the smaller, `+` adds. We split at spaces, so a word and the full stop after it stay one token.

# %%
def ngram_counts(text, max_order=4):
    words = text.split()
    return Counter(tuple(words[i:i + n]) for n in range(1, max_order + 1) for i in range(len(words) - n + 1))

def credited(candidate, references):
    """Each n-gram of the candidate with its clipped count: at most its max-ref count."""
    max_ref_count = Counter()
    for reference in references:
        max_ref_count |= ngram_counts(reference)
    return ngram_counts(candidate) & max_ref_count

credit_s2 = sum((credited(output, seg_refs) for output, seg_refs in zip(corpus.system("S2"), refs)), Counter())
credit_s3 = sum((credited(output, seg_refs) for output, seg_refs in zip(corpus.system("S3"), refs)), Counter())

# %% [markdown]
# The check. The tables above used sacreBLEU's 13a tokens, which split off punctuation; our cell splits at
# spaces only, so we ask `ngram_differences` for the same tokens (`tokenize="none"`). Every n-gram either
# system gets credit for must have the same two counts:

# %%
same_tokens = bx.ngram_differences(corpus.system("S2"), corpus.system("S3"), refs, names=("S2", "S3"),
                                   tokenize="none")
from_engine = {tuple(row.ngram.split()): (row.matches_a, row.matches_b) for row in same_tokens.table.itertuples()}
by_hand = {ngram: (credit_s2[ngram], credit_s3[ngram]) for ngram in credit_s2 | credit_s3}
assert by_hand == from_engine
print(f"{len(by_hand)} credited n-grams, the same counts by hand and in bleu_explain")

# %% [markdown]
# S3's strongest n-grams on these tokens, with our counts beside the package's and compare-mt's share
# (m_A + 1) / (m_A + m_B + 2) computed from our counts:

# %%
strongest = same_tokens.better("S3", 8)[["ngram", "matches_a", "matches_b", "score"]]
strongest = strongest.rename(columns={"matches_a": "S2 (package)", "matches_b": "S3 (package)", "score": "share"})
strongest["S2 by hand"] = [credit_s2[tuple(g.split())] for g in strongest["ngram"]]
strongest["S3 by hand"] = [credit_s3[tuple(g.split())] for g in strongest["ngram"]]
strongest["share by hand"] = (strongest["S2 by hand"] + 1) / (strongest["S2 by hand"] + strongest["S3 by hand"] + 2)
strongest.round(3)

# %% [markdown]
# **Change it and see.** Compare two other systems, or only one order (`min_order=2, max_order=2`
# shows bigrams only). What separates H1 from H2?

# %%
mine = bx.ngram_differences(corpus.system("H1"), corpus.system("H2"), refs, names=("H1", "H2"),
                            min_order=2, max_order=2)
print(mine.report(5))

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 3. The worst sentences, and why
#
# A corpus result keeps every segment. `lowest(k)` gives the indices (counting from 0) of the k sentences
# with the lowest sentence BLEU, worst first. Here are S3's, from its sentence table, with sentence BLEU on
# the 0–100 scale and each precision as matches/total:

# %%
s3 = results["S3"]
rows = s3.sentence_table().loc[s3.lowest(5)]
worst5 = pd.DataFrame({"sentence BLEU": 100 * rows["sentence_bleu"].astype(float), "c": rows["hyp_len"],
                       "r": rows["ref_len"]})
for n in range(1, 5):
    worst5[f"p{n}"] = rows[f"matches_{n}"].astype(str) + "/" + rows[f"total_{n}"].astype(str)
worst5["candidate"] = rows["candidate"]
worst5.round(2)

# %% [markdown]
# A pattern already: these sentences have most of their *words* right (p1) but few or none of their 3- and
# 4-word sequences. `segment(i)` explains one sentence with the same settings. The worst one, highlighted:
# credited n-grams are coloured, words without credit are struck through. Hover over a token in JupyterLab
# to see its counts.

# %%
worst = s3.segment(s3.lowest(1)[0])
worst

# %% [markdown]
# Now read its steps, the computation in order:

# %%
print(worst.explain_text())

# %% [markdown]
# Reading the steps:
#
# 1. **Tokens.** sacreBLEU's 13a tokenizer splits off the punctuation; case is kept.
# 2. **Counts and clipping.** Nearly every word is in some reference; far fewer of its bigrams are, and the
#    longer n-grams fare worst. The sentence is an acceptable translation, but its phrasing is its own: each
#    reference words the same content differently.
# 3. **Precisions.** An order with no match would make the geometric mean 0; sacreBLEU's default `exp`
#    smoothing puts small stand-in values there instead, and they drag the score far down.
# 4. **Brevity.** The length step says whether the candidate is shorter than the closest reference.
#
# The same reading as two tables of the result, its precisions and its lengths:

# %%
worst.precision_table().round(4)

# %%
worst.length_table()

# %% [markdown]
# So the worst sentence of S3 is not nonsense: it is a sentence whose wording the four references happen not
# to share. The paper saw this coming (Papineni et al. 2002, footnote 4): BLEU only needs to match human
# judgments when averaged over a test corpus, and scores of single sentences will often differ from them;
# its example is a system writing the fluent "East Asian economy" where every reference reads "economy of
# East Asia", heavily penalised on the longer n-grams. Over a corpus such accidents average out; for a
# single sentence they do not.
#
# ### Sentence BLEU against length
#
# Each dot is one of S3's sentences; triangles are candidates shorter than their closest reference (brevity
# penalty below 1). The black line follows the median by length.

# %%
plots.plot_sentence_length(s3, label="S3")

# %% [markdown]
# ### Two systems, sentence by sentence
#
# S3 is well behind H1 on corpus BLEU (their intervals in section 1 are far apart). Put their sentence BLEU
# side by side and count who wins each segment:

# %%
side_by_side = pd.DataFrame({name: 100 * results[name].sentence_table()["sentence_bleu"].astype(float)
                             for name in ("S3", "H1")})
side_by_side["H1 - S3"] = side_by_side["H1"] - side_by_side["S3"]
side_by_side["winner"] = side_by_side["H1 - S3"].map(lambda d: "H1" if d > 0 else "S3" if d < 0 else "tie")
side_by_side["winner"].value_counts()

# %% [markdown]
# The weaker system still wins a fair share of the sentences. Here are the segments where S3 beats H1 by
# the most; explain one with `s3.segment(i)` and read why.

# %%
side_by_side.sort_values("H1 - S3").head(5).round(2)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 4. Notebook as app: the corpus explorer
#
# Pick a system, sort the sentence table by any column (click *descending* to flip it), and choose a
# sentence in the list to see its highlighted explanation. Below it starts on S3, sorted by sentence BLEU,
# with the worst sentence selected: the one we just read. (In the static handout the explorer shows its
# stored state but does not run; its numbers are all computed in the cells above.)

# %%
from bleu_explain.display.widgets import CorpusExplorer

explorer = CorpusExplorer(corpus, system="S3")
explorer.sort_by("sentence_bleu")
explorer.select_segment(s3.lowest(1)[0])
explorer

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Now you try
#
# The checker tells you what is wrong and gives a hint, but never the answer.

# %%
from bleu_explain.course.checker import check, exercises_for, solution

exercises_for("12_corpus_analysis")

# %% [markdown]
# **Exercise 1.** Which segment has S2's lowest sentence BLEU? Give its index, counting from 0 as the tables
# do. Then explain it with `segment(...)`: is it the same story as S3's worst sentence?

# %%
s2 = corpus.explain("S2")
answer = None  # replace with the segment's index, e.g. 57
check("12_corpus_analysis", "worst_s2_segment", answer)

# %% tags=["solution"] slideshow={"slide_type": "skip"}
# Run this after you have tried the exercise above: it shows the worked solution.
solution("12_corpus_analysis", "worst_s2_segment")

# %% [markdown]
# **Exercise 2.** S3 beats S2 by a wide margin on corpus BLEU. In how many of the 120 segments does S2
# nevertheless get a *higher* sentence BLEU than S3?

# %%
answer = None  # replace with a count of segments
check("12_corpus_analysis", "s2_beats_s3", answer)

# %% tags=["solution"] slideshow={"slide_type": "skip"}
# Run this after you have tried the exercise above: it shows the worked solution.
solution("12_corpus_analysis", "s2_beats_s3")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Summary
#
# - A system table (BLEU with its interval, p1–p4, BP, length ratio, sentence-BLEU spread) and compare-mt-style n-gram differences show where one system beats another; here S3 wins on the small function words S2 drops.
# - The worst sentences, explained step by step, are often acceptable translations whose phrasing no reference shares: sentence BLEU is noisy, and a weaker system wins many single sentences.
#
# Next: [13 · Playground](13_playground.ipynb)
#
# References: [the course's sources](../docs/references.md) · Glossary: [the course's terms in English and Chinese](../docs/glossary.md)
