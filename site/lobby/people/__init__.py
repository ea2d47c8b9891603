"""The public person: what others see of someone, wherever they show — a message's author, a
typing line, a DM, a member, a report, a voice seat, a friend, a notification's actor. One rule
for the name (`names.display_name`), one serializer (`person.person_dict`), one answer model
(`schemas.Person`).

A layer of its own: it imports only the shared plumbing (`lobby.texts`, `lobby.schema`), never a
domain, so every domain may use it. It works on any row or object with the user's public
attributes, so it needs no model of its own either."""
