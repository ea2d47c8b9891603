"""A resend (the same nonce again) answers with the first message only when it is a message of the
same channel: a nonce sent to another channel never reveals the message it names there."""
import pytest

from tests.messages.test_messages_api import history, send


@pytest.fixture
def banned_elsewhere(people, create_server):
    """`member` wrote in server P (a reply to the owner), was banned from P, and is still a member
    of server A: (member, P's owner, P's channel, A's channel, the nonce used in P, the replied id)."""
    owner, member = people("owner"), people("member")
    p = create_server("owner", name="Сервер П")
    a = create_server("other", name="Сервер А")
    for server in (p, a):
        assert member.post(f"/api/servers/join/{server['inviteCode']}").status_code == 200
    p_channel = owner.get(f"/api/servers/{p['id']}/channels").get_json()["channels"][0]["id"]
    a_channel = people("other").get(f"/api/servers/{a['id']}/channels").get_json()["channels"][0]["id"]
    original = send(owner, p_channel, "Исходное сообщение").get_json()["message"]
    assert send(member, p_channel, "Секрет сервера П", nonce="p-secret", replyToId=original["id"]).status_code == 201
    assert owner.post(f"/api/servers/{p['id']}/moderation/ban",
                      json={"userId": member.id, "reason": "спам"}).status_code == 200
    assert owner.patch(f"/api/messages/{original['id']}", json={"content": "Изменено после бана"}).status_code == 200
    return member, owner, p_channel, a_channel, "p-secret", original["id"]


def test_a_banned_user_resending_an_old_nonce_elsewhere_learns_nothing_of_the_server(banned_elsewhere):
    member, _, _, a_channel, nonce, _ = banned_elsewhere
    response = send(member, a_channel, "x", nonce=nonce)
    assert response.status_code == 409
    body = response.get_json()
    assert body["code"] == "NONCE_CONFLICT" and "message" in body and "Секрет" not in str(body)
    assert "Изменено после бана" not in str(body)
    assert history(member, a_channel).get_json()["messages"] == []  # and nothing was written either


def test_a_resend_with_files_of_an_old_nonce_elsewhere_is_refused_too(banned_elsewhere):
    member, _, _, a_channel, nonce, _ = banned_elsewhere
    response = member.upload(f"/api/messages/{a_channel}/messages",
                             {"content": "x", "nonce": nonce, "files": (b"hello", "note.txt")})
    assert (response.status_code, response.get_json()["code"]) == (409, "NONCE_CONFLICT")


def test_a_reply_resent_elsewhere_with_an_old_nonce_is_refused(banned_elsewhere, people):
    member, _, _, a_channel, nonce, _ = banned_elsewhere
    mine = send(people("other"), a_channel, "В сервере А").get_json()["message"]
    response = send(member, a_channel, "x", nonce=nonce, replyToId=mine["id"])
    assert (response.status_code, response.get_json()["code"]) == (409, "NONCE_CONFLICT")


def test_the_banned_server_channel_itself_answers_404(banned_elsewhere):
    member, _, p_channel, _, nonce, _ = banned_elsewhere
    response = send(member, p_channel, "x", nonce=nonce)
    assert response.status_code == 404 and "Секрет" not in response.get_data(as_text=True)
