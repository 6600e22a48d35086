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

# Hiera data and hiera.yaml, facts files, ERB templates and module trees (issue 39 §4).
for f in repo.glob("tests/fixtures/**/*.yaml"):
    data = f.read_bytes()
    write("facts" if "facts" in f.parts else "hiera_yaml", data)
    if f.name == "hiera.yaml":
        write("hiera_config", data)
for f in repo.glob("lang/src/env/hiera/testdata/**/*.yaml"):
    write("hiera_config" if f.name == "hiera.yaml" else "hiera_yaml", f.read_bytes())
for f in repo.glob("tests/fixtures/facts/*.json"):
    write("facts", f.read_bytes())
for y in ["a: :sym\nb: !ruby/symbol x\nc: !!set {x, y}\n", "r: &r [1, *r]\n", "a: !!binary aGVsbG8=\nb: 1:30\n",
          "a: &a [1, 2]\nb: [*a, *a]\nc:\n  <<: {d: 1}\n", "a: \"%{lookup('b')}\"\nb: \"%{alias('a')}\"\n"]:
    write("hiera_yaml", y)
write("hiera_config", "version: 5\ndefaults: {datadir: data, data_hash: yaml_data}\nhierarchy:\n"
      "  - {name: n, path: 'nodes/%{trusted.certname}.yaml'}\n  - {name: g, glob: '**/*.yaml'}\n"
      "  - {name: j, path: common.json, data_hash: json_data}\n  - {name: m, mapped_paths: [facts.x, k, '%{k}.yaml']}\n")
for f in repo.glob("tests/fixtures/**/*.erb"):
    write("erb", f.read_bytes())
for p in programs:
    if "inline_template" in p:
        for s in re.findall(r"'((?:[^'\\]|\\.)*)'", p):
            if "<%" in s:
                write("erb", s)
module = "\n".join([
    "=== modules/m/manifests/init.pp", "class m($p = lookup('m::a')) { notify { $p: } }",
    "=== modules/m/manifests/c.pp", "class m::c { file { '/tmp/x': content => template('m/t.erb') } }",
    "=== modules/m/manifests/d.pp", "define m::d($v = 1) { notify { \"${title}${v}\": } }",
    "=== modules/m/templates/t.erb", "<%= @p %><% [1, 2].each do |x| %><%= x %><% end %>",
    "=== modules/m/templates/t.epp", "<%- | $x = 1 | -%><%= $x %>",
    "=== modules/m/lib/puppet/functions/m/f.rb",
    "Puppet::Functions.create_function(:'m::f') do\n  dispatch :f do\n    param 'Integer', :x\n  end\n  def f(x)\n    x + 1\n  end\nend",
    "=== modules/m/functions/g.pp", "function m::g($x) { $x * 2 }",
    "=== modules/m/hiera.yaml", "version: 5\nhierarchy:\n  - {name: c, path: common.yaml}",
    "=== modules/m/data/common.yaml", "m::a: from module data",
    "=== modules/m/lib/facter/fz.rb", "Facter.add(:fz) do\n  setcode { 'x' }\nend",
    "=== modules/m/types/t.pp", "type M::T = Integer[1]", ""])
write("modules", module)

# Module Ruby (ruby_module): the functions (both APIs) and custom facts of the fixtures, of
# Debian's packaged modules (the module sweep's cache, when fetched) and of the modules
# fetched from GitHub (tests/github_modules/, when fetched).
cache = pathlib.Path.home() / ".cache/prepl/debian-modules/modules"
for base in [repo / "tests", repo / "bench", cache, pathlib.Path("/work/cache/github")]:
    for pattern in ["**/lib/puppet/functions/**/*.rb", "**/lib/puppet/parser/functions/*.rb",
                    "**/lib/facter/*.rb"]:
        for f in base.glob(pattern):
            write("ruby_module", f.read_bytes())
print("ruby_module", len(list((corpus / "ruby_module").iterdir())))
