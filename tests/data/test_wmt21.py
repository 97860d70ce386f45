"""The WMT21 data module: manifest, the real pooch download client against a local server, loaders.

No test touches the internet: downloads go to an HTTP server on 127.0.0.1 that
serves copies of the shared data, laid out as raw.githubusercontent.com is
({repo}/{commit}/{path}), and every other test sets the download URL to a
closed local port. Tests that need the data find it through BLEU_EXPLAIN_DATA
or in ../shared/data/wmt21 next to the checkout; without it they skip and say
how to get it.
"""

from __future__ import annotations

import csv
import http.server
import os
import shutil
import socket
import subprocess
import sys
import threading
from functools import partial
from pathlib import Path

import pytest

from bleu_explain.data import download as dl
from bleu_explain.data.__main__ import main as data_main
from bleu_explain.data.download import (
    DataChecksumError,
    DataNotAvailableError,
    fetch,
    fetch_command,
)
from bleu_explain.data.folder import (
    HumanJudgedTestSet,
    load_judged_folder,
    match_names,
    parse_segment_scores,
)
from bleu_explain.data.manifest import files_for, find_file, load_manifest
from bleu_explain.data.wmt21 import PAIRS, load_wmt21, wmt21_available
from bleu_explain.engine.errors import BleuInputError
from bleu_explain.engine.files import sha256_of_file

#: Where the shared copy is looked for when BLEU_EXPLAIN_DATA is not set: next to the checkout.
SHARED_CANDIDATE = Path(__file__).resolve().parents[3] / "shared" / "data" / "wmt21"
GET_DATA = ("the WMT21 data are not here: run `python -m bleu_explain.data fetch wmt21` (about 16 MiB, needs the "
            "internet) and set BLEU_EXPLAIN_DATA to the folder it prints, or put a copy in ../shared/data/wmt21 "
            "next to the checkout")


def shared_data_dir() -> Path:
    """The shared WMT21 folder, or a skip that says how to get it (a set BLEU_EXPLAIN_DATA wins, even if empty)."""
    env = os.environ.get(dl.DATA_ENV, "").strip()
    folder = Path(env) if env else SHARED_CANDIDATE
    if not wmt21_available(data_dir=folder):
        pytest.skip(f"{GET_DATA} (looked in {folder}, from {'$' + dl.DATA_ENV if env else 'the checkout'})")
    return folder


@pytest.fixture(scope="module")
def shared() -> Path:
    return shared_data_dir()


@pytest.fixture(autouse=True)
def no_real_network(monkeypatch):
    # Any download a test does not point at its own server fails at once on a closed local port.
    monkeypatch.setenv(dl.DATA_URL_ENV, f"http://127.0.0.1:{closed_port()}")
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    for var in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"):
        monkeypatch.delenv(var, raising=False)


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ---------------------------------------------------------------------- a local raw.githubusercontent.com
class Server:
    """An HTTP server in a thread serving ``root`` (laid out as {repo}/{commit}/{path})."""

    def __init__(self, root: Path):
        self.root = root
        self.requests: list[str] = []
        outer = self

        class Handler(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *args):  # keep the test output clean
                pass

            def do_GET(self):
                outer.requests.append(self.path)
                super().do_GET()

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), partial(Handler, directory=str(root)))
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self.thread.start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def served_path(root: Path, f) -> Path:
    return root / f.repo / f.commit / f.path


def serve_tree(root: Path, shared: Path, files, *, skip=(), corrupt=()) -> None:
    """Lay out files as GitHub serves them: symlinks to the shared copies; ``corrupt`` ones changed by a byte."""
    for f in files:
        if f.file in skip:
            continue
        target = served_path(root, f)
        target.parent.mkdir(parents=True, exist_ok=True)
        if f.file in corrupt:
            data = bytearray((shared / f.file).read_bytes())
            data[10] ^= 0x01
            target.write_bytes(bytes(data))
        else:
            target.symlink_to(shared / f.file)


def prefill(cache: Path, shared: Path, files, *, skip=()) -> None:
    """Put verified copies in a cache, so that a fetch downloads only the files in ``skip``."""
    for f in files:
        if f.file not in skip:
            (cache / f.file).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(shared / f.file, cache / f.file)


@pytest.fixture
def server(tmp_path):
    (tmp_path / "served").mkdir()
    s = Server(tmp_path / "served")
    yield s
    s.close()


# ---------------------------------------------------------------------- manifest (no data needed)
def test_manifest_lists_both_pairs_with_sizes_and_pinned_origins():
    files = load_manifest("wmt21")
    assert len(files) == 54
    assert {f.pair for f in files} == {"zh-en", "en-de", None}
    assert len([f for f in files_for("wmt21", "zh-en") if "/sys/" in f.file]) == 23
    assert len([f for f in files_for("wmt21", "en-de") if "/sys/" in f.file]) == 20
    assert all(f.bytes > 0 and len(f.sha256) == 64 and len(f.commit) == 40 for f in files)
    f = find_file("wmt21", "en-de/sys/NVIDIA-NeMo.de")
    assert f.url(dl.DEFAULT_BASE_URL) == ("https://raw.githubusercontent.com/wmt-conference/wmt21-news-systems/"
                                          "f41750dadbf2ba6ab01ca5380347d253298a3427/txt/system-outputs/"
                                          "newstest2021.en-de.hyp.NVIDIA-NeMo.de")
    assert f.known_hash.startswith("sha256:")
    with pytest.raises(BleuInputError, match="no language pair 'fr-de'"):
        files_for("wmt21", "fr-de")


def test_manifest_ships_with_the_package():
    # setuptools expands package-data globs with glob(recursive=True): the manifest must be among the matches.
    import glob

    tomllib = pytest.importorskip("tomllib")
    spec = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml").read_text(encoding="utf-8"))
    package = Path(dl.__file__).resolve().parents[1]
    matched = {Path(m) for g in spec["tool"]["setuptools"]["package-data"]["bleu_explain"]
               for m in glob.glob(str(package / g), recursive=True)}
    assert package / "data" / "wmt21_manifest.tsv" in matched


def test_base_url_and_data_folder_resolution(monkeypatch, tmp_path):
    monkeypatch.delenv(dl.DATA_URL_ENV)
    assert dl.resolve_base_url() == "https://raw.githubusercontent.com"
    monkeypatch.setenv(dl.DATA_URL_ENV, "http://mirror.example/")
    assert dl.resolve_base_url() == "http://mirror.example"
    assert dl.resolve_base_url("http://127.0.0.1:1") == "http://127.0.0.1:1"
    monkeypatch.setenv(dl.DATA_ENV, str(tmp_path))
    assert dl.data_dir_for("wmt21") == tmp_path
    assert dl.data_dir_for("wmt21", tmp_path / "x") == tmp_path / "x"
    monkeypatch.delenv(dl.DATA_ENV)
    assert dl.data_dir_for("wmt21").parts[-2:] == ("bleu-explain", "wmt21")


def test_importing_the_data_module_is_light():
    code = ("import sys, bleu_explain, bleu_explain.data, bleu_explain.data.wmt21, bleu_explain.data.download; "
            "print(sorted(m for m in ('pooch', 'pandas', 'requests', 'numpy') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# ---------------------------------------------------------------------- missing data (no data needed)
def test_missing_data_names_the_files_their_sizes_and_the_command(tmp_path, monkeypatch):
    monkeypatch.delenv(dl.DATA_ENV, raising=False)
    with pytest.raises(DataNotAvailableError) as err:
        load_wmt21("zh-en", data_dir=tmp_path)
    msg = str(err.value)
    first = files_for("wmt21", "zh-en")[0]
    assert first.file.startswith("zh-en/") and f"{first.file} ({first.size_text})" in msg
    assert "python -m bleu_explain.data fetch wmt21 zh-en" in msg
    assert len(err.value.missing) == len(files_for("wmt21", "zh-en"))
    # The folder came from the environment variable: the message says so.
    monkeypatch.setenv(dl.DATA_ENV, str(tmp_path))
    with pytest.raises(DataNotAvailableError, match=r"\$BLEU_EXPLAIN_DATA"):
        load_wmt21("en-de")
    assert not wmt21_available("en-de")


def test_offline_download_says_what_is_missing_its_size_and_the_command(tmp_path):
    port = closed_port()
    with pytest.raises(DataNotAvailableError) as err:
        fetch("wmt21", "en-de", data_dir=tmp_path / "cache", base_url=f"http://127.0.0.1:{port}", timeout=5)
    msg = str(err.value)
    first = files_for("wmt21", "en-de")[0]
    assert f"could not download {first.file} ({first.size_text})" in msg
    assert "no connection" in msg and fetch_command("wmt21", "en-de") in msg
    assert "more files" in msg and not (tmp_path / "cache" / first.file).exists()


def test_shared_folder_absent_skips_with_a_reason_that_says_how_to_get_the_data(tmp_path, monkeypatch):
    # What a fresh machine sees: no BLEU_EXPLAIN_DATA and no shared folder next to the checkout.
    monkeypatch.delenv(dl.DATA_ENV, raising=False)
    monkeypatch.setattr(sys.modules[__name__], "SHARED_CANDIDATE", tmp_path / "shared" / "data" / "wmt21")
    with pytest.raises(pytest.skip.Exception) as skipped:
        shared_data_dir()
    assert "python -m bleu_explain.data fetch wmt21" in str(skipped.value)
    assert "BLEU_EXPLAIN_DATA" in str(skipped.value)


def test_status_command_without_data(tmp_path, capsys):
    assert data_main(["status", "wmt21", "--data-dir", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "zh-en: 0 of 28 files" in out and "missing" in out
    assert "python -m bleu_explain.data fetch wmt21" in out
    assert data_main(["status", "xx-yy", "--data-dir", str(tmp_path)]) == 1
    assert "no language pair 'xx-yy'" in capsys.readouterr().err


# ---------------------------------------------------------------------- downloads from a local server
def test_download_lands_in_the_cache_and_loads(tmp_path, server, shared, monkeypatch):
    files = files_for("wmt21", "en-de")
    serve_tree(server.root, shared, files)
    cache = tmp_path / "cache" / "wmt21"
    monkeypatch.setenv(dl.DATA_URL_ENV, server.url)  # the env var route; fetch(base_url=...) is the other
    assert data_main(["fetch", "wmt21", "en-de", "--data-dir", str(cache), "--quiet"]) == 0
    assert len(server.requests) == len(files)
    assert all(sha256_of_file(cache / f.file) == f.sha256 for f in files)
    # A second fetch finds everything in place (checksums match) and downloads nothing.
    seen = []
    fetch("wmt21", "en-de", data_dir=cache, report=lambda f, action: seen.append(action))
    assert set(seen) == {"present"} and len(server.requests) == len(files)
    data = load_wmt21("en-de", data_dir=cache)
    assert len(data) == 1002 and len(data.systems) == 20
    assert data.metadata["data_dir"] == str(cache)


def test_load_with_download_true_fetches_first(tmp_path, server, shared):
    files = files_for("wmt21", "en-de")
    serve_tree(server.root, shared, files)
    cache = tmp_path / "cache"
    prefill(cache, shared, files, skip={"en-de/ref.D.de"})
    with pytest.raises(DataNotAvailableError, match="en-de/ref.D.de"):
        load_wmt21("en-de", data_dir=cache)  # no download unless asked
    data = load_wmt21("en-de", data_dir=cache, download=True, base_url=server.url)
    assert server.requests == [f"/{f.repo}/{f.commit}/{f.path}" for f in files if f.file == "en-de/ref.D.de"]
    assert data.references["D"][0] == (shared / "en-de/ref.D.de").read_text(encoding="utf-8").split("\n")[0]


def test_corrupted_download_is_refused_and_not_kept(tmp_path, server, shared):
    files = files_for("wmt21", "en-de")
    bad = "en-de/ref.C.de"
    serve_tree(server.root, shared, files, corrupt={bad})
    cache = tmp_path / "cache"
    prefill(cache, shared, files, skip={bad})
    with pytest.raises(DataChecksumError) as err:
        fetch("wmt21", "en-de", data_dir=cache, base_url=server.url)
    msg = str(err.value)
    assert bad in msg and "sha256" in msg and find_file("wmt21", bad).sha256 in msg
    assert not (cache / bad).exists()
    assert sorted(p.name for p in (cache / "en-de").iterdir() if p.is_file()) == ["ref.A.de", "ref.D.de", "src.en"]


def test_a_damaged_cached_file_is_refused_then_replaced_by_fetch(tmp_path, server, shared):
    files = files_for("wmt21", "en-de")
    serve_tree(server.root, shared, files)
    cache = tmp_path / "cache"
    prefill(cache, shared, files)
    damaged = cache / "en-de" / "ref.C.de"
    damaged.write_bytes(damaged.read_bytes()[:-100])  # e.g. an interrupted copy
    with pytest.raises(DataChecksumError, match="ref.C.de"):
        load_wmt21("en-de", data_dir=cache)
    actions = {}
    fetch("wmt21", "en-de", data_dir=cache, base_url=server.url, report=lambda f, a: actions.update({f.file: a}))
    assert [k for k, a in actions.items() if a == "downloaded"] == ["en-de/ref.C.de"]
    assert len(load_wmt21("en-de", data_dir=cache).references["C"]) == 1002


def test_missing_file_on_the_server_is_a_clear_error(tmp_path, server, shared):
    files = files_for("wmt21", "en-de")
    gone = "en-de/sys/UEdin.de"
    serve_tree(server.root, shared, files, skip={gone})
    cache = tmp_path / "cache"
    prefill(cache, shared, files, skip={gone})
    with pytest.raises(DataNotAvailableError) as err:
        fetch("wmt21", "en-de", data_dir=cache, base_url=server.url)
    msg = str(err.value)
    entry = find_file("wmt21", gone)
    assert f"could not download {gone} ({entry.size_text})" in msg and "404" in msg
    assert fetch_command("wmt21", "en-de") in msg and "missing too" not in msg
    assert [f.file for f in err.value.missing] == [gone]


# ---------------------------------------------------------------------- local folders and checksums
def test_env_var_points_the_loaders_at_a_local_folder(shared, monkeypatch):
    monkeypatch.setenv(dl.DATA_ENV, str(shared))
    assert wmt21_available()
    data = load_wmt21("zh-en")
    assert data.metadata["data_dir"] == str(shared)


def test_a_local_copy_with_a_wrong_checksum_is_refused(tmp_path, shared):
    local = tmp_path / "wmt21"
    for f in files_for("wmt21", "en-de"):
        (local / f.file).parent.mkdir(parents=True, exist_ok=True)
        (local / f.file).symlink_to(shared / f.file)
    edited = local / "en-de" / "sys" / "UEdin.de"
    text = edited.read_text(encoding="utf-8")
    edited.unlink()
    edited.write_text(text.replace("die", "der", 1), encoding="utf-8")
    with pytest.raises(DataChecksumError) as err:
        load_wmt21("en-de", data_dir=local)
    assert "UEdin.de" in str(err.value) and "not used" in str(err.value)
    assert fetch_command("wmt21") in str(err.value)


def test_status_command_with_the_shared_data(shared, capsys):
    assert data_main(["status", "--data-dir", str(shared)]) == 0
    out = capsys.readouterr().out
    assert "zh-en: 28 of 28 files present and intact" in out and "en-de: 25 of 25" in out


def test_shipped_manifest_matches_the_shared_copy(shared):
    rows = {r["file"]: r for r in csv.DictReader((shared / "MANIFEST.tsv").open(encoding="utf-8"), delimiter="\t")}
    files = load_manifest("wmt21")
    assert set(rows) == {f.file for f in files}
    for f in files:
        r = rows[f.file]
        assert (r["sha256"], r["repo"], r["commit"], r["path"], int(r["lines"])) == (
            f.sha256, f.repo, f.commit, f.path, f.lines)
        assert (shared / f.file).stat().st_size == f.bytes


# ---------------------------------------------------------------------- the typed objects
@pytest.fixture(scope="module")
def zh_en(shared) -> HumanJudgedTestSet:
    return load_wmt21("zh-en", data_dir=shared)


@pytest.fixture(scope="module")
def en_de(shared) -> HumanJudgedTestSet:
    return load_wmt21("en-de", data_dir=shared)


def test_zh_en(zh_en):
    assert (zh_en.pair, len(zh_en), list(zh_en.references)) == ("zh-en", 1948, ["A"])
    # 23 system outputs; WMT's DA also scores a human translation ("HUMAN") whose text is not in the release.
    assert len(zh_en.systems) == 23 and len(zh_en.da_systems) == 24
    assert set(zh_en.da_systems) == set(zh_en.systems) | {"HUMAN"}
    assert zh_en.judged("mqm") == ["Borderline", "DIDI-NLP", "Facebook-AI", "IIE-MT", "MiSS", "NiuTrans",
                                   "Online-W", "SMU"]
    assert {"ref-A", "ref-B"} <= set(zh_en.mqm_systems)
    assert set(zh_en.metadata["textless"]) == {"HUMAN", "ref-B"} | {f"metricsystem{k}" for k in range(1, 6)}
    assert zh_en.metadata["renamed"]["DA"]["NiuTrans.21"] == "NiuTrans"
    # Segment ids are 1-based in WMT's files; MQM rated 650 segments of each system, the rest are None.
    assert sum(v is not None for v in zh_en.mqm_segments["NiuTrans"]) == 650
    assert zh_en.mqm_segments["Borderline"][0] is None
    assert zh_en.mqm_systems["NiuTrans"] == pytest.approx(-4.632923, abs=1e-6)
    # WMT's published system DA is the mean of its segment DA: the two files line up.
    for kind in ("da", "da_raw"):
        judged = zh_en.human(kind)
        for name, value in judged.systems.items():
            rated = [v for v in judged.segments[name] if v is not None]
            assert value == pytest.approx(sum(rated) / len(rated), abs=1e-9)
    assert zh_en.da_systems["NiuTrans"] == pytest.approx(0.0422037220877673)
    assert zh_en.scores["da_raw"].systems["NiuTrans"] == pytest.approx(74.9686018957346)
    assert all(0 <= v <= 100 for v in zh_en.scores["da_raw"].segments["XMU"] if v is not None)


def test_en_de(en_de):
    assert (en_de.pair, len(en_de), list(en_de.references)) == ("en-de", 1002, ["A", "C", "D"])
    assert len(en_de.systems) == 20 and en_de.da_systems is None
    assert "NVIDIA-NeMo" in en_de.mqm_systems and "Nemo" not in en_de.mqm_systems  # MQM's "Nemo"
    assert en_de.metadata["renamed"]["MQM"] == {"Nemo": "NVIDIA-NeMo"}
    assert en_de.judged("mqm") == ["Facebook-AI", "HuaweiTSC", "NVIDIA-NeMo", "Online-W", "UEdin", "VolcTrans-AT",
                                   "VolcTrans-GLAT", "eTranslation", "ref-C", "ref-D"]
    assert en_de.mqm_systems["ref-C"] == pytest.approx(-0.511, abs=5e-4)
    assert en_de.mqm_systems["ref-D"] == pytest.approx(-0.516, abs=5e-4)
    assert all(v is None or v <= 0 for v in en_de.mqm_segments["ref-A"])  # an error score: 0 is perfect
    humans = en_de.translations("A")
    assert {"ref-C", "ref-D"} <= set(humans) and "ref-A" not in humans
    assert humans["ref-C"] is en_de.references["C"]
    assert sorted(en_de.translations(["A", "C"])) == sorted(list(en_de.systems) + ["ref-D"])
    with pytest.raises(BleuInputError, match="no reference"):
        en_de.translations("B")


def test_bleu_against_reference_a(en_de):
    import bleu_explain as bx

    refs = [[r] for r in en_de.references["A"]]
    score = {name: bx.explain_corpus(en_de.translations("A")[name], refs).score
             for name in ("ref-C", "ref-D", "VolcTrans-GLAT", "VolcTrans-AT")}
    assert [round(score[k], 2) for k in ("ref-C", "ref-D", "VolcTrans-GLAT", "VolcTrans-AT")] == [
        26.29, 25.07, 31.34, 29.31]


def test_to_frame_and_to_corpus(en_de, zh_en):
    frame = en_de.to_frame()
    assert frame.shape[0] == (20 + 3) * 1002
    assert list(frame.columns) == ["seg", "system", "human", "output", "source", "ref_A", "ref_C", "ref_D", "mqm"]
    nemo = frame[frame.system == "NVIDIA-NeMo"]
    assert nemo.seg.tolist() == list(range(1, 1003)) and nemo.mqm.notna().sum() == 527
    assert frame[frame.human].system.unique().tolist() == ["ref-A", "ref-C", "ref-D"]
    systems = zh_en.to_frame("system")
    assert systems.loc["HUMAN", "human"] and not systems.loc["HUMAN", "has_text"]
    assert systems.loc["NiuTrans", "da_rated"] == 1688 and systems.loc["XMU", "mqm_rated"] == 0
    corpus = en_de.to_corpus("A")
    assert len(corpus) == 1002 and corpus.n_references == 1 and len(corpus.system_names) == 22
    assert set(corpus.human_scores) == set(en_de.judged("mqm"))
    assert set(zh_en.to_corpus(kind="da").human_scores) == set(zh_en.systems)  # DA's HUMAN has no text


# ---------------------------------------------------------------------- any folder with scores per segment
def _folder(root: Path, scores: str) -> Path:
    texts = {"references/newstest.ref.A.en": "a cat sat\nthe dog ran\nit rained\n",
             "references/newstest.ref.B.en": "one cat sat\na dog ran\nrain fell\n",
             "systems/newstest.hyp.base.en": "cat sit\ndog run\nrain\n",
             "systems/newstest.hyp.big.en": "a cat sat\nthe dog ran\nit rained\n",
             "source.txt": "x\ny\nz\n", "seg_scores.tsv": scores}
    for rel, text in texts.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return root


def test_load_judged_folder(tmp_path):
    scores = "SYS SID RAW.SCR Z.SCR N\nbase.3 1 40 -0.5 2\nbig.7 1 90 0.7 1\nbig.7 3 80 0.2 1\nHUMAN.0 2 95 0.9 1\n"
    with pytest.raises(BleuInputError, match="which column is the score"):
        load_judged_folder(_folder(tmp_path, scores))
    with pytest.raises(BleuInputError, match=r"\['HUMAN.0'\], which match no system"):
        load_judged_folder(tmp_path, score_column="Z.SCR")
    t = load_judged_folder(tmp_path, score_column="Z.SCR", kind="da", keep_unmatched=True)
    assert (list(t.references), t.system_names, t.source) == (["A", "B"], ["base", "big"], ["x", "y", "z"])
    da = t.human("da")
    assert da.segments["big"] == [0.7, None, 0.2] and da.systems["big"] == pytest.approx(0.45)
    assert t.da_segments == da.segments and t.da_systems == da.systems
    assert t.metadata["textless"] == ["HUMAN.0"] and t.mqm_systems is None
    t = load_judged_folder(tmp_path, score_column="RAW.SCR", kind="da", aliases={"HUMAN.0": "ref-B"})
    assert t.human("da").systems["ref-B"] == 95 and t.judged("da", reference="A") == ["base", "big", "ref-B"]
    assert t.judged("da", reference="A", humans=False) == ["base", "big"]  # the machine systems among them
    frame = t.to_frame()
    assert frame.shape == (4 * 3, 8) and frame.loc[frame.system == "ref-B", "da"].tolist()[1] == 95


@pytest.mark.parametrize("lines, n, kwargs, message", [
    (["A 1 0.5", "A 1 0.7"], 2, {}, "segment 1 has a second line"),
    (["A 0 0.5"], 2, {}, r"ids run from 1 to 2 \(segment_base=1\)"),
    (["A 3 0.5"], 2, {}, "out of range"),
    (["A 1 good"], 2, {}, "'good' is not a number"),
    (["A 1 inf"], 2, {}, "not finite"),
    (["A 1"], 2, {}, "2 fields, expected 3"),
    (["A x 1"], 2, {}, "not a whole number"),
    (["A 1 2"], 2, {"score_column": "mqm"}, "no header line"),
    (["system seg_id mqm", "A 1 2"], 2, {"score_column": "da"}, "has no column 'da'"),
])
def test_segment_score_errors(lines, n, kwargs, message):
    with pytest.raises(BleuInputError, match=message):
        parse_segment_scores(lines, n, **kwargs)


def test_segment_scores_in_wmt_mqm_format():
    lines = ["system mqm_avg_score seg_id", "Nemo\t-5.000000 2", "ref-A\tNone 1", "ref-A\t-0.000000 2"]
    assert parse_segment_scores(lines, 2) == {"Nemo": [None, -5.0], "ref-A": [None, -0.0]}
    assert match_names(["Nemo", "ref-A", "ref-B"], ["NVIDIA-NeMo"], ["A"], aliases={"Nemo": "NVIDIA-NeMo"}) == {
        "Nemo": "NVIDIA-NeMo", "ref-A": "ref-A", "ref-B": None}


def test_pairs_are_checked():
    assert PAIRS == ("zh-en", "en-de")
    with pytest.raises(BleuInputError, match="WMT21 data here are for"):
        load_wmt21("de-en")
