"""Live events: the bus (this file's siblings) fans events out to every process's sockets."""
