"""Hold-out corpus, session 22 (catalog part): virtual resources, collectors with overrides,
resource references with array titles, tag/tagged, defined, written as a user would."""

COMPILE_CATALOG = True

PROGRAMS = [
    # --- virtual resources, realize, collectors with overrides --------------------------------
    "@user { ['alice', 'bob']: ensure => present }\nrealize(User['alice'])",
    "@user { ['alice', 'bob']: ensure => present }\nrealize(User['alice'], User['bob'])",
    "@user { ['alice', 'bob']: ensure => present }\nrealize([User['alice'], User['bob']])",
    "@user { 'carol': ensure => present, tag => ['admins'] }\n@user { 'dave': ensure => present }\nUser <| tag == 'admins' |>",
    "@package { 'vim': ensure => installed }\nPackage <| title == 'vim' |> { ensure => latest }",
    "package { 'vim': ensure => installed }\nPackage <| |> { ensure => latest }",
    "@file { '/tmp/a': content => 'x' }\nFile <| |> { mode => '0644' }\nFile['/tmp/a'] { owner => 'root' }",
    "@notify { 'n1': message => 'one' }\n@notify { 'n2': message => 'two' }\nNotify <| message == 'two' |> { message => 'TWO' }",
    "@notify { 'late': }\nrealize(Notify['late'])\nrealize(Notify['late'])",
    "class base { notify { 'x': message => 'base' } }\nclass child inherits base { Notify['x'] { message => 'child' } }\ninclude child",
    "@notify { 'virt': }\n$found = Notify <| |>\nnotice(type($found))",
    "@@notify { 'exported': }\nNotify <| |>",
    "@@notify { 'exported': }\nNotify <<| |>>",
    "@notify { 'q': message => 'x' }\nNotify <| message != 'y' |>",
    "define mydef($v) { notify { \"d-${title}\": message => $v } }\n@mydef { 'one': v => 1 }\nMydef <| |>",
    "define mydef($v) { notify { \"d-${title}\": message => $v } }\n@mydef { 'one': v => 1 }\n@mydef { 'two': v => 2 }\nMydef <| v == 2 |>",

    # --- resource references with array titles -----------------------------------------------
    "notify { ['a', 'b']: }\nNotify['a'] -> Notify['b']",
    "notify { ['a', 'b', 'c']: }\nNotify[['a', 'b']] -> Notify['c']",
    "notify { ['a', 'b']: }\n$r = Notify['a', 'b']\nnotice($r)",
    "notify { ['a', 'b']: }\nNotify['a', 'b'] ~> Notify['c']\nnotify { 'c': }",
    "notify { 'a': before => [Notify['b'], Notify['c']] }\nnotify { ['b', 'c']: }",
    "notify { 'a': require => Notify['b', 'c'] }\nnotify { ['b', 'c']: }",
    "notify { ['x', 'y']: message => \"hi ${title}\" }",
    "$names = ['p', 'q']\nnotify { $names: }\nnotice(Notify[$names])",
    "notify { [['nested'], 'flat']: }",
    "notify { []: }",
    "Notify['a']['message']",
    "notify { 'a': message => 'm' }\nNotify['a']['message']",

    # --- tag / tagged -------------------------------------------------------------------------
    "class web { tag 'frontend'\n  notify { 'w': } }\ninclude web",
    "class web { notice(tagged('web')) }\ninclude web",
    "class web { tag 'extra'\n notice([tagged('extra'), tagged('other')]) }\ninclude web",
    "notify { 'a': tag => ['one', 'two'] }",
    "notify { 'a': tag => 'Upper' }",
    "notify { 'a': tag => 'bad tag' }",
    "define d() { notify { \"in-${title}\": } }\nd { 'x': tag => 'mine' }",
    "tag 'toplevel'\nnotify { 't': }",
    "class c { notice(tagged('c', 'nope')) }\ninclude c",

    # --- defined ------------------------------------------------------------------------------
    "notify { 'a': }\nnotice(defined(Notify['a']))\nnotice(defined(Notify['b']))",
    "class k {}\ninclude k\nnotice(defined(Class['k']))",
    "class k {}\nnotice(defined(Class['k']))",
    "class k {}\nnotice(defined('k'))",
    "define dd() {}\nnotice(defined('dd'))\nnotice(defined(Dd))",
    "notice(defined(File))",
    "notice(defined(Nope))",
    "@notify { 'v': }\nnotice(defined(Notify['v']))",
    "notice(defined('$trusted'))",
    "notice(defined('$server_facts'))",
]

# Left out: the reference's message names a Ruby object (`by #<Puppet::Resource::Type:0x...>`).
REFERENCE_INTERNALS = [
    "notify { 'base': message => 'a' }\nNotify['base'] { message => 'b' }",
]
