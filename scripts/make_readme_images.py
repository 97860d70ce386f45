"""Make the README's images: two plots from the package, and the explorer as the browser test saw it.

    python -m pytest tests/test_browser.py     # writes test-artifacts/browser-voila.png
    python scripts/make_readme_images.py       # writes docs/images/*.png
"""

from __future__ import annotations

import shutil
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "images"


def main() -> None:
    import bleu_explain as bx
    from bleu_explain.data.corpus import load_corpus
    from bleu_explain.data.pathologies import get_pathology
    from bleu_explain.display import plots

    OUT.mkdir(parents=True, exist_ok=True)
    corpus = load_corpus()
    results = {name: bx.explain_corpus(corpus.system(name), corpus.references, preset="paper")
               for name in corpus.system_names}
    fig = plots.plot_precision_by_order(results, title="bundled teaching corpus, five systems against 4 references")
    fig.savefig(OUT / "precision_by_order.png", dpi=110)
    example = get_pathology("Example 1, candidate 1 (good)")
    fig = plots.plot_log_combination(example.explain(preset="paper"), label="the paper's Example 1, candidate 1")
    fig.savefig(OUT / "log_combination.png", dpi=110)
    shot = ROOT / "test-artifacts" / "browser-voila.png"
    if shot.exists():
        shutil.copy(shot, OUT / "explorer.png")
    else:
        print("run the browser tests first for the explorer screenshot (test-artifacts/browser-voila.png)")
    print("wrote", ", ".join(sorted(p.name for p in OUT.glob("*.png"))))


if __name__ == "__main__":
    main()
