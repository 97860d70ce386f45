"""Run Dive into Deep Learning's own ``d2l.bleu`` and record what it returns (the d2l preset's oracle).

The function is read from the d2l wheel, never copied into the project: its
``d2l/torch.py`` imports torch, so only the ``bleu`` function's source is taken
out with ``ast`` and run with the two modules it uses, ``math`` and
``collections``. The wheel comes from PyPI with pip, no install needed::

    pip download --no-deps d2l==1.0.3 -d .venv/oracle-wheels

``make test`` fetches it there (quietly, and carries on offline);
``BLEU_EXPLAIN_D2L_WHEEL`` may name another copy. ``python scripts/oracles/d2l.py``
writes ``tests/oracles/d2l.json``: the inputs, d2l's outputs, d2l's version and
Python's, for a fixed set of generated cases that the tests compare with the
d2l preset on every run.
"""

from __future__ import annotations

import ast
import collections
import json
import math
import os
import platform
import random
import sys
import zipfile
from pathlib import Path
from typing import Any, Callable, Optional, Sequence

ROOT = Path(__file__).resolve().parents[2]
#: The d2l release the recorded outputs come from (the latest on PyPI when they were recorded).
D2L_VERSION = "1.0.3"
WHEEL_FOLDER = ROOT / ".venv" / "oracle-wheels"
RECORD = ROOT / "tests" / "oracles" / "d2l.json"
SEED = 20021  # any fixed seed: the cases are the same on every run

D2lBleu = Callable[[str, str, int], float]


def find_wheel() -> Optional[Path]:
    """The d2l wheel: ``BLEU_EXPLAIN_D2L_WHEEL`` if set, else the pinned release in ``.venv/oracle-wheels``."""
    named = os.environ.get("BLEU_EXPLAIN_D2L_WHEEL")
    if named:
        return Path(named) if Path(named).is_file() else None
    wheel = WHEEL_FOLDER / f"d2l-{D2L_VERSION}-py3-none-any.whl"
    return wheel if wheel.is_file() else None


def wheel_version(wheel: Path) -> str:
    """The d2l version a wheel holds, from its file name (d2l-<version>-py3-none-any.whl)."""
    return wheel.name.split("-")[1]


def load_bleu(wheel: Path) -> D2lBleu:
    """d2l's ``bleu(pred_seq, label_seq, k)``, taken out of the wheel's ``d2l/torch.py`` and compiled alone."""
    with zipfile.ZipFile(wheel) as archive:
        source = archive.read("d2l/torch.py").decode("utf-8")
    tree = ast.parse(source)
    found = [node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name == "bleu"]
    if len(found) != 1:
        raise LookupError(f"{wheel.name}: d2l/torch.py defines bleu {len(found)} times, not once")
    module = ast.Module(body=found, type_ignores=[])
    namespace: dict[str, Any] = {"math": math, "collections": collections}
    exec(compile(module, f"{wheel.name}/d2l/torch.py", "exec"), namespace)
    return namespace["bleu"]


def record(cases: Sequence[dict], wheel: Optional[Path] = None) -> list[dict]:
    """d2l's output for each case ``{"pred", "label", "k"}``: ``{"bleu": float}``, or ``{"error": "Type: message"}``
    where d2l raises."""
    wheel = wheel or find_wheel()
    if wheel is None:
        raise FileNotFoundError(f"no d2l wheel: run pip download --no-deps d2l=={D2L_VERSION} -d {WHEEL_FOLDER} "
                                "or set BLEU_EXPLAIN_D2L_WHEEL")
    bleu = load_bleu(wheel)
    outputs = []
    for case in cases:
        try:
            outputs.append({"bleu": bleu(case["pred"], case["label"], case["k"])})
        except Exception as exc:
            outputs.append({"error": f"{type(exc).__name__}: {exc}"})
    return outputs


# --------------------------------------------------------------------------- the cases
_SENTENCES = [
    ("il est riche .", "il est calme ."), ("va !", "va !"), ("j'ai perdu .", "j'ai perdu ."),
    ("je suis chez moi .", "je suis chez moi ."), ("il est paresseux .", "il est calme ."),
    ("the cat sat on the mat", "the cat is on the mat"), ("a cat is on the mat", "there is a cat on the mat"),
    ("it is a guide to action which ensures that the military always obeys the commands of the party",
     "it is a guide to action that ensures that the military will forever heed party commands"),
    ("the the the the the the the", "the cat is on the mat"), ("of the", "it is the guiding principle"),
]
_WORDS = ["the", "a", "cat", "mat", "on", "is", ".", ",", "il", "est", "je", "suis", "Ünïcode", "猫", ""]


def _random_text(rng: random.Random) -> str:
    words = [rng.choice(_WORDS) for _ in range(rng.randint(0, 12))]
    separators = [rng.choice([" ", " ", " ", "  ", "\t", "   "]) for _ in words]
    text = "".join(w + s for w, s in zip(words, separators))
    return text if rng.random() < 0.5 else text.strip(" ")


def _edited(text: str, rng: random.Random) -> str:
    """A reference close to a candidate: its tokens with a few replaced, dropped or added."""
    tokens = text.split(" ")
    for _ in range(rng.randint(0, 3)):
        at = rng.randrange(len(tokens) + 1)
        change = rng.choice(("replace", "drop", "add"))
        if change == "add" or not tokens or at == len(tokens):
            tokens.insert(at, rng.choice(_WORDS))
        elif change == "drop":
            del tokens[at]
        else:
            tokens[at] = rng.choice(_WORDS)
    return " ".join(tokens)


def _edge_cases() -> list[dict]:
    pairs = [("", ""), ("", "a"), ("a", ""), (" ", " "), ("a b", "a  b"), ("a  b", "a  b"), ("a b ", "a b"),
             (" a b", "a b"), ("a\tb", "a b"), ("x y z", "a b c"), ("a", "a b c d e f"), ("a b c d e f", "a"),
             ("a b a b a b", "a b"), ("a a a a", "a a"), ("the cat", "the cat"), ("   ", "  ")]
    return [{"pred": p, "label": lab, "k": k} for p, lab in pairs for k in (1, 2, 4, 8)]


def generate_cases(n_random: int = 320, seed: int = SEED) -> list[dict]:
    """The recorded cases: the book's own pairs and other sentences with k 1-4, edge cases (empty strings,
    double and trailing spaces, tabs, k above the length, no matches), and ``n_random`` random pairs."""
    rng = random.Random(seed)
    cases = [{"pred": p, "label": lab, "k": k} for p, lab in _SENTENCES for k in (1, 2, 3, 4)]
    cases += _edge_cases()
    for i in range(n_random):
        pred = _random_text(rng)
        label = _edited(pred, rng) if i % 2 else _random_text(rng)  # half close to the candidate, half unrelated
        cases.append({"pred": pred, "label": label, "k": rng.randint(1, 6)})
    return cases


def main() -> None:
    wheel = find_wheel()
    if wheel is None:
        sys.exit(f"no d2l wheel: run pip download --no-deps d2l=={D2L_VERSION} -d {WHEEL_FOLDER}")
    cases = generate_cases()
    outputs = record(cases, wheel)
    data = {
        "tool": "d2l.bleu(pred_seq, label_seq, k), read from d2l/torch.py in the d2l wheel",
        "d2l_version": wheel_version(wheel),
        "python_version": platform.python_version(),
        "recorded_by": "scripts/oracles/d2l.py",
        "cases": [{**case, **output} for case, output in zip(cases, outputs)],
    }
    RECORD.parent.mkdir(parents=True, exist_ok=True)
    cases_text = ",\n".join("  " + json.dumps(case, ensure_ascii=False) for case in data.pop("cases"))
    header = json.dumps(data, ensure_ascii=False, indent=1)[:-2]  # one case a line: a diff shows which changed
    RECORD.write_text(f'{header},\n "cases": [\n{cases_text}\n ]\n}}\n', encoding="utf-8")
    print(f"{len(cases)} cases from d2l {data['d2l_version']} -> {RECORD.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
