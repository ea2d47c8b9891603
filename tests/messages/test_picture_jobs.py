"""Heavy pictures are re-encoded by the job, in both modes: inline in embedded mode, by the real
RQ worker (`flask --app wsgi worker`) in production mode while the request waits for the result;
the web process then decodes nothing itself."""
import subprocess
import sys
import textwrap
import threading
import time
from io import BytesIO
from pathlib import Path

import pytest
from PIL import Image
from redis import Redis
from rq import Queue
from rq.job import Job

from lobby import image_jobs
from lobby.jobs.queue import PICTURES, queue_name
from tests.messages.pictures import ROOT, Decodes, gif_of, job_worker, picture_of, start_worker, worker_env  # noqa: F401 (fixture)
from tests.messages.test_attachments_api import attachments_of, send_files

TASK = "lobby.image_jobs:work"
HEAVY_PHOTO = picture_of((2500, 2000), "JPEG", "orange")  # 5 M pixels in 40 KB: heavy by its header


@pytest.fixture(params=["embedded", "production"])
def app(request, app, make_app, redis_url):
    """The suite's app in each mode (the suite's own `app` empties the tables afterwards)."""
    moded = make_app(REDIS_URL=None if request.param == "embedded" else redis_url)
    yield moded
    if request.param == "production":
        work_queue = Queue(queue_name_of(moded), connection=Redis.from_url(redis_url))
        work_queue.connection.delete(work_queue.key, work_queue.finished_job_registry.key,
                                     work_queue.failed_job_registry.key)


def queue_name_of(app) -> str:
    return f"{app.config['REDIS_PREFIX']}-{PICTURES}"


def finished_jobs(app) -> list[Job]:
    """What RQ's registry says the worker finished for this app's queue."""
    with app.app_context():
        work_queue = Queue(queue_name(PICTURES), connection=Redis.from_url(app.config["REDIS_URL"]))
        return [Job.fetch(job_id, connection=work_queue.connection)
                for job_id in work_queue.finished_job_registry.get_job_ids()]


def incoming(app) -> list[Path]:
    return sorted((Path(app.config["UPLOAD_FOLDER"]) / "incoming").glob("*"))


def production(app) -> bool:
    return app.config.get("REDIS_URL") is not None


def test_a_heavy_photo_is_re_encoded_by_the_job(app, job_worker, chat, monkeypatch):
    owner, member, _, channel = chat
    decodes = Decodes().watch(monkeypatch)
    light = picture_of((300, 200), "PNG")
    photo, small = attachments_of(send_files(owner, channel, [(HEAVY_PHOTO, "dacha.jpg"), (light, "small.png")]))
    decoded = sorted(decodes.sizes)
    assert (photo["contentType"], photo["width"], photo["height"]) == ("image/jpeg", 2500, 2000)
    with Image.open(BytesIO(member.get(photo["url"]).data)) as image:
        assert (image.format, image.size) == ("JPEG", (2500, 2000))
        assert image.getpixel((1250, 1000))[0] > 240  # orange, decoded and encoded again
    assert (small["contentType"], small["width"]) == ("image/png", 300)
    if production(app):  # the web process decoded only the light picture; the worker did the photo
        assert decoded == [(300, 200)]
        [job] = finished_jobs(app)
        assert (job.description, job.args[1:2], job.get_status()) == (TASK, ("attachment",), "finished")
        assert job.worker_name and job.latest_result().return_value == {"kind": "JPEG", "width": 2500, "height": 2000}
    else:
        assert decoded == [(300, 200), (2500, 2000)]
    assert incoming(app) == []  # the job's files went with the request


def test_a_heavy_icon_is_shrunk_by_the_job(app, job_worker, people, monkeypatch):
    decodes = Decodes().watch(monkeypatch)
    owner = people("owner")
    response = owner.upload("/api/servers", {"name": "Большая иконка", "icon": (HEAVY_PHOTO, "logo.jpg")})
    assert response.status_code == 201, response.get_json()
    decoded = list(decodes.sizes)
    with Image.open(BytesIO(owner.get(response.get_json()["server"]["iconUrl"]).data)) as image:
        assert (image.format, image.size, image.mode) == ("PNG", (256, 205), "RGBA")
    if production(app):
        assert decoded == []
        assert [(job.description, job.args[1]) for job in finished_jobs(app)] == [(TASK, "icon")]
    else:
        assert decoded == [(1250, 1000)]  # even inline, the JPEG is decoded at half its size
    assert incoming(app) == []


def test_what_the_job_cannot_read_is_kept_as_a_plain_file(app, job_worker, chat):
    owner, member, _, channel = chat
    png = picture_of((2500, 2000), "PNG")
    broken = png[:len(png) // 2]  # the header still reads, the pixels do not
    (file,) = attachments_of(send_files(owner, channel, [(broken, "broken.png")]))
    assert file["contentType"] == "application/octet-stream" and member.get(file["url"]).data == broken
    if production(app):
        [job] = finished_jobs(app)
        assert job.latest_result().return_value == {"error": "not-a-picture"}


def test_pictures_beyond_the_budget_never_reach_the_job(app, job_worker, chat):
    owner, _, _, channel = chat
    (file,) = attachments_of(send_files(owner, channel, [(gif_of(2000, 2000, 25), "probe.gif")]))
    assert file["contentType"] == "application/octet-stream"
    if production(app):
        assert finished_jobs(app) == []


@pytest.mark.parametrize("app", ["production"], indirect=True)  # embedded mode runs the job inline
def test_a_job_taking_longer_than_redis_default_read_timeout_is_still_waited_for(app, chat):
    owner, member, _, channel = chat
    late = threading.Timer(7, lambda: workers.append(start_worker(app)))  # past redis-py's 5 s
    workers: list = []
    late.start()
    try:
        (photo,) = attachments_of(send_files(owner, channel, [(HEAVY_PHOTO, "dacha.jpg")]))
    finally:
        late.join()
        for worker in workers:
            worker.terminate()
            worker.wait(timeout=30)
    assert (photo["contentType"], photo["width"], photo["height"]) == ("image/jpeg", 2500, 2000)
    with Image.open(BytesIO(member.get(photo["url"]).data)) as image:
        assert image.format == "JPEG"


@pytest.mark.parametrize("app", ["production"], indirect=True)  # embedded mode has no worker to wait for
def test_without_a_worker_the_request_gives_up_with_503_and_stores_nothing(app, chat, monkeypatch):
    owner, _, _, channel = chat
    monkeypatch.setattr(image_jobs, "WAIT_SECONDS", 1)
    response = send_files(owner, channel, [(HEAVY_PHOTO, "dacha.jpg")], content="не дойдёт")
    assert response.status_code == 503 and response.headers["Retry-After"] == "10"
    assert response.get_json() == {"message": "Сервис временно недоступен", "code": "SERVICE_UNAVAILABLE"}
    assert owner.get(f"/api/messages/{channel}/messages").get_json()["messages"] == []
    assert incoming(app) == []


GREENLETS_KEEP_RUNNING = textwrap.dedent("""
    from gevent import monkey
    monkey.patch_all()
    import sys, time
    from io import BytesIO
    import gevent
    from lobby import create_app, image_jobs
    from tests.messages.pictures import picture_of

    app = create_app(env=dict(__import__("os").environ))
    ticks = []
    def tick():
        while True:
            ticks.append(time.monotonic())
            gevent.sleep(0.01)
    ticker = gevent.spawn(tick)
    gevent.sleep(0.05)
    print("queueing", flush=True)
    with app.test_request_context():
        started = time.monotonic()
        result, data = image_jobs.reencode("attachment", BytesIO(picture_of((2500, 2000), "JPEG")))
        waited = time.monotonic() - started
    ticker.kill()
    during = [t for t in ticks if started <= t <= started + waited]
    print(result["width"], len(data) > 0, round(waited, 2), len(during))
""")


@pytest.mark.parametrize("app", ["production"], indirect=True)  # embedded mode runs the job inline
def test_under_gevent_the_wait_for_the_job_lets_the_worker_serve_others(app):
    """What a gunicorn gevent worker does: while one request waits for its picture job, its
    other greenlets (requests, sockets) keep running. The worker starts two seconds after the
    request is about to queue its job (not after the process starts: on a loaded machine its
    imports alone can take that long), so the wait is long enough to count on."""
    waiting = subprocess.Popen([sys.executable, "-c", GREENLETS_KEEP_RUNNING], cwd=ROOT, env=worker_env(app),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert waiting.stdout.readline() == "queueing\n", waiting.stderr.read()
    time.sleep(2)
    worker = start_worker(app)
    try:
        out, err = waiting.communicate(timeout=120)
    finally:
        worker.terminate()
        worker.wait(timeout=30)
    assert waiting.returncode == 0, err
    width, wrote, waited, ticks = out.split()
    assert (width, wrote) == ("2500", "True") and float(waited) > 1
    assert int(ticks) >= float(waited) * 100 * 0.5  # a tick every 10 ms went on all through the wait
