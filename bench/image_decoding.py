"""Image decoding memory and time: the outside probe's pictures and a few normal ones, each sent
through the real app (a server icon, a message attachment), before and after the pixel budget.

    .venv/bin/python bench/image_decoding.py                 # about 3 minutes
    .venv/bin/python bench/image_decoding.py --before REV    # the code to compare with

It builds its files itself: the probe's 186 KB PNG of 8000 × 8000, an 8000 × 8000 progressive
JPEG, the probe's 25-frame GIF at 2000 × 2000, two phone-like photos, a screenshot, a small GIF.
Every upload runs in a fresh process, after one small warm-up upload of the same kind; the growth
printed is the process's peak RSS during the upload (VmHWM, reset just before) over its RSS just
before. The web process is patched by gevent, as a gunicorn gevent worker is; a
greenlet ticks every 5 ms beside the request, and "stall" is its longest wait: how long every
other request and socket of that worker would have waited.

- before: the app with `save_icon` and `reencoded` as they were at REV (default: the commit before
  lobby/images.py came), loaded from `git show` into a module of their own. They decode inline.
- after, embedded: no Redis; a heavy picture's job runs inline, in the web process.
- after, production: Redis and a job worker (`flask --app wsgi worker`'s code: the app loaded in
  the parent, a work horse forked per job). "worker" is the horse's peak RSS over its parent's at
  the fork (the horse starts as a copy of it). The database is SQLite: it plays no part here.

Nothing here is a test; pytest never collects it.
"""
from __future__ import annotations

import argparse
import importlib
import json
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
FILES = [  # (name, what it stands for)
    ("probe.png", "the probe's icon: 8000 × 8000 PNG"),
    ("probe.jpg", "8000 × 8000 progressive JPEG"),
    ("probe.gif", "the probe's GIF: 25 frames of 2000 × 2000"),
    ("photo-24mp.jpg", "phone photo, 5712 × 4284"),
    ("photo-12mp.jpg", "phone photo, 4000 × 3000"),
    ("screenshot.png", "screenshot, 1920 × 1080"),
    ("photo-small.jpg", "photo, 1280 × 960"),
    ("clip.gif", "GIF, 30 frames of 480 × 270"),
]
VARIANTS = ("before", "embedded", "production")


# The files ------------------------------------------------------------------------------------

def build_files(folder: Path) -> None:
    """Run in a process of its own: making 64 M-pixel pictures takes memory the runs must not see."""
    import random
    import struct
    import zlib
    from io import BytesIO

    from PIL import Image, ImageDraw, ImageFilter

    def png_rows(width: int, height: int) -> bytes:  # black, compressed row by row: 186 KB
        packer = zlib.compressobj(9)
        row = bytes(1 + width * 3)
        data = b"".join(packer.compress(row) for _ in range(height)) + packer.flush()

        def chunk(kind: bytes, body: bytes) -> bytes:
            return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
        header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
        return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b"")

    def photo(size: tuple[int, int], seed: int) -> Image.Image:  # shapes, blur and grain: photo-like sizes
        rnd = random.Random(seed)
        small = (size[0] // 8, size[1] // 8)
        picture = Image.new("RGB", small, (90, 120, 160))
        draw = ImageDraw.Draw(picture)
        for _ in range(150):
            x, y = rnd.randrange(small[0]), rnd.randrange(small[1])
            draw.ellipse((x, y, x + rnd.randrange(5, small[0] // 3), y + rnd.randrange(5, small[1] // 3)),
                         fill=tuple(rnd.randrange(256) for _ in range(3)))
        picture = picture.filter(ImageFilter.GaussianBlur(3)).resize(size, Image.Resampling.BICUBIC)
        grain = Image.merge("RGB", [Image.effect_noise(size, 12)] * 3)
        return Image.blend(picture, grain, 0.12)

    def save(name: str, picture: Image.Image, **options) -> None:
        out = BytesIO()
        picture.save(out, **options)
        (folder / name).write_bytes(out.getvalue())

    (folder / "probe.png").write_bytes(png_rows(8000, 8000))
    save("probe.jpg", Image.new("RGB", (8000, 8000), (20, 24, 32)), format="JPEG", quality=50, progressive=True)
    palette = [value for index in range(256) for value in (index, 255 - index, index * 7 % 256)]
    frames = [Image.new("P", (2000, 2000), index * 9) for index in range(25)]
    for frame in frames:
        frame.putpalette(palette)
    save("probe.gif", frames[0], format="GIF", save_all=True, append_images=frames[1:], duration=80, loop=0)
    exif = Image.Exif()
    exif[0x0112] = 6  # taken sideways: the photo is turned upright when re-encoded
    save("photo-24mp.jpg", photo((5712, 4284), 1), format="JPEG", quality=80, exif=exif)
    save("photo-12mp.jpg", photo((4000, 3000), 2), format="JPEG", quality=85)
    screen = Image.new("RGB", (1920, 1080), (30, 33, 40))
    draw = ImageDraw.Draw(screen)
    rnd = random.Random(3)
    for _ in range(4000):  # text-like rows of small boxes on flat panels
        x, y = rnd.randrange(1900), rnd.randrange(1070)
        draw.rectangle((x, y, x + rnd.randrange(2, 9), y + 8), fill=tuple(rnd.randrange(120, 256) for _ in range(3)))
    save("screenshot.png", screen, format="PNG")
    save("photo-small.jpg", photo((1280, 960), 4), format="JPEG", quality=85)
    clip = [photo((480, 270), 10 + index).convert("P", palette=Image.Palette.ADAPTIVE) for index in range(30)]
    save("clip.gif", clip[0], format="GIF", save_all=True, append_images=clip[1:], duration=40, loop=0)


# One upload, in a fresh web process ------------------------------------------------------------

def status_mb(field: str) -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    raise LookupError(field)


def reset_peak() -> float:
    """Start a new peak-RSS window (Linux: writing 5 to clear_refs resets VmHWM); the RSS now."""
    Path("/proc/self/clear_refs").write_text("5")
    return status_mb("VmRSS")


def old_functions(rev: str):
    """`save_icon` and `reencoded` as they were at `rev`, each in a module of its own."""
    import types

    loaded = []
    for path, name in (("site/lobby/servers/icons.py", "save_icon"), ("site/lobby/messages/attachments.py", "reencoded")):
        source = subprocess.run(["git", "show", f"{rev}:{path}"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
        module = sys.modules[f"before_{name}"] = types.ModuleType(f"before_{name}")
        exec(compile(source, f"{rev}:{path}", "exec"), module.__dict__)
        loaded.append(getattr(module, name))
    return loaded


def upload_once(variant: str, purpose: str, path: Path, env: dict, rev: str) -> dict:
    from gevent import monkey

    monkey.patch_all()
    import gevent

    from lobby import create_app
    from lobby.messages import attachments
    from lobby.servers import icons

    if variant == "before":
        icons.save_icon, attachments.reencoded = old_functions(rev)
    app = create_app({"RATELIMIT_ENABLED": False}, env=env)
    client = app.test_client()
    token = client.post("/api/auth/login", json={"username": "bench", "password": "password-123"}).get_json()["accessToken"]
    headers = {"Authorization": f"Bearer {token}"}
    channel = int(env["BENCH_CHANNEL"])

    def send(data: bytes, name: str):
        from io import BytesIO

        if purpose == "icon":
            return client.post("/api/servers", data={"name": "Иконка", "icon": (BytesIO(data), name)},
                               headers=headers, content_type="multipart/form-data")
        return client.post(f"/api/messages/{channel}/messages", data={"content": "", "files": [(BytesIO(data), name)]},
                           headers=headers, content_type="multipart/form-data")

    from io import BytesIO

    from PIL import Image

    warm_up = BytesIO()
    Image.new("RGB", (64, 64), "teal").save(warm_up, format="PNG")
    send(warm_up.getvalue(), "warm.png")  # imports, first queries, the encoders' code
    data = path.read_bytes()
    gaps = [0.0]

    def tick():
        last = time.perf_counter()
        while True:
            gevent.sleep(0.005)
            now = time.perf_counter()
            gaps.append(now - last - 0.005)
            last = now

    ticker = gevent.spawn(tick)
    gevent.sleep(0.02)
    before = reset_peak()
    started = time.perf_counter()
    response = send(data, path.name)
    seconds = time.perf_counter() - started
    growth = status_mb("VmHWM") - before
    gevent.sleep(0.01)
    ticker.kill()
    return {"status": response.status_code, "body": response.get_json(), "growth": growth, "seconds": seconds,
            "stall": max(gaps)}


def outcome(purpose: str, result: dict) -> str:
    body = result["body"] or {}
    if result["status"] >= 400:
        return f"{result['status']} «{body.get('message', '').split('.')[0]}»"
    if purpose == "icon":
        return "icon 256 px"
    file = body["message"]["attachments"][0]
    return "download" if file["contentType"] == "application/octet-stream" else f"shown {file['width']}×{file['height']}"


# The job worker that reports its work horses' peaks --------------------------------------------

def run_worker(env: dict, report: Path) -> None:
    from redis import Redis
    from rq import Worker

    from lobby import create_app
    from lobby.jobs.queue import queue_names

    class MeasuredWorker(Worker):
        def perform_job(self, job, queue, *rest):  # runs in the work horse
            before = reset_peak()
            try:
                return super().perform_job(job, queue, *rest)
            finally:
                with report.open("a") as out:
                    out.write(f"{status_mb('VmHWM') - before:.1f}\n")

    app = create_app(env=env)
    with app.app_context():
        from lobby import JOB_MODULES  # loaded before the first fork, as `flask worker` does

        for module in JOB_MODULES:
            importlib.import_module(module)

        MeasuredWorker(queue_names(), connection=Redis.from_url(env["REDIS_URL"])).work(logging_level="WARNING")


# The run ----------------------------------------------------------------------------------------

def base_revision() -> str:
    added = subprocess.run(["git", "log", "--diff-filter=A", "--format=%H", "--", "site/lobby/images.py"], cwd=ROOT,
                           capture_output=True, text=True).stdout.split()
    return f"{added[-1]}^" if added else "HEAD"


def child(*args: str, env: dict) -> dict:
    result = subprocess.run([sys.executable, __file__, *args], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=600)
    if result.returncode != 0:
        raise RuntimeError(f"{args}: {result.stderr[-2000:]}")
    return json.loads(result.stdout.strip().splitlines()[-1])


def prepare(folder: Path, env: dict) -> int:
    """Migrations, the bench user, a server and its first text channel; returns the channel id."""
    flask = [str(BIN / "flask"), "--app", "wsgi"]
    subprocess.run([*flask, "db", "upgrade"], cwd=ROOT, env=env, check=True, capture_output=True)
    subprocess.run([*flask, "users", "create", "--username", "bench", "--email", "bench@example.com", "--first-name", "Бенч",
                    "--last-name", "Тестов", "--password", "password-123", "--verified"], cwd=ROOT, env=env, check=True,
                   capture_output=True)
    from lobby import create_app

    app = create_app({"RATELIMIT_ENABLED": False}, env=env)
    client = app.test_client()
    token = client.post("/api/auth/login", json={"username": "bench", "password": "password-123"}).get_json()["accessToken"]
    headers = {"Authorization": f"Bearer {token}"}
    server = client.post("/api/servers", json={"name": "Бенч", "template": "gaming", "isPublic": True}, headers=headers)
    channels = client.get(f"/api/servers/{server.get_json()['server']['id']}/channels", headers=headers).get_json()
    return next(c["id"] for c in channels["channels"] if c["type"] == "TEXT")


def main(rev: str, production: bool) -> None:
    folder = Path(tempfile.mkdtemp(prefix="lobby-images-bench-"))
    files = folder / "files"
    files.mkdir()
    redis_url, prefix = "redis://127.0.0.1:6379/9", f"imagebench:{secrets.token_hex(3)}"
    env = {**os.environ, "INSTANCE_PATH": str(folder / "instance"), "SECRET_KEY": "bench", "LOG_LEVEL": "ERROR",
           "MESSAGE_SEND_LIMIT": "1000000", "PYTHONPATH": f"{ROOT / 'site'}:{ROOT}"}
    for name in ("REDIS_URL", "DATABASE_URL", "MAIL_SERVER"):
        env.pop(name, None)
    worker = None
    try:
        subprocess.run([sys.executable, __file__, "--build", str(files)], cwd=ROOT, env=env, check=True)
        sys.path[:0] = [str(ROOT / "site"), str(ROOT)]
        env["BENCH_CHANNEL"] = str(prepare(folder, env))
        prod_env = {**env, "REDIS_URL": redis_url, "REDIS_PREFIX": prefix}
        report = folder / "horses.txt"
        if production:
            worker = subprocess.Popen([sys.executable, __file__, "--worker", str(report)], cwd=ROOT, env=prod_env)
        rows = []
        for name, label in FILES:
            path = files / name
            for purpose in ("icon", "attachment"):
                row = {"file": name, "label": label, "size": path.stat().st_size, "purpose": purpose}
                for variant in VARIANTS:
                    if variant == "production" and not production:
                        continue
                    seen = report.read_text().splitlines() if report.exists() else []
                    result = child("--upload", variant, purpose, str(path), rev, env=prod_env if variant == "production" else env)
                    horses = (report.read_text().splitlines() if report.exists() else [])[len(seen):]
                    result["worker"] = max(map(float, horses)) if horses else None
                    row[variant] = result
                rows.append(row)
                print(f"  {name:16} {purpose:10} done", file=sys.stderr)
        print_table(rows, rev, production)
    finally:
        if worker is not None:
            worker.terminate()
            worker.wait(timeout=30)
            from redis import Redis

            connection = Redis.from_url(redis_url)
            keys = list(connection.scan_iter(f"*{prefix}*"))
            if keys:
                connection.delete(*keys)
        shutil.rmtree(folder, ignore_errors=True)


def print_table(rows: list[dict], rev: str, production: bool) -> None:
    def cell(result: dict, purpose: str, worker: bool = False) -> str:
        text = f"{outcome(purpose, result)}, +{result['growth']:.0f} MB, {result['seconds']:.2f} s, stall {result['stall'] * 1000:.0f} ms"
        if worker:
            text += f", worker +{result['worker']:.0f} MB" if result["worker"] is not None else ", no job"
        return text

    print(f"\nImage decoding: peak RSS growth of the web process per upload, time, longest stall of its other "
          f"greenlets; before = {rev}\n")
    head = "| file | size | as | before | after, embedded (job inline) |" + (" after, production (RQ job) |" if production else "")
    print(head)
    print("|" + "---|" * (head.count("|") - 1))
    for row in rows:
        cells = [f"{row['label']}", f"{row['size'] / 1024:,.0f} KB", row["purpose"], cell(row["before"], row["purpose"]),
                 cell(row["embedded"], row["purpose"])]
        if production:
            cells.append(cell(row["production"], row["purpose"], worker=True))
        print("| " + " | ".join(cells) + " |")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", default=None, help="the revision to compare with")
    parser.add_argument("--embedded-only", action="store_true", help="no Redis: skip the production column")
    parser.add_argument("--build", help=argparse.SUPPRESS)
    parser.add_argument("--upload", nargs=4, help=argparse.SUPPRESS)
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.build:
        build_files(Path(options.build))
    elif options.upload:
        variant, purpose, file, rev = options.upload
        print(json.dumps(upload_once(variant, purpose, Path(file), dict(os.environ), rev)))
    elif options.worker:
        run_worker(dict(os.environ), Path(options.worker))
    else:
        main(options.before or base_revision(), production=not options.embedded_only)
