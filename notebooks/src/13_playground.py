# %% [markdown] slideshow={"slide_type": "slide"}
# # 13 · Playground
#
# ## Learning goals
# - Use every control of the explorer together: texts, references, preset, tokenizer, case, orders, weights, smoothing.
# - Compare all presets on one input and find the step where two tools part ways.
# - Browse the pathological candidates and say why each scores as it does.
#
# This notebook is an app: run it and use the controls, or open it with the code hidden, served by Voila:
# `voila notebooks/13_playground.ipynb` in the course's folder after pip (`bleu-explain-course`), or `make app` in
# a clone of the repository. Everything is computed live by the same engine as the rest of the course.

# %% slideshow={"slide_type": "skip"}
import bleu_explain as bx
from bleu_explain.data import examples
from bleu_explain.display.widgets import BleuExplorer, PathologyGallery, PresetDiff

# %% [markdown] slideshow={"slide_type": "slide"}
# ## The explorer
#
# The paper's Example 1 (Papineni et al. 2002, section 2): a good candidate against three references.
# Edit anything.

# %%
explorer = BleuExplorer(examples.EXAMPLE_1_CANDIDATE_1, list(examples.EXAMPLE_1_REFERENCES))
explorer

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Every preset, side by side
#
# One input through every preset, with the first step at which each pair diverges. The input is a bad
# candidate from the "Introduction to BLEU in Python" NLTK tutorial, against its four "ship" references.

# %%
PresetDiff(examples.SHIP_REPEATED_IT, list(examples.SHIP_REFERENCES))

# %% [markdown] slideshow={"slide_type": "slide"}
# ## The pathology gallery
#
# Pick a candidate and see its score under each preset and why. They come from the paper's Examples 1–4
# (Papineni et al. 2002), the NLTK tutorial's "ship" candidates, the "BLEU - Bilingual Evaluation
# Understudy" step-by-step tutorial, and the LING83600 course notes on BLEU (the lecture notes *BLEU score* of
# LING 83600; see [the references](../docs/references.md)), which give the swapped n-grams and the Orejuela
# example after Callison-Burch et al. 2006. Each shows its source.

# %%
PathologyGallery()

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Now you try
#
# The side-by-side view above shows a candidate made of one word, `it`, repeated, which NLTK 3.2
# (`preset="nltk-3.2"`) scores far higher than current NLTK (`preset="nltk"`). Find another: a candidate of at
# least **four different words** that NLTK 3.2 scores more than 0.5 higher than current NLTK, against the NLTK
# tutorial's four "ship" references (`examples.SHIP_REFERENCES`). Why does the repeated word work, and what must
# your words avoid? Try candidates in the explorer at the top (switch its preset), then check one here.

# %%
from bleu_explain.course.checker import check, exercises_for, solution

exercises_for("13_playground")

# %%
answer = examples.SHIP_REFERENCES[0]  # a reference itself: replace it with your candidate, in quotes
check("13_playground", "nltk_versions_disagree", answer)

# %% tags=["solution"] slideshow={"slide_type": "skip"}
# Run this after you have tried the exercise above: it shows the worked solution.
solution("13_playground", "nltk_versions_disagree")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Summary
#
# The playground puts every step of BLEU under your fingers; the gallery and the side-by-side view show
# how small choices (tokens, smoothing, dropped orders) move the number.
#
# Next: [14 · Questions people ask](14_questions_people_ask.ipynb), the questions learners bring, each answered
# with a computation. Back to the start: [00 · Start here](00_start_here.ipynb)
#
# References: [the course's sources](../docs/references.md) · Glossary: [the course's terms in English and Chinese](../docs/glossary.md)
