"""The area `grammar`'s reads of the node's facts and environment (session 53): `$facts[...]`
(nested, `dig`, `get`, `getvar('facts.os.family')`, `lest` over a fact that is not there),
the top-scope fact variables (`$os`, `$::kernel`), `$environment` and `$::environment`, and
`$server_facts`; `case` over a fact with strings, regexps reading `$1` and `default`, as
modules choose their platform's settings.

Both harnesses get the program's facts (`facts`, one of the sets below) and the oracle's
bare environment `pal_env` (`modulepath: []`: prepl's `diff-compare` then names the
environment as Puppet::Pal does; without a modulepath prepl's is `production`).
`$trusted` (the reference's `certname` is undef there, prepl's the node) and
`$settings::environment` (the reference's process setting) are not read."""
from areas.grammar_base import CMP, EQ, IN, MATCH, PRIMARY, SELECT

# (facts as facterdb's systems give them, small: strings, numbers, booleans, nested hashes)
FACT_SETS = [
    {"os": {"family": "Debian", "name": "Debian", "release": {"major": "12", "full": "12.5"},
            "architecture": "amd64"},
     "kernel": "Linux", "kernelrelease": "6.1.0-18-amd64", "is_virtual": True, "virtual": "kvm",
     "networking": {"hostname": "web1", "domain": "example.com", "fqdn": "web1.example.com",
                    "ip": "10.0.0.5", "interfaces": {"eth0": {"ip": "10.0.0.5", "mtu": 1500},
                                                      "lo": {"ip": "127.0.0.1", "mtu": 65536}}},
     "processors": {"count": 4, "models": ["Intel Xeon", "Intel Xeon"]},
     "memory": {"system": {"total_bytes": 8589934592, "total": "8.00 GiB"}},
     "path": "/usr/sbin:/usr/bin:/sbin:/bin", "timezone": "UTC"},
    {"os": {"family": "RedHat", "name": "Rocky", "release": {"major": "9", "full": "9.3"},
            "architecture": "x86_64", "selinux": {"enabled": True}},
     "kernel": "Linux", "kernelrelease": "5.14.0", "is_virtual": False, "virtual": "physical",
     "networking": {"hostname": "db", "domain": "corp.lan", "fqdn": "db.corp.lan", "ip": "192.168.1.20",
                    "interfaces": {"ens3": {"ip": "192.168.1.20", "mtu": 9000}}},
     "processors": {"count": 16, "models": ["AMD EPYC"]},
     "memory": {"system": {"total_bytes": 68719476736, "total": "64.00 GiB"}},
     "path": "/usr/bin:/bin", "timezone": "CET"},
    {"os": {"family": "windows", "name": "windows", "release": {"major": "2019", "full": "2019"},
            "architecture": "x64"},
     "kernel": "windows", "kernelrelease": "10.0.17763", "is_virtual": True, "virtual": "hyperv",
     "networking": {"hostname": "WIN-01", "domain": "ad.example.org", "fqdn": "WIN-01.ad.example.org",
                    "ip": "10.1.2.3", "interfaces": {"Ethernet 2": {"ip": "10.1.2.3", "mtu": 1500}}},
     "processors": {"count": 2, "models": ["Intel"]},
     "memory": {"system": {"total_bytes": 4294967296, "total": "4.00 GiB"}},
     "path": "C:\\Windows\\system32;C:\\Windows", "timezone": "Coordinated Universal Time"},
]

# (reads of a string fact; `[...]` of a fact that is not there is undef, after which `lest`)
STR_FACTS = ["$facts['os']['family']", "$os['name']", "$::kernel", "$facts['networking']['fqdn']",
             "$facts['os']['release']['major']", "$facts.dig('os', 'release', 'full')",
             "$facts['networking']['interfaces'].keys.sort.join(',')", "$environment",
             "$::environment", "getvar('facts.os.family')", "$facts.get('networking.hostname')",
             "$facts['os']['family'].downcase", "$server_facts['environment']",
             "$::networking['domain']", "$facts['memory']['system']['total']", "$timezone",
             "$facts['processors']['models'][0]", "$facts['path'].split(/[:;]/)[-1]"]
INT_FACTS = ["$facts['processors']['count']", "Integer($facts['os']['release']['major'])",
             "$facts['networking']['interfaces'].length", "$facts['memory']['system']['total_bytes'] / 1048576",
             "$facts['networking']['interfaces'].map |$n, $i| { $i['mtu'] }.max",
             "$processors['models'].length", "$facts.dig('networking', 'interfaces', 'eth0', 'mtu')"]
BOOL_FACTS = [("$facts['is_virtual']", PRIMARY), ("$facts['os']['family'] == 'Debian'", EQ),
              ("$facts['kernel'] =~ /^(Linux|FreeBSD)$/", MATCH), ("'os' in $facts", IN),
              ("$environment == 'production'", EQ),
              ("versioncmp($facts['os']['release']['full'], '9') >= 0", CMP),
              ("$facts['os']['family'] in ['Debian', 'RedHat']", IN),
              ("$facts['os']['selinux'] =~ Undef", MATCH), ("$::is_virtual =~ Boolean", MATCH),
              ("$facts['networking']['ip'] =~ /^10\\./", MATCH)]
# (a fact that is not there, a default after it)
MISSING = ["$facts['nope']", "$facts['os']['nope']", "$facts.dig('os', 'x', 'y')", "getvar('facts.nope.x')",
           "$facts['networking']['interfaces']['nope']"]
# (the options of a `case` or selector over the OS family)
FAMILY_OPTIONS = ["'Debian', 'Ubuntu'", "/^(Red)Hat$/", "'windows'", "/(?i:WINDOWS)/", "Enum['RedHat', 'Suse']",
                  "'FreeBSD'", "/^(\\w)(\\w+)$/"]
# (values reading the groups of the option's match)
GROUPS = ['"${1}"', '"${0}-x"']


class Facts:
    def fact(self, kind, d):
        """A fact or the environment read, made into a value of `kind`."""
        r = self.r
        if kind == "bool":
            return r.choice(BOOL_FACTS)
        if kind == "int":
            return r.choice(INT_FACTS), PRIMARY
        k = r.randrange(6)
        if k == 0:
            return f"{r.choice(MISSING)}.lest || {{ {self.e('str', 0, 0)} }}", PRIMARY
        if k == 1:
            # (a selector over the family, the value reading the match's groups)
            opts = r.sample(FAMILY_OPTIONS, r.randint(1, 3))
            vals = GROUPS + ["'pkg'", self.e("str", 0, 0)]
            body = ", ".join(f"{o} => {r.choice(vals)}" for o in opts)
            return f"$facts['os']['family'] ? {{ {body}, default => {self.e('str', 0, 0)} }}", SELECT
        if k == 2:
            return f'"${{facts[\'networking\'][\'hostname\']}}.${{::environment}}-${{os[\'release\'][\'major\']}}"', PRIMARY
        return r.choice(STR_FACTS), PRIMARY

    def fact_case(self):
        """A `case` statement over the OS family, as modules choose their settings: a
        variable assigned in each branch and read after it."""
        r = self.r
        name = self.fresh("v")
        opts = r.sample(FAMILY_OPTIONS, r.randint(1, 3))
        branches = " ".join(f"{o}: {{ ${name} = {r.choice(GROUPS + [self.e('str', 0, 0)])} }}"
                            for o in opts)
        src = f"case $facts['os']['family'] {{ {branches} default: {{ ${name} = {self.e('str', 0, 0)} }} }}"
        self.scope.append((name, "str"))
        return src
