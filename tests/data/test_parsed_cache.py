"""The on-disk cache: a result is computed once and read back in later kernels; nothing stale, nothing unsafe."""

from __future__ import annotations

import os
import pickle

import pytest
from conftest import wmt21_folder

from bleu_explain.data import parsed_cache as pc
from bleu_explain.data.download import DataChecksumError


def square(x, calls):
    calls.append(x)
    return x * x


def test_a_result_is_computed_once_then_read(tmp_path):
    calls: list = []
    assert [pc.on_disk(square, 7, [], folder=tmp_path) for _ in range(2)] == [49, 49]
    assert pc.on_disk(square, 7, calls, folder=tmp_path) == 49 and calls == []  # the key is the arguments' content
    assert pc.on_disk(square, 8, calls, folder=tmp_path) == 64 and calls == [8]
    (version,) = tmp_path.iterdir()
    assert version.name == f"v-{pc.code_fingerprint()[:16]}" and len(list(version.glob("square-*.pickle"))) == 2


def test_older_versions_of_the_code_are_removed_and_unrelated_folders_kept(tmp_path):
    import time

    versions = [tmp_path / f"v-{k:016x}" for k in range(4)]
    for k, folder in enumerate(versions):
        folder.mkdir()
        os.utime(folder, (time.time() - 100 + k, time.time() - 100 + k))
    mine = tmp_path / "notes"
    mine.mkdir()
    pc.on_disk(square, 3, [], folder=tmp_path)
    kept = sorted(p.name for p in tmp_path.glob("v-*"))
    assert len(kept) == pc.KEEP_VERSIONS and versions[3].name in kept and versions[2].name in kept
    assert mine.exists()


def test_a_damaged_file_is_computed_again(tmp_path):
    pc.on_disk(square, 5, [], folder=tmp_path)
    (path,) = tmp_path.glob("v-*/square-*.pickle")
    path.write_bytes(b"not a pickle")
    calls: list = []
    assert pc.on_disk(square, 5, calls, folder=tmp_path) == 25 and calls == [5]
    assert pickle.loads(path.read_bytes()) == 25


def test_off_keeps_nothing_and_unpicklable_arguments_are_computed(tmp_path, monkeypatch):
    monkeypatch.setenv(pc.CACHE_ENV, "off")
    calls: list = []
    pc.on_disk(square, 2, calls)
    pc.on_disk(square, 2, calls)
    assert calls == [2, 2] and pc.cache_folder() is None
    monkeypatch.setenv(pc.CACHE_ENV, str(tmp_path))
    assert pc.on_disk(lambda f: f(3), lambda v: v + 1) == 4  # a lambda does not pickle: computed, not kept
    assert not list(tmp_path.glob("v-*/*.pickle"))


@pytest.mark.skipif(os.name == "nt", reason="a read-only folder is a POSIX permission")
def test_a_folder_that_cannot_be_written_is_no_error(tmp_path):
    tmp_path.chmod(0o500)
    try:
        assert pc.on_disk(square, 4, [], folder=tmp_path / "cache") == 16
    finally:
        tmp_path.chmod(0o700)


def test_the_parsed_test_set_is_the_loaders_and_a_changed_file_is_refused(tmp_path):
    folder = wmt21_folder()
    if folder is None:
        pytest.skip("needs the WMT21 test sets: run `python -m bleu_explain.data fetch wmt21` and set "
                    "BLEU_EXPLAIN_DATA to the folder it prints")
    from bleu_explain.data.wmt21 import load_wmt21

    cached = pc.load_wmt21_cached("en-de", data_dir=folder, folder=tmp_path)
    again = pc.load_wmt21_cached("en-de", data_dir=folder, folder=tmp_path)
    fresh = load_wmt21("en-de", data_dir=folder)
    assert again.references == cached.references == fresh.references and again.systems == fresh.systems
    assert again.human("mqm").segments == fresh.human("mqm").segments
    copy = tmp_path / "data"
    import shutil

    shutil.copytree(folder, copy)
    with open(copy / "en-de" / "ref.C.de", "a", encoding="utf-8") as fh:
        fh.write("changed\n")
    with pytest.raises(DataChecksumError, match="ref.C.de"):
        pc.load_wmt21_cached("en-de", data_dir=copy, folder=tmp_path)
