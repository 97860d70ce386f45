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


class _Evil:
    """A pickle that would run code when loaded: the cache must never load it from a folder others can write."""

    def __reduce__(self):
        return (os.system, ("echo loaded >&2",))


def _plant(tmp_path, value=49):
    """The cache's file for square(7), written, then replaced by a pickle that runs code."""
    assert pc.on_disk(square, 7, [], folder=tmp_path) == value
    (path,) = tmp_path.glob("v-*/square-*.pickle")
    path.write_bytes(pickle.dumps(_Evil()))
    return path


@pytest.mark.skipif(os.name == "nt", reason="file modes and owners are POSIX")
@pytest.mark.parametrize("spoil", ["file writable by others", "folder writable by group", "cache writable by others",
                                   "file is a link", "file of another user"])
def test_a_file_someone_else_could_have_written_is_refused_not_loaded(tmp_path, monkeypatch, spoil):
    path = _plant(tmp_path)
    if spoil == "file writable by others":
        path.chmod(0o646)
    elif spoil == "folder writable by group":
        path.parent.chmod(0o770)
    elif spoil == "cache writable by others":
        tmp_path.chmod(0o777)
    elif spoil == "file is a link":
        target = tmp_path / "elsewhere.pickle"
        path.rename(target)
        path.symlink_to(target)
    else:
        real = os.getuid()
        monkeypatch.setattr(pc.os, "getuid", lambda: real + 1)
    calls: list = []
    with pytest.warns(pc.UntrustedCacheWarning, match="did not read .*(others can write|link|belongs to user)"):
        assert pc.on_disk(square, 7, calls, folder=tmp_path) == 49
    assert calls == [7]  # computed, not read
    if spoil != "file is a link":
        assert path.read_bytes() == pickle.dumps(_Evil())  # left as it was: not read, not overwritten


def test_the_users_own_files_are_read_and_new_folders_are_private(tmp_path):
    cache = tmp_path / "cache"
    assert pc.on_disk(square, 6, [], folder=cache) == 36
    (version,) = cache.iterdir()
    if os.name != "nt":
        assert oct(version.stat().st_mode & 0o777) == oct(0o700) and oct(cache.stat().st_mode & 0o777) == oct(0o700)
    assert pc.untrusted_reason(version) is None and pc.untrusted_reason(cache / "absent") is None


@pytest.mark.skipif(os.name == "nt", reason="file modes are POSIX")
def test_the_opened_file_is_checked_not_the_path_looked_at_before(tmp_path, monkeypatch):
    """A check of the path (lstat) and then an open by path leave a moment in which the file can be swapped: the
    cache checks the descriptor it opened. Here the path's check is made to see a good file (as if the swap came
    just after it); the file opened is writable by others, and is refused."""
    path = _plant(tmp_path)
    path.chmod(0o646)
    good = os.lstat(path.parent)
    monkeypatch.setattr(pc.os, "lstat", lambda p, *a, **k: good)
    calls: list = []
    with pytest.warns(pc.UntrustedCacheWarning, match="others can write"):
        assert pc.on_disk(square, 7, calls, folder=tmp_path) == 49
    assert calls == [7]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="a named pipe is POSIX")
def test_a_named_pipe_in_place_of_a_file_is_refused_without_waiting_for_a_writer(tmp_path):
    path = _plant(tmp_path)
    path.unlink()
    os.mkfifo(path, 0o600)
    with pytest.warns(pc.UntrustedCacheWarning, match="not a regular file"):
        assert pc.on_disk(square, 7, [], folder=tmp_path) == 49


class _CutShort:
    """A value whose pickling fails half way, after the bytes before it are written."""

    def __reduce__(self):
        raise KeyboardInterrupt  # as Ctrl-C in the middle of the write


def test_a_write_cut_short_leaves_the_old_file_or_nothing_never_a_part(tmp_path):
    with pytest.raises(KeyboardInterrupt):
        pc.on_disk(cut_short_value, 100_000, folder=tmp_path)
    (version,) = tmp_path.iterdir()
    assert list(version.iterdir()) == []  # nothing: no pickle, no part left behind
    path = _plant(tmp_path)  # a file for square(7) ...
    path.write_bytes(b"damaged")  # ... damaged, so the next call computes and writes it again
    with pytest.raises(KeyboardInterrupt):
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(pc.pickle, "dump", _half_then_interrupted)
            pc.on_disk(square, 7, [], folder=tmp_path)
    assert path.read_bytes() == b"damaged" and sorted(p.name for p in path.parent.iterdir()) == [path.name]


def cut_short_value(size):
    return ["x" * size, _CutShort()]


def _half_then_interrupted(value, fh, protocol=None):
    fh.write(pickle.dumps(value)[:3])
    raise KeyboardInterrupt
