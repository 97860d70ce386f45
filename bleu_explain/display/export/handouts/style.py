"""The handouts' own styles: navigation, worksheets, the answer key, and print on A4."""

from __future__ import annotations

#: Added to every page after nbconvert's JupyterLab styles.
CSS = """
:root { --handout-accent: #0072B2; --handout-rule: #8c8c8c; }
body.jp-Notebook, body.handout-plain { max-width: 60em; margin: 0 auto; }
/* JupyterLab gives its body the UI font; nbconvert's page does not, and the widgets inherit it */
body.jp-Notebook { font-family: var(--jp-ui-font-family); font-size: var(--jp-ui-font-size1);
                   color: var(--jp-ui-font-color1); }
body.handout-plain { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
                     line-height: 1.5; padding: 1em 1.5em; color: #1a1a1a; }
.handout-nav { display: flex; gap: 1em; justify-content: space-between; align-items: center;
               font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif;
               padding: 0.5em 0.8em; margin: 0.8em 0; background: #f3f6f9; border: 1px solid #d5dde5;
               border-radius: 4px; }
.handout-nav a { color: var(--handout-accent); text-decoration: none; }
.handout-nav a:hover { text-decoration: underline; }
.handout-nav .handout-nav-prev, .handout-nav .handout-nav-next { flex: 1 1 0; }
.handout-nav .handout-nav-next { text-align: right; }
.handout-nav .handout-nav-index, .handout-nav .handout-nav-live { flex: 0 0 auto; font-weight: 600; }
.try-live { display: inline-block; margin: 0.2em 0 0.8em; font: 600 14px/1.4 system-ui, sans-serif;
            color: var(--handout-accent); }

.handout-worksheet { margin: 0.6em 0 1.2em; padding: 0.6em 1em 0.9em; border: 1px solid #c9c9c9;
                     border-left: 4px solid var(--handout-accent); border-radius: 3px; }
.handout-worksheet-label { font-weight: 600; color: var(--handout-accent); margin: 0 0 0.3em; }
.handout-worksheet-prompt { margin: 0 0 0.6em; }
.handout-worksheet-answer { font-size: 0.9em; color: #555; margin: 0.2em 0 0; }
.handout-rule { height: 2.1em; border-bottom: 1px solid var(--handout-rule); }

.handout-course { border-collapse: collapse; width: 100%; margin: 1em 0; }
.handout-course td, .handout-course th { text-align: left; padding: 0.35em 0.6em; border-bottom: 1px solid #ddd; }
.handout-key-exercise { margin: 0.8em 0 1.4em; padding: 0.5em 1em; border-left: 4px solid #009E73;
                        background: #f6faf8; }
.handout-key-exercise h3 { margin: 0.2em 0; font-size: 1.05em; }
.handout-key-exercise p { margin: 0.35em 0; }
.handout-key-answer code { white-space: pre-wrap; overflow-wrap: anywhere; background: #fff; padding: 0.1em 0.4em;
                           border: 1px solid #ddd; font-size: 1.05em; }
.handout-key-worked { border-top: 1px solid #ddd; margin-top: 0.6em; padding-top: 0.3em; }
.handout-key-worked pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #fff; border: 1px solid #ddd;
                          padding: 0.4em 0.6em; font-size: 0.85em; }
a.anchor-link { display: none; }
.handout-key-badge { display: inline-block; padding: 0.1em 0.6em; border-radius: 3px; background: #D55E00;
                     color: #fff; font-size: 0.85em; font-weight: 600; }
.handout-note { color: #555; font-size: 0.9em; }

@page { size: A4; margin: 16mm 14mm 16mm 14mm; }
@media print {
  html, body { background: #fff !important; }
  body.jp-Notebook, body.handout-plain { max-width: none; margin: 0; padding: 0; font-size: 10.5pt; }
  .handout-nav, .try-live { display: none !important; }
  /* prompts take a sixth of an A4 line: drop them, and let code and text wrap instead of being cut */
  .jp-InputPrompt, .jp-OutputPrompt { display: none !important; }
  .jp-Cell { padding: 2px 0 !important; }
  pre, code, .jp-RenderedText pre, .highlight pre, .cm-editor pre {
    white-space: pre-wrap !important; overflow-wrap: anywhere; word-break: break-word; }
  /* JupyterLab keeps each output on one page (and scrolls the output area): a tall output then leaves
     half a page blank before it. Let outputs break; images and table rows still do not. */
  .jp-OutputArea, .jp-OutputArea-child, .jp-OutputArea-output, .jp-RenderedHTMLCommon {
    overflow: visible !important; break-inside: auto !important; }
  .jp-OutputArea-output, .jupyter-widgets { max-width: 100%; }
  .jp-InputArea-editor { border: 1px solid #ddd !important; }
  img, svg, canvas { max-width: 100% !important; height: auto; break-inside: avoid; }
  table { font-size: 9pt; break-inside: auto; }
  tr, .handout-worksheet, .handout-key-exercise, .jp-InputArea { break-inside: avoid; }
  thead { display: table-header-group; }
  h1, h2, h3, h4 { break-after: avoid; break-inside: avoid; }
  h1 + *, h2 + *, h3 + * { break-before: avoid; }
  p, li { orphans: 3; widows: 3; }
  a { color: inherit; text-decoration: underline; }
  a[href^="http"]::after { content: " (" attr(href) ")"; font-size: 0.85em; overflow-wrap: anywhere; }
  .widget-tab > .lm-TabBar, .widget-tab > .p-TabBar { break-after: avoid; }
}
"""
