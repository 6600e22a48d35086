# Defined types: $title and $name, typed parameters and defaults, many instances, nested
# defines, qualified names, errors, evaluation order (define bodies are evaluated lazily).
COMPILE_CATALOG = True

PROGRAMS = [
    # --- basics
    "define d { notify { \"d-${title}\": } } d { a: }",
    "define d { notice(\"title=${title} name=${name}\") } d { 'x': }",
    "define d { notice([$title, $name]) } d { 'x': name => 'other' }",
    "define d($x = 1) { notify { \"d-${title}\": message => $x } } d { a: } d { b: x => 2 }",
    "define d { notice(\"in ${title}\") } d { a: } d { b: } notice('main done')",
    "define d { } $r = d { a: } $r",
    "define d { } d { [a, b, c]: }",
    "define d { } D[a]",
    "define d { } d { a: } D[a]",
    "define d($x = 5) { } d { a: } D[a][x]",
    "define d($x = 5) { } d { a: x => 6 } D['a']['x']",
    "define d { }",
    "define d { notify { never: } }",
    # --- parameters: typed, defaults, errors
    "define d(String $s) { notify { $s: } } d { a: s => 'str' }",
    "define d(String $s) { } d { a: s => 5 }",
    "define d(Integer[0] $n = -1) { } d { a: }",
    "define d($x) { } d { a: }",
    "define d($x, $y) { } d { a: }",
    "define d($x = 1) { } d { a: nosuch => 2 }",
    "define d($x = $title) { notify { \"x=${x}\": } } d { hello: }",
    "define d($x = \"${title}-suffix\") { notify { $x: } } d { [one, two]: }",
    "define d($path = \"/srv/${name}\") { file { $path: ensure => directory } } d { www: }",
    "define d($a = 1, $b = $a) { notice([$a, $b]) } d { t: a => 10 }",
    "define d($b = $a, $a = 1) { notice([$a, $b]) } d { t: }",
    "define d(Optional[Integer] $x = undef) { notify { \"x=${x}\": } } d { t: }",
    "define d(Array[String] $list = []) { notify { $list: } } d { t: list => ['p', 'q'] }",
    "define d(Hash[String, Integer] $h) { } d { t: h => { a => 'x' } }",
    "define d($x = undef) { } d { t: x => undef }",
    "define d(Enum['on', 'off'] $state = 'on') { notify { \"${title}:${state}\": } } d { t: state => 'off' }",
    "define d($title) { }",
    "define d($name) { }",
    "define d(Integer $x) { } d { t: x => '1' }",
    # --- metaparameters on instances
    "define d { notify { \"in-${title}\": } } d { a: tag => 'special' }",
    "define d { } d { a: before => Notify[n] } notify { n: }",
    "define d { } notify { n: } d { a: require => Notify[n] }",
    "define d { notify { inner: } } d { a: noop => true }",
    "define d { } d { a: loglevel => 'debug', alias => 'the-a' }",
    # --- many instances, iteration
    "define d($n) { notify { \"item-${n}\": } } [1, 2, 3].each |$i| { d { \"t${i}\": n => $i } }",
    "define d { } $titles = Integer[1, 3].map |$i| { \"inst${i}\" } d { $titles: }",
    "define d($port) { notify { \"vhost ${title} on ${port}\": } } $sites = { 'a.example' => 80, 'b.example' => 443 } $sites.each |$k, $v| { d { $k: port => $v } }",
    "define d($x = 'dflt') { notify { \"${title}:${x}\": } } d { a: ; b: x => 'own'; default: x => 'from-default' }",
    "define d($x) { notify { \"${title}:${x}\": } } $p = { x => 'splat' } d { a: * => $p }",
    # --- duplicates
    "define d { } d { a: } d { a: }",
    "define d { notify { same: } } d { a: } d { b: }",
    "define d { notify { \"${title}-n\": } } d { a: } notify { a-n: }",
    "define d { } define d { }",
    "define d { } class d { }",
    # --- nested defines and classes inside defines
    "define inner($v) { notify { \"inner ${title} ${v}\": } } define outer { inner { \"${title}-i\": v => $title } } outer { o: }",
    "define inner { notice(\"inner ${title}\") } define outer { notice(\"outer ${title}\") inner { \"${title}-i\": } } outer { a: } outer { b: } notice('main')",
    "define lvl3 { notify { \"l3-${title}\": } } define lvl2 { lvl3 { \"${title}-3\": } } define lvl1 { lvl2 { \"${title}-2\": } } lvl1 { x: }",
    "class c { notify { in_c: } } define d { include c } d { a: } d { b: }",
    "define d { class inner_c { } }",
    "class c { d { from_c: } } define d { notify { \"d ${title}\": } } include c",
    "define d { $local = \"local-${title}\" notice($local) } d { a: } d { b: }",
    "$top = 'topvar' define d { notice($top) } d { a: }",
    "class c { $cv = 'classvar' d { x: } } define d { notice($cv) } include c",
    "class c { $cv = 'classvar' d { x: } } define d { notice($c::cv) } include c",
    "define d { $v = 1 } d { a: } notice($d::v)",
    # --- qualified names
    "define web::vhost($port = 80) { notify { \"${title}:${port}\": } } web::vhost { 'site.example': port => 8080 }",
    "define web::vhost { } web::vhost { s: } Web::Vhost[s]",
    "define web::vhost { } web::vhost { s: } Web::Vhost['s'] =~ Type[Web::Vhost]",
    "define web::vhost { } Web::Vhost { } web::vhost { s: }",
    "define web::vhost($docroot = '/var/www') { } Web::Vhost { docroot => '/srv' } web::vhost { s: }",
    "define web::vhost { } Web::Vhost[s]",
    "define d { notice($module_name) notice($caller_module_name) } d { a: }",
    # --- virtual and exported defines
    "define d { notify { \"d-${title}\": } } @d { v: }",
    "define d { notify { \"d-${title}\": } } @d { v: } realize(D[v])",
    "define d { notify { \"d-${title}\": } } @@d { e: }",
    # --- defines and resource defaults / overrides
    "define d($x = 1) { } D { x => 2 } d { a: } d { b: x => 3 }",
    "define d { file { \"/tmp/${title}\": } } File { mode => '0600' } d { a: }",
    "define d { File { mode => '0700' } file { \"/tmp/${title}\": } } d { a: } file { '/tmp/top': }",
    "define d($x = 1) { notice($x) } d { a: } D[a] { x => 9 }",
    # --- errors inside a define body come at the end
    "define d { fail(\"boom ${title}\") } d { a: } notice('before the body')",
    "define d { notify { $undefined_var: } } d { a: }",
    "define d($x) { notice($x + 1) } d { a: x => 'str' }",
    "define d { include nosuch } d { a: }",
]

ORACLE_BROKEN = []
ORACLE_ARTIFACTS = []
PROGRAMS = [p for p in PROGRAMS if p not in ORACLE_BROKEN + ORACLE_ARTIFACTS]
PROGRAMS += [
    # order of define parameters in the catalog: given ones first, then defaults
    "define d($x = 1, $y = 2) { } d { a: y => 5 }",
    "define d($x = 1, $y = 2, $z = 3) { } d { a: z => 30, x => 10 }",
]

PROGRAMS += [
    # an explicit undef is a given value (also from a resource default)
    "define d($x) { notice(type($x)) notify { $title: message => $x } } d { 'a': x => undef }",
    "define d(String $x) {} d { 'a': x => undef }",
    "define d($x = 3) { notice($x) } d { 'a': x => undef }",
    "define d($x) {} d { 'a': x => undef } notice(D['a']['x'])",
    "define d($x) {} D { x => undef } d { 'a': }",
    "define d($x = 1) { notice($x) } D { x => undef } d { 'a': }",
    "define d($x) { notice($x) } D { x => 2 } d { 'a': x => undef }",
    "define d($a, $b = \"${a}/x\") {} d { 'x': a => undef }",
    # parameters are checked when the body is evaluated, after the main code
    "define d($a, $b = \"${a}/x\") {} d { 'x': }",
    "define d($a, $b = \"${a}/x\", $c) {} d { 'x': }",
    "define d(Optional[String] $a, $b = $a) { notice($b) } d { 'x': }",
    "define d($b = $a, $a) { notice($b) } d { 'x': a => 1 }",
    "define d($x = 1) { notice('body') } d { 'a': nosuch => 1 } notice('after')",
    "define d($a) { notice('body') } d { 'x': } notice('after')",
    "define d($a) {} d { 'x': } fail('later')",
    "define d($x = 1) {} d { 'a': nosuch => undef }",
]

PROGRAMS += [
    # metaparameters of an instance reach its contents as the reference passes them on when
    # the catalog is finished: along containment from Class[main] (top scope, nodes, define
    # instances), not inside classes (contained in their stage); not seen by collectors
    "define d { notify { \"in-${title}\": } } class k { d { a: tag => 'special', noop => true, loglevel => 'debug', schedule => 'daily' } } include k",
    "define d { notify { \"in-${title}\": } } node default { d { a: tag => 'special', noop => true, loglevel => 'debug', schedule => 'daily' } }",
    "define d { notify { \"in-${title}\": } } define e { d { \"${title}-d\": noop => true, tag => 'x' } } e { a: }",
    "define d { notify { \"in-${title}\": } } define e { d { \"${title}-d\": } } e { a: noop => true, tag => 'x' }",
    "define d { notify { \"in-${title}\": } } class k { e { a: noop => true } } define e { d { \"${title}-d\": } } include k",
    "define d { notify { \"in-${title}\": } } class k(Boolean $n = true) { d { a: noop => $n, audit => 'all', alias => 'q', before => Notify['z'] } } notify { 'z': } include k",
    "define d { notify { \"in-${title}\": } } class k { d { a: noop => true } } class j { include k } include j",
    "define d { notify { \"in-${title}\": } } class k { d { 'b': } } class { 'k': noop => true, tag => 'kt' }",
    "define d { notify { \"in-${title}\": noop => false } } d { a: noop => true }",
    "define d { notify { 'x': noop => undef } } d { a: noop => true }",
    "define d { notify { 'x': } } d { a: alias => 'q' }",
    "define d { notify { 'x': } notify { 'y': } } d { a: alias => 'q' }",
    "define d { notify { 'x': } } d { a: audit => 'all' }",
    "define d { notify { 'x': } } class c { notify { 'inc': } } define e { contain c } e { a: noop => true }",
    "class c { notify { 'inc': } } class { 'c': noop => true }",
    "define d { notify { 'x': } } d { a: noop => true } Notify <| noop == true |> { message => 'col' }",
    "define d { @notify { 'x': } } d { a: noop => true } realize(Notify['x'])",
    "define d { notify { 'x': } } d { a: noop => true } Notify['x'] { noop => false }",
]
PROGRAMS += [
    # a parameter named `tag` not given: its default's value tags the instance (and what it
    # contains), as a given `tag` does
    "define d($tag = 'a') {} d { 'x': }",
    "define d($tag = 'a') { notify { \"n${title}\": } notice(tagged('a')) } d { 'x': }",
    "define d($tag = 'a') { notice(tagged('a')) notice(tagged('z')) } d { 'x': tag => 'z' }",
    "define d($tag = ['a', 'b']) { notice(tagged('b')) } d { 'x': }",
    "define d($tag = undef) { notice(tagged('x')) } d { 'x': }",
    "define d($tag = 'a') { notify { 'n': } } d { 'x': } Notify <| tag == 'a' |> { message => 'hit' }",
    "define d($tag = 'a b') {} d { 'x': }",
]
PROGRAMS += [
    # `name` given as the title is left out of the catalog's parameters (the reference's
    # namevar equal to the title); a title that was not a string keeps the `name` made of it
    "define d { } d { 'a': name => 'a' }",
    "define d($x = 1) { } d { 'a': name => 'a', x => 2 }",
    "define d { } d { 'a': name => 'b' }",
    "define d { } d { 'a': name => ['a'] }",
    "define d { } D { name => 'a' } d { 'a': }",
    "define d { } d { 'a': } D['a'] { name => 'a' }",
    "define d { } create_resources('d', { 'a' => { 'name' => 'a' } })",
    "define d { } create_resources('d', { 8042 => {} })",
    "define d { } create_resources('d', { 8042 => { 'name' => '8042' } })",
    "define d { notice($name) } d { 'a': name => 5 }",
    # a class accepts `name` too: its `$name`, and a parameter in the catalog
    "class c($x = 1) { notice($name) } class { 'c': name => 'zzz' }",
    "class c { notice($name) notice($title) } class { 'c': name => 5 }",
    "class c { notice($name) } class { 'c': name => 'c' }",
    "class c { notice($name) } class { 'c': name => undef }",
    "class c { notice($name) } class { 'c': name => 'zz' } include c notice(defined(Class['zz']))",
]
PROGRAMS += [
    # a parameter given undef takes its default where it was given
    "define g(String $role, $x = undef, Enum['present', 'absent'] $ensure = 'present', $z = 'zz') { } "
    "g { 'b': role => 'r', ensure => undef, x => undef }",
    "define g(String $role, $ensure = 'present', $z = 'zz') { } "
    "define w($ensure = undef) { g { \"a:${name}\": ensure => $ensure, role => 'r' } } w { 'one': }",
]
