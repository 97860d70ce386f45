"""Signatures: sacreBLEU's string to the character, with fields and preset at hand."""

from __future__ import annotations

import copy
import json
import pickle

import pytest
from conftest import count_oracle

import bleu_explain as bx
from bleu_explain.engine import signature as signature_module
from bleu_explain.engine.errors import BleuInputError
from bleu_explain.engine.signature import VERIFIED_SACREBLEU_VERSION, Signature, make_signature


def test_the_sacrebleu_preset_writes_sacrebleus_signature():
    from sacrebleu.metrics import BLEU

    refs = ["The cat is on the mat.", "There is a cat on the mat."]
    theirs = BLEU()
    theirs.corpus_score(["The cat sat on the mat."], [[refs[0]], [refs[1]]])
    ours = bx.explain("The cat sat on the mat.", refs).signature
    assert ours == str(theirs.get_signature()) and ours.preset == "sacrebleu"
    count_oracle("sacrebleu")


def test_a_signature_is_a_string_everywhere():
    sig = make_signature(bx.get_preset("paper"), [4, 4])
    assert json.loads(json.dumps({"s": sig}))["s"] == sig.format()
    assert pickle.loads(pickle.dumps(sig)) == sig and pickle.loads(pickle.dumps(sig)).preset == "paper"
    assert copy.deepcopy(sig).fields == sig.fields
    assert sig.fields["nrefs"] == "4" and sig.format().startswith("preset:paper|nrefs:4|")


def test_with_fields_puts_sacrebleus_resampling_fields_after_nrefs():
    sig = make_signature(bx.get_preset("sacrebleu"), [1]).with_fields([("bs", 1000), ("seed", 12345)])
    assert sig.format().startswith("nrefs:1|bs:1000|seed:12345|case:mixed")


def test_parse_and_differences():
    a = Signature.parse("nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0")
    assert a.preset == "sacrebleu"
    assert a.differences("nrefs:1|case:lc|eff:no|tok:intl|smooth:exp|version:2.6.0") == {
        "case": ("mixed", "lc"), "tok": ("13a", "intl")}
    with pytest.raises(BleuInputError, match="has no ':'"):
        Signature.parse("nrefs:1|oops")


@pytest.fixture
def fresh_version(monkeypatch):
    """sacreBLEU's version is read once per process: read it again for this test, and again after it."""
    signature_module.sacrebleu_version.cache_clear()
    yield monkeypatch
    signature_module.sacrebleu_version.cache_clear()


def test_the_version_is_the_installed_sacrebleus_when_it_is_importable(fresh_version):
    import importlib.metadata

    import sacrebleu

    assert make_signature(bx.get_preset("sacrebleu"), [1]).fields["version"] == sacrebleu.__version__
    # read from the installed package's metadata, not from the constant
    fresh_version.setattr(importlib.metadata, "version", lambda name: "2.99.0" if name == "sacrebleu" else "?")
    signature_module.sacrebleu_version.cache_clear()
    assert make_signature(bx.get_preset("sacrebleu"), [1]).fields["version"] == "2.99.0"


def test_without_sacrebleu_the_version_is_the_one_the_package_is_verified_against(fresh_version):
    import sys

    fresh_version.setitem(sys.modules, "sacrebleu", None)  # `import sacrebleu` now fails, as under Pyodide
    sig = bx.explain("the cat sat", ["the cat sat on the mat"], tokenize="intl").signature
    assert sig.format() == f"nrefs:1|case:mixed|eff:no|tok:intl|smooth:exp|version:{VERIFIED_SACREBLEU_VERSION}"
    assert VERIFIED_SACREBLEU_VERSION == "2.6.0"
