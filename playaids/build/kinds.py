"""The kinds of aid `playaids build` writes, each its plan and its render (plugin.aids.AidKind):

OUT/<game>/charts.<lang>.<paper>.pdf               the chart set (every table on a few dense sheets)
OUT/<game>/charts/<table>.<lang>.<paper>.pdf       a chart card per table (ReportLab)
OUT/<game>/odds/<table>.<lang>.<paper>.pdf         an odds card per dice table (its exact chances)
OUT/<game>/sources.<paper>.pdf                     where each value comes from (the cards do not say)
OUT/<game>/turns/<scenario>.<lang>.<paper>.pdf     turn-record sheets
OUT/<game>/summary.<lang>.<paper>.pdf              the rule summary
OUT/<game>/glossary.md, glossary.csv, glossary.<paper>.pdf
OUT/<game>/setups/<scenario>.seed<N>.yaml          an example setup per scenario
OUT/<game>/setups/<scenario>.seed<N>.<lang>.<paper>.pdf   its setup sheet

plus each game's own kinds (games.base.GameRules.aid_kinds). `registry()` lists them all.
"""
from __future__ import annotations

from pathlib import Path

from playaids import chartsets, games, glossary, summaries, turns
from playaids.plugin.aids import AidKind, Job
from playaids.model import Text

EXAMPLE_SEED = 1


def _table_files(repo, game_id) -> tuple:
    g = repo.game_dir(game_id)
    return tuple(g / "tables" / f"{t}.yaml" for t in repo.table_ids(game_id))


class Card(AidKind):
    name, group = "card", "charts"
    group_help = "chart sets, cards and sources"

    def plan(self, repo, game_id, out, pages):
        g = repo.game_dir(game_id)
        jobs = []
        for tid in repo.table_ids(game_id):
            repo.table(game_id, tid)  # errors surface before any rendering
            jobs += [Job(self.name, game_id, out / game_id / "charts" / f"{tid}.{p.lang}.{p.paper}.pdf", tid, p, 0.5,
                         (g / "tables" / f"{tid}.yaml",)) for p in pages]
        return jobs

    def render(self, job, repo):
        from playaids.render import cards

        return cards.render(repo.table(job.game, job.item), repo.game(job.game, with_tables=False), job.page)

    def title(self, repo, job, lang):
        return repo.table(job.game, job.item).title.get(lang).replace("\n", " ")


class OddsCard(AidKind):
    """The exact chances of each dice table (playaids/odds.py); a table with no odds has none."""
    name, group = "odds", "odds"
    group_help = "odds cards of the dice tables"

    def plan(self, repo, game_id, out, pages):
        from playaids import odds

        g = repo.game_dir(game_id)
        jobs = []
        for tid in repo.table_ids(game_id):
            try:
                odds.read(repo.table(game_id, tid))
            except odds.NotDice:
                continue
            jobs += [Job(self.name, game_id, out / game_id / "odds" / f"{tid}.{p.lang}.{p.paper}.pdf", tid, p, 0.6,
                         (g / "tables" / f"{tid}.yaml",)) for p in pages]
        return jobs

    def render(self, job, repo):
        from playaids import oddsexport
        from playaids.render import oddscard

        return oddscard.render(oddsexport.analyse(repo.table(job.game, job.item)),
                               repo.game(job.game, with_tables=False), job.page)

    def title(self, repo, job, lang):
        t = repo.table(job.game, job.item).title.get(lang).replace("\n", " ")
        return Text(f"{t}：確率", f"Odds: {t}").get(lang)


class ChartSet(AidKind):
    """Every table on a few dense sheets, one file per language and paper (issue 14)."""
    name, group, label = "chartset", "charts", ("チャート集", "Chart set")

    def plan(self, repo, game_id, out, pages):
        repo.sheets(game_id)   # errors surface before any rendering
        table_ids = repo.table_ids(game_id)
        if not table_ids:
            return []
        inputs = _table_files(repo, game_id) + tuple(
            p for p in (repo.game_dir(game_id) / chartsets.FILE,) if p.is_file())
        return [Job(self.name, game_id, out / game_id / f"charts.{p.lang}.{p.paper}.pdf", None, p,
                    0.4 * len(table_ids), inputs) for p in pages]

    def render(self, job, repo):
        from playaids.render import chartsheet

        return chartsheet.render(repo.game(job.game, with_tables=False), repo.sheets(job.game),
                                 repo.tables(job.game), job.page)


class Sources(AidKind):
    """The provenance the cards do not print: one document per paper (English notes quoting the seed)."""
    name, group, label = "sources", "charts", ("出典と復元", "Sources and reconstructions")

    def plan(self, repo, game_id, out, pages):
        files = _table_files(repo, game_id) + (
            (repo.game_dir(game_id) / turns.FILE,) if repo.has(game_id, turns.FILE) else ())
        if not files:
            return []
        return [Job(self.name, game_id, out / game_id / f"sources.{p.paper}.pdf", None, p, 0.3, files)
                for p in self.per_paper(pages, "en")]

    def render(self, job, repo):
        from playaids.render import sources

        record = repo.turns(job.game) if repo.has(job.game, turns.FILE) else None
        return sources.render(repo.game(job.game, with_tables=False), list(repo.tables(job.game).values()),
                              job.page, record)


class TurnRecord(AidKind):
    name, group = "turns", "turns"

    def plan(self, repo, game_id, out, pages):
        if not repo.has(game_id, turns.FILE):
            return []
        inputs = (repo.game_dir(game_id) / turns.FILE,)
        return [Job(self.name, game_id, out / game_id / "turns" / f"{s.id}.{p.lang}.{p.paper}.pdf", s.id, p,
                    (2.0 if p.lang == "both" else 1.0) * (1 + len(s.turns) / 15), inputs)
                for s in repo.turns(game_id).scenarios for p in pages]

    def render(self, job, repo):
        from playaids.render import turnsheet

        return turnsheet.render(repo.turns(job.game), repo.game(job.game, with_tables=False), job.item,
                                job.page)

    def title(self, repo, job, lang):
        word = Text("ターン記録", "Turn record").get(lang)
        return f"{word}: {repo.turns(job.game).scenario(job.item).name.get(lang)}"


class Summary(AidKind):
    name, group, label = "summary", "summaries", ("ルール要約", "Rule summary")
    group_help = "rule summaries and glossaries"

    def plan(self, repo, game_id, out, pages):
        if not repo.has(game_id, summaries.FILE):
            return []
        repo.summary(game_id)   # errors surface before any rendering
        inputs = (repo.game_dir(game_id) / summaries.FILE,)
        return [Job(self.name, game_id, out / game_id / f"summary.{p.lang}.{p.paper}.pdf", None, p,
                    2.0 if p.lang == "both" else 1.2, inputs) for p in pages]

    def render(self, job, repo):
        from playaids.render import summary

        return summary.render(repo.summary(job.game), repo.game(job.game, with_tables=False), job.page)


class GlossaryText(AidKind):
    """The glossary as Markdown or CSV (bilingual, no paper)."""
    group, label = "summaries", ("用語集", "Glossary")
    suffix = ""

    def plan(self, repo, game_id, out, pages):
        if not repo.game(game_id, with_tables=False).glossary:
            return []
        return [Job(self.name, game_id, out / game_id / f"glossary.{self.suffix}", cost=0.0)]


class GlossaryMarkdown(GlossaryText):
    name, suffix = "glossary-md", "md"

    def render(self, job, repo):
        game = repo.game(job.game, with_tables=False)
        t = game.title
        title = (t.ja if t.ja == t.en else f"{t.ja} / {t.en}") + " — 用語集 / glossary"
        return glossary.to_markdown(game.glossary, title).encode("utf-8")


class GlossaryCsv(GlossaryText):
    name, suffix = "glossary-csv", "csv"

    def render(self, job, repo):
        return glossary.to_csv(repo.game(job.game, with_tables=False).glossary).encode("utf-8")


class GlossaryPdf(AidKind):
    name, group, label = "glossary-pdf", "summaries", ("用語集", "Glossary")

    def plan(self, repo, game_id, out, pages):
        terms = repo.game(game_id, with_tables=False).glossary
        if not terms:
            return []
        return [Job(self.name, game_id, out / game_id / f"glossary.{p.paper}.pdf", None, p, len(terms) / 60)
                for p in self.per_paper(pages, "both")]

    def render(self, job, repo):
        from playaids.render import glossary_pdf

        return glossary_pdf.render(repo.game(job.game, with_tables=False), job.page)


class ExampleSetup(AidKind):
    """An example setup of each scenario (seed EXAMPLE_SEED), generated and verified once for its
    YAML and its sheets; not for a game whose generation needs inputs the data cannot give."""
    group = "setups"
    group_help = "example setups and sheets"

    def plan(self, repo, game_id, out, pages):
        jobs = []
        g = repo.game_dir(game_id)
        for sid in repo.scenario_ids(game_id):
            scenario = repo.scenario(game_id, sid)   # errors surface before any rendering
            if not repo.rules(game_id).example_setups:
                continue
            # what a setup reads: its scenario, the tables its lookups consult and its sheet names
            # values by (names-from), the map facts
            looked = sorted({e["table"] for e in scenario.elements if e.get("kind") == "lookup" and e.get("table")}
                            | {e["names-from"] for e in scenario.elements if e.get("names-from")})
            inputs = (g / "scenarios" / f"{sid}.yaml", *(g / "tables" / f"{t}.yaml" for t in looked), g / "map.yaml")
            jobs += self.files(game_id, sid, Path(f"{out / game_id / 'setups' / sid}.seed{EXAMPLE_SEED}"), pages,
                               inputs)
        return jobs

    def files(self, game_id, sid, base, pages, inputs) -> list[Job]:
        return []

    @staticmethod
    def setup(job, repo):
        from playaids.engine import api

        key, memo = (job.game, job.item), repo.memo.example_setups
        if key not in memo:
            setup = api.generate(repo, job.game, job.item, EXAMPLE_SEED)
            memo[key] = (setup, *api.verify_setup(repo, setup))
        return memo[key]

    def title(self, repo, job, lang):
        title = repo.scenario(job.game, job.item).title   # {ja, en} (a bilingual file's title read "...: None")
        name = Text(title["ja"], title["en"]) if isinstance(title, dict) and "ja" in title else Text.plain(str(title))
        word = Text("セットアップ例", "Example setup")
        return f"{word.get(lang)}: {name.get(lang)}" if lang != "both" else \
            f"{word.ja}: {name.ja} / {word.en}: {name.en}"


class SetupYaml(ExampleSetup):
    name = "setup-yaml"

    def files(self, game_id, sid, base, pages, inputs):
        return [Job(self.name, game_id, Path(f"{base}.yaml"), sid, cost=0.0, inputs=inputs)]

    def render(self, job, repo):
        from playaids.engine import setupfile

        return setupfile.dump(self.setup(job, repo)[0]).encode("utf-8")


class SetupSheet(ExampleSetup):
    name = "setup-sheet"

    def files(self, game_id, sid, base, pages, inputs):
        return [Job(self.name, game_id, Path(f"{base}.{p.lang}.{p.paper}.pdf"), sid, p, 0.6, inputs) for p in pages]

    def render(self, job, repo):
        from playaids.render import setupsheet

        setup, scenario, found = self.setup(job, repo)
        return setupsheet.render(repo, sheet_view(repo, setup, scenario, found), job.page)


def sheet_view(repo, setup, scenario, found):
    """What the setup sheet of a verified setup shows and to whom: the game's sides, in order,
    and its own secrets (ASL's caves) read here at the edge, the rest decided by the engine."""
    from playaids.engine import sheetview

    sides = [s.id for s in repo.game(setup.game, with_tables=False).sides]
    return sheetview.prepare(setup, scenario, found, sides, repo.rules(setup.game).sheet_secrets(setup))


SHARED: tuple[type[AidKind], ...] = (TurnRecord, Summary, GlossaryMarkdown, GlossaryCsv, GlossaryPdf, Card, ChartSet,
                                     Sources, OddsCard, SetupYaml, SetupSheet)


def registry() -> dict[str, AidKind]:
    """Every kind of aid by name: the shared ones, then each game's own (Game.aid_kinds)."""
    return {k.name: k() for k in SHARED + tuple(k for g in games.GAMES for k in g.aid_kinds)}


# the order `build --help` lists the shared groups in (a game's own follow)
_HELP_ORDER = (Card, OddsCard, Summary, TurnRecord, SetupYaml)


def groups() -> dict[str, str]:
    """The groups `build --only` names, each with what it holds (its first kind's group_help)."""
    out: dict[str, str] = {}
    for k in _HELP_ORDER + SHARED + tuple(k for g in games.GAMES for k in g.aid_kinds):
        if k.group not in out or not out[k.group]:
            out[k.group] = k.group_help
    return out
