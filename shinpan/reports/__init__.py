"""What a run leaves behind and how it is read back (報告): result statuses, the JSON Lines report and its summary,
the coverage warnings, expectations files, and the readings of finished runs — the matrix's table, ``shinpan compare``
and ``shinpan diff``. Nothing here starts an engine or pytest."""
