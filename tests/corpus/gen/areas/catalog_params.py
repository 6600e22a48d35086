# Catalog semantics the parameter sweep (tests/param_sweep: real classes and defines
# declared with random values of their parameters' types) found prepl getting wrong, one
# small program each.
COMPILE_CATALOG = True

PROGRAMS = [
    # create_resources: an instance's parameters that are no hash are Ruby's TypeError when
    # merged into the defaults (aodh::config), after the instances before it are declared;
    # a third argument that is no hash is the function's error.
    "create_resources('notify', {'a' => 'foo'})",
    "create_resources('notify', {'a' => 1})",
    "create_resources('notify', {'a' => true})",
    "create_resources('notify', {'a' => [1]})",
    "create_resources('notify', {'a' => undef})",
    "create_resources('notify', {'a' => 1.5})",
    "create_resources('notify', {'a' => {}, 'b' => 'x'})",
    "notify { 'a': } create_resources('notify', {'a' => {}, 'b' => 'x'})",
    "create_resources('notify', {'a' => {}}, 'bar')",
    "create_resources('notify', {'a' => {}}, undef)",
    "create_resources('notify', 'x', 'bar')",
    "create_resources('bogus', {}, 'bar')",
    "class c($p = 1) {} create_resources('class', {'c' => 'x'})",
    # Ruby's Integer#[] in templates: a bit, or `n[i, len]` bits; a string, nil, true or an
    # array as index is Ruby's TypeError (collectd's curl_json and dbi templates index their
    # hashes' values, numbers when a parameter's hash holds them).
    "notify { 'n': message => inline_template('<%= 8080[1] %> <%= 5[0] %> <%= 5[0, 2] %> <%= 5[1, 2] %> <%= -5[0, 3] %> <%= -1[100] %> <%= 8080[1.7] %> <%= 1[70] %>') }",
    "notify { 'n': message => inline_template('<%= 8080[\"type\"] %>') }",
    "notify { 'n': message => inline_template('<%= 8080[nil] %>') }",
    "notify { 'n': message => inline_template('<%= 8080[true] %>') }",
    "notify { 'n': message => inline_template('<%= 8080[[1]] %>') }",
    "notify { 'n': message => inline_template('<% {\"k\" => 8080}.each do |key, data| -%><%= data[\"type\"] %><% end -%>') }",
    # A title twice in one resource expression (one body's array, or two bodies) is the
    # reference's error, checked as each body's titles are evaluated (before its attributes
    # and before any resource is declared): collectd's package_name => ['a', 'b', 'b'].
    "notify { ['a', 'b', 'b']: }",
    "notify { 'x': } notify { ['x', 'b', 'b']: }",
    "notify { 'a': ; 'b': ; 'a': }",
    "notify { ['a', 'b']: ; 'a': }",
    "notify { 'a': ; default: message => 'x' ; 'a': }",
    "@notify { ['a', 'a']: }",
    "define d {} d { ['a', 'a']: }",
    "class { ['a', 'a']: }",
    "notify { ['A', 'a']: }",
    "notify { ['a', 'a']: message => $nope }",
    "notify { ['a', 'a']: ; $nope: }",
    "notify { 'a': message => $nope ; ['a']: }",
    "notify { [['a'], 'a']: }",
    "class c { notify { ['a', 'a']: } } include c",
    "class c { notify { ['a', 'a']: } } class { 'c': }",
    "define d { notify { ['a', 'a']: } } d { 'x': }",
    "package { ['p', 'latest', 'latest']: ensure => present }",
    # What create_resources' declaration refuses is the function's error, without the
    # resource statement's prefix: a class's parameters, an unknown class (and through
    # ensure_resource a title no title pattern matches: sahara::keystone::auth's
    # service_name => '' in the param sweep).
    "class c($p) {} create_resources('class', {'c' => {}})",
    "class c(Integer $p) {} create_resources('class', {'c' => {'p' => 'x'}})",
    "create_resources('class', {'nosuch' => {}})",
    "class c {} class { 'c': } create_resources('class', {'c' => {}})",
    "class c { fail('boom') } create_resources('class', {'c' => {}})",
    "class c { $x = $nope } create_resources('class', {'c' => {}})",
    "define d($p) {} create_resources('d', {'a' => {}})",
    "create_resources('notify', {'a' => {'message' => 'x'}}) notify { 'a': }",
]
