"""Debian's Chromium for the browser tests, kept on this machine: no background services, no name resolution
beyond 127.0.0.1, and a log of every request a page makes, so a test can assert that none left the machine."""

from __future__ import annotations

import shutil
from dataclasses import dataclass, field
from urllib.parse import urlparse

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

#: Chromium's own services (updates, accounts, field trials, safe browsing) off; every host name but
#: 127.0.0.1 and localhost resolves to nothing, so even a request we missed cannot reach the network.
LOCAL_ONLY_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
    "--disable-domain-reliability",
    "--disable-client-side-phishing-detection",
    "--disable-features=OptimizationHints,MediaRouter,Translate,AutofillServerCommunication,CertificateTransparencyComponentUpdater",
    "--metrics-recording-only",
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost",
]

#: URL schemes that never leave the machine.
LOCAL_SCHEMES = {"file", "data", "blob", "about", "chrome", "chrome-extension", "devtools"}


def launch(playwright):
    """Chromium, headless, local only."""
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=LOCAL_ONLY_ARGS)


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
