from tests.servers.conftest import cheap_password_hashing, create_server, people, set_role  # noqa: F401  (shared)
