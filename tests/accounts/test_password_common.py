"""The password change in the settings keeps the registration's rules: not a common password, not
the account's username or e-mail (issue 29), under the field's own name, through the API and the page."""
from __future__ import annotations

from tests.accounts.conftest import PASSWORD
from tests.servers.conftest import cheap_password_hashing  # noqa: F401 (fixtures; cheap hashing here only)


def test_a_new_password_that_is_common_or_names_its_owner_is_refused(device, accounts):
    laptop = device()
    for password, message in (("football1", "Этот пароль слишком распространён: придумайте другой"),
                              ("hello-anna-42", "Пароль не должен содержать username или email")):
        response = laptop.post("/api/account/password", {"currentPassword": PASSWORD, "newPassword": password})
        assert response.status_code == 422
        assert response.get_json()["errors"] == {"newPassword": message}
    assert accounts.login(password=PASSWORD).status_code == 200  # unchanged


def test_the_settings_page_asks_for_a_strength_hint_and_refuses_the_same(device):
    laptop = device()
    page = laptop.client.get("/app/settings/account").get_data(as_text=True)
    assert 'data-strength data-username="anna" data-email="anna@example.com"' in page
    assert 'id="f-password-newPassword-strength"' in page
    refused = laptop.client.post("/app/settings/account/password",
                                 data={"currentPassword": PASSWORD, "newPassword": "password123"})
    assert refused.status_code == 422
    assert "Этот пароль слишком распространён: придумайте другой" in refused.get_data(as_text=True)
