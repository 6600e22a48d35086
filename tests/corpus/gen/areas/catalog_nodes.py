# Node definitions: matching by name, several names, regexps, default, no match; what a node
# body sees and declares; facts given to the compilation.
COMPILE_CATALOG = True


def on(node, src, facts=None):
    p = {"src": src, "node": node}
    if facts is not None:
        p["facts"] = facts
    return p


PROGRAMS = [
    # --- the default node name (oracle.example.com)
    "node default { notify { 'from default': } }",
    "node default { notice('in node') } notice('in main')",
    "node 'oracle.example.com' { notice('exact') } node default { notice('default') }",
    "node default { notice('default') } node 'oracle.example.com' { notice('exact') }",
    "node 'other.example.com' { notice('other') }",
    "node 'other.example.com' { notice('other') } node default { notice('fallback') }",
    "node 'oracle' { notice('short name') } node default { notice('fallback') }",
    "node /example\\.com$/ { notice('regexp') }",
    "node /^oracle/ { notice(\"matched ${0}\") }",
    "node /^(\\w+)\\.(\\w+)/ { notice([$1, $2]) }",
    "node 'oracle.example.com' { $x = 'node var' notice($x) }",
    "node default { $x = 1 } notice($x)",
    "$top = 'top' node default { notice($top) }",
    "node default { notice([$name, $title]) }",
    "node default { notice($trusted['certname']) }",
    "node default { notify { n: } } notify { m: }",
    "notify { m: } node default { notify { n: } }",
    "node default { include web } class web { notify { 'web server': } }",
    "class web { notify { 'web server': } } node default { class { 'web': } }",
    "node default { d { x: } } define d { notify { \"d ${title}\": } }",
    "node default { notify { dup: } } notify { dup: }",
    "node default { File { mode => '0600' } file { '/n': } } file { '/m': }",
    "File { mode => '0644' } node default { file { '/n': } }",
    "node default { } node default { }",
    "node 'a.example.com' { } node 'A.example.com' { }",
    "node default inherits base { }",
    "node default { } 'after'",
    "$v = node default { } $v",
    "node default { fail('node failed') } notice('main ran')",
    "node default { notify { a: before => Notify[b] } } notify { b: }",
    "node default { notice('node') } class c { notice('class c') } include c",
    "class c { node inner { } }",
    "if true { node default { } }",
    "node default { node inner { } }",
    "node default { } node /x/ { } node 'n' { } notice('nodes defined')",
    "node 'oracle.example.com', 'other' { notice('listed') }",
    "node default { Notify { message => 'node default' } notify { in_node: } }",
    "node default { @notify { virt: } } Notify <| |>",
    "node default { @notify { virt: } realize(Notify[virt]) }",
    "node default { tag('nodetag') notify { tagged: } }",
    "node default { notice(defined(Node[default])) }",
    "node 'oracle.example.com' { } notice(defined(Node['oracle.example.com']))",
    # --- other node names
    on("web01.example.com", "node 'web01.example.com' { notice('web01') } node default { notice('default') }"),
    on("web02.example.com", "node 'web01.example.com' { notice('web01') } node default { notice('default') }"),
    on("web02.example.com", "node 'web01.example.com', 'web02.example.com' { notice('web pair') }"),
    on("web03.example.com", "node /^web\\d+/ { notice('any web') } node default { notice('default') }"),
    on("db01.example.com", "node /^web\\d+/ { notice('any web') } node default { notice('default') }"),
    on("db01.example.com", "node /^web\\d+/ { notice('any web') }"),
    on("web01.example.com", "node /web/ { notice('regexp first') } node 'web01.example.com' { notice('exact') }"),
    on("web01.example.com", "node /^web/ { notice('first regexp') } node /example/ { notice('second regexp') }"),
    on("web01.example.com", "node /example/ { notice('first regexp') } node /^web/ { notice('second regexp') }"),
    on("web01.example.com", "node 'web01' { notice('short') } node default { notice('default') }"),
    on("web01", "node 'web01.example.com' { notice('long') } node default { notice('default') }"),
    on("WEB01.example.com", "node 'web01.example.com' { notice('case-insensitive') } node default { notice('default') }"),
    on("web01.example.com", "node 'WEB01.EXAMPLE.COM' { notice('upper in source') }"),
    on("web01.example.com", "node web01 { notice('bare word') } node default { notice('default') }"),
    on("web01.example.com", "node /^(web)(\\d+)\\./ { notice(\"role ${1} number ${2}\") }"),
    on("web01.example.com", "node /^web/, 'db01.example.com' { notice('mixed list') }"),
    on("db01.example.com", "node /^web/, 'db01.example.com' { notice('mixed list') }"),
    on("web01.example.com", "node /^web/ { notify { \"web node ${trusted['certname']}\": } }"),
    on("web01.example.com", "node 'web01.example.com' { notify { me: } }"),
    on("lb.example.com", "class role::lb { notify { 'load balancer': } } class role::web { notify { 'web': } } node /^lb/ { include role::lb } node /^web/ { include role::web }"),
    on("web7.example.com", "class role::lb { notify { 'load balancer': } } class role::web { notify { 'web': } } node /^lb/ { include role::lb } node /^web/ { include role::web }"),
    on("node-1.example.com", "node 'node-1.example.com' { notice('dashed') }"),
    on("n1", "node /^n(\\d)$/ { notice(\"n${1}\") } node /^n/ { notice('never') }"),
    # --- facts
    on("oracle.example.com", "notice($facts['os']['family'])", {"os": {"family": "Debian"}}),
    on("oracle.example.com", "notice($os['family'])", {"os": {"family": "Debian"}}),
    on("oracle.example.com", "notice($::role)", {"role": "db"}),
    on("oracle.example.com", "$pkg = $facts['os']['family'] ? { 'Debian' => 'apache2', 'RedHat' => 'httpd' } package { $pkg: ensure => installed }", {"os": {"family": "RedHat"}}),
    on("oracle.example.com", "$pkg = $facts['os']['family'] ? { 'Debian' => 'apache2', 'RedHat' => 'httpd' } package { $pkg: ensure => installed }", {"os": {"family": "Debian"}}),
    on("app01.example.com", "node default { if $facts['env'] == 'prod' { notify { 'production node': } } else { notify { 'other node': } } }", {"env": "prod"}),
    on("oracle.example.com", "node default { notice($role) }", {"role": "web"}),
    on("oracle.example.com", "$role = 'override'", {"role": "web"}),
    on("oracle.example.com", "notice($facts =~ Hash)", {}),
    on("oracle.example.com", "class web($port = $facts['port']) { notify { \"port ${port}\": } } include web", {"port": 8080}),
    on("oracle.example.com", "notice($facts['memory']['system']['total_bytes'] > 1024)", {"memory": {"system": {"total_bytes": 4096}}}),
]

ORACLE_ARTIFACTS = [
    # The oracle compiles without a certificate: $trusted['certname'] is '' (for `puppet apply`
    # it is the node name).
    "node default { notice($trusted['certname']) }",
    on("web01.example.com", "node /^web/ { notify { \"web node ${trusted['certname']}\": } }"),
]
PROGRAMS = [p for p in PROGRAMS if p not in ORACLE_ARTIFACTS]

PROGRAMS += [
    # the node's variables and resource defaults reach what is declared within the node, not
    # define instances and classes declared at top scope
    "define d { notify { \"in-${title}\": } } node default { Notify { message => 'nd' } } d { 'a': }",
    "define d { notify { \"in-${title}\": } } node default { Notify { message => 'nd' } d { 'b': } } d { 'a': }",
    "node default { Notify { message => 'nd' } } define d { notify { \"in-${title}\": } } class k { d { 'c': } } include k",
    "node default { Notify { message => 'nd' } include k } class k { notify { 'kn': } }",
    "node default { $v = 1 } define d { notice(\"v=${v}\") } d { 'a': }",
    "node default { $v = 1 d { 'b': } } define d { notice(\"v=${v}\") } d { 'a': }",
    "node default { $v = 1 include k } class k { d { 'c': } } define d { notice(\"v=${v}\") }",
    "node default { $v = 1 } class k { d { 'c': } } define d { notice(\"v=${v}\") } include k",
    "node default { Notify { message => 'nd' } } define e { include k } class k { notify { 'kn': } } e { 'a': }",
]
