"""The servers calls' payloads and answers, declared once: they check requests and describe them in
`/api/openapi.json`. The rules stay the `check_*` of `validation.py`, run here as the fields'
validators. Creating a server and changing its settings take JSON or a multipart form; the form's
model is the body's, plus its `icon` file."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BeforeValidator, ConfigDict, Field, ValidationError as ModelError, ValidationInfo, WithJsonSchema
from pydantic import field_validator, model_validator
from pydantic_core import PydanticCustomError

from lobby.errors import ValidationError
from lobby.input_guard import refuse_nul
from lobby.people.schemas import Person
from lobby.schema import Answer, Done, Id, Payload, Query, rule as shared_rule
from lobby.texts import text
from lobby.servers import icons
from lobby.servers.validation import (CATEGORIES, CHANNEL_TYPES, DESCRIPTION_MAX, MAX_BAN_SECONDS, NAME, NAME_MAX,
                                      NAME_MIN, REASON_MAX, TEMPLATES, WrongKind, check_ban_duration,
                                      check_ban_reason, check_category, check_reason, check_channel_name, check_channel_type,
                                      check_description, check_kick_reason, check_public, check_server_name,
                                      check_template, default_category)

WRONG_KIND = "wrong_kind"  # the pydantic error type of a `validation.WrongKind`


def rule(check):
    """`lobby.schema.rule`, keeping a value of the wrong kind apart: `ServersBody` refuses it alone."""
    def validate(value):
        try:
            return check(value)
        except WrongKind as error:
            raise PydanticCustomError(WRONG_KIND, error.message) from None
    return shared_rule(validate)


class ServersBody(Payload):
    """A servers call's body. Every refused field is reported at once, except a value of the wrong
    kind: that one alone (the first), as nothing else about the body can be judged. A body that is
    checked `one_at_a_time` reports only its first refused field, in the order declared."""
    one_at_a_time: ClassVar[bool] = False

    @classmethod
    def refuse(cls, error: ModelError) -> ValidationError:
        kinds = {str(problem["loc"][0]): problem["msg"] for problem in error.errors(include_url=False)
                 if problem["type"] == WRONG_KIND}
        errors = {**super().refuse(error).errors, **kinds}  # field order kept
        if cls.one_at_a_time or kinds:
            first = next(iter(errors if cls.one_at_a_time else kinds))
            errors = {first: errors[first]}
        return ValidationError(errors)


def form_fields(data: dict) -> dict:
    """A multipart form's text fields as the model reads them: a NUL in any of them is refused (as
    in every text the API takes, `input_guard.py`); a field sent twice is read once, by its first
    value. The `icon` stays out (see `IconForm`)."""
    refuse_nul(data)
    return {name: value[0] if isinstance(value, list) else value for name, value in data.items() if name != "icon"}


ICON_PART = {"type": "string", "format": "binary", "description": (
    f"An image of at most {icons.MAX_BYTES // 2**20} MB, checked by its content and stored re-encoded as a PNG of at "
    f"most {icons.SIDE}×{icons.SIDE}. An empty file part (a file input left empty) means no new icon.")}


class IconForm(ServersBody):
    """What a multipart form adds to a body: an `icon` file, checked once the rest passed. It is
    described here and read by the view (`request.files`), never taken into the model's data:
    spectree writes a refused body's data into its report as JSON, and a file cannot be."""
    icon: Annotated[None, WithJsonSchema(ICON_PART)] = None

    @model_validator(mode="before")
    @classmethod
    def read_form(cls, data):
        return form_fields(data)


def no_default(schema: dict) -> None:
    """A field whose absence means something no one value says (the template's category, the
    current setting): its schema shows no default."""
    schema.pop("default", None)


def changes_only(schema: dict) -> None:
    """A body of changes: a field not sent keeps what the server has, so none shows a default."""
    for field in schema["properties"].values():
        no_default(field)


# A server's fields

ServerName = Annotated[str, Field(description=(
    "Trimmed. Latin or Cyrillic letters, digits, spaces, hyphens, underscores."), json_schema_extra={
    "minLength": NAME_MIN, "maxLength": NAME_MAX, "pattern": NAME.pattern}), BeforeValidator(rule(check_server_name))]
Description = Annotated[str | None, Field(description="Trimmed; empty means none.", json_schema_extra={
    "maxLength": DESCRIPTION_MAX}), BeforeValidator(rule(check_description))]
Category = Literal[CATEGORIES]
PUBLIC = {"type": ["boolean", "string", "null"], "description": (
    "`true`/`false`, or one of the strings `true`, `1`, `on`, `yes` / `false`, `0`, `off`, `no` (any case); anything "
    "else is refused (422).")}
Public = Annotated[bool, WithJsonSchema(PUBLIC), BeforeValidator(rule(check_public))]
CHANNELS_OF = "; ".join(f"`{name}`: " + ", ".join(f"{channel} ({kind})" for channel, kind in channels)
                        for name, channels in TEMPLATES.items())


class NewServer(ServersBody):
    name: ServerName
    description: Description = None
    template: Annotated[Literal[tuple(TEMPLATES)], Field(description=f"The channels created: {CHANNELS_OF}."),
                        BeforeValidator(rule(check_template))] = "custom"
    is_public: Public = Field(True, description=f"{PUBLIC['description']} Missing, null or empty: public.")
    category: Category = Field(None, validate_default=True, json_schema_extra=no_default, description=(
        "Default `gaming` for the gaming template, else `community`."))
    refusals = {"name": "server.name_empty"}

    @field_validator("category", mode="before")
    @classmethod
    def category_of_template(cls, value, info: ValidationInfo) -> str:
        template = info.data.get("template", "")  # absent when refused: then the default is community's
        return rule(lambda sent: check_category(sent, default_category(template)))(value)


class NewServerForm(IconForm, NewServer):
    """`NewServer` as a multipart form, with an icon."""


class ServerChanges(ServersBody):
    """Only the fields sent change."""
    model_config = ConfigDict(json_schema_extra=changes_only)
    name: ServerName = None
    description: Description = None
    is_public: Public = Field(None, description=(
        f"{PUBLIC['description']} Missing keeps the current setting; null or empty makes the server public."))
    category: Annotated[Category, BeforeValidator(rule(check_category))] = None

    def changes(self) -> dict:
        """The server's columns to change: the fields sent."""
        return {field: getattr(self, field) for field in ServerChanges.model_fields if field in self.model_fields_set}


class ServerChangesForm(IconForm, ServerChanges):
    """`ServerChanges` as a multipart form, with a new icon."""


# Channels and moderation

class NewChannel(ServersBody):
    name: Annotated[str, Field(description=(
        "Trimmed. 1–100 characters: letters of any alphabet (with their marks), digits, emoji, spaces, hyphens and "
        "underscores. No control characters (line breaks among them), no format characters (zero-width ones, "
        "direction overrides), no line or paragraph separators."), json_schema_extra={"maxLength": NAME_MAX}),
        BeforeValidator(rule(check_channel_name))]
    type: Annotated[Literal[CHANNEL_TYPES], Field(description="Case-insensitive."),
                    BeforeValidator(rule(check_channel_type))] = "TEXT"
    description: Description = None
    refusals = {"name": "channel.name_empty"}


Target = Annotated[Id, Field(description="The target's id (a string of digits is read too).")]


def reason_checked_by(check) -> Any:
    return Annotated[str, Field(description="Trimmed.", json_schema_extra={"minLength": 1, "maxLength": REASON_MAX}),
                     BeforeValidator(rule(check))]


def unused(kind: str) -> Any:
    """A field clients send that nothing reads yet: taken as it comes."""
    return Annotated[Any, WithJsonSchema({"type": kind, "description": "Accepted, not used yet."})]


class KickBody(ServersBody):
    # Checked one at a time, in this order: the target, then the reason.
    user_id: Target
    reason: reason_checked_by(check_kick_reason)
    notify: unused("boolean") = None
    refusals = {"userId": "moderation.user_missing", "reason": "moderation.kick_reason"}
    one_at_a_time = True


class BanBody(ServersBody):
    # Checked one at a time, in this order: the duration, the target, the reason.
    duration: Annotated[int | None, Field(ge=1, le=MAX_BAN_SECONDS, description=(
        "Seconds until the ban expires, at most 10 years; null or missing: for good.")),
        BeforeValidator(rule(check_ban_duration))] = None
    user_id: Target
    reason: reason_checked_by(check_ban_reason)
    delete_message_days: unused("integer") = None
    refusals = {"userId": "moderation.user_missing", "reason": "moderation.ban_reason"}
    one_at_a_time = True


ROLES_GIVEN = ("moderator", "member")
TIMEOUT_MIN, TIMEOUT_MAX = 60, 7 * 24 * 3600  # 60 s … 1 week
RESOLUTIONS = ("dismiss", "delete", "kick", "ban")


def one_of(choices: tuple, code: str):
    """A lower-case word among `choices`, else the text of `code` (422)."""
    def check(value):
        word = value.strip().lower() if isinstance(value, str) else None
        if word not in choices:
            raise ValidationError({"value": text(code)})
        return word
    return rule(check)


def check_timeout_duration(value) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not TIMEOUT_MIN <= value <= TIMEOUT_MAX:
        raise ValidationError({"duration": text("moderation.timeout_duration")})
    return value


def check_timeout_reason(value) -> str:
    return check_reason(value, "moderation.timeout_reason")


def check_report_reason(value) -> str:
    return check_reason(value, "report.reason")


class RoleBody(ServersBody):
    role: Annotated[Literal[ROLES_GIVEN], Field(description="Case-insensitive. `owner` is given by a transfer."),
                    BeforeValidator(one_of(ROLES_GIVEN, "moderation.role"))]
    refusals = {"role": "moderation.role"}


class TransferBody(ServersBody):
    user_id: Annotated[Id, Field(description="The new owner: a member of the server.")]
    refusals = {"userId": "moderation.user_missing"}


class TimeoutBody(ServersBody):
    # Checked one at a time, in this order: the duration, the target, the reason.
    duration: Annotated[int, Field(ge=TIMEOUT_MIN, le=TIMEOUT_MAX, description="Seconds: 60 s … 1 week."),
                        BeforeValidator(rule(check_timeout_duration))]
    user_id: Target
    reason: reason_checked_by(check_timeout_reason)
    refusals = {"duration": "moderation.timeout_duration", "userId": "moderation.user_missing",
                "reason": "moderation.timeout_reason"}
    one_at_a_time = True


class ReportBody(ServersBody):
    reason: reason_checked_by(check_report_reason)
    refusals = {"reason": "report.reason"}


class ResolveBody(ServersBody):
    action: Annotated[Literal[RESOLUTIONS], Field(description=(
        "`dismiss`: nothing else; `delete`: the message goes; `kick` / `ban`: its author (as those calls do, "
        "with their rules and audit entries). Case-insensitive.")),
        BeforeValidator(one_of(RESOLUTIONS, "report.action"))]
    refusals = {"action": "report.action"}


# Queries

def whole_number(value) -> int | None:
    """As `int()` reads it (as before the models), or None when it reads none."""
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


@dataclass(frozen=True)
class Clamped:
    """A paging number: what was sent is brought into `low` … `high`; nothing, or no number, is the
    default (as before the models: an odd page never refuses a listing)."""
    low: int
    high: int
    default: int

    def of(self, sent: int | None) -> int:
        return self.default if sent is None else min(max(sent, self.low), self.high)

    def parameter(self, description: str) -> Any:
        return Annotated[int | None, BeforeValidator(whole_number), WithJsonSchema({"type": "integer"}), Field(
            description=description, json_schema_extra={"minimum": self.low, "maximum": self.high,
                                                        "default": self.default})]


PAGES, LISTED, RECOMMENDED, AUDITED = Clamped(1, 10_000, 1), Clamped(1, 100, 24), Clamped(1, 6, 6), Clamped(1, 200, 50)


class PublicServersQuery(Query):
    recommended: Annotated[bool, BeforeValidator(lambda value: value == "true"), WithJsonSchema(
        {"type": "string", "enum": ["true"]})] = Field(False, json_schema_extra=no_default, description=(
            "`true`: the recommended strip — servers the caller has not joined, sorted by `trending` whatever `sort` "
            "says, default limit 6."))
    category: str = Field("all", json_schema_extra={"enum": ["all", *CATEGORIES]},
                          description="`all` (or empty) for every category.")
    search: Annotated[str, BeforeValidator(str.strip)] = Field(
        "", description="Case-insensitive substring of the name or the description.")
    sort: str = Field("members", json_schema_extra={"enum": ["members", "trending", "newest"]}, description=(
        "`members`: most members first; `trending`: most members who joined in the last 7 days first, then most "
        "members; `newest`: latest created first. Anything else sorts by members."))
    page: PAGES.parameter("Out-of-range values are clamped; anything but a number is the default.") = None
    limit: LISTED.parameter("Clamped to 1–100; default 24, or 6 with `recommended=true` (and never more than 6 "
                            "then); anything but a number is the default.") = None

    @property
    def page_number(self) -> int:
        return PAGES.of(self.page)

    @property
    def page_size(self) -> int:
        return (RECOMMENDED if self.recommended else LISTED).of(self.limit)  # the strip shows 6

    @property
    def order(self) -> str:
        return "trending" if self.recommended else self.sort


class ServerSearchQuery(Query):
    q: Annotated[str, BeforeValidator(str.strip)] = Field("", description=(
        "At least 2 characters after trimming; a shorter query finds nothing."))


class AuditLogQuery(Query):
    limit: AUDITED.parameter("Clamped to 1–200; anything but a number is the default.") = None

    @property
    def size(self) -> int:
        return AUDITED.of(self.limit)


class IconQuery(Query):
    v: str = Field("", description="Cache buster; ignored.")


# Answers

class MemberCounts(Answer):
    members: int


class Server(Answer):
    id: int
    name: str
    description: str | None
    icon_url: str | None = Field(description="Our own URL (`getServerIcon`), or null.")
    owner_id: int
    owner: Person
    category: Category
    is_public: bool
    is_verified: bool
    verified: bool = Field(description="Same as `isVerified`.")
    trending: bool = Field(description="At least 3 members joined in the last 7 days.")
    member_count: int
    channel_count: int
    text_channel_count: int
    voice_channel_count: int
    online_count: int = Field(description="Members with a live socket open now (invisible ones not counted).")
    voice_active: bool = Field(description="Someone sits in one of its voice channels now.")
    created_at: datetime
    counts: MemberCounts = Field(alias="_count")
    my_role: Literal["owner", "moderator", "member"] | None = Field(description=(
        "The caller's role; null for a non-member."))
    invite_code: str | None = Field(None, description="Only when the caller is a member.")


class Channel(Answer):
    id: int
    server_id: int
    name: str
    type: Literal[CHANNEL_TYPES]
    description: str | None
    position: int


class MemberUser(Person):
    first_name: str
    last_name: str
    bio: str = ""
    pronouns: str = ""
    custom_status: str = ""
    status: Literal["ONLINE", "AWAY", "DND", "OFFLINE"] = Field(description=(
        "From live presence: `ONLINE` with a socket open, `AWAY` (idle) and `DND` as the user chose, `OFFLINE` "
        "otherwise, for invisible users, and for those whose `onlineStatus` setting hides them from the caller."))


class Member(Answer):
    id: int = Field(description="The membership's id.")
    role: Literal["owner", "moderator", "member"]
    joined_at: datetime
    timed_out_until: datetime | None = Field(None, description=(
        "The end of the member's running timeout (they may read, not write or react); null: none."))
    user: MemberUser


class AuditEntry(Answer):
    id: int
    type: Literal["KICK", "BAN", "UNBAN", "SETTINGS", "CHANNEL_CREATE", "INVITE_REGENERATE", "ROLE_CHANGE", "TRANSFER",
                  "TIMEOUT", "TIMEOUT_LIFT", "REPORT_RESOLVE", "CHANNEL_UPDATE", "CHANNEL_MOVE", "CHANNEL_DELETE"]
    target: Person | None
    moderator: Person | None
    reason: str | None = Field(description=(
        "KICK/BAN/TIMEOUT: the reason given; SETTINGS: the changed fields; CHANNEL_CREATE: `#name (TYPE)`; "
        "CHANNEL_UPDATE: `#old → #new` (or `#name`); CHANNEL_MOVE: `#name → <place from 1>`; "
        "CHANNEL_DELETE: `#name (TYPE)`; "
        "ROLE_CHANGE: the new role; TIMEOUT: `<seconds>s: <reason>`; REPORT_RESOLVE: `<action>: <report's reason>`."))
    created_at: datetime


class Ban(Answer):
    id: int
    user: Person
    reason: str
    created_at: datetime
    expires_at: datetime | None = Field(description="null: for good.")


class ServerList(Answer):
    servers: list[Server]


class PublicServers(Answer):
    servers: list[Server]
    total: int = Field(description="Matching public servers, all pages.")
    page: int
    limit: int


class OneServer(Answer):
    server: Server


class Joined(Answer):
    message: str
    server: Server


class CreatedServer(Joined):
    """A new server, with the message that says so."""


class InviteCode(Answer):
    invite_code: str = Field(min_length=12, max_length=12)


class ChannelList(Answer):
    channels: list[Channel]


class OneChannel(Answer):
    channel: Channel


class MemberList(Answer):
    members: list[Member]


class AuditLog(Answer):
    actions: list[AuditEntry] = Field(description="Latest first.")
    month_count: int = Field(description="Entries of the last 30 days.")


class BanList(Answer):
    bans: list[Ban]


class ModerationLog(Answer):
    log: list[AuditEntry] = Field(description="Latest first (as `actions` of `getAuditLog`).")
    month_count: int = Field(description="Entries of the last 30 days.")
    open_reports: int = Field(description="Reports waiting for a moderator.")


class TimedOut(Done):
    until: datetime = Field(description="When the member may write again.")


class ReportedMessage(Answer):
    id: int | None = Field(description="null once the message was deleted.")
    channel_id: int | None
    content: str = Field(description="The text when it was reported.")
    author: Person | None = Field(description="null: the account is gone.")


class ServerReport(Answer):
    id: int
    message: ReportedMessage
    reporter: Person
    reason: str
    created_at: datetime
    resolution: Literal[RESOLUTIONS] | None = Field(description="null while open.")


class ReportList(Answer):
    reports: list[ServerReport] = Field(description="Open reports, oldest first.")
    open_count: int


class ReportSent(Answer):
    message: str
    report: ServerReport


class RoleChanged(Done):
    member: Member


class Transferred(Done):
    server: Server = Field(description="The server as the former owner now sees it (`myRole`: `moderator`).")
