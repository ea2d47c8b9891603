"""`check_*` for servers and channels, with the spec's section 5 messages (from `lobby/texts.py`).

A field's check takes the value as sent and returns it cleaned, or raises naming that field: the
API's models run them as their fields' validators (`servers/schemas.py`), and `check_new_server`
puts them together for the operator commands."""
from __future__ import annotations

import re
import unicodedata

import emoji

from lobby.errors import ValidationError
from lobby.i18n import N_
from lobby.texts import text as words

# Latin or Cyrillic (А-Я, а-я, Ё, ё: written as escapes, the pattern is no text for people) letters,
# digits, spaces, hyphens, underscores.
NAME = re.compile("^[A-Za-z\u0410-\u042f\u0430-\u044f\u0401\u04510-9 _-]+$")
NAME_MIN, NAME_MAX = 2, 100  # the texts of server.name_too_short and _too_long say these
DESCRIPTION_MAX = REASON_MAX = 500
INVITE_MIN, INVITE_MAX = 3, 50
# The channels each template creates: their names are translated when a server is made (`_()` in
# servers/actions.py), so a server is born with channels named in its creator's language.
TEMPLATES = {
    "gaming": [(N_("общий"), "TEXT"), (N_("игра"), "TEXT"), (N_("голосовой"), "VOICE")],
    "community": [(N_("добро-пожаловать"), "TEXT"), (N_("общение"), "TEXT"), (N_("новости"), "TEXT")],
    "custom": [(N_("основной"), "TEXT")],
}
CATEGORIES = ("gaming", "community", "tech", "music", "esports", "creative")
CHANNEL_TYPES = ("TEXT", "VOICE")
TRUE_WORDS = {"true", "1", "on", "yes"}
FALSE_WORDS = {"false", "0", "off", "no"}
# Characters that have no place in a one-line name: control characters (newlines among them),
# format characters (zero-width ones, the bidirectional overrides that make a name read backwards)
# and line or paragraph separators.
UNSEEN_IN_NAMES = {"Cc", "Cf", "Zl", "Zp"}
MAX_BAN_SECONDS = 10 * 365 * 24 * 3600  # longer is a permanent ban: send null


class WrongKind(ValidationError):
    """A value of the wrong kind (`{}` or a number for a text, a word that is no flag): it answers
    nothing the field asks, so it is refused alone, before the other fields are looked at."""


def text(value, field: str) -> str:
    """A text field's trimmed value; "" when absent or null. A value of the wrong kind is refused,
    never read as a default."""
    if value is None:
        return ""
    if not isinstance(value, str):
        raise WrongKind({field: words("request.not_text")})
    return value.strip()


def flag(value, field: str, default: bool) -> bool:
    """JSON true/false, or a form's "true"/"false" (and on/off, 1/0, yes/no); absent, null or
    empty is `default`."""
    if value is None or value == "":
        return default
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in TRUE_WORDS | FALSE_WORDS:
        return value.lower() in TRUE_WORDS
    raise WrongKind({field: words("request.not_flag")})


def refuse_if(field: str, problem: str | None) -> None:
    if problem:
        raise ValidationError({field: problem})


def name_problem(name: str) -> str | None:
    if not name:
        return words("server.name_empty")
    if len(name) < NAME_MIN:
        return words("server.name_too_short")
    if len(name) > NAME_MAX:
        return words("server.name_too_long")
    if not NAME.match(name):
        return words("server.name_letters")
    return None


def description_problem(description: str) -> str | None:
    return words("server.description_too_long") if len(description) > DESCRIPTION_MAX else None


def check_server_name(value) -> str:
    name = text(value, "name")
    refuse_if("name", name_problem(name))
    return name


def check_description(value) -> str | None:
    """A server's or a channel's; empty means none."""
    description = text(value, "description")
    refuse_if("description", description_problem(description))
    return description or None


def check_template(value) -> str:
    template = text(value, "template") or "custom"
    refuse_if("template", None if template in TEMPLATES else words("server.template_unknown"))
    return template


def default_category(template: str) -> str:
    """A new server's category when none is given."""
    return "gaming" if template == "gaming" else "community"


def check_category(value, default: str | None = None) -> str:
    """One of CATEGORIES; an empty one is `default` if there is one (a new server's), else refused."""
    category = text(value, "category") or default
    refuse_if("category", None if category in CATEGORIES else words("server.category_unknown"))
    return category


def check_public(value) -> bool:
    """Public unless said otherwise (null and empty too)."""
    return flag(value, "isPublic", True)


def check_new_server(data) -> dict:
    """A new server's fields from a mapping (the operator commands; the API reads its body with
    `schemas.NewServer`, which runs the same checks and reports every refusal at once)."""
    template = check_template(data.get("template"))
    return {"name": check_server_name(data.get("name")), "description": check_description(data.get("description")),
            "template": template, "is_public": check_public(data.get("isPublic")),
            "category": check_category(data.get("category"), default_category(template))}


def check_invite_code(code: str) -> str:
    code = (code or "").strip()
    refuse_if("code", words("server.invite_too_short") if len(code) < INVITE_MIN
              else words("server.invite_too_long") if len(code) > INVITE_MAX else None)
    return code


def has_unseen(name: str) -> bool:
    return any(unicodedata.category(ch) in UNSEEN_IN_NAMES for ch in name)


# A channel's name, as the create and rename dialogs state it (issue 29, like the spec's rule for a
# server's name): 1 to 100 characters, letters of any alphabet (with their marks), digits, emoji,
# spaces, hyphens and underscores. No markup, quotes or punctuation: `#общий` is written `общий`.
CHANNEL_NAME_SIGNS = " -_"


def has_only_name_characters(name: str) -> bool:
    rest = emoji.replace_emoji(name, "")
    return all(ch in CHANNEL_NAME_SIGNS or unicodedata.category(ch)[0] in "LNM" for ch in rest)


def channel_name_problem(name: str) -> str | None:
    if not name:
        return words("channel.name_empty")
    if len(name) > NAME_MAX:
        return words("channel.name_too_long")
    if has_unseen(name):
        return words("channel.name_unseen")
    if not has_only_name_characters(name):
        return words("channel.name_letters")
    return None


def check_channel_name(value) -> str:
    name = text(value, "name")
    refuse_if("name", channel_name_problem(name))
    return name


def check_channel_type(value) -> str:
    """TEXT unless said otherwise; any letter case."""
    kind = (text(value, "type") or "TEXT").upper()
    refuse_if("type", None if kind in CHANNEL_TYPES else words("channel.type"))
    return kind


def check_ban_duration(duration) -> int | None:
    """Seconds, 1 … 10 years, or None for a permanent ban."""
    if duration is not None and (isinstance(duration, bool) or not isinstance(duration, int) or duration <= 0):
        raise ValidationError({"duration": words("moderation.duration")})
    if duration is not None and duration > MAX_BAN_SECONDS:
        raise ValidationError({"duration": words("moderation.duration_too_long")})
    return duration


def check_reason(value, prompt: str) -> str:
    """A kick's or a ban's reason: `prompt` (a text code) asks for one when there is none."""
    reason = text(value, "reason")
    refuse_if("reason", None if reason else words(prompt))
    refuse_if("reason", words("moderation.reason_too_long") if len(reason) > REASON_MAX else None)
    return reason


def check_kick_reason(value) -> str:
    return check_reason(value, "moderation.kick_reason")


def check_ban_reason(value) -> str:
    return check_reason(value, "moderation.ban_reason")
