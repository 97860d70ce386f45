"""Every example sentence the course uses, in one place, each with the source it comes from.

Notebooks, lessons, exercises, widgets and the pathology catalogue import their
sentences from here, so that an example is typed once. The sources are listed
in full in the course's references page (``docs/references.md``).

>>> len(EXAMPLE_1_REFERENCES), EXAMPLE_2_CANDIDATE
(3, 'the the the the the the the.')
"""

from __future__ import annotations

from . import published

# --------------------------------------------------------------------------- sources
#: Papineni, Roukos, Ward and Zhu (2002), the BLEU paper (quoted in the course from its Chinese translation)
PAPER = "Papineni, Roukos, Ward and Zhu (2002), BLEU: a Method for Automatic Evaluation of Machine Translation"
#: the NLTK tutorial whose printed scores came from NLTK 3.2.x
NLTK_TUTORIAL = 'Pratama, "Introduction to BLEU in Python", an NLTK tutorial'
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

# --------------------------------------------------------------------------- the precision notebooks (01-03)
#: The NLTK tutorial's count-and-clip example (whitespace tokens): it prints the clipped counts
#: ``{('is',): 1, ('some',): 0}``: "is" is capped at the candidate's one use, "some" is in no reference.
NLTK_CLIP_CANDIDATE = "is some"
NLTK_CLIP_REFERENCES = ("this is a test", "this is is is test")

#: Written for the course's exercises, against Example 2's references: words repeated more often than any
#: one reference uses them (unigrams in notebook 01, bigrams in notebook 02).
REPEATED_WORDS_CANDIDATE = "the cat the cat sat on the mat"
REPEATED_BIGRAMS_CANDIDATE = "the cat on the mat on the mat on the mat"

# --------------------------------------------------------------------------- notebooks 04-06
#: The NLTK tutorial's bad candidates and the scores it prints for them against SHIP_REFERENCES (NLTK 3.2.x
#: ``sentence_bleu``): the figures and their source are in :data:`bleu_explain.data.published.NLTK_TUTORIAL_SCORES`;
#: notebook 06 reproduces every digit.
NLTK_TUTORIAL_PRINTED_SCORES: dict[str, float] = published.values(published.NLTK_TUTORIAL_SCORES)

#: Written for the course after Example 1: references of 12, 15 and 17 words (the lengths in the paper's
#: best-match-length example, section 2.2.2), a 12-word candidate and a 14-word one.
BEST_MATCH_REFERENCES = (
    "It is a guide to action that ensures the army obeys commands.",
    "It is a guide to action which ensures that the military always obeys the party.",
    "It is the guiding principle which guarantees the military forces always obey the command of the Party.",
)
BEST_MATCH_CANDIDATE = "The guide of the party ensures that the army always obeys commands."
TIE_CANDIDATE = "It is a guide to action which ensures the military always obeys the party."

#: Written for the course: (candidate, reference) pairs whose long candidates run a word over or match and
#: whose short ones fall a word or two short (the corpus brevity penalty against the sentence ones).
SHORT_AND_LONG_CORPUS: tuple[tuple[str, str], ...] = (
    ("The minister said that the talks would continue in Geneva next week.",
     "The minister said the talks would continue next week in Geneva."),
    ("Thank you.", "Thank you very much."),
    ("In the first quarter of the year prices rose very sharply.",
     "Prices rose sharply in the first quarter of the year."),
    ("He never came.", "He did not come."),
    ("The bank expects that growth will slow after the summer holidays.",
     "The bank expects growth to slow down after the summer holidays."),
)

#: Written for the course after Example 2's first reference: four words and one bigram right, no trigram.
CAT_SAT_CANDIDATE = "the cat sat on a mat"
CAT_SAT_REFERENCE = "the cat is on the mat"

#: Written for the course: three short segments (candidate, references) for corpus-level smoothing.
SMOOTHING_CORPUS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("the cat sat on the mat", (CAT_SAT_REFERENCE,)),
    ("it is a ship", SHIP_REFERENCES[:2]),
    ("a dog barked loudly at the postman this morning", ("the dog barked at the postman this morning",)),
)

#: Written for the course: reordering this candidate's pieces can create a matching bigram ("b c").
JUNCTION_CANDIDATE = "a b x c d"
JUNCTION_REFERENCE = "a b c d"

# --------------------------------------------------------------------------- the playground (11)
#: The NLTK tutorial's seven-fold "it" against SHIP_REFERENCES (one of NLTK_TUTORIAL_PRINTED_SCORES' candidates):
#: the input of the playground's side-by-side view, where NLTK 3.2 and current NLTK part ways.
SHIP_REPEATED_IT = "it it it it it it it"

# --------------------------------------------------------------------------- Chinese (the live page, the glossary)
#: Written for the course in Chinese: one candidate and two references, natural paraphrases of the same news
#: sentence ("This afternoon the city government announced that the new library will open next spring").
#: Scored by characters (sacreBLEU's ``zh`` tokenizer), under 13a (which splits no Chinese: each sentence is one
#: or two tokens, so BLEU is 0 unless a sentence is copied), and by words (below).
ZH_REFERENCES = ("市政府今天下午宣布，新图书馆将于明年春天向公众开放。",
                 "今天下午，市政府宣布新的图书馆明年春天对外开放。")
ZH_CANDIDATE = "今天下午市政府宣布，新图书馆会在明年春季开放。"
#: The same three sentences segmented into words by hand (a space between words, punctuation a token of its own):
#: word-level BLEU counts these; the characters are the same (``"".join(words.split())`` gives the sentence back).
ZH_REFERENCES_WORDS = ("市政府 今天 下午 宣布 ， 新 图书馆 将 于 明年 春天 向 公众 开放 。",
                       "今天 下午 ， 市政府 宣布 新 的 图书馆 明年 春天 对外 开放 。")
ZH_CANDIDATE_WORDS = "今天 下午 市政府 宣布 ， 新 图书馆 会 在 明年 春季 开放 。"
#: CWMT (the China Workshop on Machine Translation) scores Chinese output on characters, with n-grams up to 5.
CWMT_MAX_ORDER = 5
