"""The full-text index of message content, one per database, and the matching clause for each.

- PostgreSQL: a GIN expression index on `to_tsvector('russian', …)`; queries use the very same
  expression, so the planner can use the index. The Russian Snowball stemmer makes a word find its
  forms ('кот' finds 'коты', 'кота'); its stop words ('и', 'в', 'был', 'ещё', 'or') are not indexed
  and are dropped from queries.
- SQLite: an FTS5 table `messages_fts` with external content (`messages` keeps the text; the FTS
  table keeps only the index), kept in step by triggers. unicode61 folds case in every alphabet but
  does not stem: a whole word finds only itself.

On both, 'ё' is indexed and searched as 'е' (people rarely type 'ё'). The user's text never reaches
MATCH or to_tsquery as syntax: it is cut into words (letters and digits; everything else, quotes
and operators included, separates words) and every word is quoted by us.

Rules of a query (`terms`): all words must occur (AND); every word is a whole word except the last,
which matches as a prefix ('прив' finds 'привет'), since the dialog searches while the user types.
A query ending in a space has no unfinished word: 'кот ' finds 'кот' but not 'котлета'.

Migration 7d2e5b81c6a3 runs the statements below: changing them takes a new migration (drop,
create). A migration that rebuilds `messages` on SQLite (batch mode: copy, drop, rename) drops its
triggers: call `create_sqlite_index(op)` again after it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from sqlalchemy import bindparam, func, literal_column, select, text

MAX_WORDS = 8
WORD = re.compile(r"[^\W_]+")  # letters and digits of any alphabet; "_" separates, as in both indexes
FTS_TABLE = "messages_fts"
GIN_INDEX = "ix_messages_content_fts"
SQLITE_TRIGGERS = ("messages_fts_insert", "messages_fts_delete", "messages_fts_update")


def fold_yo(value: str) -> str:
    return value.replace("ё", "е").replace("Ё", "Е")


@dataclass(frozen=True)
class Terms:
    words: tuple[str, ...]
    prefix_last: bool


def terms(q: str) -> Terms:
    """The words of a raw query (see the module's rules). May be empty (only punctuation)."""
    words = tuple(WORD.findall(fold_yo(q).lower()))[:MAX_WORDS]
    finished = q[-1:].isspace() or len(words) == MAX_WORDS
    # A one-letter prefix would match half the dictionary.
    return Terms(words, bool(words) and not finished and len(words[-1]) >= 2)


# ---------- Matching ----------

def fts5_query(found: Terms) -> str:
    """`"кот" AND "спит"*`: each word a quoted FTS5 string ("" escapes a quote, though words hold none)."""
    quoted = ['"' + word.replace('"', '""') + '"' for word in found.words]
    if found.prefix_last:
        quoted[-1] += "*"
    return " AND ".join(quoted)


def tsquery_text(found: Terms) -> str:
    """`'кот' & 'спит':*` for to_tsquery: each word a quoted lexeme (words hold no quotes or backslashes)."""
    quoted = ["'" + word.replace("'", "''").replace("\\", "\\\\") + "'" for word in found.words]
    if found.prefix_last:
        quoted[-1] += ":*"
    return " & ".join(quoted)


RUSSIAN = literal_column("'russian'::regconfig")


def pg_vector(content):
    """The indexed expression: it must stay identical to the one in the migration."""
    return func.to_tsvector(RUSSIAN, func.translate(content, literal_column("'Ёё'"), literal_column("'Ее'")))


def matching(dialect: str, found: Terms, message_id, content):
    """A WHERE clause for the messages (given by their id and content columns) holding every word."""
    if dialect == "postgresql":
        return pg_vector(content).op("@@")(func.to_tsquery(RUSSIAN, bindparam("ts", tsquery_text(found))))
    fts = select(literal_column("rowid")).select_from(text(FTS_TABLE)).where(
        text(f"{FTS_TABLE} MATCH :fts").bindparams(fts=fts5_query(found)))
    return message_id.in_(fts)


def phrase(dialect: str, found: Terms, message_id, content):
    """A WHERE clause for the messages holding the query's words as one phrase: all of them, whole,
    next to each other, in the order typed (any case, punctuation between them ignored). The
    results put these first (`search.py`)."""
    if dialect == "postgresql":
        lexemes = " <-> ".join("'" + word.replace("'", "''").replace("\\", "\\\\") + "'" for word in found.words)
        # A comparison (boolean): the order and the paging negate it.
        return pg_vector(content).op("@@", is_comparison=True)(func.to_tsquery(RUSSIAN, bindparam("phrase_ts", lexemes)))
    fts = select(literal_column("rowid")).select_from(text(FTS_TABLE)).where(
        text(f"{FTS_TABLE} MATCH :phrase").bindparams(phrase='"' + " ".join(found.words).replace('"', '""') + '"'))
    return message_id.in_(fts)


# ---------- Schema (used by the migration) ----------

SQLITE_FOLD = "replace(replace({0}.content, 'ё', 'е'), 'Ё', 'Е')"


def create_sqlite_index(op) -> None:
    """The FTS5 table, its triggers, and the rows already there."""
    op.execute(f"CREATE VIRTUAL TABLE IF NOT EXISTS {FTS_TABLE} USING fts5(content, content='messages', "
               "content_rowid='id', tokenize='unicode61 remove_diacritics 2')")
    new, old = SQLITE_FOLD.format("new"), SQLITE_FOLD.format("old")
    # An external-content FTS5 table is told what to forget with the exact text it indexed: the
    # folded text, as inserted. ('rebuild' would index the unfolded text: back-fill by hand.)
    forget = f"INSERT INTO {FTS_TABLE}({FTS_TABLE}, rowid, content) VALUES ('delete', old.id, {old});"
    index = f"INSERT INTO {FTS_TABLE}(rowid, content) VALUES (new.id, {new});"
    op.execute(f"CREATE TRIGGER IF NOT EXISTS messages_fts_insert AFTER INSERT ON messages BEGIN {index} END")
    op.execute(f"CREATE TRIGGER IF NOT EXISTS messages_fts_delete AFTER DELETE ON messages BEGIN {forget} END")
    op.execute(f"CREATE TRIGGER IF NOT EXISTS messages_fts_update AFTER UPDATE OF content ON messages "
               f"BEGIN {forget} {index} END")
    # Not DELETE: an external-content table would read its rows back from `messages`.
    op.execute(f"INSERT INTO {FTS_TABLE}({FTS_TABLE}) VALUES ('delete-all')")
    op.execute(f"INSERT INTO {FTS_TABLE}(rowid, content) SELECT id, {SQLITE_FOLD.format('messages')} FROM messages")


def drop_sqlite_index(op) -> None:
    for trigger in SQLITE_TRIGGERS:
        op.execute(f"DROP TRIGGER IF EXISTS {trigger}")
    op.execute(f"DROP TABLE IF EXISTS {FTS_TABLE}")


PG_INDEX = (f"CREATE INDEX IF NOT EXISTS {GIN_INDEX} ON messages USING gin "
            "(to_tsvector('russian'::regconfig, translate(content, 'Ёё', 'Ее')))")


def create_pg_index(op) -> None:
    op.execute(PG_INDEX)


def drop_pg_index(op) -> None:
    op.execute(f"DROP INDEX IF EXISTS {GIN_INDEX}")


def outside_models(name, type_, _parent_names) -> bool:
    """Alembic `include_name` hook: the search index lives outside the models (autogenerate and the
    models-vs-migrations test must not want to drop it)."""
    if type_ == "table":
        return not (name or "").startswith(FTS_TABLE)  # the FTS5 table and its shadow tables
    if type_ == "index":
        return name != GIN_INDEX
    return True
