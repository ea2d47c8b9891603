"""Whom a message notifies, and how often: one rule for mentions and replies (who can read the
channel now), and one notification per message and person, however often edits name them again."""
import pytest

from tests.reads.conftest import heard, notifications, say


def edit(person, message_id: int, content: str) -> dict:
    response = person.patch(f"/api/messages/{message_id}", json={"content": content})
    assert response.status_code == 200, response.get_json()
    return response.get_json()["message"]


def kinds(person) -> list[str]:
    return [n["type"] for n in notifications(person)["notifications"]]


def gone(guild, how: str) -> None:
    """bob stops being a member of the guild: he leaves, is kicked or is banned (his messages stay)."""
    url = f"/api/servers/{guild.server['id']}"
    response = {
        "leave": lambda: guild.bob.post(f"{url}/leave"),
        "kick": lambda: guild.owner.post(f"{url}/moderation/kick", json={"userId": guild.bob.id, "reason": "флуд"}),
        "ban": lambda: guild.owner.post(f"{url}/moderation/ban", json={"userId": guild.bob.id, "reason": "спам"}),
    }[how]()
    assert response.status_code == 200, response.get_json()


@pytest.mark.parametrize("how", ["leave", "kick", "ban"])
def test_a_reply_to_someone_no_longer_in_the_server_notifies_nobody(guild, how):
    original = say(guild.bob, guild.channel, "вопрос")
    gone(guild, how)
    say(guild.alice, guild.channel, "ответ", replyToId=original["id"])
    say(guild.alice, guild.channel, "@bob ответ", replyToId=original["id"])
    assert kinds(guild.bob) == []


def test_a_reply_still_notifies_a_member(guild):
    original = say(guild.bob, guild.channel, "вопрос")
    say(guild.alice, guild.channel, "ответ", replyToId=original["id"])
    assert kinds(guild.bob) == ["REPLY"]


def test_a_mention_edited_out_and_back_in_notifies_once(guild, connected):
    bob = connected(guild.bob)
    message = say(guild.alice, guild.channel, "@bob глянь")
    for n in range(10):
        edit(guild.alice, message["id"], "уже не важно")
        edit(guild.alice, message["id"], f"@bob глянь ещё раз ({n})")
    assert kinds(guild.bob) == ["MENTION"]
    assert len(heard(bob, "notification")) == 1


def test_a_mention_added_by_an_edit_notifies_once(guild):
    message = say(guild.alice, guild.channel, "привет")
    edit(guild.alice, message["id"], "привет, @bob")
    edit(guild.alice, message["id"], "привет")
    edit(guild.alice, message["id"], "привет, @bob!")
    [made] = notifications(guild.bob)["notifications"]
    assert (made["type"], made["messageId"]) == ("MENTION", message["id"])


def test_the_author_replied_to_is_not_notified_again_when_an_edit_names_them(guild):
    original = say(guild.bob, guild.channel, "вопрос")
    answer = say(guild.alice, guild.channel, "ответ", replyToId=original["id"])
    edit(guild.alice, answer["id"], "ответ, @bob")
    assert kinds(guild.bob) == ["REPLY"]


def test_each_message_notifies_on_its_own(guild):
    first = say(guild.alice, guild.channel, "@bob раз")
    say(guild.alice, guild.channel, "@bob два")
    edit(guild.alice, first["id"], "раз")
    edit(guild.alice, first["id"], "@bob раз")
    assert kinds(guild.bob) == ["MENTION", "MENTION"]
