#!/usr/bin/env python3
"""Writes the doc sweep's cases: the Puppet examples the Debian-packaged modules' authors give
in their documentation, compiled as a user who copies them would.

    python3 tests/doc_sweep/extract.py > tests/doc_sweep/cases.jsonl

Sources, from the module cache that `../module_sweep/fetch.py` fills:
- the header comments of every manifest (`manifests/**/*.pp`): a `# == Examples` /
  `# === Example` section, or a puppet-strings `# @example TITLE` tag, up to the next
  header, tag or parameter item (`# [*name*]`), the comment marks taken off and the text
  dedented;
- the fenced code blocks of each package's README (`usr/share/doc/PACKAGE/README*`, plain or
  gzipped) tagged `puppet` or untagged;
- the manifests of the modules' acceptance tests (`spec/acceptance/**/*.rb`: the heredocs
  given to `apply_manifest`), those without Ruby interpolation;
- the example manifests the packages ship whole (`usr/share/doc/PACKAGE/examples/**/*.pp`,
  plain or gzipped) and the modules' own smoke tests (`examples/*.pp`, `tests/*.pp` in the
  module), each file one program (`example-` ids).

A candidate is kept when it declares something (`class {`, `include`, a resource or a define
instance) and prepl's parser accepts it (`prepl --check`; prose mixed into an example would
only give a syntax error in both). Distinct programs only; the id names the fact set, the
module, the file and the example's number in it (`doc-` for the documentation's examples,
`accept-` for the acceptance tests', `example-` for the example files). An example that does not declare its
module's main class is also a second case (id ending `+main`) with `include MODULE` first,
as a user who read the module's README would have it. Each case on each fact set of
`fact_sets.json`.
"""
import gzip
import json
import os
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE.parent / "module_sweep"))
from fetch import cache_dir  # noqa: E402
sys.path.insert(0, str(HERE.parent / "corpus" / "gen"))
from prepl_check import parses  # noqa: E402

HEADER = re.compile(r"^#\s*(?:=+\s*Examples?\b.*|@example\b.*)$", re.I)
END = re.compile(r"^#\s*(?:=+\s*\S|@\w|\[\*)")
DECLARES = re.compile(r"^\s*(?:class\s*\{|include\s|contain\s|require\s|[a-z][\w:]*\s*\{\s*['\"$])",
                      re.M)


def dedent(lines):
    lines = [l.rstrip() for l in lines]
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    indents = [len(l) - len(l.lstrip()) for l in lines if l.strip()]
    cut = min(indents) if indents else 0
    return "\n".join(l[cut:] for l in lines)


def manifest_examples(path):
    """The examples of one manifest's comments, in order."""
    out, current = [], None
    for line in path.read_text(errors="replace").splitlines():
        if not line.startswith("#"):
            if current is not None:
                out.append(current)
                current = None
            continue
        if HEADER.match(line):
            if current is not None:
                out.append(current)
            current = []
            continue
        if current is None:
            continue
        if END.match(line):
            out.append(current)
            current = None
            continue
        current.append(line[1:])
    if current is not None:
        out.append(current)
    return [dedent(block) for block in out]


def readme_examples(path):
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", errors="replace") as f:
        text = f.read()
    blocks = re.findall(r"^```[ \t]*(puppet|pp)?[ \t]*\n(.*?)^```", text, re.S | re.M)
    return [dedent(body.splitlines()) for _, body in blocks]


def acceptance_examples(path):
    """The manifests of an acceptance test (`pp = <<-EOS ... EOS`, any heredoc), those
    without Ruby interpolation (`#{...}`)."""
    text = path.read_text(errors="replace")
    found = re.finditer(r"<<([-~]?)(['\"]?)([A-Z_]+)\2[^\n]*\n(.*?)^\s*\3\s*$", text,
                        re.S | re.M)
    return [dedent(m.group(4).splitlines()) for m in found if "#{" not in m.group(4)]




def read_text(path):
    """A file's text, gunzipped when its name ends in `.gz`."""
    if path.name.endswith(".gz"):
        return gzip.decompress(path.read_bytes()).decode("utf-8", "replace")
    return path.read_text(encoding="utf-8", errors="replace")


def example_files(module, docs):
    """The example manifests of a module: its package's `examples/` under the documentation,
    and the module's own `examples/` and `tests/` smoke tests, in order, each file once."""
    found = sorted(docs.glob("*/examples/**/*.pp")) + sorted(docs.glob("*/examples/**/*.pp.gz"))
    for sub in ("examples", "tests"):
        found += sorted((module / sub).glob("*.pp")) if (module / sub).is_dir() else []
    return found


def main():
    cache = cache_dir()
    modules = cache / "modules"
    seen, cases = set(), []

    def add(module, where, n, src, kind="doc"):
        if not DECLARES.search(src) or src in seen or not parses(src):
            return
        seen.add(src)
        cases.append((f"{kind}-{module}-{where}-{n}", module, src))
        # An example of a module's other classes often takes its main class as declared
        # (`apache::mod::ssl` reads `$apache::...`): the same example after `include MODULE`
        # too, where the module has a main class the example does not declare.
        main = re.compile(r"(?:class\s*\{\s*['\"](?:::)?|include\s+(?:::)?)" + re.escape(module)
                          + r"\b(?!::)")
        if (kind in ("doc", "example") and (modules / module / "manifests" / "init.pp").is_file()
                and not main.search(src)):
            cases.append((f"{kind}-{module}-{where}-{n}+main", module,
                          f"include {module}\n{src}"))

    for link in sorted(modules.iterdir()):
        module = link.name
        manifests = link / "manifests"
        for pp in sorted(manifests.rglob("*.pp")) if manifests.is_dir() else []:
            where = str(pp.relative_to(manifests))[:-3].replace("/", "_")
            for n, src in enumerate(manifest_examples(pp), 1):
                add(module, where, n, src)
        acceptance = link / "spec" / "acceptance"
        for rb in sorted(acceptance.rglob("*.rb")) if acceptance.is_dir() else []:
            where = str(rb.relative_to(acceptance))[:-3].replace("/", "_")
            for n, src in enumerate(acceptance_examples(rb), 1):
                add(module, where, n, src, kind="accept")
        # The package the module came from: modules/NAME links into unpacked/PACKAGE/...
        package = pathlib.Path(os.path.realpath(link)).relative_to(cache / "unpacked").parts[0]
        for readme in sorted((cache / "unpacked" / package / "usr/share/doc").glob("*/README*")):
            if readme.name.startswith("README.Debian"):
                continue
            for n, src in enumerate(readme_examples(readme), 1):
                add(module, "README", n, src)
        for pp in example_files(link, cache / "unpacked" / package / "usr/share/doc"):
            src = read_text(pp).strip()
            where = "_".join(pp.parts[-3:] if pp.parent.name != "examples" else pp.parts[-2:])
            add(module, re.sub(r"\.pp(\.gz)?$", "", where), 1, src, kind="example")
    sets = json.loads((HERE / "fact_sets.json").read_text())
    for fact_set in sets:
        for id, module, src in cases:
            print(json.dumps({"id": f"{fact_set}/{id}", "module": module, "src": src}))
    print(f"extract: {len(cases)} cases", file=sys.stderr)


if __name__ == "__main__":
    main()
