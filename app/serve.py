"""Serve the course as the Voila app: every notebook, code hidden, widgets live, on 127.0.0.1 only.

    python app/serve.py                 # the playground, 12_playground
    python app/serve.py 04              # notebook 04; the whole folder is served, so links between notebooks work
    python app/serve.py 04 --projector  # projector mode: larger type, the app first, the learning goals collapsed

``make app NB=04 PROJECTOR=1`` runs it. The page comes from the template in
``voila/templates/bleu-explain/`` beside this file (found through JUPYTER_PATH; ``voila.json``
through JUPYTER_CONFIG_PATH): Voila's lab template without its links to a CDN, plus the projector
mode, which ``?projector=1`` (or the button at the top right) also turns on.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
NOTEBOOKS = HERE.parent / "notebooks"
#: The notebook served when none is named: the playground.
DEFAULT_NOTEBOOK = "12"
DEFAULT_PORT = 8866


def find_notebook(prefix: str, folder: Path) -> Path:
    """The notebook ``NN_*.ipynb`` of ``folder`` for a two-digit prefix; ValueError naming the choices if none."""
    if not (len(prefix) == 2 and prefix.isdigit()):
        raise ValueError(f"NB must be a notebook's two-digit number such as 04, not {prefix!r}")
    matches = sorted(folder.glob(f"{prefix}_*.ipynb"))
    if not matches:
        have = " ".join(sorted(p.name[:2] for p in folder.glob("[0-9][0-9]_*.ipynb"))) or "none"
        raise ValueError(f"there is no notebook {prefix}_*.ipynb in {folder.name}/ (the course has: {have})")
    return matches[0]


def app_url(port: int, notebook: Path, projector: bool = False) -> str:
    """Where the app shows ``notebook``."""
    return f"http://127.0.0.1:{port}/voila/render/{notebook.name}" + ("?projector=1" if projector else "")


def voila_command(folder: Path, port: int, projector: bool = False) -> list[str]:
    """Voila serving the whole folder (so that ``NN_name.ipynb`` links open the other notebooks)."""
    command = [sys.executable, "-m", "voila", str(folder), f"--port={port}", "--no-browser", "--Voila.ip=127.0.0.1"]
    if projector:  # the template's default; ?projector=0 still turns it off for one page
        command.append("--VoilaConfiguration.resources=projector=1")
    return command


def voila_environment(base: dict[str, str] | None = None) -> dict[str, str]:
    """The environment in which Voila finds this folder's template and configuration first."""
    env = dict(os.environ if base is None else base)
    for name in ("JUPYTER_PATH", "JUPYTER_CONFIG_PATH"):
        env[name] = os.pathsep.join([str(HERE)] + ([env[name]] if env.get(name) else []))
    return env


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the course's notebooks as the Voila app on 127.0.0.1.")
    parser.add_argument("notebook", nargs="?", default=DEFAULT_NOTEBOOK,
                        help="the notebook's two-digit number (default %(default)s, the playground)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--projector", action="store_true",
                        help="larger type, the app first, the learning goals collapsed")
    parser.add_argument("--notebooks", type=Path, default=NOTEBOOKS, help="the folder to serve")
    args = parser.parse_args(argv)
    try:
        notebook = find_notebook(args.notebook, args.notebooks)
    except ValueError as exc:
        print(f"app: error: {exc}", file=sys.stderr)
        return 2
    print(f"The app: {app_url(args.port, notebook, args.projector)}  (Ctrl-C stops it)", flush=True)
    command = voila_command(args.notebooks, args.port, args.projector)
    os.execve(sys.executable, command, voila_environment())  # Voila takes this process's place
    return 0  # not reached


if __name__ == "__main__":
    sys.exit(main())
