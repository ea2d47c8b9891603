"""Every text a person reads is marked for the catalogue and has its English.

The marked texts are found the way `make translations` finds them (babel.cfg, the markers of
lobby/i18n.py); the catalogue is site/lobby/translations/en/LC_MESSAGES/messages.po. Then every
source file is read for Russian that escaped a marker: a string or a piece of page text with
Cyrillic in it that the extractor did not see.
"""
from __future__ import annotations

import ast
import io
import re
import tokenize
from collections import defaultdict
from functools import cache
from pathlib import Path

from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
CATALOGUE = ROOT / "site/lobby/translations/en/LC_MESSAGES/messages.po"
CYRILLIC = re.compile(r"[\u0400-\u04ff]")
PLACEHOLDER = re.compile(r"\{(\w+)\}")
# Russian that is not a text for people, or that is Russian in every language, and why.
NOT_TEXTS = {
    "site/lobby/messages/search_index.py": "Russian word endings for stemming the search index",
    "site/lobby/messages/search.py": "Russian search words ('вчера', 'на прошлой неделе') understood in both languages",
    "site/lobby/messages/search_operators.py": "Russian operator values ('вчера', 'на прошлой неделе', 'файл') "
                                                "people type, understood in both languages",
}
AUTONYMS = {"Русский"}  # a language's own name, shown the same to everybody


@cache
def marked() -> dict[str, set[str]]:
    """file (relative) → the catalogue keys of the texts marked in it (context\x04text for tc())."""
    return {file: {keyed(context, text) for context, text in found} for file, found in extracted().items()}


@cache
def literals() -> dict[str, set[str]]:
    """file (relative) → the marked texts as written there (what the source scan may pass)."""
    return defaultdict(set, {file: {text for _context, text in found} for file, found in extracted().items()})


@cache
def extracted() -> dict[str, set[tuple]]:
    with open(ROOT / "babel.cfg") as config:
        method_map, options_map = parse_mapping_cfg(config)
    keywords = dict(DEFAULT_KEYWORDS, N_=None, tp=None, t=None, tc=((1, "c"), 2), NC_=((1, "c"), 2))
    found = defaultdict(set)
    for file, _line, message, _comments, context in extract_from_dir(
            str(ROOT), method_map, options_map, keywords=keywords, directory_filter=searched):
        if isinstance(message, str) and file != "islands/lib/i18n.js":
            found[file].add((context, message))
    return found


def searched(folder: str) -> bool:
    """Babel's default would skip templates/_partials (a leading underscore)."""
    name = Path(folder).name
    return not name.startswith(".") and name not in {"node_modules", "static", "instance", "__pycache__"}


def keyed(context: str | None, message: str) -> str:
    return f"{context}\x04{message}" if context else message


@cache
def english() -> dict[str, str]:
    with open(CATALOGUE, "rb") as po:
        return {keyed(m.context, m.id): m.string for m in read_po(po) if m.id}


def all_marked() -> set[str]:
    return set().union(*marked().values())


def test_every_marked_text_has_english():
    missing = sorted(m for m in all_marked() if not english().get(m))
    assert not missing, f"{len(missing)} texts have no English (run `make translations`, fill the .po):\n" + "\n".join(missing[:40])


def test_english_keeps_every_placeholder_and_has_no_russian():
    wrong = [(ru, en) for ru, en in english().items() if en and (
        set(PLACEHOLDER.findall(ru)) != set(PLACEHOLDER.findall(en)) or CYRILLIC.search(en))]
    assert not wrong, wrong[:20]


def test_counted_texts_have_both_english_forms():
    """tp(): three Russian forms (1, 2, 5) become two English ones (1, many)."""
    wrong = [(ru, en) for ru, en in english().items()
             if "|" in ru and en and (ru.count("|") != 2 or en.count("|") != 1)]
    assert not wrong, wrong


def test_python_has_no_unmarked_russian():
    stray = []
    for path in sorted((ROOT / "site").rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        if name in NOT_TEXTS:
            continue
        for line, value in russian_strings(path.read_text()):
            if value not in literals()[name]:
                stray.append(f"{name}:{line}: {value!r}")
    assert not stray, "\n".join(stray)


def test_templates_have_no_unmarked_russian():
    stray = []
    for path in sorted((ROOT / "templates").rglob("*")):
        if path.suffix in (".html", ".txt"):
            source = re.sub(r"\{#.*?#\}|<!--.*?-->", "", path.read_text(), flags=re.S)
            stray += unmarked(path, source, within=JINJA)
    assert not stray, "\n".join(stray)


def test_islands_have_no_unmarked_russian():
    stray = []
    for path in sorted((ROOT / "islands").rglob("*.js*")):
        if path.suffix in (".js", ".jsx", ".mjs"):
            source = re.sub(r"/\*.*?\*/", "", path.read_text(), flags=re.S)
            source = re.sub(r"(^|\s)//[^\n]*", r"\1", source)
            stray += unmarked(path, source)
    assert not stray, "\n".join(stray)


def russian_strings(source: str):
    """(line, value) of every string literal with Cyrillic in a Python file, docstrings left out."""
    before = tokenize.NEWLINE
    tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    for index, token in enumerate(tokens):
        if token.type == tokenize.STRING and CYRILLIC.search(token.string):
            after = tokens[index + 1].type if index + 1 < len(tokens) else tokenize.NEWLINE
            docstring = before in (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT) and after == tokenize.NEWLINE
            if not docstring:
                yield token.start[0], literal_value(token.string)
        if token.type not in (tokenize.NL, tokenize.COMMENT):
            before = token.type


STRING = re.compile(r"""'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*\"""")
JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.S)  # a template's expressions (its literals are there)


def unmarked(path: Path, source: str, within: re.Pattern | None = None) -> list[str]:
    """Cyrillic in a template or island outside the literals the extractor took from that file."""
    name = path.relative_to(ROOT).as_posix()
    known = literals()[name] | AUTONYMS

    def blank(match: re.Match) -> str:
        return '""' if text_value(match.group()) in known else match.group()

    rest = within.sub(lambda block: STRING.sub(blank, block.group()), source) if within else STRING.sub(blank, source)
    return [f"{name}:{rest.count(chr(10), 0, hit.start()) + 1}: {line_at(rest, hit.start())}"
            for hit in CYRILLIC.finditer(rest) if is_first_on_line(rest, hit.start())]


def literal_value(literal: str) -> str:
    """A Python literal's value; an f-string as written (it cannot be a marked text anyway)."""
    try:
        return ast.literal_eval(literal)
    except (ValueError, SyntaxError):
        return literal


def text_value(literal: str) -> str:
    """A one-line JavaScript or Jinja string literal's value."""
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), literal[1:-1])


def line_at(text: str, at: int) -> str:
    start = text.rfind("\n", 0, at) + 1
    end = text.find("\n", at)
    return text[start:end if end >= 0 else None].strip()


def is_first_on_line(text: str, at: int) -> bool:
    """One report per line: only the line's first Cyrillic letter."""
    start = text.rfind("\n", 0, at) + 1
    return not CYRILLIC.search(text, start, at)
