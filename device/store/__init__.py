"""The SQLite store (``database``, with its ``players`` tables), the score log's plays
(``scorelog``) and the writes a full disk refused (``pending``)."""
