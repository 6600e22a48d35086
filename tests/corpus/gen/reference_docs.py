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
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(os.environ.get('PUPPET_LIB', '/usr/lib/ruby/vendor_ruby/puppet'))
REPO = pathlib.Path(__file__).resolve().parents[3]
PREPL = os.environ.get('PREPL', str(REPO / 'target' / 'release' / 'prepl'))

def comment_examples(text):
    """@example blocks of a 4.x function file's comments: a ```puppet fence, or the lines
    indented under the tag."""
    lines = text.splitlines()
    out = []
    i = 0
    while i < len(lines):
        l = lines[i]
        if re.match(r"^\s*#\s*@example\b", l):
            i += 1
            block = []
            while i < len(lines) and re.match(r"^\s*#", lines[i]) and not re.match(r"^\s*#\s*@\w", lines[i]):
                block.append(re.sub(r"^\s*# ?", "", lines[i]))
                i += 1
            text_b = "\n".join(block)
            fences = re.findall(r"```(?:puppet)?\n(.*?)```", text_b, re.S)
            if fences:
                out += fences
            else:
                ind = [b for b in block if b.startswith("  ")]
                if ind:
                    out.append("\n".join(b[2:] for b in block if b.startswith("  ") or not b.strip()))
            continue
        i += 1
    return out

def doc_examples(text):
    """Examples in 3.x docs (heredocs): ```puppet fences and 'Example:' indented blocks."""
    return re.findall(r"```(?:puppet)?\n(.*?)```", text, re.S)

cands = []
for f in sorted((ROOT / 'functions').glob('*.rb')):
    for n, ex in enumerate(comment_examples(f.read_text()), 1):
        cands.append((f"functions/{f.stem}", n, ex))
for f in sorted((ROOT / 'parser/functions').glob('*.rb')):
    for n, ex in enumerate(doc_examples(f.read_text()), 1):
        cands.append((f"parser/functions/{f.stem}", n, ex))

def parses(src):
    with tempfile.NamedTemporaryFile('w', suffix='.pp', delete=False) as t:
        t.write(src + "\n")
    try:
        return subprocess.run([PREPL, '--check', t.name], capture_output=True).returncode == 0
    finally:
        os.unlink(t.name)

seen = set(); kept = []; dropped = 0
for where, n, ex in cands:
    ex = ex.strip("\n")
    lines = ex.splitlines()
    ind = min((len(l) - len(l.lstrip()) for l in lines if l.strip()), default=0)
    ex = "\n".join(l[ind:] for l in lines).strip()
    if not ex or ex in seen: continue
    seen.add(ex)
    if parses(ex): kept.append((where, n, ex))
    else: dropped += 1
print(len(cands), len(kept), dropped, file=sys.stderr)

# every line of a multi-line example that parses alone, as its own case too
singles = []
for where, n, ex in kept:
    ls = [l for l in ex.splitlines() if l.strip() and not l.strip().startswith('#')]
    if len(ls) < 2: continue
    for l in ls:
        l = l.strip()
        if l in seen: continue
        seen.add(l)
        if parses(l): singles.append((where, n, l))
print(len(singles), file=sys.stderr)

with open(pathlib.Path(__file__).resolve().parent / 'areas' / 'reference_docs.py', 'w') as out:
    out.write('"""The examples of the reference\'s own function documentation (written by\n'
              'gen/reference_docs.py from puppet-agent\'s Ruby sources: do not edit)."""\n\n'
              'PROGRAMS = [\n')
    for where, n, ex in kept + singles:
        out.write(f"    # {where} @example {n}\n    {json.dumps(ex)},\n")
    out.write("]\n")
