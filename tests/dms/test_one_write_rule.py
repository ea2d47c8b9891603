"""Who may write in a DM is one rule — `servers.access.access_channel`, then
`dms.access.check_may_write` — and a copy of it inside the send's one statement
(`messages.sending.IN_DM`), which a plain text keeps for speed. Every situation is tried on both
paths (a plain text goes through the statement; a reply through the session path, which asks the
rule) and against the rule itself: all three must answer alike, so the copy cannot drift."""
from __future__ import annotations

import pytest

from lobby.accounts.actions import do_deactivate
from lobby.accounts.models import User
from lobby.dms.access import check_may_write
from lobby.errors import ApiError
from lobby.extensions import db
from lobby.servers.access import access_channel
from tests.dms.conftest import block, say

SITUATIONS = {
    "friends": lambda alice, bob: None,
    "alice blocked bob": lambda alice, bob: block(alice, bob),
    "bob blocked alice": lambda alice, bob: block(bob, alice),
    "bob's account is gone": "deactivate",
}


def by_the_rule(app, user_id: int, channel_id: int) -> tuple[int, str | None]:
    """What the rule says of `user_id` writing in the channel: 201, or the refusal's status and code."""
    with app.app_context():
        try:
            _, participant = access_channel(db.session.get(User, user_id), channel_id)
            check_may_write(participant)
        except ApiError as refused:
            return refused.status, refused.code
    return 201, None


def answer(response) -> tuple[int, str | None]:
    return response.status_code, (response.get_json() or {}).get("code") if response.status_code != 201 else None


@pytest.mark.parametrize("situation", [*SITUATIONS, "a stranger"])
def test_the_send_statement_answers_as_the_rule(app, dm, mallory, situation):
    alice, bob, channel_id = dm
    earlier = say(bob, channel_id, "до")  # something to reply to, written while both may write
    change = SITUATIONS.get(situation)
    if change == "deactivate":
        with app.app_context():
            do_deactivate(db.session.get(User, bob.id))
    elif change is not None:
        change(alice, bob)
    writer = mallory if situation == "a stranger" else alice

    plain = answer(writer.post(f"/api/messages/{channel_id}/messages", json={"content": "текст"}))
    reply = answer(writer.post(f"/api/messages/{channel_id}/messages",
                               json={"content": "ответ", "replyToId": earlier["id"]}))
    rule = by_the_rule(app, writer.id, channel_id)
    assert plain == reply == rule, {"statement": plain, "session path": reply, "rule": rule}
    # And the situations differ as the product says: friends write, the rest are refused.
    assert (rule[0] == 201) == (situation == "friends"), rule
