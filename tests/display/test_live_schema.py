"""The live page's boundary with its workers (display/html/live_schema.py), checked without a browser.

Each kind of request goes to the Python function the schema names for it, and each answer is read back into
its dataclass, field for field: renaming a function the page's worker calls, or a field of an answer, fails
here, not only in Chromium. The page's JavaScript (web/*.js) reads every name from the module the build writes
from the schema (live/schema.js): no module or function name, message kind or list of pieces is typed into it,
every field it reads of an answer or a message is one the schema has, and every module it imports is one the
site's build copies.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import re
from pathlib import Path

import pytest

import bleu_explain as bx
from bleu_explain.display.export.site import MESSAGES_FILE, SCHEMA_FILE, WEB_FILES
from bleu_explain.display.html import live_schema as schema
from bleu_explain.display.html.live_state import SETTINGS

WEB = Path(__file__).resolve().parents[2] / "web"
SCRIPTS = {path.name: path.read_text(encoding="utf-8") for path in sorted(WEB.glob("*.js"))}
#: The scripts' code, without their comments (which may name a Python module, to say where a number comes from).
CODE = {name: re.sub(r"/\*.*?\*/|(?<![:\"'])//[^\n]*", "", text, flags=re.S) for name, text in SCRIPTS.items()}


def names(kind) -> set[str]:
    return {f.name for f in dataclasses.fields(kind)}


def call(kind: str, request: schema.RenderRequest) -> dict:
    """The page's worker's call: the function the schema names, the request as JavaScript hands it over."""
    named = schema.PYTHON_CALLS[kind]
    function = getattr(importlib.import_module(named.module), named.function)
    return json.loads(function(request.to_page()))


def read_answer(out: dict):
    """An answer read back into its dataclass: exactly its fields (a field missing or added fails here)."""
    if not out["ok"]:
        assert set(out) == names(schema.Refused), out
        return schema.Refused(**out)
    if "codes" in out:
        assert set(out) == names(schema.Diagnosed)
        return schema.Diagnosed(**{**out, "codes": tuple(out["codes"])})
    assert set(out) == names(schema.Rendered)
    for key in ("html", "html2"):
        if out[key] is not None:
            assert set(out[key]) == names(schema.Pieces)
    return schema.Rendered(**{**out, "html": schema.Pieces(**out["html"]),
                              "html2": out["html2"] and schema.Pieces(**out["html2"])})


def test_every_function_the_worker_calls_exists_and_takes_its_kind_of_request():
    assert set(schema.PYTHON_CALLS) == {schema.RenderRequest.KIND, schema.DiagnoseRequest.KIND}
    for kind, named in schema.PYTHON_CALLS.items():
        assert callable(getattr(importlib.import_module(named.module), named.function, None)), named


def test_a_render_request_of_each_kind_gets_its_answer():
    one = read_answer(call("render", schema.RenderRequest(hyp="the cat sat on the mat", ref=("the cat is on the mat",))))
    assert isinstance(one, schema.Rendered) and one.html2 is None and one.segments == 1
    assert one.score == bx.explain("the cat sat on the mat", ["the cat is on the mat"]).score
    assert all(getattr(one.html, piece) for piece in schema.PIECES)
    # texts as before (None): the worker's Python keeps the last ones; a second candidate; a comparison
    two = read_answer(call("render", schema.RenderRequest(hyp=None, ref=None, hyp2="a cat sat on the mat",
                                                          compare="nltk", max_order="3")))
    assert isinstance(two, schema.Rendered) and two.html2 is not None and two.score2_repr
    assert two.html.compare and two.html.differs and two.score == bx.explain(
        "the cat sat on the mat", ["the cat is on the mat"], max_order=3).score
    bad = read_answer(call("render", schema.RenderRequest(hyp="a\nb", ref=("a",))))
    assert isinstance(bad, schema.Refused) and bad.error.startswith("bleu-explain: error: reference 1 has 1 lines")
    order = read_answer(call("render", schema.RenderRequest(hyp="a", ref=("a",), max_order="100000")))
    assert isinstance(order, schema.Refused) and "up to order 1,000" in order.error


def test_a_diagnose_request_gets_its_answer():
    lines = "\n".join(["the cat sat on the mat ."] * 3), "\n".join(["The cat sat on the mat."] * 3)
    found = read_answer(call("diagnose", schema.DiagnoseRequest(hyp=lines[0], ref=(lines[1],), reported="100")))
    assert isinstance(found, schema.Diagnosed) and "case-mismatch" in found.codes and "bleu-doctor" in found.html
    narrowed = read_answer(call("diagnose", schema.DiagnoseRequest(preset="nltk", hyp="a b", ref=("a b",), narrow=True)))
    assert isinstance(narrowed, schema.Diagnosed) and "under preset nltk" in narrowed.html
    bad = read_answer(call("diagnose", schema.DiagnoseRequest(hyp="a", ref=("a",), reported="high")))
    assert isinstance(bad, schema.Refused) and "is not a number as BLEU is printed" in bad.error


@pytest.mark.parametrize("kind,params,message", [
    ("render", {"hyp": "a", "ref": ["a"], "colour": "red"}, "unknown field 'colour'"),
    ("render", {"hyp": "a", "ref": "a"}, "ref is str"),
    ("render", {"hyp": 3, "ref": ["a"]}, "hyp is int"),
    ("diagnose", {"hyp": "a", "ref": ["a"], "narrow": "yes"}, "narrow is str"),
    ("diagnose", {"hyp": "a", "ref": ["a"], "reported": None}, "reported is NoneType"),
])
def test_a_request_the_schema_does_not_know_is_the_pages_mistake_in_one_line(kind, params, message):
    named = schema.PYTHON_CALLS[kind]
    out = json.loads(getattr(importlib.import_module(named.module), named.function)(params))
    assert read_answer(out) == schema.Refused(out["error"]) and out["error"].startswith("bleu-explain: internal error:")
    assert message in out["error"] and "\n" not in out["error"]


def test_every_message_has_a_kind_of_its_own_and_its_fields():
    kinds = [m.KIND for m in schema.MESSAGES]
    assert len(set(kinds)) == len(kinds) and all(kinds)
    assert schema.message(schema.Progress, stage="fetching", loaded=1, total=2) == \
        {"kind": "progress", "stage": "fetching", "loaded": 1, "total": 2}
    with pytest.raises(TypeError, match="has the fields stage, loaded, total"):
        schema.message(schema.Progress, stage="fetching")


def test_the_pages_module_is_the_schema():
    module = schema.javascript_module()
    exported = dict(re.findall(r"^export const (\w+) = Object\.freeze\((.*)\);$", module, re.M))
    values = {name: json.loads(text) for name, text in exported.items()}
    made = schema.schema()
    assert values == {"PYTHON": made["python"], "KINDS": made["kinds"], "FIELDS": made["fields"],
                      "PIECES": made["pieces"], "SETTINGS": made["settings"], "LIMITS": made["limits"]}
    assert values["SETTINGS"] == list(SETTINGS) and values["PIECES"] == list(schema.PIECES)
    assert values["PYTHON"]["render"] == {"module": "bleu_explain.display.html.live", "function": "render_params_json"}


def test_the_javascript_types_no_name_the_schema_holds():
    for name, text in CODE.items():
        assert "bleu_explain." not in text, name
        for named in schema.PYTHON_CALLS.values():
            assert named.function not in text, (name, named.function)
        assert not re.search(r"kind\s*[:=]=*\s*[\"']", text), f"{name} types a message kind"
        assert not re.search(r"\b(PIECES|SETTINGS)\s*=\s*\[", text), f"{name} keeps its own list"
        assert not re.search(r"\[\s*\"tokenize\"\s*,\s*\"lowercase\"", text), f"{name} lists the settings"


#: How the page's JavaScript names what it reads of an answer or a message.
READ = re.compile(r"\b(?:out|msg|message|event\.data)\.(\w+)")


def test_every_field_the_javascript_reads_is_one_the_schema_has():
    known = {field for fields in schema.schema()["fields"].values() for field in fields} | {"kind"}
    read = {(name, field) for name, text in CODE.items() for field in READ.findall(text)}
    assert {field for _, field in read} >= {"ok", "html", "html2", "score_repr", "error", "segments", "kind"}
    unknown = sorted((name, field) for name, field in read if field not in known)
    assert not unknown, f"the page reads fields the schema does not have: {unknown}"


def test_the_site_copies_every_module_the_page_imports():
    imported = {target for text in SCRIPTS.values() for target in re.findall(r'from\s+"\./([\w./-]+)"', text)}
    imported |= {target for text in SCRIPTS.values() for target in re.findall(r'new URL\("([\w.-]+\.js)"', text)}
    built = set(WEB_FILES) | {SCHEMA_FILE, MESSAGES_FILE, "pyodide/pyodide.mjs"}
    assert imported <= built, imported - built
    assert set(SCRIPTS) <= set(WEB_FILES), set(SCRIPTS) - set(WEB_FILES)
