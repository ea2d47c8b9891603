"""Personal settings: the document of spec §3 stored on the server, its calls and its live frame."""
