from tests.reads.conftest import (befriend, block, cheap_password_hashing, connect, connected,  # noqa: F401
                                  create_server, guild, in_database, people, set_role)
