"""SignificanceExplorer: two systems, a paired test (or both), its distribution and p-value."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ...analysis.agreement import p_in_words
from ...engine.errors import BleuInputError
from ..html.palette import INK
from .base import PLOT_DPI, SANS, Debouncer, Explorer, escape, image, show_png
from .explored_sets import explored

_TEST_NAMES = {"bs": "paired bootstrap", "ar": "approximate randomization"}


class SignificanceExplorer(Explorer):
    """Two systems, a paired test (bootstrap, approximate randomization, or both), its distribution and p-value.

    The tests resample the whole test set: they run a moment after a control
    changes (debounced), with the Run button, or when :meth:`run` is called.
    What is on screen is also in ``tests`` and ``displayed_p_values`` (test -> p).
    """

    def __init__(self, corpus: Any = None, *, systems: Mapping[str, Sequence[str]] | None = None,
                 references: Sequence[Sequence[str]] | None = None, baseline: str | None = None,
                 system: str | None = None, n_samples: int = 1000, seed: int = 12345, test: str = "both",
                 preset: str = "sacrebleu", run: bool = True, delay: float = 0.5) -> None:
        import ipywidgets as w

        from ...engine.presets import PRESETS

        super().__init__()
        self._debouncer = Debouncer(delay, self.run)
        test_set, _ = explored(corpus, systems, references)
        self.systems, self.references = test_set.systems, test_set.references
        names = list(self.systems)
        if len(names) < 2:
            raise BleuInputError("the significance explorer needs at least two systems")
        self.tests: dict[str, Any] = {}
        self.displayed_p_values: dict[str, float] = {}
        self.baseline_box = w.Dropdown(options=names, value=baseline or names[0], description="baseline")
        self.system_box = w.Dropdown(options=names, value=system or names[1], description="system")
        self.test_box = w.ToggleButtons(options=[("paired bootstrap", "bs"), ("approximate randomization", "ar"),
                                                 ("both", "both")], value=test, style={"button_width": "auto"})
        self.samples_box = w.BoundedIntText(value=n_samples, min=1, max=100000, description="samples",
                                            layout=w.Layout(width="200px"))
        self.seed_box = w.IntText(value=seed, description="seed", layout=w.Layout(width="200px"))
        self.preset_box = w.Dropdown(options=list(PRESETS), value=preset, description="preset")
        self.run_button = w.Button(description="Run", icon="play", button_style="primary")
        self.run_button.on_click(lambda _: self.run())
        self.error_area = w.HTML()
        self.summary_area = w.HTML()
        self.plot_image = image()
        self.widget = w.VBox([w.HBox([self.baseline_box, self.system_box, self.preset_box]), self.test_box,
                              w.HBox([self.samples_box, self.seed_box, self.run_button]), self.error_area,
                              self.summary_area, self.plot_image])
        for box in (self.baseline_box, self.system_box, self.test_box, self.samples_box, self.seed_box,
                    self.preset_box):
            box.observe(self._changed, "value")
        if run:
            self.run()

    def _set_and_run(self, pairs: Sequence[tuple[Any, Any]]) -> None:
        def apply() -> None:
            for box, value in pairs:
                box.value = value
        try:
            self._quietly(apply)
        except Exception as exc:
            self._show_error(BleuInputError(f"{exc}; systems: {', '.join(self.systems)}"))
            return
        self.run()

    def set_systems(self, baseline: str, system: str) -> None:
        """Choose the two systems and run."""
        unknown = [name for name in (baseline, system) if name not in self.systems]
        if unknown:
            self._show_error(BleuInputError(f"unknown system {unknown[0]!r}; choose among {', '.join(self.systems)}"))
            return
        self._set_and_run([(self.baseline_box, baseline), (self.system_box, system)])

    def set_test(self, test: str) -> None:
        """'bs', 'ar' or 'both', and run."""
        self._set_and_run([(self.test_box, test)])

    def run(self) -> None:
        """Run the chosen test(s) now and redraw."""
        from ...analysis.significance import paired_approximate_randomization, paired_bootstrap
        from ..plots import figure_png, plot_significance

        self._debouncer.cancel()
        baseline, system = self.baseline_box.value, self.system_box.value
        self.run_button.disabled = True
        try:
            if baseline == system:
                raise BleuInputError("baseline and system are the same; choose two different systems")
            kinds = ["bs", "ar"] if self.test_box.value == "both" else [self.test_box.value]
            tests = {}
            for kind in kinds:
                fn = paired_bootstrap if kind == "bs" else paired_approximate_randomization
                tests[kind] = fn(self.systems[baseline], self.systems[system], self.references,
                                 n_samples=self.samples_box.value, seed=self.seed_box.value,
                                 preset=self.preset_box.value)
            png = figure_png(plot_significance(*tests.values()), dpi=PLOT_DPI)
        except Exception as exc:
            self.tests, self.displayed_p_values = {}, {}
            self._show_error(exc)
            self.summary_area.value = ""
            self.plot_image.value = b""
            return
        finally:
            self.run_button.disabled = False
        self.tests = tests
        self.displayed_p_values = {kind: float(t.p_value) for kind, t in tests.items()}
        self._clear_error()
        lines = []
        for kind, t in tests.items():
            verdict = "significant at 0.05" if t.p_value < 0.05 else "not significant at 0.05"
            lines.append(f"<li><b>{_TEST_NAMES[kind]}</b>: {escape(p_in_words(t.p_value))} ({verdict}); "
                         f"{t.n_samples} samples, seed {escape(t.seed)}</li>")
        first = next(iter(tests.values()))
        self.summary_area.value = (
            f'<div style="{SANS} color:{INK}; line-height:1.4;">'
            f'<b>{escape(system)}</b> {first.system_score:.2f} vs baseline <b>{escape(baseline)}</b> '
            f'{first.baseline_score:.2f}: &Delta; = {first.observed_delta:+.2f} BLEU'
            f'<ul style="margin:4px 0 0 18px; padding:0;">{"".join(lines)}</ul></div>')
        show_png(self.plot_image, png)
