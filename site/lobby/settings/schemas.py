"""The settings document (spec §3 User settings, Sound settings), declared once: these models give
the defaults (`store.DEFAULTS`), check every change (`check_document`), and describe the calls in
`/api/openapi.json`.

Strict on purpose: a settings file or a form post is checked field by field, so `"14"` is not a font
size, `1` is not `true`, and an unknown key is refused (a typo would otherwise be saved and never
act). Errors are keyed by the dotted field name (`notifications.sounds.dm.volume`)."""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError as ModelError
from pydantic.alias_generators import to_camel

from lobby.errors import ValidationError
from lobby.schema import Answer
from lobby.texts import text

ACCENT_PRESETS = {"lime": "#00ff88", "cyan": "#00e5ff", "purple": "#a855f7", "orange": "#ff8a00",
                  "pink": "#ff4fa3", "gold": "#ffd23f", "red": "#ff4d4d", "blue": "#3b82f6"}
FONT_SIZES = (12, 13, 14, 15, 16, 18)  # spec §9: very small … huge
# Spec §9: sound types and their default volumes; typing is off by default.
SOUND_VOLUMES = {"message": 0.6, "mention": 0.8, "dm": 0.9, "join": 0.5, "leave": 0.4, "call_start": 0.7,
                 "call_end": 0.6, "reaction": 0.3, "typing": 0.2, "connection": 0.5, "error": 0.8, "success": 0.6}
PROFILE_STATUSES = ("online", "away", "busy", "offline")


def Text(limit: int):  # noqa: N802 (a type)
    """Free text, trimmed, at most `limit` characters."""
    return Annotated[str, StringConstraints(strip_whitespace=True, max_length=limit)]


Volume = Annotated[float, Field(ge=0, le=1)]


class Group(BaseModel):
    """One group of the document: camelCase on the wire, nothing undeclared, no type coercion."""
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, extra="forbid", strict=True)


class ProfileSettings(Group):
    status: Literal[PROFILE_STATUSES] = Field("online", description=(
        "The presence status: away reads as idle, busy as do-not-disturb, offline as invisible."))
    display_name: Text(32) = Field("", description="Shown instead of first and last name; '' for those.")
    bio: Text(200) = ""
    pronouns: Text(40) = ""
    custom_status: Text(50) = ""
    avatar_url: str | None = Field(None, description=(
        "Read-only: set by `POST /api/settings/avatar`; the same as the user's `profileImageUrl`."))


class AppearanceSettings(Group):
    theme: Literal["dark", "light", "auto"] = "dark"
    accent_color: Annotated[str, StringConstraints(pattern=r"^#[0-9a-fA-F]{6}$", to_lower=True)] = Field(
        "#00ff88", description="`#rrggbb`; presets: " + ", ".join(f"{name} {color}" for name, color in
                                                                   ACCENT_PRESETS.items()))
    message_display_density: Literal["compact", "cozy", "comfortable"] = "comfortable"
    show_avatars: bool = True
    show_timestamps: bool = True
    compact_mode: bool = False
    animations_enabled: bool = True
    font_size: Literal[FONT_SIZES] = 14
    font_family: Literal["system", "mono", "serif"] = "system"


class Sound(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    enabled: bool = True
    volume: Volume = 0.5


def sound(name: str):
    return Field(default_factory=lambda: Sound(enabled=name != "typing", volume=SOUND_VOLUMES[name]))


class Sounds(BaseModel):
    """The spec's sound types keep their snake_case names on the wire (`call_start`)."""
    model_config = ConfigDict(extra="forbid", strict=True)
    message: Sound = sound("message")
    mention: Sound = sound("mention")
    dm: Sound = sound("dm")
    join: Sound = sound("join")
    leave: Sound = sound("leave")
    call_start: Sound = sound("call_start")
    call_end: Sound = sound("call_end")
    reaction: Sound = sound("reaction")
    typing: Sound = sound("typing")
    connection: Sound = sound("connection")
    error: Sound = sound("error")
    success: Sound = sound("success")


class NotificationSettings(Group):
    enabled: bool = True
    browser: bool = True
    master_volume: Volume = 0.7
    sounds: Sounds = Field(default_factory=Sounds)


class PrivacySettings(Group):
    online_status: Literal["everyone", "friends", "none"] = Field("everyone", description=(
        "Who sees the user online: `none` — everyone else sees them offline; `friends` — only friends."))
    direct_messages: Literal["everyone", "friends", "none"] = "friends"
    friend_requests: Literal["everyone", "friends_of_friends", "server_members", "none"] = "everyone"
    show_activity: bool = Field(True, description="False: the user's friends see no activity of theirs.")
    data_collection: bool = False
    analytics_opt_in: bool = False


class AccessibilitySettings(Group):
    reduce_motion: bool = False
    high_contrast: bool = False
    screen_reader_optimized: bool = False
    keyboard_navigation: bool = True
    focus_indicators: bool = True
    text_size: Literal["small", "medium", "large"] = "medium"
    color_blind_friendly: bool = False


class GeneralSettings(Group):
    language: Literal["ru", "en"] = "ru"
    startup_behavior: Literal["last_channel", "home"] = "last_channel"
    date_format: Literal["dd/mm/yyyy", "mm/dd/yyyy", "yyyy-mm-dd"] = "dd/mm/yyyy"
    time_format: Literal["24h", "12h"] = "24h"
    developer_mode: bool = False
    beta_features: bool = False
    auto_update: bool = True
    minimize_to_tray: bool = False
    enable_spellcheck: bool = True


class Settings(Group):
    """The whole document. A `PATCH` sends any part of it."""
    profile: ProfileSettings = Field(default_factory=ProfileSettings)
    appearance: AppearanceSettings = Field(default_factory=AppearanceSettings)
    notifications: NotificationSettings = Field(default_factory=NotificationSettings)
    privacy: PrivacySettings = Field(default_factory=PrivacySettings)
    accessibility: AccessibilitySettings = Field(default_factory=AccessibilitySettings)
    general: GeneralSettings = Field(default_factory=GeneralSettings)


class SettingsAnswer(Answer):
    settings: Settings


def defaults() -> dict:
    return Settings().model_dump(by_alias=True)


def check_document(document) -> dict:
    """The document as the models read it (trimmed, colours lower-cased), or ValidationError with
    every refused field by its dotted name."""
    try:
        return Settings.model_validate(document).model_dump(by_alias=True)
    except ModelError as error:
        raise ValidationError(refusals_of(error)) from None


def refusals_of(error: ModelError) -> dict[str, str]:
    found: dict[str, str] = {}
    for problem in error.errors(include_url=False):
        field = ".".join(str(part) for part in problem["loc"]) or "settings"
        found.setdefault(field, message_for(problem))
    return found


def message_for(problem: dict) -> str:
    kind, context = problem["type"], problem.get("ctx") or {}
    if kind == "extra_forbidden":
        return text("settings.unknown")
    if kind == "string_too_long":
        return text("settings.too_long", limit=context.get("max_length"))
    if kind == "string_pattern_mismatch":
        return text("settings.color")
    if kind == "bool_type":
        return text("request.not_flag")
    if kind == "string_type":
        return text("request.not_text")
    if kind in ("float_type", "greater_than_equal", "less_than_equal", "finite_number"):
        return text("settings.volume")
    if kind in ("model_type", "model_attributes_type", "dict_type"):
        return text("settings.group")
    return text("settings.choice")
