# %% [markdown] slideshow={"slide_type": "slide"}
# # 01 · Precision, not recall
#
# ## Learning goals
# - Compute the plain precision of a candidate translation against several references, and see how a silly candidate fools it.
# - Compute the paper's *modified* precision for its Example 2 (2/7 instead of 7/7), by hand in plain Python and with the engine, and see why folding case matters.
# - Explain why BLEU does not use recall when there are several references (the paper's Example 4).
#
# BLEU scores a *candidate* translation (a machine's output) by comparing it with one or more *reference*
# translations written by people. Its first ingredient is an old friend: **precision**.
#
# *Shift-Enter for the win:* run the cells in order; each one shows something.

# %% slideshow={"slide_type": "skip"}
import pandas as pd

import bleu_explain as bx
from bleu_explain.data import examples
from bleu_explain.analysis.stated import beside_stated

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 1. Plain precision
#
# Plain (unclipped) unigram precision asks: of the candidate's words, how many occur in some reference?
#
# > precision = (candidate words found in some reference) / (candidate words)
#
# The paper (Papineni et al. 2002, §2.1) shows how badly this goes with its Example 2: a candidate that
# just repeats the most common English word. We score it with `preset="paper"`, which prepares the text in
# two steps: it folds case, as the paper does (§2.3 names case folding as its only normalisation), and it
# drops punctuation, as the standard preprocessing of the LING83600 course notes does (their footnote 1: the
# lecture notes *BLEU score* of the course LING 83600 at the Graduate Center, City University of New York, listed
# with the other sources on [the references page](../docs/references.md)); notebook 02 shows why the paper's own
# fractions need that second step. `max_order=1` keeps us to single words.

# %%
cand_2, refs_2 = examples.EXAMPLE_2_CANDIDATE, list(examples.EXAMPLE_2_REFERENCES)
ex2 = bx.explain(cand_2, refs_2, preset="paper", max_order=1)
ex2.candidate_tokens, ex2.reference_tokens

# %% [markdown]
# ### Build it yourself: plain precision
#
# Count it in plain Python first. `words` does to these sentences what `preset="paper"` does (fold case,
# drop the full stop, their only punctuation); a `Counter` holds each distinct candidate word with its count.
# A word is *found* if some reference has it at least once.

# %%
from collections import Counter


def words(text: str) -> list[str]:
    """Fold case and drop the full stop: what preset="paper" does to these sentences."""
    return text.lower().replace(".", "").split()


candidate_counts = Counter(words(cand_2))
reference_counts = [Counter(words(ref)) for ref in refs_2]
found_in_a_reference = sum(count for word, count in candidate_counts.items()
                           if any(ref[word] > 0 for ref in reference_counts))
candidate_length = sum(candidate_counts.values())
plain = (found_in_a_reference, candidate_length)

# %% [markdown]
# The engine keeps the same two numbers: `unclipped_matches` (candidate words found in some reference)
# and `totals` (candidate words). Same example, same counts:

# %%
engine_plain = (ex2.unclipped_matches[0], ex2.totals[0])
assert plain == engine_plain
print("mine:  ", plain)
print("engine:", engine_plain)

# %% [markdown]
# Every "the" occurs in a reference, so plain precision is perfect: a useless translation scores
# full marks. The engine writes both precisions as fractions: `plain` is what you just computed, `modified`
# is BLEU's answer, explained next.

# %%
{"plain": ex2.fraction(plain=True), "modified": ex2.fraction()}

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 2. Modified precision: a reference word is used up once it is matched
#
# The paper's fix (§2.1): *"a reference word should be considered exhausted after a matching candidate word
# is identified."* Each candidate word is credited at most as many times as it occurs in the **one**
# reference that uses it most (its *max-ref count*).
#
# ### Build it yourself: clip
#
# For each distinct candidate word: its max-ref count is its largest count in any single reference; clip
# the candidate's count at it; add up the clipped counts. The denominator stays the candidate's length.

# %%
clipped = 0
for word, count in candidate_counts.items():
    max_ref_count = max(ref[word] for ref in reference_counts)
    clipped += min(count, max_ref_count)
    print(f"{word!r}: count {count}, max-ref count {max_ref_count}, clipped {min(count, max_ref_count)}")
modified = (clipped, candidate_length)
print("plain:", plain, " modified:", modified)

# %% [markdown]
# The engine's clipped matches (`matches`) over the same total:

# %%
engine_modified = (ex2.matches[0], ex2.totals[0])
assert modified == engine_modified
print("mine:  ", modified)
print("engine:", engine_modified)

# %% [markdown]
# **A warning for readers of the LING83600 course notes on BLEU**, which this course cites often: their
# equation (2) clips the candidate's count at the word's count summed over *all* the references, where the
# paper takes the largest count in any *one* reference. With one reference the two agree; with several, the sum
# credits a word more times than any single reference uses it. Here, with the notes' sum:

# %%
summed = sum(min(count, sum(ref[word] for ref in reference_counts)) for word, count in candidate_counts.items())
print("clipped at the max-ref count (the paper):", modified, " at the summed count (the notes' eq. 2):",
      (summed, candidate_length))

# %% [markdown]
# The course, the paper and every tool it reproduces take the maximum.
#
# The engine's n-gram table shows the same steps as columns, one row per distinct word: its count, its
# count in each reference, the max-ref count and the clipped count.

# %%
ex2.ngram_table(1)

# %% [markdown]
# The paper (§2.1) states the modified unigram precision of Example 2, "even though its standard unigram
# precision is 7/7", and adds that its modified *bigram* precision is 0. Score the candidate with two orders
# and set what we compute beside what the paper states (`beside_stated` reads the paper's fractions from
# `bleu_explain.data.published_examples`, where each is typed once with its section):

# %%
ex2_bigrams = bx.explain(cand_2, refs_2, preset="paper", max_order=2)
beside_stated({"Example 2": ex2_bigrams})

# %% [markdown]
# The bigram precision is 0 of the candidate's 6 bigrams: every one of them is "the the", which no reference
# contains.

# %%
ex2_bigrams.ngram_table(2)

# %% [markdown]
# The highlighting shows it word by word: the first two "the" are credited (coloured), the other five are
# struck through as *clipped away*. Hover over a token in JupyterLab to see its counts. (The BLEU line on
# top is just p₁ here: with one order and no brevity penalty there is nothing else to combine.)

# %%
ex2

# %% [markdown]
# ### Case matters
#
# Reference 1 starts with "The". The paper folds case before counting (§2.3), and so does the LING83600
# course notes' standard preprocessing (footnote 1). Keep case, and "The" is no longer a "the": the max-ref
# count drops. (In your `words`, drop `.lower()`
# and run your two cells again: you get the same.)

# %%
ex2_cased = bx.explain(cand_2, refs_2, preset="paper", lowercase=False, max_order=1)
ex2_cased.fraction(), ex2.fraction()

# %%
ex2_cased.ngram_table(1)

# %% [markdown]
# So the same candidate gets one fraction case-sensitively and another case-folded. sacreBLEU, the tool most
# papers report today, keeps case by default: always say which one you used.
#
# **Change it and see.** Change the candidate below (try `"the cat the the mat."` or
# `"The THE the"`), or set `lowercase=False`, and rerun. Which words get clipped?

# %%
tweak = bx.explain("the cat the the mat.", refs_2, preset="paper", max_order=1)
print("plain:", tweak.fraction(plain=True), " modified:", tweak.fraction())
tweak.ngram_table(1)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 3. Why not recall?
#
# Precision is usually paired with **recall**: of the reference's words, how many does the candidate
# supply? Recall would punish a candidate that leaves words out. But BLEU has *several* references, and
# translators choose different words for the same thing. A good translation uses one of the choices, not
# all of them. The paper's Example 4 (§2.2.1):

# %%
refs_4 = list(examples.EXAMPLE_4_REFERENCES)
bad, good = examples.EXAMPLE_4_CANDIDATE_1, examples.EXAMPLE_4_CANDIDATE_2
bad, good

# %% [markdown]
# We measure recall with the same engine by swapping the roles: score the reference's words as if they were
# the candidate, against the candidate as the only "reference". The engine's clipped unigram matches are then
# the reference words the candidate supplies, each candidate word used at most once, out of all the
# reference's words. The paper speaks of "recall computed over the set of all reference words", so we also
# collect every distinct word of the three references, once each.

# %%
def recall(candidate: str, reference_words: str) -> str:
    """Of these reference words, how many the candidate supplies (each candidate word used once), as a fraction."""
    swapped = bx.explain(reference_words, [candidate], preset="paper", max_order=1)  # the roles swapped
    return swapped.fraction()


word_set = " ".join(dict.fromkeys(word for ref in refs_4 for word in bx.tokenize(ref, "paper", lowercase=True)))
word_set

# %% [markdown]
# One row per reference and one for the set of reference words, one column per candidate:

# %%
candidates_4 = {"candidate 1 (all synonyms)": bad, "candidate 2": good}
rows = {f"reference {k}": ref for k, ref in enumerate(refs_4, 1)} | {"set of reference words": word_set}
pd.DataFrame({name: {row: recall(text, reference_words) for row, reference_words in rows.items()}
              for name, text in candidates_4.items()})

# %% [markdown]
# Reference by reference and over the set, the bad candidate "recalls" more. The paper: *"The first candidate
# recalls more words from the references, but is obviously a poorer translation than the second candidate."*
#
# Now put recall beside precision and BLEU. Both candidates have perfect unigram precision (every word is in
# some reference), so single words cannot tell them apart. Pairs of words can: "always invariably" and
# "invariably perpetually" are in no reference. We let BLEU use orders 1 and 2 here (`max_order=2`): these
# sentences are too short for 4-grams without smoothing, which is the topic of notebook 05.

# %%
rows = {}
for name, text in candidates_4.items():
    r = bx.explain(text, refs_4, preset="paper", max_order=2)
    rows[name] = {"recall (word set)": recall(text, word_set), "p1": r.fraction(1), "p2": r.fraction(2),
                  "BLEU": round(r.bleu, 4)}
pd.DataFrame.from_dict(rows, orient="index")

# %% [markdown]
# sacreBLEU's defaults (all four orders, with smoothing) agree on the ranking:

# %%
{text: round(bx.explain(text, refs_4).score, 2) for text in (bad, good)}

# %% [markdown]
# Recall goes up, BLEU goes down. The highlighting shows why: both synonym bigrams are unmatched.

# %%
bx.explain(bad, refs_4, preset="paper", max_order=2)

# %% [markdown]
# BLEU still needs *something* that punishes candidates which are too short (recall's usual job).
# Instead of recall it uses a brevity penalty: notebook 04.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Now you try
#
# Two exercises. The checker tells you what is wrong and gives a hint, but never the answer.

# %%
from bleu_explain.course.checker import check, exercises_for, solution

exercises_for("01_precision_not_recall")

# %% [markdown]
# **Exercise 1.** The candidate is `examples.REPEATED_WORDS_CANDIDATE`, the references are `refs_2`, and the
# preset is `"paper"`. Work out by hand its plain and its modified unigram precision, and give them as a pair
# of fractions. (Then check your hand count with your cells above.)

# %%
answer = (None, None)  # replace each None with a fraction such as "3/8"
check("01_precision_not_recall", "plain_and_modified", answer)

# %% tags=["solution"] slideshow={"slide_type": "skip"}
# Run this after you have tried the exercise above: it shows the worked solution.
solution("01_precision_not_recall", "plain_and_modified")

# %% [markdown]
# **Exercise 2.** Invent a candidate of your own that recalls every word of `refs_4` yet scores below
# `good` with `preset="paper", max_order=2`.

# %%
my_candidate = good  # replace with your own sentence, in quotes
check("01_precision_not_recall", "recall_trap", my_candidate)

# %% tags=["solution"] slideshow={"slide_type": "skip"}
# Run this after you have tried the exercise above: it shows the worked solution.
solution("01_precision_not_recall", "recall_trap")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Summary
#
# - Plain precision credits a repeated word every time; modified precision clips it at its count in the one reference that uses it most (the paper's Example 2: 7/7 plain, 2/7 modified, and fewer still if case is kept).
# - Recall over several references rewards piling up synonyms (Example 4), so BLEU uses modified precision over several n-gram orders plus a brevity penalty instead.
#
# Next: [02 · Modified precision](02_modified_precision.ipynb)
#
# References: [the course's sources](../docs/references.md) · Glossary: [the course's terms in English and Chinese](../docs/glossary.md)
