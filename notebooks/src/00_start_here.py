# %% [markdown] slideshow={"slide_type": "slide"}
# # 00 · Start here: what BLEU is for
#
# ## Learning goals
# - Say what BLEU measures and why machine translation needed an automatic measure.
# - Find your way around this course: fifteen short notebooks, one idea each.
# - Use a first explorer: change a candidate translation and watch its score change.
#
# Human judgement is the gold standard for translation quality, but it is slow and expensive: the BLEU
# paper's abstract (Papineni et al. 2002) notes that human evaluations "can take months to finish". Developers
# need to know *today* whether yesterday's change helped. BLEU's idea: **the closer a machine translation
# is to professional human translations, the better it is.** "Closer" is measured by shared words and
# phrases (n-grams), against one or more *reference* translations.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Shift-Enter for the win
#
# Run each cell with **Shift-Enter**, from top to bottom. Every number you see is computed by a cell, by
# the `bleu_explain` package. Here is a first candidate translation and two references:

# %%
import pandas as pd

import bleu_explain as bx
from bleu_explain.data import examples

cat, refs = examples.CAT_CANDIDATE, list(examples.EXAMPLE_2_REFERENCES)
result = bx.explain(cat, refs)
result

# %% [markdown]
# Coloured words are matched n-grams (unigrams, bigrams, ... up to 4-grams); "sat" is not in any reference.
# The grey line `nrefs:2|case:mixed|...`, the *signature*, lists the settings: `nrefs:2` two references,
# `case:mixed` case kept, `eff:no` effective order off (notebook 05), `tok:13a` sacreBLEU's default tokenizer,
# named after version 13a of NIST's scoring script (notebook 07), `smooth:exp` its default smoothing for orders
# without a match (notebook 05); [the glossary](../docs/glossary.md) explains each in a line.
#
# The score is on sacreBLEU's 0–100 scale; the paper uses 0–1:

# %%
round(result.score, 2), round(result.bleu, 4)

# %% [markdown]
# BLEU is computed in steps. You will meet each of them in its own notebook:

# %%
print(result.explain_text())

# %% [markdown] slideshow={"slide_type": "slide"}
# ## The map of the course
#
# | notebook | one idea |
# |---|---|
# | [01 · Precision, not recall](01_precision_not_recall.ipynb) | why BLEU counts the candidate's words, not the references' |
# | [02 · Modified precision](02_modified_precision.ipynb) | count, max-ref count, clip: the paper's Example 1 |
# | [03 · Combining orders](03_combining_orders.ipynb) | the geometric mean of 1- to 4-gram precisions |
# | [04 · Brevity penalty](04_brevity_penalty.ipynb) | why short candidates are penalised, and how |
# | [05 · Smoothing and sentence BLEU](05_smoothing_and_sentence_bleu.ipynb) | zero counts, and what the tools do about them |
# | [06 · Why bad candidates score high](06_why_bad_candidates_score_high.ipynb) | pathological candidates, explained |
# | [07 · One output, many scores](07_one_output_many_scores.ipynb) | Post (2018): reporting problems |
# | [08 · Is the difference real?](08_is_the_difference_real.ipynb) | bootstrap, randomization, and how far to trust them |
# | [09 · Reproducing the paper](09_reproducing_the_paper.ipynb) | the paper's figures and tables on our corpus, its block t-test by hand |
# | [10 · Does BLEU agree with people? Systems](10_agreement_of_systems.ipynb) | BLEU against expert and crowd judgments (WMT21), system by system |
# | [11 · Does BLEU agree with people? Sentences and pitfalls](11_agreement_of_segments.ipynb) | which differences people can tell apart; BLEU on single sentences, references |
# | [12 · Corpus analysis](12_corpus_analysis.ipynb) | systems, sentences and n-grams compared |
# | [13 · Playground](13_playground.ipynb) | every control in one app |
# | [14 · Questions people ask](14_questions_people_ask.ipynb) | NLTK on strings, four tools' numbers, Chinese and Japanese, subwords, corpus vs sentence BLEU, "good" BLEU, BLEU as a reward |

# %% [markdown] slideshow={"slide_type": "slide"}
# ## How to use it
#
# **Alone.** Read, run, then change an input and run the cell again. Each notebook ends with
# **Now you try**, an exercise whose answer a function checks, with a hint when it is not right yet.
#
# **In a lecture.** Every notebook is also a slide show of under 20 slides: a title slide, then one slide per
# section. In JupyterLab press **Alt-R** to open it as slides (RISE) beside the notebook, and run the cells as
# you go. The explorers are live in the notebook and in the slides: type a student's suggestion and the score
# updates.
#
# **The other ways in.** If you installed the course with pip and `bleu-explain-course`, run the commands of the
# middle column in the course's folder; the last column is for a clone of the repository, with its `Makefile`.
#
# | to get | after pip, in the course's folder | in a clone |
# |---|---|---|
# | a notebook as an app (code hidden, exercises answered in a box) | `voila notebooks/04_brevity_penalty.ipynb`, then open the address it prints | `make app NB=04` (`PROJECTOR=1` for large type) |
# | slides | **Alt-R** in JupyterLab (RISE) | `make slides`: static reveal.js decks in `slides/` |
# | the course as pages to read offline or print, with worksheets and an answer key | `python -m bleu_explain.handouts notebooks handouts` (`pip install 'bleu-explain[handouts]'` first; it says what else it needs) | `make handouts` |
# | the live page: every step recomputed in the browser as you type | the address your lecturer gives you (a `live.html`) | `make live`, `python -m http.server 8000 --bind 127.0.0.1 -d site`, then http://127.0.0.1:8000/live.html |
#
# **Sources.** The notebooks cite their sources by author and year: Papineni et al. (2002), the BLEU paper
# (quoted from its Chinese translation), and Post (2018), which introduced sacreBLEU; the lecture notes
# *BLEU score* of LING 83600, *Language Technology*, a course of the Graduate Center, City University of New York
# (the copy the course was built from names no author), which the notebooks call **the LING83600 course
# notes**; two tutorials, the "BLEU — Bilingual Evaluation Understudy" step-by-step tutorial and Pratama's
# "Introduction to BLEU in Python" (**the NLTK tutorial**); and a few papers on BLEU's critiques and on telling a
# real difference from luck. The full entries are on [the references page](../docs/references.md);
# [the glossary](../docs/glossary.md) gives the course's terms in English and as the paper's Chinese translation
# writes them.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Change it and see: a first explorer
#
# Edit the candidate or the references; add a reference; switch the preset from `sacrebleu` to `paper`
# or `nltk`. The highlighting, the tables and the score update as you type.

# %%
from bleu_explain.display.widgets import BleuExplorer

BleuExplorer(cat, refs)

# %% [markdown]
# The presets you will meet: `sacrebleu` (the default, as WMT reports it), `nltk`, `nltk-3.2` (an old
# NLTK whose numbers fill many tutorials), `mteval-13a` (NIST's script as run without `-c`, so lowercased;
# WMT ran it with `-c`, cased), `multi-bleu`, `paper` (the 2002 paper's rules,
# with the punctuation dropped as notebook 02 explains), and the two Python libraries many training scripts
# call, `hf-evaluate` (Hugging Face's `evaluate.load("bleu")`) and `torchmetrics`. They differ in small
# steps that change the number. In the smoothing column, `exp` is sacreBLEU's default, `method0` is NLTK's name
# for no smoothing, and `none` is none (notebook 05; the glossary has each):

# %%
def preset_row(preset):
    """A preset's score, its precisions as matches / candidate n-grams, its smoothing and brevity penalty."""
    r = bx.explain(cat, refs, preset=preset)
    return {"score": round(r.score, 2), **{f"p{n}": r.fraction(n) for n in range(1, 5)},
            "smoothing": r.config.smooth, "brevity penalty": round(r.brevity_penalty, 4)}


pd.DataFrame({preset: preset_row(preset) for preset in bx.compare(cat, refs).index}).T

# %% [markdown]
# The precisions are shown as counts, matches over the candidate's n-grams. Four presets give 0: their tokens
# leave the candidate no matching 4-gram (`mat.` keeps its period glued on, or the period is dropped), and they
# do not smooth, so one zero precision makes the geometric mean, and the score, zero (notebooks 03 and 05).
# sacreBLEU's tokenizer splits the period off, so `on the mat .` matches at every order. NLTK 3.2 scores high
# for another reason: it leaves an order without a match out of the mean (notebook 06).

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Now you try
#
# BLEU counts matches against *every* reference at once. What score does `cat` get against the second
# reference alone, `refs[1]`, with the default settings, on sacreBLEU's 0–100 scale (two decimals)? Guess first:
# higher or lower than with both? Then replace `None` with the number `bx.explain` gives and run the cell.

# %%
from bleu_explain.course.checker import check, exercises_for, solution

exercises_for("00_start_here")

# %%
answer = None  # your number, e.g. 12.34
check("00_start_here", "score_scale", answer)

# %% tags=["solution"] slideshow={"slide_type": "skip"}
# Run this after you have tried the exercise above: it shows the worked solution.
solution("00_start_here", "score_scale")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Summary
#
# BLEU scores a candidate translation by the n-grams it shares with human references, in a few steps
# that the rest of the course takes apart one by one.
#
# Next: [01 · Precision, not recall](01_precision_not_recall.ipynb)
#
# References: [the course's sources](../docs/references.md) · Glossary: [the course's terms in English and Chinese](../docs/glossary.md)
