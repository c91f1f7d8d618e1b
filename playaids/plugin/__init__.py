"""What a game's own code may use of the application (issue 27): the plugins sit below the build
and the command line, and the imports run one way - `build` and `cli` import the games, a game
imports this package, never `build` or `cli`.

- `aids`: a Job (one output file) and an AidKind (what a kind of aid plans and renders: a game
  adds its own through games.base.GameRules.aid_kinds);
- `pageoptions`: the print options every PDF command takes, as one PageSpec;
- `context`: what the `playaids` group hands every command (the repository, the setup reader).

Nothing is imported here.
"""
