"""Reactions over HTTP: a reaction is one emoji (every kind Unicode has, in one form), a message holds
at most 20 kinds, and the emoji the chat offers are all accepted."""
import json
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from threading import Barrier

import pytest

from lobby.errors import ValidationError
from lobby.messages.reactions import MAX_KINDS, check_emoji
from tests.messages.test_messages_api import history, send

ROOT = Path(__file__).resolve().parents[2]
NOT_ONE_EMOJI = "Реакция — это один эмодзи"
FULL = "У сообщения уже 20 разных реакций: можно добавить только одну из них"
# Twenty-one different emoji.
KINDS = ["😀", "😁", "😂", "🤣", "😃", "😄", "😅", "😆", "😉", "😊", "😋", "😎", "😍", "😘", "🥰", "😗",
         "😙", "🥲", "🙂", "🤗", "🤩"]


def react(person, message_id: int, emoji):
    return person.post(f"/api/messages/{message_id}/reactions", json={"emoji": emoji})


def unreact(person, message_id: int, emoji: str):
    return person.delete(f"/api/messages/{message_id}/reactions/{emoji}")


def chips(response) -> dict[str, int]:
    assert response.status_code == 200, response.get_json()
    return {r["emoji"]: r["count"] for r in response.get_json()["message"]["reactions"]}


@pytest.fixture
def message(chat) -> int:
    owner, _, _, channel = chat
    return send(owner, channel, "Голосуем").get_json()["message"]["id"]


@pytest.mark.parametrize("emoji", [
    "👍", "❤️", "👨‍👩‍👧‍👦", "👍🏽", "🧑🏿‍🤝‍🧑🏻", "🇷🇺", "🏳️‍🌈", "🏴‍☠️", "1️⃣", "#️⃣", "©️", "🫨", "🐦‍🔥",
])
def test_one_emoji_of_any_kind_is_a_reaction(chat, message, emoji):
    _, member, _, _ = chat
    assert chips(react(member, message, emoji)) == {emoji: 1}


@pytest.mark.parametrize("emoji", [
    "a", "ok", "+1", "👍👍", "👍 👍", " ", "🇦", "🏻", "👍x", "1", "#", "❤︎", "\u200d", "<b>", "я" * 32, 5, None, ["👍"],
])
def test_anything_but_one_emoji_is_refused(chat, message, emoji):
    _, member, _, _ = chat
    response = react(member, message, emoji)
    assert response.status_code == 422
    assert response.get_json() == {"message": NOT_ONE_EMOJI, "code": "VALIDATION_ERROR", "errors": {"emoji": NOT_ONE_EMOJI}}


def test_taking_back_something_that_is_not_an_emoji_is_refused_too(chat, message):
    _, member, _, _ = chat
    response = unreact(member, message, "плюс")
    assert response.status_code == 422 and response.get_json()["errors"] == {"emoji": NOT_ONE_EMOJI}


def test_an_emoji_written_without_its_variation_selector_is_the_same_reaction(chat, message):
    owner, member, _, _ = chat
    react(member, message, "❤")
    assert chips(react(owner, message, "❤️")) == {"❤️": 2}
    assert chips(unreact(member, message, "❤")) == {"❤️": 1}


def test_a_message_holds_twenty_kinds_of_reaction(chat, message):
    owner, member, _, _ = chat
    for emoji in KINDS[:MAX_KINDS]:
        assert react(member, message, emoji).status_code == 200
    refused = react(member, message, KINDS[MAX_KINDS])
    assert refused.status_code == 409
    assert refused.get_json() == {"message": FULL, "code": "TOO_MANY_REACTIONS"}
    # Adding to a kind it has is fine, and giving one again changes nothing.
    assert chips(react(owner, message, KINDS[0]))[KINDS[0]] == 2
    assert chips(react(member, message, KINDS[0]))[KINDS[0]] == 2
    # A kind gone makes room for another.
    unreact(member, message, KINDS[1])
    assert len(chips(react(owner, message, KINDS[MAX_KINDS]))) == MAX_KINDS


def test_new_kinds_sent_at_once_stop_at_twenty(chat, message, app):
    """Ten new kinds at once on a message with nineteen: one fits (on PostgreSQL the count and the
    insert would each see the others' rows as absent without the message's lock)."""
    owner, member, _, _ = chat
    for emoji in KINDS[:MAX_KINDS - 1]:
        react(member, message, emoji)
    fresh = ["🐶", "🐱", "🐭", "🐹", "🐰", "🦊", "🐻", "🐼", "🐨", "🐯"]
    start = Barrier(len(fresh))

    def add(emoji):
        client = app.test_client()  # one client per thread
        start.wait()
        return client.post(f"/api/messages/{message}/reactions", json={"emoji": emoji}, headers=owner.headers())

    with ThreadPoolExecutor(len(fresh)) as pool:
        codes = sorted(response.status_code for response in pool.map(add, fresh))
    assert codes == [200] + [409] * (len(fresh) - 1)
    [held] = history(owner, chat[3]).get_json()["messages"]
    assert len(held["reactions"]) == MAX_KINDS


def picker_emoji() -> list[str]:
    """Every emoji the chat offers: the reaction picker's eight and the full picker's (emoji-mart's
    data, skin tones included), as the islands bundle them."""
    package = json.loads((ROOT / "node_modules/@emoji-mart/data/package.json").read_text())
    data = json.loads((ROOT / "node_modules/@emoji-mart/data" / package["main"]).read_text())
    full = [skin["native"] for entry in data["emojis"].values() for skin in entry["skins"]]
    actions = (ROOT / "islands/app/chat/actions.js").read_text()
    quick = re.findall(r"\['([^']+)', t\('", actions[actions.index("export const REACTIONS"):])
    assert len(quick) == 8 and len(full) > 3000
    return quick + full


def test_every_emoji_the_chat_offers_is_accepted_as_it_is_sent(app):
    """What a picker sends must be taken, and kept unchanged (the chat shows its own pick at once and
    matches the live change by the emoji)."""
    with app.app_context():
        changed = {emoji: taken(emoji) for emoji in picker_emoji() if taken(emoji) != emoji}
    assert changed == {}


def taken(emoji: str) -> str | None:
    """The reaction stored for `emoji`, or None when it is refused."""
    try:
        return check_emoji(emoji)
    except ValidationError:
        return None
