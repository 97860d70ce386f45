"""A sacreBLEU signature as papers print it, read back into settings: both forms, long and short.

sacreBLEU 1.x prints ``BLEU+case.mixed+numrefs.1+smooth.exp+tok.13a+version.1.4.14`` (short:
``BLEU+c.mixed+#.1+s.exp+tok.13a+v.1.4.14``): fields sorted by name, each ``name.value``, joined by ``+``.
sacreBLEU 2.x prints ``nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.0.0`` (short:
``#:1|c:mixed|e:no|tok:13a|s:exp|v:2.0.0``). Both are read into the same fields, named as 2.x names them;
the settings they fix (tokenizer, case, smoothing and its value, effective order) make a configuration of the
``sacrebleu`` preset. sacreBLEU 1.x's ``floor`` smoothing took 0.0 by default, 2.x's takes 0.1; a 1.x
``smooth.floor`` is read with 1.x's default.

>>> s = PastedSignature.parse("BLEU+case.lc+numrefs.1+smooth.exp+tok.intl+version.1.4.14")
>>> s.form, s.fields["case"], s.fields["tok"], s.config().lowercase, s.config().tokenize
('sacreBLEU 1.x', 'lc', 'intl', True, 'intl')
>>> PastedSignature.parse("#:2|c:mixed|e:yes|tok:13a|s:floor[0.10]|v:2.0.0").config().smooth_value
0.1
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Mapping

from ...engine.config import BleuConfig
from ...engine.errors import BleuInputError
from ...engine.presets import resolve_config

#: Every field name of either form, long or short, and the 2.x long name it means.
NAMES = {"nrefs": "nrefs", "numrefs": "nrefs", "#": "nrefs", "case": "case", "c": "case", "eff": "eff", "e": "eff",
         "tok": "tok", "smooth": "smooth", "s": "smooth", "version": "version", "v": "version", "test": "test",
         "t": "test", "lang": "lang", "l": "lang", "origlang": "origlang", "o": "origlang", "subset": "subset",
         "S": "subset", "bs": "bs", "ar": "ar", "seed": "seed", "rs": "seed"}
#: The fields that decide the score (the others name the test set, the version or the resampling).
SETTINGS_FIELDS = ("nrefs", "case", "eff", "tok", "smooth")
#: sacreBLEU 1.x's default value of the smoothing methods that take one.
V1_SMOOTH_VALUES = {"floor": 0.0, "add-k": 1.0}
_SMOOTH = re.compile(r"^(exp|none|floor|add-k)(?:\[([0-9.]+)\])?$")
#: Fields of the other metrics' signatures: a chrF or TER signature is refused by name.
_OTHER_METRICS = {"nc": "chrF", "nw": "chrF", "space": "chrF", "tercom": "TER", "norm": "TER", "punct": "TER",
                  "asian": "TER"}


@dataclass(frozen=True)
class PastedSignature:
    """A signature as given, its form, and its fields by 2.x's long names."""

    text: str
    form: str
    fields: Mapping[str, str]

    @classmethod
    def parse(cls, text: object) -> "PastedSignature":
        if not isinstance(text, str) or not text.strip():
            raise BleuInputError(f"a signature is sacreBLEU's text, e.g. 'nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp"
                                 f"|version:2.0.0', got {text!r}")
        given = text.strip()
        if given.startswith(("chrF", "TER")):
            raise BleuInputError(f"signature {given!r} is of {given.split('+')[0]}, not BLEU: the doctor reads BLEU's")
        if "|" in given or (":" in given and "+" not in given):
            form, parts = "sacreBLEU 2.x", [p.partition(":") for p in given.split("|")]
        elif given.startswith("BLEU+") or "+" in given:
            form, parts = "sacreBLEU 1.x", [p.partition(".") for p in given.split("+") if p != "BLEU"]
        else:
            raise BleuInputError(f"signature {given!r} is in neither of sacreBLEU's forms "
                                 "('nrefs:1|case:mixed|...' or 'BLEU+case.mixed+numrefs.1+...')")
        fields: dict[str, str] = {}
        for name, sep, value in parts:
            if name in _OTHER_METRICS:
                raise BleuInputError(f"signature {given!r} is of {_OTHER_METRICS[name]} (field {name!r}), not BLEU")
            if not sep or name not in NAMES:
                raise BleuInputError(f"signature field {name + sep + value!r} is not one of sacreBLEU's BLEU fields "
                                     f"({', '.join(sorted(set(NAMES.values())))})")
            fields[NAMES[name]] = value
        missing = [f for f in ("case", "tok", "smooth") if f not in fields]
        if missing:
            raise BleuInputError(f"signature {given!r} has no {', '.join(missing)} field: it does not say how the "
                                 "score was computed")
        return cls(text=given, form=form, fields=fields)

    @property
    def tokenizer(self) -> str:
        """The tokenizer's name (a MeCab tokenizer's signature carries its version: ``ja-mecab-0.996-IPA``)."""
        tok = self.fields["tok"]
        for name in ("ja-mecab", "ko-mecab"):
            if tok.startswith(name):
                return name
        return tok

    def smoothing(self) -> tuple[str, float | None]:
        found = _SMOOTH.match(self.fields["smooth"])
        if not found:
            raise BleuInputError(f"signature smoothing {self.fields['smooth']!r} is not one of sacreBLEU's (exp, "
                                 "none, floor[v], add-k[v])")
        method, value = found.group(1), found.group(2)
        if value is not None:
            return method, float(value)
        return method, V1_SMOOTH_VALUES.get(method) if self.form == "sacreBLEU 1.x" else None

    def config(self) -> BleuConfig:
        """The settings the signature names, as a configuration of the ``sacrebleu`` preset."""
        if self.fields["case"] not in ("mixed", "lc"):
            raise BleuInputError(f"signature case {self.fields['case']!r} is neither 'mixed' nor 'lc'")
        method, value = self.smoothing()
        return resolve_config("sacrebleu", tokenize=self.tokenizer, lowercase=self.fields["case"] == "lc",
                              smooth=method, smooth_value=value, effective_order=self.fields.get("eff") == "yes")
