"""The personal settings pages without JavaScript (lobby/settings_pages.py): every section renders,
a plain POST saves and redirects, a refusal shows its error beside the field and saves nothing, and
htmx gets fragments."""
from __future__ import annotations

import io
import json
import re

import pytest

from lobby.accounts import actions
from lobby.accounts.actions import find_user
from lobby.settings.store import settings_of
from tests.accounts.conftest import PASSWORD

SECTIONS = ["profile", "appearance", "notifications", "privacy", "accessibility", "general"]
HTMX = {"HX-Request": "true"}


def person(app, username: str, first_name: str = "Ольга") -> None:
    with app.app_context():
        actions.do_register({"username": username, "email": f"{username}@example.com", "firstName": first_name,
                             "lastName": "Тестова", "password": PASSWORD}, verified=True)


def signed_in(app, username: str = "olga", client=None):
    person(app, username)
    client = client or app.test_client()
    answer = client.post("/auth", data={"emailOrUsername": username, "password": PASSWORD})
    assert answer.status_code == 302
    return client


def settings_for(app, username: str) -> dict:
    with app.app_context():
        return settings_of(find_user(username).id)


def html_tag(response) -> str:
    return re.search(r"<html[^>]*>", response.get_data(as_text=True)).group(0)


def error_beside(response, field: str) -> str:
    found = re.search(rf'id="error-{field}"[^>]*>([^<]*)<', response.get_data(as_text=True))
    return found.group(1) if found else ""


@pytest.mark.parametrize("section", SECTIONS)
def test_every_section_renders_with_its_tabs_and_footer(app, section):
    client = signed_in(app)
    page = client.get(f"/app/settings/{section}" + ("?edit" if section == "profile" else "")).get_data(as_text=True)
    assert 'id="settings-form"' in page and "Сохранить изменения" in page
    assert 'href="/app/settings/account"' in page and "Экспорт настроек" in page
    assert 'aria-current="page"' in page and '<html lang="ru"' in page


def test_settings_home_goes_to_the_profile(app):
    client = signed_in(app)
    assert client.get("/app/settings").headers["Location"].endswith("/app/settings/profile")


def test_anonymous_visitors_are_sent_to_sign_in(client):
    assert "/auth" in client.get("/app/settings/appearance").headers["Location"]


def test_a_plain_post_saves_and_redirects_with_a_flash(app):
    client = signed_in(app)
    answer = client.post("/app/settings/profile", data={"displayName": "Оля", "bio": "Играю по вечерам"})
    assert answer.status_code == 303 and answer.headers["Location"].endswith("/app/settings/profile")
    assert settings_for(app, "olga")["profile"]["displayName"] == "Оля"
    page = client.get("/app/settings/profile").get_data(as_text=True)
    assert "Сохранено" in page and "Оля" in page and "Играю по вечерам" in page


def test_the_profile_is_shown_and_edited_with_save_and_cancel(app):
    client = signed_in(app)
    shown = client.get("/app/settings/profile").get_data(as_text=True)
    assert "Редактировать профиль" in shown and 'href="/app/settings/profile?edit"' in shown
    assert 'id="settings-form"' not in shown and "Ольга Тестова" in shown  # no display name: the full name
    editing = client.get("/app/settings/profile?edit").get_data(as_text=True)
    assert 'id="settings-form"' in editing and 'hx-trigger=' not in editing.split('id="settings-form"')[1].split(">")[0]
    assert "Сохранить изменения" in editing and re.search(r'<a [^>]*href="/app/settings/profile"[^>]*>Отмена</a>', editing)
    answer = client.post("/app/settings/profile", data={"displayName": "Оля", "pronouns": "она"})
    assert answer.status_code == 303 and answer.headers["Location"].endswith("/app/settings/profile")
    shown = client.get("/app/settings/profile").get_data(as_text=True)
    assert "Оля" in shown and "она" in shown and 'id="settings-form"' not in shown


def test_with_htmx_a_profile_save_answers_the_profile_as_it_is_now(app):
    client = signed_in(app)
    answer = client.post("/app/settings/profile", data={"displayName": "Оля"}, headers=HTMX)
    body = answer.get_data(as_text=True)
    assert answer.status_code == 200 and body.lstrip().startswith('<div id="settings-frame"')
    assert "Оля" in body and "Редактировать профиль" in body and "Сохранено" in body
    assert json.loads(answer.headers["HX-Trigger"])["lobby:settings"]["profile"]["displayName"] == "Оля"
    refused = client.post("/app/settings/profile", data={"bio": "я" * 201}, headers=HTMX)
    assert refused.status_code == 422 and 'id="settings-form"' in refused.get_data(as_text=True)  # still editing
    assert error_beside(refused, "bio")


def test_appearance_is_rendered_into_every_page(app):
    client = signed_in(app)
    client.post("/app/settings/appearance", data={"theme": "light", "accentPreset": "#a855f7", "fontSize": "16"})
    client.post("/app/settings/accessibility", data={"highContrast": "on", "reduceMotion": "on"})
    tag = html_tag(client.get("/app"))
    assert 'data-theme="light"' in tag and 'data-font-size="16"' in tag
    assert "high-contrast" in tag and "reduce-motion" in tag
    assert "/app/settings/accent.css?c=a855f7" in client.get("/app").get_data(as_text=True)
    css = client.get("/app/settings/accent.css?c=a855f7")
    assert css.mimetype == "text/css" and "--accent:#a855f7" in css.get_data(as_text=True)


def test_spellcheck_off_reaches_the_composer_through_the_page(app):
    """Every text field without its own `spellcheck` (the chat's composer has none) inherits <html>'s."""
    client = signed_in(app)
    assert "spellcheck" not in html_tag(client.get("/app"))
    client.post("/app/settings/general", data={"enableSpellcheck": ["off"]})
    assert settings_for(app, "olga")["general"]["enableSpellcheck"] is False
    assert 'spellcheck="false"' in html_tag(client.get("/app"))


def test_unchecked_checkboxes_turn_off_and_absent_fields_stay(app):
    client = signed_in(app)
    client.post("/app/settings/appearance", data={"showAvatars": ["off"], "theme": "light"})
    client.post("/app/settings/appearance", data={"fontSize": "12"})
    appearance = settings_for(app, "olga")["appearance"]
    assert appearance["showAvatars"] is False and appearance["theme"] == "light" and appearance["fontSize"] == 12


def test_a_bad_value_shows_its_error_beside_the_field_and_saves_nothing(app):
    client = signed_in(app)
    answer = client.post("/app/settings/appearance", data={"theme": "light", "fontSize": "17"})
    assert answer.status_code == 422
    assert error_beside(answer, "fontSize") == "Недопустимое значение"
    assert 'aria-invalid="true"' in answer.get_data(as_text=True)
    assert settings_for(app, "olga")["appearance"]["theme"] == "dark"


def test_a_too_long_bio_is_refused_beside_it(app):
    client = signed_in(app)
    answer = client.post("/app/settings/profile", data={"bio": "я" * 201})
    assert answer.status_code == 422 and "200" in error_beside(answer, "bio")


def test_a_sound_volume_out_of_range_is_refused_beside_it(app):
    client = signed_in(app)
    answer = client.post("/app/settings/notifications", data={"sounds.dm.volume": "1.5"})
    assert answer.status_code == 422 and error_beside(answer, "sounds-dm-volume")
    client.post("/app/settings/notifications", data={"sounds.dm.volume": "0.25", "masterVolume": "0.5"})
    notifications = settings_for(app, "olga")["notifications"]
    assert notifications["sounds"]["dm"]["volume"] == 0.25 and notifications["masterVolume"] == 0.5


def test_csrf_token_is_required(make_app, app):
    protected = make_app({"WTF_CSRF_ENABLED": True})
    person(protected, "olga")
    client = protected.test_client()
    login = client.get("/auth").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', login).group(1)
    client.post("/auth", data={"csrf_token": token, "emailOrUsername": "olga", "password": PASSWORD})
    assert client.post("/app/settings/appearance", data={"theme": "light"}).status_code == 400
    page = client.get("/app/settings/appearance").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    assert client.post("/app/settings/appearance", data={"csrf_token": token, "theme": "light"}).status_code == 303
    assert settings_for(protected, "olga")["appearance"]["theme"] == "light"


def test_another_persons_settings_are_never_shown(app):
    olga = signed_in(app, "olga")
    olga.post("/app/settings/profile", data={"displayName": "Тайная Оля", "bio": "секрет"})
    olga.post("/app/settings/appearance", data={"theme": "light"})
    ivan = signed_in(app, "ivan")
    page = ivan.get("/app/settings/profile")
    assert "Тайная Оля" not in page.get_data(as_text=True) and "секрет" not in page.get_data(as_text=True)
    assert 'data-theme="dark"' in html_tag(page)
    assert "Тайная Оля" not in ivan.get("/app/settings/export").get_data(as_text=True)


def test_htmx_gets_the_frame_alone(app):
    client = signed_in(app)
    fragment = client.get("/app/settings/privacy", headers=HTMX).get_data(as_text=True)
    assert fragment.lstrip().startswith('<div id="settings-frame"') and "<html" not in fragment
    assert "Кто видит, что я в сети" in fragment


def test_an_htmx_save_answers_the_status_out_of_band_and_tells_the_islands(app):
    client = signed_in(app)
    answer = client.post("/app/settings/appearance", data={"theme": "light"}, headers=HTMX)
    assert answer.status_code == 200
    body = answer.get_data(as_text=True)
    assert 'id="settings-status"' in body and "Сохранено" in body and 'hx-swap-oob="true"' in body
    assert "<form" not in body  # the fields being typed in are never replaced
    told = json.loads(answer.headers["HX-Trigger"])["lobby:settings"]
    assert told["appearance"]["theme"] == "light"


def test_an_htmx_refusal_swaps_the_error_in_beside_the_field(app):
    client = signed_in(app)
    answer = client.post("/app/settings/appearance", data={"fontSize": "99"}, headers=HTMX)
    assert answer.status_code == 422 and "HX-Trigger" not in answer.headers
    assert error_beside(answer, "fontSize") == "Недопустимое значение"


def test_export_downloads_the_document_without_the_avatar(app):
    client = signed_in(app)
    answer = client.get("/app/settings/export")
    assert 'filename="lobby-settings.json"' in answer.headers["Content-Disposition"]
    document = json.loads(answer.get_data(as_text=True))
    assert set(document) == {"profile", "appearance", "notifications", "privacy", "accessibility", "general"}
    assert "avatarUrl" not in document["profile"]


def upload(client, body: bytes, headers=None):
    return client.post("/app/settings/import", data={"section": "general", "file": (io.BytesIO(body), "s.json")},
                       content_type="multipart/form-data", headers=headers or {})


def test_import_merges_a_file_over_the_defaults(app):
    client = signed_in(app)
    client.post("/app/settings/general", data={"timeFormat": "12h"})
    answer = upload(client, json.dumps({"appearance": {"theme": "light"}}).encode())
    assert answer.status_code == 303
    settings = settings_for(app, "olga")
    assert settings["appearance"]["theme"] == "light" and settings["general"]["timeFormat"] == "24h"


@pytest.mark.parametrize("body, message", [
    (b"{not json", "Неверный формат файла настроек"),
    (b"[1, 2]", "Неверный формат файла настроек"),
    (b"\xff\xfe\x00bad", "Ошибка чтения файла"),
])
def test_import_errors_are_the_specs(app, body, message):
    client = signed_in(app)
    answer = upload(client, body)
    assert answer.status_code == 400 and error_beside(answer, "import") == message
    assert settings_for(app, "olga")["appearance"]["theme"] == "dark"


def test_an_import_with_a_bad_value_saves_nothing(app):
    client = signed_in(app)
    answer = upload(client, json.dumps({"appearance": {"fontSize": 99}}).encode(), HTMX)
    assert answer.status_code == 422 and "Неверный формат файла настроек" in error_beside(answer, "import")
    assert '<div id="settings-frame"' in answer.get_data(as_text=True)


def test_reset_asks_first_without_javascript_then_resets(app):
    client = signed_in(app)
    client.post("/app/settings/appearance", data={"theme": "light"})
    question = client.post("/app/settings/reset", data={"section": "appearance"})
    assert question.status_code == 200
    assert "Вы уверены, что хотите сбросить все настройки к значениям по умолчанию?" in question.get_data(as_text=True)
    assert settings_for(app, "olga")["appearance"]["theme"] == "light"
    done = client.post("/app/settings/reset", data={"section": "appearance", "confirmed": "yes"})
    assert done.status_code == 303 and settings_for(app, "olga")["appearance"]["theme"] == "dark"


def test_the_chat_without_javascript_shows_times_in_the_chosen_clock(app):
    from lobby.settings_look import look_of
    client = signed_in(app)
    client.post("/app/settings/general", data={"timeFormat": "12h", "dateFormat": "yyyy-mm-dd"})
    assert look_of(settings_for(app, "olga"))["data"]["time-format"] == "12h"
    with app.test_request_context():
        from flask_login import login_user
        from lobby.user_time import user_time
        with app.app_context():
            login_user(find_user("olga"))
            assert user_time("2026-03-01T21:05:00") == "2026-03-01 09:05 PM UTC"
            assert user_time("2026-03-01T23:05:00+02:00") == "2026-03-01 09:05 PM UTC"


def test_the_default_date_format_reads_as_its_option_with_slashes(app):
    from lobby.user_time import user_time
    assert user_time("2026-03-01T21:05:00", settings={"general": {}}) == "01/03/2026 21:05 UTC"
    assert user_time("2026-03-01T21:05:00", settings={"general": {"dateFormat": "mm/dd/yyyy"}},
                     time=False) == "03/01/2026"


def test_the_sessions_list_shows_its_times_in_the_chosen_date_and_clock_formats(app):
    client = signed_in(app)
    page = client.get("/app/settings/account").get_data(as_text=True)
    stamps = re.findall(r'<time datetime="[^"]+">([^<]+)</time>', page)
    assert stamps and all(re.fullmatch(r"\d{2}/\d{2}/\d{4} \d{2}:\d{2} UTC", stamp) for stamp in stamps), stamps
    client.post("/app/settings/general", data={"timeFormat": "12h", "dateFormat": "yyyy-mm-dd"})
    page = client.get("/app/settings/account").get_data(as_text=True)
    stamps = re.findall(r'<time datetime="[^"]+">([^<]+)</time>', page)
    assert stamps and all(re.fullmatch(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2} (AM|PM) UTC", stamp) for stamp in stamps), stamps


def test_an_avatar_is_uploaded_and_removed_through_the_profile_page(app):
    from PIL import Image
    client = signed_in(app)
    picture = io.BytesIO()
    Image.new("RGB", (40, 30), "purple").save(picture, "PNG")
    picture.seek(0)
    answer = client.post("/app/settings/profile/avatar", data={"avatar": (picture, "me.png")},
                         content_type="multipart/form-data")
    assert answer.status_code == 303
    url = settings_for(app, "olga")["profile"]["avatarUrl"]
    assert url and url in client.get("/app/settings/profile").get_data(as_text=True)
    refused = client.post("/app/settings/profile/avatar", data={"avatar": (io.BytesIO(b"not a picture"), "x.png")},
                          content_type="multipart/form-data")
    assert refused.status_code in (400, 413, 415, 422) and error_beside(refused, "avatar")
    assert client.post("/app/settings/profile/avatar/remove").status_code == 303
    assert settings_for(app, "olga")["profile"]["avatarUrl"] is None


def test_the_app_without_javascript_links_to_the_settings(app):
    client = signed_in(app)
    assert 'href="/app/settings"' in client.get("/app").get_data(as_text=True)


@pytest.mark.parametrize("language, hints", [
    ("ru", {"general": ["«Копировать ID»"], "privacy": ["Lobby не собирает данные", "В Lobby нет аналитики"]}),
    ("en", {"general": ["“Copy ID”"], "privacy": ["Lobby collects no usage data", "Lobby has no analytics"]}),
])
def test_privacy_switches_say_what_they_mean_and_desktop_switches_are_not_shown(app, language, hints):
    client = signed_in(app)
    client.post("/app/settings/general", data={"language": language})
    for section, texts in hints.items():
        page = client.get(f"/app/settings/{section}").get_data(as_text=True)
        for text in texts:
            assert text in page, (section, text)
    general = client.get("/app/settings/general").get_data(as_text=True)
    for name in ("betaFeatures", "autoUpdate", "minimizeToTray"):  # a desktop app's: nothing on the web
        assert f'name="{name}"' not in general


def test_a_general_save_leaves_the_hidden_desktop_switches_as_they_were(app):
    client = signed_in(app)
    before = settings_for(app, "olga")["general"]
    assert client.post("/app/settings/general", data={"developerMode": "on"}).status_code == 303
    after = settings_for(app, "olga")["general"]
    assert after["developerMode"] is True
    assert {k: after[k] for k in ("betaFeatures", "autoUpdate", "minimizeToTray")} == \
        {k: before[k] for k in ("betaFeatures", "autoUpdate", "minimizeToTray")}


def test_with_htmx_an_avatar_change_answers_the_frame_and_tells_the_page(app):
    from PIL import Image
    client = signed_in(app)
    picture = io.BytesIO()
    Image.new("RGB", (40, 30), "purple").save(picture, "PNG")
    picture.seek(0)
    answer = client.post("/app/settings/profile/avatar", data={"avatar": (picture, "me.png")},
                         content_type="multipart/form-data", headers=HTMX)
    url = settings_for(app, "olga")["profile"]["avatarUrl"]
    assert answer.status_code == 200 and 'id="settings-frame"' in answer.get_data(as_text=True)
    assert url in answer.get_data(as_text=True)  # the new picture, in place
    assert json.loads(answer.headers["HX-Trigger"])["lobby:settings"]["profile"]["avatarUrl"] == url
    removed = client.post("/app/settings/profile/avatar/remove", headers=HTMX)
    assert removed.status_code == 200 and url not in removed.get_data(as_text=True)
    assert json.loads(removed.headers["HX-Trigger"])["lobby:settings"]["profile"]["avatarUrl"] is None
