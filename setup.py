"""One build step that pyproject.toml cannot say: the course goes into the wheel.

Everything else about the package is in pyproject.toml. The executed notebooks and the documents they
link to live in notebooks/ and docs/, outside the package; a wheel carries copies of them in
bleu_explain/coursefiles/files/, laid out as in the checkout, for `bleu-explain-course DIR` to write out
(bleu_explain/coursefiles/materials.py lists them). An editable install reads the checkout itself.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


def _materials():
    # Loaded from its file: the package is not importable while it is being built.
    spec = importlib.util.spec_from_file_location("_bleu_explain_materials", HERE / "bleu_explain/coursefiles/materials.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class BuildPyWithCourse(build_py):
    """build_py, then the course's notebooks and documents copied under bleu_explain/coursefiles/files/."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        materials = _materials()
        files = materials.course_files(HERE)
        if materials.START not in files:
            raise SystemExit(f"the course is not in {HERE}: {materials.START} is missing (an sdist must carry "
                             f"notebooks/ and docs/; see MANIFEST.in)")
        target = Path(self.build_lib) / "bleu_explain" / "coursefiles" / materials.PACKAGED.name
        for name in files:
            destination = target / name
            self.mkpath(str(destination.parent))
            self.copy_file(str(HERE / name), str(destination))


setup(cmdclass={"build_py": BuildPyWithCourse})
