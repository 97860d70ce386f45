"""SentencePiece models for the spm/flores tokenizers: fetched only with a pinned sha256, from a local server here.

No test touches the internet: the pinned case points a model's URL at an HTTP
server on 127.0.0.1 (the one the WMT21 tests use).
"""

from __future__ import annotations

import hashlib
import subprocess
import sys

import pytest
from test_wmt21 import Server, closed_port

from bleu_explain.data.download import DataChecksumError, DataNotAvailableError
from bleu_explain.data.models import fetch_model, fetch_model_command, model_status
from bleu_explain.engine.tokenizers import spm

MODEL = b"not a real SentencePiece model, but bytes with a checksum"


@pytest.fixture
def server(tmp_path):
    (tmp_path / "served").mkdir()
    (tmp_path / "served" / "tiny.model").write_bytes(MODEL)
    s = Server(tmp_path / "served")
    yield s
    s.close()


def _pin(monkeypatch, url: str, sha256: str) -> None:
    monkeypatch.setitem(spm.SPM_MODELS, "flores200", spm.SpmModel(signature="flores200", url=url, sha256=sha256))


def test_a_model_without_a_pinned_checksum_is_not_downloaded_and_the_error_says_how_to_get_it(tmp_path):
    assert spm.SPM_MODELS["flores200"].sha256 is None  # not computed yet: see the tokenizer module
    with pytest.raises(DataNotAvailableError) as error:
        fetch_model("flores200", folder=tmp_path)
    message = str(error.value)
    assert "sha256 is not pinned" in message and "curl -L" in message and "https://tinyurl.com/flores200sacrebleuspm" in message
    assert spm.SPM_MODELS_ENV in message
    assert list(tmp_path.iterdir()) == []  # nothing was fetched


def test_the_command_refuses_with_exit_status_1(tmp_path):
    run = subprocess.run([sys.executable, "-m", "bleu_explain.data", "fetch-model", "flores200", "--folder",
                          str(tmp_path)], capture_output=True, text=True)
    assert run.returncode == 1 and "not pinned" in run.stderr and run.stdout == ""
    assert fetch_model_command("flores200") == "python -m bleu_explain.data fetch-model flores200"


def test_a_pinned_model_is_downloaded_checked_and_found_by_the_tokenizer(tmp_path, server, monkeypatch):
    _pin(monkeypatch, f"{server.url}/tiny.model", hashlib.sha256(MODEL).hexdigest())
    monkeypatch.setattr(spm, "user_cache_folder", lambda: tmp_path / "cache")
    monkeypatch.delenv(spm.SPM_MODELS_ENV, raising=False)
    assert model_status("flores200") == "missing"
    path = fetch_model("flores200")
    assert path == tmp_path / "cache" / "tiny.model" and path.read_bytes() == MODEL
    assert spm.find_model("flores200") == path and model_status("flores200") == "ok"
    fetch_model("flores200")  # already there with the right checksum: not downloaded again
    assert server.requests == ["/tiny.model"]


def test_a_download_with_another_checksum_is_refused_and_not_kept(tmp_path, server, monkeypatch):
    _pin(monkeypatch, f"{server.url}/tiny.model", "0" * 64)
    with pytest.raises(DataChecksumError, match="was refused: it does not have the pinned sha256"):
        fetch_model("flores200", folder=tmp_path / "cache")
    assert not (tmp_path / "cache" / "tiny.model").exists()


def test_no_connection_is_a_clear_error(tmp_path, monkeypatch):
    _pin(monkeypatch, f"http://127.0.0.1:{closed_port()}/tiny.model", hashlib.sha256(MODEL).hexdigest())
    with pytest.raises(DataNotAvailableError, match="could not download the flores200 SentencePiece model"):
        fetch_model("flores200", folder=tmp_path, timeout=5)
