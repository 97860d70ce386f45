"""The Diagnose panel of the Chinese live page (``lang=zh``), in Chromium: the findings, their evidence, scores and
fixes, the matches of a reported score and the panel's progress are said in Chinese, the same findings as
``bx.diagnose`` finds, each fix as the catalogue says it in Chinese (codes, numbers and examples as they are).

The page is built and served as in tests/test_browser_live.py (its fixtures); English words are counted as
tests/test_doctor_locale.py counts them in the command line's report, here in the panel's visible text.
"""

from __future__ import annotations

import re

import pytest
from test_browser_live import ARTIFACTS, SETTLED, browser, pyodide, site  # noqa: F401  (the fixtures)
from test_browser_live_class import close, open_page  # noqa: F401
from test_browser_live_doctor import REFERENCES, SPOILED, diagnosed
from test_doctor_locale import english_words

import bleu_explain as bx
from bleu_explain.display.html.live_state import LiveState
from bleu_explain.messages import localize, text

pytestmark = [pytest.mark.browser]

#: The panel's visible words, outside code (the codes and the examples are in <code>) and the signature.
PANEL_TEXT = """() => {
  const parts = [];
  const walker = document.createTreeWalker(document.getElementById("diagnosis"), NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || el.closest("code, .muted") || !n.textContent.trim()) continue;
    parts.push(n.textContent);
  }
  return parts.join("\\n");
}"""
MOST_ENGLISH_WORDS = 3


def test_the_chinese_panel_says_its_findings_fixes_and_progress_in_chinese(open_page):  # noqa: F811
    state = LiveState(hypothesis="\n".join(SPOILED), references=("\n".join(REFERENCES),))
    page = open_page("?" + state.to_query() + "&lang=zh")
    want = bx.diagnose(SPOILED, [[r] for r in REFERENCES], score="27.3")
    got = diagnosed(page, "27.3")
    assert got["error"] is None and got["codes"] == want.codes
    for finding in want.findings:  # each headline and fix as the catalogue says it in Chinese
        assert str(localize(finding.title, "zh")) in got["text"] and str(localize(finding.fix, "zh")) in got["text"]
        if finding.score_without is not None:
            assert f"修正后 {finding.score_without:.2f}" in got["text"]
    assert "报告的得分 27.3" in got["text"] and text("doctor.frame.no-problem", "zh") not in got["text"]
    words = page.evaluate(PANEL_TEXT)
    words = words.replace("bleu-explain verify bleu-receipt.json REF -i HYP", " ")  # the receipt's command
    english = english_words(words)
    assert len(english) <= MOST_ENGLISH_WORDS, english
    severities = page.eval_on_selector_all("#diagnosis .bleu-finding b:first-child", "bs => bs.map(b => b.textContent)")
    assert set(severities) <= {"错误", "警告", "提示"}, severities
    assert re.fullmatch(r"在本页中用了 \d+\.\d 秒。", page.inner_text("#diagnose-status"))
    assert page.inner_text("#receipt-download") == "下载回执"
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("#diagnosis").screenshot(path=str(ARTIFACTS / "live-zh-diagnose.png"))
    # the English page says the same diagnosis in English
    english_page = open_page("?" + state.to_query())
    got = diagnosed(english_page, "27.3")
    assert got["codes"] == want.codes and all(finding.fix in got["text"] for finding in want.findings)
    page.fill("#hyp", "the cat")  # an edit marks the diagnosis shown as of the input before, in Chinese too
    page.wait_for_function(SETTLED, timeout=60_000)
    assert page.get_attribute("#diagnosis", "data-stale") == ""
