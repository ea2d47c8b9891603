"""The base of every client frame's model, and the id a frame names a row by. Apart from
`schemas.py` so the features that declare frames of their own (`lobby.voice.frames`) can build on it
without importing the whole socket document."""
from __future__ import annotations

from typing import Annotated, ClassVar

from pydantic import Field, Strict, ValidationError as ModelError

from lobby.ids import MAX_ID
from lobby.schema import Payload

# An id in a frame: a JSON integer naming a row (not "7", not true, not 7.0).
FrameId = Annotated[int, Strict(), Field(ge=1, le=MAX_ID)]


class Frame(Payload):
    """A client frame's `data`, read like an HTTP body: camelCase, unknown fields ignored, a refusal
    is `VALIDATION_ERROR` with `errors: {field: message}`. `answer`: the frame the server replies
    with, if any (any frame may get an `error` instead)."""
    answer: ClassVar[str | None] = None
    refusals = {"channelId": "frame.id", "messageId": "frame.id", "replyToId": "frame.id"}

    @classmethod
    def read(cls, data: dict) -> "Frame":
        try:
            return cls.model_validate(data)
        except ModelError as error:
            raise cls.refuse(error) from None
