"""The setting controls of an explorer and the :class:`~bleu_explain.engine.config.BleuConfig` they show.

The config is what the explorer computes with; the controls only show it. A
preset is turned into a config by :func:`bleu_explain.api.make_config`, and a
control's new value by :meth:`BleuConfig.with_overrides`, so the engine's rules
and checks are the only ones: weights decide the max order, a new max order
drops weights made for another, and a value the engine refuses raises its
:class:`~bleu_explain.engine.errors.BleuInputError` (the explorer shows it and
keeps the config it had). The weights are one number box per order, so nothing
is parsed from text.

>>> controls = ConfigControls("nltk", on_change=lambda: None, on_error=print)
>>> controls.change(max_order=2); controls.config.max_order, [box.value for box in controls.weight_boxes]
(2, [0.5, 0.5])
>>> controls.change(weights=(0.2, 0.3, 0.5)); controls.config.max_order, controls.max_order_box.value
(3, 3)
>>> controls.change(weights=(1, -1))
Traceback (most recent call last):
...
bleu_explain.engine.errors.BleuInputError: weights[1] is negative (-1); weights must be >= 0
>>> controls.config.weights
(0.2, 0.3, 0.5)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ...engine.errors import BleuInputError

if TYPE_CHECKING:  # pragma: no cover
    from ...engine.config import BleuConfig

#: The settings an explorer's controls change, by the config's (and the API's) names.
SETTINGS = ("tokenize", "lowercase", "max_order", "weights", "smooth")


class ConfigControls:
    """Preset, tokenizer, case, max order, weights (a box per order) and smoothing, showing :attr:`config`.

    ``on_change`` is called after a control changed the config, ``on_error``
    with the engine's error when a control's value is refused.
    """

    def __init__(self, preset: str, on_change: Callable[[], None], on_error: Callable[[BleuInputError], None]
                 ) -> None:
        import ipywidgets as w

        from ...api import make_config
        from ...engine.presets import PRESETS
        from ...engine.tokenizers import PURE_PYTHON

        self.config: BleuConfig = make_config(preset)
        self._on_change, self._on_error = on_change, on_error
        self._showing = False  # True while the controls are set from the config
        self.preset_box = w.Dropdown(options=list(PRESETS), value=preset, description="preset")
        # the tokenizers that need nothing installed (those of the ja, ko and spm extras cannot run everywhere)
        self.tokenize_box = w.Dropdown(options=list(PURE_PYTHON), description="tokenizer")
        self.lowercase_box = w.Checkbox(description="lowercase", indent=False)
        self.max_order_box = w.BoundedIntText(min=1, max=9, description="max order", layout=w.Layout(width="160px"))
        self.smooth_box = w.Dropdown(description="smoothing")
        self.weights_row = w.HBox()
        self.uniform_button = w.Button(description="uniform", tooltip="every order the same weight, 1/N",
                                       layout=w.Layout(width="90px"))
        self.uniform_button.on_click(lambda _: self._react(self.uniform_weights))
        self.weight_boxes: list[Any] = []
        self.widget = w.VBox([
            w.HBox([self.preset_box, self.tokenize_box, self.lowercase_box]),
            w.HBox([self.max_order_box, self.smooth_box]),
            w.HBox([w.Label("weights", layout=w.Layout(width="90px")), self.weights_row, self.uniform_button]),
        ])
        self._show()
        self.preset_box.observe(lambda change: self._react(lambda: self.set_preset(change["new"])), "value")
        for name in ("tokenize", "lowercase", "max_order", "smooth"):
            box = getattr(self, f"{name}_box")
            box.observe(lambda change, name=name: self._react(lambda: self.change(**{name: change["new"]})), "value")

    # ------------------------------------------------------------------ changing the config
    def set_preset(self, preset: str) -> None:
        """The preset's config: every control goes back to the preset's value."""
        from ...api import make_config

        self.config = make_config(preset)
        self._show()

    def change(self, **settings: Any) -> None:
        """Change some of :data:`SETTINGS` by the engine's rules; a refused value raises and changes nothing."""
        unknown = sorted(set(settings) - set(SETTINGS))
        if unknown:
            raise BleuInputError(f"the explorer has no setting {unknown[0]!r}; it has {', '.join(SETTINGS)}")
        self.config = self.config.with_overrides(**settings)
        self._show()

    def uniform_weights(self) -> None:
        """Every order the same weight: the preset with the other settings kept, and no weights given."""
        from ...api import make_config

        kept = {name: getattr(self.config, name) for name in SETTINGS if name != "weights"}
        self.config = make_config(self.config.preset, **kept)
        self._show()

    # ------------------------------------------------------------------ the controls
    def _react(self, action: Callable[[], None]) -> None:
        """A control changed: apply ``action`` to the config, then tell the explorer (or show the refusal)."""
        if self._showing:
            return
        try:
            action()
        except BleuInputError as exc:
            self._on_error(exc)
            return
        self._on_change()

    def _show(self) -> None:
        """Set every control from the config (the controls' observers stay quiet meanwhile)."""
        from ...engine.config import SMOOTHING_BY_RULE

        config = self.config
        self._showing = True
        try:
            self.preset_box.value = config.preset
            self.tokenize_box.value = config.tokenize
            self.lowercase_box.value = config.lowercase
            self.max_order_box.value = config.max_order
            self.smooth_box.options = list(SMOOTHING_BY_RULE[config.combine])
            self.smooth_box.value = config.smooth
            self._show_weights(config.weights_for(config.max_order), uniform=config.weights is None)
        finally:
            self._showing = False

    def _show_weights(self, weights: tuple[float, ...], uniform: bool) -> None:
        import ipywidgets as w

        if len(self.weight_boxes) != len(weights):
            self.weight_boxes = [w.FloatText(step=0.05, layout=w.Layout(width="70px"))
                                 for _ in weights]
            for box in self.weight_boxes:
                box.observe(lambda _change: self._react(self._weights_typed), "value")
            self.weights_row.children = tuple(self.weight_boxes)
        for box, weight in zip(self.weight_boxes, weights):
            box.value = weight
        self.uniform_button.disabled = uniform

    def _weights_typed(self) -> None:
        self.change(weights=tuple(box.value for box in self.weight_boxes))
