"""spm, flores101, flores200, spBLEU-1K: sacreBLEU's SentencePiece tokenizers (``TokenizerSPM``).

Each splits a line into the pieces of a SentencePiece model trained for
multilingual BLEU (spBLEU): Flores-101's (``flores101``, and ``spm``, sacreBLEU's
older name for it), Flores-200's and spBLEU-1K's. They need two things that
do not come with bleu-explain: the ``sentencepiece`` package (``pip install
'bleu-explain[spm]'``) and the model file. A model is looked for, first found
first, in

1. the folder named by ``$BLEU_EXPLAIN_SPM_MODELS``;
2. ``<user cache>/bleu-explain/spm-models`` (where ``python -m bleu_explain.data
   fetch-model NAME`` puts it);
3. sacreBLEU's own folder, ``$SACREBLEU/models`` or ``~/.sacrebleu/models``
   (where sacreBLEU keeps the models it downloaded),

under the file name sacreBLEU gives it (:attr:`SpmModel.file`). The
tokenization is sacreBLEU's: the pieces of the line, as
``SentencePieceProcessor.EncodeAsPieces`` gives them.

>>> SPM_MODELS["flores200"].file, SPM_MODELS["spm"].signature
('flores200sacrebleuspm', 'flores101')
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from ..errors import BleuInputError, MissingDependencyError
from ..files import sha256_of_file

#: Environment variable naming a folder that holds SentencePiece models under sacreBLEU's file names.
SPM_MODELS_ENV = "BLEU_EXPLAIN_SPM_MODELS"
#: The extra that installs the ``sentencepiece`` package.
SPM_INSTALL = "pip install 'bleu-explain[spm]'"


@dataclass(frozen=True)
class SpmModel:
    """One of sacreBLEU's SentencePiece models: its ``tok:`` signature, where it comes from, its checksum."""

    signature: str
    url: str
    #: the sha256 of the file; None while it is not pinned (then a copy on disk is used unverified)
    sha256: Optional[str] = None

    @property
    def file(self) -> str:
        """The file name sacreBLEU saves the model under (the last part of its URL)."""
        return os.path.basename(self.url)


_FLORES101 = SpmModel(signature="flores101",
                      url="https://dl.fbaipublicfiles.com/fairseq/models/flores/sacrebleu_tokenizer_spm.model")

#: sacreBLEU 2.6.0's models (``sacrebleu/tokenizers/tokenizer_spm.py``), by tokenizer name.
#: Their sha256 are not pinned yet: the files are served from outside GitHub and PyPI, and this release
#: was prepared where they could not be downloaded to compute them. No checksum is written down that was
#: not computed from the real file; until one is, ``fetch-model`` refuses to download and a model found
#: on disk is used as it is.
SPM_MODELS: dict[str, SpmModel] = {
    "spm": _FLORES101,  # sacreBLEU: "Tokenizer 'spm' has been changed to 'flores101'"
    "flores101": _FLORES101,
    "flores200": SpmModel(signature="flores200", url="https://tinyurl.com/flores200sacrebleuspm"),
    "spBLEU-1K": SpmModel(signature="spBLEU-1K", url="https://www.dlnlp.ai/spBLEU-1K/spbleu-1k_tokenizer_spm.model"),
}


def fetch_model_command(name: str) -> str:
    """The command that downloads a model into the cache (it refuses while the model's sha256 is not pinned)."""
    return f"python -m bleu_explain.data fetch-model {name}"


def user_cache_folder() -> Path:
    """``<user cache>/bleu-explain/spm-models``: where downloaded models go."""
    try:
        import pooch

        cache = Path(pooch.os_cache("bleu-explain"))
    except ImportError:  # pragma: no cover - pooch is a dependency; this keeps the engine free of it
        cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "bleu-explain"
    return cache / "spm-models"


def model_folders() -> list[Path]:
    """The folders searched for a model, in order (see the module)."""
    folders = []
    env = os.environ.get(SPM_MODELS_ENV, "").strip()
    if env:
        folders.append(Path(env).expanduser())
    folders.append(user_cache_folder())
    folders.append(Path(os.environ.get("SACREBLEU", Path.home() / ".sacrebleu")).expanduser() / "models")
    return folders


def _sentencepiece_missing() -> bool:
    from importlib.util import find_spec

    try:
        return find_spec("sentencepiece") is None
    except (ImportError, ValueError):
        return True


def find_model(name: str) -> Optional[Path]:
    """The first copy of the model on disk (checked against its sha256 when that is pinned), or None.

    A copy with another sha256 is refused with an error naming both checksums.
    """
    model = spm_model(name)
    for folder in model_folders():
        path = folder / model.file
        if path.is_file():
            if model.sha256 is not None and (actual := sha256_of_file(path)) != model.sha256:
                raise BleuInputError(
                    f"{path} is not the {name} SentencePiece model: its sha256 is {actual}, expected "
                    f"{model.sha256}. It was not used; delete it and run `{fetch_model_command(name)}`.")
            return path
    return None


def spm_model(name: str) -> SpmModel:
    """The model a SentencePiece tokenizer uses (an unknown name is a :class:`BleuInputError`)."""
    if name not in SPM_MODELS:
        raise BleuInputError(f"no SentencePiece tokenizer named {name!r}; choose one of {', '.join(SPM_MODELS)}")
    return SPM_MODELS[name]


def download_by_hand(name: str) -> str:
    """How to get a model without ``fetch-model``: a ``curl`` command, sacreBLEU, or a folder of one's own."""
    model = spm_model(name)
    target = user_cache_folder() / model.file
    return (f"download it from its origin with\n    curl -L --create-dirs -o {target} {model.url}\n"
            f"or let sacreBLEU fetch it (sacrebleu --tokenize {name} keeps it in ~/.sacrebleu/models, which "
            f"bleu-explain also reads), or set {SPM_MODELS_ENV} to a folder that holds it")


def missing_pieces_message(name: str, package_missing: bool, model_missing: bool) -> str:
    """What the ``name`` tokenizer needs, what of it is missing, and how to get each."""
    model = spm_model(name)
    lines = [f"the {name} tokenizer needs the sentencepiece package and the SentencePiece model {model.file}."]
    if package_missing:
        lines.append(f"The sentencepiece package is not installed; install it with\n    {SPM_INSTALL}")
    if model_missing:
        folders = ", ".join(str(f) for f in model_folders())
        if model.sha256 is not None:
            fetch = f"Fetch it (checked by sha256) with\n    {fetch_model_command(name)}\nor {download_by_hand(name)}."
        else:
            fetch = (f"`{fetch_model_command(name)}` will fetch it once its sha256 is pinned, but it is not "
                     f"pinned yet: until then {download_by_hand(name)}.")
        lines.append(f"The model {model.file} is in none of {folders}. {fetch}")
    return "\n".join(lines)


class TokenizerSPM:
    """sacreBLEU's ``TokenizerSPM``: a line becomes its SentencePiece pieces.

    ``model_path`` names a model file directly (it is not checked against a
    pinned checksum: it is the caller's file).
    """

    def __init__(self, name: str = "flores101", model_path: Optional[os.PathLike | str] = None) -> None:
        model = spm_model(name)
        self.name = name
        self._signature = model.signature
        if model_path is not None and not Path(model_path).is_file():
            raise MissingDependencyError(f"the SentencePiece model file {model_path} does not exist")
        path = Path(model_path) if model_path is not None else find_model(name)
        package_missing = _sentencepiece_missing()
        if package_missing or path is None:
            raise MissingDependencyError(missing_pieces_message(name, package_missing, path is None))
        import sentencepiece

        self.model_path = path
        self._processor = sentencepiece.SentencePieceProcessor()
        self._processor.Load(str(path))

    def signature(self) -> str:
        """sacreBLEU's ``tok:`` field: ``flores101`` (also for ``spm``), ``flores200`` or ``spBLEU-1K``."""
        return self._signature

    def __call__(self, line: str) -> str:
        """The pieces joined by spaces (sacreBLEU's return value)."""
        return " ".join(self._processor.EncodeAsPieces(line))

    def tokens(self, text: str) -> list[str]:
        return self(text.rstrip()).split()
