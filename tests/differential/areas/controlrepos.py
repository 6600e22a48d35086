"""Control repositories: each program is a random control repository, its own environment
directory (written under `out/envs/`), compiled for one node as `puppet apply` compiles
it: the main manifest (`manifests/site.pp`, or several files of `manifests/` read in
order, or what `environment.conf`'s `manifest` names) with node definitions (names,
regexps, `default`; now and then none matches), top-scope variables and resource defaults,
classification by `lookup('classes', ...).include`/`hiera_include`; `site/`-style modules
(`role::*`, `profile::*`, on the modulepath `environment.conf` gives, `$basemodulepath` now
and then) whose class parameters come from Hiera (automatic parameter lookup, defaults,
values of the right and now and then the wrong type), `include`/`contain`/`require`,
resource-like declarations, defines, relationships, ERB and EPP template files, a module
function in Puppet and in Ruby (4.x, and 3.x now and then), custom facts
(`lib/facter/*.rb`: `Facter.add` with `setcode`, `confine`, `has_weight`) used in the
manifests and in the Hiera hierarchy; a v5 `hiera.yaml` over `trusted.certname`,
`facts.os.family` and the custom facts, data with `lookup_options` and interpolations, the
module `profile`'s own data now and then; real Debian modules on the modulepath now and
then (stdlib's functions, `ntp` with its parameters from the repository's data, `concat`);
the node's facts from facterdb (its name as its FQDN and `clientcert`, as the agent has
them). One program in five has a mistake a user makes: a class parameter's Hiera value of
the wrong type, an unknown class in `classes`, a missing template, a duplicate resource
across profiles, a relationship to a resource that does not exist, a Ruby function
raising.

The reference (Puppet::Pal, as the oracle runs it) reads no `site.pp` and no
`environment.conf` and runs no Facter: the program's source is the main manifest's text
(its files in the order the reference reads them), the case's modulepath the one
`environment.conf` gives, and the custom facts are resolved by the reference's Facter
over the node's facts (`run.py`: `facter_resolve.rb`) and given to the oracle with them;
prepl resolves them itself from the modules' `lib/facter` (the case's `custom_facts`).
A program is one catalog (`CATALOG = True`): the value, the log, the first line of an
error and the catalog are compared."""
import json
import os

CATALOG = True

FACTERDB = "/usr/share/rubygems-integration/all/gems/facterdb-1.12.1/facts/4.2"
# (whole fact sets: facterdb's for CentOS/RedHat 9 lack the legacy facts, `osfamily`..., which
# the reference's Facter then takes from this machine)
FACT_SETS = ["debian-11-x86_64", "debian-10-x86_64", "ubuntu-20.04-x86_64",
             "centos-8-x86_64", "redhat-8-x86_64", "rocky-8-x86_64"]
DEBIAN_MODULES = os.path.expanduser("~/.cache/prepl/debian-modules/modules")

NODES = ["web01.example.com", "web02.example.com", "db01.example.com",
         "cache01.lab.example.net", "misc.example.org"]

CUSTOM_FACT_NAMES = ["site_tier", "site_info"]


def yaml_value(v, indent=0):
    """A YAML text of `v` (JSON's flow style for collections: YAML reads it)."""
    return json.dumps(v)


def yaml_doc(data):
    lines = ["---"]
    for k, v in data.items():
        lines.append(f"{json.dumps(k)}: {yaml_value(v)}")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------------
# Facts

def node_facts(rng, node):
    """A facterdb fact set made the node's: its name, host name and domain."""
    name = rng.choice(FACT_SETS)
    with open(os.path.join(FACTERDB, name + ".facts")) as f:
        facts = json.load(f)
    host, _, domain = node.partition(".")
    facts["fqdn"] = node
    facts["hostname"] = host
    facts["domain"] = domain
    net = facts.setdefault("networking", {})
    net["fqdn"], net["hostname"], net["domain"] = node, host, domain
    # (what `puppet apply` adds to Facter's: concat's fragments read `$clientversion`)
    facts["clientcert"] = node
    facts["clientversion"] = facts["puppetversion"] = "7.23.0"
    facts["clientnoop"] = False
    for k in CUSTOM_FACT_NAMES:
        facts.pop(k, None)
    return facts


def custom_facts_rb(rng, mistake):
    """`lib/facter/*.rb` files: `site_tier` (a string) and now and then `site_info` (a
    hash), with confines and weights."""
    files = {}
    k = rng.randrange(5)
    if k == 0:
        tier = """Facter.add(:site_tier) do
  setcode do
    host = Facter.value(:networking)['hostname']
    host =~ /^(web|db)\\d+/ ? 'prod' : 'dev'
  end
end
"""
    elif k == 1:
        tier = f"""Facter.add(:site_tier) do
  confine osfamily: 'Debian'
  setcode {{ 'debian' + Facter.value(:os)['release']['major'].to_s }}
end

Facter.add(:site_tier) do
  has_weight {rng.choice([0, 5, 100])}
  setcode {{ 'generic' }}
end
"""
    elif k == 2:
        tier = """Facter.add('site_tier') do
  confine kernel: 'Linux'
  confine do
    Facter.value(:hostname).start_with?('db') || Facter.value(:hostname).start_with?('web')
  end
  setcode { Facter.value(:hostname).sub(/\\d+$/, '') }
end
Facter.add('site_tier') do
  setcode { 'other' }
end
"""
    elif k == 3:
        family = rng.choice(['RedHat', 'Debian'])
        confine = rng.choice([f"confine os: {{ 'family' => '{family}' }}",
                              f"confine 'os' do |os|\n    os['family'] == '{family}'\n  end",
                              f"confine osfamily: ['{family}', 'Suse']"])
        tier = f"""Facter.add(:site_tier) do
  {confine}
  setcode do
    case Facter.value('os')['name']
    when 'Debian', 'Ubuntu' then 'apt'
    when 'CentOS' then 'yum'
    else Facter.value(:os)['name'].downcase
    end
  end
end
"""
    else:
        tier = """Facter.add(:site_tier) do
  setcode do
    domain = Facter.value(:networking)['domain'].to_s
    parts = domain.split('.')
    parts.length > 2 ? parts.first : 'main'
  end
end
"""
    files["site_tier.rb"] = tier
    if rng.random() < 0.5:
        info = """Facter.add(:site_info) do
  setcode do
    {
      'dc' => Facter.value(:networking)['domain'].split('.').first,
      'cores' => Facter.value(:processors)['count'],
      'virtual' => Facter.value(:is_virtual),
      'tags' => [Facter.value(:kernel).downcase, Facter.value(:os)['family']],
    }
  end
end
"""
        files["site_info.rb"] = info
    return files


# ---------------------------------------------------------------------------------------
# Modules: profiles and roles

def profile_base(rng, stdlib, bad):
    template = "template('profile/motd.erb')"
    if bad == "missing template":
        template = rng.choice(["template('profile/motd.txt.erb')", "template('motd.erb')",
                               "epp('profile/nope.epp')"])
    joined = ("join(unique(concat($packages, $extra)), ', ')" if stdlib
              else "($packages + $extra).unique.join(', ')")
    body = f"""class profile::base (
  String $motd_message = 'managed by puppet',
  Array[String[1]] $packages = [],
  Hash[String, String] $users = {{}},
  Boolean $manage_motd = true,
  Enum['erb', 'epp'] $motd_template = 'erb',
  Array[String] $extra = ['vim'],
) {{
  $all = {joined}
  if $manage_motd {{
    file {{ '/etc/motd':
      ensure  => file,
      content => $motd_template ? {{
        'erb'   => {template},
        default => epp('profile/motd.epp', {{ 'message' => $motd_message, 'packages' => $packages }}),
      }},
    }}
  }}
  package {{ $packages: ensure => installed }}
  $users.each |$name, $shell| {{
    profile::account {{ $name: shell => $shell }}
  }}
  notify {{ 'base': message => "packages: ${{all}} tier: ${{facts['site_tier']}}" }}
  @user {{ 'deploy': ensure => present, uid => 2000 }}
"""
    if bad == "duplicate":
        body += "  package { 'curl': ensure => installed }\n"
    if rng.random() < 0.3:
        body += "  Package { ensure => latest }\n"
    if stdlib and rng.random() < 0.4:
        body += "  ensure_packages(['curl'], {'ensure' => 'present'})\n"
    if stdlib and rng.random() < 0.5:
        body += ("  $clean = delete_undef_values({'a' => $motd_message, 'b' => undef})\n"
                 "  notify { 'stdlib': message => \"${to_json($clean)} ${pick($facts['site_tier'], 'none')}\" }\n")
    return body + "}\n"


ACCOUNT = """define profile::account (
  String $shell = '/bin/bash',
  Optional[Integer] $uid = undef,
  Array[String] $groups = [],
) {
  user { $title: ensure => present, shell => $shell, uid => $uid, groups => $groups, managehome => true }
  file { "/home/${title}": ensure => directory, owner => $title, require => User[$title] }
}
"""


def profile_web(rng, bad):
    target = "Package['nginx']" if bad != "relationship" else rng.choice(
        ["Package['ngnix']", "File['/etc/nginx/nope.conf']", "Service['httpd']"])
    server = rng.choice(["$facts['networking']['fqdn']", "$trusted['certname']",
                         "\"${facts['hostname']}.${facts['domain']}\""])
    body = f"""class profile::web (
  Integer[1, 65535] $port = 80,
  String $docroot = '/var/www/html',
  Hash[String, Hash] $vhosts = {{}},
  String $server_name = {server},
) {{
  {rng.choice(['include', 'require', 'contain'])} profile::base
  package {{ 'nginx': ensure => installed }}
  file {{ '/etc/nginx/conf.d/site.conf':
    ensure  => file,
    content => epp('profile/vhost.epp', {{ 'port' => $port, 'server' => $server_name, 'docroot' => $docroot }}),
    require => {target},
    notify  => Service['nginx'],
  }}
  service {{ 'nginx': ensure => running, enable => true }}
  $vhosts.each |$name, $opts| {{
    profile::vhost {{ $name: * => $opts }}
  }}
"""
    if bad == "duplicate":
        body += "  package { 'curl': ensure => latest }\n"
    k = rng.randrange(6)
    if k == 0:
        body += "  realize(User['deploy'])\n  User['deploy'] -> File['/etc/nginx/conf.d/site.conf']\n"
    elif k == 1:
        body += "  Package <| tag == 'profile::web' |> { ensure => latest }\n"
    elif k == 2:
        body += ("  $merged = lookup('profile::web::vhosts', Hash, 'deep', {})\n"
                 "  notify { 'vhosts': message => $merged.keys.sort.join(',') }\n")
    elif k == 3:
        body += "  User <| title == 'deploy' |> { shell => '/bin/sh' }\n"
    if stdlib_web[0] and rng.random() < 0.5:
        body += "  ensure_packages(['curl', 'git'])\n"
    return body + "}\n"


stdlib_web = [False]


VHOST = """define profile::vhost (
  Integer $port = 80,
  String $docroot = "/var/www/${title}",
  Boolean $ssl = false,
) {
  file { $docroot: ensure => directory }
  notify { "vhost ${title}": message => profile::label($title, $port, $ssl) }
}
"""


def profile_db(rng, bad):
    body = """class profile::db (
  Enum['postgresql', 'mysql'] $engine = 'postgresql',
  Hash[String, Scalar] $settings = {},
  Optional[Variant[String, Sensitive[String]]] $password = undef,
  Array[String] $databases = [],
) {
  package { "${engine}-server": ensure => installed }
  file { "/etc/${engine}/site.conf":
    ensure  => file,
    content => profile::render_conf($settings),
  }
  $databases.each |$db| {
    exec { "create ${db}":
      command => "/usr/bin/createdb ${db}",
      unless  => "/usr/bin/psql -l | grep ${db}",
      require => Package["${engine}-server"],
    }
  }
  if $password =~ NotUndef {
    $plain = $password ? { Sensitive => $password.unwrap, default => $password }
    notify { 'db password': message => profile_mask($plain) }
  }
"""
    if bad == "duplicate":
        body += "  package { 'curl': ensure => installed }\n"
    return body + "}\n"


def profile_monitoring(rng):
    # (`$::site_tier` is an unknown variable where the fact has no value)
    tier = rng.choice(["$facts['site_tier']"] * 4 + ["$::site_tier", "$site_tier"])
    return f"""class profile::monitoring (
  Array[String] $checks = ['load'],
  Integer[1] $interval = 60,
  Optional[String] $tier = {tier},
) {{
  $checks.each |$c| {{
    notify {{ "check ${{c}}": message => "${{c}} every ${{interval}}s on ${{tier}}" }}
  }}
  file {{ '/etc/monitoring.conf':
    ensure  => file,
    content => template('profile/monitoring.erb'),
  }}
}}
"""


def profile_time(rng):
    if rng.random() < 0.5:
        return """class profile::time (
  Array[String] $servers = ['0.debian.pool.ntp.org'],
) {
  class { 'ntp': servers => $servers }
}
"""
    return """class profile::time {
  include ntp
}
"""


ISSUE = """class profile::issue (
  Array[String] $lines = [],
) {
  concat { '/etc/issue': ensure => present, mode => '0644' }
  concat::fragment { 'issue head':
    target  => '/etc/issue',
    content => "${facts['os']['name']} ${facts['os']['release']['full']}\\n",
    order   => '01',
  }
  $lines.each |$i, $l| {
    concat::fragment { "issue ${i}": target => '/etc/issue', content => "${l}\\n", order => String($i + 10) }
  }
}
"""


def role(rng, name, profiles):
    lines = [f"class role::{name} {{"]
    for p in profiles:
        k = rng.randrange(12)
        if k < 9:
            lines.append(f"  include profile::{p}")
        elif k == 9:
            lines.append(f"  contain profile::{p}")
        elif k == 10:
            lines.append(f"  require profile::{p}")
        else:
            lines.append(f"  class {{ 'profile::{p}': }}")
    if len(profiles) > 1 and rng.random() < 0.5:
        a, b = rng.sample(profiles, 2)
        lines.append(f"  Class['profile::{a}'] -> Class['profile::{b}']")
    lines.append("}")
    return "\n".join(lines) + "\n"


MOTD_ERB_2 = """<%# a comment -%>
Owner: <%= scope.lookupvar('::site_owner') %>
<%= scope.function_profile_mask([@motd_message]) %>
<% if @users.empty? -%>
no users
<% else -%>
<%= @users.keys.sort.map { |u| "#{u}:#{@users[u]}" }.join(' ') %>
<% end -%>
tier=<%= scope['facts']['site_tier'].to_s.upcase %> os=<%= @facts['os']['family'] %>
"""
MOTD_ERB = """Welcome to <%= @fqdn %> (<%= scope['facts']['site_tier'] || 'no tier' %>)
<% @packages.each do |p| -%>
 * <%= p %>
<% end -%>
<%= @motd_message.upcase %>
"""
MOTD_EPP = """<%- | String $message, Array $packages = [] | -%>
<%= $message %> on <%= $facts['networking']['fqdn'] %>
<% $packages.each |$p| { -%>
- <%= $p %>
<% } -%>
"""
VHOST_EPP = """<%- | Integer $port, String $server, String $docroot | -%>
# packages: <%= $profile::base::packages.join(' ') %>
server {
  listen <%= $port %>;
  server_name <%= $server %>;
  root <%= $docroot %>;
}
"""
MONITORING_ERB = """# <%= @tier.inspect %>
<% @checks.sort.each_with_index do |c, i| -%>
check.<%= i %> = <%= c %>/<%= @interval * (i + 1) %>
<% end -%>
<% if scope['facts']['site_info'] -%>
dc = <%= scope['facts']['site_info']['dc'] %>
<% end -%>
"""


def render_conf_rb(rng, bad):
    sep = rng.choice(["' = '", "': '", "'='"])
    guard = ("    raise Puppet::ParseError, 'render_conf: no settings given' if settings.empty?\n"
             if bad == "ruby" else "")
    order = rng.choice(["settings.keys.sort", "settings.keys"])
    return f"""Puppet::Functions.create_function(:'profile::render_conf') do
  dispatch :render do
    param 'Hash[String, Scalar]', :settings
    optional_param 'String', :sep
  end

  def render(settings, sep = {sep})
{guard}    lines = {order}.map {{ |k| "#{{k}}#{{sep}}#{{settings[k]}}" }}
    lines.join("\\n") + "\\n"
  end
end
"""


MASK_RB = """module Puppet::Parser::Functions
  newfunction(:profile_mask, :type => :rvalue, :arity => 1) do |args|
    secret = args[0].to_s
    secret.length > 2 ? secret[0, 2] + '*' * (secret.length - 2) : '**'
  end
end
"""
LABEL_PP = """function profile::label(String $name, Integer $port = 80, Boolean $ssl = false) >> String {
  $scheme = $ssl ? { true => 'https', default => 'http' }
  "${scheme}://${name}:${port}"
}
"""

# ---------------------------------------------------------------------------------------
# Hiera data

PARAMS = {
    # name: (good values, wrong values)
    "profile::base::motd_message": (["Authorized use only", "%{trusted.certname} is managed",
                                     "tier %{facts.site_tier}", "owner %{::site_owner}",
                                     "os %{facts.os.family}"], [42, ["a"]]),
    "profile::base::packages": ([["curl"], ["git", "htop"], [], ["tmux", "curl"]],
                                ["curl", [""], {"a": 1}]),
    "profile::base::users": ([{"alice": "/bin/zsh"}, {"bob": "/bin/bash", "carol": "/bin/sh"}, {}],
                             [["alice"], {"alice": 1}]),
    "profile::base::manage_motd": ([True, False], ["yes"]),
    "profile::base::motd_template": (["erb", "epp"], ["mustache"]),
    "profile::web::port": ([80, 8080, 443], ["eighty", 70000, 0]),
    "profile::web::docroot": (["/srv/www", "/var/www/%{trusted.certname}"], [["/srv"]]),
    "profile::web::vhosts": ([{"app": {"port": 8081}}, {"api": {"ssl": True}, "static": {}},
                              {"shop": {"docroot": "/srv/shop", "port": 8443, "ssl": True}}],
                             [{"app": {"port": "x"}}, {"app": {"nope": 1}}, ["app"]]),
    "profile::db::engine": (["postgresql", "mysql"], ["oracle"]),
    "profile::db::settings": ([{"max_connections": 100, "shared_buffers": "128MB"},
                               {"listen": "%{facts.networking.ip}", "port": 5432}],
                              [{"a": [1]}]),
    "profile::db::password": (["s3cret", "%{lookup('profile::base::motd_message')}",
                               "%{alias('profile::web::docroot')}"], [123]),
    "profile::db::databases": ([["app"], ["app", "reports"], []], ["app"]),
    "profile::monitoring::checks": ([["load", "disk"], ["ping"], ["mem", "load"],
                                     "%{alias('profile::base::packages')}"], [[1]]),
    "profile::monitoring::interval": ([30, 300], [0, "60"]),
    "profile::issue::lines": ([["Managed by Puppet"], ["line one", "line two"]], ["x"]),
    "profile::time::servers": ([["ntp1.example.com", "ntp2.example.com"], ["pool.ntp.org"]], ["ntp"]),
    "ntp::servers": ([["0.pool.ntp.org", "1.pool.ntp.org"], ["ntp.example.com"]], ["ntp"]),
    "ntp::iburst_enable": ([True, False], ["no"]),
}


def data_file(rng, keys, bad_key=None):
    data = {}
    for k in rng.sample(keys, rng.randint(1, min(6, len(keys)))):
        good, _ = PARAMS[k]
        data[k] = rng.choice(good)
    if bad_key:
        data[bad_key] = rng.choice(PARAMS[bad_key][1])
    return data


def hiera_yaml(rng, info):
    levels = ['  - name: "per node"\n    path: "nodes/%{trusted.certname}.yaml"']
    if rng.random() < 0.7:
        levels.append('  - name: "per tier"\n    path: "tier/%{facts.site_tier}.yaml"')
    if info and rng.random() < 0.6:
        levels.append('  - name: "per dc"\n    path: "dc/%{facts.site_info.dc}.yaml"')
    if rng.random() < 0.5:
        levels.append('  - name: "os"\n    paths:\n      - "os/%{facts.os.family}.yaml"\n'
                      '      - "os/%{facts.os.name}-%{facts.os.release.major}.yaml"')
    else:
        levels.append('  - name: "os"\n    path: "os/%{facts.os.family}.yaml"')
    levels.append('  - name: "common"\n    path: "common.yaml"')
    return ("---\nversion: 5\ndefaults:\n  datadir: data\n  data_hash: yaml_data\n"
            "hierarchy:\n" + "\n".join(levels) + "\n")


# ---------------------------------------------------------------------------------------
# The repository

def program(rng):
    mistake = None
    if rng.random() < 0.2:
        mistake = rng.choice(["type", "unknown class", "missing template", "duplicate",
                              "relationship", "ruby"])
    real = rng.random() < 0.3
    node = rng.choice(NODES)
    facts = node_facts(rng, node)
    files = {}
    fact_files = custom_facts_rb(rng, mistake)
    info = "site_info.rb" in fact_files
    conf = rng.random() < 0.4
    site_dir = "site" if conf else "modules"
    for name, text in fact_files.items():
        files[f"{site_dir}/profile/lib/facter/{name}"] = text

    # profiles
    profiles = {"base", "web", "db", "monitoring"}
    if real:
        profiles |= {"time", "issue"}
    stdlib = real
    bad_profile_dup = None
    mods = {}
    mods["base"] = profile_base(rng, stdlib, mistake if mistake in ("missing template",) else
                                ("duplicate" if mistake == "duplicate" else None))
    mods["account"] = ACCOUNT
    stdlib_web[0] = stdlib
    mods["web"] = profile_web(rng, mistake if mistake in ("relationship", "duplicate") else None)
    mods["vhost"] = VHOST
    mods["db"] = profile_db(rng, "duplicate" if mistake == "duplicate"
                            and rng.random() < 0.5 else None)
    mods["monitoring"] = profile_monitoring(rng)
    if real:
        mods["time"] = profile_time(rng)
        mods["issue"] = ISSUE
    for name, text in mods.items():
        files[f"{site_dir}/profile/manifests/{name}.pp"] = text
    files[f"{site_dir}/profile/functions/label.pp"] = LABEL_PP
    files[f"{site_dir}/profile/lib/puppet/functions/profile/render_conf.rb"] = render_conf_rb(
        rng, mistake)
    files[f"{site_dir}/profile/lib/puppet/parser/functions/profile_mask.rb"] = MASK_RB
    files[f"{site_dir}/profile/templates/motd.erb"] = rng.choice([MOTD_ERB, MOTD_ERB_2])
    files[f"{site_dir}/profile/templates/motd.epp"] = MOTD_EPP
    files[f"{site_dir}/profile/templates/vhost.epp"] = VHOST_EPP
    files[f"{site_dir}/profile/templates/monitoring.erb"] = MONITORING_ERB

    # roles
    extra = ["time", "issue"] if real else []
    role_profiles = {
        "web": ["base", "web", "monitoring"] + rng.sample(extra, len(extra) and rng.randint(0, 2)),
        "db": ["base", "db"] + rng.sample(extra, len(extra) and rng.randint(0, 2)),
        "base": ["base", "monitoring"] + extra[:1] * rng.randint(0, 1),
    }
    if mistake == "duplicate":
        role_profiles["web"] = ["base", "web", "db"]
        role_profiles["db"] = ["base", "web", "db"]
        role_profiles["base"] = ["base", "web", "db"]
    for name, ps in role_profiles.items():
        files[f"{site_dir}/role/manifests/{name}.pp"] = role(rng, name, ps)

    # Hiera
    keys = [k for k in PARAMS if not k.startswith(("ntp::", "profile::time", "profile::issue"))
            or real]
    bad_key = None
    if mistake == "type":
        bad_key = rng.choice([k for k in keys if not k.startswith("ntp::")])
    files["hiera.yaml"] = hiera_yaml(rng, info)
    common = data_file(rng, keys)
    classes = ["role::base"]
    if mistake == "unknown class":
        classes.append(rng.choice(["role::nope", "profile::missing", "rolee::web"]))
    common["classes"] = classes
    if rng.random() < 0.6:
        common["lookup_options"] = {
            "classes": {"merge": "unique"},
            "profile::base::packages": {"merge": rng.choice(["unique", "first"])},
            "profile::web::vhosts": {"merge": rng.choice(["deep", "hash"])},
        }
        if rng.random() < 0.4:
            common["lookup_options"]["profile::db::password"] = {"convert_to": "Sensitive"}
        if rng.random() < 0.3:
            common["lookup_options"]["^profile::monitoring::check.*$"] = {"merge": "unique"}
    files["data/common.yaml"] = yaml_doc(common)
    for n in rng.sample(NODES, rng.randint(1, 3)):
        d = data_file(rng, keys, bad_key if n == node else None)
        if rng.random() < 0.5:
            d["classes"] = [rng.choice(["role::web", "role::db", "role::base"])]
        files[f"data/nodes/{n}.yaml"] = yaml_doc(d)
    if bad_key and f"data/nodes/{node}.yaml" not in files:
        files["data/common.yaml"] = yaml_doc(dict(common, **{bad_key: rng.choice(PARAMS[bad_key][1])}))
    for path in rng.sample(["tier/prod.yaml", "tier/dev.yaml", "tier/generic.yaml", "tier/web.yaml",
                            "tier/db.yaml", "tier/apt.yaml", "os/Debian.yaml", "os/RedHat.yaml",
                            "os/Debian-11.yaml", "os/CentOS-9.yaml", "dc/example.yaml", "dc/lab.yaml"],
                           rng.randint(1, 4)):
        files[f"data/{path}"] = yaml_doc(data_file(rng, keys))
    if rng.random() < 0.3:
        files[f"{site_dir}/profile/hiera.yaml"] = ("---\nversion: 5\nhierarchy:\n"
                                                   '  - name: "profile common"\n    path: "common.yaml"\n')
        files[f"{site_dir}/profile/data/common.yaml"] = yaml_doc({
            "profile::db::engine": rng.choice(["mysql", "postgresql"]),
            "profile::monitoring::interval": rng.choice([15, 120]),
            "profile::base::extra": rng.choice([["vim", "less"], []]),
        })

    # the main manifest
    top = ["$site_owner = " + rng.choice(["'ops'", "'platform team'", "$facts['domain']"])]
    if rng.random() < 0.6:
        top.append("File { owner => 'root', group => 'root', mode => '0644' }")
    if rng.random() < 0.4:
        top.append("Exec { path => ['/usr/bin', '/bin'] }")
    if rng.random() < 0.3:
        top.append("Package { ensure => present }")
    classify = rng.choice(["lookup('classes', Array[String], 'unique', []).include",
                           "hiera_include('classes')",
                           "include lookup('classes', {'merge' => 'unique', 'default_value' => []})"])
    nodes = []
    if rng.random() < 0.7:
        nodes.append(f"node '{rng.choice(NODES[:2])}' {{\n  include role::web\n}}")
    if rng.random() < 0.5:
        nodes.append("node /^db\\d+\\./ {\n  include role::db\n  $db_node = true\n}")
    if rng.random() < 0.3:
        nodes.append("node 'cache01.lab.example.net', 'misc.example.org' {\n"
                     "  " + rng.choice(["include role::base", "class { 'role::base': }", "contain role::base"])
                     + "\n}")
    top_classify = rng.random() < 0.3
    if rng.random() < 0.85:
        nodes.append("node default {\n  " + (classify if not top_classify else
                                               "notify { 'default node': }") + "\n}")
    if top_classify:
        top.append(classify)
    top.append("notify { 'site': message => \"${site_owner} ${facts['site_tier']} "
               "${trusted['certname']}\" }")
    manifests = {}
    if rng.random() < 0.3:
        manifests["manifests/00_top.pp"] = "\n".join(top) + "\n"
        manifests["manifests/nodes.pp"] = "\n".join(nodes) + "\n"
    else:
        manifests["manifests/site.pp"] = "\n".join(top) + "\n\n" + "\n".join(nodes) + "\n"
    modulepath = []
    if conf:
        if real and rng.random() < 0.5:
            files["environment.conf"] = "modulepath = site:modules:$basemodulepath\n"
            modulepath = ["env:site", "env:modules", DEBIAN_MODULES]
        else:
            files["environment.conf"] = "modulepath = site:modules\n"
            modulepath = ["env:site", "env:modules"] + ([DEBIAN_MODULES] if real else [])
        if len(manifests) == 1 and rng.random() < 0.5:
            files["environment.conf"] += "manifest = manifests/site.pp\n"
    elif real:
        modulepath = ["env:modules", DEBIAN_MODULES]
    files.update(manifests)
    src = "\n".join(manifests[k] for k in sorted(manifests))
    out = {"src": src, "files": files, "facts": facts, "node": node,
           "custom_facts": sorted(n[:-3] for n in fact_files)}
    if modulepath:
        out["modulepath"] = modulepath
    return out


def deviation(d):
    """docs/deviations.md: a variable that is a custom fact without a value is an error
    saying why (the reference's message, then `It is a custom fact of module ...`)."""
    e, g = d["expected"].get("error") or "", d["got"].get("error") or ""
    e, g = e.split("\n")[0], g.split("\n")[0]
    if e and g.startswith(e.rstrip(".") + ".") and " It is a custom fact of module " in g[len(e):]:
        return "an unknown variable that is a custom fact says why it has no value"
    return None
