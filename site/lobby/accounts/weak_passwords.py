"""Passwords nobody should choose (OWASP ASVS 2.1.7 and NIST 800-63B 5.1.1.2): one of the most
common passwords (zxcvbn's list of 30,000, matched as zxcvbn matches it: any letter case, common
letter swaps like p@ssw0rd, reversed), or one that contains the person's own username or e-mail.
The live strength hint of the pages (islands/auth/strength.js, @zxcvbn-ts) says the same before
the form is sent; this is the rule the server keeps."""
from __future__ import annotations

from zxcvbn import zxcvbn

# zxcvbn slows down with length and refuses past this; no password this long is a common one.
LONGEST_CHECKED = 72
PERSONAL_MIN = 3  # a shorter name or address part ("li") would refuse too many fair passwords


def is_common(password: str) -> bool:
    """The whole password is one entry of the common passwords list (in any of its disguises)."""
    if not password or len(password) > LONGEST_CHECKED:
        return False
    matches = zxcvbn(password, max_length=LONGEST_CHECKED)["sequence"]
    return (len(matches) == 1 and matches[0]["pattern"] == "dictionary"
            and matches[0].get("dictionary_name") == "passwords")


def personal_parts(username: str | None, email: str | None) -> list[str]:
    """What of the person a password must not contain: the username, the address and its local part."""
    parts = [username or "", email or "", (email or "").partition("@")[0]]
    return [part.casefold() for part in parts if len(part) >= PERSONAL_MIN]


def contains_personal(password: str, username: str | None, email: str | None) -> bool:
    folded = password.casefold()
    return any(part in folded for part in personal_parts(username, email))
