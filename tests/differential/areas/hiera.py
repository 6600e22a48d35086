"""Hiera: each program is an environment whose `hiera.yaml` (version 5) and data are random,
with a module `app` bringing its own `hiera.yaml` and data, looked up by a random main
manifest for one node. The hierarchy's levels use `path`, `paths`, `glob`, `mapped_paths`,
a level's own `datadir`, YAML and JSON data, and interpolate facts, trusted facts and
top-scope variables in their paths; the data are scalars, arrays and nested hashes, strings
interpolating facts, variables, `lookup()`, `hiera()`, `scope()`, `literal()` and `alias()`
(the whole value), knocked-out entries (`--x`); `lookup_options` (in the environment's data
and in the module's) give keys (by name or by a regexp) a merge strategy (`first`,
`unique`, `hash`, `deep` with `knockout_prefix`, `sort_merged_arrays`, `merge_hash_arrays`)
or `convert_to`. The manifest looks keys up with every form of `lookup` (a type, a merge
strategy as a name or a hash, a default, `default_values_hash`, a block, several names, a
dotted key into a hash or an array), `hiera`, `hiera_array`, `hiera_hash`, and includes
the module's class, whose parameters come from the data (automatic parameter lookup), now
and then of the wrong type. Levels may also be the module's Puppet-language functions: a
`data_hash` function (given the level's `options` and `path`) and a `lookup_key` function
(answering some keys, `$context.not_found` for the others, caching and interpolating through
its context); the module's `hiera.yaml` may have a `default_hierarchy`; `classes` keys are
included with `hiera_include` or `lookup(...).include`. A program is one catalog (`CATALOG = True`): the value, the
log (the `notice`s), the first line of an error and the catalog are compared."""
import json

CATALOG = True

NODES = ["web01.example.com", "db01.example.com", "cache01.lab.example.net"]
OSES = [("Debian", "Debian", "12"), ("Debian", "Ubuntu", "22.04"), ("RedHat", "CentOS", "8"),
        ("RedHat", "Rocky", "9")]
ROLES = ["web", "db", "cache"]
SERVICES = [["nginx", "redis"], ["postgres"], [], ["nginx"]]

# The keys: name -> kind (the module's class takes each `app::` key as a parameter).
KEYS = {
    "app::appname": "string", "app::port": "integer", "app::enabled": "boolean",
    "app::ratio": "float", "app::packages": "array", "app::users": "array",
    "app::settings": "hash", "app::vhosts": "hash", "app::motd": "string",
    "site::owner": "string", "site::ntp_servers": "array", "site::limits": "hash",
    "site::tier": "string", "classes": "classes",
}
PARAM_TYPES = {"string": "String", "integer": "Integer", "boolean": "Boolean",
               "float": "Float", "array": "Array", "hash": "Hash"}

WORDS = ["alpha", "beta", "gamma", "delta", "vim", "curl", "git", "ops", "dev", "www"]


def interpolation(rng, whole=False):
    forms = ["%{facts.os.family}", "%{facts.os.name}", "%{facts.networking.hostname}",
             "%{trusted.certname}", "%{::role}", "%{role}", "%{facts.nosuchfact}",
             "%{lookup('site::tier')}", "%{hiera('app::port')}", "%{scope('role')}",
             "%{literal('%')}{x}", "%{::nosuchvar}", "%{facts.os.release.major}",
             "%{trusted.domain}", "%{facts.services.0}", "%{lookup('app::settings.log.level')}",
             "%{app::appname}"]
    if whole and rng.random() < 0.5:
        return rng.choice(["%{alias('app::packages')}", "%{alias('site::limits')}",
                           "%{alias('app::port')}", "%{alias('site::tier')}"])
    return rng.choice(forms)


def string_value(rng):
    r = rng.random()
    if r < 0.45:
        return rng.choice(WORDS)
    if r < 0.9:
        return f"{rng.choice(WORDS)}-{interpolation(rng)}"
    return interpolation(rng, whole=True)


def array_value(rng):
    out = []
    for _ in range(rng.randint(0, 4)):
        r = rng.random()
        out.append(rng.choice(WORDS) if r < 0.7 else
                   "--" + rng.choice(WORDS) if r < 0.8 else
                   rng.randint(0, 9) if r < 0.9 else
                   {rng.choice(["name", "id"]): rng.choice(WORDS)})
    return out


def hash_value(rng, depth=0):
    out = {}
    for k in rng.sample(["log", "port", "opts", "name", "paths", "level", "--port", "mode"],
                        rng.randint(0, 4)):
        r = rng.random()
        if k == "log" or (r < 0.25 and depth < 2):
            out[k] = hash_value(rng, depth + 1)
        elif r < 0.5:
            out[k] = rng.choice(WORDS)
        elif r < 0.65:
            out[k] = rng.randint(1, 9999)
        elif r < 0.8:
            out[k] = array_value(rng)
        elif r < 0.9:
            out[k] = "--"
        else:
            out[k] = f"%{{facts.os.family}}-{rng.choice(WORDS)}"
    if "log" in out and isinstance(out["log"], dict) and rng.random() < 0.7:
        out["log"]["level"] = rng.choice(["info", "debug", "%{::role}"])
    return out


def value(rng, kind, wrong=False):
    if wrong:
        kind = rng.choice([k for k in PARAM_TYPES if k != kind])
    if kind == "classes" and rng.random() < 0.1:
        kind = "string"
    if kind == "string":
        return string_value(rng)
    if kind == "integer":
        return "%{hiera('app::port')}" if rng.random() < 0.03 else rng.randint(0, 65535)
    if kind == "boolean":
        return rng.random() < 0.5
    if kind == "float":
        return rng.choice([0.5, 1.25, 3.0])
    if kind == "array":
        return array_value(rng)
    if kind == "classes":
        return rng.sample(["app", "app::extra", "app::extra", "app::more"], rng.randint(0, 2))
    return hash_value(rng)


def data(rng, wrong_key=None, n=None):
    keys = rng.sample(sorted(KEYS), n if n is not None else rng.randint(1, 6))
    out = {k: value(rng, KEYS[k]) for k in keys}
    if wrong_key:
        out[wrong_key] = value(rng, KEYS[wrong_key], wrong=True)
    return out


def merge_option(rng):
    r = rng.random()
    if r < 0.2:
        return rng.choice(["first", "unique", "hash", "deep"])
    if r < 0.35:
        return {"strategy": rng.choice(["unique", "hash", "deep", "first"])}
    opts = {"strategy": "deep"}
    if rng.random() < 0.6:
        opts["knockout_prefix"] = "--"
    if rng.random() < 0.4:
        opts["sort_merged_arrays"] = rng.random() < 0.8
    if rng.random() < 0.4:
        opts["merge_hash_arrays"] = rng.random() < 0.8
    return opts


def lookup_options(rng, prefix=""):
    out = {}
    for k in rng.sample([k for k in sorted(KEYS) if k.startswith(prefix)], rng.randint(1, 4)):
        if rng.random() < 0.12 and KEYS[k] in ("string", "integer"):
            out[k] = {"convert_to": rng.choice(["Sensitive", "String", "Array"])}
        else:
            out[k] = {"merge": merge_option(rng)}
    if rng.random() < 0.3:
        # (a module's patterns must start with its name)
        out[rng.choice([p for p in ["^app::.*s$", "^site::", "^app::(settings|vhosts)$"]
                        if p.startswith("^" + prefix)])] = {"merge": merge_option(rng)}
    return out


def yaml_doc(d):
    return "---\n" + "".join(f"{json.dumps(k)}: {json.dumps(v)}\n" for k, v in d.items())


def hierarchy(rng):
    """The environment's levels: (hiera.yaml text, data files a level may read)."""
    levels, paths = [], []
    levels.append('  - name: "node"\n    path: "nodes/%{trusted.certname}.yaml"')
    paths += [f"data/nodes/{n}.yaml" for n in NODES]
    if rng.random() < 0.6:
        levels.append('  - name: "role"\n    path: "role/%{::role}.yaml"')
        paths += [f"data/role/{r}.yaml" for r in ROLES]
    if rng.random() < 0.4:
        levels.append('  - name: "services"\n    mapped_paths: [services, svc, '
                      '"svc/%{svc}.yaml"]')
        paths += ["data/svc/nginx.yaml", "data/svc/redis.yaml", "data/svc/postgres.yaml"]
    r = rng.random()
    if r < 0.4:
        levels.append('  - name: "os"\n    paths:\n      - "os/%{facts.os.name}.yaml"\n'
                      '      - "os/%{facts.os.family}.yaml"')
        paths += [f"data/os/{o[1]}.yaml" for o in OSES] + ["data/os/Debian.yaml",
                                                            "data/os/RedHat.yaml"]
    elif r < 0.8:
        levels.append('  - name: "os"\n    path: "os/%{facts.os.family}-'
                      '%{facts.os.release.major}.yaml"')
        paths += [f"data/os/{o[0]}-{o[2]}.yaml" for o in OSES]
    if rng.random() < 0.35:
        levels.append('  - name: "fragments"\n    glob: "common.d/*.yaml"')
        paths += ["data/common.d/10-base.yaml", "data/common.d/20-extra.yaml"]
    if rng.random() < 0.35:
        levels.append('  - name: "json"\n    data_hash: json_data\n    path: "common.json"')
        paths += ["data/common.json"]
    if rng.random() < 0.3:
        levels.append('  - name: "other dir"\n    datadir: other\n    path: "defaults.yaml"')
        paths += ["other/defaults.yaml"]
    levels.append('  - name: "common"\n    path: "common.yaml"')
    paths += ["data/common.yaml"]
    text = ("---\nversion: 5\ndefaults:\n  datadir: data\n  data_hash: yaml_data\n"
            "hierarchy:\n" + "\n".join(levels) + "\n")
    return text, paths


def module_hiera(rng):
    """The module's hiera.yaml: (text, whether it uses the data function, the lookup_key
    function, a default_hierarchy)."""
    levels = ['  - name: "os"\n    path: "os/%{facts.os.family}.yaml"']
    fn = rng.random() < 0.35
    lk = rng.random() < 0.3
    if lk:
        levels.insert(rng.randint(0, 1), '  - name: "keys"\n    lookup_key: app::lk\n'
                      '    options:\n      prefix: "lk"')
    if fn:
        levels.insert(rng.randint(0, len(levels)),
                      '  - name: "fn"\n    data_hash: app::data\n    path: "fn/%{facts.os.name}"'
                      '\n    options:\n      flavour: "%{facts.os.family}"')
    levels.append('  - name: "common"\n    path: "common.yaml"')
    text = ("---\nversion: 5\ndefaults:\n  datadir: data\n  data_hash: yaml_data\n"
            "hierarchy:\n" + "\n".join(levels) + "\n")
    dh = rng.random() < 0.3
    if dh:
        text += 'default_hierarchy:\n  - name: "defaults"\n    path: "defaults.yaml"\n'
    return text, fn, lk, dh


def puppet_literal(v):
    """A JSON-like value as a Puppet literal."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return "'" + v.replace("\\", "\\\\").replace("'", "\\'") + "'"
    if isinstance(v, list):
        return "[" + ", ".join(puppet_literal(x) for x in v) + "]"
    return "{" + ", ".join(f"{puppet_literal(k)} => {puppet_literal(x)}" for k, x in v.items()) + "}"


def data_function(rng):
    """app::data, a data_hash function: its hash depends on the level's options and path."""
    d = {k: v for k, v in data(rng, n=rng.randint(1, 4)).items() if k.startswith("app::")}
    return ("function app::data(Hash $options, Puppet::LookupContext $context) {\n"
            f"  $base = {puppet_literal(d)}\n"
            "  $base + { 'app::motd' => \"fn ${options['flavour']} ${options['path'].split('/')[-1]}\" }\n"
            "}\n")


def lookup_key_function(rng):
    """app::lk, a lookup_key function answering two keys and not finding the others."""
    keys = rng.sample([k for k in sorted(KEYS) if k.startswith("app::")], 2)
    arms = "".join(f"    '{k}': {{ {puppet_literal(value(rng, KEYS[k]))} }}\n" for k in keys)
    extra = rng.choice([
        "",
        "    'app::appname': { $context.interpolate(\"${options['prefix']}-%{facts.os.name}\") }\n",
        "    'app::users': {\n      if $context.cache_has_key('u') { $context.cached_value('u') }\n"
        "      else { $context.cache('u', ['cached']) }\n    }\n",
    ])
    return ("function app::lk(String $key, Hash $options, Puppet::LookupContext $context) {\n"
            "  case $key {\n" + extra + arms +
            "    default: { $context.not_found }\n  }\n}\n")


def app_class(rng):
    params = []
    for k in sorted(KEYS):
        if not k.startswith("app::"):
            continue
        t = PARAM_TYPES[KEYS[k]]
        if rng.random() < 0.3:
            t = f"Optional[{t}]"
        default = {"string": "'none'", "integer": "0", "boolean": "false", "float": "0.0",
                   "array": "[]", "hash": "{}"}[KEYS[k]]
        params.append(f"  {t} ${k[5:]} = {default},")
    body = ("  notify { 'app':\n    message => \"${appname} ${port} ${enabled} ${ratio}\",\n"
            "  }\n  $packages.unique.each |$p| { notify { \"pkg ${p}\": } }\n"
            "  notice($settings)\n  notice($vhosts)\n  notice($users)\n  notice($motd)\n")
    return "class app (\n" + "\n".join(params) + "\n) {\n" + body + "}\n"


def check(rng):
    k = rng.choice(sorted(KEYS))
    kind = KEYS[k]
    t = PARAM_TYPES.get(kind, "Array[String]")
    forms = [
        f"lookup('{k}')",
        f"lookup('{k}', undef, undef, 'dflt')",
        f"lookup('{k}', Optional[{t}], 'first', undef)",
        f"lookup('{k}', Any, '{rng.choice(['unique', 'hash', 'deep', 'first'])}', undef)",
        f"lookup('{k}', {{merge => {json.dumps(merge_option(rng)).replace(':', ' =>')}, "
        f"default_value => 'dflt'}})",
        f"lookup(['nosuch::key', '{k}'], undef, undef, 'dflt')",
        "lookup('nosuch::key') |$key| { \"no ${key}\" }",
        "lookup('nosuch::key', {default_values_hash => {'nosuch::key' => [1, 2]}})",
        f"hiera('{k}', 'dflt')",
        f"hiera_array('{k}', [])",
        f"hiera_hash('{k}', {{}})",
        "lookup('app::settings.log.level', undef, undef, 'dflt')",
        "lookup('app::packages.0', undef, undef, 'dflt')",
        "lookup('site::limits.port', undef, undef, 'dflt')",
        f"lookup('{k}', Variant[{t}, Enum['dflt']], undef, 'dflt')",
        "lookup('lookup_options', undef, undef, 'dflt')",
    ]
    return f"notice(String({rng.choice(forms)}, '%p'))"


def program(rng):
    node = rng.choice(NODES)
    family, name, major = rng.choice(OSES)
    host, _, domain = node.partition(".")
    facts = {
        "os": {"family": family, "name": name, "release": {"major": major, "full": major}},
        "networking": {"fqdn": node, "hostname": host, "domain": domain},
        "fqdn": node, "hostname": host, "domain": domain, "clientcert": node,
        "services": rng.choice(SERVICES), "kernel": "Linux",
    }
    files = {}
    text, paths = hierarchy(rng)
    files["hiera.yaml"] = text
    wrong = rng.choice([k for k in KEYS if k.startswith("app::")]) \
        if rng.random() < 0.1 else None
    # the node's own level's data (when there is one) holds the wrong value
    for path in rng.sample(paths, min(len(paths), rng.randint(2, 6))) + ["data/common.yaml"]:
        d = data(rng, wrong if path == f"data/nodes/{node}.yaml" else None)
        if path == "data/common.yaml" and rng.random() < 0.7:
            d["lookup_options"] = lookup_options(rng)
        if path.endswith(".json"):
            files[path] = json.dumps(d, indent=1) + "\n"
        else:
            files[path] = yaml_doc(d)
    if rng.random() < 0.7:
        text, fn, lk, dh = module_hiera(rng)
        files["modules/app/hiera.yaml"] = text
        if fn:
            files["modules/app/functions/data.pp"] = data_function(rng)
            # (a level's path that does not exist is skipped: the function is not called)
            for o in rng.sample(OSES, rng.randint(1, len(OSES))):
                files[f"modules/app/data/fn/{o[1]}"] = "unused\n"
        if lk:
            files["modules/app/functions/lk.pp"] = lookup_key_function(rng)
        if dh:
            files["modules/app/data/defaults.yaml"] = yaml_doc(
                {k: v for k, v in data(rng).items() if k.startswith("app::")})
        d = data(rng, n=rng.randint(1, 4))
        d = {k: v for k, v in d.items() if k.startswith("app::")}
        if rng.random() < 0.5:
            d["lookup_options"] = lookup_options(rng, "app::")
        files["modules/app/data/common.yaml"] = yaml_doc(d)
        if rng.random() < 0.5:
            files[f"modules/app/data/os/{family}.yaml"] = yaml_doc(
                {k: v for k, v in data(rng).items() if k.startswith("app::")})
    files["modules/app/manifests/init.pp"] = app_class(rng)
    files["modules/app/manifests/extra.pp"] = "class app::extra { notify { 'extra': } }\n"
    files["modules/app/manifests/more.pp"] = \
        "class app::more {\n  notice(lookup('app::motd', undef, undef, 'none'))\n}\n"
    lines = [f"$role = '{rng.choice(ROLES)}'"]
    checks = [check(rng) for _ in range(rng.randint(2, 5))]
    if rng.random() < 0.6:
        checks.insert(rng.randint(0, len(checks)), "include app")
    if rng.random() < 0.25:
        checks.insert(rng.randint(0, len(checks)), rng.choice([
            "hiera_include('classes')", "lookup('classes', Array[String], 'unique', []).include",
            "lookup('classes', {merge => unique, default_value => []}).each |$c| { include $c }"]))
    lines += checks
    src = "\n".join(lines) + "\n"
    files["manifests/site.pp"] = src
    return {"src": src, "files": files, "facts": facts, "node": node}


def deviation(d):
    """docs/deviations.md, "Found by the `hiera` area"."""
    e, g = d["expected"].get("error") or "", d["got"].get("error") or ""
    if "undefined method `include?' for" in e and g.startswith(
            "Data Provider type mismatch: Got Integer when a hash-like object"):
        return "a dotted key into an Integer: the reference's NoMethodError"
    if "undefined method `downcase' for nil:NilClass" in e and \
            "where a class name or Class reference is expected" in g:
        return "include of a value that is no class name: the reference's NoMethodError"
    return None
