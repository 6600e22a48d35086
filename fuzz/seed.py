#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets (fuzz/corpus/<target>/, not committed) from
the conformance corpus programs (tests/corpus/programs/*.jsonl), the EPP fixtures and a few
hand-written inputs. Run from anywhere: python3 fuzz/seed.py"""
import hashlib, json, pathlib, re

root = pathlib.Path(__file__).resolve().parent
repo = root.parent
corpus = root / "corpus"


def write(target, data):
    if isinstance(data, str):
        data = data.encode()
    d = corpus / target
    d.mkdir(parents=True, exist_ok=True)
    (d / hashlib.sha1(data).hexdigest()).write_bytes(data)


programs = []
for f in sorted((repo / "tests/corpus/programs").glob("*.jsonl")):
    for line in f.read_text().splitlines():
        if line.strip():
            programs.append(json.loads(line)["src"])

strings = set()
for p in programs:
    write("parse", p)
    write("eval", p)
    strings.update(re.findall(r"'((?:[^'\\]|\\.)*)'", p))

for p in programs:
    if "<%" in p or "epp" in p:
        write("epp", p)
for f in repo.glob("tests/fixtures/**/*.epp"):
    write("epp", f.read_bytes())
for s in strings:
    if "<%" in s:
        write("epp", s)
    if "%" in s:
        write("format", s)
    if re.match(r"^[<>=~^ ]*\d+\.\d+", s) or re.match(r"^\d{4}-\d\d", s) or re.match(r"^\d+(:\d+)+", s):
        write("versions_time", s)

for p in programs:
    for t in re.findall(r"\b([A-Z][A-Za-z]*\[[^\n]*?\])(?=[\s,)]|$)", p):
        write("types", t)
for t in ["Integer[1, 2]", "Struct[{a => Optional[String], Optional[b] => Array[Integer, 1]}]",
          "Variant[Enum[a, b], Pattern[/x+/]]", "Tuple[String, Integer, 1, default]",
          "Hash[String, Callable[[Integer], Boolean]]", "Object[{attributes => {x => Integer}}]"]:
    write("types", t)
for f in ["%p", "%-10.3s", "%#x", "%010.4f", "%<a>s", "%{a}", "%5.2e", "%#p", "%[%p]", "%{%s}"]:
    write("format", f)
for v in ["1.2.3-rc.1+build.5\n", ">=1.0 <2.0 || ~3.1\n", "1-02:03:04.5\n%D-%H:%M:%S.%L",
          "2024-02-29T12:34:56.789Z\n%Y-%m-%dT%H:%M:%S.%L%z", "12:30\n%H:%M", "Europe/Oslo\n%a %b %e"]:
    write("versions_time", v)

delim = b"<IDS|MSG>"
for content in [b'{"code": "1 + 1"}', b'{}', b'{"code": "' + b"[" * 200 + b'"}']:
    header = b'{"msg_id": "1", "msg_type": "execute_request", "session": "s", "username": "u", "version": "5.4"}'
    frames = [b"id", delim, b"", header, b"{}", b"{}", content]
    write("kernel_wire", b"\xff".join(frames))

for t in sorted(corpus.iterdir()):
    print(t.name, len(list(t.iterdir())))
