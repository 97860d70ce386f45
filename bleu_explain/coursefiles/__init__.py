"""The course as files a learner owns: what it is made of (:mod:`.materials`) and the command that writes it
into a folder (:mod:`.installer`, ``bleu-explain-course DIR``).

It sits on the top floor, beside ``cli/``: it ships the notebooks and documents, and imports nothing of the
course's checkers.
"""
