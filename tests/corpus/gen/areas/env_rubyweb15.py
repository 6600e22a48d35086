"""What modern modules' own Ruby fetched from the public code index needed in session 54
(tests/github_ruby, helper rubyweb15), as our own minimized programs (fixture module `gh15`,
tests/fixtures/github_ruby/modules): `scope_param` (stdlib's `ensure_packages`,
`has_function`) and the environment loader's `load(:function, name)`, a lambda's error let
through a Ruby function unwrapped (stdlib's `sort_by`), `module Puppet` reopened to define a
class in (mongodb's md5er), `alias` in a class and `$LOAD_PATH` (elasticsearch's
`es_plugin_name`, icinga2's PBKDF2), `SecureRandom` (foreman's `generate_uuid`), IPAddr
ranges and IPv6 integers (extlib's `cidr_to_range`, `get_ip_in_cidr`), `<<` on a string a
lambda returned (consul's `sorted_json`), and YAML keys that are not simple keys."""

ENV_DIR = "tests/fixtures/control-repo/production"
MODULEPATH = ["tests/fixtures/github_ruby/modules"]

WORDS30 = ("word " * 30).strip()

PROGRAMS = [
    # scope_param: the calling scope, woven in where it is declared
    "$x = 'top' gh15::with_scope('var', 'x')",
    "class c { $v = 'in c' $r = gh15::with_scope('var', 'v') notice($r) } include c",
    "class d { $v = 'in d' notice(gh15::with_scope('lookupvar', 'v')) } include d",
    "$n = 'N' gh15::with_scope(3, 'n')",
    "gh15::with_scope('call', 'vim')",
    "[gh15::with_scope('has', 'gh15::with_scope'), gh15::with_scope('has', 'nope'), gh15::with_scope('has', 'lookup'), gh15::with_scope('has', 'gh15_words')]",
    "gh15::with_scope(1)",
    "gh15::with_scope()",
    # a lambda's error goes through the Ruby function unwrapped
    "gh15::each_pair({'a' => 1}) |$k, $v, $w| { $k }",
    "gh15::each_pair({'a' => 1, 'b' => 2}) |$k, $v| { \"${k}=${v}\" }",
    "gh15::each_pair({'a' => 1}) |$k, $v| { fail(\"no ${k}\") }",
    "gh15::each_pair({'a' => 1}) |$k, $v| { $v + 'x' }",
    # Puppet's namespace reopened; a class with aliases; $LOAD_PATH
    "gh15::reopened('user', 'pass')",
    "gh15_words('a b c')",
    # SecureRandom: shapes
    "gh15::uuid() =~ /\\A\\h{8}-\\h{4}-4\\h{3}-[89ab]\\h{3}-\\h{12}\\z/",
    "gh15::uuid(5)",
    # IPAddr ranges, integers of any size; `<<` on what a lambda returned
    "gh15::ranges('192.168.0.1/29')",
    "gh15::ranges('2001:db8::/126', 2)",
    "gh15::ranges('10.0.0.0/24', -1)",
    # YAML keys that are not simple keys
    "gh15::yaml({'" + "a" * 130 + "' => 1})",
    "gh15::yaml({'" + "a" * 130 + "' => 1}, {'line_width' => 40})",
    "gh15::yaml({'" + WORDS30 + "' => [1, 2], 'x' => {'" + WORDS30 + "' => {'a' => 1}}})",
    "gh15::yaml({'" + ("word " * 20).strip() + "' => 1}, {'line_width' => 40})",
    "gh15::yaml({\"a\\nb\" => [1, 2], \"c\\nd\" => 'x', 'e' => {\"f\\ng\" => {'h' => 1}}})",
    "gh15::yaml({'m' => {'" + WORDS30 + "' => {'a' => 1}}}, {'indentation' => 4})",
    "gh15::yaml({'" + WORDS30 + "' => []})",
]
