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
from bleu_explain.data import examples, published

pd.set_option("display.max_colwidth", 120)
refs = list(examples.SHIP_REFERENCES)
refs

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 1. The tutorial's bad candidates, reproduced
#
# The tutorial scores seven candidates against the four references above with NLTK's `sentence_bleu` and
# prints each score. It used NLTK 3.2.x (2016–2017); our `preset="nltk-3.2"` follows that version's rules.
# Each score the tutorial prints, beside ours, with today's NLTK and sacreBLEU (on the same 0–1 scale):

# %%
rows = {}
for candidate, printed in examples.NLTK_TUTORIAL_PRINTED_SCORES.items():
    legacy = bx.explain(candidate, refs, preset="nltk-3.2")
    rows[candidate] = {"the tutorial printed": printed, "nltk-3.2 (ours)": legacy.bleu,
                       "orders_used": legacy.breakdown.orders_used, "brevity_penalty": legacy.brevity_penalty,
                       "nltk 3.10": bx.explain(candidate, refs, preset="nltk").bleu,
                       "sacrebleu (0-1)": bx.explain(candidate, refs, preset="sacrebleu").bleu}
table = pd.DataFrame.from_dict(rows, orient="index")
table

# %% [markdown]
# The first column is quoted from the tutorial as printed; the second is computed here. They agree to every
# printed digit, which this cell checks (it would stop with an error if one did not):

# %%
assert all(math.isclose(a, b, rel_tol=1e-12) for a, b in zip(table["the tutorial printed"], table["nltk-3.2 (ours)"]))
with pd.option_context("display.precision", 16):
    display(table[["the tutorial printed", "nltk-3.2 (ours)"]])

# %% [markdown]
# "it it it it it it it" at 0.61, "ship ship ship" at 0.76, a single "it" at 0.14. Today's NLTK gives every
# one of them a tiny number; sacreBLEU gives the candidates of four words or more far less than NLTK 3.2 did,
# and the shorter ones exactly 0 (they have no 4-gram at all, notebook 05):

# %%
print(f"largest nltk 3.10 score: {table['nltk 3.10'].max():.3g}")
table.assign(words=[len(c.split()) for c in table.index])[["words", "nltk-3.2 (ours)", "sacrebleu (0-1)"]].round(4)

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
# Your scores beside the tutorial's printed ones and the engine's, to 12 significant digits:

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
# gives "it" a score of about 2.47e-232 (the `bleu` column below). `bx.compare()` scores one input under
# several presets and names, for every pair, the *first step* at which they differ: tokens, counts,
# clipping, smoothing, reference length or combination.

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
# `bleu_explain.data.pathologies` collects such cases, from the tutorials, the paper and the course notes,
# each with its source and the reason for its score. Whether a score is "high" depends on the tool, so the
# table gives the numbers (BLEU on the 0–100 scale) under four of them. Read each row against the
# candidate's name: a bad candidate with a large number, or a good one with 0, is the pathology.

# %%
from bleu_explain.data.pathologies import PATHOLOGIES, get_pathology, scores_by_preset

presets = ["paper", "nltk-3.2", "nltk", "sacrebleu"]
catalogue = pd.DataFrame({p.name: {preset: p.explain(preset).score for preset in presets} for p in PATHOLOGIES}).T
catalogue.round(2).assign(source=[p.source for p in PATHOLOGIES])

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
# The LING83600 course notes on BLEU (§5, after Callison-Burch, Osborne and Koehn 2006) give this example:
# the reference "The dog bit the mailman.", a faithful candidate "The dog snapped at the mailman." and a
# swapped one, "The mailman nipped at the dog.", which says the opposite. With the paper's normalisation
# (case folded, punctuation removed) the two have exactly the same clipped counts, so every tool that
# normalises this way gives them the same score. The paper's own formula gives both 0 (neither has a
# matching trigram), and 0 = 0 proves nothing; sacreBLEU's smoothing on the same tokens gives both the same
# number that is *not* 0. With sacreBLEU's own tokens they differ: case is kept ("The mailman" is not "the
# mailman") and the full stop is a token ("mailman ." matches, "dog ." does not), so the swap breaks matches.

# %%
dog = {"faithful": examples.DOG_FAITHFUL, "swapped": examples.DOG_SWAPPED}
settings = {"paper": {"preset": "paper"}, "paper's tokens, smoothed": {"tokenize": "paper", "lowercase": True},
            "sacrebleu": {}}
runs = {(label, name): bx.explain(text, [examples.DOG_REFERENCE], **s) for label, s in settings.items()
        for name, text in dog.items()}
pd.DataFrame({key: {"matches": r.matches, "BLEU": round(r.score, 2)} for key, r in runs.items()}).T

# %% [markdown]
# ### Callison-Burch et al.'s count
#
# Callison-Burch et al. (2006) count such reorderings: for a candidate of k words with b matching bigrams
# there are, they write, at least (k − b)! reorderings with the same BLEU. The reason: cut the candidate wherever
# a bigram matches nothing. That leaves k − b pieces, which can be put in (k − b)! orders, and every order keeps
# each matching n-gram inside its piece. (Whether every order also keeps the *score* depends on where the pieces
# meet: the brute-force count below shows when it does.) Their own example, which the course notes borrow, is the
# fluent Orejuela candidate (section 6 below), lowercased and tokenized as mteval does unless run with `-c` (WMT
# ran it with `-c`, cased):

# %%
fluent = bx.explain(examples.OREJUELA_FLUENT, [examples.OREJUELA_REFERENCE], preset="mteval-13a")
tokens, reference_bigrams = fluent.candidate_tokens, fluent.clipping[1].max_ref_counts
pieces = [[tokens[0]]]
for left, right in zip(tokens, tokens[1:]):
    if reference_bigrams.get((left, right)):  # a matching bigram: the piece goes on
        pieces[-1].append(right)
    else:  # no reference has this bigram: cut here
        pieces.append([right])
k, b = fluent.hyp_len, fluent.matches[1]
print(f"k = {k} words, b = {b} matching bigrams, {len(pieces)} pieces:", " | ".join(" ".join(p) for p in pieces))
print(f"(k - b)! = {math.factorial(k - b):,}; {published.CALLISON_BURCH_EXAMPLE_ORDERINGS.source}: "
      f"{published.CALLISON_BURCH_EXAMPLE_ORDERINGS.value:,}")

# %% [markdown]
# The same pieces in reverse order are no longer a sentence, and BLEU cannot tell:

# %%
reversed_text = " ".join(word for piece in reversed(pieces) for word in piece)
backwards = bx.explain(reversed_text, [examples.OREJUELA_REFERENCE], preset="mteval-13a")
assert backwards.matches == fluent.matches and backwards.score == fluent.score
pd.DataFrame({"text": [" ".join(tokens), reversed_text], "matches": [fluent.matches, backwards.matches],
              "BLEU": [round(fluent.score, 2), round(backwards.score, 2)]}, index=["fluent", "pieces reversed"])

# %% [markdown]
# For some sentences of the 2005 NIST Arabic–English evaluation, Callison-Burch et al. count far more: this
# figure we can only **quote**, because that evaluation's system outputs are not public (the Linguistic Data
# Consortium distributes them under licence), so no cell here can recount it.

# %%
nist_2005 = published.CALLISON_BURCH_NIST_ORDERINGS
print(f"{nist_2005.source}, quoted: {nist_2005.what}: 10^{math.log10(nist_2005.value):.0f}")

# %% [markdown]
# ### Build it yourself: count the reorderings
#
# Is (k − b)! the number of orderings with the same BLEU? Let us count by brute force on the dog example, written
# in lower case without the full stop: take every distinct ordering of its six words, recount its clipped n-grams
# with your `clipped_matches` from section 2, and keep those whose counts are all unchanged: the same counts over
# the same length give the same BLEU.

# %%
def count_reorderings(candidate: str, reference: str) -> tuple[int, int, int]:
    """(distinct orderings of the words, those keeping every clipped count, (k - b)!)."""
    words, ref_words = candidate.split(), [reference.split()]
    original = clipped_matches(words, ref_words)
    k, b = len(words), original[1]  # b: the matching bigrams
    orderings = set(itertools.permutations(words))  # a set: the two "the" would count each ordering twice
    same = [order for order in orderings if clipped_matches(list(order), ref_words) == original]
    return len(orderings), len(same), math.factorial(k - b)


swapped_text = examples.DOG_SWAPPED.lower().rstrip(".")
dog_reference = examples.DOG_REFERENCE.lower().rstrip(".")
count_reorderings(swapped_text, dog_reference)

# %% [markdown]
# The engine instead scores every distinct reordering (sacreBLEU's smoothing, so that every count matters)
# and counts those with the same *score*:

# %%
def same_score_orderings(candidate: str, reference: str) -> tuple[int, int]:
    """(distinct orderings of the words, those the engine gives exactly the candidate's score)."""
    score = bx.explain(candidate, [reference], tokenize="none").score
    orderings = set(itertools.permutations(candidate.split()))
    same = sum(bx.explain(" ".join(o), [reference], tokenize="none").score == score for o in orderings)
    return len(orderings), same


print("mine:  ", count_reorderings(swapped_text, dog_reference))
print("engine:", same_score_orderings(swapped_text, dog_reference))
assert count_reorderings(swapped_text, dog_reference)[:2] == same_score_orderings(swapped_text, dog_reference)

# %% [markdown]
# Here both counts equal (k − b)!: every order of the pieces keeps the score, and no other order does. But
# (k − b)! counts the orders of the *pieces*; each order keeps the score only if no two pieces meet as a reference
# bigram. When an order puts two pieces together as a reference has them, it gains a match and scores *higher*,
# and fewer than (k − b)! orders keep the score: Callison-Burch et al.'s "at least" holds only when no junction
# can match. Their point stands either way: a candidate can be shuffled in many ways BLEU cannot tell apart. A
# tiny example where a junction matches, "a b x c d" against "a b c d", with every order of its pieces scored
# by the engine:

# %%
def piece_orders(candidate: str, reference: str) -> pd.DataFrame:
    """Every order of the candidate's pieces (cut where a bigram is in no reference): its matches and its score."""
    r = bx.explain(candidate, [reference], tokenize="none")
    t, bigrams = r.candidate_tokens, r.clipping[1].max_ref_counts
    cuts = [0] + [i for i in range(1, len(t)) if not bigrams.get((t[i - 1], t[i]))] + [len(t)]
    pieces = [" ".join(t[a:b]) for a, b in zip(cuts, cuts[1:])]
    orders = itertools.permutations(pieces)
    scored = {" | ".join(o): bx.explain(" ".join(o), [reference], tokenize="none") for o in orders}
    rows = [{"matches": o.matches, "same score": o.score == r.score} for o in scored.values()]
    return pd.DataFrame(rows, index=list(scored))


junction = piece_orders(examples.JUNCTION_CANDIDATE, examples.JUNCTION_REFERENCE)
print(f"(k - b)! = {len(junction)} orders of the pieces; {junction['same score'].sum()} keep the score")
junction

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
# of the bundled teaching corpus plus the Orejuela reference. `bx.explain_nist` scores a corpus; the corpus's
# own segments get empty candidates, so every match in the result is candidate 2's (and the NIST *score*
# of this padded corpus means nothing: read the weights).

# %%
corpus = bx.load_corpus()
nist = bx.explain_nist([examples.OREJUELA_SCRAMBLED] + [""] * len(corpus),
                       [[examples.OREJUELA_REFERENCE]] + [list(r) for r in corpus.references])
nist.info_table().round(2).head(10)

# %% [markdown]
# And single words of the reference (mteval's normalisation lowercases them): how often each occurs in all
# the references, and its information in bits.

# %%
words = ["the", "to", "he", "was", "miami", "orejuela"]
pd.DataFrame({"reference_count": [nist.reference_counts.get((w,), 0) for w in words],
              "info_bits": [nist.info_weight(w) for w in words]}, index=words).round(2)

# %% [markdown]
# "the" carries about 4 bits, "orejuela" almost 14. Neither candidate contains "Orejuela", the name of the
# man the sentence is about; BLEU does not care more about that than about a missing "the".

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 7. Fluency versus correctness
#
# Candidate 1 is a readable translation with a few words missing. Candidate 2 is word salad built from the
# reference's own phrases. How much of candidate 1's score does candidate 2 keep? It depends on the tool:

# %%
candidates = {"candidate 1 (fluent)": examples.OREJUELA_FLUENT, "candidate 2 (scrambled)": examples.OREJUELA_SCRAMBLED}
tools = ["paper", "sacrebleu", "mteval-13a", "nltk"]
scores = pd.DataFrame({preset: {label: bx.explain(text, [examples.OREJUELA_REFERENCE], preset=preset).score
                                for label, text in candidates.items()} for preset in tools})
scores.loc["scrambled / fluent"] = (scores.iloc[1] / scores.iloc[0]).where(scores.iloc[0] > 1)
scores.round(2)

# %% [markdown]
# The ratio in the last row is what the salad keeps: under the paper's rules and sacreBLEU about two thirds
# of the fluent candidate's score, under mteval more than four fifths. mteval lowercases (unless run with
# `-c`), so the salad's opening "To Miami, Florida" matches the reference's "to Miami, Florida" at every order, while the fluent
# "Appeared" gains only a unigram and a bigram. Under NLTK's defaults the salad *wins*: NLTK splits on spaces only, so
# "plane," is not "plane", candidate 1 is left without a single matching 4-gram, and method0 turns that into
# a score of almost 0 (no ratio is shown: a ratio to almost 0 says nothing).

# %%
bx.explain(examples.OREJUELA_SCRAMBLED, [examples.OREJUELA_REFERENCE])

# %% [markdown]
# Every highlighted run is a real phrase of the reference. BLEU sees the runs, not the sentence they make.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 8. Searching for nonsense
#
# How far can this go? A small beam search builds a candidate from pieces of the reference: at each step it
# appends one run of 1 to 4 reference tokens to each of its best candidates, scores them all with the engine
# (sacreBLEU's defaults) and keeps the best four. One rule keeps it from simply copying the reference: the
# candidate may never contain **more than 4 reference tokens in a row**. First the pieces of the search:

# %%
reference = examples.OREJUELA_REFERENCE
ref_tokens = bx.tokenize(reference, "13a")


def score(tokens: tuple[str, ...]) -> float:  # sacreBLEU's BLEU of the candidate these tokens spell
    return bx.explain(" ".join(tokens), [reference]).score


def copies(tokens: tuple[str, ...], n: int) -> bool:  # does the candidate hold n reference tokens in a row?
    runs = {tuple(ref_tokens[i:i + n]) for i in range(len(ref_tokens) - n + 1)}
    return any(tuple(tokens[i:i + n]) in runs for i in range(len(tokens) - n + 1))

# %% [markdown]
# And the search: grow, drop what copies too much, keep the best `beam_width`, until nothing can grow (at
# most 2 tokens longer than the reference). Ties go to the alphabetically first candidate, so every run finds
# the same sentence.

# %%
def nonsense_search(max_copy: int = 4, beam_width: int = 4) -> pd.DataFrame:
    """The best candidate after each step of a beam search over runs of <= max_copy reference tokens."""
    pieces = {tuple(ref_tokens[i:i + n]) for n in range(1, max_copy + 1) for i in range(len(ref_tokens) - n + 1)}
    beam, history = [()], []
    while True:
        grown = {c + p for c in beam for p in pieces if len(c) + len(p) <= len(ref_tokens) + 2}
        allowed = {c: score(c) for c in grown if not copies(c, max_copy + 1)}
        if not allowed:
            return pd.DataFrame(history, columns=["best_candidate", "score"], index=range(1, len(history) + 1))
        beam = sorted(allowed, key=lambda c: (-allowed[c], c))[:beam_width]
        history.append((" ".join(beam[0]), allowed[beam[0]]))


history = nonsense_search()
history.round(2)

# %% [markdown]
# The best candidate of any step is the search's answer. Beside the notes' two candidates:

# %%
found = history.loc[history["score"].idxmax(), "best_candidate"]
assert not copies(found.split(), 5)
pd.DataFrame({preset: {label: bx.explain(text, [reference], preset=preset).score
                       for label, text in {**candidates, "found by the search": found}.items()}
              for preset in tools}).round(2)

# %%
bx.explain(found, [reference])

# %% [markdown]
# No reader would accept it, and BLEU ranks it far above the fluent translation. It does not reach 100:
# every junction between two copied runs costs the n-grams that would span it. This is what the course
# notes warn about when BLEU becomes a training objective: a system tuned to the metric can learn to please
# it like this.
#
# *Change it and see:* allow the search shorter runs (`max_copy=3`, `2`, `1`) and watch the nonsense
# get worse and the score fall.

# %%
tweaked = nonsense_search(max_copy=2)  # try 1, 2, 3 or 4
tweaked.loc[tweaked["score"].idxmax()]

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Now you try
#
# Two exercises. The checker tells you what is wrong and gives a hint, but never the answer.

# %%
from bleu_explain.course.checker import check, exercises_for, solution

exercises_for("06_why_bad_candidates_score_high")

# %% [markdown]
# **Exercise 1.** The candidate "the red ball hit a small boy near the garden" against the reference "a small boy
# kicked the red ball into the garden" (whitespace tokens). Cut at its non-matching bigrams, it falls into k − b
# pieces: in how many orders can they be put, as Callison-Burch et al.'s count (k − b)! says? Count k and b by
# hand. (The checker then says how many of those orders keep the score.)

# %%
orderings = None  # replace with a whole number
check("06_why_bad_candidates_score_high", "same_score_orderings", orderings)

# %% tags=["solution"] slideshow={"slide_type": "skip"}
# Run this after you have tried the exercise above: it shows the worked solution.
solution("06_why_bad_candidates_score_high", "same_score_orderings")

# %% [markdown]
# **Exercise 2.** Beat the fluent candidate by hand: write a candidate for the Orejuela reference that never
# copies more than 4 reference tokens in a row, yet gets a higher sacreBLEU score than candidate 1. (No
# peeking at `found`: build your own.)

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
# - BLEU only counts n-grams up to 4: the k − b pieces between non-matching bigrams can be put in (k − b)! orders, and each keeps the score unless two pieces meet as a reference bigram (then fewer do, as "a b x c d" shows); "the" counts as much as "Orejuela", and glued-together fragments can outscore a fluent translation.
#
# Next: [07 · One output, many scores](07_one_output_many_scores.ipynb)
#
# References: [the course's sources](../docs/references.md) · Glossary: [the course's terms in English and Chinese](../docs/glossary.md)
