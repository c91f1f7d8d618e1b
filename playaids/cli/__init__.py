"""The command line (click): `app` (the `playaids` group, its commands and `main`), `documents`
(turns, summary, glossary), `check_table`, `preflight`, `pageoptions` (the print options every
PDF command takes, one decorator yielding a PageSpec), `completion` (shell completion of ids)
and `context` (what the group hands its commands: the repository, the setup reader).

Nothing is imported here: a game's own command imports `cli.pageoptions` and `cli.context` alone.
"""
