"""Picture files for the budget tests, made without ever holding their pixels: a PNG of 8000 × 8000
written row by row (the probe's 186 KB file), GIFs of many large or tiny frames put together from
one frame Pillow encoded, a JPEG whose header claims a size its data does not have. And the job
worker of production mode, for tests that send heavy pictures."""
from __future__ import annotations

import os
import struct
import subprocess
import sys
import zlib
from functools import lru_cache
from io import BytesIO
from pathlib import Path

import pytest
from PIL import Image, ImageFile

ROOT = Path(__file__).resolve().parents[2]


@lru_cache
def png_of(width: int, height: int) -> bytes:
    """A valid, black RGB PNG; its pixel rows are compressed one at a time."""
    row = bytes(1 + width * 3)  # filter byte 0, then the row
    packer = zlib.compressobj(9)
    data = b"".join(packer.compress(row) for _ in range(height)) + packer.flush()

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b"")


@lru_cache
def gif_of(width: int, height: int, frames: int, duration_ms: int = 80, screen: tuple[int, int] | None = None) -> bytes:
    """A valid animated GIF of `frames` frames of width × height on a logical screen of their size
    (or `screen`)."""
    return gif_from([(width, height)] * frames, duration_ms, screen or (width, height))


def gif_from(sizes: list[tuple[int, int]], duration_ms: int, screen: tuple[int, int]) -> bytes:
    """A GIF whose frames have these sizes: each one a frame Pillow encoded, with its own graphic
    control block (disposal 2, the duration)."""
    head, _ = encoded_frame(*screen)
    loop = b"!\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00"
    control = b"!\xf9\x04\x08" + struct.pack("<H", duration_ms // 10) + b"\x00\x00"
    return head + loop + b"".join(control + encoded_frame(*size)[1] for size in sizes) + b";"


@lru_cache
def encoded_frame(width: int, height: int) -> tuple[bytes, bytes]:
    """(the header, screen and colour table; the image block) of a one-colour GIF Pillow wrote."""
    one = BytesIO()
    Image.new("P", (width, height), 1).save(one, format="GIF")
    data = one.getvalue()
    flags = data[10]
    start = 13 + (3 << ((flags & 7) + 1) if flags & 0x80 else 0)
    while data[start:start + 1] == b"!":  # skip any extension Pillow wrote before the image
        position = start + 2
        while data[position]:
            position += data[position] + 1
        start = position + 1
    return data[:start], data[start:-1]  # without the trailer


def jpeg_claiming(width: int, height: int) -> bytes:
    """A small JPEG whose frame header says width × height (its data is for 16 × 16)."""
    buffer = BytesIO()
    Image.new("RGB", (16, 16), "navy").save(buffer, format="JPEG")
    data = bytearray(buffer.getvalue())
    sof = data.index(b"\xff\xc0")
    data[sof + 5:sof + 9] = struct.pack(">2H", height, width)
    return bytes(data)


def picture_of(size: tuple[int, int], format: str = "PNG", color: str = "teal", **options) -> bytes:
    buffer = BytesIO()
    Image.new("RGB", size, color).save(buffer, format=format, **options)
    return buffer.getvalue()


class Decodes:
    """Counts the pictures Pillow decodes in this process (every format's pixels go through
    ImageFile.load) while it is installed with `watch(monkeypatch)`."""

    def __init__(self) -> None:
        self.sizes: list[tuple[int, int]] = []

    def watch(self, monkeypatch) -> "Decodes":
        load = ImageFile.ImageFile.load

        def counted(image):
            if image.tile:  # pixels still to decode (a loaded image answers from memory)
                self.sizes.append(image.size)
            return load(image)

        monkeypatch.setattr(ImageFile.ImageFile, "load", counted)
        return self


def worker_env(app) -> dict:
    return {**os.environ, "DATABASE_URL": app.config["SQLALCHEMY_DATABASE_URI"], "REDIS_URL": app.config["REDIS_URL"],
            "REDIS_PREFIX": app.config["REDIS_PREFIX"], "INSTANCE_PATH": str(app.instance_path), "SECRET_KEY": "x"}


def start_worker(app) -> subprocess.Popen:
    """The real `flask --app wsgi worker` for this app's queue, database and upload folder."""
    return subprocess.Popen([str(Path(sys.executable).with_name("flask")), "--app", "wsgi", "worker"], cwd=ROOT,
                            env=worker_env(app), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


@pytest.fixture
def job_worker(app):
    """In production mode, the job worker running while the test sends (a heavy picture is
    re-encoded by a job the request waits for); in embedded mode the job runs inline: None."""
    if app.config.get("REDIS_URL") is None:
        yield None
        return
    process = start_worker(app)
    yield process
    process.terminate()
    process.wait(timeout=30)
