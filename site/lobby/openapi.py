"""The hand-written part of `/api/openapi.json` (served by `lobby/apidoc.py`, which lays the
descriptions generated from the declared models over it; calls move there one domain at a time).

It is written by hand, as plain dicts, next to the code it describes (`accounts/api.py`,
`validation.py`, `actions.py`, `codes.py`, `tokens.py`, `session.py`, `limits.py`, `errors.py`,
`input_guard.py`, `health.py`; the servers part in `servers/openapi.py`); `tests/test_openapi.py`
keeps its paths and methods in step with the registered routes, and `tests/test_api_probe.py` runs
schemathesis over it to keep every answer in step with the code.
"""
from __future__ import annotations

from lobby.input_guard import NUL_FOUND, REPEATED

JSON = "application/json"
COOKIE = "lobby_refresh"
NOT_JSON = ("BAD_REQUEST", "Ожидается JSON-объект")


def ref(kind: str, name: str) -> dict:
    return {"$ref": f"#/components/{kind}/{name}"}


def string(**extra) -> dict:
    return {"type": "string", **extra}


def obj(required: list[str] | None = None, **properties) -> dict:
    return {"type": "object", "properties": properties, **({"required": required} if required else {})}


def body(schema: dict) -> dict:
    return {"required": True, "content": {JSON: {"schema": schema}}}


def optional(schema: dict) -> dict:
    return {"required": False, "content": {JSON: {"schema": schema}}}


def ok(description: str, schema: dict, headers: dict | None = None) -> dict:
    answer = {"description": description, "content": {JSON: {"schema": schema}}}
    return {**answer, "headers": headers} if headers else answer


def message(text: str) -> dict:
    return obj(["message"], message=string(const=text))


def error(description: str, *cases: tuple[str, str]) -> dict:
    """An `Error` answer; each (code, message) case is one example, the message quoted as sent."""
    examples = {}
    for code, text in cases:  # one code may come with several messages
        key = code if code not in examples else f"{code}_{len(examples)}"
        examples[key] = {"value": {"message": text, "code": code}}
    return {"description": description, "content": {JSON: {"schema": ref("schemas", "Error"), "examples": examples}}}


def quoted(texts: list[str]) -> str:
    return "; ".join(f"«{text}»" for text in texts)


def invalid(fields: dict[str, list[str]], code: str = "VALIDATION_ERROR", description: str = "") -> dict:
    """A `ValidationError` answer: every failing field at once, `message` is the first one's."""
    listing = "\n".join(f"- `{field}`: {quoted(texts)}" for field, texts in fields.items())
    first = {field: texts[0] for field, texts in fields.items()}
    example = {"message": next(iter(first.values())), "code": code, "errors": first}
    return {"description": f"{description or 'Invalid fields'} (`{code}`). Possible messages:\n{listing}",
            "content": {JSON: {"schema": ref("schemas", "ValidationError"), "example": example}}}


def throttled(rule: str, also: str = "") -> dict:
    return {"description": f"Throttled, code `RATE_LIMITED`: {rule}. `Retry-After` gives the seconds to wait.{also}",
            "headers": {"Retry-After": ref("headers", "Retry-After")},
            "content": {JSON: {"schema": ref("schemas", "Error")}}}


def operation(op_id: str, summary: str, description: str, responses: dict, request: dict | None = None,
              security: list | None = None, parameters: list | None = None, tag: str = "auth") -> dict:
    op = {"operationId": op_id, "tags": [tag], "summary": summary, "description": description,
          "responses": {str(status): answer for status, answer in responses.items()}, "security": security or []}
    if request:
        op["requestBody"] = request
    if parameters:
        op["parameters"] = parameters
    return op


# Field rules and messages of validation.py.
USERNAME = ["Введите username", "Username должен содержать минимум 3 символа",
            "Username не может быть длиннее 32 символов", "Username может содержать только буквы, цифры, _ и -"]
EMAIL = ["Введите email", "Введите корректный email"]
PASSWORD = ["Введите пароль", "Пароль должен содержать минимум 8 символов",
            "Пароль не может быть длиннее 128 символов"]
FIRST_NAME = ["Введите имя", "Имя не может быть длиннее 50 символов",
              "Имя может содержать только буквы, пробелы и дефисы"]
LAST_NAME = ["Введите фамилию", "Фамилия не может быть длиннее 50 символов",
             "Фамилия может содержать только буквы, пробелы и дефисы"]
TAKEN = {"username": ["Этот username уже занят"], "email": ["Этот email уже используется"]}
EMAIL_FIELD = string(format="email", maxLength=254)
PASSWORD_FIELD = string(minLength=8, maxLength=128, format="password")
NAME_FIELD = string(maxLength=50, description="Letters of any alphabet, single spaces or hyphens between words.")
CODE_ERRORS = (("CODE_INVALID", "Неверный код. Проверьте правильность ввода."),
               ("CODE_INVALID", "Неверный или истекший код подтверждения. Проверьте код и попробуйте снова."),
               ("CODE_EXPIRED", "Код подтверждения истек. Запросите новый код."),
               ("CODE_LOCKED", "Слишком много неверных попыток. Запросите новый код."))
ALREADY_VERIFIED = ("ALREADY_VERIFIED", "Email уже подтвержден")
REFRESH_FAILED = "Сессия истекла. Войдите снова."
DAILY_LIMIT = ("CODE_DAILY_LIMIT", "Превышен лимит кодов на сегодня. Попробуйте завтра.")
SET_COOKIE = {"Set-Cookie": ref("headers", "Set-Refresh-Cookie")}
REFRESH_SECURITY = [{"refreshCookie": []}, {}]


def register() -> dict:
    return operation(
        "register", "Create an account and mail a verification code",
        "Fields are trimmed (the password is not). Username and e-mail must be free, case-insensitively. The account "
        "starts unverified: a 6-digit code, valid 10 minutes, is mailed after the commit, and the page session "
        "remembers the address for `verify-email-resend`. No tokens are issued: sign in after verifying.",
        {201: ok("Created", obj(["message", "user"], message=string(const="Код подтверждения отправлен на email"),
                                user=ref("schemas", "User"))),
         400: error("Body is not a JSON object", NOT_JSON),
         409: invalid(TAKEN, "CONFLICT", "Username and/or e-mail already taken"),
         422: invalid({"firstName": FIRST_NAME, "lastName": LAST_NAME, "username": USERNAME, "email": EMAIL,
                       "password": PASSWORD}),
         429: throttled("10 registrations per hour per IP")},
        body(obj(["username", "email", "password", "firstName", "lastName"],
                 username=string(minLength=3, maxLength=32,
                                 description="Letters of any alphabet, digits, `_` and `-` (Python's `[\\w-]+`)."),
                 email=EMAIL_FIELD, password=PASSWORD_FIELD, firstName=NAME_FIELD, lastName=NAME_FIELD)))


def login() -> dict:
    return operation(
        "login", "Sign in with e-mail or username and password",
        "The identifier is the first non-empty of `email`, `username`, `emailOrUsername`; one containing `@` is "
        "looked up as an e-mail, otherwise as a username, case-insensitively. Success returns a 15-minute access "
        f"token, starts a new refresh-token chain in the `{COOKIE}` cookie (kept 30 days with `rememberMe: true`, "
        "else a browser-session cookie; on the server each refresh token expires 30 days or 24 hours after it was "
        "issued) and signs the page session (`session` cookie) in too. "
        "The refresh token is never in the body. Only failed attempts (401) count toward the throttles.",
        {200: ok("Signed in", obj(["accessToken", "user"], accessToken=string(description="Bearer token, 15 minutes."),
                                  user=ref("schemas", "User")), SET_COOKIE),
         400: error("Body is not a JSON object", NOT_JSON),
         401: error("Wrong credentials (the same answer for an unknown account)",
                    ("INVALID_CREDENTIALS", "Неверный email/username или пароль")),
         403: error("Right password, but the account cannot sign in. For `EMAIL_NOT_VERIFIED` the page session "
                    "remembers the address for `verify-email-resend`.",
                    ("EMAIL_NOT_VERIFIED", "Подтвердите email перед входом в систему"),
                    ("ACCOUNT_DEACTIVATED", "Аккаунт отключен")),
         422: invalid({"emailOrUsername": ["Введите email или username"], "password": ["Введите пароль"]}),
         429: throttled("failed sign-ins (401) in 15-minute windows: 10 per account per address, 30 per address "
                        "(an IPv6 client counts by its /64), and 100 per account from all addresses",
                        " The per-account ceiling refuses only addresses that have already failed on that account in "
                        "their window; an address that has not may still sign in, so failing on purpose cannot lock "
                        "the owner out. Only failures count (a success, 403 or 422 gives its count back); an attempt "
                        "counts while it is in progress.")},
        body(obj(["password"], email=string(), username=string(), emailOrUsername=string(), password=string(),
                 rememberMe={"type": "boolean", "default": False, "description": "Only `true` counts."})))


def refresh() -> dict:
    return operation(
        "refresh", "Trade the refresh token for a new access token",
        f"Reads the `{COOKIE}` cookie, or `refreshToken` in the body when there is no cookie. Every use rotates "
        "the token: the answer sets the next one in the cookie (same chain, same rememberMe) and the used one "
        "stops working. Presenting an already-rotated token later than 10 seconds after its rotation is a reuse: "
        "401 `REFRESH_REUSED` and the whole chain is revoked (every tab of that sign-in must sign in again). "
        "Within 10 seconds it is taken for a race between tabs: the answer has an access token and no cookie.",
        {200: ok("A new access token; `Set-Cookie` unless within the 10-second race grace",
                 obj(["accessToken"], accessToken=string(description="Bearer token, 15 minutes.")), SET_COOKIE),
         400: error("No cookie and the body is not a JSON object", NOT_JSON),
         401: error("Unknown, expired or revoked token, or the account can no longer sign in (`REFRESH_INVALID`); "
                    "reuse of a rotated token (`REFRESH_REUSED`, the chain is revoked)",
                    ("REFRESH_INVALID", REFRESH_FAILED), ("REFRESH_REUSED", REFRESH_FAILED))},
        optional(obj(refreshToken=string(description="Fallback when no cookie is sent."))),
        REFRESH_SECURITY)


def logout() -> dict:
    return operation(
        "logout", "Sign out this browser",
        f"Ends the sign-in (the session) that the `{COOKIE}` cookie, the page session cookie and the Bearer token "
        "name (any of them; normally one browser's one sign-in): its refresh chain, every copy of its page cookie, "
        "its access tokens and its live sockets (closed with 4001) stop working at once. The account's other "
        "sessions stay. Clears the cookie. Always 200.",
        {200: ok("Signed out", message("Вы вышли из системы"), {"Set-Cookie": ref("headers", "Clear-Refresh-Cookie")})},
        security=REFRESH_SECURITY)


def verify_email_code() -> dict:
    return operation(
        "verifyEmailCode", "Confirm the e-mail address with the mailed code",
        "Checks the account's open code: 6 digits, valid 10 minutes, single use. A wrong code counts a try; the "
        "5th wrong try closes the code (`CODE_LOCKED`) and a new one must be requested. An unknown address "
        "answers like a missing code. Success does not sign in.",
        {200: ok("Verified", obj(["message", "user"], message=string(const="Email успешно подтвержден"),
                                 user=ref("schemas", "User"))),
         400: error("Wrong, missing, expired or locked code (or body not a JSON object)", *CODE_ERRORS, NOT_JSON),
         409: error("Already verified", ALREADY_VERIFIED),
         422: invalid({"email": ["Email не указан"], "code": ["Введите 6-значный код"]}),
         429: throttled("20 code checks per 10 minutes per IP, shared with `reset-password`")},
        body(obj(["email", "code"], email=string(), code=string(pattern=r"^\d{6}$"))))


def verify_email_resend() -> dict:
    return operation(
        "verifyEmailResend", "Mail a new verification code",
        "For `email` in the body, else the address the page session remembers (from `register` or a 403 "
        "`login`). The new code replaces the open one. At most 5 codes per address in 24 hours.",
        {200: ok("Sent", message("Новый код отправлен на email")),
         400: error("No address, or no account with it (or body not a JSON object)",
                    ("EMAIL_REQUIRED", "Email не указан"), NOT_JSON),
         409: error("Already verified", ALREADY_VERIFIED),
         429: throttled("10 mails per hour per IP, shared with `forgot-password`",
                        f" Or: 5 codes per address in 24 hours reached, `{DAILY_LIMIT[0]}` «{DAILY_LIMIT[1]}» (its "
                        "`Retry-After` is the per-IP throttle's, not the daily cap's).")},
        optional(obj(email=string())))


def check_availability() -> dict:
    field = obj(["available", "message"], available={"type": "boolean"},
                message={"type": ["string", "null"], "description": "Why not: a format message or a taken one."})
    query = [{"name": name, "in": "query", "required": False, "schema": string(),
              "description": f"Checked when non-empty; messages: {quoted(texts)}"}
             for name, texts in (("username", USERNAME[1:] + TAKEN["username"]), ("email", EMAIL[1:] + TAKEN["email"]))]
    return operation(
        "checkAvailability", "Is a username or e-mail free and well-formed?",
        "Give at least one of the query parameters; the answer has an entry for each one given.",
        {200: ok("One entry per field asked about", obj(username=field, email=field)),
         400: error("Neither parameter given", ("BAD_REQUEST", "Укажите username или email")),
         429: throttled("30 checks per minute per IP")},
        parameters=query)


def me() -> dict:
    return operation(
        "me", "The signed-in user", "Needs a valid access token in `Authorization: Bearer …`.",
        {200: ok("The user", obj(["user"], user=ref("schemas", "User"))),
         401: error("No, bad or expired token, or the account's sessions were ended",
                    ("UNAUTHORIZED", "Требуется вход в систему")),
         403: error("E-mail not verified", ("EMAIL_NOT_VERIFIED", "Подтвердите email перед входом в систему"))},
        security=[{"bearerAuth": []}])


def forgot_password() -> dict:
    return operation(
        "forgotPassword", "Mail a password-reset link",
        "The same 200 answer (and timing: the lookup runs in a background job) for any well-formed address, "
        "so it does not tell whether an account exists. If an active account has the address, it gets a link to "
        "`/auth/reset-password?token=…`; the token works once and for 1 hour.",
        {200: ok("Accepted", message("Если аккаунт с этим email существует, мы отправили письмо со ссылкой.")),
         400: error("Body is not a JSON object", NOT_JSON),
         422: invalid({"email": EMAIL}),
         429: throttled("10 mails per hour per IP (shared with `verify-email-resend`), 5 per hour per address")},
        body(obj(["email"], email=EMAIL_FIELD)))


def reset_password() -> dict:
    return operation(
        "resetPassword", "Set a new password from a reset link",
        "Sets the password, uses up every open reset link of the account and signs out every session: page "
        "sessions, access tokens and all refresh-token chains. Does not sign in. The password is checked first.",
        {200: ok("Changed", message("Пароль изменен. Войдите с новым паролем.")),
         400: error("Unknown, used or expired token (or body not a JSON object)",
                    ("RESET_TOKEN_INVALID", "Ссылка для сброса пароля недействительна или устарела. Запросите новую."),
                    NOT_JSON),
         422: invalid({"password": PASSWORD}),
         429: throttled("20 per 10 minutes per IP, shared with `verify-email-code`")},
        body(obj(["token", "password"], token=string(description="From the mailed link."), password=PASSWORD_FIELD)))


GUARDED_BODIES = ("post", "put", "patch", "delete")  # the methods whose JSON body input_guard reads


def guard_refusals(method: str) -> str:
    """What `input_guard.py` refuses on every API call, before the view (and its sign-in check)."""
    body = " or in a JSON body field" if method in GUARDED_BODIES else ""
    return (f"Refused before the call is looked at: a query parameter given more than once («{REPEATED}»), or a "
            f"NUL character in a query parameter{body} («{NUL_FOUND}»), named in `errors`.")


def add_guard_refusals(method: str, op: dict) -> None:
    """Every API operation may answer input_guard's 422: added to the one it has, or as its own."""
    answers = op["responses"]
    if "422" in answers:
        answers["422"] = {**answers["422"], "description": answers["422"]["description"] + "\n\nAlso: "
                          + guard_refusals(method)}
        return
    example = {"message": REPEATED, "code": "VALIDATION_ERROR", "errors": {"limit": REPEATED}}
    answers["422"] = {"description": f"`VALIDATION_ERROR`. {guard_refusals(method)}",
                      "content": {JSON: {"schema": ref("schemas", "ValidationError"), "example": example}}}
    op["responses"] = dict(sorted(answers.items()))


def healthz() -> dict:
    state = string(enum=["ok", "unreachable"])
    health = obj(["status", "mode", "database", "redis"], status=string(enum=["ok", "unavailable"]),
                 mode=string(enum=["embedded", "production"]), database=state,
                 redis=string(enum=["ok", "unreachable", "not configured"]))
    nul = {"description": f"A NUL character in the query string: an error page («{NUL_FOUND}»)",
           "content": {"text/html": {"schema": string()}}}
    return operation("healthz", "Health check", "For load balancers; `Cache-Control: no-store`.",
                     {200: ok("Database (and Redis, if configured) answer", health), 422: nul,
                      503: ok("Something named in the body is unreachable", health)}, tag="health")


def components() -> dict:
    nullable_time = {"type": ["string", "null"], "format": "date-time"}
    return {
        "schemas": {
            "User": obj(["id", "username", "email", "firstName", "lastName", "profileImageUrl", "isEmailVerified",
                         "lastLoginAt", "createdAt"],
                        id={"type": "integer"}, username=string(), email=string(format="email"), firstName=string(),
                        lastName=string(), profileImageUrl={"type": ["string", "null"]},
                        isEmailVerified={"type": "boolean"}, lastLoginAt=nullable_time,
                        createdAt=string(format="date-time")),
            "Error": obj(["message", "code"], message=string(description="Russian, for people."),
                         code=string(description="Stable, for programs.")),
            "ValidationError": {"allOf": [ref("schemas", "Error"), obj(
                ["errors"], code=string(enum=["VALIDATION_ERROR", "CONFLICT"]),
                errors={"type": "object", "additionalProperties": string(), "description": "Field → message."})]},
        },
        "headers": {
            "Retry-After": {"description": "Seconds to wait.", "schema": {"type": "integer"}},
            "Set-Refresh-Cookie": {"schema": string(), "description":
                                   f"`{COOKIE}=<token>; Path=/api/auth; HttpOnly; SameSite=Lax` (plus `Secure` when "
                                   "`SESSION_COOKIE_SECURE` is on); `Max-Age` of 30 days with rememberMe, else a "
                                   "browser-session cookie."},
            "Clear-Refresh-Cookie": {"schema": string(), "description": f"Expires `{COOKIE}` (Path=/api/auth)."},
        },
        "securitySchemes": {
            "bearerAuth": {"type": "http", "scheme": "bearer",
                           "description": "Access token from `login` or `refresh`; valid 15 minutes, and ends early "
                                          "when a password reset or deactivation ends the account's sessions."},
            "refreshCookie": {"type": "apiKey", "in": "cookie", "name": COOKIE,
                              "description": "HttpOnly refresh token, sent only to `/api/auth`; rotated on every use."},
            "sessionCookie": {"type": "apiKey", "in": "cookie", "name": "session",
                              "description": "The signed page session (Flask-Login) of a browser signed in to `/app`."},
        },
    }


def document() -> dict:
    from lobby.messages import openapi as messages
    from lobby.messages import openapi_search as search
    from lobby.servers import openapi as servers

    auth = {"register": ("post", register), "login": ("post", login), "refresh": ("post", refresh),
            "logout": ("post", logout), "verify-email-code": ("post", verify_email_code),
            "verify-email-resend": ("post", verify_email_resend), "check-availability": ("get", check_availability),
            "me": ("get", me), "forgot-password": ("post", forgot_password), "reset-password": ("post", reset_password)}
    paths = {f"/api/auth/{name}": {method: build()} for name, (method, build) in auth.items()}
    paths.update(servers.paths())
    paths.update(messages.paths())
    paths.update(search.paths())
    for item in paths.values():
        for method, op in item.items():
            add_guard_refusals(method, op)
    paths["/healthz"] = {"get": healthz()}
    parts = components()
    parts["schemas"].update(servers.schemas())
    parts["schemas"].update(messages.schemas())
    parts["schemas"].update(search.schemas())
    return {
        "openapi": "3.1.0",
        "info": {"title": "Lobby API", "version": "1.0.0", "description":
                 "JSON in, JSON out. Every error is `{message, code}` (`message` in Russian, for people; `code` "
                 "stable, for programs); invalid input adds `errors: {field: message}`. A request body that is not a "
                 "JSON object gets 400 `BAD_REQUEST` «Ожидается JSON-объект» (an empty body counts as `{}`). "
                 "A query parameter given more than once, or a NUL character in a query parameter or a JSON "
                 "field, gets 422 `VALIDATION_ERROR` naming it, before anything else is looked at. "
                 "Throttled calls answer 429 `RATE_LIMITED` when the limit is reached, with a `Retry-After` header "
                 "(seconds to wait). Unknown paths and methods get 404/405 in the same error shape."},
        "paths": paths,
        "tags": [{"name": "auth", "description": "Accounts and sign-in."},
                 {"name": "servers", "description": "Servers, channels, membership and moderation. A private "
                                                    "server answers 404 to non-members, as if it did not exist."},
                 {"name": "messages", "description": "Text chat in a channel; members of its server only."},
                 {"name": "users", "description": "Finding people."},
                 {"name": "health", "description": "For load balancers."}],
        "components": parts,
    }


