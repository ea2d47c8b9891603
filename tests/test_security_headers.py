"""Security headers on pages, API answers and errors: a strict Content-Security-Policy, nosniff, a
same-origin referrer, no framing unless the deployment allows it, HSTS over HTTPS only; a view's
own policy is kept; every 405 names the methods the address takes."""
import pytest

from lobby import islands
from lobby.config import Config
from tests.messages.conftest import cast, chat  # noqa: F401  (a channel with people in it)
from tests.messages.test_attachments_api import attachments_of, send_files
from tests.servers.conftest import cheap_password_hashing, create_server, people  # noqa: F401

ANSWERS = ["/", "/auth/login", "/auth/register", "/auth/forgot-password", "/app", "/api/openapi.json",
           "/api/auth/me", "/no/such/page", "/api/no-such-call"]


def policy_of(response) -> dict[str, str]:
    """The Content-Security-Policy as {directive: sources}."""
    directives = (part.strip().split(" ", 1) for part in response.headers["Content-Security-Policy"].split(";"))
    return {name: sources for name, sources in directives}


@pytest.mark.parametrize("path", ANSWERS)
def test_every_page_api_answer_and_error_carries_the_security_headers(client, path):
    response = client.get(path)
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "same-origin"
    assert response.headers["X-Frame-Options"] == "DENY"
    assert policy_of(response)["frame-ancestors"] == "'none'"


def test_pages_may_run_only_this_origin_s_scripts_and_load_no_plugins_or_base(client):
    policy = policy_of(client.get("/"))
    assert policy["default-src"] == "'none'"
    assert policy["script-src"] == "'self'"
    assert policy["connect-src"] == "'self'"  # the API and the live socket, same host
    assert policy["img-src"] == "'self' blob: data:"
    assert (policy["object-src"], policy["base-uri"], policy["form-action"]) == ("'none'", "'none'", "'self'")
    assert "unsafe" not in client.get("/").headers["Content-Security-Policy"]


def test_styles_come_from_this_origin_and_the_bundles_inserted_stylesheet_by_hash(client, app):
    hashes = islands.manifest(app)["styleHashes"]
    assert hashes, "the build lists the stylesheet sonner inserts"
    assert policy_of(client.get("/"))["style-src"] == " ".join(["'self'", *(f"'{h}'" for h in hashes)])


def test_https_answers_pin_https_and_plain_http_ones_do_not(client):
    secure = client.get("/", base_url="https://lobby.example")
    assert secure.headers["Strict-Transport-Security"] == "max-age=31536000"
    assert "Strict-Transport-Security" not in client.get("/").headers


def test_a_deployment_may_let_named_sites_frame_lobby(make_app, _migrated):
    app = make_app(FRAME_ANCESTORS="self, https://portal.example/ https://*.games.example:8443")
    response = app.test_client().get("/")
    assert policy_of(response)["frame-ancestors"] == "'self' https://portal.example https://*.games.example:8443"
    assert "X-Frame-Options" not in response.headers  # it cannot name sites; the policy decides


@pytest.mark.parametrize("value", ["https://portal.example; script-src *", "javascript:alert(1)", "*", "'unsafe-inline'"])
def test_a_frame_ancestors_value_that_is_not_origins_stops_the_start(tmp_path, value):
    with pytest.raises(ValueError, match="FRAME_ANCESTORS"):
        Config.from_env(tmp_path, {"FRAME_ANCESTORS": value})


def test_an_attachment_keeps_its_own_sandbox_policy(chat):
    owner, member, _, channel = chat
    (file,) = attachments_of(send_files(owner, channel, [(b"<html><script>alert(1)</script></html>", "page.html")]))
    served = member.get(file["url"])
    assert served.headers.getlist("Content-Security-Policy") == ["default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox"]
    assert served.headers["X-Content-Type-Options"] == "nosniff"


@pytest.mark.parametrize("path", ["/", "/auth/login", "/api/servers"])
def test_trace_answers_405_naming_the_methods_the_address_takes(client, path):
    response = client.open(path, method="TRACE")
    assert response.status_code == 405
    assert "GET" in response.headers["Allow"].split(", ")
    assert "TRACE" not in response.headers["Allow"]
