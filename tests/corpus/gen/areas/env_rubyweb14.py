"""What modern modules' own Ruby fetched from the public code index needed in session 53
(tests/github_ruby, helper rubyweb14), as our own minimized programs (fixture module `gh14`,
tests/fixtures/github_ruby/modules): `to_yaml` with Psych's options and of Symbol keys
(stdlib's `stdlib::to_yaml`, foreman's `foreman::to_symbolized_yaml`), Puppet's classes
(`Puppet::Util.deterministic_rand` of stdlib's `fqdn_rotate`, `PSensitiveType::Sensitive.new`,
`TypeCalculator.infer_set`, `ToDataConverter.convert`, `Puppet::Util::Package.versioncmp`),
`Zlib.crc32`, `OpenSSL::HMAC` objects and `OpenSSL::KDF.pbkdf2_hmac` (postgresql's
scram-sha-256), `private def`, and the lambda a Ruby function is given (`arity`,
`parameters`)."""

ENV_DIR = "tests/fixtures/control-repo/production"
MODULEPATH = ["tests/fixtures/github_ruby/modules"]

PROGRAMS = [
    # to_yaml's options: indentation (2..9, else 2), line_width (folded `>-` past it, -1
    # unlimited, a negative other one refused), symbols
    "gh14::yaml({'a' => {'b' => [1, {'c' => 'x'}]}}, {'indentation' => 4})",
    "gh14::yaml({'a' => {'b' => [[1, 2], 'y']}}, {'indentation' => 3})",
    "gh14::yaml({'a' => {'b' => 1}}, {'indentation' => 10})",
    "gh14::yaml({'a' => 'word word word word word word word word word word end'}, {'line_width' => 20})",
    "gh14::yaml('word word word word word word word word word word end', {'line_width' => 20, 'indentation' => 4})",
    "gh14::yaml(['word word word word word word word word word word end'], {'line_width' => -1})",
    "gh14::yaml({'k' => 'short', 'long' => \"a long line of text that is folded\\n\"}, {'line_width' => 12})",
    "gh14::yaml({'a' => 'x'}, {'line_width' => -2})",
    "gh14::yaml({'a' => 1, 'b' => {'c' => 'd'}}, {}, true)",
    "gh14::yaml({'a' => 1}, {'unknown' => 5})",
    "inline_template('<%= {\"a\" => [1, {\"b\" => 2}]}.to_yaml(indentation: 4) %>')",
    "inline_template('<%= {:a => :b, \"c\" => \":d\"}.to_yaml %>')",
    # Puppet's classes
    "[gh14::puppet_classes('rand', 'web01.example.com:', 4), gh14::puppet_classes('rand', 'x', 100)]",
    "gh14::puppet_classes('sensitive', 'secret') =~ Sensitive[String]",
    "gh14::puppet_classes('sensitive', 'secret').unwrap",
    "[gh14::puppet_classes('is_sensitive', Sensitive(1)), gh14::puppet_classes('is_sensitive', 1)]",
    "gh14::puppet_classes('infer', [1, 'a', {'b' => undef}])",
    "gh14::puppet_classes('data', {'a' => [1, Sensitive('s')], 2 => default})",
    "gh14::puppet_classes('data', {'a' => {'b' => true}})",
    "[gh14::puppet_classes('versioncmp', '1.10', '1.9'), gh14::puppet_classes('versioncmp', '8', '8.0')]",
    # digests
    "[gh14::digests('crc32', 'my string'), gh14::digests('crc32', '')]",
    "gh14::digests('scram', 'pencil', 'salty')",
    # the lambda a Ruby function is given
    "gh14::block_info() |$a, $b| { $a + $b }",
    "gh14::block_info() |$a, $b = 5, *$c| { $a }",
    "gh14::block_info() |*$all| { $all }",
    # Iterable.asserted_iterable(self, value); `self` of a function as a value
    "[gh14::iterable('sort_by', [3, 1, 2]) |$x| { -$x }, gh14::iterable('sort_by', 'hello') |$c| { $c }]",
    "gh14::iterable('sort_by', {'x' => {'u' => 30}, 'y' => {'u' => 10}}) |$m| { $m.dig(1, 'u') }",
    "[gh14::iterable('walk', {'a' => 1, 'b' => 2}), gh14::iterable('walk', 'ab'), gh14::iterable('walk', 3)]",
    # a format's missing key: Ruby's "Did you mean?"
    "gh14::iterable('format', 1)",
    # a Sensitive answers respond_to?(:unwrap) (foreman's to_symbolized_yaml)
    "$x = Sensitive('s') inline_template('<%= [@x.respond_to?(:unwrap), 1.respond_to?(:unwrap), @x.respond_to?(:foo)] %>')",
    "$x = {'a' => Sensitive('s'), 'b' => 1} inline_template('<%= @x.map { |k, v| v = v.unwrap if v.respond_to?(:unwrap); [k.to_sym, v] }.to_h.to_yaml %>')",
]
