"""`POST /api/servers` (JSON or multipart with an icon): templates, the spec's validation messages,
icons checked by content and re-encoded, and `GET /api/servers/{id}/icon`."""
from io import BytesIO
from pathlib import Path

import pytest
from PIL import Image

from lobby.servers.icons import MAX_BYTES
from tests.messages.pictures import Decodes, job_worker, jpeg_claiming, png_of  # noqa: F401 (fixture)
from tests.servers.conftest import error_of, picture

TOO_BIG = "Файл слишком большой. Максимальный размер: 5MB"
NOT_AN_IMAGE = "Можно загружать только изображения"
TOO_MANY_PIXELS = "Изображение слишком большое. Максимальный размер: 25 мегапикселей"


def channels_of(person, server) -> list[tuple[str, str]]:
    response = person.get(f"/api/servers/{server['id']}/channels")
    assert response.status_code == 200
    return [(channel["name"], channel["type"]) for channel in response.get_json()["channels"]]


def stored_icons(app) -> list[Path]:
    return sorted((Path(app.config["UPLOAD_FOLDER"]) / "server-icons").glob("*"))


def invalid(response, field: str, message: str) -> None:
    assert response.status_code == 422, response.get_json()
    assert response.get_json() == {"message": message, "code": "VALIDATION_ERROR", "errors": {field: message}}


# Templates


@pytest.mark.parametrize("template, channels", [
    ("gaming", [("общий", "TEXT"), ("игра", "TEXT"), ("голосовой", "VOICE")]),
    ("community", [("добро-пожаловать", "TEXT"), ("общение", "TEXT"), ("новости", "TEXT")]),
    ("custom", [("основной", "TEXT")]),
])
def test_each_template_creates_the_spec_channels(people, create_server, template, channels):
    server = create_server(template=template)
    assert channels_of(people("owner"), server) == channels


def test_without_a_template_the_server_gets_the_custom_channel(people):
    response = people("owner").post("/api/servers", json={"name": "Просто сервер"})
    assert response.status_code == 201
    assert channels_of(people("owner"), response.get_json()["server"]) == [("основной", "TEXT")]


def test_the_creator_owns_the_new_server_and_is_its_only_member(people):
    response = people("owner").post("/api/servers", json={"name": "  Кибер Арена  ", "description": " Турниры ",
                                                         "template": "gaming", "isPublic": True})
    assert response.status_code == 201
    assert response.get_json()["message"] == "Сервер создан успешно"
    server = response.get_json()["server"]
    assert (server["name"], server["description"], server["category"]) == ("Кибер Арена", "Турниры", "gaming")
    assert server["owner"] == {"id": people("owner").id, "username": "owner", "displayName": "Тест Тестов",
                               "profileImageUrl": None} and server["myRole"] == "owner"
    assert (server["isPublic"], server["isVerified"], server["memberCount"], server["channelCount"]) == (True, False, 1, 3)
    assert server["iconUrl"] is None and len(server["inviteCode"]) == 12
    members = people("owner").get(f"/api/servers/{server['id']}/members").get_json()["members"]
    assert [(m["user"]["username"], m["role"]) for m in members] == [("owner", "owner")]


def test_servers_are_public_unless_asked_otherwise(create_server):
    assert create_server(isPublic=None)["isPublic"] is True
    assert create_server(isPublic=False)["isPublic"] is False


def test_the_category_follows_the_template_unless_given(create_server):
    assert create_server(template="gaming")["category"] == "gaming"
    assert create_server(template="community")["category"] == "community"
    assert create_server(template="custom", category="creative")["category"] == "creative"


def test_invite_codes_differ_between_servers(create_server):
    assert create_server(name="Первый")["inviteCode"] != create_server(name="Второй")["inviteCode"]


def test_an_anonymous_caller_cannot_create_a_server(people):
    assert people("anonymous").post("/api/servers", json={"name": "Мой сервер"}).status_code == 401


# Validation


@pytest.mark.parametrize("name, message", [
    ("", "Введите название сервера"),
    ("    ", "Введите название сервера"),
    ("A", "Название должно содержать минимум 2 символа"),
    ("Я" * 101, "Название слишком длинное"),
    ("<b>Жирный</b>", "Только буквы, цифры, пробелы и дефисы"),
    ("Игры 🎮", "Только буквы, цифры, пробелы и дефисы"),
    ("Сервер!", "Только буквы, цифры, пробелы и дефисы"),
])
def test_a_bad_name_gets_the_spec_message(people, name, message):
    invalid(people("owner").post("/api/servers", json={"name": name}), "name", message)


@pytest.mark.parametrize("name", ["Ab", "Я" * 100, "Ёлка_2024 - Server", "игры-и-музыка"])
def test_names_of_letters_digits_spaces_hyphens_and_underscores_are_accepted(create_server, name):
    assert create_server(name=name)["name"] == name


def test_a_description_over_500_characters_is_refused(people, create_server):
    invalid(people("owner").post("/api/servers", json={"name": "Сервер", "description": "д" * 501}),
            "description", "Описание слишком длинное")
    assert create_server(description="д" * 500)["description"] == "д" * 500


def test_an_unknown_template_or_category_is_refused(people):
    invalid(people("owner").post("/api/servers", json={"name": "Сервер", "template": "shooter"}),
            "template", "Неизвестный шаблон")
    invalid(people("owner").post("/api/servers", json={"name": "Сервер", "category": "cooking"}),
            "category", "Неизвестная категория")


def test_every_bad_field_is_reported_at_once(people):
    response = people("owner").post("/api/servers", json={"name": "", "description": "д" * 501, "template": "x"})
    assert response.get_json()["errors"] == {"name": "Введите название сервера", "description": "Описание слишком длинное",
                                             "template": "Неизвестный шаблон"}


def test_a_body_that_is_not_a_json_object_is_refused(people):
    response = people("owner").post("/api/servers", data="[1, 2]", content_type="application/json")
    assert error_of(response) == (400, "BAD_REQUEST", "Ожидается JSON-объект")


def test_a_refused_server_is_not_created(people):
    people("owner").post("/api/servers", json={"name": "A"})
    assert people("owner").get("/api/servers").get_json()["servers"] == []


# Multipart and icons


def test_a_multipart_form_creates_a_server_with_its_fields(people):
    response = people("owner").upload("/api/servers", {"name": "Форма", "description": "Из формы", "template": "community",
                                                       "isPublic": "false"})
    assert response.status_code == 201, response.get_json()
    server = response.get_json()["server"]
    assert (server["name"], server["description"], server["isPublic"], server["iconUrl"]) == ("Форма", "Из формы", False, None)
    assert channels_of(people("owner"), server)[0] == ("добро-пожаловать", "TEXT")


def test_a_multipart_form_is_validated_like_json(people):
    invalid(people("owner").upload("/api/servers", {"name": "<script>"}), "name", "Только буквы, цифры, пробелы и дефисы")


def test_an_uploaded_png_is_stored_re_encoded_and_served_from_our_url(app, people):
    owner = people("owner")
    response = owner.upload("/api/servers", {"name": "С иконкой", "icon": (picture(size=(512, 512)), "logo.png")})
    assert response.status_code == 201, response.get_json()
    server = response.get_json()["server"]
    assert server["iconUrl"].startswith(f"/api/servers/{server['id']}/icon")
    [stored] = stored_icons(app)
    with Image.open(stored) as image:
        assert image.format == "PNG" and image.size == (256, 256)  # re-encoded, not the upload's bytes
    served = owner.get(server["iconUrl"])
    assert served.status_code == 200
    assert served.mimetype == "image/png"
    assert served.headers["X-Content-Type-Options"] == "nosniff"
    assert served.data == stored.read_bytes()


def test_an_uploaded_jpeg_comes_back_as_png(people):
    owner = people("owner")
    server = owner.upload("/api/servers", {"name": "Джипег", "icon": (picture("JPEG"), "photo.jpg")}).get_json()["server"]
    served = owner.get(server["iconUrl"])
    assert served.mimetype == "image/png"
    with Image.open(BytesIO(served.data)) as image:
        assert image.format == "PNG" and image.size == (64, 64)


def test_a_text_file_named_png_is_not_an_image(app, people):
    response = people("owner").upload("/api/servers", {"name": "Подделка", "icon": (b"<?php echo 'hi'; ?>", "logo.png")})
    invalid(response, "icon", NOT_AN_IMAGE)
    assert people("owner").get("/api/servers").get_json()["servers"] == []
    assert stored_icons(app) == []


def test_an_icon_over_5_mb_is_refused(app, people):
    huge = picture() + b"\0" * (MAX_BYTES + 1 - len(picture()))
    invalid(people("owner").upload("/api/servers", {"name": "Большой", "icon": (huge, "big.png")}), "icon", TOO_BIG)
    assert stored_icons(app) == []


@pytest.mark.filterwarnings("ignore::PIL.Image.DecompressionBombWarning")  # silenced by the app; pytest resets it
@pytest.mark.parametrize("data", [png_of(8000, 8000), jpeg_claiming(8000, 8000), png_of(5001, 5000)],
                         ids=["probe-png-186KB", "jpeg-8000", "png-25.005MP"])
def test_an_icon_of_too_many_pixels_is_refused_before_it_is_decoded(app, people, monkeypatch, data):
    decodes = Decodes().watch(monkeypatch)
    response = people("owner").upload("/api/servers", {"name": "Огромный", "icon": (data, "huge.png")})
    invalid(response, "icon", TOO_MANY_PIXELS)
    assert decodes.sizes == [] and stored_icons(app) == []
    assert people("owner").get("/api/servers").get_json()["servers"] == []


def test_a_large_jpeg_icon_is_decoded_at_a_fraction_of_its_size(people, monkeypatch):
    decodes = Decodes().watch(monkeypatch)
    photo = BytesIO()
    Image.new("RGB", (1600, 1200), "orange").save(photo, format="JPEG")  # light: shrunk by the web worker
    server = people("owner").upload("/api/servers", {"name": "Фото", "icon": (photo.getvalue(), "p.jpg")}).get_json()["server"]
    assert decodes.sizes == [(800, 600)]  # 1/2 scale: the smallest at least 512 px, then reduced
    with Image.open(BytesIO(people("owner").get(server["iconUrl"]).data)) as image:
        assert image.size == (256, 192) and image.mode == "RGBA"


def test_an_icon_of_exactly_5_mb_is_accepted(people, job_worker):  # over 1 MB: re-encoded by the job
    exact = picture() + b"\0" * (MAX_BYTES - len(picture()))  # trailing bytes after the image end
    response = people("owner").upload("/api/servers", {"name": "Ровно пять", "icon": (exact, "five.png")})
    assert response.status_code == 201, response.get_json()


def test_an_empty_file_field_means_no_icon(people):
    response = people("owner").upload("/api/servers", {"name": "Без иконки", "icon": (b"", "")})
    assert response.status_code == 201 and response.get_json()["server"]["iconUrl"] is None


def test_other_people_see_a_public_servers_icon(people):
    server = people("owner").upload("/api/servers", {"name": "Витрина", "icon": (picture(), "a.png")}).get_json()["server"]
    assert people("outsider").get(server["iconUrl"]).status_code == 200


def test_a_private_servers_icon_is_served_only_to_members(people):
    owner = people("owner")
    server = owner.upload("/api/servers", {"name": "Тайна", "isPublic": "false",
                                           "icon": (picture(), "a.png")}).get_json()["server"]
    assert error_of(people("outsider").get(server["iconUrl"])) == (404, "SERVER_NOT_FOUND", "Сервер не найден")
    people("guest").post(f"/api/servers/join/{server['inviteCode']}")
    assert people("guest").get(server["iconUrl"]).status_code == 200


def test_the_icon_needs_a_session_or_a_token(people):
    owner = people("owner")
    server = owner.upload("/api/servers", {"name": "Сессия", "icon": (picture(), "a.png")}).get_json()["server"]
    assert people("anonymous").get(server["iconUrl"]).status_code == 401
    # The owner's browser signed in through the API, which also signed its page session in: an <img> works.
    assert owner.client.get(server["iconUrl"]).status_code == 200


def test_a_server_without_an_icon_answers_404(people, create_server):
    server = create_server()
    assert error_of(people("owner").get(f"/api/servers/{server['id']}/icon")) == (404, "NOT_FOUND", "У сервера нет иконки")
