"""Packaging: conda's environment.yml says what pyproject.toml says, Binder's configuration holds together, and the
sdist and the wheel built from it carry the whole course: a fresh venv with only the wheel writes the course with
``bleu-explain-course DIR``, every relative link resolving.

The builds call setuptools' build backend directly, with no network and no build isolation, so they need
setuptools >= 77 in this environment (the test extra installs it). The fresh venv gets the wheel alone
(``--no-deps --no-index``); the dependencies it imports come from this environment's site-packages through a
``.pth`` file, which lists them after the venv's own, so ``bleu_explain`` itself can only come from the wheel.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import subprocess
import sys
import tarfile
import zipfile
from importlib.metadata import version as installed_version
from pathlib import Path

import pytest
import yaml
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name
from packaging.version import Version
from test_course_install import unresolved_links

from bleu_explain.coursefiles.materials import START, course_files
from bleu_explain.version import __version__

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: the test extra installs tomli, tomllib's original
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
#: conda-forge names that differ from the PyPI ones (matplotlib-base: matplotlib without a GUI toolkit).
CONDA_TO_PYPI = {"matplotlib-base": "matplotlib"}
BINDER_START = "lab/tree/notebooks/00_start_here.ipynb"
#: What running, testing and editing leave in a checkout (as .gitignore says), never part of the project's files:
#: anywhere, and in the top folder or slides/ only.
LEFT_ANYWHERE = shutil.ignore_patterns("__pycache__", ".ipynb_checkpoints", "node_modules", "*.egg-info")
LEFT_AT_THE_TOP = {".git", ".venv", "build", "dist", "handouts", "test-artifacts", ".hypothesis", ".pytest_cache",
                   ".mypy_cache", ".ruff_cache"}


def not_the_project(folder: str, names: list[str]) -> set[str]:
    ignored = set(LEFT_ANYWHERE(folder, names))
    if Path(folder) == ROOT:
        ignored |= LEFT_AT_THE_TOP & set(names)
    if Path(folder) == ROOT / "slides":
        ignored |= {n for n in names if n == "vendor" or n.endswith(".html")}
    return ignored


# --------------------------------------------------------------------------- conda and Binder
def conda_requirement(line: str) -> tuple[str, SpecifierSet]:
    name, spec = re.fullmatch(r"([A-Za-z0-9_.-]+)\s*(.*)", line).groups()
    return canonicalize_name(CONDA_TO_PYPI.get(name, name)), SpecifierSet(spec)


def pypi_requirement(line: str) -> tuple[str, SpecifierSet]:
    requirement = Requirement(line)
    assert not requirement.marker and not requirement.extras, line  # conda could not say those
    return canonicalize_name(requirement.name), requirement.specifier


def environment() -> dict:
    return yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))


def test_environment_yml_lists_exactly_the_packages_and_the_lab_extras_dependencies():
    conda = [d for d in environment()["dependencies"] if isinstance(d, str)]
    assert not [d for d in environment()["dependencies"] if not isinstance(d, str)]  # the package: pip, postBuild
    wanted = PYPROJECT["project"]["dependencies"] + PYPROJECT["project"]["optional-dependencies"]["lab"]
    have = dict(conda_requirement(d) for d in conda if conda_requirement(d)[0] not in ("python", "pip"))
    assert have == dict(pypi_requirement(d) for d in wanted)
    assert len(have) == len(conda) - 2  # no package twice
    assert conda_requirement(next(d for d in conda if d.startswith("python")))[1] == \
        SpecifierSet(PYPROJECT["project"]["requires-python"])
    assert environment()["channels"] == ["conda-forge"]


def test_binder_installs_the_package_and_opens_the_start_notebook():
    # repo2docker reads binder/ or .binder/ instead of the top folder when either exists.
    assert not (ROOT / "binder").exists() and not (ROOT / ".binder").exists()
    post_build = ROOT / "postBuild"
    assert post_build.stat().st_mode & stat.S_IXUSR, "postBuild must be executable"
    commands = [line for line in post_build.read_text(encoding="utf-8").splitlines()
                if line.strip() and not line.startswith("#")]
    assert commands == ["set -euo pipefail", "python -m pip install --no-deps -e ."]
    assert "jupyterlab" in have_conda_names()
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"urlpath={BINDER_START}" in readme or f"`{BINDER_START}`" in readme
    assert (ROOT / BINDER_START.removeprefix("lab/tree/")).is_file()


def have_conda_names() -> set[str]:
    return {conda_requirement(d)[0] for d in environment()["dependencies"] if isinstance(d, str)}


def test_the_licence_is_an_spdx_expression_and_the_metadata_complete():
    project = PYPROJECT["project"]
    assert project["license"] == "Apache-2.0" and (ROOT / project["license-files"][0]).is_file()
    assert not [c for c in project["classifiers"] if c.startswith("License ::")]  # PEP 639: the expression says it
    assert {"Intended Audience :: Education", "Framework :: Jupyter"} <= set(project["classifiers"])
    assert Requirement(PYPROJECT["build-system"]["requires"][0]).specifier.contains("77.0.3")
    assert not Requirement(PYPROJECT["build-system"]["requires"][0]).specifier.contains("76")
    assert project["scripts"] == {"bleu-explain": "bleu_explain.cli:main",
                                  "bleu-explain-course": "bleu_explain.coursefiles.installer:main"}


# --------------------------------------------------------------------------- the sdist and the wheel
def backend(call: str, cwd: Path, out: Path) -> tuple[Path, str]:
    """Run a PEP 517 hook of setuptools in ``cwd``; the file it wrote and everything it printed."""
    code = f"import sys; from setuptools import build_meta; print('BUILT', build_meta.{call}(sys.argv[1]))"
    run = subprocess.run([sys.executable, "-c", code, str(out)], cwd=cwd, capture_output=True, text=True, timeout=600,
                         env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    name = run.stdout.strip().splitlines()[-1].removeprefix("BUILT ")
    return out / name, run.stdout + run.stderr


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict:
    """The sdist built from a copy of the project, and the wheel built from the unpacked sdist (as `python -m build`)."""
    if Version(installed_version("setuptools")) < Version("77.0.3"):
        pytest.skip(f"building without network needs setuptools >= 77.0.3 here (the test extra installs it); this "
                    f"environment has {installed_version('setuptools')}")
    work = tmp_path_factory.mktemp("build")
    project = work / "project"
    shutil.copytree(ROOT, project, ignore=not_the_project, symlinks=True)
    sdist, sdist_log = backend("build_sdist", project, work / "dist")
    with tarfile.open(sdist) as archive:
        archive.extractall(work / "unpacked", filter="data")
    unpacked = work / "unpacked" / sdist.name.removesuffix(".tar.gz")
    wheel, wheel_log = backend("build_wheel", unpacked, work / "dist")
    files = sorted(p.relative_to(project).as_posix() for p in project.rglob("*") if p.is_file())
    return {"project_files": files, "sdist": sdist, "unpacked": unpacked, "wheel": wheel, "log": sdist_log + wheel_log}


@pytest.mark.slow
def test_the_build_warns_of_nothing_deprecated(built):
    assert "deprecated" not in built["log"].lower(), [line for line in built["log"].splitlines() if "deprecat" in line]


@pytest.mark.slow
def test_the_sdist_is_the_whole_project(built):
    with tarfile.open(built["sdist"]) as archive:
        names = {n.split("/", 1)[1] for n in archive.getnames() if "/" in n}
    assert set(built["project_files"]) <= names, sorted(set(built["project_files"]) - names)
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc") or "node_modules" in n]
    for needed in ("Makefile", "requirements/test-constraints.txt", "tests/conftest.py", "notebooks/src/00_start_here.py",
                   "scripts/build_notebooks.py", "slides/package-lock.json", "environment.yml", "postBuild"):
        assert needed in names, needed


@pytest.mark.slow
def test_the_wheel_carries_the_course_and_the_handouts_npm_manifests(built):
    with zipfile.ZipFile(built["wheel"]) as wheel:
        names = set(wheel.namelist())
        course = {n.removeprefix("bleu_explain/coursefiles/files/") for n in names if n.startswith("bleu_explain/coursefiles/files/")}
        assert course == set(course_files(ROOT))
        for name in course_files(ROOT):
            assert wheel.read(f"bleu_explain/coursefiles/files/{name}") == (ROOT / name).read_bytes(), name
        metadata = wheel.read(f"bleu_explain-{__version__}.dist-info/METADATA").decode()
        entry_points = wheel.read(f"bleu_explain-{__version__}.dist-info/entry_points.txt").decode()
    assert {"bleu_explain/display/export/handouts/assets/package.json", "bleu_explain/display/export/handouts/assets/package-lock.json",
            "bleu_explain/data/wmt21_manifest.tsv", "bleu_explain/data/wmt21_system_figures.tsv",
            "bleu_explain/data/wmt21_calibration.tsv",
            "bleu_explain/data/teaching_corpus/stories_a.jsonl"} <= names
    assert not [n for n in names if "__pycache__" in n or "node_modules" in n or n.startswith(("tests/", "notebooks/"))]
    assert "License-Expression: Apache-2.0" in metadata and "Classifier: Intended Audience :: Education" in metadata
    assert "bleu-explain = bleu_explain.cli:main" in entry_points
    assert "bleu-explain-course = bleu_explain.coursefiles.installer:main" in entry_points


@pytest.fixture(scope="module")
def venv(built, tmp_path_factory) -> Path:
    """A fresh venv with the wheel alone; its dependencies visible after its own site-packages."""
    where = tmp_path_factory.mktemp("venv") / "fresh"
    subprocess.run([sys.executable, "-m", "venv", str(where)], check=True, capture_output=True, timeout=300)
    python = where / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "--no-deps", "--no-index", "-q", str(built["wheel"])],
                   check=True, capture_output=True, timeout=300)
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          check=True, capture_output=True, text=True).stdout.strip()
    ours = [p for p in sys.path if p.endswith(("site-packages", "dist-packages")) and Path(p).is_dir()]
    (Path(site) / "zz-dependencies-of-the-tests.pth").write_text("\n".join(ours) + "\n", encoding="utf-8")
    return where


def in_venv(venv: Path, *command: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


@pytest.mark.slow
def test_a_fresh_venv_with_the_wheel_writes_the_whole_course(venv, tmp_path):
    where = in_venv(venv, "python", "-c", "import bleu_explain; print(bleu_explain.__file__)", cwd=tmp_path)
    assert Path(where.stdout.strip()).is_relative_to(venv), where.stdout + where.stderr
    run = in_venv(venv, "bleu-explain-course", "course", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    copy = tmp_path / "course"
    assert sorted(course_files(copy)) == sorted(course_files(ROOT))
    for name in course_files(ROOT):
        assert (copy / name).read_bytes() == (ROOT / name).read_bytes(), name
    assert unresolved_links(copy) == {}
    assert f"cd course\n    jupyter lab --config=jupyter_lab_config.json {START}" in run.stdout
    assert json.loads((copy / "jupyter_lab_config.json").read_text(encoding="utf-8"))["LabApp"]["news_url"] is None
    record = json.loads((copy / ".bleu-explain-course.json").read_text(encoding="utf-8"))
    assert record["bleu-explain"] == __version__
    again = in_venv(venv, "python", "-m", "bleu_explain.course", "course", cwd=tmp_path)
    assert again.returncode == 0 and "already up to date" in again.stdout


@pytest.mark.slow
def test_the_wheels_command_line_runs(venv, tmp_path):
    (tmp_path / "ref.txt").write_text("the cat sat on the mat\n", encoding="utf-8")
    (tmp_path / "hyp.txt").write_text("the cat sat on a mat\n", encoding="utf-8")
    run = in_venv(venv, "bleu-explain", "ref.txt", "-i", "hyp.txt", "-b", cwd=tmp_path)
    assert run.returncode == 0 and float(run.stdout) > 0, run.stderr


@pytest.mark.slow
def test_the_wheels_command_line_says_its_version(venv, tmp_path):
    run = in_venv(venv, "bleu-explain", "--version", cwd=tmp_path)
    assert run.returncode == 0 and __version__ in run.stdout + run.stderr


@pytest.mark.slow
def test_the_unpacked_sdist_passes_its_own_tests(built):
    # the sdist's own test suite, run in the unpacked sdist against its own code (the unit, oracle and property
    # tests of the engine, the analysis, the course's checkers and the command line; the notebooks and the
    # browser tests need the npm assets and run in the checkout)
    unpacked = built["unpacked"]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(unpacked)
    where = subprocess.run([sys.executable, "-c", "import bleu_explain; print(bleu_explain.__file__)"], cwd=unpacked,
                           env=env, capture_output=True, text=True, timeout=120)
    assert Path(where.stdout.strip()).is_relative_to(unpacked), where.stdout + where.stderr
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:nbval", "-p", "no:cacheprovider",
                          "-o", "addopts=--doctest-modules", "-m", "not browser and not notebooks and not slow",
                          "--hypothesis-profile=fast", "bleu_explain/engine", "tests/engine", "tests/analysis",
                          "tests/course", "tests/test_cli.py", "tests/test_bad_input.py"],
                         cwd=unpacked, env=env, capture_output=True, text=True, timeout=1800)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert " passed" in run.stdout.splitlines()[-1] and " failed" not in run.stdout.splitlines()[-1]
