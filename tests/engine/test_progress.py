"""Progress bars appear on a terminal or in a notebook, never in a log file."""

from __future__ import annotations

import subprocess
import sys


def test_no_progress_bar_when_standard_error_is_a_file(tmp_path):
    code = ("import bleu_explain as bx; bx.explain_corpus(['the cat sat'] * 25000, [['the cat sat on']] * 25000)")
    log = tmp_path / "log.txt"
    with open(log, "w") as err:
        subprocess.run([sys.executable, "-c", code], stderr=err, check=True, timeout=300)
    assert log.read_text() == ""


def test_someone_is_watching_in_a_terminal_only(monkeypatch):
    from bleu_explain.engine import progress

    class Tty:
        def isatty(self):
            return True

    monkeypatch.setattr(sys, "stderr", Tty())
    assert progress.someone_is_watching()
    monkeypatch.setattr(sys, "stderr", open(__file__))
    assert not progress.someone_is_watching()
