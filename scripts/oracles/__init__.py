"""Recorders of the tools the presets reproduce: one module per tool, run by ``scripts/record_oracles.py``.

A recorder module has

- ``TOOL``: the recording's name (the file it writes is ``tests/oracles/<TOOL>.json.gz``);
- ``versions() -> dict[str, str]``: the versions of what it runs (packages, metric files' sha256); it raises
  ``ImportError`` naming what to install when the tool is not on this machine;
- ``record(cases) -> list[dict]``: runs the tool on the cases it applies to and returns one dict per run,
  ``{"case": <case id>, "settings": {...}, "output": {...}}``; a run the tool refuses has
  ``"output": {"error": "<exception class>"}``.

A case (``cases.py``) is ``{"id": str, "hyps": [str, ...], "refs": [[str, ...], ...]}`` (segment-major: the
references of hypothesis i are ``refs[i]``, each segment with one or more); a case from the WMT21 data also
has ``"source"``, which names its files and line range, so that its text need not be stored.
"""
