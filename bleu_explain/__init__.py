"""bleu-explain: BLEU, step by step, as the paper and the real tools compute it.

>>> import bleu_explain as bx
>>> r = bx.explain("it is a ship", ["this is a ship", "it is ship", "ship it is", "a ship, it is"], preset="nltk-3.2")
>>> r.bleu
0.8408964152537145

Heavy libraries (pandas, matplotlib, sacreBLEU, ipywidgets) are imported only
when a function needs them.
"""

from __future__ import annotations

from .version import __version__

_LAZY = {
    "explain": "api",
    "explain_corpus": "api",
    "explain_systems": "api",
    "explain_with_config": "api",
    "explain_corpus_with_config": "api",
    "make_config": "api",
    "compare": "analysis.comparison",
    "first_divergence": "analysis.comparison",
    "divergence_in_words": "analysis.comparison",
    "PRESETS": "engine.presets",
    "get_preset": "engine.presets",
    "BleuConfig": "engine.config",
    "BleuInputError": "engine.errors",
    "BleuComputationError": "engine.errors",
    "from_streams": "engine.validation",
    "SentenceExplanation": "results",
    "CorpusExplanation": "results",
    "tokenize": "engine.tokenize",
    "load_corpus": "data.corpus",
    "TeachingCorpus": "data.corpus",
    "load_text_files": "data.loaders",
    "load_sacrebleu_testset": "data.loaders",
    "load_wmt_folder": "data.loaders",
    "bootstrap_ci": "analysis.significance",
    "paired_bootstrap": "analysis.significance",
    "paired_approximate_randomization": "analysis.significance",
    "block_t_test": "analysis.blocks",
    "reference_count_experiment": "analysis.blocks",
    "system_table": "analysis.systems",
    "ngram_differences": "analysis.systems",
    "explain_nist": "analysis.nist",
    "diagnose": "analysis.doctor",
}

__all__ = sorted(_LAZY) + ["__version__"]


def _register_notebook_display() -> None:
    """In Jupyter, show a sentence explanation as its highlighted HTML.

    The package's face wires the display layer in, so that the results (a
    lower floor) never import it. Nothing is imported unless IPython runs.
    """
    import sys

    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None  # type: ignore[attr-defined]
    if shell is None:
        return

    def as_html(result):
        from .display.html.highlight import explanation_html

        return explanation_html(result)

    shell.display_formatter.formatters["text/html"].for_type_by_name("bleu_explain.results", "SentenceExplanation",
                                                                       as_html)


_register_notebook_display()


def __getattr__(name: str):
    if name in _LAZY:
        from importlib import import_module

        value = getattr(import_module(f".{_LAZY[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'bleu_explain' has no attribute {name!r}")


def __dir__():
    return __all__
