"""Every example sentence the course uses, in one place, each with the source it comes from.

Notebooks, lessons, exercises, widgets and the pathology catalogue import their
sentences from here, so that an example is typed once. The sources are listed
in full in the course's references page (``docs/references.md``).

>>> len(EXAMPLE_1_REFERENCES), EXAMPLE_2_CANDIDATE
(3, 'the the the the the the the.')
"""

from __future__ import annotations

# --------------------------------------------------------------------------- sources
#: Papineni, Roukos, Ward and Zhu (2002), the BLEU paper (quoted in the course from its Chinese translation)
PAPER = "Papineni, Roukos, Ward and Zhu (2002), BLEU: a Method for Automatic Evaluation of Machine Translation"
#: the tutorial that walks through count, max-ref count and clip
STEP_BY_STEP_TUTORIAL = '"BLEU - Bilingual Evaluation Understudy", a step-by-step tutorial'
#: the NLTK tutorial whose printed scores came from NLTK 3.2.x
NLTK_TUTORIAL = '"Introduction to BLEU in Python", an NLTK tutorial'
#: the course notes on BLEU (after Callison-Burch, Osborne and Koehn 2006 for their critiques)
COURSE_NOTES = "LING83600 course notes on BLEU"

# --------------------------------------------------------------------------- the paper's examples
#: Example 1: the three references (also those of Example 3).
EXAMPLE_1_REFERENCES = (
    "It is a guide to action that ensures that the military will forever heed Party commands.",
    "It is the guiding principle which guarantees the military forces always being under the command of the Party.",
    "It is the practical guide for the army always to heed the directions of the party.",
)
#: Example 1, candidate 1 (the good one: unigram precision 17/18 in the paper)
EXAMPLE_1_CANDIDATE_1 = "It is a guide to action which ensures that the military always obeys the commands of the party."
#: Example 1, candidate 2 (the poor one: 8/14)
EXAMPLE_1_CANDIDATE_2 = "It is to insure the troops forever hearing the activity guidebook that party direct."

#: Example 2: the over-generating candidate (modified unigram precision 2/7) and its two references.
EXAMPLE_2_CANDIDATE = "the the the the the the the."
EXAMPLE_2_REFERENCES = ("The cat is on the mat.", "There is a cat on the mat.")

#: Example 3: the too-short candidate, against Example 1's references.
EXAMPLE_3_CANDIDATE = "of the"

#: Example 4: recall's trap (a candidate that uses every reference's synonym, and a good one).
EXAMPLE_4_REFERENCES = ("I always do.", "I invariably do.", "I perpetually do.")
EXAMPLE_4_CANDIDATE_1 = "I always invariably perpetually do."
EXAMPLE_4_CANDIDATE_2 = "I always do."

# --------------------------------------------------------------------------- the tutorials' examples
#: The cat-and-mat candidate that sacreBLEU's and the tutorials' first examples score (against Example 2's references).
CAT_CANDIDATE = "The cat sat on the mat."

#: The NLTK tutorial's four references for "ship" candidates, and the scores it prints (from NLTK 3.2.x).
SHIP_REFERENCES = ("this is a ship", "it is ship", "ship it is", "a ship, it is")

# --------------------------------------------------------------------------- the course notes' critiques
#: The swapped n-grams example: a faithful candidate and one with subject and object swapped.
DOG_REFERENCE = "The dog bit the mailman."
DOG_FAITHFUL = "The dog snapped at the mailman."
DOG_SWAPPED = "The mailman nipped at the dog."

#: The Orejuela example (after Callison-Burch et al. 2006): a fluent and a scrambled candidate.
OREJUELA_REFERENCE = ("Orejuela appeared calm as he was led to the American plane which will take him to Miami, "
                      "Florida.")
OREJUELA_FLUENT = "Appeared calm when he was taken to the American plane, which will to Miami, Florida."
OREJUELA_SCRAMBLED = "To Miami, Florida as he was led is to the was take him which will."
