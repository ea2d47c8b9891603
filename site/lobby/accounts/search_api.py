"""`GET /api/users/search?q=` (spec §7): people by username or name, for the search dialog and the
add-friend modal.

Only what a profile card shows, and how the caller stands with each person (status, friend,
blocked, request pending): never an e-mail address. Unverified and deactivated accounts are not
found."""
from __future__ import annotations

from flask import Blueprint, current_app, g, request
from sqlalchemy import case, func, or_, select

from lobby.accounts.models import User
from lobby.accounts.schemas import FoundUsers, UserSearchQuery
from lobby.accounts.session import api_login_required, json_response, token_user_key
from lobby.extensions import csrf, db, limiter
from lobby.friends.relations import relations_with
from lobby.messages.search import BAD_QUERY, check_query
from lobby.people.person import person_dict
from lobby.schema import BEARER, NOT_VERIFIED, UNAUTHORIZED, Response, api, refusals, throttled

blueprint = Blueprint("users_api", __name__, url_prefix="/api/users")
csrf.exempt(blueprint)

LIMIT = 20


def like_pattern(q: str) -> str:
    """`%q%` with LIKE's own wildcards in q taken literally (escape character `\\`)."""
    escaped = q.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def user_card(user: User) -> dict:
    return {**person_dict(user), "firstName": user.first_name, "lastName": user.last_name,
            "bio": None, "avatar": user.profile_image_url}


# Presence's statuses as search results name them (spec §4: AWAY and DND, as server members do).
SEARCH_STATUS = {"online": "ONLINE", "idle": "AWAY", "dnd": "DND"}


def marked(cards: list[dict], viewer_id: int) -> list[dict]:
    """Each card with how the viewer stands with that person: one presence lookup and three
    queries for the whole page."""
    ids = [card["id"] for card in cards]
    online = current_app.extensions["lobby.presence"].visible_statuses(ids, viewer_id) if ids else {}
    known = relations_with(viewer_id, ids)
    return [{**card, "status": SEARCH_STATUS.get(online.get(card["id"]), "OFFLINE"),
             "isFriend": card["id"] in known.friends, "isBlocked": card["id"] in known.blocked,
             "hasPendingRequest": card["id"] in known.pending} for card in cards]


def find_users(q: str, limit: int = LIMIT) -> list[dict]:
    """Contains q, case-insensitively in any alphabet (SQLite gets a Unicode `lower()` in
    `database.tune_sqlite`). The exact username first, then usernames starting with q, then A–Я."""
    pattern, key = like_pattern(q), q.lower()
    fields = [func.lower(column).like(pattern, escape="\\")
              for column in (User.username, User.first_name, User.last_name)]
    rank = case((User.username_key == key, 0), (User.username_key.startswith(key, autoescape=True), 1), else_=2)
    users = db.session.scalars(
        select(User).where(or_(*fields), User.is_email_verified.is_(True), User.is_deactivated.is_(False))
        .order_by(rank, User.username_key).limit(limit)
    ).all()
    return [user_card(user) for user in users]


@blueprint.get("/search")
@api_login_required
@limiter.limit("120 per minute", key_func=token_user_key)
@api.validate(query=UserSearchQuery, resp=Response(HTTP_200=(FoundUsers, "Matches"), **refusals(
    HTTP_400=BAD_QUERY, HTTP_401=UNAUTHORIZED, HTTP_403=NOT_VERIFIED,
    HTTP_429=throttled("120 searches per minute per user"))),
    tags=["users"], security=BEARER, operation_id="searchUsers")
def search():
    """People by username or name

    Verified, active accounts whose username, first name or last name contains `q`,
    case-insensitively in any alphabet; the exact username first, then usernames starting with `q`,
    then by username; at most 20. Never an e-mail address. Each says how the caller stands with
    that person."""
    return json_response({"users": marked(find_users(check_query(request.context.query.q)), g.user.id)})
