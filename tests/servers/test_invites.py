"""Invite links: `GET /api/invites/<code>` (what a code opens, for whoever holds it) and the page
`/invite/<code>` (the card, accepting, and an invite accepted signed out taken up at the sign-in)."""
from __future__ import annotations

import re

import pytest

from tests.servers.conftest import error_of, picture


def first_text_channel(person, server_id: int) -> int:
    channels = person.get(f"/api/servers/{server_id}/channels").get_json()["channels"]
    return next(channel["id"] for channel in channels if channel["type"] == "TEXT")


def text_of(response) -> str:
    """The page's words, markup dropped."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.get_data(as_text=True)))


@pytest.mark.parametrize("is_public", [True, False])
def test_the_preview_says_what_the_code_opens_and_what_the_caller_may_do(cast, is_public):
    crew = cast(is_public=is_public)
    code = crew.server["inviteCode"]
    states = {role: crew[role].get(f"/api/invites/{code}") for role in ("outsider", "member", "owner", "banned")}
    assert {role: answer.status_code for role, answer in states.items()} == dict.fromkeys(states, 200)
    invite = states["outsider"].get_json()["invite"]
    assert invite["state"] == "open" and invite["code"] == code and invite["landing"] is None
    assert invite["server"] == {"id": crew.server["id"], "name": "Мой сервер", "description": None, "iconUrl": None,
                                "isPublic": is_public, "memberCount": 3, "onlineCount": 0}
    assert "inviteCode" not in invite["server"] and "channels" not in invite["server"]
    assert states["banned"].get_json()["invite"]["state"] == "banned"
    member = states["member"].get_json()["invite"]
    assert member["state"] == "member"
    assert member["landing"] == f"/app/servers/{crew.server['id']}/channels/{first_text_channel(crew['member'], crew.server['id'])}"


def test_a_temporary_ban_says_when_it_ends(cast):
    crew = cast()
    crew["owner"].post(f"{crew.url}/moderation/ban", json={"userId": crew["banned"].id, "reason": "флуд", "duration": 3600})
    invite = crew["banned"].get(f"/api/invites/{crew.server['inviteCode']}").get_json()["invite"]
    assert invite["state"] == "banned" and invite["banExpiresAt"]


def test_an_unknown_code_or_no_sign_in_is_refused(cast):
    crew = cast()
    assert error_of(crew["outsider"].get("/api/invites/nothing-here")) == (
        404, "INVITE_INVALID", "Неверный код приглашения или сервер недоступен")
    assert crew["anonymous"].get(f"/api/invites/{crew.server['inviteCode']}").status_code == 401


def test_a_regenerated_code_opens_nothing_any_more(cast):
    crew = cast()
    old = crew.server["inviteCode"]
    crew["owner"].post(f"{crew.url}/invite")
    assert crew["outsider"].get(f"/api/invites/{old}").status_code == 404
    assert crew["outsider"].get(f"/invite/{old}").status_code == 404


def test_the_icon_of_a_private_server_reaches_whoever_holds_its_code(cast):
    crew = cast(is_public=False)
    crew["owner"].upload(crew.url, {"icon": (picture(), "icon.png")}, method="PATCH")
    invite = crew["outsider"].get(f"/api/invites/{crew.server['inviteCode']}").get_json()["invite"]
    assert invite["server"]["iconUrl"].startswith(f"/invite/{crew.server['inviteCode']}/icon?v=")
    assert crew["outsider"].get(f"{crew.url}/icon").status_code == 404  # its own address: members only
    icon = crew["anonymous"].get(invite["server"]["iconUrl"])
    assert icon.status_code == 200 and icon.mimetype == "image/png"
    assert "private" in icon.headers["Cache-Control"]
    assert crew["anonymous"].get("/invite/nothing-here/icon").status_code == 404


def test_the_page_shows_a_signed_out_visitor_the_server_and_the_way_in(cast):
    crew = cast(is_public=False)
    page = crew["anonymous"].get(f"/invite/{crew.server['inviteCode']}")
    words = text_of(page)
    assert page.status_code == 200
    assert "Вас пригласили на сервер" in words and "Мой сервер" in words
    assert "0 в сети" in words and "3 участника" in words
    assert "Принять приглашение" in words and "Уже есть аккаунт? Войти" in words


def test_an_unknown_code_is_a_russian_not_found_page(people):
    page = people("anonymous").get("/invite/no-such-code")
    assert page.status_code == 404
    assert "Приглашение не найдено" in text_of(page)


def test_a_signed_in_person_accepts_and_lands_in_the_first_text_channel(cast):
    crew = cast(is_public=False)  # a private server: its link is the way in
    code = crew.server["inviteCode"]
    assert "Принять приглашение" in text_of(crew["outsider"].get(f"/invite/{code}"))
    accepted = crew["outsider"].post(f"/invite/{code}")
    landing = f"/app/servers/{crew.server['id']}/channels/{first_text_channel(crew['owner'], crew.server['id'])}"
    assert accepted.status_code == 302 and accepted.headers["Location"] == landing
    assert crew["outsider"].get(f"{crew.url}/channels").status_code == 200  # a member now
    again = crew["outsider"].get(f"/invite/{code}")
    assert "Вы уже участник этого сервера" in text_of(again) and f'href="{landing}"' in again.get_data(as_text=True)


def test_a_banned_person_reads_the_ban_and_cannot_accept(cast):
    crew = cast()
    code = crew.server["inviteCode"]
    page = text_of(crew["banned"].get(f"/invite/{code}"))
    assert "Вы заблокированы на этом сервере" in page and "Принять приглашение" not in page
    refused = crew["banned"].post(f"/invite/{code}")
    assert refused.status_code == 403 and "Вы заблокированы на этом сервере" in text_of(refused)
    assert crew["banned"].get(f"{crew.url}/channels").status_code == 403


def test_an_invite_accepted_signed_out_is_taken_up_at_the_sign_in(app, cast, people):
    crew = cast(is_public=False)
    code = crew.server["inviteCode"]
    people("newcomer")  # an account, signed in elsewhere; this browser has no session
    browser = app.test_client()
    to_register = browser.post(f"/invite/{code}", data={"then": "register"})
    assert to_register.status_code == 302 and to_register.headers["Location"] == "/auth/register"
    to_login = browser.post(f"/invite/{code}", data={"then": "login"})
    assert to_login.headers["Location"] == "/auth"
    assert "После входа вы сразу окажетесь на сервере «Мой сервер»." in text_of(browser.get("/auth"))
    signed_in = browser.post("/api/auth/login", json={"username": "newcomer", "password": "password-123"})
    assert signed_in.status_code == 200
    landing = f"/app/servers/{crew.server['id']}/channels/{first_text_channel(crew['owner'], crew.server['id'])}"
    arrived = browser.get("/app")
    assert arrived.status_code == 302 and arrived.headers["Location"] == landing
    assert browser.get("/app").status_code == 200  # once: the app is the app again
    token = signed_in.get_json()["accessToken"]
    assert browser.get(f"{crew.url}/channels", headers={"Authorization": f"Bearer {token}"}).status_code == 200


def test_a_banned_person_signing_in_by_an_invite_is_sent_back_to_its_page(app, cast):
    crew = cast()
    code = crew.server["inviteCode"]
    browser = app.test_client()
    browser.post(f"/invite/{code}", data={"then": "login"})
    browser.post("/auth", data={"emailOrUsername": "banned", "password": "password-123"})
    arrived = browser.get("/app")
    assert arrived.headers["Location"] == f"/invite/{code}"
    assert "Вы заблокированы на этом сервере" in text_of(browser.get(arrived.headers["Location"]))
