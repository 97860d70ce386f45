"""The live page's boundary: every message between the page's JavaScript and its Python, typed, in one place.

The live page (``site/live.html``) runs in three places: the page's thread (``web/live.js`` and the modules it
imports), the Python worker (``web/worker.js``, which runs this package in Pyodide) and the address worker
(``web/address-worker.js``, which writes and reads the page's address). They talk in messages; each kind is a
dataclass here, with its field names. The Python functions the worker calls are named here too
(:data:`PYTHON_CALLS`), and so are the pieces of HTML a result holds, the settings of the form and the page's
limits. The site's build writes all of it into ``live/schema.js`` (:func:`javascript_module`), which the
page's JavaScript imports: no list of names is copied by hand into the JavaScript.

``tests/display/test_live_schema.py`` sends a request of each kind to the function named for it and reads the
answer back into its dataclass, without a browser: renaming a function the page calls, or a field it reads,
fails there.

>>> request = RenderRequest.from_page({"preset": "nltk", "hyp": "the cat", "ref": ["the cat sat"]})
>>> request.preset, request.ref, request.max_order
('nltk', ('the cat sat',), '')
>>> RenderRequest.from_page({"hyp": "a", "colour": "red"})
Traceback (most recent call last):
...
bleu_explain.engine.errors.BleuInputError: the page sent a render request with an unknown field 'colour'
"""

from __future__ import annotations

import dataclasses
import json
import typing
from dataclasses import dataclass, fields
from typing import Any, Mapping, Optional, TypeVar, Union

from ...engine.errors import BleuInputError
from ...engine.limits import MAX_ORDER, MAX_PAGE_CHARACTERS, MAX_QUERY_CHARACTERS
from .live_state import SETTINGS


@dataclass(frozen=True)
class PythonCall:
    """A Python function the page's worker calls: ``pyodide.pyimport(module)[function](request)``."""

    module: str
    function: str


#: What the worker calls for each kind of request (the JSON the function returns is that kind's answer).
PYTHON_CALLS = {
    "render": PythonCall("bleu_explain.display.html.live", "render_params_json"),
    "diagnose": PythonCall("bleu_explain.display.html.live_doctor", "diagnose_params_json"),
}


# --------------------------------------------------------------------------- requests: the page's form
R = TypeVar("R", bound="RenderRequest")


@dataclass(frozen=True)
class RenderRequest:
    """The page's form, as ``readForm()`` reads it and the worker hands it to :data:`PYTHON_CALLS` ``render``.

    A setting is ``""`` for the preset's own. ``hyp``, ``hyp2`` and ``ref`` are ``None`` when they are the
    texts of the request before ("as before": a corpus is megabytes, and is not handed over again per keystroke).
    """

    preset: str = "sacrebleu"
    hyp: Optional[str] = ""
    hyp2: Optional[str] = ""
    ref: Optional[tuple[str, ...]] = ()
    compare: str = ""
    segment: str = "1"
    tokenize: str = ""
    lowercase: str = ""
    smooth: str = ""
    smooth_value: str = ""
    max_order: str = ""
    weights: str = ""
    effective_order: str = ""
    #: the language the page shows its words in ("en" or "zh": the Python writes the result in it)
    locale: str = "en"

    KIND = "render"

    @classmethod
    def from_page(cls: type[R], params: Mapping[str, Any]) -> R:
        """The request the page sent (a mapping handed over from JavaScript), its fields checked: an unknown field,
        or a value of the wrong type, is the page's mistake, said in one line."""
        kinds = typing.get_type_hints(cls)
        values: dict[str, Any] = {}
        for name, value in params.items():
            if name not in kinds:
                raise BleuInputError(f"the page sent a {cls.KIND} request with an unknown field {name!r}")
            values[name] = _checked(cls.KIND, name, value, kinds[name])
        return cls(**values)

    def to_page(self) -> dict[str, Any]:
        """The mapping the page sends (the inverse of :meth:`from_page`)."""
        return {f.name: list(v) if isinstance(v := getattr(self, f.name), tuple) else v for f in fields(self)}


@dataclass(frozen=True)
class DiagnoseRequest(RenderRequest):
    """The Diagnose panel's request: the form (every text given), the score the user was given, and whether the
    user chose the preset (then it and the settings narrow the doctor's search)."""

    reported: str = ""
    narrow: bool = False

    KIND = "diagnose"


def _checked(kind: str, name: str, value: Any, hint: Any) -> Any:
    """``value`` as the field's type says (a list for a tuple of strings), or a one-line refusal."""
    allowed = typing.get_args(hint) if typing.get_origin(hint) is Union else (hint,)
    if value is None and type(None) in allowed:
        return None
    if isinstance(value, bool) and bool in allowed or isinstance(value, str) and str in allowed:
        return value
    if isinstance(value, (list, tuple)) and any(typing.get_origin(a) is tuple for a in allowed) \
            and all(isinstance(v, str) for v in value):
        return tuple(value)
    raise BleuInputError(f"the page sent a {kind} request whose {name} is {type(value).__name__}, not {hint}")


# --------------------------------------------------------------------------- answers: what the page shows
@dataclass
class Pieces:
    """The pieces of HTML of one candidate's result: each goes into the page's element of the same id (``_``
    written ``-``; candidate 2's with ``-2`` after it). Every text in them is escaped in Python."""

    summary: str = ""
    sentence_bleu: str = ""
    highlight: str = ""
    precisions: str = ""
    length: str = ""
    steps: str = ""
    ngrams: str = ""
    #: the comparison with another preset, and which steps two candidates differ at (candidate 1's pieces only)
    compare: str = ""
    differs: str = ""


#: The pieces each candidate shows in elements of its own (``compare`` and ``differs`` are shown once).
PIECES = tuple(f.name for f in fields(Pieces) if f.name not in ("compare", "differs"))


@dataclass
class Rendered:
    """A result: the corpus score (its repr, as ``data-bleu-score`` holds it), the signature, the number of
    segments, the pieces, and candidate 2's pieces and score when there is a second candidate."""

    score_repr: str
    score: float
    bleu: float
    signature: str
    segments: int
    html: Pieces
    recomputed: int
    html2: Optional[Pieces] = None
    score2_repr: Optional[str] = None
    ok: bool = True

    @classmethod
    def of(cls, out: Mapping[str, Any]) -> "Rendered":
        """A result as :func:`.live._render` writes it, read into the dataclass: a key missing, or one the schema
        does not have, fails here (TypeError), in Python, before the page could miss it."""
        values = {key: value for key, value in out.items() if key != "ok"}
        values["html"] = Pieces(**out["html"])
        if out.get("html2") is not None:
            values["html2"] = Pieces(**out["html2"])
        return cls(**values)


@dataclass(frozen=True)
class Refused:
    """Bad input, in one line (the command line's message), or the page's own mistake."""

    error: str
    ok: bool = False


@dataclass(frozen=True)
class Diagnosed:
    """The Diagnose panel's answer: the findings' codes, the panel's HTML (escaped in Python) and the receipt of the
    score examined as JSON text, which the page offers as a download ("" when the files do not pair line for line)."""

    codes: tuple[str, ...]
    html: str
    receipt: str = ""
    ok: bool = True


def answer(result: Union[Rendered, Refused, Diagnosed]) -> dict[str, Any]:
    """The JSON-ready mapping of an answer (what the worker posts on to the page as ``out``)."""
    return dataclasses.asdict(result)


# --------------------------------------------------------------------------- the messages
@dataclass(frozen=True)
class Message:
    """A message between the page's thread and a worker: ``kind`` says which (the class's :attr:`KIND`)."""

    KIND = ""


@dataclass(frozen=True)
class RenderMessage(Message):
    """Page -> Python worker: score the form (``id`` counts the inputs; an older answer is dropped)."""

    id: int
    state: RenderRequest
    KIND = "render"


@dataclass(frozen=True)
class DiagnoseMessage(Message):
    """Page -> Python worker: diagnose what the page holds."""

    id: int
    state: DiagnoseRequest
    KIND = "diagnose"


@dataclass(frozen=True)
class Progress(Message):
    """Python worker -> page, while Pyodide and the wheel load: ``stage`` is "fetching" or "starting"."""

    stage: str
    loaded: int
    total: int
    KIND = "progress"


@dataclass(frozen=True)
class Ready(Message):
    """Python worker -> page: Python runs, with the package's version."""

    python: str
    version: str
    KIND = "ready"


@dataclass(frozen=True)
class Failed(Message):
    """Python worker -> page: Python could not start (one line)."""

    error: str
    KIND = "failed"


@dataclass(frozen=True)
class Result(Message):
    """Python worker -> page: the answer to a render message, with Python's time in milliseconds."""

    id: int
    out: Union[Rendered, Refused]
    ms: float
    KIND = "result"


@dataclass(frozen=True)
class Diagnosis(Message):
    """Python worker -> page: the answer to a diagnose message."""

    id: int
    out: Union[Diagnosed, Refused]
    ms: float
    KIND = "diagnosis"


@dataclass(frozen=True)
class WriteAddress(Message):
    """Page -> address worker: the address that holds this form (``version`` counts the requests), with projector
    mode and the page's language (``lang``: "" when the address need not name it)."""

    version: int
    path: str
    state: RenderRequest
    projector: bool
    lang: str
    KIND = "write"


@dataclass(frozen=True)
class AddressWritten(Message):
    """Address worker -> page: the address (None when the state is too large to share in a link)."""

    version: int
    address: Optional[str]
    KIND = "written"


@dataclass(frozen=True)
class ReadAddress(Message):
    """Page -> address worker: inflate a ``#z=`` fragment (the page's thread never holds an unchecked one)."""

    hash: str
    KIND = "read"


@dataclass(frozen=True)
class AddressRead(Message):
    """Address worker -> page: the query the fragment holds, or why not (``problem``: "too-long" past
    :data:`~bleu_explain.engine.limits.MAX_QUERY_CHARACTERS`, "damaged" when it does not inflate)."""

    query: Optional[str]
    problem: str = ""
    KIND = "address"


MESSAGES: tuple[type[Message], ...] = (RenderMessage, DiagnoseMessage, Progress, Ready, Failed, Result, Diagnosis,
                                       WriteAddress, AddressWritten, ReadAddress, AddressRead)


def message(kind: type[Message], **values: Any) -> dict[str, Any]:
    """A message as the page posts it: ``kind`` and the fields (checked: every field, no other)."""
    names = [f.name for f in fields(kind)]
    if sorted(values) != sorted(names):
        raise TypeError(f"a {kind.__name__} message has the fields {', '.join(names)}, got {', '.join(values)}")
    return {"kind": kind.KIND, **values}


# --------------------------------------------------------------------------- the page's copy
def schema() -> dict[str, Any]:
    """Everything the page's JavaScript reads of the boundary, as JSON-ready values."""
    return {
        "python": {kind: dataclasses.asdict(call) for kind, call in PYTHON_CALLS.items()},
        "kinds": {m.__name__: m.KIND for m in MESSAGES},
        "fields": {m.__name__: [f.name for f in fields(m)] for m in
                   (*MESSAGES, RenderRequest, DiagnoseRequest, Pieces, Rendered, Refused, Diagnosed)},
        "pieces": list(PIECES),
        "settings": list(SETTINGS),
        "limits": {"characters": MAX_PAGE_CHARACTERS, "queryCharacters": MAX_QUERY_CHARACTERS, "maxOrder": MAX_ORDER},
    }


def javascript_module() -> str:
    """``live/schema.js``: :func:`schema` as a JavaScript module (the site's build writes it)."""
    names = {"PYTHON": "python", "KINDS": "kinds", "FIELDS": "fields", "PIECES": "pieces", "SETTINGS": "settings",
             "LIMITS": "limits"}
    values = schema()
    lines = ["// The live page's boundary with its workers, written by the site's build from",
             "// bleu_explain/display/html/live_schema.py (edit that, not this)."]
    lines += [f"export const {name} = Object.freeze({json.dumps(values[key], sort_keys=True)});"
              for name, key in names.items()]
    return "\n".join(lines) + "\n"


__all__ = ["PYTHON_CALLS", "PythonCall", "RenderRequest", "DiagnoseRequest", "Pieces", "PIECES", "Rendered",
           "Refused", "Diagnosed", "answer", "MESSAGES", "message", "schema", "javascript_module"]
