"""The account settings calls' payloads and answers (`/api/account/*`). The fields are read as
sent; their rules are the actions' `check_*` (the settings forms run the same ones), so a refusal
says the same thing through either door."""
from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import BeforeValidator, Field

from lobby.accounts.deletion import CONFIRMATION_WORD
from lobby.accounts.validation import given, trimmed
from lobby.schema import Answer, Payload

Password = Annotated[str, BeforeValidator(given), Field(json_schema_extra={"format": "password"},
                                                         description="Taken as sent, never trimmed.")]
Trimmed = Annotated[str, BeforeValidator(trimmed)]


class PasswordChangeBody(Payload):
    current_password: Password = ""
    new_password: Password = Field("", description=(
        "8–128 characters, not the current password, not a common one, not containing the username or e-mail."))


class EmailChangeBody(Payload):
    current_password: Password = ""
    new_email: Trimmed = Field("", description="The address to move to; the code is mailed there.")


class EmailCodeBody(Payload):
    code: Trimmed = Field("", description="The 6 digits mailed to the new address.")


class AccountDeletionBody(Payload):
    current_password: Password = ""
    confirmation: Trimmed = Field("", description=(
        f"The word «{CONFIRMATION_WORD}» (any case), or its translation in the caller's language (English: «DELETE»)."))


class EmailChangePending(Answer):
    message: str
    pending_email: str = Field(description="The address waiting for its code.")
    resend_in: int = Field(description="Seconds until another code may be asked for.")


class AccountSession(Answer):
    id: int
    device: str = Field(description="Browser and system read from the User-Agent, e.g. «Firefox, Windows».")
    user_agent: str | None = Field(description="As sent at sign-in (cut to 300 characters).")
    created_at: datetime
    last_seen_at: datetime = Field(description="The sign-in, its last access-token refresh, or its last look at "
                                               "this list.")
    current: bool = Field(description="The session making this call.")


class AccountSessions(Answer):
    sessions: list[AccountSession] = Field(description="Open sessions, this one first, then the most recently "
                                                       "used.")


class SessionsEnded(Answer):
    message: str
    ended: int = Field(description="How many sessions ended.")
