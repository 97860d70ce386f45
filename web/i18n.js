// The live page's language: English or Chinese, chosen by the address (lang=zh), else by the browser's languages on
// a first visit (navigator.languages, the first one the page has: zh-CN, zh-TW, ... are Chinese), and switched by
// the menu on the page. Every word the page's JavaScript and HTML show comes from the package's message catalogue
// (bleu_explain/messages, page.*), which the site's build writes as ./messages.js; the Python worker writes the
// result in the same language (the render request's locale).
import { LOCALES, MESSAGES } from "./messages.js";

let current = "en";

/** "en" or "zh" for a language tag (zh, zh-CN, zh-Hant, EN-us ...), or null when the page does not have it. */
export function known(tag) {
  const base = String(tag ?? "").trim().replace("_", "-").split("-")[0].toLowerCase();
  return LOCALES.includes(base) ? base : null;
}

/** The language the browser's settings choose: the first of its languages the page has, else English. */
export function browserLocale(languages = navigator.languages?.length ? navigator.languages : [navigator.language]) {
  for (const tag of languages) {
    const locale = known(tag);
    if (locale) return locale;
  }
  return "en";
}

/** The language a query asks for (lang=...), else the browser's. */
export function localeFrom(query) {
  return known(new URLSearchParams(query).get("lang")) ?? browserLocale();
}

export function locale() { return current; }

/** What the address holds of the language: lang=zh for Chinese, lang=en where the browser would pick Chinese,
 * so that a link opens in the language it was copied in; nothing for English in an English browser. */
export function addressLang() {
  return current !== "en" || browserLocale() !== "en" ? current : "";
}

/** The message `key` in the page's language, its {name} placeholders filled from `values`. */
export function t(key, values = {}) {
  const said = MESSAGES[key];
  if (!said) throw new Error(`the page has no message ${key}`); // a test of the catalogue catches it first
  return (said[current] ?? said.en).replace(/\{(\w+)\}/g, (_, name) => String(values[name]));
}

/** Every element of the page that names a message (data-i18n, data-i18n-html, data-i18n-title,
 * data-i18n-placeholder, data-i18n-aria-label) says it in the page's language. */
export function translate(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-html]")) el.innerHTML = t(el.dataset.i18nHtml); // the catalogue's own markup
  for (const [attribute, data] of [["title", "i18nTitle"], ["placeholder", "i18nPlaceholder"],
                                   ["aria-label", "i18nAriaLabel"]]) {
    for (const el of root.querySelectorAll(`[data-i18n-${attribute}]`)) el.setAttribute(attribute, t(el.dataset[data]));
  }
}

/** Switch the page to `locale` ("en" or "zh"): its static words now; the caller scores again for the result's. */
export function setLocale(locale) {
  current = known(locale) ?? "en";
  document.documentElement.lang = current === "zh" ? "zh-CN" : "en";
  translate();
}
