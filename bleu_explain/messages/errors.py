"""The one-line refusals the live page can show (bad settings, texts whose lines do not pair up, a value the
address holds that cannot be read), and the API's refusal of an unknown language."""

from __future__ import annotations

from .catalogue import Said

MESSAGES = {
    "errors.locale": Said("locale must be one of {locales}, got {got}", "语言（locale）必须是 {locales} 之一，而不是 {got}"),
}
