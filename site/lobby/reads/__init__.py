"""Read state: how far each person has read each channel (one marker a person and channel, never a
row per recipient per message), the unread and mention counts made from it, and the index of who
is mentioned where (`message_mentions`), written at send only for messages that mention someone."""
