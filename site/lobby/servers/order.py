"""Each person's own order of their servers (the rail, the server cards): `Membership.position`.
Nobody else's list changes, and nobody else hears of it.

A server never placed has no position and comes after the placed ones, oldest membership first
(`listing.MY_ORDER`), so joining writes nothing; the first move numbers the person's memberships
0, 1, 2…, each later one renumbers them."""
from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import lazyload

from lobby.extensions import db
from lobby.servers.listing import MY_ORDER
from lobby.servers.models import Membership
from lobby.servers.notify import notify_user_servers


def memberships_in_order(user_id: int) -> list[Membership]:
    """The person's memberships, top first, locked for the change (PostgreSQL: a move from another
    tab waits; SQLite writes one at a time anyway)."""
    return list(db.session.scalars(select(Membership).where(Membership.user_id == user_id).order_by(*MY_ORDER)
                                   .options(lazyload(Membership.user)).with_for_update()))


def do_move_server(membership: Membership, position: int) -> list[int]:
    """Put the membership's server at `position` of its member's list (past the end: last).
    Returns the server ids, top first. Every tab of the person hears `user_servers` (`moved`)."""
    listed = memberships_in_order(membership.user_id)
    order = [row for row in listed if row.id != membership.id]
    order.insert(min(position, len(order)), next(row for row in listed if row.id == membership.id))
    ids = [row.server_id for row in order]
    if order == listed and all(row.position == index for index, row in enumerate(order)):
        db.session.rollback()  # already there: nothing to write or tell
        return ids
    for index, row in enumerate(order):
        row.position = index
    db.session.commit()
    notify_user_servers(membership.user_id, "moved", membership.server_id)
    return ids
