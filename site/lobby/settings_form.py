"""A settings section's HTML form as a PATCH of the settings document, and the refusals back as
errors beside the form's fields.

Field names in a section's form are the document's, relative to the section: `fontSize`,
`sounds.dm.volume`. The value types come from the defaults, so the strict document checks get an
int font size and a float volume, not the strings a form sends; a value that does not convert is
passed on as it came and refused by those checks with their words. A checkbox is preceded by a
hidden input of the same name (value "off"): the last value wins, and a field a post leaves out
is left unchanged (a partial post changes nothing else).
"""
from __future__ import annotations

from collections.abc import Mapping

from werkzeug.datastructures import MultiDict

SECTIONS = ("profile", "appearance", "notifications", "privacy", "accessibility", "general")
READ_ONLY = {"profile": {"avatarUrl"}}


def patch_of(section: str, form: MultiDict, defaults: Mapping) -> dict:
    """The section's fields present in `form`, typed like `defaults[section]`. The accent's preset
    radios (`accentPreset`) win over the colour picker unless "custom" is chosen."""
    patch = _group(form, defaults[section], prefix="", skip=READ_ONLY.get(section, set()))
    preset = form.get("accentPreset") if section == "appearance" else None
    if preset and preset != "custom":
        patch["accentColor"] = preset
    return {section: patch}


def field_names(section: str, defaults: Mapping) -> list[str]:
    """Every field of the section's form: `fontSize`, `sounds.dm.volume`."""
    def walk(group: Mapping, prefix: str):
        for key, value in group.items():
            if isinstance(value, Mapping):
                yield from walk(value, f"{prefix}{key}.")
            elif key not in READ_ONLY.get(section, ()):
                yield f"{prefix}{key}"
    return list(walk(defaults[section], ""))


def _group(form: MultiDict, defaults: Mapping, prefix: str, skip: set) -> dict:
    patch = {}
    for key, default in defaults.items():
        name = f"{prefix}{key}"
        if key in skip:
            continue
        if isinstance(default, Mapping):
            inner = _group(form, default, f"{name}.", set())
            if inner:
                patch[key] = inner
        elif name in form:
            patch[key] = _typed(form.getlist(name)[-1], default)
    return patch


def _typed(raw: str, default):
    if isinstance(default, bool):
        return raw == "on"
    try:
        if isinstance(default, int):
            return int(raw)
        if isinstance(default, float):
            return float(raw)
    except ValueError:
        return raw
    return raw


def section_errors(section: str, errors: Mapping[str, str]) -> dict[str, str]:
    """`appearance.fontSize` → `fontSize` for the section's form; anything else under `form`."""
    found: dict[str, str] = {}
    for key, message in errors.items():
        head, _, rest = key.partition(".")
        found.setdefault(rest if head == section and rest else "form", message)
    return found


def merged(document: Mapping, patch: Mapping) -> dict:
    """`document` with `patch` laid over it: what the form shows after a refused post."""
    out = dict(document)
    for key, value in patch.items():
        out[key] = merged(out.get(key) or {}, value) if isinstance(value, Mapping) else value
    return out
