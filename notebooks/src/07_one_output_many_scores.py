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
import bleu_explain as bx
from bleu_explain.analysis import blocks
from bleu_explain.course import ch07_one_output_many_scores as ch07
from bleu_explain.data.corpus import load_corpus
from bleu_explain.display import plots

corpus = load_corpus()
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
# Every row is cased (top) or uncased (bottom). The numbers below are **Post's published values**, typed in from
# his Table 1 into `bleu_explain.course.ch07_one_output_many_scores`; nothing in this table is computed here.

# %%
print(ch07.POST_2018_SOURCE)
ch07.post_table_1()

# %% [markdown]
# Post's "range" rows give, per arc, the largest minus the smallest score, leaving out `unk`. We recompute them
# from his published scores as a check on our typing:

# %%
ranges = ch07.post_ranges()
print(f"{int(ranges['agree'].sum())} of {len(ranges)} published ranges agree with the published scores")
ranges[~ranges["agree"]]

# %% [markdown]
# The one disagreement is off by 0.1 (21.3 − 20.6 = 0.7 where the paper prints 0.6), which is what you get when
# the range was taken before the scores were rounded to one decimal. The ranges themselves, as published:

# %%
ch07.plot_post_ranges()

# %% [markdown]
# German–English moves the most. Here are its eight published scores side by side. The spread in the title is
# over all eight rows, so it mixes in case and the `unk` mistake: that is exactly what happens when two papers
# do not say which configuration they used.

# %%
plots.plot_configurations(ch07.post_arc("de-en"), title="Post (2018), Table 1, de-en: published values, not computed")

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
# words), `mteval-13a` lowercases, and `paper` removes punctuation. The lengths `hyp_len` and `ref_len` show it: the
# same five sentences are a different number of tokens for each tool. `hf-evaluate` (Hugging Face's `evaluate`)
# tokenizes as sacreBLEU does and parts from it later; `compare` says where, in words:

# %%
story.loc["hf-evaluate", "divergence_from_sacrebleu"]

# %% [markdown]
# *Notebook as app* (in a running notebook): the explorer below puts one sentence through every preset. Edit the candidate or the
# references and watch the scores and the first divergence change.

# %%
from bleu_explain.display.widgets import PresetDiff

PresetDiff(corpus.system("S3")[2], corpus.references[2])

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 3. Tokenizers and case, on the whole corpus
#
# sacreBLEU itself offers five tokenizers: `13a` (its default, the rules of WMT's mteval-v13a.pl), `intl`,
# `zh`, `char` and `none`. Before comparing them, look inside the default one.
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
# punctuation can match again, and so can the bigrams around them. Here is how all four word tokenizers split
# this sentence and another of S3's (`char` makes every character a token):

# %%
words = ["13a", "intl", "zh", "none"]
print(ch07.tokens_text(corpus.system("S3")[49], words), "", ch07.tokens_text(corpus.system("S3")[18], words), sep="\n")

# %% [markdown]
# And S3's corpus score under each, with case kept (sacreBLEU's default) and with everything lowercased:

# %%
ch07.tokenizer_case_table(corpus, "S3").round(2)

# %% [markdown]
# Three things to notice:
#
# - Lowercasing always helps: `The` and `the` become one word, so more n-grams match. Post found case to be
#   the biggest single effect in his Table 1.
# - `intl` splits more (`company ' s`), which adds easy matches; `none` splits nothing, so `day,` no longer
#   matches `day`. The tokenizers even disagree on details: 13a splits the final period off `20.`, `intl` does
#   not (it never splits a period after a digit).
# - `char` is not a variant of word BLEU at all: it counts character n-grams, which match far more often. A
#   character score must never sit in a column of word scores. (`zh` adds spaces around Chinese characters, so on
#   English it is almost 13a; like `intl`, it keeps `20.` whole.)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 4. How many references, and which
#
# BLEU against several references credits an n-gram found in *any* of them, so more references mean more
# matches. Post's example (2018, §2.1): *"WMT 2017 includes two references for English–Finnish. Scoring the
# online-B system with one reference produces a BLEU score of 22.04, and with two, 25.25."* As published:

# %%
ch07.post_en_fi()

# %% [markdown]
# Our corpus has four references, so we can go further. S3 against the first 1, 2, 3 and 4 references
# (`corpus.with_references`):

# %%
ch07.first_k_references(corpus, "S3").round(4)

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
# published papers. `difference` is measured from sacreBLEU's defaults (first row). (The `mteval-13a` preset is
# left out: on this corpus it gives exactly the lowercased score.)

# %%
results = ch07.score_configurations(corpus, "S3")
ch07.configuration_table(results)[["score", "difference", "brevity_penalty"]].round(2)

# %%
plots.plot_configurations(results, title="S3 on the bundled corpus: computed live")

# %% [markdown]
# Every dot is "the BLEU of S3". Case and the choice between 13a and `intl` move it by about a point each, the
# size of Post's ranges. Whitespace tokens on untokenized text (multi-bleu.perl, or NLTK on raw strings) cost
# several points, and the references, how many and which, move it most of all.
#
# **Tweak, twiddle and frob.** Add a configuration of your own to the dictionary below (any setting of
# `bx.explain`, plus `refs` for the reference positions and `preset`), or pick another system, and rerun.

# %%
mine = {"default": {}, "lowercased, refs 3+4": {"lowercase": True, "refs": [2, 3]}, "nltk": {"preset": "nltk"}}
ch07.configuration_table(ch07.score_configurations(corpus, "H1", mine))[["score", "difference"]].round(2)

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
from importlib.metadata import version

settings = ch07.CONFIGURATIONS["lowercased + intl"]
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
# A score printed with its signature can be compared with another, or reproduced. `signature_diff` lines two up:

# %%
ch07.signature_diff(results["sacreBLEU default (13a, cased, 4 refs)"].signature, results["lowercased + intl"].signature)

# %% [markdown]
# Two limits. sacreBLEU's signature leaves out the maximum n-gram order (always 4 in practice), and `nrefs`
# does not say which references were used (section 4). Presets that are not sacreBLEU get a signature in the
# same style that names the preset and every setting that decides their score:

# %%
print(results["preset paper (no punctuation, lowercased)"].signature)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 7. Rerunning Post's English–Finnish example on real data
#
# To rerun §2.1 yourself you need online-B's WMT17 English–Finnish output (from WMT17's published system
# outputs) and the two Finnish references, which sacreBLEU fetches as the test set `wmt17/tworefs` (`wmt17`
# alone has only the first reference). Online, or with sacreBLEU's cache copied from a machine that has it:
#
# ```python
# from bleu_explain.data.loaders import load_sacrebleu_testset
#
# wmt = load_sacrebleu_testset("wmt17/tworefs", "en-fi", systems={"online-B": "newstest2017.online-B.0.en-fi"})
# ch07.first_k_references(wmt, "online-B", counts=(1, 2))   # Post (2018) reports 22.04 and 25.25
# ```
#
# The cell below does exactly that when the environment variable `BLEU_EXPLAIN_ONLINE_B` names the online-B file;
# otherwise it says so and does nothing (it never needs the network to run this notebook). Without the cache and
# offline, the loader's error says what to do; the cell prints that message instead of a traceback.

# %% tags=["nbval-skip"]
ch07.rerun_post_en_fi()

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
sig_a, sig_b = ch07.signature_pair()
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
# - The same output scores differently with each tool, tokenizer, case setting and set of references: Post (2018) measured up to 1.8 BLEU between common configurations, and a second reference added 3.2 on WMT17 en-fi.
# - Report scores with sacreBLEU's signature (and which references), and compare only scores whose signatures match.
#
# Next: [08 · Reproducing the paper](08_reproducing_the_paper.ipynb)
#
# References: [the course's sources](../docs/references.md) · Glossary: [the course's terms in English and Chinese](../docs/glossary.md)
