# %% [markdown] slideshow={"slide_type": "slide"}
# # 14 · Questions people ask
#
# ## Learning goals
# - Spot two common ways BLEU is computed wrongly in code: handing NLTK strings instead of token lists, and scoring subword pieces before they are joined back into words.
# - Explain why Hugging Face `evaluate`, torchmetrics, sacreBLEU and NLTK print different numbers for the same output, and name the step where each pair parts ways.
# - Choose a tokenizer for Chinese and Japanese, and say why the default one fails there.
# - Say why corpus BLEU is not the mean of sentence BLEU, and why no BLEU value is "good" in itself.
# - Watch BLEU used as a training reward climb while the text it rewards falls apart.
# - Say why the BLEU of the Dive into Deep Learning book (`d2l.bleu`) is not sacreBLEU's, step by step.
# - Ask the doctor (`bx.diagnose`, or `bleu-explain doctor` on the command line) why your own number is what it is.
#
# Nine questions learners and colleagues bring to a BLEU lecture, each answered with a computation on the
# bundled teaching corpus or the course's examples. The questions are independent: read them in any order.
#
# *Shift-Enter for the win:* run the cells in order; each one shows something.

# %% slideshow={"slide_type": "skip"}
import random
from collections import Counter

import pandas as pd

import bleu_explain as bx
from bleu_explain.data import examples

corpus = bx.load_corpus()
refs = corpus.references

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 1. What if NLTK gets strings instead of token lists?
#
# NLTK's `sentence_bleu(references, hypothesis)` expects each sentence as a *list of tokens*:
# `sentence_bleu([r.split() for r in refs], candidate.split())`. Hand it strings instead and it does not
# complain: Python iterates a string character by character, so NLTK counts **character** n-grams, and the
# spaces are characters too. Character 4-grams are far easier to match than word 4-grams.
#
# The engine can count exactly NLTK's tokens: the `char` tokenizer makes every character a token but drops
# spaces, so we first write each space as a visible mark (`▁`) that no sentence here uses.

# %%
def as_nltk_sees_a_string(text):
    return text.replace(" ", "\u2581")  # a space is a token of its own when NLTK iterates a string

ship_refs = list(examples.SHIP_REFERENCES)
rows = {}
for candidate in ["it is a ship", "ship ship ship", examples.SHIP_REPEATED_IT]:
    words = bx.explain(candidate, ship_refs, preset="nltk")
    chars = bx.explain(as_nltk_sees_a_string(candidate), [as_nltk_sees_a_string(r) for r in ship_refs],
                       preset="nltk", tokenize="char")
    rows[candidate] = {"token lists (as intended)": words.bleu, "strings (characters)": chars.bleu}
pd.DataFrame(rows).T

# %% [markdown]
# With token lists, NLTK 3.10 scores all three (nearly) 0: none shares a 4-gram with a reference ("ship ship
# ship" has no 4-gram at all), and NLTK does not smooth unless told to (notebook 05). With strings, even the
# nonsense "ship ship ship" scores far from 0. If NLTK is installed here, the next cell asks it directly, to
# show that the engine counted what NLTK counts:

# %%
try:
    from nltk.translate.bleu_score import sentence_bleu
except ImportError:
    print("NLTK is not installed here (pip install nltk); the table above is what it computes.")
else:
    same = all(sentence_bleu(ship_refs, c) == row["strings (characters)"] for c, row in rows.items())
    print("NLTK's sentence_bleu on the strings gives " + ("the same three numbers, bit for bit." if same else
          "other numbers: this cell expects NLTK 3.10's smoothing rules (nltk.__version__ says yours)."))

# %% [markdown]
# **The fix**: tokenize first, and pass lists (`candidate.split()`, or a real tokenizer); better, use a tool
# that takes strings and tokenizes them itself, as sacreBLEU does. A related slip: `sentence_bleu(ref.split(),
# cand.split())` passes *one* reference as a list of single-word references; the references must be a list of
# token lists.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 2. Why do evaluate, torchmetrics, sacreBLEU and NLTK disagree?
#
# Because each makes different choices at three steps: **tokens** (sacreBLEU and Hugging Face `evaluate` use
# the 13a tokenizer; torchmetrics splits at spaces; NLTK scores whatever tokens it is given, here `.split()`),
# **reference length** (`evaluate` holds each candidate against its *shortest* reference; sacreBLEU and NLTK
# against the closest, a tie going to the shorter; torchmetrics against the closest, a tie going to the reference
# listed first: in the table below it splits at spaces as NLTK's `.split()` does, same candidate length, yet its
# `ref_len` differs) and **smoothing** (sacreBLEU's default smooths; the others do not unless asked). The presets
# reproduce each tool (README), so `bx.compare` scores one output under all four. System S2 of the corpus,
# against its four references:

# %%
tools = ["sacrebleu", "hf-evaluate", "torchmetrics", "nltk"]
s2_table = bx.compare(corpus.system("S2"), refs, presets=tools)
s2_table[["score", "p1", "p4", "brevity_penalty", "hyp_len", "ref_len"]].round(4)

# %% [markdown]
# Where each tool first parts ways with sacreBLEU, in words:

# %%
for tool, words in s2_table["divergence_from_sacrebleu"].drop("sacrebleu").items():
    print(f"{tool}: {words}")

# %% [markdown]
# On one short sentence the gaps grow: Example 1's poor candidate (Papineni et al. 2002) has no trigram in any
# reference. sacreBLEU smooths the zero; NLTK without smoothing gives a number indistinguishable from 0;
# `evaluate` and torchmetrics return 0.

# %%
one = bx.compare(examples.EXAMPLE_1_CANDIDATE_2, list(examples.EXAMPLE_1_REFERENCES), presets=tools)
for tool, row in one.iterrows():
    print(f"{tool:13s} {row['score']:.4g}   {row['divergence_from_sacrebleu']}")

# %% [markdown]
# None of them is wrong: they compute different things under one name. Report the tool, its settings and,
# with sacreBLEU, its signature (notebook 07), and compare only numbers computed the same way.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 3. How do I score Chinese or Japanese?
#
# Not with the default. The 13a tokenizer splits at spaces and ASCII punctuation, and Chinese and Japanese are
# written without spaces; "，" and "。" are not ASCII. A whole clause becomes one "word". Token counts of
# the corpus's 120 Chinese source sentences under three tokenizers: `13a`, `zh` (sacreBLEU's Chinese
# tokenizer: every CJK character a token, other runs split as 13a does) and `char` (every character):

# %%
counts = pd.DataFrame({tok: [len(bx.tokenize(s, tok)) for s in corpus.sources] for tok in ("13a", "zh", "char")})
counts.agg(["mean", "min", "max"]).round(1)

# %% [markdown]
# So 13a sees about one token per Chinese sentence. Two Chinese sentences that say the same thing: the first
# source sentence, and the same sentence with its first clause (who announced it) moved to the end. Scored
# with each tokenizer, the moved sentence as the candidate and the original as the one reference:

# %%
source = corpus.sources[0]
clauses = source.rstrip("。").split("，")
moved = "，".join(clauses[1:] + clauses[:1]) + "。"
print(source, moved, sep="\n")
by_tokenizer = {}
for tok in ("13a", "zh", "char"):
    r = bx.explain(moved, [source], tokenize=tok)
    by_tokenizer[tok] = {"BLEU": round(r.score, 2), "tokens": len(r.candidate_tokens), "p1": r.fraction(1),
                         "p4": r.fraction(4)}
pd.DataFrame(by_tokenizer).T

# %% [markdown]
# Under 13a the candidate shares one token of three with its reference and scores 0; on characters it scores
# high, as a reader would expect. sacreBLEU picks `zh` by itself when told the target language is Chinese
# (`-l en-zh` on the command line, `trg_lang="zh"` in Python), and so does the `bleu-explain` command line.
#
# **Japanese** mixes kanji with kana, and words are not single characters. sacreBLEU's choice for it is
# `ja-mecab`, which splits words with the MeCab analyser; it needs `pip install 'bleu-explain[ja]'`
# (MeCab and its dictionary; without them the engine says so and names the command). `char` needs nothing,
# but scores on characters are not comparable with scores on MeCab's words. What `13a` and `char` make of
# one sentence:

# %%
japanese = "猫はマットの上に座っていた。"
{tok: bx.tokenize(japanese, tok) for tok in ("13a", "char")}

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 4. Can I score subword pieces before joining them?
#
# Neural systems write subword pieces (BPE, SentencePiece): frequent words whole, rarer words cut into
# pieces, which are joined back into words (detokenised) at the end. Scoring the pieces is a common slip.
# A stand-in for a learned subword vocabulary: the 1,000 most frequent words of the references stay whole,
# every other word is cut into pieces of 4 characters, and `▁` marks the start of a word, as SentencePiece
# writes it.

# %%
frequent = {w for w, _ in Counter(w for seg in refs for r in seg for w in r.split()).most_common(1000)}

def pieces(text, size=4):
    out = []
    for word in text.split():
        cut = [word] if word in frequent else [word[i:i + size] for i in range(0, len(word), size)]
        out += ["\u2581" + cut[0]] + cut[1:]
    return " ".join(out)

def join_pieces(text):
    return "".join(text.split()).replace("\u2581", " ").strip()

print(pieces(corpus.system("S3")[0]))

# %% [markdown]
# Each system three ways: on words (right), on pieces against references cut the same way, and on pieces
# against the plain references. The `assert` checks that joining the pieces gives back the words.

# %%
piece_refs = [[pieces(r) for r in seg] for seg in refs]
subword = {}
for name in corpus.system_names:
    output = corpus.system(name)
    cut = [pieces(o) for o in output]
    assert [join_pieces(c) for c in cut] == [" ".join(o.split()) for o in output]
    subword[name] = {"words": bx.explain_corpus(output, refs).score,
                     "pieces vs cut references": bx.explain_corpus(cut, piece_refs).score,
                     "pieces vs plain references": bx.explain_corpus(cut, refs).score}
pd.DataFrame(subword).T.round(2)

# %% [markdown]
# Against cut references every system gains: part of a rare word now matches where the whole word did not,
# and pieces make more, easier n-grams. Against plain references the `▁`-marked pieces match almost nothing
# (only the punctuation 13a splits off). Neither is the system's BLEU. Join the pieces first (SentencePiece's
# `spm_decode`; for subword-nmt's `@@ ` marks, delete them, as fairseq's `--remove-bpe` does) and score the
# words. *Change it and see:* keep 300 or 3,000 words whole and watch the difference change (it can even turn negative):
# it depends on the vocabulary, so scores on pieces are not comparable even with each other.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 5. Is corpus BLEU the mean of sentence BLEU?
#
# No (notebook 05, section 4). Corpus BLEU adds up the matches, totals and lengths of all sentences and then
# combines them once; a mean of sentence BLEUs gives a short sentence as much weight as a long one, applies a
# brevity penalty to each sentence, and smooths every sentence with a zero count. On the teaching corpus:

# %%
both = {}
for name in corpus.system_names:
    result = corpus.explain(name)
    sentence_bleu = 100 * result.sentence_table()["sentence_bleu"].astype(float)
    both[name] = {"corpus BLEU": result.score, "mean sentence BLEU": sentence_bleu.mean()}
both = pd.DataFrame(both).T
both["mean - corpus"] = both["mean sentence BLEU"] - both["corpus BLEU"]
both.round(2)

# %% [markdown]
# The gap is not a constant: its size, even its sign, changes from system to system, so one number cannot be
# converted into the other. A paper that reports the mean of sentence BLEU reports a different metric.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 6. What is a good BLEU score?
#
# There is no threshold. A score depends on the test set, on how many references there are and who wrote
# them, and on the tokenizer (sections 2 and 3). Two measurements on the teaching corpus, each with a 95%
# bootstrap interval (notebook 08, 1,000 resamples). First, every system against all four references and
# against the first reference alone:

# %%
first_only = [seg[:1] for seg in refs]

def with_interval(candidates, references):
    r = bx.bootstrap_ci(candidates, references, n_samples=1000, progress=False)
    return f"{r.score:.1f} ({r.lower:.1f}–{r.upper:.1f})"

pd.DataFrame({name: {"4 references": with_interval(corpus.system(name), refs),
                     "1 reference": with_interval(corpus.system(name), first_only)}
              for name in corpus.system_names}).T

# %% [markdown]
# Second, the references themselves: four translations nobody would call bad. Each one, scored against the
# other three:

# %%
pd.Series({f"reference {k + 1}": with_interval([seg[k] for seg in refs],
                                               [seg[:k] + seg[k + 1:] for seg in refs]) for k in range(4)},
          name="BLEU against the other three (95% interval)")

# %% [markdown]
# The same translation moves by many points when references are removed, and human references score far
# below 100 against each other. The teaching corpus is invented, so these values say nothing about real
# systems. Published real-data figures show the same pull of the reference count: one human translation in
# the BLEU paper (Papineni et al. 2002, section 3), and one WMT17 English–Finnish system in Post (2018,
# section 2.1):

# %%
from bleu_explain.data import published

pd.DataFrame([{"what": record.what, "value": record.value, "source": record.source}
              for record in (*published.PAPINENI_FOUR_VS_TWO.values(), *published.POST_EN_FI.values())])

# %% [markdown]
# So read a BLEU score only beside other scores on the same test set, with the same references and the same
# signature, with an interval, and, for a claim about quality, beside human judgments (notebook 10 sets BLEU
# beside expert and crowd judgments of real systems on WMT21 data).

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 7. Can I train a system to maximise BLEU?
#
# Systems have been tuned on BLEU for years (minimum error rate training, Och 2003, which the LING83600 course
# notes describe), and BLEU has been the reward of reinforcement learning (Ranzato et al. 2016). The risk: a
# learner that sees only the reward learns whatever raises it. A small hill climber shows this. It starts
# from a fluent translation (H1's first three sentences), makes one random edit at a time (insert, delete or
# replace a word from the segment's references, or swap two neighbours) and keeps the edit whenever sentence
# BLEU does not fall. A fixed seed makes it repeatable.

# %%
rng = random.Random(2002)

def mutate(words, vocabulary):
    words, i = list(words), rng.randrange(len(words))
    move = rng.choice(["insert", "delete", "replace", "swap"])
    if move == "insert":
        words.insert(i, rng.choice(vocabulary))
    elif move == "delete" and len(words) > 1:
        del words[i]
    elif move == "replace":
        words[i] = rng.choice(vocabulary)
    elif move == "swap" and i + 1 < len(words):
        words[i], words[i + 1] = words[i + 1], words[i]
    return words

# %%
def climb(text, references, steps=500):
    vocabulary = sorted({w for r in references for w in r.split()})
    words, best = text.split(), bx.explain(text, references).score
    for _ in range(steps):
        trial = mutate(words, vocabulary)
        score = bx.explain(" ".join(trial), references).score
        if score >= best:  # the reward did not fall: keep the edit
            words, best = trial, score
    return " ".join(words)

start = corpus.system("H1")[:3]
climbed = [climb(text, refs[i]) for i, text in enumerate(start)]

# %%
for i, (before, after) in enumerate(zip(start, climbed)):
    print(f"BLEU {bx.explain(before, refs[i]).score:.1f} -> {bx.explain(after, refs[i]).score:.1f}")
    print("  before:", before)
    print("  after: ", after)

# %% [markdown]
# BLEU went up for every sentence. Read the "after" lines: word order broken, phrases of different references
# spliced together, words repeated. The corpus score of the three sentences, before and after:

# %%
round(bx.explain_corpus(start, refs[:3]).score, 2), round(bx.explain_corpus(climbed, refs[:3]).score, 2)

# %% [markdown]
# BLEU counts n-grams shared with the references and nothing else, so any edit that keeps those counts, or
# adds to them, is free to wreck the sentence. Notebook 06 (section 8) builds such a candidate by search; here
# a "reward" did it one edit at a time. Real training is gentler (the model also stays close to fluent text),
# but the pressure is the same: a metric used as the objective stops measuring what it measured before.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 8. Why does d2l's BLEU differ?
#
# Dive into Deep Learning (Zhang et al. 2023), where many learners compute their first BLEU, scores its
# translations with its own function, `d2l.bleu(pred_seq, label_seq, k)`, called with `k=2` in its
# sequence-to-sequence chapter. The `d2l` preset computes it step by step (its tests compare it with d2l's own
# function). One of the book's reference sentences, "il est calme ." (for "he's calm ."), against a translation
# a small model might give:

# %%
book_reference = "il est calme ."
d2l_result = bx.explain("il est riche .", book_reference, preset="d2l", k=2)
print(d2l_result.steps()[-1])

# %% [markdown]
# The same pair under sacreBLEU and NLTK, and where each first departs from d2l:

# %%
book_pair = bx.compare("il est riche .", [book_reference], presets=["d2l", "sacrebleu", "nltk"])
book_pair[["score", "p1", "p2", "p3", "brevity_penalty"]].round(4)

# %%
for tool, words in book_pair["divergence_from_d2l"].drop("d2l").items():
    print(f"{tool}: {words}")

# %% [markdown]
# d2l counts orders 1 to k only (and never above the candidate's length). Give sacreBLEU the same two orders and
# the difference is in the combination alone: d2l raises p_n to 1/2ⁿ, so p_1 weighs 1/2 and p_2 1/4, where the
# paper and sacreBLEU give each of the N orders 1/N. d2l's weights do not sum to 1, and the longer n-grams
# weigh less, not more:

# %%
same_orders = bx.compare("il est riche .", [book_reference], presets=["d2l", "sacrebleu"], max_order=2)
print(same_orders.loc["d2l", "divergence_from_sacrebleu"])
d2l_weights = d2l_result.breakdown.weights
print(f"d2l's weights {d2l_weights}, sum {sum(d2l_weights)}; sacreBLEU's with two orders: 1/2 each")

# %% [markdown]
# Its tokens are the text split at each single space (`str.split(' ')`), with no tokenizer: the book's data
# has spaces around punctuation already. A doubled or a trailing space makes an empty token, which changes the
# score; and d2l takes one reference, so a second one is an error, not a better score:

# %%
for prediction in ["il est calme .", "il est  calme .", "il est calme . "]:
    r = bx.explain(prediction, book_reference, preset="d2l")
    print(f"{prediction!r:20} tokens {list(r.candidate_tokens)}  BLEU {r.bleu:.4f}")
try:
    bx.explain("il est riche .", [book_reference, "il est tranquille ."], preset="d2l")
except bx.BleuInputError as error:
    print(error)

# %% [markdown]
# A d2l number is a score of its own: report it as d2l's BLEU with its k, never next to a sacreBLEU score.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 9. Why is my BLEU what it is? Ask the doctor
#
# Most questions people bring about BLEU are about their own number: two tools disagree, a score is far too low,
# or a paper reports a value nobody can reproduce. `bx.diagnose(hypotheses, references, score=...)` takes the
# files and the number you were given, looks for the usual mistakes, and searches for the tools and settings
# that print that number. On the command line it is `bleu-explain doctor REF... -i HYP --score S`.
#
# Here a system of the bundled corpus is spoiled the way real pipelines spoil output: tokenized a second time
# (" ." and " ,"), lowercased, and with the reference file shifted by one line.

# %%
system = corpus.systems["S3"]
first_refs = [segment[0] for segment in refs]
spoiled = [" ".join(line.lower().replace(".", " .").replace(",", " ,").split()) for line in system]
shifted = first_refs[1:] + first_refs[:1]  # one line lost at the top, put back at the end
print(bx.diagnose(spoiled, shifted))

# %% [markdown]
# Each finding has a code (the same in the JSON that `--json` prints), the evidence, the score with and without
# the problem, and a one-line fix. The doctor also answers "which tool printed this number?": give it the
# clean output and a score as a tool printed it, here NLTK's `corpus_bleu` on the same text, as a 0–1 value with
# four digits.

# %%
nltk_score = bx.explain_corpus(system, refs, preset="nltk").bleu
reported = round(nltk_score, 4)
diagnosis = bx.diagnose(system, refs, score=reported)
for match in diagnosis.matches[:3]:
    print(match.text())

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Now you try
#
# The checker tells you what is wrong and gives a hint, but never the answer.

# %%
from bleu_explain.course.checker import check, exercises_for, solution

exercises_for("14_questions_people_ask")

# %% [markdown]
# **Exercise.** A colleague wrote `sentence_bleu(list(examples.EXAMPLE_2_REFERENCES), examples.EXAMPLE_2_CANDIDATE)`:
# the paper's Example 2 ("the the the the the the the.") handed to NLTK 3.10 as strings. What does it return?
# Compute it with the engine as section 1 does (4 decimals).

# %%
answer = None  # replace with NLTK's score, e.g. 0.1234
check("14_questions_people_ask", "nltk_strings", answer)

# %% tags=["solution"] slideshow={"slide_type": "skip"}
# Run this after you have tried the exercise above: it shows the worked solution.
solution("14_questions_people_ask", "nltk_strings")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Summary
#
# - Handed strings, NLTK counts characters; scored before they are joined, subword pieces give another number again. Tokenize (or detokenise) first.
# - evaluate, torchmetrics, sacreBLEU and NLTK differ in tokens, reference length and smoothing; `bx.compare` names the step. Chinese needs `zh` (or `char`), Japanese `ja-mecab`.
# - Corpus BLEU is not the mean of sentence BLEU, and no BLEU value is good in itself: compare like with like, with intervals and human judgments.
# - Used as a reward, BLEU can be raised while the text falls apart.
# - d2l's BLEU splits at single spaces, counts orders 1..min(k, length), raises p_n to 1/2ⁿ and takes one reference: its numbers are its own.
# - When a number puzzles you, ask the doctor: it names what is wrong with the files, and which tool and settings print the number you were given.
#
# Back to the start: [00 · Start here](00_start_here.ipynb). The lecturer's guide: [teaching with this course](../docs/lecturers_guide.md).
#
# References: [the course's sources](../docs/references.md) · Glossary: [the course's terms in English and Chinese](../docs/glossary.md)
