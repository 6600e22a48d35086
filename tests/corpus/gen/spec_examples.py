#!/usr/bin/env python3
"""Writes areas/spec_examples.py: the code examples of the language specification
(`../shared/spec/expressions.md`, `types-values-variables.md`, `parameters.md`: indented and
fenced blocks), each block whole and each of its lines alone, kept when prepl's parser accepts
it (`prepl --check`; the spec's blocks mix syntax sketches with code). Distinct programs only.
The expected answers are the reference's, as for every corpus area; where the spec and the
reference differ, docs/deviations.md says which one prepl follows.

    python3 tests/corpus/gen/spec_examples.py   # then build.py spec_examples, regen.sh
"""
import json
import os
import pathlib
import re

from prepl_check import parses

REPO = pathlib.Path(__file__).resolve().parents[3]
SPEC = pathlib.Path(os.environ.get("SPEC_DIR", REPO.parent / "shared" / "spec"))
FILES = ["expressions.md", "types-values-variables.md", "parameters.md"]




def blocks(text):
    """Indented (four spaces) and fenced code blocks, as lists of lines."""
    out, cur = [], []
    for line in text.splitlines():
        if line.startswith("    ") or (cur and not line.strip()):
            cur.append(line[4:] if line.startswith("    ") else "")
        elif cur:
            out.append(cur)
            cur = []
    if cur:
        out.append(cur)
    return out + [b.splitlines() for b in re.findall(r"```(?:puppet)?\n(.*?)```", text, re.S)]


def main():
    seen, kept = set(), []
    for name in FILES:
        for block in blocks((SPEC / name).read_text()):
            whole = "\n".join(block).strip("\n")
            lines = [l.strip() for l in block if l.strip() and not l.strip().startswith("#")]
            for src in [whole] + (lines if len(lines) > 1 else []):
                if src and src not in seen:
                    seen.add(src)
                    if parses(src):
                        kept.append((name, src))
    with open(pathlib.Path(__file__).resolve().parent / "areas" / "spec_examples.py", "w") as out:
        out.write('"""The code examples of the language specification (written by\n'
                  'gen/spec_examples.py from ../shared/spec: do not edit)."""\n\nPROGRAMS = [\n')
        for name, src in kept:
            out.write(f"    # {name}\n    {json.dumps(src)},\n")
        out.write("]\n")
    print(f"spec_examples: {len(kept)} programs")


if __name__ == "__main__":
    main()
