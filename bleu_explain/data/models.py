"""SentencePiece models for the ``spm``/``flores101``/``flores200``/``spBLEU-1K`` tokenizers, fetched on request.

The tokenizers (:mod:`bleu_explain.engine.tokenizers.spm`) look for a model on
disk; :func:`fetch_model` (``python -m bleu_explain.data fetch-model NAME``)
downloads one into the cache folder they search, through pooch, which keeps
the file only if its sha256 is the pinned one. A model whose sha256 is not
pinned yet is not downloaded: the error says so and how to get the file.

>>> fetch_model_command("flores200")
'python -m bleu_explain.data fetch-model flores200'
"""

from __future__ import annotations

from pathlib import Path

from ..engine.files import sha256_of_file
from ..engine.tokenizers import spm
from ..engine.tokenizers.spm import SPM_MODELS, download_by_hand, fetch_model_command, spm_model
from .download import DEFAULT_TIMEOUT, DataChecksumError, DataNotAvailableError, PathLike, _quiet_pooch

__all__ = ["SPM_MODELS", "fetch_model", "fetch_model_command", "model_status"]


def fetch_model(name: str, *, folder: PathLike | None = None, timeout: float = DEFAULT_TIMEOUT) -> Path:
    """Download the named tokenizer's SentencePiece model (checked by sha256) unless it is there; its path.

    ``folder`` defaults to the cache folder the tokenizers search. A model
    whose sha256 is not pinned raises :class:`DataNotAvailableError` saying
    so, with the command that downloads it by hand.
    """
    import pooch
    import requests

    model = spm_model(name)
    root = Path(folder) if folder is not None else spm.user_cache_folder()
    target = root / model.file
    if model.sha256 is None:
        raise DataNotAvailableError(
            f"bleu-explain does not download the {name} SentencePiece model ({model.file}) yet: its sha256 is "
            f"not pinned in this release, and a download that cannot be checked is not kept. For now, "
            f"{download_by_hand(name)}.")
    downloader = pooch.HTTPDownloader(progressbar=False, timeout=timeout)
    try:
        with _quiet_pooch():
            pooch.retrieve(model.url, known_hash=f"sha256:{model.sha256}", fname=model.file, path=root,
                           downloader=downloader)
    except requests.exceptions.RequestException as exc:  # first: some are also ValueErrors
        raise DataNotAvailableError(
            f"could not download the {name} SentencePiece model from {model.url}: {type(exc).__name__}. "
            f"Run `{fetch_model_command(name)}` again when online, or {download_by_hand(name)}.") from None
    except ValueError as exc:  # pooch's checksum refusal
        raise DataChecksumError(
            f"the download of the {name} SentencePiece model from {model.url} was refused: it does not have the "
            f"pinned sha256 ({model.sha256}); nothing was saved. pooch said: {exc}", path=target) from None
    return target


def model_status(name: str, *, folder: PathLike | None = None) -> str:
    """``"ok"``, ``"missing"``, ``"bad checksum"`` or ``"present, not verified"`` (no pinned sha256)."""
    model = spm_model(name)
    path = (Path(folder) if folder is not None else spm.user_cache_folder()) / model.file
    if not path.is_file():
        return "missing"
    if model.sha256 is None:
        return "present, not verified"
    return "ok" if sha256_of_file(path) == model.sha256 else "bad checksum"
