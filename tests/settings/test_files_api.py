"""Export and import (spec §5 Settings import): a download without the avatar, laid back over the
defaults, a broken file refused with the spec's text."""
import pytest

from tests.settings.conftest import change, error_of, settings
from tests.settings.test_document_api import DEFAULTS

BAD_FILE = (400, "BAD_SETTINGS_FILE", "Неверный формат файла настроек")


def test_export_is_a_download_of_the_document_without_the_avatar(alice):
    change(alice, {"appearance": {"theme": "light"}})
    response = alice.get("/api/settings/export")
    assert response.status_code == 200
    assert response.headers["Content-Disposition"] == 'attachment; filename="lobby-settings.json"'
    exported = response.get_json()
    assert "avatarUrl" not in exported["profile"]
    assert exported["appearance"]["theme"] == "light"


def test_an_exported_file_imports_back_elsewhere(alice, bob):
    change(alice, {"appearance": {"theme": "light", "fontSize": 18}, "general": {"timeFormat": "12h"}})
    exported = alice.get("/api/settings/export").get_json()
    response = bob.post("/api/settings/import", json=exported)
    assert response.status_code == 200, response.get_json()
    mine = settings(bob)
    assert (mine["appearance"]["fontSize"], mine["general"]["timeFormat"]) == (18, "12h")


def test_an_import_is_laid_over_the_defaults_not_over_the_current_settings(alice):
    change(alice, {"appearance": {"theme": "light"}, "general": {"language": "en"}})
    response = alice.post("/api/settings/import", json={"appearance": {"fontSize": 16}})
    assert response.status_code == 200
    imported = response.get_json()["settings"]
    assert imported["appearance"] == {**DEFAULTS["appearance"], "fontSize": 16}
    assert imported["general"]["language"] == "ru"


def test_the_body_of_get_settings_imports_too(alice):
    body = {"settings": {**DEFAULTS, "appearance": {**DEFAULTS["appearance"], "theme": "auto"}}}
    response = alice.post("/api/settings/import", json=body)
    assert response.status_code == 200, response.get_json()
    assert settings(alice)["appearance"]["theme"] == "auto"


@pytest.mark.parametrize("body", ["[1, 2]", '"настройки"', "42", "null", "{broken", "", "не json"])
def test_a_file_that_is_not_a_json_object_is_refused_with_the_specs_text(alice, body):
    change(alice, {"appearance": {"theme": "light"}})
    response = alice.client.post("/api/settings/import", data=body, content_type="application/json",
                                 headers=alice.headers())
    assert error_of(response) == BAD_FILE
    assert settings(alice)["appearance"]["theme"] == "light"


def test_a_file_with_bad_fields_is_refused_by_dotted_name_and_nothing_changes(alice):
    change(alice, {"appearance": {"theme": "light"}})
    response = alice.post("/api/settings/import", json={"appearance": {"fontSize": 99, "glow": True}})
    body = response.get_json()
    assert (response.status_code, body["code"]) == (422, "VALIDATION_ERROR")
    assert body["errors"] == {"appearance.fontSize": "Недопустимое значение", "appearance.glow": "Неизвестная настройка"}
    assert settings(alice)["appearance"]["theme"] == "light"


def test_an_avatar_url_in_a_file_is_ignored(alice):
    response = alice.post("/api/settings/import", json={"profile": {"avatarUrl": "https://evil.example/x.png"}})
    assert response.status_code == 200
    assert settings(alice)["profile"]["avatarUrl"] is None
