"""Server icons: checked by content (not by name or type header) and by the pixel budget of
`lobby.images` before any pixel is decoded, re-encoded with Pillow as a PNG of at most 256 px,
kept under UPLOAD_FOLDER/server-icons with a name we choose. A heavy upload is shrunk by the job
worker (`lobby.image_jobs`), not by the web worker that received it."""
from __future__ import annotations

import secrets
from io import BytesIO
from pathlib import Path

from flask import current_app
from PIL import Image

from lobby import image_jobs, images
from lobby.errors import ValidationError
from lobby.texts import text

MAX_BYTES = 5 * 1024 * 1024
SIDE = 256  # icons are shown at most 96 px wide; 256 keeps them sharp on dense screens
REDUCING_GAP = 2.0  # shrink by a whole factor first (JPEG: while decoding) to twice SIDE, then resample
BAND_ROWS = 16  # rows of the reduced picture made at a time
FORMATS = None  # any format Pillow reads: the icon is always written again as a PNG


def refusals() -> tuple[str, str, str]:
    """Too many bytes, too many pixels, not a picture: in the reader's language (asked when refusing)."""
    return (text("server.icon_too_big", megabytes=MAX_BYTES // 2**20),
            text("server.icon_too_many_pixels", megapixels=images.MAX_PIXELS // 1_000_000),
            text("server.icon_not_an_image"))


TOO_BIG, TOO_MANY_PIXELS, NOT_AN_IMAGE = refusals()  # Russian, for the API document (built at import)


def folder() -> Path:
    path = Path(current_app.config["UPLOAD_FOLDER"]) / "server-icons"
    path.mkdir(parents=True, exist_ok=True)
    return path


def save_icon(upload) -> str:
    """Validate and store an uploaded icon; returns its file name."""
    png = small_png(upload, "icon", refusals())
    name = f"{secrets.token_hex(12)}.png"
    (folder() / name).write_bytes(png)
    return name


def small_png(upload, field: str, refusals: tuple[str, str, str]) -> bytes:
    """An uploaded picture checked and shrunk as icons are (a heavy one by the job worker), as PNG
    bytes; user avatars take the same way (`lobby.settings.avatars`). `refusals`: the texts for
    too many bytes, too many pixels, not a picture, raised as ValidationError on `field`."""
    too_big, too_many_pixels, not_an_image = refusals
    data = upload.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise ValidationError({field: too_big})
    stream = BytesIO(data)
    try:
        header = images.check(stream, animated=False, formats=FORMATS)
        return image_jobs.reencode("icon", stream)[1] if header.heavy(animated=False) else icon_png(stream)
    except images.TooLarge:
        raise ValidationError({field: too_many_pixels}) from None
    except images.NotAPicture:
        raise ValidationError({field: not_an_image}) from None


def icon_png(stream) -> bytes:
    """The first frame of a checked picture, shrunk to fit SIDE × SIDE, as an RGBA PNG; raises
    NotAPicture when it cannot be read."""
    try:
        with Image.open(stream, formats=FORMATS) as image:
            image.draft(None, (int(SIDE * REDUCING_GAP),) * 2)  # JPEG: decoded at 1/2, 1/4 or 1/8 scale
            image.load()
            out = BytesIO()
            shrunk(image).save(out, format="PNG", optimize=True)
            return out.getvalue()
    except images.DECODE_ERRORS:
        raise images.NotAPicture() from None
    finally:
        stream.seek(0)


def shrunk(image: Image.Image) -> Image.Image:
    """`image` fitted into SIDE × SIDE as RGBA, as `thumbnail` makes it: reduced by whole factors,
    then resampled the rest of the way. The reducing is done band by band, so no full-size RGBA
    copy of the decoded frame is ever made."""
    width, height = image.size
    scale = min(SIDE / width, SIDE / height, 1.0)
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    across, down = (max(1, int(whole / part / REDUCING_GAP)) for whole, part in zip(image.size, size))
    if across == down == 1:  # at most 2 × SIDE: small enough to convert whole
        reduced = image.convert("RGBA")
    else:
        reduced = Image.new("RGBA", (-(-width // across), -(-height // down)))
        rows = BAND_ROWS * down
        for top in range(0, height, rows):
            band = image.crop((0, top, width, min(height, top + rows))).convert("RGBA")
            reduced.paste(band.reduce((across, down)), (0, top // down))
    if reduced.size == size:
        return reduced
    return reduced.resize(size, Image.Resampling.BICUBIC, box=(0, 0, width / across, height / down))


def remove_icon(name: str | None) -> None:
    if name:
        (folder() / name).unlink(missing_ok=True)


def icon_path(name: str) -> Path:
    return folder() / name
