"""The command line (click): `app` (the `playaids` group, its commands and `main`), `documents`
(turns, summary, glossary), `check_table`, `preflight`, `completion` (shell completion of ids).
The print options and what the group hands its commands are in `playaids.plugin` (pageoptions,
context), where a game's own command finds them without importing the command line.

Nothing is imported here.
"""
