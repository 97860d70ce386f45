"""The handout page template: nbconvert's JupyterLab page with navigation, local scripts and our styles.

It is held here as a string (loaded through ``HTMLExporter.extra_loaders``) so that the package
needs no template files installed beside it.
"""

from __future__ import annotations

#: The template's name for nbconvert.
TEMPLATE_FILE = "bleu_explain_handout.html.j2"

#: nbconvert's MathJax 2 set-up (the version the widget manager typesets with: it calls MathJax.Hub),
#: plus a mark on <html> (``data-mathjax="typeset"``) once the first typesetting is done, for a browser
#: driven by a script (the tests) to wait on. require.js learns that the widget manager's modules live in
#: ``assets/html-manager/``: webpack finds its icon fonts beside each module's address.
TEMPLATE = r"""{%- extends 'index.html.j2' -%}

{%- block html_head_js_requirejs -%}
{{ super() }}
<script>
require.config({paths: {"@jupyter-widgets": "assets/html-manager", "@jupyter-widgets/html-manager/dist": "assets/html-manager"}});
</script>
{%- endblock html_head_js_requirejs -%}

{%- block html_head_js_mathjax -%}
{{ super() }}
<script type="text/x-mathjax-config">
MathJax.Hub.Register.StartupHook("End", function () {
  MathJax.Hub.Queue(function () { document.documentElement.setAttribute("data-mathjax", "typeset"); });
});
</script>
{%- endblock html_head_js_mathjax -%}

{#- the course has no Mermaid diagrams: leave out nbconvert's loader and its CDN address -#}
{%- block html_head_js_mermaidjs -%}
{%- endblock html_head_js_mermaidjs -%}

{#- a worksheet is a raw cell of our own type: its HTML is ours, built with the prompt escaped -#}
{% block rawcell scoped %}
{%- if cell.metadata.get('raw_mimetype') == resources.handout.worksheet_mimetype -%}
{{ cell.source }}
{%- else -%}
{{ super() }}
{%- endif -%}
{%- endblock rawcell %}

{%- block extra_css -%}
<style type="text/css">
{{ resources.handout.css }}
</style>
{%- endblock extra_css -%}

{%- block body_header -%}
{{ super() }}
{{ resources.handout.nav_top }}
{%- endblock body_header -%}

{% block body_footer %}
{{ resources.handout.nav_bottom }}
{{ super() }}
{% endblock body_footer %}
"""
