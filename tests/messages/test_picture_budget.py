"""The pixel budget of lobby.images: what a header says, read without decoding a pixel, and the
pictures it lets through or keeps out."""
from io import BytesIO

import pytest
from PIL import Image

from lobby import images
from lobby.messages import attachments
from tests.messages.pictures import Decodes, gif_from, gif_of, jpeg_claiming, png_of, picture_of

# The app silences Pillow's warning (its own check comes first); pytest resets warning filters
# around every test, so it is silenced here again.
pytestmark = pytest.mark.filterwarnings("ignore::PIL.Image.DecompressionBombWarning")


def header(data: bytes, animated: bool = True) -> images.Header:
    return images.check(BytesIO(data), animated)


def test_the_probes_picture_is_refused_from_its_header_alone(monkeypatch):
    decodes = Decodes().watch(monkeypatch)
    probe = png_of(8000, 8000)
    assert len(probe) < 200 * 1024  # 186 KB on the wire, 64 M pixels
    for data in (probe, jpeg_claiming(8000, 8000), png_of(5001, 5000)):
        with pytest.raises(images.TooLarge):
            header(data, animated=False)
    assert decodes.sizes == []


def test_a_24_megapixel_photo_fits_and_is_heavy():
    photo = header(jpeg_claiming(5712, 4284), animated=False)
    assert (photo.kind, photo.pixels, photo.fits(False), photo.heavy(False)) == ("JPEG", 5712 * 4284, True, True)


def test_small_pictures_are_light_and_bigger_files_are_heavy():
    assert not header(picture_of((2000, 2000))).heavy(animated=True)
    assert header(picture_of((2001, 2000))).heavy(animated=True)  # over 4 M pixels
    assert not header(gif_of(100, 100, 100)).heavy(animated=True)
    assert header(gif_of(100, 100, 101)).heavy(animated=True)  # an animation: over 1 M pixels in all
    assert not header(gif_of(100, 100, 101)).heavy(animated=False)  # as an icon: its first frame only
    noisy = BytesIO()
    Image.effect_noise((700, 700), 90).convert("RGB").save(noisy, format="PNG")
    assert len(noisy.getvalue()) > images.HEAVY_BYTES and header(noisy.getvalue()).heavy(animated=True)


def test_a_gif_counts_its_frames_and_the_canvas_they_reach_without_decoding(monkeypatch):
    decodes = Decodes().watch(monkeypatch)
    grown = header(gif_from([(2, 2), (6, 3), (2, 2)], 50, screen=(2, 2)))
    assert (grown.width, grown.height, grown.frames) == (6, 3, 3)  # as Pillow grows it when decoding
    with pytest.raises(images.TooLarge):  # the screen says 10 × 10, a later frame 2000 × 2000
        header(gif_from([(10, 10)] * 3 + [(2000, 2000)], 50, screen=(10, 10)))
    assert decodes.sizes == []


def test_frames_are_counted_only_up_to_the_cap():
    tiny = gif_of(1, 1, 5000)  # 5,000 frames of one pixel in 120 KB
    read = images.read_header(BytesIO(tiny), animated=True)
    assert read.frames == images.MAX_FRAMES + 1 and not read.fits(animated=True)
    assert header(gif_of(1, 1, images.MAX_FRAMES)).frames == images.MAX_FRAMES


@pytest.mark.parametrize("frames, size, fits", [
    (25, (2000, 2000), False),  # the probe's GIF: frames over 1920 × 1080, 100 M pixels in all
    (15, (1920, 1080), True),  # 31 M pixels
    (16, (1920, 1080), False),  # 33 M pixels
    (128, (500, 500), True),
])
def test_an_animation_fits_by_each_frame_and_all_of_them(frames, size, fits):
    read = images.read_header(BytesIO(gif_of(*size, frames)), animated=True)
    assert read.fits(animated=True) is fits
    assert read.fits(animated=False)  # as an icon only its first frame is decoded


def test_an_apng_keeps_all_its_frames_as_rgba_so_it_gets_a_quarter_of_the_gif_budget():
    frames = [Image.new("RGB", (1000, 1000), color) for color in ("red", "green", "blue")] * 3
    apng = BytesIO()
    frames[0].save(apng, format="PNG", save_all=True, append_images=frames[1:], duration=50)
    read = images.read_header(BytesIO(apng.getvalue()), animated=True)
    assert (read.kind, read.frames, read.fits(animated=True)) == ("PNG", 9, False)  # 9 M > 8 M pixels
    assert images.read_header(BytesIO(gif_of(1000, 1000, 9)), animated=True).fits(animated=True)


def test_a_multi_picture_jpeg_is_its_first_picture():
    mpo = BytesIO()
    Image.new("RGB", (64, 48), "red").save(mpo, format="MPO", save_all=True,
                                           append_images=[Image.new("RGB", (64, 48), "blue")])
    assert (header(mpo.getvalue()).kind, header(mpo.getvalue()).frames) == ("JPEG", 1)
    data, kind, width, height = attachments.reencoded(BytesIO(mpo.getvalue()))
    with Image.open(BytesIO(data)) as image:
        assert (kind, width, height, image.format, getattr(image, "n_frames", 1)) == ("JPEG", 64, 48, "JPEG", 1)
        assert image.getpixel((10, 10))[0] > 200  # the first picture, the red one


def test_what_is_not_a_picture_says_so():
    for data in (b"", b"GIF89a", b"<svg/>", picture_of((8, 8), "BMP")):
        with pytest.raises(images.NotAPicture):
            header(data)


def test_a_webp_animation_keeps_each_frames_duration_and_no_metadata():
    frames = [Image.new("RGB", (40, 30), color) for color in ("red", "green", "blue")]
    exif = Image.Exif()
    exif[0x010F] = "SpyCam"
    webp = BytesIO()
    frames[0].save(webp, format="WEBP", save_all=True, append_images=frames[1:], duration=[100, 250, 40],
                   loop=2, exif=exif, xmp=b"<x:xmpmeta>secret-xmp</x:xmpmeta>")
    assert images.webp_durations(BytesIO(webp.getvalue())) == [100, 250, 40]
    data, kind, width, height = attachments.reencoded(BytesIO(webp.getvalue()))
    assert (kind, width, height) == ("WEBP", 40, 30) and b"SpyCam" not in data and b"secret" not in data
    with Image.open(BytesIO(data)) as image:
        assert image.n_frames == 3 and image.info["loop"] == 2
        durations = []
        for index in range(3):
            image.seek(index)
            image.load()
            durations.append(image.info["duration"])
        assert durations == [100, 250, 40]


def test_an_apng_is_re_encoded_frame_by_frame_with_its_durations():
    frames = [Image.new("RGBA", (20, 10), color) for color in ("red", "green", "blue")]
    apng = BytesIO()
    frames[0].save(apng, format="PNG", save_all=True, append_images=frames[1:], duration=[30, 60, 90], loop=0)
    data, kind, width, height = attachments.reencoded(BytesIO(apng.getvalue()))
    with Image.open(BytesIO(data)) as image:
        assert (kind, image.n_frames) == ("PNG", 3)
        seen = []
        for index in range(3):
            image.seek(index)
            seen.append((round(image.info["duration"]), image.convert("RGB").getpixel((5, 5))))
        assert seen == [(30, (255, 0, 0)), (60, (0, 128, 0)), (90, (0, 0, 255))]
