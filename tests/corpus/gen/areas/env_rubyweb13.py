"""What modern modules' own Ruby fetched from the public code index showed in session 52
(tests/github_ruby, helper rubyweb13), as our own minimized programs (fixture module `gh13`,
tests/fixtures/github_ruby/modules): `private` in a create_function block (stdlib's
`stdlib::to_yaml`, `stdlib::fqdn_rotate`, apache's `apache::authz_core_config`), Ruby 3.1's
value omission `salt:,` (postgresql's `postgresql::postgresql_password`), the message of a
`%{name}` format of a missing key (mysql's `mysql::normalise_and_deepmerge`)."""

ENV_DIR = "tests/fixtures/control-repo/production"
MODULEPATH = ["tests/fixtures/github_ruby/modules"]

PROGRAMS = [
    "gh13::private_helpers({'a' => 1, 'b' => 'x'})",
    "gh13::omitted('s')",
    "gh13::omitted('t', 5)",
    "gh13::named_format('brace')",
    "gh13::named_format('angle')",
    "sprintf('%{c}', {'a' => 'x'})",
    # a block typed Variant[Callable[1,1], Callable[2,2]] (session 52, lead)
    "gh13::variant_block({'a' => 1, 'b' => 2}) |$k, $v| { \"${k}=${v}\" }",
    "gh13::variant_block({'a' => 1}) |$kv| { $kv }",
    "gh13::variant_block({'a' => 1}) |$x, $y, $z| { 1 }",
    "gh13::variant_block({'a' => 1}) || { 1 }",
    "gh13::variant_block({'a' => 1})",
]
