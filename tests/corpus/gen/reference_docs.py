#!/usr/bin/env python3
"""Writes areas/reference_docs.py: the Puppet examples of the reference's own function
documentation (the `@example` blocks of `puppet/functions/*.rb`, the fenced blocks of the 3.x
functions' docs in `puppet/parser/functions/*.rb`, from the installed puppet-agent), code
nobody here wrote. An example is kept when prepl's parser accepts it (`prepl --check`: a
placeholder such as `<PUPPET CODE BLOCK>` is prose); each line of a longer example that
parses alone is a case of its own too (the docs' `# results in 255` lines). Distinct
programs only.

    python3 tests/corpus/gen/reference_docs.py   # then build.py reference_docs, regen.sh
"""
import json
import os
import pathlib
import re
import sys

from prepl_check import parses

PUPPET = pathlib.Path(os.environ.get("PUPPET_LIB", "/usr/lib/ruby/vendor_ruby/puppet"))
FENCE = re.compile(r"```(?:puppet)?\n(.*?)```", re.S)


def comment_examples(text):
    """The `@example` blocks of a 4.x function file's comments: their ```puppet fences, or
    else the lines indented under the tag."""
    lines = text.splitlines()
    out, i = [], 0
    while i < len(lines):
        if not re.match(r"^\s*#\s*@example\b", lines[i]):
            i += 1
            continue
        i += 1
        block = []
        while (i < len(lines) and re.match(r"^\s*#", lines[i])
               and not re.match(r"^\s*#\s*@\w", lines[i])):
            block.append(re.sub(r"^\s*# ?", "", lines[i]))
            i += 1
        fences = FENCE.findall("\n".join(block))
        if fences:
            out += fences
        elif any(b.startswith("  ") for b in block):
            out.append("\n".join(b[2:] for b in block if b.startswith("  ") or not b.strip()))
    return out


def dedent(text):
    lines = text.strip("\n").splitlines()
    cut = min((len(l) - len(l.lstrip()) for l in lines if l.strip()), default=0)
    return "\n".join(l[cut:] for l in lines).strip()


def main():
    candidates = []
    for f in sorted((PUPPET / "functions").glob("*.rb")):
        for n, ex in enumerate(comment_examples(f.read_text()), 1):
            candidates.append((f"functions/{f.stem}", n, ex))
    # (the 3.x functions' docs are heredocs: their fences only)
    for f in sorted((PUPPET / "parser/functions").glob("*.rb")):
        for n, ex in enumerate(FENCE.findall(f.read_text()), 1):
            candidates.append((f"parser/functions/{f.stem}", n, ex))
    seen, kept = set(), []
    for where, n, ex in candidates:
        ex = dedent(ex)
        if ex and ex not in seen:
            seen.add(ex)
            if parses(ex):
                kept.append((where, n, ex))
    # every line of a longer example that parses alone, as a case of its own too
    singles = []
    for where, n, ex in kept:
        lines = [l.strip() for l in ex.splitlines() if l.strip() and not l.strip().startswith("#")]
        for line in lines if len(lines) > 1 else []:
            if line not in seen:
                seen.add(line)
                if parses(line):
                    singles.append((where, n, line))
    with open(pathlib.Path(__file__).resolve().parent / "areas" / "reference_docs.py", "w") as out:
        out.write('"""The examples of the reference\'s own function documentation (written by\n'
                  'gen/reference_docs.py from puppet-agent\'s Ruby sources: do not edit)."""\n\n'
                  "PROGRAMS = [\n")
        for where, n, ex in kept + singles:
            out.write(f"    # {where} @example {n}\n    {json.dumps(ex)},\n")
        out.write("]\n")
    print(f"reference_docs: {len(kept)} examples and {len(singles)} lines of them",
          file=sys.stderr)


if __name__ == "__main__":
    main()
