# %% [markdown] slideshow={"slide_type": "slide"}
# # 07 · One output, many scores
#
# ## Learning goals
# - See that "BLEU = 33.1" says little on its own: the same output gets different scores from different tools,
#   tokenizers, case handling and numbers of references.
# - Read Post (2018)'s Table 1, and reproduce each of its effects live on the bundled corpus.
# - Read a sacreBLEU signature, say which setting two signatures disagree on, and know how to rerun Post's
#   English–Finnish example on real data.
#
# Matt Post's short paper "A Call for Clarity in Reporting BLEU Scores" (Post 2018) starts from an
# uncomfortable fact: *"BLEU scores can vary wildly with changes to its parameterization and, especially,
# reference processing schemes, yet these details are absent from papers or hard to determine."* He measured
# *"differences as high as 1.8 between commonly used configurations"*, more than many published improvements.
# In this notebook we look at his numbers, then produce the same kind of spread ourselves.
#
# *Shift-Enter for the win:* run the cells in order; each one shows something.

# %% slideshow={"slide_type": "skip"}
import textwrap
from importlib.metadata import version

import pandas as pd

import bleu_explain as bx
from bleu_explain.analysis import blocks
from bleu_explain.data import published
from bleu_explain.display import plots

pd.set_option("display.max_colwidth", 120)
corpus = bx.load_corpus()
corpus

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 1. Post's Table 1 (published values)
#
# Post took **one** system output, online-B from the WMT 2017 news task, and scored it on twelve language arcs
# after processing the output *and the reference* in four ways (Post 2018, §2.2):
#
# - **basic**: the user tokenizes both with the Moses tokenizer;
# - **split**: basic, plus splitting compounds such as `rich-text` into `rich - text`;
# - **unk**: basic, plus mapping rare words to `UNK`, a mistake that is easy to make when the reference goes
#   through the same pipeline as the training data;
# - **metric**: the user does nothing; the metric applies its own tokenization (mteval-v13a.pl, WMT's official script).
#
# Every row is cased (top) or uncased (bottom). The numbers below are **Post's published values**, read from
# `bleu_explain.data.published`; nothing in this table is computed here.

# %%
cases, processings = ("cased", "uncased"), ("basic", "split", "unk", "metric")
post = pd.DataFrame({arc: {(case, processing): published.POST_TABLE_1[case, processing, arc].value
                           for case in cases for processing in processings} for arc in published.POST_ARCS})
print(f'{published.POST_2018.citation}, "{published.POST_2018.title}", Table 1: published values')
post

# %% [markdown]
# Post's "range" rows give, per arc, the largest minus the smallest score, leaving out `unk` (a mistake, not a
# configuration). We recompute them from his published scores as a check on our typing:

# %%
printed = pd.DataFrame({arc: {case: published.POST_TABLE_1[case, "range", arc].value for case in cases}
                        for arc in published.POST_ARCS})
no_unk = post.drop(index="unk", level=1).groupby(level=0)
recomputed = (no_unk.max() - no_unk.min()).round(1)
agree = (recomputed - printed).abs() < 1e-9
print(f"{int(agree.values.sum())} of {agree.size} published ranges agree with the published scores")
pd.DataFrame({"published range": printed.stack(), "range of the published scores": recomputed.stack()})[~agree.stack()]

# %% [markdown]
# The one disagreement is off by 0.1, as can happen when a range is taken before the scores are rounded to one
# decimal. Case is the other effect in the table: uncased minus cased, for each arc and
# processing.

# %%
case_effect = post.loc["uncased"] - post.loc["cased"]
print(f"uncased minus cased: from {case_effect.min().min():.1f} to {case_effect.max().max():.1f}; "
      f"largest range over processings (unk left out): {printed.max().max():.1f}")
case_effect

# %% [markdown]
# Lowercasing never lowers a score in Post's table; section 3 shows that this is not a law. German–English moves
# the most. Its eight published scores side by side; the spread in the title is over all eight rows, so it mixes
# in case and the `unk` mistake: that is exactly what happens when two papers do not say which configuration
# they used.

# %%
de_en = {f"{case}, {processing}": post.loc[(case, processing), "de-en"] for case in cases for processing in processings}
plots.plot_configurations(de_en, title="Post (2018), Table 1, de-en: published values, not computed")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 2. The same output under every tool
#
# Now our own numbers. The bundled corpus has 120 Chinese news sentences with four English references and five
# translations (S1, S2, S3 machine-like; H1, H2 human). We take S3, the best machine-like system, and start with
# its first story (5 sentences), scored by each preset: each preset reproduces one real BLEU implementation.
# `bx.compare` also names the first step where each preset parts from sacreBLEU.

# %%
story = bx.compare(corpus.system("S3")[:5], corpus.references[:5])
story[["score", "p1", "p2", "p4", "brevity_penalty", "hyp_len", "ref_len", "first_divergence_from_sacrebleu"]].round(4)

# %% [markdown]
# Eight tools, one output, several scores. Most already differ at the first step, tokenization: `nltk`,
# `nltk-3.2`, `multi-bleu` and `torchmetrics` split on spaces only (so `conference:` and `conference` are different
# words), `mteval-13a` lowercases (as NIST's script does unless run with `-c`; WMT ran it with `-c`, cased), and
# `paper` removes punctuation. The lengths `hyp_len` and `ref_len` show it: the
# same five sentences are a different number of tokens for each tool. `hf-evaluate` (Hugging Face's `evaluate`)
# tokenizes as sacreBLEU does and parts from it later; `compare` says where, in words:

# %%
story.loc["hf-evaluate", "divergence_from_sacrebleu"]

# %% [markdown]
# *Notebook as app* (in a running notebook): the explorer below puts one sentence through every preset. Edit the
# candidate or the references and watch the scores and the first divergence change.

# %%
from bleu_explain.display.widgets import PresetDiff

PresetDiff(corpus.system("S3")[2], corpus.references[2])

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 3. Tokenizers and case, on the whole corpus
#
# sacreBLEU offers more tokenizers than its default. bleu-explain has every one of them; the ones for Japanese,
# Korean and SentencePiece need an extra package (and a model file):

# %%
from sacrebleu.metrics import BLEU

from bleu_explain.engine.tokenizers import EXTERNAL_REQUIREMENTS

print(f"sacreBLEU {version('sacrebleu')} offers {len(BLEU.TOKENIZERS)} tokenizers")
pd.DataFrame({"bleu-explain needs": {name: EXTERNAL_REQUIREMENTS.get(name, "nothing (plain Python)")
                                     for name in BLEU.TOKENIZERS}})

# %% [markdown]
# The five that need nothing are the ones for text like ours: `13a` (the default, the rules of WMT's
# mteval-v13a.pl), `intl`, `zh`, `char` and `none`. Before comparing them, look inside the default one.
#
# ### Build it yourself: the 13a tokenizer
#
# 13a is four regular-expression rules from mteval-v13a.pl. The line is padded with a space at each end, then: (1)
# every ASCII symbol except the apostrophe, comma, hyphen and period gets a space on each side; (2) a period or
# comma after a non-digit is split off, (3) and so is one before a non-digit, so `9.7` stays whole; (4) a hyphen
# after a digit is split off. (mteval also turns `&amp;` and its kind back into characters; S3's sentence has
# none.) In plain Python, on one of S3's sentences:

# %%
import re

SYMBOLS = '!"#$%&()*+/:;<=>?@[\\]^_`{|}~'  # every ASCII symbol but ' , - and .

def my_13a_tokens(text: str) -> list[str]:
    text = "".join(f" {ch} " if ch in SYMBOLS else ch for ch in f" {text} ")  # pad, then rule 1
    text = re.sub(r"([^0-9])([.,])", r"\1 \2 ", text)  # rule 2: . or , after a non-digit
    text = re.sub(r"([.,])([^0-9])", r" \1 \2", text)  # rule 3: . or , before a non-digit
    text = re.sub(r"([0-9])(-)", r"\1 \2 ", text)  # rule 4: - after a digit
    return text.split()

sentence = corpus.system("S3")[49]
my_tokens = my_13a_tokens(sentence)

# %%
# the check: the engine's 13a tokens (sacreBLEU's), on this sentence and on one that ends in "20."
for i in (49, 18):
    assert my_13a_tokens(corpus.system("S3")[i]) == bx.tokenize(corpus.system("S3")[i], "13a"), i
print("mine:     ", " · ".join(my_tokens))
print("bx 13a:   ", " · ".join(bx.tokenize(sentence, "13a")))
print("split():  ", " · ".join(sentence.split()))

# %% [markdown]
# They agree. The padding matters for the second sentence: without a space after `20.`, rule 3 would find
# nothing after the final period and leave it on the number.
#
# ### Build it yourself: other tokens, other n-grams
#
# BLEU counts n-grams of tokens, so the tokenizer decides what can match. Count this sentence's clipped unigram and
# bigram matches against its four references, once on whitespace tokens (`str.split`, what NLTK and multi-bleu.perl
# see) and once on our 13a tokens:

# %%
from collections import Counter

def ngrams(tokens: list[str], n: int) -> Counter:
    return Counter(zip(*(tokens[i:] for i in range(n))))

def clipped_matches(split, n: int) -> tuple[int, int]:
    candidate, max_ref_count = ngrams(split(sentence), n), Counter()
    for reference in corpus.references[49]:
        max_ref_count |= ngrams(split(reference), n)  # | keeps each n-gram's largest count
    return sum((candidate & max_ref_count).values()), sum(candidate.values())

splitters = {"none": str.split, "13a": my_13a_tokens}
by_hand = {(tok, n): clipped_matches(split, n) for tok, split in splitters.items() for n in (1, 2)}

# %%
# the check: the engine's clipped matches / totals with tokenize="none" and tokenize="13a"
for tok in ("none", "13a"):
    r = bx.explain(sentence, corpus.references[49], tokenize=tok)
    for n in (1, 2):
        assert by_hand[tok, n] == (r.matches[n - 1], r.totals[n - 1])
        print(f"tokenize={tok:<4} {n}-grams  mine: {by_hand[tok, n][0]}/{by_hand[tok, n][1]}"
              f"  engine: {r.matches[n - 1]}/{r.totals[n - 1]}")

# %% [markdown]
# With 13a tokens, `day,` becomes `day` and `,`, and `RMB.` becomes `RMB` and `.`: words that were glued to
# punctuation can match again, and so can the bigrams around them. Here is how the four word tokenizers split
# this sentence and another of S3's (`char` makes every character a token):

# %%
for i in (49, 18):
    for tok in ("13a", "intl", "zh", "none"):
        tokens = bx.tokenize(corpus.system("S3")[i], tok)
        print(textwrap.fill(" · ".join(tokens), 110, initial_indent=f"{tok:<5}{len(tokens):3} tokens: ",
                            subsequent_indent=" " * 16, break_on_hyphens=False))
    print()

# %% [markdown]
# And S3's corpus score under each, with case kept (sacreBLEU's default) and with everything lowercased:

# %%
tokenizers = ("13a", "intl", "zh", "char", "none")
by_tokenizer = pd.DataFrame({tok: {"cased": corpus.explain("S3", tokenize=tok).score,
                                   "lowercased": corpus.explain("S3", tokenize=tok, lowercase=True).score}
                             for tok in tokenizers}).T
by_tokenizer["lowercasing adds"] = by_tokenizer["lowercased"] - by_tokenizer["cased"]
by_tokenizer.round(2)

# %% [markdown]
# Three things to notice:
#
# - Lowercasing adds close to a point for every word tokenizer: `The` and `the` become one word, so more
#   n-grams can match.
# - `intl` splits more (`company ' s`), which adds easy matches; `none` splits nothing, so `day,` no longer
#   matches `day`. The tokenizers even disagree on details: 13a splits the final period off `20.`, `intl` does
#   not. `intl` splits punctuation from a digit only when something that is not a digit follows it: `20. The`
#   becomes `20 . The` and `20.5` stays whole, but at the very end of a segment nothing follows, so `20.` stays
#   whole (the cell below shows all three).
# - `char` is not a variant of word BLEU at all: it counts character n-grams, which match far more often. A
#   character score must never sit in a column of word scores. (`zh` adds spaces around Chinese characters, so on
#   English it is almost 13a; like `intl`, it keeps a final `20.` whole.)

# %%
{tok: [" · ".join(bx.tokenize(text, tok)) for text in ("It rose 20. The next", "It rose by 20.5", "It rose 20.")]
 for tok in ("13a", "intl", "zh")}

# %% [markdown]
# ### Does lowercasing always help?
#
# No. With several references it can *remove* a match. Every segment of the corpus, every system, sentence BLEU
# cased and lowercased (the corpus results keep each segment's counts, so this is two corpus calls per system):

# %%
losers = []
for name in corpus.system_names:
    cased, lower = corpus.explain(name), corpus.explain(name, lowercase=True)
    for i, (a, b) in enumerate(zip(cased.sentence_scores, lower.sentence_scores)):
        if b < a:
            losers.append({"system": name, "segment": i, "cased": 100 * a, "lowercased": 100 * b})
print(f"lowercasing lowers sentence BLEU in {len(losers)} of {len(corpus) * len(corpus.system_names)} segments")
pd.DataFrame(losers).round(2)

# %% [markdown]
# Look at S3's segment 75: count `The` and `the` in the candidate and in each reference (13a tokens).

# %%
candidate, references = corpus.system("S3")[75], corpus.references[75]
texts = {"candidate": candidate, **{f"reference {j + 1}": ref for j, ref in enumerate(references)}}
the_counts = pd.DataFrame({label: {word: bx.tokenize(text, "13a").count(word) for word in ("The", "the")}
                           for label, text in texts.items()}).T
the_counts.assign(lowercased=the_counts.sum(axis=1))

# %% [markdown]
# Cased, the candidate's `The` is credited by reference 1, the only one with a `The`, and two of its three `the`
# by a reference with two: 1 + 2 = 3 matches, from different references. Lowercased, the candidate has one word
# four times, and no single reference has it more than twice: clipping credits 2. The engine's matches per order:

# %%
pd.DataFrame({"cased": bx.explain(candidate, references).matches,
              "lowercased": bx.explain(candidate, references, lowercase=True).matches}, index=[1, 2, 3, 4]).T

# %% [markdown]
# With one reference this cannot happen: clipping two spellings against one reference, min(a + b, x + y) is never
# less than min(a, x) + min(b, y), and lowercasing changes no length. Against one reference, uncased BLEU is never
# below cased BLEU; with several references it is usually above, but not always.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 4. How many references, and which
#
# BLEU against several references credits an n-gram found in *any* of them, so more references mean more
# matches. Post's example (2018, §2.1): *"WMT 2017 includes two references for English–Finnish. Scoring the
# online-B system with one reference produces a BLEU score of 22.04, and with two, 25.25."* Here we
# **quote** these two numbers: WMT17's system outputs are public, but the course downloads only the WMT21 data
# (`python -m bleu_explain.data fetch wmt21`), not WMT17's. The end of this section shows how to rerun Post's example.

# %%
en_fi = published.POST_EN_FI
print(f"{en_fi[1].source}, quoted: 1 reference {en_fi[1].value}, 2 references {en_fi[2].value} "
      f"(+{en_fi[2].value - en_fi[1].value:.2f})")

# %% [markdown]
# WMT21's English–German test set has three human references (A, C and D), so the same effect can be computed
# on real data: Online-B, a commercial system of 2021, against each reference alone, then against two and three
# of them. Each single reference comes first, so that a jump can be read fairly: from one reference to two
# changes *how many* references, but from A to A+C also changes *which* ones. (This cell needs the WMT21 data,
# `python -m bleu_explain.data fetch wmt21`; without them it says so.)

# %% tags=["nbval-ignore-output"]
from bleu_explain.data.wmt21 import load_wmt21, wmt21_available

if wmt21_available("en-de"):
    wmt = load_wmt21("en-de")
    for names in ("A", "C", "D", "AC", "AD", "CD", "ACD"):
        refs = [list(segment) for segment in zip(*(wmt.references[name] for name in names))]
        result = bx.explain_corpus(wmt.systems["Online-B"], refs)
        print(f"references {'+'.join(names):6} {result.score:6.2f}  {result.signature}")
else:
    print("The WMT21 test sets are not here; `python -m bleu_explain.data fetch wmt21` downloads them (16 MB).")

# %% [markdown]
# An analogue, not a replication: another year, another language pair, other references. Read the single
# references first: which reference you score against moves the score by itself, and A gives Online-B its
# lowest score of the three (A is also the one the experts rate lowest, notebook 11, section 7). So the jump from A to A+C
# mixes two effects. The fair measure of what a second reference adds compares each pair with the better of its
# two single references (A+C with C, A+D with D, C+D with C): smaller than the jump from A, and still larger than in
# Post's example. To rerun Post's own example, put online-B's WMT17 English–Finnish output
# (from WMT17's published system outputs) in a file; sacreBLEU's test set `wmt17/tworefs` has both Finnish
# references (downloaded once, or from sacreBLEU's cache):
#
# ```python
# wmt17 = bx.load_sacrebleu_testset("wmt17/tworefs", "en-fi", systems={"online-B": "newstest2017.online-B.0.en-fi"})
# [wmt17.with_references(range(k)).explain("online-B").score for k in (1, 2)]
# ```
#
# Our corpus has four references, so we can go further. S3 against the first 1, 2, 3 and 4 references
# (`corpus.with_references`):

# %%
first_k = {"+".join(str(j + 1) for j in range(k)): corpus.with_references(range(k)).explain("S3") for k in (1, 2, 3, 4)}
pd.DataFrame({"score": {label: r.score for label, r in first_k.items()},
              "signature": {label: r.signature for label, r in first_k.items()}}).round(2)

# %% [markdown]
# The signature records `nrefs`, the *number* of references, but not *which* ones. Does that matter? Score S3
# against every one of the 15 non-empty subsets of the four references:

# %%
subsets = blocks.reference_count_experiment(corpus.system("S3"), corpus.references)
blocks.mean_by_count(subsets).round(2)

# %%
plots.plot_reference_counts(subsets, title="S3 on the bundled corpus, every subset of the 4 references")

# %% [markdown]
# With one reference, S3 scores anywhere between the `min` and `max` above, depending on which translator wrote
# it: the choice of reference moves the score as much as the number of references. Two "single-reference BLEU"
# scores on different references are not comparable either.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 5. Everything at once
#
# Now the live version of Post's table: S3 on the whole corpus under configurations that all appear in
# published papers. `difference` is measured from sacreBLEU's defaults (first row). `refs` picks references
# (0-based positions); every other setting goes to `explain`. (The `mteval-13a` preset is left out: on this
# corpus it gives exactly the lowercased score.)

# %%
configurations = {
    "sacreBLEU default (13a, cased, 4 refs)": {}, "lowercased": {"lowercase": True}, "tokenizer intl": {"tokenize": "intl"},
    "lowercased + intl": {"lowercase": True, "tokenize": "intl"},
    "preset multi-bleu (whitespace tokens)": {"preset": "multi-bleu"},
    "preset paper (no punctuation, lowercased)": {"preset": "paper"},
    "references 1+2 only": {"refs": [0, 1]}, "reference 1 only": {"refs": [0]}, "reference 2 only": {"refs": [1]},
}

def score(system: str, settings: dict) -> bx.CorpusExplanation:
    settings = dict(settings)
    return corpus.with_references(settings.pop("refs", range(4))).explain(system, **settings)

# %%
results = {label: score("S3", settings) for label, settings in configurations.items()}
base = results["sacreBLEU default (13a, cased, 4 refs)"].score
pd.DataFrame({"score": {k: r.score for k, r in results.items()}, "difference": {k: r.score - base for k, r in results.items()},
              "brevity_penalty": {k: r.brevity_penalty for k, r in results.items()}}).round(2)

# %%
plots.plot_configurations(results, title="S3 on the bundled corpus: computed live")

# %% [markdown]
# Every dot is "the BLEU of S3". Case and the choice between 13a and `intl` move it by about a point each, the
# size of Post's ranges. Whitespace tokens on untokenized text (multi-bleu.perl, or NLTK on raw strings) cost
# several points, and the references, how many and which, move it most of all.
#
# **Change it and see.** Add a configuration of your own to the dictionary below (any setting of
# `bx.explain`, plus `refs` for the reference positions and `preset`), or pick another system, and rerun.

# %%
mine = {"default": {}, "lowercased, refs 3+4": {"lowercase": True, "refs": [2, 3]}, "nltk": {"preset": "nltk"}}
pd.Series({label: score("H1", settings).score for label, settings in mine.items()}, name="H1").round(2)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 6. Signatures
#
# Post's remedy (2018, §3.3) is sacreBLEU: it applies its own tokenization to the untouched reference, and it
# *"produces a short version string that documents the settings used"*: the **signature**. Every result of
# `bleu_explain` has one too (`.signature`); for the `sacrebleu` preset it is exactly sacreBLEU's.

# %%
for label in ["sacreBLEU default (13a, cased, 4 refs)", "lowercased + intl", "reference 1 only"]:
    print(f"{results[label].score:6.2f}  {results[label].signature}")

# %% [markdown]
# Read it field by field: `nrefs` (number of references), `case` (`mixed` = cased, `lc` = lowercased), `eff`
# (effective order, for sentence BLEU), `tok` (tokenizer), `smooth` (smoothing), `version` (sacreBLEU's version).
#
# ### Build it yourself: a signature
#
# A signature is nothing but the settings, written down in a fixed order. Assemble the one of "lowercased + intl"
# from its settings and sacreBLEU's defaults for the rest:

# %%
settings = configurations["lowercased + intl"]
print(settings)
my_signature = "|".join([
    f"nrefs:{len(corpus.references[0])}",
    f"case:{'lc' if settings.get('lowercase', False) else 'mixed'}",
    f"eff:{'yes' if settings.get('effective_order', False) else 'no'}",
    f"tok:{settings.get('tokenize', '13a')}",
    f"smooth:{settings.get('smooth', 'exp')}",
    f"version:{version('sacrebleu')}",
])

# %%
# the check: the signature of the result computed in section 5
assert my_signature == results["lowercased + intl"].signature
print(f"mine:   {my_signature}\nengine: {results['lowercased + intl'].signature}")

# %% [markdown]
# A score printed with its signature can be compared with another, or reproduced. `Signature.differences` lines
# two up, field by field:

# %%
from bleu_explain.engine.signature import Signature

first, second = results["sacreBLEU default (13a, cased, 4 refs)"].signature, results["lowercased + intl"].signature
pd.DataFrame(Signature.parse(first).differences(second), index=["first", "second"]).T

# %% [markdown]
# Two limits. sacreBLEU's signature leaves out the maximum n-gram order (always 4 in practice), and `nrefs`
# does not say which references were used (section 4). Presets that are not sacreBLEU get a signature in the
# same style that names the preset and every setting that decides their score:

# %%
print(results["preset paper (no punctuation, lowercased)"].signature)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Now you try
#
# Two exercises. The checker tells you what is wrong and gives a hint, but never the answer.

# %%
from bleu_explain.course.checker import check, exercises_for, solution

exercises_for("07_one_output_many_scores")

# %% [markdown]
# **Exercise 1.** Two papers report the BLEU of the same S2 output. Here are their signatures. Which fields
# differ? Give their names as a list, e.g. `["tok"]`.

# %%
sig_a = corpus.with_references([0]).explain("S2").signature
sig_b = corpus.with_references([0, 1]).explain("S2", lowercase=True).signature
print(sig_a, sig_b, sep="\n")

# %%
answer = ["version"]  # replace with the names of the fields that differ
check("07_one_output_many_scores", "changed_settings", answer)

# %% tags=["solution"] slideshow={"slide_type": "skip"}
# Run this after you have tried the exercise above: it shows the worked solution.
solution("07_one_output_many_scores", "changed_settings")

# %% [markdown]
# **Exercise 2.** A paper says it reports "case-insensitive BLEU with the international tokenizer against
# references 1 and 2" for S2. Compute that score on the bundled corpus (0–100 scale, two decimals). Check the
# signature of your result before you answer.

# %%
my_score = None  # replace with your score, e.g. round(result.score, 2)
check("07_one_output_many_scores", "score_under_configuration", my_score)

# %% tags=["solution"] slideshow={"slide_type": "skip"}
# Run this after you have tried the exercise above: it shows the worked solution.
solution("07_one_output_many_scores", "score_under_configuration")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Summary
#
# - The same output scores differently with each tool, tokenizer, case setting and set of references: Post (2018) reports up to 1.8 BLEU between common configurations and 3.21 more with a second reference on WMT17 en-fi (quoted); on WMT21 en-de and on our corpus the references move the score most of all (computed).
# - Lowercasing usually adds matches, but with several references it can remove some: "uncased is higher" is a tendency, not a rule.
# - Report scores with sacreBLEU's signature (and which references), and compare only scores whose signatures match.
#
# Next: [08 · Is the difference real?](08_is_the_difference_real.ipynb)
#
# References: [the course's sources](../docs/references.md) · Glossary: [the course's terms in English and Chinese](../docs/glossary.md)
