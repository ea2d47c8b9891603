"""Avatars: a real picture re-encoded as a small WebP and served like server icons, linked from
the user's `profileImageUrl`; anything else refused; removal."""
from io import BytesIO

from PIL import Image

from lobby.settings import avatars
from tests.settings.conftest import error_of, settings


def picture(kind: str = "PNG", size=(640, 480), color=(200, 30, 90)) -> bytes:
    out = BytesIO()
    Image.new("RGB", size, color).save(out, format=kind)
    return out.getvalue()


def upload(person, data: bytes, name: str = "me.png"):
    return person.upload("/api/settings/avatar", {"avatar": (data, name)})


def test_a_picture_becomes_the_avatar_as_a_small_webp(alice, bob):
    response = upload(alice, picture("JPEG", (1200, 800)), "photo.jpg")
    assert response.status_code == 200, response.get_json()
    url = response.get_json()["settings"]["profile"]["avatarUrl"]
    assert url.startswith(f"/api/users/{alice.id}/avatar?v=")
    me = alice.get("/api/auth/me").get_json()
    assert me.get("user", me)["profileImageUrl"] == url
    served = bob.get(url)  # anyone signed in may see it
    assert (served.status_code, served.mimetype) == (200, "image/webp")
    assert served.headers["X-Content-Type-Options"] == "nosniff"
    with Image.open(BytesIO(served.data)) as image:
        assert image.format == "WEBP" and max(image.size) == 256


def test_png_gif_and_webp_are_taken(alice):
    for kind in ("PNG", "GIF", "WEBP"):
        assert upload(alice, picture(kind, (64, 64)), f"a.{kind.lower()}").status_code == 200, kind


def test_a_new_avatar_replaces_the_old_file(app, alice):
    first = upload(alice, picture()).get_json()["settings"]["profile"]["avatarUrl"]
    second = upload(alice, picture(color=(0, 0, 255))).get_json()["settings"]["profile"]["avatarUrl"]
    assert first != second
    with app.app_context():
        assert len(list(avatars.folder().iterdir())) == 1


def test_a_file_that_is_not_a_picture_is_refused(alice):
    response = upload(alice, b"%PDF-1.4 not a picture", "me.png")
    body = response.get_json()
    assert (response.status_code, body["errors"]) == (422, {"avatar": "Аватар должен быть изображением"})
    assert settings(alice)["profile"]["avatarUrl"] is None


def test_a_file_over_5_mb_is_refused(alice):
    response = upload(alice, picture("PNG", (8, 8)) + b"\0" * (5 * 1024 * 1024), "big.png")
    assert (response.status_code, response.get_json()["errors"]) == (422, {"avatar": "Файл слишком большой (максимум 5 МБ)"})


def test_a_form_without_a_file_is_refused(alice):
    response = alice.upload("/api/settings/avatar", {"other": "x"})
    assert (response.status_code, response.get_json()["errors"]) == (422, {"avatar": "Выберите изображение"})


def test_removing_the_avatar_clears_it_everywhere(app, alice, bob):
    url = upload(alice, picture()).get_json()["settings"]["profile"]["avatarUrl"]
    response = alice.delete("/api/settings/avatar")
    assert response.status_code == 200
    assert response.get_json()["settings"]["profile"]["avatarUrl"] is None
    me = alice.get("/api/auth/me").get_json()
    assert me.get("user", me)["profileImageUrl"] is None
    assert error_of(bob.get(url))[:2] == (404, "NOT_FOUND")
    with app.app_context():
        assert list(avatars.folder().iterdir()) == []


def test_the_picture_needs_a_signed_in_caller(alice, people):
    url = upload(alice, picture()).get_json()["settings"]["profile"]["avatarUrl"]
    assert people("anonymous").get(url).status_code == 401
