"""`GET/PATCH /api/settings`, `POST /api/settings/reset`: the spec's defaults, merging, every
field's checks (dotted errors, nothing saved on a refusal), and whose settings a call reaches."""
import pytest

from lobby.settings.models import UserSettings
from lobby.extensions import db
from tests.settings.conftest import change, refused, settings

SOUND_VOLUMES = {"message": 0.6, "mention": 0.8, "dm": 0.9, "join": 0.5, "leave": 0.4, "call_start": 0.7,
                 "call_end": 0.6, "reaction": 0.3, "typing": 0.2, "connection": 0.5, "error": 0.8, "success": 0.6}

DEFAULTS = {
    "profile": {"status": "online", "displayName": "", "bio": "", "pronouns": "", "customStatus": "", "avatarUrl": None},
    "appearance": {"theme": "dark", "accentColor": "#00ff88", "messageDisplayDensity": "comfortable",
                   "showAvatars": True, "showTimestamps": True, "compactMode": False, "animationsEnabled": True,
                   "fontSize": 14, "fontFamily": "system"},
    "notifications": {"enabled": True, "browser": True, "masterVolume": 0.7,
                      "sounds": {name: {"enabled": name != "typing", "volume": volume}
                                 for name, volume in SOUND_VOLUMES.items()}},
    "privacy": {"onlineStatus": "everyone", "directMessages": "friends", "friendRequests": "everyone",
                "showActivity": True, "dataCollection": False, "analyticsOptIn": False},
    "accessibility": {"reduceMotion": False, "highContrast": False, "screenReaderOptimized": False,
                      "keyboardNavigation": True, "focusIndicators": True, "textSize": "medium",
                      "colorBlindFriendly": False},
    "general": {"language": "ru", "startupBehavior": "last_channel", "dateFormat": "dd/mm/yyyy", "timeFormat": "24h",
                "developerMode": False, "betaFeatures": False, "autoUpdate": True, "minimizeToTray": False,
                "enableSpellcheck": True},
}

CHOICE, FLAG, TEXT, VOLUME = "Недопустимое значение", "Ожидается true или false", "Ожидается строка", \
    "Ожидается число от 0 до 1"
UNKNOWN, GROUP = "Неизвестная настройка", "Ожидается объект с настройками"


def too_long(limit: int) -> str:
    return f"Слишком длинный текст (максимум {limit} символов)"


# Every field: a value it takes (and what is kept), and values it refuses with their messages.
ENUMS = {("profile", "status"): ["online", "away", "busy", "offline"],
         ("appearance", "theme"): ["dark", "light", "auto"],
         ("appearance", "messageDisplayDensity"): ["compact", "cozy", "comfortable"],
         ("appearance", "fontSize"): [12, 13, 14, 15, 16, 18],
         ("appearance", "fontFamily"): ["system", "mono", "serif"],
         ("privacy", "onlineStatus"): ["everyone", "friends", "none"],
         ("privacy", "directMessages"): ["everyone", "friends", "none"],
         ("privacy", "friendRequests"): ["everyone", "friends_of_friends", "server_members", "none"],
         ("accessibility", "textSize"): ["small", "medium", "large"],
         ("general", "language"): ["ru", "en"],
         ("general", "startupBehavior"): ["last_channel", "home"],
         ("general", "dateFormat"): ["dd/mm/yyyy", "mm/dd/yyyy", "yyyy-mm-dd"],
         ("general", "timeFormat"): ["24h", "12h"]}
TEXTS = {("profile", "displayName"): 32, ("profile", "bio"): 200, ("profile", "pronouns"): 40,
         ("profile", "customStatus"): 50}
FLAGS = [(group, field) for group, fields in DEFAULTS.items() for field, value in fields.items()
         if isinstance(value, bool)]


def test_a_new_user_has_the_specs_defaults(alice):
    assert settings(alice) == DEFAULTS


def test_nothing_is_stored_for_defaults_and_only_differences_after_a_change(app, alice):
    change(alice, {"appearance": {"theme": "light", "fontSize": 14}, "privacy": {"dataCollection": True}})
    with app.app_context():
        row = db.session.get(UserSettings, alice.id)
        assert row.document == {"appearance": {"theme": "light"}, "privacy": {"dataCollection": True}}
    change(alice, {"appearance": {"theme": "dark"}, "privacy": {"dataCollection": False}})
    with app.app_context():
        assert db.session.get(UserSettings, alice.id).document == {}


def test_a_patch_merges_field_by_field_and_answers_the_whole_document(alice):
    change(alice, {"appearance": {"theme": "light"}})
    after = change(alice, {"appearance": {"accentColor": "#A855F7"}, "notifications": {"sounds": {"dm": {"volume": 0.25}}}})
    assert after["appearance"] == {**DEFAULTS["appearance"], "theme": "light", "accentColor": "#a855f7"}
    assert after["notifications"]["sounds"]["dm"] == {"enabled": True, "volume": 0.25}
    assert after["notifications"]["sounds"]["mention"] == {"enabled": True, "volume": 0.8}
    assert settings(alice) == after


def test_an_empty_patch_changes_nothing(alice):
    assert change(alice, {}) == DEFAULTS


@pytest.mark.parametrize(("group", "field"), list(ENUMS))
def test_each_choice_takes_its_values_and_refuses_others(alice, group, field):
    for value in ENUMS[(group, field)]:
        assert change(alice, {group: {field: value}})[group][field] == value
    change(alice, {"general": {"language": "ru"}})  # the refusals below are read in Russian
    for wrong in ("nonsense", "", None, True, 17, ["dark"], {"x": 1}):
        if wrong in ENUMS[(group, field)]:
            continue
        assert refused(alice, {group: {field: wrong}}) == {f"{group}.{field}": CHOICE}, wrong


def test_a_font_size_as_text_is_refused(alice):
    assert refused(alice, {"appearance": {"fontSize": "14"}}) == {"appearance.fontSize": CHOICE}


@pytest.mark.parametrize(("group", "field"), FLAGS)
def test_each_switch_takes_only_true_or_false(alice, group, field):
    flipped = not DEFAULTS[group][field]
    assert change(alice, {group: {field: flipped}})[group][field] is flipped
    for wrong in (1, 0, "true", None):
        assert refused(alice, {group: {field: wrong}}) == {f"{group}.{field}": FLAG}


@pytest.mark.parametrize(("field", "limit"), [(field, limit) for (_, field), limit in TEXTS.items()])
def test_each_profile_text_is_trimmed_and_limited(alice, field, limit):
    assert change(alice, {"profile": {field: "  Лиса  "}})["profile"][field] == "Лиса"
    assert change(alice, {"profile": {field: "я" * limit}})["profile"][field] == "я" * limit
    assert refused(alice, {"profile": {field: "я" * (limit + 1)}}) == {f"profile.{field}": too_long(limit)}
    assert refused(alice, {"profile": {field: 5}}) == {f"profile.{field}": TEXT}
    assert change(alice, {"profile": {field: ""}})["profile"][field] == ""


@pytest.mark.parametrize("color", ["#000000", "#ffffff", "#FF4D4D", "#3b82f6"])
def test_an_accent_colour_is_any_rrggbb(alice, color):
    assert change(alice, {"appearance": {"accentColor": color}})["appearance"]["accentColor"] == color.lower()


@pytest.mark.parametrize("color", ["00ff88", "#0f8", "#00ff8", "#00ff888", "#gg0000", "lime", ""])
def test_other_colours_are_refused(alice, color):
    assert refused(alice, {"appearance": {"accentColor": color}}) == {"appearance.accentColor": "Цвет в формате #rrggbb"}


@pytest.mark.parametrize("where", [["notifications", "masterVolume"], ["notifications", "sounds", "typing", "volume"],
                                   ["notifications", "sounds", "call_start", "volume"]])
def test_volumes_are_numbers_from_0_to_1(alice, where):
    def patch(value):
        body = value
        for key in reversed(where):
            body = {key: body}
        return body

    dotted = ".".join(where)
    for good in (0, 1, 0.35):
        found = change(alice, patch(good))
        for key in where:
            found = found[key]
        assert found == good
    for bad in (-0.01, 1.01, 5, "0.5", True, None):
        assert refused(alice, patch(bad)) == {dotted: VOLUME}, bad


def test_every_sound_switches_on_and_off(alice):
    patch = {"notifications": {"sounds": {name: {"enabled": name == "typing"} for name in SOUND_VOLUMES}}}
    sounds = change(alice, patch)["notifications"]["sounds"]
    assert {name: sound["enabled"] for name, sound in sounds.items()} == {name: name == "typing" for name in SOUND_VOLUMES}
    assert refused(alice, {"notifications": {"sounds": {"dm": {"enabled": "yes"}}}}) == {
        "notifications.sounds.dm.enabled": FLAG}


@pytest.mark.parametrize(("patch", "errors"), [
    ({"appearance": {"foo": 1}}, {"appearance.foo": UNKNOWN}),
    ({"colors": {}}, {"colors": UNKNOWN}),
    ({"notifications": {"sounds": {"beep": {"enabled": True}}}}, {"notifications.sounds.beep": UNKNOWN}),
    ({"notifications": {"sounds": {"dm": {"pitch": 800}}}}, {"notifications.sounds.dm.pitch": UNKNOWN}),
    ({"appearance": "light"}, {"appearance": GROUP}),
    ({"notifications": {"sounds": []}}, {"notifications.sounds": GROUP}),
    ({"appearance": {"font_size": 14}}, {"appearance.font_size": UNKNOWN}),
])
def test_unknown_keys_and_wrong_shapes_are_refused_by_dotted_name(alice, patch, errors):
    assert refused(alice, patch) == errors


def test_the_avatar_url_cannot_be_patched(alice):
    assert refused(alice, {"profile": {"avatarUrl": "https://example.com/me.png"}}) == {
        "profile.avatarUrl": "Аватар меняется загрузкой изображения"}


def test_every_refused_field_is_named_and_nothing_is_saved(alice):
    errors = refused(alice, {"appearance": {"theme": "light", "fontSize": 99}, "profile": {"bio": "я" * 201},
                             "general": {"language": "de"}, "privacy": {"showActivity": False}})
    assert errors == {"appearance.fontSize": CHOICE, "profile.bio": too_long(200), "general.language": CHOICE}
    assert settings(alice) == DEFAULTS


def test_a_body_that_is_not_an_object_is_refused(alice):
    response = alice.client.patch("/api/settings", data="[1]", content_type="application/json", headers=alice.headers())
    assert (response.status_code, response.get_json()["code"]) == (400, "BAD_REQUEST")


def test_reset_brings_every_setting_back_but_keeps_the_avatar(app, alice):
    change(alice, {"appearance": {"theme": "light"}, "profile": {"bio": "обо мне", "status": "busy"},
                   "privacy": {"friendRequests": "none", "showActivity": False}})
    with app.app_context():
        from lobby.accounts.models import User

        db.session.get(User, alice.id).profile_image_url = "/api/users/1/avatar?v=kept"
        db.session.commit()
    response = alice.post("/api/settings/reset")
    assert response.status_code == 200
    assert response.get_json()["settings"] == {**DEFAULTS, "profile": {**DEFAULTS["profile"],
                                                                      "avatarUrl": "/api/users/1/avatar?v=kept"}}
    assert settings(alice)["privacy"] == DEFAULTS["privacy"]


def test_profile_fields_show_on_the_user_everywhere(alice, bob, create_server):
    change(alice, {"profile": {"displayName": "Лиса", "bio": "играю", "pronouns": "она", "customStatus": "в рейде"}})
    profile = {"displayName": "Лиса", "bio": "играю", "pronouns": "она", "customStatus": "в рейде"}
    me = alice.get("/api/auth/me").get_json()
    me = me.get("user", me)
    assert {key: me[key] for key in profile} == profile
    server = create_server("bob")
    assert alice.post(f"/api/servers/join/{server['inviteCode']}").status_code == 200
    members = bob.get(f"/api/servers/{server['id']}/members").get_json()["members"]
    found = next(m["user"] for m in members if m["user"]["id"] == alice.id)
    assert {key: found[key] for key in profile} == profile


@pytest.mark.parametrize(("method", "path"), [("get", "/api/settings"), ("patch", "/api/settings"),
                                              ("post", "/api/settings/reset"), ("get", "/api/settings/export"),
                                              ("post", "/api/settings/import"), ("post", "/api/settings/avatar"),
                                              ("delete", "/api/settings/avatar")])
def test_anonymous_callers_get_401(people, method, path):
    response = getattr(people("anonymous"), method)(path)
    assert (response.status_code, response.get_json()["code"]) == (401, "UNAUTHORIZED")


def test_one_user_never_reads_or_changes_anothers(alice, bob):
    change(alice, {"appearance": {"theme": "light"}, "profile": {"bio": "алиса"}})
    assert settings(bob) == DEFAULTS
    change(bob, {"appearance": {"theme": "auto"}})
    bob.post("/api/settings/reset")
    bob.post("/api/settings/import", json={"general": {"language": "en"}})
    mine = settings(alice)
    assert (mine["appearance"]["theme"], mine["profile"]["bio"], mine["general"]["language"]) == ("light", "алиса", "ru")
