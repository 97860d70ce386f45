"""The scripts the handouts load from their own folder: the widget manager, require.js and MathJax.

They come from npm, pinned in ``assets/package.json`` and ``package-lock.json`` beside this
module (``make handouts`` runs ``npm ci`` there), and are copied into ``<output>/assets/`` so the
pages work from disk with no network: nbconvert's default URLs point at CDNs.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path

#: The npm project that pins the front-end packages.
NPM_PROJECT = Path(__file__).resolve().parent / "assets"
NODE_MODULES = NPM_PROJECT / "node_modules"

#: The command that fetches them (``make handouts`` runs it when they are missing).
NPM_COMMAND = ["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund"]

#: Where each script lands, relative to the handout pages (so the links work from file://).
REQUIRE_JS_URL = "assets/require.js"
WIDGET_RENDERER_URL = "assets/html-manager/embed-amd.js"
MATHJAX_URL = "assets/mathjax/MathJax.js?config=TeX-AMS_CHTML-full,Safe"


@dataclass(frozen=True)
class Copy:
    """A file or folder of node_modules, and where it goes under ``<output>/assets``."""

    source: str
    target: str


#: What the pages need, and the licence texts the packages ship (NOTICE.txt names every package). MathJax's
#: other outputs and fonts and the legacy .eot/.svg icon fonts are left out (browsers today read woff2).
COPIES = (
    Copy("requirejs/require.js", "require.js"),
    Copy("@jupyter-widgets/html-manager/dist/embed-amd.js", "html-manager/embed-amd.js"),
    Copy("@jupyter-widgets/html-manager/dist/*.woff2", "html-manager/"),
    Copy("@jupyter-widgets/html-manager/dist/*.woff", "html-manager/"),
    Copy("@jupyter-widgets/html-manager/dist/*.ttf", "html-manager/"),
    Copy("@jupyter-widgets/html-manager/dist/embed.js.LICENSE.txt", "licenses/html-manager-bundled.txt"),
    Copy("@fortawesome/fontawesome-free/LICENSE.txt", "licenses/fontawesome-free.txt"),
    Copy("mathjax/MathJax.js", "mathjax/MathJax.js"),
    Copy("mathjax/config/TeX-AMS_CHTML-full.js", "mathjax/config/TeX-AMS_CHTML-full.js"),
    Copy("mathjax/config/Safe.js", "mathjax/config/Safe.js"),
    Copy("mathjax/extensions", "mathjax/extensions"),
    Copy("mathjax/jax/input/TeX", "mathjax/jax/input/TeX"),
    Copy("mathjax/jax/element", "mathjax/jax/element"),
    Copy("mathjax/jax/output/CommonHTML", "mathjax/jax/output/CommonHTML"),
    Copy("mathjax/fonts/HTML-CSS/TeX/woff", "mathjax/fonts/HTML-CSS/TeX/woff"),
    Copy("mathjax/LICENSE", "licenses/mathjax.txt"),
)


#: The packages named in NOTICE.txt, with their versions and licences as their package.json gives them.
PACKAGES = ("@jupyter-widgets/html-manager", "requirejs", "mathjax", "@fortawesome/fontawesome-free")


class MissingAssets(FileNotFoundError):
    """The npm packages have not been fetched."""


def missing_message(node_modules: Path) -> str:
    return (f"the handouts' scripts (the widget manager, MathJax) are not in {node_modules}: run "
            f"`{' '.join(NPM_COMMAND)}` in {NPM_PROJECT} once (needs Node.js with npm: apt-get install npm), "
            "or, in a clone of the repository, `make handouts`")


def copy_assets(output_dir: str | Path, node_modules: str | Path = NODE_MODULES) -> list[Path]:
    """Copy the scripts, fonts and licences into ``output_dir/assets``; return what was written."""
    node_modules, target_root = Path(node_modules), Path(output_dir) / "assets"
    if not node_modules.is_dir():
        raise MissingAssets(missing_message(node_modules))
    written: list[Path] = []
    for copy in COPIES:
        sources = sorted(node_modules.glob(copy.source)) if "*" in copy.source else [node_modules / copy.source]
        if not sources or not all(s.exists() for s in sources):
            raise MissingAssets(f"{copy.source} is not in {node_modules}; " + missing_message(node_modules))
        for source in sources:
            target = target_root / copy.target
            if copy.target.endswith("/"):
                target = target / source.name
            target.parent.mkdir(parents=True, exist_ok=True)
            if source.is_dir():
                shutil.copytree(source, target, dirs_exist_ok=True)
            else:
                shutil.copyfile(source, target)
            written.append(target)
    notice = target_root / "NOTICE.txt"
    notice.write_text(notice_text(node_modules), encoding="utf-8")
    return written + [notice]


def notice_text(node_modules: Path) -> str:
    """Which packages the folder holds, their versions and licences."""
    lines = ["Scripts and fonts copied from these npm packages, under their own licences:", ""]
    for name in PACKAGES:
        meta = json.loads((node_modules / name / "package.json").read_text(encoding="utf-8"))
        lines.append(f"{name} {meta.get('version', '?')}: {meta.get('license', 'see the package')}"
                     f" ({meta.get('homepage', 'https://www.npmjs.com/package/' + name)})")
    return "\n".join(lines) + "\n"
