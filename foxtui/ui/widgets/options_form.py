"""A game's options as form fields, built from its msgspec Options struct.

Nothing here knows a game: each field's type picks the control (Literal -> Select,
bool -> Checkbox, int/str -> Input); its row shows the option's name and its Meta
description ("Target eggs — Eggs that end the game: …"). Fields marked
``Meta(extra={"local": False})`` need something one shared terminal cannot give (a
terminal per player), so a table at one keyboard leaves them out and keeps their
defaults; a shared table's form (``shared=True``) has them too.
"""

from __future__ import annotations

from typing import Any

import msgspec
import msgspec.inspect as mi
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.validation import Integer
from textual.widgets import Checkbox, Input, Label, Select


class FormError(ValueError):
    """One sentence for the player, and the id of the field to fix (focused for them)."""

    def __init__(self, sentence: str, target: str | None = None) -> None:
        super().__init__(sentence)
        self.target = target


class OptionField(msgspec.Struct, frozen=True):
    name: str
    label: str  # the option's name in words ("Target eggs"), as sentences about it say it
    kind: type  # the msgspec.inspect type: LiteralType, BoolType, IntType, StrType
    info: Any
    default: Any
    description: str = ""  # what it sets, from its Meta

    def words(self) -> Text:
        """The row's label: the name, then what it sets."""
        text = Text(self.label, style="bold")
        if self.description:
            text.append(f" — {self.description}")
        return text


def option_fields(options_type: type, *, shared: bool = False) -> list[OptionField]:
    """The options a player can set at this terminal, in declaration order (``shared``:
    at a shared table, where every player has a terminal of their own)."""
    fields = []
    for field in mi.type_info(options_type).fields:
        info, description, extra = field.type, None, {}
        if isinstance(info, mi.Metadata):
            description = (info.extra_json_schema or {}).get("description")
            extra = info.extra or {}
            info = info.type
        if extra.get("local") is False and not shared:
            continue
        if not isinstance(info, (mi.LiteralType, mi.BoolType, mi.IntType, mi.StrType)):
            continue  # no generic control for it: the default stands
        default = field.default if field.default is not msgspec.NODEFAULT else None
        label = field.name.replace("_", " ").capitalize()
        fields.append(OptionField(field.name, label, type(info), info, default, description or ""))
    return fields


class OptionsForm(Vertical):
    """One row per option; :meth:`values` reads them back, or says what is wrong."""

    def __init__(self, options_type: type, *, shared: bool = False, id: str | None = None, start: Any = None) -> None:
        super().__init__(id=id)
        self.options_type = options_type
        self.fields = option_fields(options_type, shared=shared)
        self.start = start  # an options_type whose values the controls start at (None: the defaults)

    def compose(self) -> ComposeResult:
        for field in self.fields:
            with Horizontal(classes="option-row"):
                yield Label(field.words(), classes="option-label")
                yield _control(field, getattr(self.start, field.name, field.default))

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        # the state in words, not only in colour (16-colour terminals)
        event.checkbox.label = _on_off(event.value)

    def values(self) -> Any:
        """The game's Options struct. Raises FormError with one sentence."""
        raw: dict[str, Any] = {}
        for field in self.fields:
            control = self.query_one(f"#opt-{field.name}")
            if isinstance(control, Input):
                text = control.value.strip()
                if field.kind is mi.IntType:
                    try:
                        raw[field.name] = _whole_number(field, text)
                    except ValueError as exc:
                        raise FormError(str(exc), control.id) from None
                else:
                    raw[field.name] = text
            else:
                raw[field.name] = control.value
        try:
            return msgspec.convert(raw, self.options_type, strict=False)
        except msgspec.ValidationError as exc:
            message, _, where = str(exc).partition(" - at `$.")
            name = where.rstrip("`")
            for field in self.fields:
                if field.name == name:
                    raise FormError(
                        f"“{field.label}” does not allow that ({_lower_first(message)}).", f"opt-{name}"
                    ) from None
            raise FormError(f"These options do not go together ({_lower_first(message)}).") from None


def _bounds(info: mi.IntType) -> tuple[int | None, int | None]:
    low = info.ge if info.ge is not None else (info.gt + 1 if info.gt is not None else None)
    high = info.le if info.le is not None else (info.lt - 1 if info.lt is not None else None)
    return low, high


def _whole_number(field: OptionField, text: str) -> int:
    low, high = _bounds(field.info)
    if low is not None and high is not None:
        wanted = f"a whole number from {low} to {high}"
    elif low is not None:
        wanted = f"a whole number of at least {low}"
    elif high is not None:
        wanted = f"a whole number of at most {high}"
    else:
        wanted = "a whole number"
    try:
        number = int(text)
    except ValueError:
        number = None
    if number is None or (low is not None and number < low) or (high is not None and number > high):
        raise ValueError(f"“{field.label}” must be {wanted}.")
    return number


def _control(field: OptionField, start: Any):
    """The control for ``field``, at the value ``start`` (its default, or a value kept)."""
    id = f"opt-{field.name}"
    if field.kind is mi.LiteralType:
        choices = [(str(v), v) for v in field.info.values]
        value = start if start in field.info.values else field.info.values[0]
        return Select(choices, value=value, allow_blank=False, id=id, compact=True, classes="option-control")
    if field.kind is mi.BoolType:
        value = bool(start)
        return Checkbox(_on_off(value), value, id=id, compact=True, classes="option-control")
    if field.kind is mi.IntType:
        low, high = _bounds(field.info)
        return Input(
            "" if start is None else str(start),
            type="integer",
            validators=[Integer(minimum=low, maximum=high)],
            id=id,
            compact=True,
            classes="option-control",
        )
    return Input(start or "", id=id, compact=True, classes="option-control")


def _on_off(value: bool) -> str:
    return "on" if value else "off"


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]
