"""Debian's Chromium for the browser tests, kept on this machine: no background services, no name resolution
beyond 127.0.0.1, and a log of every request a page makes, so a test can assert that none left the machine.
Also the local servers those tests open (JupyterLab, the Voila app), started on a free port and waited for."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator
from urllib.parse import urlparse

from bleu_explain.display.export.handouts.pdf import LOCAL_ONLY_ARGS as PDF_LOCAL_ONLY_ARGS

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

#: Chromium's own services (updates, accounts, field trials, safe browsing) off; every host name but
#: 127.0.0.1 and localhost resolves to nothing, so even a request we missed cannot reach the network.
#: The handouts print their PDFs with the same flags: one list, kept beside that code.
LOCAL_ONLY_ARGS = list(PDF_LOCAL_ONLY_ARGS)

#: URL schemes that never leave the machine.
LOCAL_SCHEMES = {"file", "data", "blob", "about", "chrome", "chrome-extension", "devtools"}


def launch(playwright, timeout: float = 180_000, attempts: int = 2):
    """Chromium, headless, local only.

    A cold start on a busy machine can take longer than Playwright's 30 s default, so it gets
    ``timeout`` milliseconds, and one more try if the first launch times out.
    """
    for attempt in range(1, attempts + 1):
        try:
            return playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=LOCAL_ONLY_ARGS,
                                              timeout=timeout)
        except Exception as exc:  # playwright's TimeoutError, without importing playwright here
            if attempt == attempts or "Timeout" not in type(exc).__name__:
                raise
    raise AssertionError("unreachable")


def is_local(url: str) -> bool:
    """Whether a request's URL stays on this machine."""
    parsed = urlparse(url)
    if parsed.scheme in LOCAL_SCHEMES:
        return True
    return parsed.hostname in ("127.0.0.1", "localhost", "::1")


@dataclass
class RequestLog:
    """Every URL requested by the pages of a browser context (websockets included)."""

    urls: list[str] = field(default_factory=list)

    def attach(self, context) -> "RequestLog":
        context.on("request", lambda request: self.urls.append(request.url))
        context.on("page", lambda page: page.on("websocket", lambda ws: self.urls.append(ws.url)))
        return self

    @property
    def remote(self) -> list[str]:
        return [url for url in self.urls if not is_local(url)]

    def assert_all_local(self) -> None:
        assert self.urls, "no request was recorded: the log was not attached"
        assert not self.remote, f"requests left the machine: {self.remote[:5]}"


# --------------------------------------------------------------------------- local servers for the browser tests
def free_port() -> int:
    """A port on 127.0.0.1 that is free now (another process may take it before the server binds it)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_http(url: str, process: subprocess.Popen, timeout: float = 240) -> None:
    """Wait until ``url`` answers (any status below 500) while ``process`` runs."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise ServerExited(f"the server exited early with code {process.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=10) as response:
                if response.status < 500:
                    return
        except urllib.error.HTTPError as exc:
            if exc.code < 500:
                return
        except OSError:
            pass
        time.sleep(0.5)
    raise TimeoutError(f"no answer from {url} within {timeout} s")


class ServerExited(RuntimeError):
    """The server stopped before it answered (on a shared machine: usually its port was taken meanwhile)."""


@dataclass
class LocalServer:
    """A server process on 127.0.0.1 and its port."""

    process: subprocess.Popen
    port: int
    log: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=30)


def start_server(command: Callable[[int], list[str]], ready_path: str, workdir: Path, log: Path,
                 env: dict[str, str] | None = None, attempts: int = 3, timeout: float = 240) -> LocalServer:
    """Start ``command(port)`` on a free port and wait until ``ready_path`` answers.

    A server that exits before answering is started again on another port (the free port
    may have been taken between choosing it and binding it); the log of each try is kept.
    """
    for attempt in range(1, attempts + 1):
        port = free_port()
        path = log if attempt == 1 else log.with_name(f"{log.stem}-{attempt}{log.suffix}")
        with open(path, "w") as out:
            process = subprocess.Popen(command(port), cwd=workdir, stdout=out, stderr=subprocess.STDOUT, env=env)
        server = LocalServer(process, port, path)
        try:
            wait_for_http(server.url + ready_path, process, timeout)
            return server
        except ServerExited:
            if attempt == attempts:
                raise ServerExited(f"the server exited {attempts} times; see {path}") from None
        except BaseException:
            server.stop()
            raise
    raise AssertionError("unreachable")


@contextmanager
def running_server(*args: Any, **kwargs: Any) -> Iterator[LocalServer]:
    """:func:`start_server` as a context: the server is stopped at the end."""
    server = start_server(*args, **kwargs)
    try:
        yield server
    finally:
        server.stop()


def server_env(workdir: Path) -> dict[str, str]:
    """The environment of a test's server: Jupyter's runtime files in ``workdir``, a fixed hash seed."""
    env = dict(os.environ, JUPYTER_PLATFORM_DIRS="1", PYTHONHASHSEED="0")
    env["JUPYTER_RUNTIME_DIR"] = str(workdir / "runtime")
    return env


def copy_notebooks(source: Path, dest: Path) -> Path:
    """The built notebooks in a scratch folder, so running them never touches the repository."""
    shutil.copytree(source, dest, ignore=shutil.ignore_patterns("src", ".ipynb_checkpoints"))
    return dest
