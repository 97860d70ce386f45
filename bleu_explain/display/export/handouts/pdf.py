"""Print handout pages to PDF with headless Chromium, kept on this machine.

Chromium's own ``--print-to-pdf`` is enough: ``--virtual-time-budget`` lets the page's scripts (the
widget manager, MathJax) finish before it prints, and the print stylesheet sets the page on A4.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

#: Browsers tried in turn (Debian's package is ``chromium``).
BROWSERS = ("chromium", "chromium-browser", "google-chrome-stable", "google-chrome")

#: No background services, and every host name but this machine's resolves to nothing, so printing a
#: page cannot reach the network even if it asked to.
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

#: Milliseconds of page time the scripts get before the page is printed (they need about three).
RENDER_BUDGET_MS = 30_000
#: Seconds of real time one page may take.
TIMEOUT_S = 300


class PdfError(RuntimeError):
    """Chromium is missing or could not print a page."""


def find_chromium() -> str:
    for name in BROWSERS:
        path = shutil.which(name)
        if path:
            return path
    raise PdfError("printing the handouts to PDF needs headless Chromium: apt-get install chromium")


def print_command(chromium: str, page: Path, pdf: Path, profile: Path) -> list[str]:
    return [chromium, "--headless", *LOCAL_ONLY_ARGS, f"--user-data-dir={profile}", "--no-pdf-header-footer",
            "--run-all-compositor-stages-before-draw", f"--virtual-time-budget={RENDER_BUDGET_MS}",
            f"--print-to-pdf={pdf}", page.resolve().as_uri()]


def print_pages(pages: list[Path], chromium: str | None = None) -> list[Path]:
    """Print each page to a PDF beside it (``NN_name.html`` -> ``NN_name.pdf``); return the PDFs."""
    chromium = chromium or find_chromium()
    pdfs = []
    with tempfile.TemporaryDirectory(prefix="handout-chromium-") as profile:
        for page in pages:
            pdf = page.with_suffix(".pdf")
            pdf.unlink(missing_ok=True)
            run = subprocess.run(print_command(chromium, page, pdf, Path(profile)), capture_output=True, text=True,
                                 timeout=TIMEOUT_S)
            if run.returncode != 0 or not pdf.is_file() or pdf.stat().st_size == 0:
                tail = "\n".join(run.stderr.strip().splitlines()[-5:])
                raise PdfError(f"Chromium could not print {page.name} (exit code {run.returncode}): {tail}")
            pdfs.append(pdf)
    return pdfs
