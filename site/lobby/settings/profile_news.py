"""Someone's face changed — their display name or their avatar — and everyone who may have it on
screen hears `user_updated {user}` (the public person, lobby.people) and shows the new one at once:
the people who share a server of at most PRESENCE_LARGE_SERVER members with them (presence's
audience: in a larger one the member list reads names as it loads), their friends, the other
people of their DMs, and their own other tabs. Call after the commit."""
from __future__ import annotations

from flask import current_app
from sqlalchemy import or_, select

from lobby.accounts.models import User
from lobby.dms.models import DirectChat
from lobby.extensions import db
from lobby.friends.relations import friend_ids_of
from lobby.people.person import person_dict
from lobby.realtime.bus import Recipients, publish
from lobby.realtime.presence import people_who_see

FACE = ("displayName", "avatarUrl")  # the profile fields others see a person by


def face_changed(before: dict, after: dict) -> bool:
    return any(before["profile"].get(field) != after["profile"].get(field) for field in FACE)


def dm_partner_ids(user_id: int) -> set[int]:
    rows = db.session.execute(select(DirectChat.user_low_id, DirectChat.user_high_id).where(
        or_(DirectChat.user_low_id == user_id, DirectChat.user_high_id == user_id))).all()
    return {other for pair in rows for other in pair if other != user_id}


def notify_person_changed(user: User) -> None:
    large = int(current_app.config.get("PRESENCE_LARGE_SERVER", 250))
    people = people_who_see(user.id, large) | set(friend_ids_of(user.id)) | dm_partner_ids(user.id)
    publish({"type": "user_updated", "data": {"user": person_dict(user)}}, Recipients.of(users=sorted(people)))
