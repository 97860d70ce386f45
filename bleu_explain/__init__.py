"""bleu-explain: BLEU, step by step, as the paper and the real tools compute it.

>>> import bleu_explain as bx
>>> r = bx.explain("it is a ship", ["this is a ship", "it is ship", "ship it is", "a ship, it is"], preset="nltk-3.2")
>>> r.bleu
0.8408964152537145

Heavy libraries (pandas, matplotlib, sacreBLEU, ipywidgets) are imported only
when a function needs them.
"""

from __future__ import annotations

__version__ = "0.1.0"

_LAZY = {
    "explain": "api",
    "explain_corpus": "api",
    "explain_systems": "api",
    "explain_with_config": "api",
    "explain_corpus_with_config": "api",
    "make_config": "api",
    "compare": "comparison",
    "first_divergence": "comparison",
    "PRESETS": "presets",
    "get_preset": "presets",
    "BleuConfig": "config",
    "BleuInputError": "errors",
    "BleuComputationError": "errors",
    "from_streams": "validation",
    "SentenceExplanation": "results",
    "CorpusExplanation": "results",
    "tokenize": "tokenizers",
    "load_corpus": "corpus",
    "TeachingCorpus": "corpus",
    "load_text_files": "loaders",
    "load_sacrebleu_testset": "loaders",
    "load_wmt_folder": "loaders",
    "bootstrap_ci": "significance",
    "paired_bootstrap": "significance",
    "paired_approximate_randomization": "significance",
    "block_t_test": "blocks",
    "reference_count_experiment": "blocks",
    "system_table": "systems",
    "ngram_differences": "systems",
    "explain_nist": "nist",
}

__all__ = sorted(_LAZY) + ["__version__"]


def __getattr__(name: str):
    if name in _LAZY:
        from importlib import import_module

        value = getattr(import_module(f".{_LAZY[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'bleu_explain' has no attribute {name!r}")


def __dir__():
    return __all__
