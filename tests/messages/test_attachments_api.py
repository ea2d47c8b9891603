"""Files sent with messages: multipart sends, limits, pictures re-encoded by their content, who may
download, the headers of a download, and files gone with their message."""
from io import BytesIO
from pathlib import Path

import pytest
from PIL import Image
from PIL.PngImagePlugin import PngInfo

from lobby import images
from lobby.messages.attachments import MAX_FILES
from tests.messages.pictures import Decodes, gif_of, png_of
from tests.messages.test_messages_api import history, send
from tests.servers.conftest import picture
from tests.support import run_jobs

MB = 1024 * 1024


def send_files(person, channel_id, files, content="", **fields):
    """A multipart send as the composer makes it; `files` are (bytes, filename) pairs."""
    data = {"content": content, **fields, "files": [(BytesIO(raw), name) for raw, name in files]}
    return person.client.post(f"/api/messages/{channel_id}/messages", data=data, headers=person.headers(),
                              content_type="multipart/form-data")


def stored_files(app) -> list[Path]:
    return sorted((Path(app.config["UPLOAD_FOLDER"]) / "attachments").glob("*"))


def attachments_of(response) -> list[dict]:
    assert response.status_code in (200, 201), response.get_json()
    return response.get_json()["message"]["attachments"]


def photo_with_metadata() -> bytes:
    exif = Image.Exif()
    exif[0x010F] = "SpyCam"  # Make
    exif[0x0131] = "secret-software"  # Software
    buffer = BytesIO()
    Image.new("RGB", (120, 80), "orange").save(buffer, format="JPEG", exif=exif, comment=b"secret-comment")
    return buffer.getvalue()


def test_a_file_arrives_with_its_text_under_a_name_the_server_made(chat, app):
    owner, member, _, channel = chat
    response = send_files(owner, channel, [(b"hello, world\n", "notes.txt")], content="  Вот файл  ")
    assert response.status_code == 201
    body = response.get_json()["message"]
    assert body["content"] == "Вот файл"
    (file,) = body["attachments"]
    assert file["filename"] == "notes.txt" and file["size"] == 13
    assert file["contentType"] == "application/octet-stream"
    assert file["url"] == f"/api/attachments/{file['id']}/notes.txt"
    assert history(member, channel).get_json()["messages"][0]["attachments"] == [file]
    (on_disk,) = stored_files(app)
    assert on_disk.name != "notes.txt" and len(on_disk.stem) == 32 and on_disk.read_bytes() == b"hello, world\n"


def test_several_files_keep_their_order_and_pages_list_them(chat):
    owner, member, _, channel = chat
    files = [(b"a" * n, f"part-{n}.bin") for n in (1, 2, 3)]
    assert [f["filename"] for f in attachments_of(send_files(owner, channel, files))] == [
        "part-1.bin", "part-2.bin", "part-3.bin"]
    send(owner, channel, "без файлов")
    page = history(member, channel).get_json()["messages"]
    assert [len(m["attachments"]) for m in page] == [3, 0]


def test_a_photo_is_re_encoded_without_its_metadata(chat):
    owner, member, _, channel = chat
    (file,) = attachments_of(send_files(owner, channel, [(photo_with_metadata(), "отпуск.jpg")]))
    assert (file["contentType"], file["width"], file["height"]) == ("image/jpeg", 120, 80)
    served = member.get(file["url"])
    assert served.status_code == 200 and served.mimetype == "image/jpeg"
    assert served.headers["Content-Disposition"].startswith("inline")
    with Image.open(BytesIO(served.data)) as image:
        assert image.format == "JPEG" and image.size == (120, 80)
        assert dict(image.getexif()) == {} and "comment" not in image.info
    assert b"SpyCam" not in served.data and b"secret" not in served.data
    assert file["size"] == len(served.data)


def test_png_text_chunks_are_dropped_and_animations_keep_their_frames(chat):
    owner, member, _, channel = chat
    info = PngInfo()
    info.add_text("Author", "secret-author")
    png = BytesIO()
    Image.new("RGBA", (10, 10), (0, 128, 0, 128)).save(png, format="PNG", pnginfo=info)
    gif = BytesIO()
    frames = [Image.new("RGB", (16, 16), color) for color in ("red", "green", "blue")]
    frames[0].save(gif, format="GIF", save_all=True, append_images=frames[1:], duration=200, loop=0,
                   comment=b"secret-gif")
    still, moving = attachments_of(send_files(owner, channel, [(png.getvalue(), "a.png"), (gif.getvalue(), "b.gif")]))
    png_data, gif_data = member.get(still["url"]).data, member.get(moving["url"]).data
    assert b"secret" not in png_data and b"secret" not in gif_data
    with Image.open(BytesIO(png_data)) as image:
        assert image.mode == "RGBA" and "Author" not in image.info
    with Image.open(BytesIO(gif_data)) as image:
        assert image.format == "GIF" and image.n_frames == 3 and image.info.get("duration") == 200


def test_a_picture_is_known_by_its_bytes_not_its_name(chat):
    owner, member, _, channel = chat
    disguised, fake = attachments_of(send_files(owner, channel, [
        (picture("PNG", (30, 20)), "notes.txt"),
        (b"<html><script>alert(1)</script></html>", "evil.png")]))
    assert (disguised["contentType"], disguised["width"], disguised["height"]) == ("image/png", 30, 20)
    assert member.get(disguised["url"]).mimetype == "image/png"
    assert fake["contentType"] == "application/octet-stream" and "width" not in fake
    served = member.get(fake["url"])
    assert served.mimetype == "application/octet-stream"
    assert served.headers["Content-Disposition"].startswith("attachment")
    assert "sandbox" in served.headers["Content-Security-Policy"]
    assert served.data == b"<html><script>alert(1)</script></html>"  # kept byte for byte


def test_a_broken_picture_is_kept_as_a_plain_file(chat):
    owner, _, _, channel = chat
    (file,) = attachments_of(send_files(owner, channel, [(picture("PNG")[:60], "broken.png")]))
    assert file["contentType"] == "application/octet-stream"


def test_files_beyond_the_limits_are_refused_with_their_messages(chat, app):
    owner, _, _, channel = chat
    too_many = send_files(owner, channel, [(b"x", f"{n}.txt") for n in range(MAX_FILES + 1)])
    assert too_many.status_code == 422
    assert too_many.get_json()["errors"] == {"files": "Можно прикрепить не больше 10 файлов"}
    too_big = send_files(owner, channel, [(b"x", "small.txt"), (b"\0" * (10 * MB + 1), "big.bin")])
    assert too_big.status_code == 422
    assert too_big.get_json()["errors"] == {"files": "Файл слишком большой. Максимальный размер: 10MB"}
    assert stored_files(app) == [] and history(owner, channel).get_json()["messages"] == []
    assert attachments_of(send_files(owner, channel, [(b"x", f"{n}.txt") for n in range(MAX_FILES)])) != []


def test_a_request_over_the_size_limit_gets_413_in_the_error_shape(chat, app):
    owner, _, _, channel = chat
    app.config["ATTACHMENT_MAX_BYTES"] = MB  # the request may then be 10 × 1 MB + 1 MB long
    response = send_files(owner, channel, [(b"\0" * (12 * MB), "huge.bin")])
    assert response.status_code == 413
    assert response.get_json() == {"message": "Файл слишком большой. Максимальный размер: 1MB",
                                   "code": "PAYLOAD_TOO_LARGE"}


@pytest.mark.parametrize("content", ["", "   "])
def test_a_file_alone_is_a_message_but_nothing_at_all_is_not(chat, content):
    owner, _, _, channel = chat
    alone = send_files(owner, channel, [(b"data", "data.csv")], content=content)
    assert alone.status_code == 201 and alone.get_json()["message"]["content"] == ""
    nothing = send_files(owner, channel, [], content=content)
    assert nothing.status_code == 422
    assert nothing.get_json()["errors"] == {"content": "Сообщение не может быть пустым"}
    empty_part = send_files(owner, channel, [(b"", "")], content=content)  # a file input left empty
    assert empty_part.status_code == 422


def test_a_resend_with_the_same_nonce_stores_the_files_once(chat, app):
    owner, member, _, channel = chat
    first = send_files(owner, channel, [(b"one", "one.txt")], content="Раз", nonce="n-files")
    again = send_files(owner, channel, [(b"one", "one.txt")], content="Раз", nonce="n-files")
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.get_json()["message"] == again.get_json()["message"]
    assert len(stored_files(app)) == 1 and len(history(member, channel).get_json()["messages"]) == 1


def test_a_reply_may_carry_files(chat):
    owner, member, _, channel = chat
    question = send(owner, channel, "Скинь конфиг").get_json()["message"]
    answer = send_files(member, channel, [(b"cfg", "game.cfg")], replyToId=str(question["id"]))
    assert answer.status_code == 201 and answer.get_json()["message"]["replyTo"]["id"] == question["id"]
    wrong = send_files(member, channel, [(b"cfg", "game.cfg")], replyToId="abc")
    assert wrong.get_json()["errors"] == {"replyToId": "Сообщение для ответа не найдено"}


def test_members_download_outsiders_and_anonymous_callers_do_not(chat, people):
    owner, member, outsider, channel = chat
    (file,) = attachments_of(send_files(owner, channel, [(b"secret plans", "plans.txt")]))
    assert member.get(file["url"]).data == b"secret plans"
    assert member.client.get(file["url"]).status_code == 200  # the page session cookie, for <img> tags
    assert outsider.get(file["url"]).status_code == 404
    assert people("anonymous").get(file["url"]).status_code == 401
    assert member.get(f"/api/attachments/{file['id'] + 1000}/x.txt").get_json()["code"] == "ATTACHMENT_NOT_FOUND"
    assert outsider.get(f"/api/messages/{channel}/messages").status_code == 404


def test_downloads_say_nosniff_private_and_the_cyrillic_name(chat):
    owner, member, _, channel = chat
    (file,) = attachments_of(send_files(owner, channel, [(b"%PDF-1.4", "../../Отчёт за май.pdf")]))
    assert file["filename"] == "Отчёт за май.pdf"
    served = member.get(file["url"])
    assert served.headers["X-Content-Type-Options"] == "nosniff"
    assert "private" in served.headers["Cache-Control"] and "public" not in served.headers["Cache-Control"]
    disposition = served.headers["Content-Disposition"]
    assert disposition.startswith("attachment")
    assert "filename*=UTF-8''%D0%9E%D1%82%D1%87%D1%91%D1%82%20%D0%B7%D0%B0%20%D0%BC%D0%B0%D0%B9.pdf" in disposition


def test_deleting_a_message_removes_its_files(chat, app):
    owner, _, _, channel = chat
    kept = attachments_of(send_files(owner, channel, [(b"keep", "keep.txt")]))
    gone = send_files(owner, channel, [(b"a", "a.txt"), (picture(), "b.png")]).get_json()["message"]
    assert len(stored_files(app)) == 3
    assert owner.delete(f"/api/messages/{gone['id']}").status_code == 200
    run_jobs(app)
    assert len(stored_files(app)) == 1
    assert owner.get(kept[0]["url"]).data == b"keep"
    assert owner.get(gone["attachments"][0]["url"]).status_code == 404


def test_the_live_event_carries_the_attachments(chat, app):
    owner, _, _, channel = chat
    seen = []
    app.extensions["lobby.bus"].subscribe(lambda event, to: seen.append(event))
    body = send_files(owner, channel, [(b"live", "live.txt")]).get_json()["message"]
    import time

    deadline = time.monotonic() + 5
    while not seen and time.monotonic() < deadline:
        time.sleep(0.05)
    assert seen[0]["type"] == "new_message" and seen[0]["data"]["attachments"] == body["attachments"]


def test_the_text_of_a_message_with_files_may_be_edited_away(chat):
    owner, _, _, channel = chat
    with_files = send_files(owner, channel, [(b"x", "x.txt")], content="подпись").get_json()["message"]
    assert owner.patch(f"/api/messages/{with_files['id']}", json={"content": " "}).get_json()["message"]["content"] == ""
    plain = send(owner, channel, "текст").get_json()["message"]
    assert owner.patch(f"/api/messages/{plain['id']}", json={"content": ""}).status_code == 422


def test_the_probes_pictures_are_kept_as_plain_files_without_being_decoded(chat, app, monkeypatch):
    owner, member, _, channel = chat
    decodes = Decodes().watch(monkeypatch)
    huge_png, huge_gif, many_frames = png_of(8000, 8000), gif_of(2000, 2000, 25), gif_of(1, 1, 5000)
    sent = attachments_of(send_files(owner, channel, [(huge_png, "poster.png"), (huge_gif, "clip.gif"),
                                                      (many_frames, "dots.gif")]))
    assert decodes.sizes == []  # neither here nor (production mode) in a job: see test_picture_jobs
    for file, data in zip(sent, (huge_png, huge_gif, many_frames)):
        assert file["contentType"] == "application/octet-stream" and "width" not in file
        served = member.get(file["url"])
        assert served.headers["Content-Disposition"].startswith("attachment") and served.data == data
    assert [f["filename"] for f in sent] == ["poster.png", "clip.gif", "dots.gif"]


def test_an_animation_of_as_many_frames_as_the_budget_allows_is_still_shown(chat):
    owner, member, _, channel = chat
    frames = [Image.new("RGB", (64, 48), ("red", "blue")[index % 2]) for index in range(images.MAX_FRAMES)]
    gif = BytesIO()
    frames[0].save(gif, format="GIF", save_all=True, append_images=frames[1:], duration=40, loop=0)
    (file,) = attachments_of(send_files(owner, channel, [(gif.getvalue(), "long.gif")]))
    assert (file["contentType"], file["width"], file["height"]) == ("image/gif", 64, 48)
    with Image.open(BytesIO(member.get(file["url"]).data)) as image:
        assert image.n_frames == images.MAX_FRAMES and image.info["duration"] == 40
