"""Real modules on random real systems: each program is one of the spec sweep's (a module's own
rspec-puppet example: classes and defines with their authors' parameters) or includes one to
three classes (or declares defines with defaults) of Debian's packaged modules (the module
sweep's cases, tests/module_sweep/cases.jsonl, those that compile alone on Debian 12, over
the cache `tests/module_sweep/fetch.py` fills) for a node whose facts are a random facterdb
fact set of Facter 3.0 to 4.2 (Linux distributions, BSDs, macOS, Windows, Solaris, ... of
every version facterdb holds), with what `puppet apply` adds (`clientcert`, `clientversion`)
and the packaged modules' custom facts as they would resolve there (openstacklib's
`os_workers*` from the processor count, stdlib's providers by OS family, systemd's, apt's on
Debian's family: the sweep's `MODULE_FACTS`). The module sweep runs every class on a few
systems; this area runs few classes on many systems, so the modules' branches for other
operating systems, versions and facts run. A program is one catalog (`CATALOG = True`): the
value, the log, the first line of an error and the catalog are compared."""
import glob
import json
import lzma
import os

CATALOG = True

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
FACTERDB = "/usr/share/rubygems-integration/all/gems/facterdb-1.12.1/facts"
MODULES = os.path.join(os.environ.get("PREPL_MODULE_CACHE") or os.path.join(
    os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "prepl",
    "debian-modules"), "modules")
NODES = ["foo.example.com", "web01.example.com", "db1.lab.example.net"]

PACKAGE_PROVIDERS = {"Debian": "apt", "RedHat": "yum", "Suse": "zypper", "FreeBSD": "pkgng",
                     "Archlinux": "pacman", "Gentoo": "portage", "Darwin": "pkgdmg",
                     "windows": "windows", "Solaris": "pkg", "OpenBSD": "openbsd"}
SERVICE_PROVIDERS = {"FreeBSD": "freebsd", "Darwin": "launchd", "windows": "windows",
                     "Solaris": "smf", "OpenBSD": "openbsd", "Gentoo": "openrc"}

_FACT_FILES = None
_CASES = None
_SPEC_CASES = None


def fact_files():
    """The fact sets of Facter 3.0-4.2 with both the structured `os` and the legacy
    `osfamily` (without the legacy facts the reference's Facter fills them from this machine)."""
    global _FACT_FILES
    if _FACT_FILES is None:
        out = []
        for d in sorted(glob.glob(os.path.join(FACTERDB, "[34].*"))):
            out += sorted(glob.glob(os.path.join(d, "*.facts")))
        _FACT_FILES = out
    return _FACT_FILES


def cases():
    """The sweep's sources that compile alone on Debian 12 (916 of 1551: the others need
    parameters or another class first, and would fail the same way on every system)."""
    global _CASES
    if _CASES is None:
        sweep = os.path.join(ROOT, "tests", "module_sweep")
        with lzma.open(os.path.join(sweep, "expected.jsonl.xz"), "rt") as f:
            good = {d["id"].split("/", 1)[1] for d in map(json.loads, f)
                    if d["id"].startswith("debian/") and not d.get("error")}
        seen, out = set(), []
        with open(os.path.join(sweep, "cases.jsonl")) as f:
            for line in f:
                c = json.loads(line)
                if c["id"].split("/", 1)[1] in good and c["src"] not in seen:
                    seen.add(c["src"])
                    out.append(c["src"])
        _CASES = out
    return _CASES


def spec_cases():
    """The spec sweep's programs (the modules' own rspec-puppet examples: classes and defines
    with the parameters their authors test them with) that compile on Debian 12 (3064 of
    3886)."""
    global _SPEC_CASES
    if _SPEC_CASES is None:
        sweep = os.path.join(ROOT, "tests", "spec_sweep")
        with lzma.open(os.path.join(sweep, "expected.jsonl.xz"), "rt") as f:
            good = {d["id"] for d in map(json.loads, f) if not d.get("error")}
        with open(os.path.join(sweep, "cases.jsonl")) as f:
            _SPEC_CASES = [c["src"] for c in map(json.loads, f) if c["id"] in good]
    return _SPEC_CASES


def facts_for(rng, node):
    while True:
        with open(rng.choice(fact_files())) as f:
            facts = json.load(f)
        if "osfamily" in facts and isinstance(facts.get("os"), dict):
            break
    host, _, domain = node.partition(".")
    facts["fqdn"], facts["hostname"], facts["domain"] = node, host, domain
    net = facts.get("networking")
    if isinstance(net, dict):
        net["fqdn"], net["hostname"], net["domain"] = node, host, domain
    facts["clientcert"] = node
    facts["clientversion"] = facts["puppetversion"] = "7.23.0"
    facts["clientnoop"] = False
    family = facts["os"].get("family") or facts.get("osfamily")
    count = (facts.get("processors") or {}).get("count") or facts.get("processorcount") or 1
    workers = max(min(int(count), 8), 2)
    facts.update({
        "os_service_default": "<SERVICE DEFAULT>", "os_workers_small": max(min(int(count) // 4, 8), 2),
        "os_workers": workers, "os_workers_large": max(min(int(count) // 2, 12), 1),
        "os_workers_heat_engine": max(min(int(count), 24), 4),
        "os_workers_keystone": max(min(int(count), 24), 4),
        "root_home": "/root", "puppet_vardir": "/var/lib/puppet",
        "puppet_environmentpath": "/etc/puppet/code/environments", "puppet_server": "puppet",
        "package_provider": PACKAGE_PROVIDERS.get(family, "apt"),
        "service_provider": SERVICE_PROVIDERS.get(family, "systemd"),
    })
    if SERVICE_PROVIDERS.get(family, "systemd") == "systemd":
        facts.update({"systemd": True, "systemd_version": "249"})
    if family == "Debian":
        facts["apt_reboot_required"] = False
    return facts


def program(rng):
    node = rng.choice(NODES)
    if rng.random() < 0.5:
        srcs = [rng.choice(spec_cases())]
    else:
        srcs = rng.sample(cases(), rng.choice([1, 1, 2, 3]))
    return {"src": "\n".join(srcs) + "\n", "facts": facts_for(rng, node), "node": node,
            "modulepath": [MODULES]}


def deviation(d):
    """docs/deviations.md: a variable that is a custom fact without a value is an error
    saying why (the reference's message, then `It is a custom fact of module ...`; seed 63:
    archive's `$::archive_windir`, a custom fact of a module of the modulepath, which a
    program's session does not resolve)."""
    e, g = d["expected"].get("error") or "", d["got"].get("error") or ""
    e, g = e.split("\n")[0], g.split("\n")[0]
    if e and g.startswith(e.rstrip(".") + ".") and " It is a custom fact of module " in g[len(e):]:
        return "an unknown variable that is a custom fact says why it has no value"
    return None
