"""Password hashing: argon2id with argon2-cffi's defaults."""
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

hasher = PasswordHasher()
# Verified against when the account does not exist, so that an unknown login costs the same time.
_DUMMY_HASH = hasher.hash("lobby-not-a-password")


def hash_password(password: str) -> str:
    return hasher.hash(password)


def password_matches(password_hash: str | None, password: str) -> bool:
    try:
        return hasher.verify(password_hash or _DUMMY_HASH, password) and password_hash is not None
    except (VerificationError, InvalidHashError):
        return False


def needs_rehash(password_hash: str) -> bool:
    return hasher.check_needs_rehash(password_hash)
