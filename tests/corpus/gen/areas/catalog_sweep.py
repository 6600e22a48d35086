# Catalog semantics the module sweep (tests/module_sweep) found prepl getting wrong, one
# small program each.
COMPILE_CATALOG = True

PROGRAMS = [
    # An error located in a class body declared like a resource is passed on as it is (the
    # reference re-raises located errors); errors of the declaration itself get the prefix.
    'class a { $x = "${nope}" } class { "a": }',
    'class a { notify { "n": message => $nope } } class b { class { "a": } } include b',
    'class a($p = $nope) { } class { "a": }',
    'class a { fail("x") } class { "a": }',
    'class a($p) { } class { "a": }',
    'class a(Integer $p) { } class { "a": p => "x" }',
    'class a { notify { "x": } notify { "x": } } class { "a": }',
    # A class or define parameter named like a metaparameter: a warning (once) with a
    # default, an error without.
    "define d($tag = 'a') {}",
    "define d($tag) {}",
    "class c($tag = 1) {}",
    "define d($tag = undef) {} d { 'x': } d { 'y': }",
    "class c($require) {} include c",
    "define d($loglevel = undef, $before = undef) {} d { 'x': }",
    "define d($noop = 'a') {} 1",
    # Ruby in templates that the modules use: `scope.to_hash` (logrotate: the visible
    # variables with a value), `to_yaml` (filebeat), `Array#each_index` (corosync).
    'class a { $x = 1 $u = undef notify { "n": message => inline_template("<%= scope.to_hash.has_key?(\'x\') %> <%= scope.to_hash.has_key?(\'u\') %> <%= scope.to_hash[\'x\'] %> <%= scope.to_hash.has_key?(\'title\') %> <%= scope.to_hash.has_key?(\'nosuch\') %>") } } include a',
    'define d($p = undef, $q = 2) { notify { $title: message => inline_template("<%= [\'p\', \'q\', \'name\'].map { |k| scope.to_hash[k].inspect }.join(\',\') %>") } } d { "n": }',
    'notify { "n": message => inline_template("<%= {\'a\' => [1, \'x\', true, nil], \'b\' => {}}.to_yaml %>|<%= [].to_yaml %>|<%= \'s\'.to_yaml %>|<%= { \'k\' => { \'x\' => \'1\' } }.to_yaml() %>") }',
    'notify { "n": message => inline_template("<% [5, 6, 7].each_index do |i| %><%= i %>,<% end %>") }',
    # A resource's line is where its statement starts (not its title's line), as the
    # reference's: errors in a define's body and duplicates name it (logrotate::rule,
    # postfix::config).
    'notify {\n  "a":;\n  "b":;\n}\nnotify { "b": }\n',
    'define d {}\nd {\n  "a":;\n}\nd { "a": }\n',
    'define d($x = 1) { fail("bad") }\nd {\n  "a":\n    x => 2;\n  "b":\n    x => 3;\n}\n',
    'define d(Integer $x = 1) { }\nd {\n  "a":\n    x => "s";\n}\n',
    'define d($x = 1) { notify { $title: message => $nope } }\nclass c {\n  d {\n    "a":;\n  }\n}\ninclude c\n',
    # More Ruby of the modules: `Hash.new` and `map.each_with_index` (zookeeper's zoo.cfg),
    # a splat on the right of an assignment and `MatchData#[start, length]` (memcached's
    # max_memory function).
    '$servers = [\'a\', \'b:2181\']\nnotify { \'n\': message => inline_template("<%- _s = Hash.new -%><%- @servers.map.each_with_index {|e, i| _s[i + 1] = e } -%><%= _s.inspect %> <%= Array.new.inspect %> <%= Hash.new.empty? %>") }\n',
    'notify { \'n\': message => inline_template("<% v, p = *%r{([0-9.e+-]*)\\s*([^bB]?)}.match(\'512 M\')[1, 2] %><%= v %>|<%= p %>|<% x = *[1, 2] %><%= x.inspect %>|<% y = *nil %><%= y.inspect %>|<% q, r = 1, *[2, 3] %><%= [q, r].inspect %>|<%= \'ab\'.match(/(a)(b)/)[1..2].inspect %>") }',
    # getvar of a class variable named from the top scope, `::c::x` (heat::wsgi::apache's
    # wsgi_script_source).
    'class p { $v = 1 } include p notice(getvar("::p::v")) notice(getvar("p::v")) notice(getvar("::p::nosuch", 2))',
    'class p { $v = 1 } define d { notice(getvar("::p::v")) } class c { include p d { x: } } include c',
    # Titles that are all undef or empty: a warning, and undef (one title) or [] (several, or
    # an array); undef titles among others are dropped (openstacklib::wsgi::apache's
    # `defined(File[$undef_dir])`).
    'notice(File[undef, "a"])',
    'notice(File[[]])',
    'notice(Resource[file, undef])',
    'notice(File[[undef]])',
    'notice(Notify[undef] == undef)',
    'notice(File[undef, undef])',
    'notice(Class[undef])',
    'notice(Class[undef, a])',
    'notice(File[[["a"]], "b"])',
    '$u = undef if !defined(File[$u]) { notice(1) }',
    # Operator symbols `:|`, `:&`, `:^` (vswitch's range_to_mask: `inject(0,:|)`).
    "inline_template('<%= [1,2].inject(0,:|) %> <%= [3,5].inject(:&) %> <%= [3,5].inject(:^) %>')",
    "inline_template('<%= \"1-3,5\".to_s.split(\",\").map{|c| c.include?(\"-\")?(c.split(\"-\").map(&:to_i)[0]..c.split(\"-\").map(&:to_i)[1]).to_a.join(\",\"):c}.join(\",\").split(\",\").map{|c| 1<<c.to_i}.inject(0,:|).to_s(16) %>')",
    # Missing relationship targets are reported in the order of the resource's parameters
    # (oci::swiftcommon's `require` before its `notify`).
    "notify { 'x': notify => Notify['a'], require => Notify['b'] }",
    "notify { 'x': require => Notify['b'], notify => Notify['a'] }",
    "notify { 'x': subscribe => Notify['a'], before => Notify['b'] }",
    "Notify { require => Notify['c'] } notify { 'x': before => Notify['b'] }",
    "notify { 'a': } notify { 'b': } notify { 'x': subscribe => Notify['a'], before => Notify['b'] } notify { 'y': require => Notify['b'], notify => Notify['a'] }",
    # A class's or define's parameter types are evaluated when it is loaded, as the
    # reference's: a type naming nothing fails before any statement runs (quagga's
    # `Optional[Stdlib::Ip_address]`).
    'define d(Nosuch $x = 1) {} notice(1)',
    'class c { define d(Nosuch $x = 1) {} } notice(1)',
    'notice(1) class c(Array[Nosuch] $x = 1) {}',
    'class c(Variant[Integer, Foo::Bar] $x = 1) {}',
    'class c(Enum[$x] $y = 1) {} notice(1)',
    'class c(Integer $x = 1, Optional[String] $y = undef) {} notice(2)',
]
