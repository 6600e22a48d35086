"""Hiera data: each program comes with its own environment directory (written under
`out/envs/`): a `hiera.yaml` (version 5) whose hierarchy interpolates facts (`path`,
`paths`, a level with its own `datadir` or `data_hash: json_data`), data files with
scalars, arrays and nested hashes, interpolations (`%{facts.x}`, `%{lookup('k')}`,
`%{alias('k')}`, `%{hiera('k')}`, `%{literal('%')}`, a top-scope variable), and
`lookup_options` (merge strategies first/unique/hash/deep, for names and `^regexp`s), and a
module `m` with its own hiera.yaml and data whose class parameters are looked up
automatically. The program calls `lookup` (with types, merge strategies, defaults, a
default lambda, the hash form), `hiera`, `include`s the module's class and shows what it
got in a resource. A program is one catalog (`CATALOG = True`, with the program's facts and
environment): the value, the log, the first line of an error and the catalog are compared."""
import json

CATALOG = True

KEYS = ["k1", "k2", "arr", "h", "deep", "m::a", "m::b", "m::c", "nested"]
FAMILIES = ["Debian", "RedHat"]
ROLES = ["web", "db", "cache"]


def scalar(rng):
    if rng.random() < 0.2:
        # reads another key (a cycle is the reference's error)
        return rng.choice(["%{lookup('k1')}", "%{hiera('k2')}", "pre %{lookup('k2')} post",
                           "%{alias('arr')}", "%{alias('h')}"])
    return rng.choice(["x", "y", 1, 2.5, True, False, None, "", "%{facts.role}",
                       "%{facts.os.family}-%{facts.role}", "%{literal('%')}{x}", "%{::top}",
                       "%{top}", "%{facts.nope}", "%{facts.list.0}", "%{facts.os}",
                       "a%%b", "%{}", "%{facts.list}"])


def value(rng, key, depth=0):
    if key == "arr" or (depth == 0 and rng.random() < 0.15):
        return [scalar(rng) for _ in range(rng.randint(0, 3))]
    if key in ("h", "deep", "nested") and depth < 2:
        out = {}
        for _ in range(rng.randint(1, 3)):
            k = rng.choice(["a", "b", "c", "x"])
            out[k] = value(rng, "deep" if rng.random() < 0.4 else "k", depth + 1)
        return out
    if key == "m::c":
        return rng.choice([1, 2, "3", [1]])
    return scalar(rng)


def data_file(rng):
    data = {}
    for k in rng.sample(KEYS, rng.randint(2, len(KEYS))):
        data[k] = value(rng, k)
    return json.dumps(data, indent=2) + "\n"


def lookup_options(rng):
    opts = {}
    for k in rng.sample(["arr", "h", "deep", "nested", "^m::.*", "^k.$"], rng.randint(1, 3)):
        strategy = rng.choice(["first", "unique", "hash", "deep",
                               {"strategy": "deep", "merge_hash_arrays": True},
                               {"strategy": "deep", "knockout_prefix": "--"}])
        opts[k] = {"merge": strategy}
        if rng.random() < 0.15:
            opts[k]["convert_to"] = rng.choice(["Array", "Sensitive"])
    return opts


def hiera_yaml(rng):
    levels = [
        '  - name: "role"\n    path: "role/%{facts.role}.yaml"',
        '  - name: "os"\n    paths:\n      - "os/%{facts.os.family}.yaml"\n'
        '      - "os/%{facts.os.family}-%{facts.role}.yaml"',
        '  - name: "json"\n    data_hash: json_data\n    path: "extra.json"',
        '  - name: "other dir"\n    datadir: other\n    path: "%{facts.role}.yaml"',
    ]
    chosen = rng.sample(levels, rng.randint(1, len(levels)))
    return ("---\nversion: 5\ndefaults:\n  datadir: data\n  data_hash: yaml_data\n"
            "hierarchy:\n" + "\n".join(chosen) +
            '\n  - name: "common"\n    path: "common.yaml"\n')


FILES = ["data/role/web.yaml", "data/role/db.yaml", "data/os/Debian.yaml",
         "data/os/RedHat.yaml", "data/os/Debian-web.yaml", "data/extra.json",
         "other/web.yaml", "other/db.yaml"]

CLASS = """class m(
  {a_type} $a = 'a-default',
  $b = undef,
  Variant[Integer, String, Array] $c = 0,
) {{
  notify {{ 'm': message => "a=${{a}} b=${{b}} c=${{c}}" }}
}}
"""


def lookup_call(rng):
    """A lookup; a key that may be missing (`nope`) gets a default but now and then."""
    key = rng.choice(KEYS + ["k1", "arr", "h"])
    if rng.random() < 0.1:
        key = rng.choice(["nope", "m::nope"])
    k = rng.randrange(10)
    if k < 3:
        return f"lookup('{key}')"
    if k == 3:
        return f"lookup('{key}', undef, undef, 'dflt')"
    if k == 4:
        strategy = rng.choice(["'first'", "'unique'", "'hash'", "'deep'",
                               "{'strategy' => 'deep', 'merge_hash_arrays' => true}"])
        return f"lookup('{key}', undef, {strategy}, 'dflt')"
    if k == 5:
        t = rng.choice(["String", "Array", "Hash", "Integer", "Data", "Optional[String]",
                        "Variant[String, Array, Hash]", "Any"])
        return f"lookup('{key}', {t})"
    if k == 6:
        return f"lookup('{key}') |$k| {{ \"no ${{k}}\" }}"
    if k == 7:
        return (f"lookup({{'name' => '{key}', 'merge' => "
                f"{rng.choice(['first', 'unique', 'deep'])!r}, 'default_value' => 'dv'}})")
    if k == 8:
        return rng.choice([f"hiera('{key}', 'hd')", f"hiera_array('{key}', [])",
                           f"hiera_hash('{key}', {{}})"])
    return f"lookup(['nope', '{key}'], undef, undef, 'dflt')"


def program(rng):
    files = {"hiera.yaml": hiera_yaml(rng), "data/common.yaml": ""}
    common = json.loads(data_file(rng))
    for k in ("k1", "arr", "h"):
        if k not in common:
            common[k] = value(rng, k)
    if rng.random() < 0.6:
        common["lookup_options"] = lookup_options(rng)
    files["data/common.yaml"] = json.dumps(common, indent=2) + "\n"
    for f in rng.sample(FILES, rng.randint(1, 5)):
        files[f] = data_file(rng)
    if rng.random() < 0.5:
        # the module's own data (module layer: only keys of its namespace)
        files["modules/m/hiera.yaml"] = ("---\nversion: 5\nhierarchy:\n"
                                         '  - name: "m common"\n    path: "common.yaml"\n')
        mdata = {"m::a": scalar(rng), "m::c": rng.choice([5, "6", [7]])}
        if rng.random() < 0.3:
            mdata["lookup_options"] = {"m::c": {"merge": "unique"}}
        files["modules/m/data/common.yaml"] = json.dumps(mdata, indent=2) + "\n"
    files["modules/m/manifests/init.pp"] = CLASS.format(
        a_type=rng.choice(["String", "Any", "Optional[String]", "String[1]"]))
    facts = {"role": rng.choice(ROLES), "os": {"family": rng.choice(FAMILIES)},
             "list": ["l0", "l1"]}
    checks = [lookup_call(rng) for _ in range(rng.randint(1, 4))]
    lines = ["$top = 'T'"]
    if rng.random() < 0.7:
        lines.append(rng.choice(["include m", "class { 'm': b => 'given' }", "contain m"]))
    lines.append(f"$r = [{', '.join(checks)}]")
    lines.append("notify { 'out': message => String($r) }")
    lines.append("$r")
    return {"src": "\n".join(lines), "files": files, "facts": facts}


def deviation(d):
    return None
