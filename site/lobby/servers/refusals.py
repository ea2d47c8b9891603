"""What the servers calls answer when they refuse, as `/api/openapi.json` says it: each error code
with its text quoted as sent (`lobby/texts.py`), for the `Response` declarations of `api.py`."""
from __future__ import annotations

from lobby.schema import NOT_OBJECT, NOT_VERIFIED, invalid, refused_with
from lobby.servers import icons
from lobby.texts import text


def or_not_verified(description: str) -> str:
    return f"{description}; or {NOT_VERIFIED[0].lower()}{NOT_VERIFIED[1:]}"


SERVER_NOT_FOUND = refused_with(("SERVER_NOT_FOUND", "server.not_found"))
NOT_A_MEMBER = refused_with(("NOT_A_MEMBER", "server.not_member"))
NO_RIGHTS = refused_with(("FORBIDDEN", "server.no_rights"))

NOT_FOUND = f"No such server, or a private one the caller is not a member of (the same answer for both): {SERVER_NOT_FOUND}"
NO_ICON = f"{NOT_FOUND}; or the server has no icon: {refused_with(('NOT_FOUND', 'server.no_icon'))}"
INVITE_INVALID = ("No server has this code (never had, or it was regenerated): "
                  + refused_with(("INVITE_INVALID", "server.invite_invalid")))
NOT_BANNED = (f"{NOT_FOUND}; or the user has no ban here (an expired one still counts): "
              + refused_with(("NOT_BANNED", "moderation.not_banned")))
NO_SUCH_USER = f"{NOT_FOUND}; no such user: {refused_with(('USER_NOT_FOUND', 'moderation.user_not_found'))}"
NOT_ON_THE_SERVER = f"{NO_SUCH_USER}; the user is not a member: {refused_with(('NOT_A_MEMBER', 'moderation.not_a_member'))}"

MEMBERS_ONLY = or_not_verified(f"Not a member of this public server: {NOT_A_MEMBER}")
OWNER_ONLY = or_not_verified(f"A member who is not the owner: {NO_RIGHTS}; a non-member of a public server: {NOT_A_MEMBER}")
MODERATORS_ONLY = or_not_verified(f"A plain member: {NO_RIGHTS}; a non-member of a public server: {NOT_A_MEMBER}")
BANNED = or_not_verified("Banned from this server (until the ban expires or is lifted): "
                         + refused_with(("BANNED", "server.banned")))
NOT_ON_THEM = or_not_verified(
    f"A plain member ({NO_RIGHTS}), the target is the owner ({refused_with(('FORBIDDEN', 'moderation.not_on_owner'))}), "
    f"or a moderator acting on a moderator ({refused_with(('FORBIDDEN', 'moderation.not_on_moderator'))}); a non-member "
    f"of a public server ({NOT_A_MEMBER})")
OWNER_STAYS = "The owner cannot leave: " + refused_with(("OWNER_CANNOT_LEAVE", "server.owner_cannot_leave"))

NOT_A_BODY = f"Body is neither a JSON object nor a multipart form: `BAD_REQUEST` «{text('request.not_object')}»"
NOT_ON_SELF = f"{NOT_OBJECT}; or the target is the caller: {refused_with(('BAD_REQUEST', 'moderation.not_on_self'))}"
TOO_LARGE = "The whole request is over 6 MB (MAX_CONTENT_LENGTH; 128 KB for a JSON body): " + refused_with(("PAYLOAD_TOO_LARGE", "http.413"))
# A large picture is decoded by the job worker while the request waits (lobby/image_jobs.py).
NO_WORKER = ("Production only: a large picture waited 60 s for a job worker that did not answer; `Retry-After` says "
             "when to try again: " + refused_with(("SERVICE_UNAVAILABLE", "http.503")))

NOT_TEXT, NOT_FLAG, NUL = text("request.not_text"), text("request.not_flag"), text("request.nul")
NAME = [text("server.name_empty"), text("server.name_too_short"), text("server.name_too_long"),
        text("server.name_letters"), NOT_TEXT]
DESCRIPTION = [text("server.description_too_long"), NOT_TEXT]
CATEGORY = [text("server.category_unknown"), NOT_TEXT]
ICON = [icons.TOO_BIG, icons.TOO_MANY_PIXELS, icons.NOT_AN_IMAGE]
A_FORM = f" In a multipart form, a NUL in any field is refused with «{NUL}», before anything else."

NEW_SERVER = invalid(dict(
    name=NAME, description=DESCRIPTION, template=[text("server.template_unknown"), NOT_TEXT], category=CATEGORY,
    isPublic=[NOT_FLAG], icon=ICON), lead=(
    "Invalid fields; a field of the wrong kind (a number for a text, a text that is no flag) alone and first; then "
    "`name`, `description`, `template` and `category` together; `icon` alone and only once the others pass." + A_FORM))
SERVER_CHANGES = invalid(dict(
    name=NAME, description=DESCRIPTION, category=CATEGORY, isPublic=[NOT_FLAG], icon=ICON), lead=(
    "Invalid fields; a field of the wrong kind alone and first; then the sent ones together; `icon` alone and only "
    "once they pass." + A_FORM))
NEW_CHANNEL = invalid(dict(
    name=[text("channel.name_empty"), text("channel.name_too_long"), text("channel.name_unseen"),
          text("channel.name_letters"), NOT_TEXT],
    type=[text("channel.type"), NOT_TEXT], description=DESCRIPTION),
    lead="Invalid fields, reported together (a field of the wrong kind alone and first).")
INVITE_CODE = invalid(dict(code=[text("server.invite_too_short"), text("server.invite_too_long")]),
                      lead="A code shorter than 3 or longer than 50 characters (after trimming).")
TARGET = [text("moderation.user_missing")]
KICK = invalid(dict(userId=TARGET, reason=[text("moderation.kick_reason"), text("moderation.reason_too_long"), NOT_TEXT]),
               lead="An invalid field; checked one at a time in this order: `userId`, `reason`.")
BAN = invalid(dict(duration=[text("moderation.duration"), text("moderation.duration_too_long")], userId=TARGET,
                   reason=[text("moderation.ban_reason"), text("moderation.reason_too_long"), NOT_TEXT]),
              lead="An invalid field; checked one at a time in this order: `duration`, `userId`, `reason`.")

# Roles, ownership, timeouts, reports (roles_api.py, reports_api.py)
NOT_ON_OWNER_ROLE = refused_with(("FORBIDDEN", "moderation.not_on_owner_role"))
ROLE_REFUSED = f"{OWNER_ONLY}; or the target is the owner: {NOT_ON_OWNER_ROLE}"
TRANSFER_REFUSED = f"{OWNER_ONLY} (also when another transfer got there first)"
ROLE = invalid(dict(role=[text("moderation.role")]), lead="`role` is neither `moderator` nor `member`.")
TRANSFER = invalid(dict(userId=TARGET), lead="No `userId`.")
TIMEOUT = invalid(dict(duration=[text("moderation.timeout_duration")], userId=TARGET,
                       reason=[text("moderation.timeout_reason"), text("moderation.reason_too_long"), NOT_TEXT]),
                  lead="An invalid field; checked one at a time in this order: `duration`, `userId`, `reason`.")
NOT_TIMED_OUT = (f"{NO_SUCH_USER}; or the user has no running timeout: "
                 + refused_with(("NOT_TIMED_OUT", "moderation.not_timed_out")))
REPORT_NOT_FOUND = (f"{NOT_FOUND}; or no such report on this server: "
                    + refused_with(("REPORT_NOT_FOUND", "report.not_found")))
REPORT_CLOSED = "Resolved already: " + refused_with(("REPORT_CLOSED", "report.closed"))
RESOLVE_REFUSED = (f"{NOT_ON_THEM} — for `kick` and `ban`, whose rules apply to the message's author; "
                   "`delete` as deleting the message would answer")
RESOLVE = invalid(dict(action=[text("report.action")]), lead="An unknown `action`.")
REPORT = invalid(dict(reason=[text("report.reason"), text("moderation.reason_too_long"), NOT_TEXT]),
                 lead="No reason, or one over 500 characters.")
REPORT_EXISTS = "Reported by the caller already: " + refused_with(("REPORT_EXISTS", "report.exists"))
REPORT_OWN = f"{NOT_OBJECT}; or the caller's own message: {refused_with(('BAD_REQUEST', 'report.own_message'))}"
REPORT_NOT_SERVER = or_not_verified("A message of a direct conversation: "
                                    + refused_with(("FORBIDDEN", "report.not_on_server")))
