"""`playaids build`: every aid of every game into OUT/<game>/, then OUT/index.html.

- (a Job and an AidKind, what a kind of aid plans and renders, are in `playaids.plugin.aids`);
- `kinds`: the shared kinds of aid and the registry of every kind, the games' own included;
- `builder`: the build: every kind's jobs, rendered where their inputs changed, the gallery, the stamp;
- `runner`: the job runner (a cache of input hashes, one process pool);
- `stamp`: the build's stamp (a build that changes nothing stops there, from file hashes alone);
- `gallery`: OUT/index.html and its previews.

Nothing is imported here; no game's module imports this package.
"""
