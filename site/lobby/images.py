"""Uploaded pictures, with bounded memory: one pixel budget for icons and attachments, checked on
the header before any pixel is decoded.

Why: what a picture costs to decode follows its pixels, not its file size. A 186 KB PNG of
8000 × 8000 is 64 M pixels, 256 MB once decoded; a 117 KB GIF of 25 frames at 2000 × 2000 is
100 M pixels. `Image.open` reads only the header, so `check` decides from width × height × frames.
Figures below are peak RSS growth of the decoding process, from bench/image_decoding.py:

- A still: at most `MAX_PIXELS` = 25 M pixels, 100 MB decoded (Pillow keeps RGB, like RGBA, in
  4 bytes a pixel). A 24 MP phone photo (5712 × 4284) fits. Only the decoded frame is held: an
  icon is shrunk band by band from it, and a JPEG is even decoded at 1/2–1/8 scale by `draft`
  (24 MP photo as an icon: +8 MB; it was +283 MB); an attachment is written again from the frame
  itself (12 MP photo: +49 MB, was +93 MB). Two cases hold a second frame: a JPEG turned upright
  by its EXIF (the turned copy) and a progressive JPEG (libjpeg keeps its coefficients): up to
  ~200 MB for a 24 MP photo, in a job's work horse, which exits after it.
- An animation is decoded one frame at a time, and each frame passes through a few copies on its
  way into the encoder (~40 bytes a pixel of one frame): each frame at most
  `MAX_ANIMATION_FRAME_PIXELS` (a 1920 × 1080 clip: ~80 MB). The encoders keep what they were
  given until the end: the GIF one 1 byte a pixel, the APNG one 4 (RGBA), the WebP one only the
  compressed frames. `MAX_ANIMATION_PIXELS` (all frames together, by format) keeps that to 32 MB,
  and bounds the time of a WebP. At most `MAX_FRAMES` frames (a 10 s clip at 30 fps): past that
  a GIF of tiny frames costs more in per-frame overhead (~30 KB a frame) than in pixels. Measured
  at the limits: GIF 15 × 1920 × 1080 +93 MB, WebP +79 MB, APNG 3 × 1920 × 1080 +96 MB.
- Pillow's own guard stays as a backstop (it refuses anything over twice `MAX_PIXELS`); our check
  comes first, so its warning is silenced.

Over the budget, an icon is refused and an attachment is kept as a plain file, never decoded.
Under it, a picture over `HEAVY_PIXELS` (an animation: `HEAVY_ANIMATION_PIXELS`, all frames) or
`HEAVY_BYTES` is decoded by the job worker (`lobby.image_jobs`), not by the web worker that
received it: what a web worker decodes itself stays under ~40 MB and ~0.1 s.
"""
from __future__ import annotations

import os
import struct
import warnings
from dataclasses import dataclass

from PIL import Image, UnidentifiedImageError

MAX_PIXELS = 25_000_000
MAX_ANIMATION_FRAME_PIXELS = 1920 * 1080
MAX_ANIMATION_PIXELS = {"GIF": 32_000_000, "PNG": 8_000_000, "WEBP": 32_000_000}
MAX_FRAMES = 300
# Decoding 4 M pixels takes ~50–100 ms of CPU here: every socket of a gevent web worker would wait.
HEAVY_PIXELS = 4_000_000
HEAVY_ANIMATION_PIXELS = 1_000_000  # all frames: each frame's pixels cost ~10 times a still's (copies, palettes)
HEAVY_BYTES = 1024 * 1024  # compressed data costs time too (a PNG of noise, a progressive JPEG)

FORMATS = ("PNG", "JPEG", "GIF", "WEBP")
DECODE_ERRORS = (UnidentifiedImageError, OSError, ValueError, SyntaxError, EOFError, IndexError,
                 struct.error, Image.DecompressionBombError)

Image.MAX_IMAGE_PIXELS = MAX_PIXELS
warnings.filterwarnings("ignore", category=Image.DecompressionBombWarning)


class NotAPicture(Exception):
    """Not a PNG, JPEG, GIF or WebP that Pillow can read."""


class TooLarge(Exception):
    """A picture beyond the pixel budget: it is never decoded."""


@dataclass(frozen=True)
class Header:
    """What a picture's header says; no pixel of it has been decoded."""
    kind: str  # "PNG", "JPEG", "GIF" or "WEBP" (a multi-picture JPEG counts as its first picture)
    width: int
    height: int
    frames: int  # a GIF's are counted up to MAX_FRAMES + 1
    size: int  # bytes of the file

    @property
    def pixels(self) -> int:
        return self.width * self.height

    def fits(self, animated: bool) -> bool:
        """Within the budget: for a still, or the first frame alone (`animated=False`); for
        every frame (`animated=True`)."""
        if not animated or self.frames == 1:
            return self.pixels <= MAX_PIXELS
        return (self.frames <= MAX_FRAMES and self.pixels <= MAX_ANIMATION_FRAME_PIXELS
                and self.pixels * self.frames <= MAX_ANIMATION_PIXELS.get(self.kind, 0))

    def heavy(self, animated: bool) -> bool:
        """Worth a job: decoding it would hold a web worker's CPU, or grow its heap, too much."""
        if animated and self.frames > 1:
            return self.pixels * self.frames > HEAVY_ANIMATION_PIXELS or self.size > HEAVY_BYTES
        return self.pixels > HEAVY_PIXELS or self.size > HEAVY_BYTES


def check(stream, animated: bool, formats=FORMATS) -> Header:
    """The picture's header, when it is a picture within the budget; raises NotAPicture or
    TooLarge. `animated=False`: only the first frame will be decoded, so only it counts.
    `formats`: Pillow's format names to try (None: all it has). Leaves the stream at its start."""
    header = read_header(stream, animated, formats)
    if not header.fits(animated):
        raise TooLarge(f"{header.kind} {header.width}×{header.height}, {header.frames} frame(s)")
    return header


def read_header(stream, animated: bool, formats=FORMATS) -> Header:
    stream.seek(0, os.SEEK_END)
    size = stream.tell()
    stream.seek(0)
    try:
        with Image.open(stream, formats=formats) as image:  # reads the header, decodes nothing
            kind = "JPEG" if image.format == "MPO" else image.format
            width, height = image.size  # a GIF's first frame may have grown it already
            frames = getattr(image, "n_frames", 1) if animated and kind not in ("JPEG", "GIF") else 1
    except Image.DecompressionBombError:
        raise TooLarge("over twice the budget") from None
    except DECODE_ERRORS:
        raise NotAPicture() from None
    finally:
        stream.seek(0)
    if kind == "GIF" and animated:
        frames, width, height = gif_frames(stream, width, height)
    return Header(kind, width, height, frames, size)


def gif_frames(stream, width: int, height: int) -> tuple[int, int, int]:
    """(frames, width, height) of a GIF from its block structure, decoding nothing. Frames are
    counted up to MAX_FRAMES + 1 (Pillow's `n_frames` would walk all of them, which for a file of
    a million tiny frames takes minutes). The canvas grows with any frame reaching past the
    screen, as Pillow grows it while decoding. Leaves the stream at its start."""
    try:
        head = stream.read(13)
        skip_color_table(stream, head[10])
        frames = 0
        while frames <= MAX_FRAMES:
            block = stream.read(1)
            if block == b"!":  # an extension: its label, then data sub-blocks
                stream.read(1)
                skip_sub_blocks(stream)
            elif block == b",":  # an image: its descriptor, colour table, LZW code size, data
                descriptor = stream.read(9)
                if len(descriptor) < 9:
                    break
                left, top, frame_width, frame_height = struct.unpack("<4H", descriptor[:8])
                width, height = max(width, left + frame_width), max(height, top + frame_height)
                skip_color_table(stream, descriptor[8])
                stream.read(1)
                skip_sub_blocks(stream)
                frames += 1
            else:  # the trailer, the end of the file, or bytes that are no block
                break
        return max(frames, 1), width, height
    finally:
        stream.seek(0)


def skip_color_table(stream, flags: int) -> None:
    if flags & 0x80:
        stream.seek(3 << ((flags & 7) + 1), os.SEEK_CUR)


def skip_sub_blocks(stream) -> None:
    while (length := stream.read(1)) and length[0]:
        stream.seek(length[0], os.SEEK_CUR)


def webp_durations(stream) -> list[int]:
    """Frame durations (ms) of an animated WebP, from its ANMF chunks: Pillow knows a frame's
    duration only once it has decoded the frame. Leaves the stream at its start."""
    durations: list[int] = []
    try:
        stream.seek(12)  # "RIFF", the file size, "WEBP"
        while len(durations) <= MAX_FRAMES and len(chunk := stream.read(8)) == 8:
            length = int.from_bytes(chunk[4:], "little")
            if chunk[:4] == b"ANMF":
                durations.append(int.from_bytes(stream.read(16)[12:15], "little"))
                length -= 16
            stream.seek(length + (length & 1), os.SEEK_CUR)
        return durations
    finally:
        stream.seek(0)
