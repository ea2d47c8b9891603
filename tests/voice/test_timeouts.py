"""A timeout covers a server's voice: no seat in its voice channels while it runs (403 TIMED_OUT, as
a send), and a seat already held is muted by the server until the timeout ends or is lifted."""
from datetime import timedelta

from sqlalchemy import update

from lobby.database import utcnow
from lobby.servers.models import Timeout
from tests.servers.conftest import in_database  # noqa: F401 (fixture)
from tests.voice.conftest import fits_the_document, heard, nothing_of, refused, seated, state


def time_out(guild, person, seconds: int = 300) -> str:
    response = guild.owner.post(f"/api/servers/{guild.server['id']}/moderation/timeout",
                                json={"userId": person.id, "duration": seconds, "reason": "флуд"})
    assert response.status_code == 200, response.get_json()
    return response.get_json()["until"]


def lift(guild, person) -> None:
    response = guild.owner.delete(f"/api/servers/{guild.server['id']}/moderation/timeout/{person.id}")
    assert response.status_code == 200, response.get_json()


def muted_news(socket, person, **state_match) -> dict:
    """The next `user_state_broadcast` about `person` whose state has `state_match`."""
    while True:
        frame = heard(socket, "user_state_broadcast", userId=person.id)
        if all(frame["data"]["state"].get(k) == v for k, v in state_match.items()):
            return frame["data"]["state"]


def test_a_timed_out_member_cannot_take_a_seat(guild, connect):
    until = time_out(guild, guild.alice)
    bob, alice = connect(guild.bob), connect(guild.alice)
    alice.send("rtc_join_channel", {"channelId": guild.voice, "sessionId": "s"})
    refusal = refused(alice)
    assert refusal["code"] == "TIMED_OUT" and refusal["until"] == until and 290 <= refusal["retryAfter"] <= 300
    assert refusal["message"] == "Вы в тайм-ауте на этом сервере: говорить в голосовых каналах можно будет через 5 минут"
    nothing_of(bob, {"rtc_user_joined"})
    fits_the_document(alice)


def test_a_seat_held_when_the_timeout_comes_is_muted_by_the_server_until_it_is_lifted(guild, connect):
    bob = connect(guild.bob)
    alice = connect(guild.alice)
    seated(alice, guild.voice)
    heard(bob, "rtc_user_joined", userId=guild.alice.id)
    time_out(guild, guild.alice)
    assert muted_news(bob, guild.alice, serverMuted=True) == state(guild.alice, muted=True, serverMuted=True)
    assert muted_news(alice, guild.alice, serverMuted=True)["muted"] is True  # her own tabs hear it too

    alice.send("user_state_update", {"channelId": guild.voice, "payload": {"muted": False}}, message_id="unmute")
    assert refused(alice)["code"] == "TIMED_OUT"
    alice.send("voice_activity", {"channelId": guild.voice, "isSpeaking": True})
    alice.send("user_state_update", {"channelId": guild.voice, "payload": {"deafened": False}})
    for news in bob.frames_within(1.0):  # whatever she switches, she stays muted, never speaking
        if news["type"] == "user_state_broadcast":
            assert news["data"]["state"]["muted"] is True and news["data"]["state"]["speaking"] is False

    lift(guild, guild.alice)
    lifted = muted_news(bob, guild.alice, serverMuted=False)
    assert lifted["muted"] is True  # her own switch: she turns it back on herself
    alice.send("user_state_update", {"channelId": guild.voice, "payload": {"muted": False}})
    assert muted_news(bob, guild.alice, muted=False) == state(guild.alice)
    fits_the_document(alice, bob)


def test_a_timeout_that_ran_out_lets_the_member_unmute_and_sit_again(guild, connect, in_database):
    alice = connect(guild.alice)
    seated(alice, guild.voice)
    time_out(guild, guild.alice)
    muted_news(alice, guild.alice, serverMuted=True)
    in_database(lambda session: session.execute(update(Timeout).values(until=utcnow() - timedelta(seconds=1))))
    alice.send("user_state_update", {"channelId": guild.voice, "payload": {"muted": False}})
    assert muted_news(alice, guild.alice, muted=False)["serverMuted"] is False
    seated(alice, guild.lounge, session="another")  # a new seat too


def test_a_timed_out_members_tab_coming_back_resumes_its_muted_seat(guild, connect):
    alice = connect(guild.alice)
    seated(alice, guild.voice, session="mine")
    time_out(guild, guild.alice)
    muted_news(alice, guild.alice, serverMuted=True)
    again = connect(guild.alice)
    answer = seated(again, guild.voice, session="mine")  # the same tab after a drop: its seat, still muted
    assert answer["participants"] == [state(guild.alice, muted=True, serverMuted=True)]
    again.send("rtc_join_channel", {"channelId": guild.voice, "sessionId": "another-tab"})
    assert refused(again)["code"] == "TIMED_OUT"  # another tab would be a new seat
