# %% [markdown] slideshow={"slide_type": "slide"}
# # 06 · Why bad candidates score high
#
# ## Learning goals
# - Reproduce the surprisingly high scores the "Introduction to BLEU in Python" NLTK tutorial prints for
#   bad candidates, and explain them: the NLTK version it used *dropped* every n-gram order after the first
#   one without a match.
# - Use `bx.compare()` to find the first step where two tools part ways.
# - Recognise what n-gram counting cannot see: swapped phrases (Callison-Burch et al. 2006 count the
#   reorderings that keep the score), frequent words counting as much as rare ones (NIST's information
#   weights, Doddington 2002), and fluency rewarded over correctness.
# - Watch a small search glue reference fragments into nonsense that BLEU prefers to a fluent translation.
#
# The "Introduction to BLEU in Python" NLTK tutorial scores a handful of bad candidates with NLTK and
# concludes: "these are bad translations, but would result such a high BLEU score! Why is that?" This
# notebook answers the question, and then goes looking for worse.
#
# *Shift-Enter for the win:* run the cells in order; each one shows something.

# %% slideshow={"slide_type": "skip"}
import itertools
import math
from collections import Counter

import pandas as pd

import bleu_explain as bx
from bleu_explain.course import ch06_why_bad_candidates_score_high as ch06
from bleu_explain.data import examples
from bleu_explain.data.corpus import load_corpus

pd.set_option("display.max_colwidth", 120)
refs = list(examples.SHIP_REFERENCES)
refs

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 1. The tutorial's bad candidates, reproduced
#
# The tutorial scores seven candidates against the four references above with NLTK's `sentence_bleu` and
# prints each score. It used NLTK 3.2.x (2016–2017); our `preset="nltk-3.2"` follows that version's rules.
# Here is every score the tutorial prints, beside ours, with today's NLTK and sacreBLEU for comparison:

# %%
table = ch06.tutorial_scores_table()
table

# %% [markdown]
# The first column is quoted from the tutorial as printed; the second is computed here. They agree to every
# printed digit, which this cell checks (it would stop with an error if one did not):

# %%
assert table["same"].all(), "a score the tutorial prints is not reproduced"
with pd.option_context("display.precision", 16):
    display(table[["the tutorial printed", "nltk-3.2 (ours)", "same"]])

# %% [markdown]
# "it it it it it it it" at 0.61, "ship ship ship" at 0.76, a single "it" at 0.14, while today's NLTK
# gives every one of them a tiny number (10⁻⁷⁷ or less) and sacreBLEU gives most of them 0. What did NLTK
# 3.2 do?

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 2. The dropped orders
#
# Take "it it it it it it it". Clipping credits one "it" of seven (p₁ = 1/7), and no bigram matches. NLTK
# 3.2 met p₂ = 0, printed a warning, and **stopped**: it combined only the orders before the first zero,
# and kept their weight at ¼ instead of giving the dropped weights back. So the score is
# BP · (1/7)^¼, and (1/7)^¼ is a large number.
#
# ### Build it yourself: NLTK 3.2's sentence BLEU
#
# First the clipped counts (notebook 02): each n-gram of the candidate is credited at most as often as the
# reference where it is most frequent has it. The tutorial splits on spaces, and so do we.

# %%
def ngram_counts(words: list[str], n: int) -> Counter:
    return Counter(tuple(words[i:i + n]) for i in range(len(words) - n + 1))  # each n-gram with its count


def clipped_matches(words: list[str], references: list[list[str]], max_order: int = 4) -> list[int]:
    matches = []  # for each order n, how many of the candidate's n-grams are credited after clipping
    for n in range(1, max_order + 1):
        max_ref_count = Counter()
        for ref in references:
            max_ref_count |= ngram_counts(ref, n)  # | keeps the larger count of each n-gram
        matches.append(sum(min(count, max_ref_count[ngram]) for ngram, count in ngram_counts(words, n).items()))
    return matches


clipped_matches(examples.SHIP_REPEATED_IT.split(), [ref.split() for ref in refs])

# %% [markdown]
# The engine's clipped `matches` (`preset="nltk-3.2"`) for all seven candidates:

# %%
for candidate in examples.NLTK_TUTORIAL_PRINTED_SCORES:
    mine = clipped_matches(candidate.split(), [ref.split() for ref in refs])
    engine = list(bx.explain(candidate, refs, preset="nltk-3.2").matches)
    assert mine == engine
    print(f"{candidate:32} mine: {mine}  engine: {engine}")

# %% [markdown]
# Now NLTK 3.2's rule: walk up the orders, **stop** at the first order without a match, and add the
# others' logs with weight ¼ each; then the brevity penalty with the closest reference length (ties to the
# shorter, notebook 04). NLTK also returns 0 at once when no unigram matches.

# %%
def nltk_3_2_sentence_bleu(candidate: str, references: list[str], max_order: int = 4) -> float:
    """NLTK 3.2's sentence_bleu: stop at the first order without a match; every weight stays 1/4."""
    words, ref_words = candidate.split(), [ref.split() for ref in references]
    c, weighted_logs = len(words), []
    for n, clipped in enumerate(clipped_matches(words, ref_words, max_order), start=1):
        if clipped == 0:
            break  # this order and every later one are dropped
        weighted_logs.append(math.log(clipped / (c - n + 1)) / max_order)
    r = min((len(ref) for ref in ref_words), key=lambda length: (abs(length - c), length))
    brevity_penalty = 1.0 if c > r else math.exp(1 - r / c)
    return brevity_penalty * math.exp(math.fsum(weighted_logs)) if weighted_logs else 0.0


mine = {candidate: nltk_3_2_sentence_bleu(candidate, refs) for candidate in examples.NLTK_TUTORIAL_PRINTED_SCORES}
mine

# %% [markdown]
# Your scores beside the tutorial's printed ones and the engine's, to 12 significant digits (the same test
# as the column `same` in section 1):

# %%
printed = examples.NLTK_TUTORIAL_PRINTED_SCORES
for candidate, score in mine.items():
    assert math.isclose(score, printed[candidate], rel_tol=1e-12)
    assert math.isclose(score, table.loc[candidate, "nltk-3.2 (ours)"], rel_tol=1e-12)
with pd.option_context("display.precision", 16):
    display(pd.DataFrame({"the tutorial printed": printed, "mine": mine, "engine": table["nltk-3.2 (ours)"]}))

# %% [markdown]
# The engine's steps for "it it it it it it it" show the same, with NLTK 3.2's warning in its own words:

# %%
repeat = bx.explain(examples.SHIP_REPEATED_IT, refs, preset="nltk-3.2")
repeat

# %%
print(repeat.explain_text())

# %% [markdown]
# The same happens to every candidate in the table. The column `orders_used` says how many orders NLTK 3.2
# combined before it stopped; what it multiplied was those precisions to the power ¼ and the brevity penalty:
#
# - "it" and "it ship": p₁ = 1, nothing else, so BLEU is the brevity penalty alone.
# - "ship ship ship": (1/3)^¼; "it a b c d e f g h i j k l m n": (2/15)^¼.
# - "it is ship" is reference 2 word for word, but has no 4-gram: it scores 1.0 only because order 4 was
#   dropped.

# %%
table[["orders_used", "brevity_penalty", "nltk-3.2 (ours)"]]

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 3. Where NLTK 3.2 and today's NLTK part ways
#
# NLTK 3.3 (2018) replaced the "stop" with a tiny stand-in for the zero precision, so that today's NLTK
# gives "it" a score of about 2.47e-232 (the `bleu` column below). `bx.compare()` scores one input under several presets
# and names, for every pair, the *first step* at which they differ: tokens, counts, clipping, smoothing,
# reference length or combination.

# %%
diff = bx.compare("it", refs, presets=["nltk-3.2", "nltk", "sacrebleu"])
diff[["bleu", "p1", "p2", "brevity_penalty", "first_divergence_from_nltk-3.2", "first_divergence_from_nltk"]]

# %% [markdown]
# NLTK 3.2 and 3.10 count the same n-grams and agree on BP; they first differ at **smoothing**, the step
# that decides what a zero precision becomes. (sacreBLEU differs from both already at the **tokens**: its
# 13a tokenizer splits the comma off "a ship, it is".) Today's NLTK explains its tiny number in its notes:

# %%
bx.explain("it", refs, preset="nltk").notes

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 4. A catalogue of pathological candidates
#
# `bleu_explain.data.pathologies` collects such cases, from the tutorials, the paper and the course notes, each
# with its source and the reason for its score:

# %%
from bleu_explain.data.pathologies import PATHOLOGIES, get_pathology, scores_by_preset

pd.DataFrame([(p.name, p.verdict, p.source) for p in PATHOLOGIES], columns=["name", "verdict", "source"])

# %% [markdown]
# One of them under every preset: "it is ship", an exact copy of a reference, scores 0 or 100 depending
# only on the tool.

# %%
scores_by_preset(get_pathology("it is ship (3-token copy)")).round(4)

# %% [markdown]
# *Notebook as app:* the gallery below lets you pick any entry of the catalogue and see its scores and
# highlighting under each preset. (The tables in this notebook show every number without it.)

# %%
from bleu_explain.display.widgets import PathologyGallery

PathologyGallery("it is a ship (no 4-gram match)")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 5. Swapped n-grams
#
# The LING83600 course notes on BLEU (§5, after Callison-Burch, Osborne and Koehn 2006) give this example: the
# reference "The dog bit the mailman.", a faithful candidate "The dog snapped at the mailman." and a swapped
# one, "The mailman nipped at the dog.", which says the opposite. With the paper's normalisation (case
# folded, punctuation removed) the two candidates have exactly the same counts:

# %%
pd.DataFrame({c: bx.explain(c, [examples.DOG_REFERENCE], preset="paper").matches
              for c in (examples.DOG_FAITHFUL, examples.DOG_SWAPPED)},
             index=[f"matches, order {n}" for n in range(1, 5)])

# %% [markdown]
# Same counts, same score under any settings that normalise the text this way (here 0: neither has a
# matching trigram, and the paper does not smooth). The highlighting of the swapped candidate:

# %%
bx.explain(examples.DOG_SWAPPED, [examples.DOG_REFERENCE], preset="paper")

# %% [markdown]
# ### How many reorderings keep the score?
#
# Callison-Burch et al. (2006) count them: for a candidate of k words with b matching bigrams there are at
# least (k − b)! reorderings with the same BLEU. The reason: cut the candidate wherever a bigram matches
# nothing. That leaves k − b pieces, and putting the pieces in another order keeps every matching n-gram
# inside its piece. For the swapped candidate, written in lower case without the full stop:

# %%
swapped_text = examples.DOG_SWAPPED.lower().rstrip(".")
dog_reference = examples.DOG_REFERENCE.lower().rstrip(".")
swapped = bx.explain(swapped_text, [dog_reference], tokenize="none")
ch06.matching_chunks(swapped)

# %% [markdown]
# Four pieces, so 4! = 24.
#
# ### Build it yourself: count the reorderings
#
# Let us check by brute force. Take every distinct ordering of the six words, recount its clipped n-grams
# with your `clipped_matches` from section 2, and keep those whose counts are all unchanged: the same counts
# over the same length give the same BLEU.

# %%
def count_reorderings(candidate: str, reference: str) -> tuple[int, int, int]:
    """(distinct orderings of the words, those keeping every clipped count, the bound (k - b)!)."""
    words, ref_words = candidate.split(), [reference.split()]
    original = clipped_matches(words, ref_words)
    k, b = len(words), original[1]  # b: the matching bigrams
    orderings = set(itertools.permutations(words))  # a set: the two "the" would count each ordering twice
    same = [order for order in orderings if clipped_matches(list(order), ref_words) == original]
    return len(orderings), len(same), math.factorial(k - b)


mine = count_reorderings(swapped_text, dog_reference)
mine

# %% [markdown]
# The engine instead scores every distinct reordering (sacreBLEU's exp smoothing, so that every count
# matters) and counts those with the same *score*:

# %%
count = ch06.count_same_score_permutations(swapped_text, [dog_reference], tokenize="none")
engine = (count.distinct_permutations, count.same_score, count.bound)
assert mine == engine
print("mine:  ", mine)
print("engine:", engine)

# %% [markdown]
# The engine's count in full, and some of the reorderings it found:

# %%
count.summary()

# %%
count.examples

# %% [markdown]
# Exactly 24: the bound is met. The argument assumes that the new junctions between pieces match nothing.
# When a reordering happens to create a matching bigram, that ordering scores *higher*, and the count can
# fall below (k − b)!. A tiny example where it does:

# %%
junction = ch06.count_same_score_permutations(examples.JUNCTION_CANDIDATE, [examples.JUNCTION_REFERENCE],
                                              tokenize="none")
mine = count_reorderings(examples.JUNCTION_CANDIDATE, examples.JUNCTION_REFERENCE)
assert mine == (junction.distinct_permutations, junction.same_score, junction.bound)
junction.summary()

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 6. Frequent n-grams count as much as rare ones
#
# The course notes' next critique (after Doddington 2002): "Not all n-grams are created equal, but
# high-frequency n-grams are given as much credit as low-frequency (highly informative) n-grams." Their
# example, the Orejuela sentence:

# %%
pd.Series({"reference": examples.OREJUELA_REFERENCE, "candidate 1": examples.OREJUELA_FLUENT,
           "candidate 2": examples.OREJUELA_SCRAMBLED})

# %% [markdown]
# For BLEU a matched "the" is worth exactly as much as a matched "Orejuela". NIST's metric (Doddington
# 2002) weights each matched n-gram by its *information*, log₂ of how unpredictable it is in the test
# set's references. One sentence is too little text to estimate that, so we count over all the references
# of the bundled teaching corpus plus the Orejuela reference:

# %%
corpus = load_corpus()
corpus

# %% [markdown]
# The n-grams candidate 2 matched, most informative first:

# %%
nist = ch06.nist_with_background(examples.OREJUELA_SCRAMBLED, [examples.OREJUELA_REFERENCE], corpus)
nist.info_table().round(2).head(12)

# %% [markdown]
# And single words of the reference (mteval's normalisation lowercases them):

# %%
ch06.word_information(nist, ["the", "to", "he", "was", "miami", "orejuela"]).round(2)

# %% [markdown]
# "the" carries about 4 bits, "orejuela" almost 14. Neither candidate contains "Orejuela", the name of the man
# the sentence is about; BLEU does not care more about that than about a missing "the".

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 7. Fluency versus correctness
#
# Candidate 1 is a readable translation with a few words missing. Candidate 2 is word salad built from the
# reference's own phrases. Under the paper's rules, sacreBLEU and mteval, candidate 2 keeps about two thirds
# of candidate 1's score. Under NLTK's defaults it even *wins*: NLTK splits on spaces only, so "plane," is not
# "plane", candidate 1 is left without a single matching 4-gram, and method0 turns that into a score of
# almost 0.

# %%
candidates = {"candidate 1 (fluent)": examples.OREJUELA_FLUENT, "candidate 2 (scrambled)": examples.OREJUELA_SCRAMBLED}
ch06.score_table(candidates, [examples.OREJUELA_REFERENCE]).drop(columns="text").round(2)

# %%
bx.explain(examples.OREJUELA_SCRAMBLED, [examples.OREJUELA_REFERENCE])

# %% [markdown]
# Every highlighted run is a real phrase of the reference. BLEU sees the runs, not the sentence they make.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 8. Searching for nonsense
#
# How far can this go? A small beam search builds a candidate from pieces of the reference: at each step it
# appends one run of 1 to 4 reference tokens to each of its best candidates, scores them all with the
# engine (sacreBLEU's defaults) and keeps the best four. One rule keeps it from simply copying the
# reference: it may never copy **more than 4 tokens in a row** (the engine checks that the candidate has no
# matching 5-gram). BLEU looks at n-grams up to 4, so that rule costs the search nothing it can measure.

# %%
found = ch06.nonsense_search([examples.OREJUELA_REFERENCE])
found.candidate

# %%
found.history_table().round(2)

# %% [markdown]
# The search stops once no candidate can grow, and keeps the best it saw. Its sentence beside the notes'
# two candidates:

# %%
ch06.score_table({**candidates, "found by the search": found.candidate},
                 [examples.OREJUELA_REFERENCE]).drop(columns="text").round(2)

# %%
bx.explain(found.candidate, [examples.OREJUELA_REFERENCE])

# %% [markdown]
# No reader would accept it, and BLEU ranks it far above the fluent translation. This is what the course
# notes warn about when BLEU becomes a training objective: a system tuned to the metric can learn to please
# it like this.
#
# *Tweak, twiddle and frob:* allow the search shorter runs (`max_copy=3`, `2`, `1`) and watch the nonsense
# get worse and the score fall.

# %%
tweaked = ch06.nonsense_search([examples.OREJUELA_REFERENCE], max_copy=2)  # try 1, 2, 3 or 4
tweaked.candidate, round(tweaked.score, 2)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Now you try
#
# Two exercises. The checker tells you what is wrong and gives a hint, but never the answer.

# %%
from bleu_explain.course.checker import check, exercises_for, solution

exercises_for("06_why_bad_candidates_score_high")

# %% [markdown]
# **Exercise 1.** The candidate "on the mat the cat sat quietly today" against the reference "today the cat
# sat quietly on the mat" (whitespace tokens). How many reorderings with the same BLEU does Callison-Burch
# et al.'s count (k − b)! promise? Count k and b by hand.

# %%
orderings = None  # replace with a whole number
check("06_why_bad_candidates_score_high", "same_score_orderings", orderings)

# %% tags=["solution"] slideshow={"slide_type": "skip"}
# Run this after you have tried the exercise above: it shows the worked solution.
solution("06_why_bad_candidates_score_high", "same_score_orderings")

# %% [markdown]
# **Exercise 2.** Beat the fluent candidate by hand: write a candidate for the Orejuela reference that never
# copies more than 4 reference tokens in a row, yet gets a higher sacreBLEU score than candidate 1. (No
# peeking at `found.candidate`: build your own.)

# %%
my_candidate = "Orejuela appeared calm"  # replace with your own sentence
check("06_why_bad_candidates_score_high", "beat_the_fluent", my_candidate)

# %% tags=["solution"] slideshow={"slide_type": "skip"}
# Run this after you have tried the exercise above: it shows the worked solution.
solution("06_why_bad_candidates_score_high", "beat_the_fluent")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Summary
#
# - The NLTK tutorial's high scores for bad candidates came from NLTK 3.2 dropping every order after the first zero without renormalising the weights; `bx.compare` places the difference from today's NLTK at the smoothing step.
# - BLEU only counts n-grams up to 4: reorderings of the pieces keep the score (at least (k − b)! of them when no junction matches), "the" counts as much as "Orejuela", and glued-together fragments can outscore a fluent translation.
#
# Next: [07 · One output, many scores](07_one_output_many_scores.ipynb)
#
# References: [the course's sources](../docs/references.md) · Glossary: [the course's terms in English and Chinese](../docs/glossary.md)
