"""Refusal texts live in one table (`lobby/texts.py`), keyed by code: the English catalogue will
translate that table, so a Russian sentence written straight into an error elsewhere would stay
Russian for English readers. Read from the source, as a reviewer would."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import lobby
from lobby.texts import TEXTS

PACKAGE = Path(lobby.__file__).parent
CYRILLIC = re.compile("[А-Яа-яЁё]")
# Where a text reaches an API client or a socket as a refusal.
REFUSALS = {"ApiError", "ValidationError", "refused", "PydanticCustomError"}


def modules():
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name != "texts.py":
            yield path, ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def called(node: ast.Call) -> str:
    return node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")


def russian_literals(node: ast.AST):
    for inner in ast.walk(node):
        if isinstance(inner, ast.Constant) and isinstance(inner.value, str) and CYRILLIC.search(inner.value):
            yield inner.value


def test_no_refusal_is_written_outside_the_table():
    found = []
    for path, tree in modules():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and called(node) in REFUSALS:
                found += [f"{path.relative_to(PACKAGE)}:{node.lineno}: {words}" for words in russian_literals(node)]
    assert found == []


def table_readers(tree: ast.Module) -> set[str]:
    """The names this module calls the table by: `text` from lobby.texts (however imported), `refusal`."""
    names = {"refusal"}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "lobby.texts":
            names |= {alias.asname or alias.name for alias in node.names if alias.name == "text"}
        if isinstance(node, ast.ImportFrom) and node.module == "lobby":
            names |= {f"{alias.asname or alias.name}.text" for alias in node.names if alias.name == "texts"}
    return names


def reader(node: ast.Call) -> str:
    if isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name):
        return f"{node.func.value.id}.{node.func.attr}"
    return called(node)


def test_every_code_asked_for_is_in_the_table():
    asked = []
    for path, tree in modules():
        readers = table_readers(tree)
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and reader(node) in readers and node.args
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                asked.append((f"{path.relative_to(PACKAGE)}:{node.lineno}", node.args[0].value))
    assert asked, "no module asks the table for a text"
    assert [(where, code) for where, code in asked if code not in TEXTS] == []


def test_every_text_is_russian_and_every_code_is_a_dotted_name():
    for code, words in TEXTS.items():
        assert re.fullmatch(r"[a-z_]+(\.[a-z0-9_]+)+", code), code
        assert CYRILLIC.search(words), code
