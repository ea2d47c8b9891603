"""Schemathesis over every operation of `/api/openapi.json`, signed in: no answer is a server error,
and every answer is one the document declares (its status code, content type, headers and body).
Marked `probe`: `pytest -m probe` runs it alone (it runs in the default suite too); with `-s` it
prints the answers it got, by operation and status.

The document is read from the running app, as a client reads it, never from the modules that
write it today: the probe keeps working when the document is generated another way.

How the run is built, and why:
- Four tests walk the operations, one subtest each, so every operation is reported on its own and
  a failing one does not stop the others: three share the operations that remove nothing, the
  fourth runs `LAST` in order; each on rows of its own, so xdist runs them side by side (one test
  of ~4,000 cases was the suite's longest, ending CI runs minutes after everything else). (`schemathesis.pytest.from_fixture`, the loader meant for
  an app built by a fixture, reads `Function._nodeid`, which pytest 9.2 no longer has; the public
  pieces it is made of are used directly: `as_strategy`, Hypothesis' `given`, `call_and_validate`.)
- Cases are positive (fit the document) and negative (do not), drawn deterministically, without
  shrinking: a failure is reported as found, with the curl command that reproduces it. One case in
  FORM_SHARE whose body is a JSON object sends it as a multipart form instead: a body of a kind the
  call does not take must be a documented refusal too.
- Signed in as a verified user with a Bearer token, on seeded rows: a share of the generated path
  parameters, query filters and body fields (`userId`, `replyToId`, `emoji`) name real servers,
  channels, messages, files, invite codes and users, so the probe reaches past the 404s.
- Throttles stay on: a 429 is an answer the document must declare, and it is checked like any
  other. After each 429 the counters are cleared, so the next case reaches the view again: a
  budget of 10 registrations an hour would otherwise leave 70 of 80 cases testing the throttle
  alone (and one operation spending a shared budget, like `verify-email-code` and
  `reset-password`, would leave the next one nothing but 429s).
- Operations that remove rows or memberships run after the others, so the rows the others aim
  at still exist for them; `logout` runs last: it ends the sign-in its Bearer token names, so any
  case after it would only ever see 401. `refresh` is probed like the rest: the probe holds no
  refresh cookie, so it answers 400/401 and never touches the sign-in.
- Left out: `/api/openapi.json` itself (the document under test, not an operation it describes).
  Every other operation runs in-process, through the WSGI app; the live socket `/ws` is not in
  the document.
"""
from __future__ import annotations

import json
import time
import zlib
from collections import Counter
from dataclasses import dataclass, field
from io import BytesIO

import pytest
import schemathesis
from hypothesis import Phase, given, seed, settings, strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (content_type_conformance, response_headers_conformance,
                                               response_schema_conformance, status_code_conformance)

from lobby.extensions import limiter
from lobby.jobs.queue import wait_for_local_jobs
from tests.servers.conftest import cheap_password_hashing, people, picture  # noqa: F401  (shared)

pytestmark = pytest.mark.probe

DOCUMENT = "/api/openapi.json"
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance,
          response_headers_conformance]
# Each operation draws from its own fixed seed: the same cases on every run and machine, whatever
# else changes in this file (Hypothesis' `derandomize` would reseed on every edit of the test).
SEED = 20240611
FORM_SHARE = 4  # one case in this many with a JSON object body sends it as a multipart form
JSON, MULTIPART = "application/json", "multipart/form-data"
EXAMPLES = 40  # per operation, positive and negative together: ~2,900 cases, ~55 s embedded here (4 tests)
# Run after all the others, in this order: each removes rows the ones before it aim at, and
# `logout` ends the prober's sign-in.
LAST = ("DELETE /api/messages/{message_id}/reactions/{emoji}", "DELETE /api/messages/{message_id}",
        "DELETE /api/servers/{server_id}/channels/{channel_id}", "DELETE /api/servers/{server_id}/bans/{user_id}",
        "POST /api/friends/requests/{request_id}/accept", "POST /api/friends/requests/{request_id}/decline",
        "DELETE /api/friends/requests/{request_id}", "DELETE /api/friends/{user_id}",
        "POST /api/friends/{user_id}/block", "POST /api/friends/{user_id}/unblock",
        "POST /api/servers/{server_id}/transfer", "POST /api/servers/{server_id}/moderation/kick",
        "POST /api/servers/{server_id}/moderation/ban", "POST /api/servers/{server_id}/leave",
        "DELETE /api/servers/{server_id}",
        "DELETE /api/account/sessions/others", "DELETE /api/account/sessions/{sign_in_id}", "POST /api/auth/logout")
# Those of `LAST` that may end the prober's sign-in (a drawn id can be its own): the probe checks
# after every other operation that the sign-in still holds, so a new operation that ends it fails
# the probe instead of leaving every operation after it answering 401.
ENDS_SIGN_IN = LAST[-3:]


@dataclass
class Seeded:
    """The prober's token, the real values a path or query parameter or a body field may take (by
    name), and a tally of the answers (operation, status) for the summary."""
    token: str
    in_paths: dict[str, list]
    in_queries: dict[str, list]
    in_bodies: dict[str, list]
    for_operation: dict[str, dict[str, list]]  # path values of one operation only, by its label
    answers: Counter = field(default_factory=Counter)

    def paths_for(self, context) -> dict[str, list]:
        return self.in_paths | self.for_operation.get(context.operation.label, {})


def servers_of(prober, other, target, banned) -> tuple[dict, dict]:
    """The prober's public server (with an icon, two more members and a ban) and another user's
    private server the prober joined by its invite code."""
    own = prober.upload("/api/servers", {"name": "Пробный сервер", "template": "gaming", "isPublic": "true",
                                         "icon": (picture(), "icon.png")}).get_json()["server"]
    foreign = other.post("/api/servers", json={"name": "Чужой сервер", "isPublic": False}).get_json()["server"]
    assert prober.post(f"/api/servers/join/{foreign['inviteCode']}").status_code == 200
    for person in (other, target, banned):
        assert person.post(f"/api/servers/{own['id']}/join").status_code == 200
    assert prober.post(f"/api/servers/{own['id']}/moderation/ban",
                       json={"userId": banned.id, "reason": "спам"}).status_code == 200
    return own, foreign


def messages_in(prober, channel_id: int) -> tuple[list[int], dict]:
    """A dozen messages, one with a reaction, and one carrying a picture."""
    sent = [prober.post(f"/api/messages/{channel_id}/messages", json={"content": f"сообщение {n}"})
            for n in range(12)]
    ids = [response.get_json()["message"]["id"] for response in sent]
    assert prober.post(f"/api/messages/{ids[0]}/reactions", json={"emoji": "👍"}).status_code == 200
    with_file = prober.client.post(f"/api/messages/{channel_id}/messages", headers=prober.headers(),
                                   data={"content": "файл", "files": [(BytesIO(picture()), "pic.png")]},
                                   content_type="multipart/form-data").get_json()["message"]
    return [*ids, with_file["id"]], with_file["attachments"][0]


def social_rows(prober, other, target, reported_message: int) -> dict[str, list]:
    """A request to the prober (and the notification it makes), a friend, a report in the prober's
    server, and a second sign-in of the prober's: the ids the friends, notifications, reports and
    sessions operations take."""
    request = other.post("/api/friends/request", json={"username": "prober"}).get_json()["request"]
    target.post("/api/friends/request", json={"username": "prober"})
    assert prober.post("/api/friends/request", json={"username": "target"}).status_code == 200  # both asked: friends
    report = target.post(f"/api/messages/{reported_message}/report", json={"reason": "оскорбления"}).get_json()
    second = prober.client.application.test_client()
    assert second.post("/api/auth/login", json={"username": "prober", "password": "password-123"}).status_code == 200
    sessions = prober.get("/api/account/sessions").get_json()["sessions"]
    return {"request_id": [request["id"]], "report_id": [report["report"]["id"]],
            "notification_id": [n["id"] for n in prober.get("/api/notifications").get_json()["notifications"]],
            "sign_in_id": [s["id"] for s in sessions if not s["current"]]}


def seed_rows(people) -> Seeded:
    prober, other, target, banned = (people(name) for name in ("prober", "other", "target", "banned"))
    own, foreign = servers_of(prober, other, target, banned)
    spare = prober.post("/api/servers", json={"name": "Запасной сервер"}).get_json()["server"]
    channels = [channel["id"] for channel in prober.get(f"/api/servers/{own['id']}/channels").get_json()["channels"]
                if channel["type"] == "TEXT"]
    message_ids, attachment = messages_in(prober, channels[0])
    users = [target.id, other.id, banned.id]
    in_paths = {"server_id": [own["id"], foreign["id"]], "channel_id": channels, "message_id": message_ids,
                "user_id": users, "attachment_id": [attachment["id"]], "filename": [attachment["filename"]],
                "code": [own["inviteCode"], foreign["inviteCode"]], "emoji": ["👍"],
                **social_rows(prober, other, target, message_ids[1])}
    in_queries = {"serverId": in_paths["server_id"], "channelId": channels, "before": message_ids,
                  "after": message_ids}
    # Deleting a server is aimed at one of its own that nothing else uses, so that it can succeed
    # without taking the rows of the others (ownership of the main one is handed over just before).
    for_operation = {"DELETE /api/servers/{server_id}": {"server_id": [spare["id"]]}}
    return Seeded(prober.token, in_paths, in_queries, {"userId": users, "replyToId": message_ids, "emoji": ["👍"]},
                  for_operation)


def sometimes_real(generated: dict | None, values: dict[str, list]):
    """The generated parameters as they are, or with the seeded ones put in where one exists."""
    if not isinstance(generated, dict):
        return st.just(generated)
    real = {name: st.sampled_from(values[name]) for name in generated if name in values}
    if not real:
        return st.just(generated)
    return st.one_of(st.just(generated), st.fixed_dictionaries({name: st.just(v) for name, v in generated.items()}
                                                               | real))


@pytest.fixture
def seeded(people) -> Seeded:
    return seed_rows(people)


@pytest.fixture
def api(app, seeded):
    """The document as the app serves it, with the prober's token on every call."""
    config = schemathesis.Config.from_dict({
        "generation": {"with-security-parameters": False},  # always the real token, never a made-up one
        "headers": {"Authorization": f"Bearer {seeded.token}"},
    })
    schema = schemathesis.openapi.from_wsgi(DOCUMENT, app, config=config)

    @schema.hook
    def flatmap_path_parameters(context, path_parameters):
        return sometimes_real(path_parameters, seeded.paths_for(context))

    @schema.hook
    def flatmap_query(context, query):
        return sometimes_real(query, seeded.in_queries)

    @schema.hook
    def flatmap_body(context, body):
        return sometimes_real(body, seeded.in_bodies)

    return schema.exclude(path=DOCUMENT)  # not in the document today; should it ever be, it stays out


SHARES = 3  # of the operations that remove nothing; `LAST` is one more part


def part_of(schema, part: int) -> list:
    """Part `part` of the operations: every SHARES-th of those not in `LAST` (the document's order),
    or, for part SHARES, the operations of `LAST` in their order."""
    operations = [result.ok() for result in schema.get_all_operations()]
    if part == SHARES:
        last = sorted((o for o in operations if o.label in LAST), key=lambda operation: LAST.index(operation.label))
        assert [o.label for o in last] == list(LAST), "an operation of LAST is not in the document"
        return last
    return [o for o in operations if o.label not in LAST][part::SHARES]


def clear_throttles(app) -> None:
    with app.app_context():
        limiter.reset()


def as_form(case) -> None:
    """The case's JSON object sent as a multipart form instead, its values as text fields (26 JSON
    calls answered such a body with 500 once: the answer must be a documented 4xx)."""
    case.media_type = MULTIPART
    case.body = {key: value if isinstance(value, str) else json.dumps(value) for key, value in case.body.items()}


def probe(app, operation, answers: Counter) -> None:
    cases = st.one_of(operation.as_strategy(GenerationMode.POSITIVE), operation.as_strategy(GenerationMode.NEGATIVE))

    @seed(SEED + zlib.crc32(operation.label.encode()))
    @settings(max_examples=EXAMPLES, database=None, deadline=None, phases=[Phase.explicit, Phase.generate])
    @given(case=cases, form=st.integers(0, FORM_SHARE - 1))
    def call(case, form):
        if form == 0 and case.media_type == JSON and isinstance(case.body, dict):
            as_form(case)
        response = case.call_and_validate(checks=CHECKS)
        # Embedded mode sends the mail a call queued on a thread: let it finish before the next case
        # is drawn (mail drawing on `random` while Hypothesis generates is a Hypothesis warning).
        wait_for_local_jobs(app)
        answers[(operation.label, response.status_code)] += 1
        if response.status_code == 429:
            clear_throttles(app)

    call()


def summary(answers: Counter, seconds: float) -> str:
    by_operation: dict[str, list[str]] = {}
    for (label, status), count in sorted(answers.items()):
        by_operation.setdefault(label, []).append(f"{status}×{count}")
    lines = [f"{label}: {' '.join(statuses)}" for label, statuses in by_operation.items()]
    return "\n".join([*lines, f"{sum(answers.values())} cases in {seconds:.1f} s"])


def still_signed_in(app, token: str) -> bool:
    return app.test_client().get("/api/auth/me", headers={"Authorization": f"Bearer {token}"}).status_code == 200


@pytest.mark.parametrize("part", range(SHARES + 1))
def test_every_answer_is_one_the_document_declares(app, api, seeded, subtests, part):
    started = time.monotonic()
    operations = part_of(api, part)
    assert operations
    for operation in operations:
        with subtests.test(operation.label):
            probe(app, operation, seeded.answers)
            if operation.label not in ENDS_SIGN_IN:
                assert still_signed_in(app, seeded.token), f"{operation.label} ended the prober's sign-in: add it to LAST"
    print(summary(seeded.answers, time.monotonic() - started))
