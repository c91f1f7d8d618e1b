"""Propose the hiragana reading of every glossary term written with kanji that has none yet, and
write it into the data (`reading:`), for the glossaries' gojūon order (issue 13). The proposals
come from MeCab's UniDic dictionary through fugashi, which reads compounds far better than
character-by-character tools (戦闘結果表 = せんとうけっかひょう); they are proposals: check each
one by hand (place names and military terms above all) and correct it in the data.

    .venv/bin/pip install fugashi unidic-lite      # not needed by playaids itself
    .venv/bin/python tools/propose_readings.py [data/<game>/glossary.yaml ...]

Existing readings are never changed; the file is edited line by line (comments, order and
formatting kept).
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

KANJI = re.compile(r"[\u3400-\u9fff々〆]")


def hiragana(s: str) -> str:
    return "".join(chr(ord(c) - 0x60) if "\u30a1" <= c <= "\u30f6" else c for c in s)


def proposer():
    import fugashi

    tagger = fugashi.Tagger()

    def read(ja: str) -> str:
        out = []
        for m in tagger(ja):
            kana = getattr(m.feature, "kana", None)
            out.append(kana if kana and kana != "*" else m.surface)
        # only what sorts: kana, Latin letters and digits (brackets, slashes, signs dropped)
        return re.sub(r"[^\u3041-\u309fーA-Za-z0-9]", "", hiragana("".join(out)))
    return read


def _yaml_str(s: str) -> str:
    return s if re.fullmatch(r"[\u3041-\u309fー・A-Za-z0-9]+", s) else f'"{s}"'


def propose(path: Path, read) -> int:
    lines = path.read_text(encoding="utf-8").split("\n")
    added = 0
    for i, line in enumerate(lines):
        flow = re.match(r"^(\s*- \{ja: )([^,}]+)(,.*)\}\s*$", line)
        if flow and "reading:" not in line:
            ja = flow.group(2).strip().strip("'\"")
            if KANJI.search(ja):
                lines[i] = line.rstrip()[:-1] + f", reading: {_yaml_str(read(ja))}}}"
                added += 1
            continue
        block = re.match(r"^(\s*)- ja: (.+)$", line)
        if block:
            ja = block.group(2).strip().strip("'\"")
            indent = block.group(1) + "  "
            rest = lines[i + 1:i + 12]
            has = any(ln.startswith(indent + "reading:") for ln in rest[:next(
                (k for k, ln in enumerate(rest) if ln.lstrip().startswith("- ")), len(rest))])
            if KANJI.search(ja) and not has:
                lines.insert(i + 1, f"{indent}reading: {_yaml_str(read(ja))}")
                added += 1
    path.write_text("\n".join(lines), encoding="utf-8")
    return added


def main(argv: list[str]) -> int:
    paths = [Path(a) for a in argv] or sorted(Path(__file__).resolve().parent.parent.glob("data/*/glossary.yaml"))
    read = proposer()
    for p in paths:
        print(f"{p}: {propose(p, read)} readings proposed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
