"""What the course is made of besides the package: the notebooks and the documents they link to.

The checkout keeps them in ``notebooks/`` and ``docs/``. A wheel carries copies in
``bleu_explain/coursefiles/files/`` (``setup.py`` puts them there, using this module), laid out the
same way, so that every relative link -- ``../docs/glossary.md`` from a notebook,
``../notebooks/04_brevity_penalty.ipynb`` from the glossary -- resolves in a learner's copy
as it does in the checkout. This module imports only the standard library, because
``setup.py`` reads it before the package is installed.

>>> PATTERNS[0]
'notebooks/[0-9][0-9]_*.ipynb'
"""

from __future__ import annotations

from pathlib import Path

#: The course's files, as globs relative to its root: the executed notebooks and the documents.
PATTERNS = ("notebooks/[0-9][0-9]_*.ipynb", "docs/*.md", "docs/images/*.png")
#: The notebook a learner opens first.
START = "notebooks/00_start_here.ipynb"
#: Where a wheel keeps the course, beside this module.
PACKAGED = Path(__file__).resolve().parent / "files"
#: The checkout this module runs from (an editable install or PYTHONPATH), which keeps the originals.
CHECKOUT = Path(__file__).resolve().parents[2]


def course_files(root: Path) -> list[str]:
    """The course's files under ``root``, as sorted POSIX paths relative to it."""
    return sorted({p.relative_to(root).as_posix() for pattern in PATTERNS for p in root.glob(pattern) if p.is_file()})


def course_root() -> Path:
    """The folder that holds this installation's course: the wheel's copy, else the checkout.

    Raises FileNotFoundError when neither has the start notebook (a package built without its course).
    """
    for root in (PACKAGED, CHECKOUT):
        if (root / START).is_file():
            return root
    raise FileNotFoundError(f"this installation of bleu-explain has no course: neither {PACKAGED} nor {CHECKOUT} "
                            f"holds {START}. Install it from a wheel or sdist built by `python -m build`, or run "
                            f"it from a checkout of the repository.")
