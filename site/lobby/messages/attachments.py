"""Files sent with a message: the limits, the checks and the storage.

Limits (one place): at most `MAX_FILES` files per message, each at most `ATTACHMENT_MAX_BYTES`
(config, default 10 MB); a request with files may be `request_limit()` bytes long.

A file is an image only if Pillow reads it as PNG, JPEG, GIF or WebP from its bytes (never by its
name or declared type). Images are decoded and encoded again in their own format: metadata (EXIF
with its GPS position, XMP, comments) is left behind, and a file that is also something else (a
polyglot) stops being so. Animated images are re-encoded frame by frame, too. Everything else is
kept byte for byte and only ever served as a download (`application/octet-stream`), and so is a
picture beyond the pixel budget of `lobby.images`: its header is read, its pixels never decoded.
A heavy picture within the budget is re-encoded by the job worker (`lobby.image_jobs`).

Files land under UPLOAD_FOLDER/attachments/ with a name we make; the sender's name is kept,
cleaned, for display and for the download's `Content-Disposition`.
"""
from __future__ import annotations

import os
import re
import secrets
import shutil
import unicodedata
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path

from flask import current_app
from PIL import Image, ImageOps
from werkzeug.datastructures import FileStorage

from lobby import image_jobs, images
from lobby.texts import text
from lobby.config import MEGABYTE
from lobby.errors import ValidationError
from lobby.messages.models import Attachment

MAX_FILES = 10
OCTET_STREAM = "application/octet-stream"
# Pillow format → (the type we serve, the stored file's extension)
IMAGES = {"PNG": ("image/png", "png"), "JPEG": ("image/jpeg", "jpg"), "GIF": ("image/gif", "gif"),
          "WEBP": ("image/webp", "webp")}
IMAGE_TYPES = {content_type for content_type, _ in IMAGES.values()}
STORED_NAME = re.compile(r"^[0-9a-f]{32}(\.[a-z0-9]{1,10})?$")


def max_bytes() -> int:
    return int(current_app.config["ATTACHMENT_MAX_BYTES"])


def request_limit() -> int:
    """The body size a send with files may have: every file at the limit, plus the form."""
    return MAX_FILES * max_bytes() + MEGABYTE


def too_large_message() -> str:
    limit = max_bytes()
    shown = f"{limit // MEGABYTE}MB" if limit % MEGABYTE == 0 else f"{limit / MEGABYTE:.2f}MB"
    return text("attachment.too_large", size=shown)


TOO_MANY = text("attachment.too_many", limit=MAX_FILES)  # Russian, for the API document; an answer asks text() then


def folder() -> Path:
    path = Path(current_app.config["UPLOAD_FOLDER"]) / "attachments"
    path.mkdir(parents=True, exist_ok=True)
    return path


def path_of(stored_name: str) -> Path:
    if not STORED_NAME.match(stored_name):  # names come from our rows; never let one walk out
        raise ValueError(f"not an attachment file name: {stored_name!r}")
    return folder() / stored_name


def clean_filename(raw: str | None) -> str:
    """The sender's file name, safe to show and to put in a header: no folders, no control
    characters, NFC, at most 255 characters with the extension kept."""
    name = unicodedata.normalize("NFC", raw or "").replace("\\", "/").rsplit("/", 1)[-1]
    name = "".join(ch for ch in name if unicodedata.category(ch)[0] != "C").strip().strip(".")
    name = re.sub(r"\s+", " ", name) or "file"
    if len(name) > 255:
        stem, dot, extension = name.rpartition(".")
        extension = extension[:20] if dot and stem else ""
        name = name[: 255 - len(extension) - 1].rstrip() + "." + extension if extension else name[:255]
    return name


def extension_of(filename: str) -> str | None:
    _, dot, extension = filename.rpartition(".")
    extension = extension.lower()
    return extension if dot and re.fullmatch(r"[a-z0-9]{1,10}", extension) else None


@dataclass
class Prepared:
    """A checked upload, not yet on disk: an image's new bytes, or the upload's own stream."""
    filename: str
    content_type: str
    size: int
    extension: str | None
    data: bytes | None = None
    source: object = None
    width: int | None = None
    height: int | None = None

    def write(self, path: Path) -> None:
        if self.data is not None:
            path.write_bytes(self.data)
            return
        self.source.seek(0)
        with path.open("wb") as out:
            shutil.copyfileobj(self.source, out, 1024 * 1024)


def size_of(stream) -> int:
    stream.seek(0, os.SEEK_END)
    size = stream.tell()
    stream.seek(0)
    return size


def sent_files(uploads: list[FileStorage]) -> list[FileStorage]:
    """The file parts that carry a file: an empty file input sends a part without a name."""
    return [upload for upload in uploads if upload is not None and upload.filename]


def check_files(uploads: list[FileStorage]) -> list[Prepared]:
    """Validate every file (count, then each one's size) before anything is written."""
    files = sent_files(uploads)
    if len(files) > MAX_FILES:
        raise ValidationError({"files": text("attachment.too_many", limit=MAX_FILES)})
    limit = max_bytes()
    sizes = [size_of(upload.stream) for upload in files]
    if any(size > limit for size in sizes):
        raise ValidationError({"files": too_large_message()})
    return [prepare(upload, size) for upload, size in zip(files, sizes)]


def prepare(upload: FileStorage, size: int) -> Prepared:
    filename = clean_filename(upload.filename)
    image = reencoded(upload.stream)
    upload.stream.seek(0)
    if image is None:
        return Prepared(filename, OCTET_STREAM, size, extension_of(filename), source=upload.stream)
    data, kind, width, height = image
    content_type, extension = IMAGES[kind]
    return Prepared(filename, content_type, len(data), extension, data=data, width=width, height=height)


def reencoded(stream) -> tuple[bytes, str, int, int] | None:
    """(new bytes, format, width, height) when the stream is a picture we show, else None: not a
    picture we can read, or one beyond the pixel budget (kept as a plain file, never decoded)."""
    try:
        header = images.check(stream, animated=True)
        if header.heavy(animated=True):
            result, data = image_jobs.reencode("attachment", stream)
            return data, result["kind"], result["width"], result["height"]
        return encoded(stream, header)
    except (images.NotAPicture, images.TooLarge):
        return None


def encoded(stream, header: images.Header) -> tuple[bytes, str, int, int]:
    """Decode a checked picture and encode it again; raises NotAPicture when it cannot be read."""
    durations = images.webp_durations(stream) if header.kind == "WEBP" and header.frames > 1 else None
    try:
        with Image.open(stream, formats=list(IMAGES)) as image:
            out = BytesIO()
            if header.frames > 1:
                width, height = save_animation(image, header.kind, out, durations)
            else:
                width, height = save_still(image, header.kind, out)
            return out.getvalue(), header.kind, width, height
    except images.DECODE_ERRORS:
        raise images.NotAPicture() from None
    finally:
        stream.seek(0)


def save_still(image: Image.Image, kind: str, out: BytesIO) -> tuple[int, int]:
    """Written again from the decoded frame itself, with no copy of it (a JPEG is turned upright
    first: its EXIF orientation goes with the rest of the EXIF)."""
    icc = image.info.get("icc_profile")  # colour, not identity: kept so photos look the same
    transparency = image.info.get("transparency")
    if kind == "JPEG":
        ImageOps.exif_transpose(image, in_place=True)
    else:
        image.load()
    image.info = {}  # EXIF, XMP, comments, text chunks: none of it is written again
    options = {"icc_profile": icc} if icc else {}
    if kind == "JPEG":
        options["quality"] = 90
    elif kind == "PNG":
        options.update(optimize=False)
        if transparency is not None:
            options["transparency"] = transparency
    elif kind == "WEBP":
        options["quality"] = 90
    elif kind == "GIF" and transparency is not None:
        options["transparency"] = transparency
    image.save(out, format=kind, **options)
    return image.size


def save_animation(image: Image.Image, kind: str, out: BytesIO, durations: list[int] | None) -> tuple[int, int]:
    """Every frame, decoded when the encoder takes it and drawn again, with its own duration and
    nothing else carried over. No list of decoded frames is kept here (what the encoders keep
    themselves is in the budget of `lobby.images`)."""
    loop = int(image.info.get("loop", 0) or 0)
    if kind == "WEBP":
        # The WebP encoder reads the frames off the picture one by one, and writes no metadata it
        # is not handed; its durations come from the file's frame headers.
        durations = [duration or 100 for duration in durations or []]
        durations += [100] * (image.n_frames - len(durations))
        image.save(out, format=kind, save_all=True, duration=durations, loop=loop, quality=90)
        return image.size
    first = clean_frame(image)
    options = {"save_all": True, "append_images": LaterFrames(image), "loop": loop}
    if kind == "GIF":
        options["disposal"] = 2
    first.save(out, format=kind, **options)
    return first.size


def clean_frame(frame: Image.Image) -> Image.Image:
    """The current frame as a new RGBA picture whose only metadata is its duration."""
    picture = frame.convert("RGBA")
    picture.info = {"duration": int(frame.info.get("duration", 100) or 100)}
    return picture


class LaterFrames:
    """An animation's frames after the first, made by `clean_frame` as the encoder asks for them.
    Iterable again (the APNG encoder walks the frames twice), and never a list of all of them."""

    def __init__(self, image: Image.Image) -> None:
        self.image = image

    def __iter__(self):
        for index in range(1, self.image.n_frames):
            self.image.seek(index)
            yield clean_frame(self.image)


def store_files(prepared: list[Prepared]) -> tuple[list[Path], list[Attachment]]:
    """Write the files, and make their rows, not yet in the session: the caller adds them with the
    id of the message once it is written. (The files go to disk before the message's row, so no
    write of the database waits on them.) On failure `remove_paths` the paths this returned.
    Returns the paths written and the rows."""
    written: list[Path] = []
    rows: list[Attachment] = []
    try:
        for item in prepared:
            stored = secrets.token_hex(16) + (f".{item.extension}" if item.extension else "")
            path = path_of(stored)
            item.write(path)
            written.append(path)
            rows.append(Attachment(filename=item.filename, stored_name=stored, content_type=item.content_type,
                                   size=item.size, width=item.width, height=item.height))
    except BaseException:
        remove_paths(written)
        raise
    return written, rows


def remove_paths(paths: list[Path]) -> None:
    for path in paths:
        path.unlink(missing_ok=True)


def remove_files(stored_names: list[str]) -> None:
    """Remove attachment files by their stored names (those of deleted messages)."""
    remove_paths([path_of(name) for name in stored_names if STORED_NAME.match(name or "")])


def inline(attachment: Attachment) -> bool:
    """Only pictures we re-encoded are shown in the page; everything else is a download."""
    return attachment.content_type in IMAGE_TYPES
