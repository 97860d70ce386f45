# %% [markdown]
# # 11 · Playground
#
# ## Learning goals
# - Use every control of the explorer together: texts, references, preset, tokenizer, case, orders, weights, smoothing.
# - Compare all presets on one input and find the step where two tools part ways.
# - Browse the pathological candidates and say why each scores as it does.
#
# This notebook is an app: run it (or open it with `make app`, which serves it with Voila and hides the
# code) and use the controls. Everything is computed live by the same engine as the rest of the course.

# %%
import bleu_explain as bx
from bleu_explain.display import widgets

# %% [markdown]
# ## The explorer
#
# The paper's Example 1: a good candidate against three references. Edit anything.

# %%
from bleu_explain.data.pathologies import get_pathology

example_1 = get_pathology("Example 1, candidate 1 (good)")
explorer = widgets.BleuExplorer(example_1.candidate, example_1.references)
explorer

# %% [markdown]
# ## Every preset, side by side
#
# One input through every preset, with the first step at which each pair diverges.

# %%
widgets.PresetDiff("it it it it it it it", ["this is a ship", "it is ship", "ship it is", "a ship, it is"])

# %% [markdown]
# ## The pathology gallery
#
# Pick a candidate from the seeds and the paper; see its score under each preset and why.

# %%
widgets.PathologyGallery()

# %% [markdown]
# ## Now you try
#
# Find a candidate that NLTK 3.2 (`preset="nltk-3.2"`) scores more than 0.5 higher than current NLTK
# (`preset="nltk"`), against the references `this is a ship`, `it is ship`, `ship it is`, `a ship, it is`.
# Try it in the side-by-side view above first, then check it here.

# %%
from bleu_explain.course import exercises

answer = "this is a ship"  # replace with your candidate
exercises.check("11_playground", "nltk_versions_disagree", answer)

# %% [markdown]
# ## Summary
#
# The playground puts every step of BLEU under your fingers; the gallery and the side-by-side view show
# how small choices (tokens, smoothing, dropped orders) move the number.
#
# Back to the start: [00 · Start here](00_start_here.ipynb)
