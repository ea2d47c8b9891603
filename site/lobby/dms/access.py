"""`access_*` and `check_*` for direct messages: whom a conversation may be started with, and
whether one may be written in now. Reading a DM is `servers/access.access_channel`'s (it lets the
two people in, 404 to anyone else)."""
from __future__ import annotations

from lobby.accounts.models import User
from lobby.dms.models import DmParticipant
from lobby.errors import ApiError
from lobby.extensions import db
from lobby.friends.access import user_not_found
from lobby.friends.privacy import privacy_of
from lobby.friends.relations import are_friends, has_blocked, is_blocked_either_way
from lobby.texts import text


def access_recipient(user: User, user_id: int) -> User:
    """The person a conversation is opened with: not the caller (400), someone with a verified,
    active account (404 otherwise, as the users search would not find them)."""
    if user_id == user.id:
        raise ApiError(400, text("dms.yourself"), "DM_SELF")
    other = db.session.get(User, user_id)
    if other is None or not other.is_email_verified or other.is_deactivated:
        raise user_not_found()
    return other


def check_not_blocked(user_id: int, other_id: int) -> None:
    """403 when a block stands either way. Only a caller whose own block it is hears of a block
    (`USER_BLOCKED`: they can lift it); the blocked one is refused as the other person's privacy
    setting would refuse them (`DM_NOT_ALLOWED`, the same words), so nobody learns they were
    blocked — as a friend request is refused."""
    if not is_blocked_either_way(user_id, other_id):
        return
    if has_blocked(user_id, other_id):
        raise ApiError(403, text("friends.you_blocked"), "USER_BLOCKED")
    raise dms_not_allowed()


def dms_not_allowed() -> ApiError:
    return ApiError(403, text("dms.not_allowed"), "DM_NOT_ALLOWED")


def check_may_start(user_id: int, recipient_id: int) -> None:
    """The recipient's `directMessages` privacy setting (everyone | friends | none) lets the caller
    start a conversation; 403 DM_NOT_ALLOWED otherwise."""
    setting = privacy_of(recipient_id).direct_messages
    if setting == "everyone" or (setting == "friends" and are_friends(recipient_id, user_id)):
        return
    raise dms_not_allowed()


def check_may_write(participant) -> None:
    """Before anything is written in a channel `access_channel` let the caller into (its second
    value): in a DM, the other person still has an account (403 ACCOUNT_DELETED: the conversation
    stays readable) and no block stands between the two; a server's channel has nothing more to
    check (a membership is enough)."""
    if isinstance(participant, DmParticipant):
        other = db.session.get(User, participant.other_id)
        if other is None or other.is_deactivated:
            raise ApiError(403, text("dms.account_deleted"), "ACCOUNT_DELETED")
        check_not_blocked(participant.user_id, participant.other_id)


def check_may_call(participant: DmParticipant) -> None:
    """A call (a voice seat in the DM, ringing, declining) is for its two people while no block
    stands between them: 403 FORBIDDEN, with the words a send is refused with (the blocked one
    reads the privacy refusal's, not of a block)."""
    try:
        check_not_blocked(participant.user_id, participant.other_id)
    except ApiError as error:
        raise ApiError(403, error.message, "FORBIDDEN") from None
