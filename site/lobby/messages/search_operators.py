"""The operators of the message search (spec 001 "Global search dialog": `in:#general`,
`from:@username`, `has:link`, `has:file`, `before:yesterday`, `after:last week`), read out of the
query before its words go to the index.

    in:#name        a channel of that name (any letter case); a name several servers use: all of them
    from:@name      written by that person (username, any letter case)
    mentions:@name  naming that person with @name
    has:link        an http:// or https:// address in the text      (also has:ссылка)
    has:file        any attached file, a picture included            (also has:файл)
    has:image       an attached picture                               (also has:изображение, has:картинка)
    before:WHEN     written before the day or period began
    after:WHEN      written after the day or period ended
    during:WHEN     written within that day or period

WHEN is a date — 2024-05-31, 31.05.2024, a month 2024-05 — or one of PERIODS, in English or in
Russian ('yesterday', 'вчера', 'last week', 'на прошлой неделе'); a phrase of several words is
written as is (`after:last week`) or quoted (`after:"last week"`). Weeks start on Monday. Days are
the caller's (a UTC offset in minutes, given by the dialog). A name with spaces is quoted:
`in:"#общий чат"`. The same operator twice means either (`from:@a from:@b`), except `has:` (both)
and the dates (all of them at once).

Anything else with a colon (`foo:bar`, `content:привет`) stays words, and so does an operator
whose value is not there yet (`from:` while the person types): it is left out.
Russian words here are query syntax people type, not texts shown to them.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta, timezone

from lobby.errors import ApiError
from lobby.texts import text

BAD_OPERATOR = "BAD_SEARCH_OPERATOR"
OPERATOR = re.compile(r'(in|from|mentions|has|before|after|during):(?:([#@]?)"([^"]*)"?|(\S*))', re.IGNORECASE)
WORD = re.compile(r"\S+")
DATE_OPERATORS = ("before", "after", "during")
MAX_PHRASE = 3  # words in the longest period ('на прошлой неделе')

HAS = {"link": "link", "links": "link", "ссылка": "link", "ссылки": "link",
       "file": "file", "files": "file", "файл": "file", "файлы": "file",
       "image": "image", "images": "image", "изображение": "image", "картинка": "image", "картинки": "image"}

PERIODS = {
    "today": "today", "сегодня": "today",
    "yesterday": "yesterday", "вчера": "yesterday",
    "this week": "this week", "на этой неделе": "this week", "эта неделя": "this week",
    "last week": "last week", "на прошлой неделе": "last week", "прошлая неделя": "last week",
    "this month": "this month", "в этом месяце": "this month", "этот месяц": "this month",
    "last month": "last month", "в прошлом месяце": "last month", "прошлый месяц": "last month",
    "this year": "this year", "в этом году": "this year", "этот год": "this year",
    "last year": "last year", "в прошлом году": "last year", "прошлый год": "last year",
}
ISO_DAY = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})$")
DOTTED_DAY = re.compile(r"^(\d{1,2})\.(\d{1,2})\.(\d{4})$")
ISO_MONTH = re.compile(r"^(\d{4})-(\d{1,2})$")


@dataclass
class Parsed:
    words: str = ""  # the free text, for `search_index.terms`
    channels: list[str] = field(default_factory=list)  # lower-cased, without '#'
    authors: list[str] = field(default_factory=list)  # lower-cased usernames, without '@'
    mentioned: list[str] = field(default_factory=list)
    has: set[str] = field(default_factory=set)  # link, file, image
    since: datetime | None = None  # created_at >= since (UTC)
    until: datetime | None = None  # created_at < until (UTC)

    @property
    def filtered(self) -> bool:
        """Any operator at all: a query of operators alone lists what they match."""
        return bool(self.channels or self.authors or self.mentioned or self.has
                    or self.since is not None or self.until is not None)


def normal(value: str) -> str:
    return re.sub(r"[\s_]+", " ", value.replace("ё", "е").replace("Ё", "Е").lower()).strip()


def parse(q: str, today: date, offset_minutes: int = 0) -> Parsed:
    """The query's operators and its free words; `today` is the caller's date. A date or `has:`
    value that means nothing is a 400 `BAD_SEARCH_OPERATOR` naming it."""
    parsed, words, at, last_was_word = Parsed(), [], 0, False
    while at < len(q):
        if q[at].isspace():
            at += 1
            continue
        found = OPERATOR.match(q, at)
        if not found:
            word = WORD.match(q, at)
            words.append(word[0])
            at, last_was_word = word.end(), True
            continue
        name, quoted, at, last_was_word = found[1].lower(), found[3] is not None, found.end(), False
        value = found[3] if quoted else found[4]
        if name in DATE_OPERATORS and not quoted:
            value, at = longest_period(q, value, at)
        add(parsed, name, value.strip(), today, offset_minutes)
    # A query ending with an operator has no word still being typed: the last word is whole.
    parsed.words = " ".join(words) + ("" if last_was_word and not q[-1:].isspace() else " ") if words else ""
    return parsed


def longest_period(q: str, value: str, at: int) -> tuple[str, int]:
    """`after:last week`: the value and the words after it, as long as they make a known period."""
    following = [match for _, match in zip(range(MAX_PHRASE - 1), WORD.finditer(q, at))]
    for count in range(len(following), 0, -1):
        phrase = " ".join([value, *(match[0] for match in following[:count])])
        if normal(phrase) in PERIODS:
            return phrase, following[count - 1].end()
    return value, at


def add(parsed: Parsed, name: str, value: str, today: date, offset_minutes: int) -> None:
    if name in ("in", "from", "mentions"):
        key = value.lstrip("#@").strip().lower()
        if key:  # `from:@` while the name is being typed: nothing yet
            {"in": parsed.channels, "from": parsed.authors, "mentions": parsed.mentioned}[name].append(key)
        return
    if not value:
        return
    if name == "has":
        kind = HAS.get(normal(value))
        if kind is None:
            raise ApiError(400, text("search.bad_has", value=value), BAD_OPERATOR)
        parsed.has.add(kind)
        return
    start, end = period(value, today, offset_minutes)
    if name == "before":
        parsed.until = min(filter(None, (parsed.until, start)))
    elif name == "after":
        parsed.since = max(filter(None, (parsed.since, end)))
    else:
        parsed.since = max(filter(None, (parsed.since, start)))
        parsed.until = min(filter(None, (parsed.until, end)))


def utc(day: date, offset_minutes: int) -> datetime:
    return datetime.combine(day, time(), timezone.utc) - timedelta(minutes=offset_minutes)


def period(value: str, today: date, offset_minutes: int) -> tuple[datetime, datetime]:
    """The moments (UTC) a WHEN covers, from the start of its first day to the start of the day
    after its last."""
    try:
        first, last = local_days(value, today)
        return utc(first, offset_minutes), utc(last, offset_minutes)
    except (ValueError, OverflowError):  # 2024-02-31, year 0, beyond 9999-12-31, no such words
        raise ApiError(400, text("search.bad_date", value=value), BAD_OPERATOR) from None


def local_days(value: str, today: date) -> tuple[date, date]:
    if found := ISO_DAY.match(value):
        day = date(int(found[1]), int(found[2]), int(found[3]))
        return day, day + timedelta(days=1)
    if found := DOTTED_DAY.match(value):
        day = date(int(found[3]), int(found[2]), int(found[1]))
        return day, day + timedelta(days=1)
    if found := ISO_MONTH.match(value):
        first = date(int(found[1]), int(found[2]), 1)
        return first, next_month(first)
    return named_period(PERIODS.get(normal(value)), today)


def next_month(first: date) -> date:
    return date(first.year + first.month // 12, first.month % 12 + 1, 1)


def named_period(named: str | None, today: date) -> tuple[date, date]:
    if named is None:
        raise ValueError("not a period")
    day = timedelta(days=1)
    monday = today - timedelta(days=today.weekday())
    this_month = today.replace(day=1)
    return {
        "today": (today, today + day),
        "yesterday": (today - day, today),
        "this week": (monday, monday + 7 * day),
        "last week": (monday - 7 * day, monday),
        "this month": (this_month, next_month(this_month)),
        "last month": ((this_month - day).replace(day=1), this_month),
        "this year": (date(today.year, 1, 1), date(today.year + 1, 1, 1)),
        "last year": (date(today.year - 1, 1, 1), date(today.year, 1, 1)),
    }[named]
