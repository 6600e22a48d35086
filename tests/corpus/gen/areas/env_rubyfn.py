"""Modules' own Ruby functions, run from their source (issue 34): the fixture module `rfn`
(`tests/fixtures/rubyfn/modules`) with 4.x functions (dispatches, types, optional and
repeated parameters, blocks, `call_function`, `puppet_x` helpers, errors) and 3.x functions
(`newfunction`, `arity`, `function_NAME`, `lookupvar`)."""

ENV_DIR = "tests/fixtures/control-repo/production"
MODULEPATH = ["tests/fixtures/rubyfn/modules"]

PROGRAMS = [
    # 4.x: one dispatch, optional parameter, return type.
    "rfn::greet('ann')",
    "rfn::greet('ann', true)",
    "rfn::greet('')",
    "rfn::greet(1)",
    "rfn::greet()",
    "rfn::greet('a', true, 3)",
    "rfn::greet('a', 'yes')",
    "rfn::wrong_return(3)",
    "rfn::wrong_return('x')",
    # Several dispatches.
    "rfn::kinds(21)",
    "rfn::kinds('a', 'b', 'c')",
    "rfn::kinds({'a' => 1, 'b' => 2})",
    "rfn::kinds({'a' => 1, 'b' => 2}, 10)",
    "rfn::kinds()",
    "rfn::kinds(1.5)",
    "rfn::kinds({'a' => 'x'})",
    # No dispatch: the method's own parameters.
    "rfn::nodispatch(1)",
    "rfn::nodispatch(1, 2, 3, 4)",
    "rfn::nodispatch()",
    # Blocks.
    "rfn::each_pair_sum({'a' => 1, 'b' => 2}) |$k, $v| { $v * 10 }",
    "rfn::each_pair_sum([1, 2, 3]) |$x| { $x + 1 }",
    "rfn::each_pair_sum([1, 2, 3])",
    "rfn::each_pair_sum({'a' => 1})",
    "rfn::each_pair_sum({'a' => 1}) |$x| { $x }",
    # call_function and puppet_x helpers.
    "rfn::calls('abc')",
    # Errors raised by Ruby.
    "rfn::fails('parse')",
    "rfn::fails('argument')",
    "rfn::fails('runtime')",
    "rfn::fails('nomethod')",
    "rfn::fails('custom')",
    "rfn::fails('other')",
    # 3.x functions.
    "rfn_legacy('abc', 1, 2)",
    "$rfn_sep = ':' rfn_legacy('abc', 1, 2)",
    "rfn_legacy()",
    "rfn_vars('nope')",
    "$v = [1, {'a' => undef}] rfn_vars('v')",
    # 3.x arguments: undef '' at the top, nil inside; regexps, versions, time values and
    # binaries as strings.
    "rfn_showargs(undef, [undef, 1], {a => undef})",
    "rfn_showargs(/a\\/b/, [Timespan(1), Timestamp('2021-01-01T00:00:00Z')], SemVer('1.0.0'), SemVerRange('>=1.0'), Binary('YQ=='), default, [/x/])",
    "rfn_arity(1, 2)",
    "rfn_arity('a', 'b')",
    "rfn_arity(1)",
    "rfn_statement('a', 'b')",
    "rfn_statement()",
    "[rfn_legacy('x'), rfn::greet('y')].join(',')",
    # Local type aliases (local_types), shown as the reference shows them.
    "rfn::local({host=>'a', port=>8080})",
    "rfn::local({host=>'a', port=>undef}, 81)",
    "rfn::local({host=>'a', port=>0})",
    "rfn::local('x')",
    "rfn::local({host=>'a'}, 70000)",
    "type Port = String rfn::local({host=>'a', port=>2}, 3)",
    # require_relative, a string built with <<.
    "rfn::relative(['a', 'b'])",
    "[rfn::relative([]), rfn::relative(['x'])]",
    # An argument mismatch handler.
    "rfn::min(3, 2)",
    "rfn::min('a', 2)",
    "rfn::min(1)",
    "rfn::min(1, 2, 3)",
    "rfn::min(2.5, [])",
    # Puppet::Parser::Functions.function (stdlib's is_function_available, 3.x).
    "rfn_available(['sprintf', 'nosuch', 'each', 'rfn_legacy', 'rfn::greet'])",
] + [
    # Dispatch signatures: optional, repeated, required repeated and block parameters.
    f"rfn::sigs({args}){blk}"
    for args, blk in [
        ("1", ""),
        ("1, 'b'", ""),
        ("1, 'b', 2, 3.5", ""),
        ("1, 2", ""),
        ("1, 'b', 'c'", ""),
        ("'x'", ""),
        ("", ""),
        ("[1, 2]", " |$x| { $x * 2 }"),
        ("[1, 2]", ""),
        ("[1, 2]", " |$x, $y| { $x }"),
        ("{'a' => 1, 'b' => 2}, 'b', 'a'", ""),
        ("{'a' => 1}, 'a'", " |$n| { $n + 100 }"),
        ("{'a' => 1}", ""),
        ("{'a' => 'x'}, 'a'", ""),
        ("{'a' => 1}, 2", ""),
        ("1", " |$x| { $x }"),
    ]
] + [
    # Variant, Enum, Pattern, Tuple, Optional and sized types.
    f"rfn::typed({args})"
    for args in [
        "'a'",
        "'x12'",
        "'c'",
        "1",
        "'b', ['s', 3]",
        "'b', ['s', 10]",
        "'b', ['s']",
        "'b', ['s', 1], ['p']",
        "'b', ['s', 1], undef",
        "'b', ['s', 1], []",
        "'b', ['s', 1], ['', 'q']",
        "'b', ['s', 1], ['p', 'q', 'r']",
    ]
]
PROGRAMS += [
    # `function_NAME` finds a module's 3.x function before Puppet's own 4.x one (stdlib's
    # `try_get_value` calls its `dig`); its autoloader calls are deprecations.
    "rfn_old_dig({'a' => {'b' => 1}}, 'a/b', 'none')",
    # (once: the reference's process remembers what its autoloader loaded)
    "dig({'a' => {'b' => 1}}, 'a', 'b')",
    "rfn_walk({'a' => 2}, ['a'], 0)",
    "rfn_walk({'a' => 2}, ['b'], 0)",
]
PROGRAMS += [
    # A 3.x function reading a module's template through Puppet's compiler and File, as
    # datacat's template_body does.
    "rfn_template_text('rfn/body.erb')",
    "rfn_template_text('rfn/body.erb', 'rfn/body.erb')",
    "rfn_template_text('inline')",
    "rfn_template_text('rfn/nope.erb')",
    "rfn_template_text('nomod/body.erb')",
    "rfn_env_name('a/b.erb')",
]
PROGRAMS += [
    # Random seeded with a bignum, Array.new, bignum arithmetic and printing.
    "rfn::seeded(12, 'foo')",
    "rfn::seeded(3, '')",
]
PROGRAMS += [
    # Array#pack and String#unpack.
    "rfn::packing('a b/é')",
    "rfn::packing('')",
]
PROGRAMS += [
    # File, PSON and Puppet's logging in a function.
    "rfn::meta('rfn')",
]
PROGRAMS += [
    # Puppet.features: the reference's features here, an unknown name false (`root?`,
    # which depends on the user running, is a unit test of rubyfn/).
    "rfn::features('posix', 'microsoft_windows', 'augeas', 'selinux', 'hocon', 'syslog', "
    "'libuser', 'msgpack', 'manages_symlinks', 'zlib', 'ssl', 'nonexistent')",
    # Argument errors across dispatches: merged with the first signature's kind of mismatch
    # and the types of all, or each signature listed when they fail at different places.
    "rfn::alternatives(undef)",
    "rfn::alternatives('abc')",
    "rfn::alternatives('b')",
    "rfn::alternatives(1)",
    "rfn::alternatives(1, 'c')",
    "rfn::alternatives(1, [2])",
    "rfn::alternatives(1, 'a')",
    "rfn::alternatives(1, ['x'])",
    "rfn::alternatives('x', 'a')",
]
PROGRAMS += [
    # A Ruby block given to a Puppet function through call_function, which calls it as a
    # lambda: a block takes 0 to n arguments (`|k, v|` gets a hash's pairs, `|x|` each pair
    # as an array), changes the function's locals, raises, calls call_function itself.
    f"rfn::blocks({args})"
    for args in [
        "'each', [1, 2, 3]",
        "'each', {'a' => 1}",
        "'each_pair', {'a' => 1, 'b' => 2}",
        "'each_pair', [5, 6]",
        "'each_one', {'a' => 1, 'b' => 2}",
        "'map', [1, 2]",
        "'map', {'a' => 1}",
        "'map_index', ['x', 'y']",
        "'filter', [1, 2, 3]",
        "'filter', {'a' => 1, 'b' => 2}",
        "'reduce', [1, 2, 3]",
        "'reduce_start', [1, 2, 3]",
        "'with'",
        "'sum', [1, 2, 3]",
        "'nested', ['a', 'b']",
        "'raise', [1]",
        "'none', [1, 2, 3]",
        "'three', [1, 2]",
        "'sort', [3, 1, 2]",
        "'nil_result', [1]",
        "'greet', {'a' => 1, 'b' => 2}",
        "'no_block_fn', 'x'",
    ]
]
PROGRAMS += [
    # Ruby's ScriptErrors (LoadError, NotImplementedError) are no StandardErrors: no wrapper
    # of Puppet's catches them (bare message, no "Evaluation Error"), a bare `rescue` neither.
    "rfn::needs_gem()",
    "rfn_needs_gem()",
    "rfn::script_errors('load')",
    "rfn::script_errors('notimpl')",
    "rfn::script_errors('bare_rescue')",
    "rfn::script_errors('rescue_load')",
    "rfn::script_errors('rescue_script')",
    "rfn::script_errors('rescue_exception')",
    "rfn::script_errors('rescue_standard')",
    "rfn::script_errors('via_puppet')",
    "rfn::script_errors('via_puppet_load')",
    "rfn_raises_script(1)",
    "notice('before') rfn::needs_gem() notice('after')",
    "class rfn_c { rfn::needs_gem() } include rfn_c",
    "[1, 2].map |$x| { rfn::script_errors('notimpl') }",
    "[1].each |$x| { rfn_needs_gem() }",
    "$x = \"${rfn::needs_gem()}\"",
    "if rfn::needs_gem() { 1 }",
    "notify { 'a': message => rfn::needs_gem() }",
    "try_get_value(rfn_raises_script(), 'a')",
    "inline_template(\"<%= scope.call_function('rfn::needs_gem', []) %>\")",
    "inline_template(\"<%= scope.function_rfn_raises_script([]) %>\")",
    "inline_template(\"<% begin %><%= scope.call_function('rfn::needs_gem', []) %><% rescue => e %>bare<% end %>\")",
    "inline_template(\"<% begin %><%= scope.call_function('rfn::needs_gem', []) %><% rescue LoadError => e %>load <%= e.message %><% end %>\")",
    # (a 3.x function Ruby calls is loaded by Puppet's autoloader, which wraps the error)
    "inline_template(\"<%= scope.function_rfn_needs_gem([]) %>\")",
]
PROGRAMS += [
    # The deprecated Puppet::Parser::Functions.autoloader (stdlib's has_ip_address): each
    # method warns once (a process, a session here); loaded? is true after load found the
    # file (a module's 3.x function or Puppet's own; the logging functions have none).
    "rfn_autoloads('a')",
    "[rfn_autoloads('a'), rfn_autoloads('b')]",
    "rfn_autoloads('a', 'nope')",
    "[rfn_autoloads('a', 'nope'), rfn_autoloads('a', 'nope')]",
    "rfn_autoloads('a', 'sprintf')",
    "rfn_autoloads('a', 'notice')",
]
PROGRAMS += [
    # File's tests of a path answer for any path (they read nothing; File.read does not).
    "rfn::path_kind('/nonexistent-prepl-x')",
    "rfn::path_kind('/etc')",
    "rfn::path_kind('/etc/hostname')",
    "rfn::path_kind('')",
    "rfn::path_kind('no-such-relative')",
]
# A syntax error in a function's file or a helper it requires is Ruby's SyntaxError (a
# ScriptError): bare, as Ruby's parser words it (fixture modulepath tests/fixtures/rubyfn_syntax).
RSYN = {"modulepath": ["tests/fixtures/rubyfn_syntax/modules"]}
PROGRAMS += [dict(RSYN, src=s) for s in [
    "rsyn::unfinished()",
    "rsyn_extra('a')",
    "rsyn::helped()",
    "class c { rsyn::unfinished() } include c",
]]
# (`[rfn_legacy('x'), rfn_autoloads('a')]`: the reference also warns "Overwriting previous
# definition for function rfn_legacy", as `load` defines again a function a call defined:
# not done, docs/ruby.md.)
# (`call_function('map', list, &:upcase)` is an internal error of the reference's
# (`undefined method 'empty?' for PAnyType`); prepl runs it as Ruby would.)
REFERENCE_INTERNALS = [
    "rfn::blocks('symbol', ['a', 'b'])",
]
# Parameter types written as text, read as the reference's TypeParser reads them (a Float's
# bounds; a name of no type, which no value matches).
PROGRAMS += [
    "rfn::text_types(1.0)",
    "rfn::text_types(0.25)",
    "rfn::text_types(1, 'a')",
]
# A user's own functions written as Ruby programmers write them (session 30): Set, Struct,
# Math, Hash defaults, `&block` passed on, `|*rest|` parameters, `%i[]`, YAML, Shellwords,
# classes named inside the reference's loader class.
PROGRAMS += [
    "rfn::stats([3, 1, 4, 1, 5, 9, 2, 6])",
    "rfn::stats([1, 2.5, 2], {'histogram' => true})",
    "rfn::stats([])",
    "rfn::stats(['a'])",
    "rfn::fmt({'a' => 1, 'bb' => [1, 'x'], 'c' => undef})",
    "[rfn::fmt(1), rfn::fmt(2.5), rfn::fmt('abc'), rfn::fmt([1, 'b', [2.0]]), rfn::fmt(undef)]",
    "rfn::walk({'a' => [1, {'b' => 2}], 'c' => 'x'}) |$p, $v| { \"${p}=${v}\" }",
    "rfn::walk([1]) |$p| { $p }",
    "[rfn::newest('1.2.10', '1.10.1', '1.9'), rfn::newest()]",
    "[rfn::errs('arg'), rfn::errs('other')]",
    "rfn::errs('parse')",
    "rfn::errs('key')",
    "rfn::errs('zero')",
    "rfn::callf([1, 'a', 2.5])",
    "rfn::misc('digest')",
    "rfn::misc('b64')",
    "rfn::misc('json')",
    "rfn::misc('yaml')",
    "rfn::misc('shell')",
    "rfn::misc('uri')",
    "rfn::misc('time')",
    "rfn::misc('zzz')",
    "rfn::structs()",
    "rfn::names()",
    "rfn_old_style('x', [1, undef, ['y']], 'z')",
    "rfn_old_style(1)",
    "rfn_old_names()",
]
# `self.class` and `respond_to?` of a function's own `self` (a 4.x function's class is named
# as the function; a 3.x function's self is the scope).
PROGRAMS += [
    "rfn::selfclass()",
    "rfn_selfclass()",
]
# Strings changed in place (`<<`, bang methods, `[]=`, `slice!`): the changed string goes to
# the variable or element it was read from; a 3.x function's argument is its own copy.
PROGRAMS += [
    "rfn::edits({'b' => 2, 'a' => 'x'}, 'My  Web--Site ')",
    "rfn::edits({})",
    "rfn_domain('Host.Example.COM.')",
    "$d = 'WWW.' [rfn_domain($d), $d]",
    "rfn_domain(\"local${1}\")",
    # A block type with counts (rubyfns differential area, session 42): a lambda inside
    # them that does not take both, one outside them, a block-only dispatch.
    "rfn::cblock('a') |$x| { $x }",
    "rfn::cblock('a') |$x, $y| { $x }",
    "rfn::cblock('a') |$x, $y = 2| { [$x, $y] }",
    "rfn::cblock('a') |$x, $y, $z| { $x }",
    "rfn::cblock('a')",
    "rfn::cblock_only() |$x| { $x }",
    "rfn::cblock_only() |$x, $y| { $x + $y }",
    "rfn::localsig(3) |$x| { $x }",
    "rfn::localsig(3) |$x, $y = 1| { $x + $y }",
    # A dispatch the reference refuses to load.
    "rfn::badorder('a', 1)",
    "rfn::badorder2('a')",
    # Calls of what is not there, from a 4.x and a 3.x function (a 4.x function's `self`
    # shows with its addresses in the reference, and `function_x` with Ruby's "Did you
    # mean?" list: not compared, docs/deviations.md).
    "rfn::unknowns(1)",
    "rfn::unknowns(2)",
    "rfn_unknowns3(1)",
    "rfn_unknowns3(2)",
    "rfn_unknowns3(4)",
    "class rfn_k { $x = rfn_unknowns3(2) } include rfn_k",
]
# A 4.x function's `closure_scope` is the top scope (the reference's global scope), wherever
# it is called from: not a class's, a lambda's or a node's variables (session 43); the facts
# are the same object at each read.
PROGRAMS += [
    "$x = 'top' rfn::closure_vars('x')",
    "$x = 'top' class rfn_cv { $x = 'inner' notice(rfn::closure_vars('x')) } include rfn_cv",
    "$x = 'top' [1].map |$x| { rfn::closure_vars('x') }",
    "class rfn_cv2 { $y = 'inner' notice(rfn::closure_vars('y')) } include rfn_cv2",
    "[1].map |$y| { rfn::closure_vars('y') }",
    "$x = 'top' class rfn_cv4 { [1].each |$x| { notice(rfn::closure_vars('x')) } } include rfn_cv4",
    "function rfn_cvf($x) { rfn::closure_vars('x') } rfn_cvf('param')",
    "class rfn_cv3 { $v = 'cv3' } include rfn_cv3 rfn::closure_vars('rfn_cv3::v')",
    "$x = 'top' rfn::closure_vars('::x')",
    "$x = undef rfn::closure_vars('x')",
    "Integer[1, 3].map |$i| { rfn::closure_vars('facts')[4] }",
    # (a template's `scope.include?` is false for undef, as `exist?` is not)
    "$x = undef $y = 1 inline_template('<%= [scope.include?(\"x\"), scope.exist?(\"x\"), scope.include?(\"y\"), scope.include?(\"zz\")] %>')",
]
# An error of Puppet code (a Puppet function's `fail`, its division by 0, a type mismatch
# of its call) that a call into Puppet from a module's Ruby function raises passes through
# the Ruby function unchanged, as the reference's `call_function` lets it through: not
# wrapped again by the Ruby function's own call (session 48). Through nested Ruby
# functions, a Puppet function between them, a 3.x function, a Ruby block; raised again
# after a `rescue`; what the Ruby code's `rescue` sees of it.
PROGRAMS += [
    "rfn::passthrough('rfn::pfail', 'boom')",
    "rfn::passthrough('rfn::pdiv', 0)",
    "rfn::passthrough('rfn::ptyped', 'x')",
    "rfn::passthrough('fail', 'boom')",
    "rfn::passthrough('assert_type', Integer, 'x')",
    "rfn::passthrough_outer('rfn::pfail', 'nested')",
    "rfn::passthrough_outer('fail', 'nested')",
    "rfn::passthrough('rfn::pcalls', 'rfn::pfail', 'between')",
    "rfn::passthrough('rfn::pcalls', 'fail', 'between')",
    "rfn::pcalls('rfn::pdiv', 0)",
    "rfn_passthrough3('rfn::pfail', 'three')",
    "rfn_passthrough3('fail', 'three')",
    "rfn_passthrough3('rfn::ptyped', 'x')",
    "rfn::passthrough_rescue('reraise', 'rfn::pfail', 'again')",
    "rfn::passthrough_rescue('reraise', 'fail', 'again')",
    "rfn::passthrough_rescue('block', 'rfn::pfail', 'in a block')",
    "rfn::passthrough_rescue('block', 'fail', 'in a block')",
    "rfn::passthrough_rescue('rescue', 'fail', 'seen')",
    "rfn::passthrough_rescue('rescue', 'rfn::pfail', 'seen')",
    "[1].map |$v| { rfn::passthrough('rfn::pfail', 'in a lambda') }",
    "class rfn_pt { rfn::passthrough('rfn::pfail', 'in a class') } include rfn_pt",
]
# The class of the exception such a call raises in the Ruby code, as the reference's (session
# 49): an error located in Puppet code a `Puppet::PreformattedError` (a `Puppet::ParseError`,
# a `Puppet::Error`, a `RuntimeError`), `fail` a `Puppet::ParseError`, a failed `assert_type`
# a `Puppet::Pops::Types::TypeAssertionError`, a call's argument mismatch or an unknown
# function an `ArgumentError`, a missing file a `Puppet::ParseError`, an unknown class a
# `Puppet::Error`; `rescue` of each class catches what it should (fixture `rfn::error_class`).
PROGRAMS += [
    "rfn::error_class('class', 'rfn::pfail', 'boom')",
    "rfn::error_class('class', 'fail', 'boom')",
    "rfn::error_class('class', 'rfn::ptyped', 'x')",
    "rfn::error_class('class', 'assert_type', Integer, 'x')",
    "rfn::error_class('class', 'rfn::pcalls', 'fail', 'x')",
    "rfn::error_class('class', 'nosuch', 1)",
    "rfn::error_class('class', 'sprintf', '%d', 'x')",
    "rfn::error_class('class', 'split', 1, 2)",
    "rfn::error_class('class', 'each', 1)",
    "rfn::error_class('class', 'file', 'nosuch/x')",
    "rfn::error_class('class', 'require', 'nosuch')",
    "rfn::error_class('class', 'lookup', 'nokey')",
    "rfn::error_class('class', 'inline_template', '<%= raise \"x\" %>')",
    "rfn::error_class('ancestors', 'rfn::pfail', 'boom')",
    "rfn::error_class('ancestors', 'fail', 'boom')",
    "rfn::error_class('ancestors', 'rfn::ptyped', 'x')",
    "rfn::error_class('ancestors', 'assert_type', Integer, 'x')",
    "rfn::error_class('parse', 'fail', 'boom')",
    "rfn::error_class('parse', 'rfn::pfail', 'boom')",
    "rfn::error_class('parse', 'rfn::ptyped', 'x')",
    "rfn::error_class('parse', 'assert_type', Integer, 'x')",
    "rfn::error_class('preformatted', 'rfn::pfail', 'boom')",
    "rfn::error_class('preformatted', 'fail', 'boom')",
    "rfn::error_class('puppet', 'rfn::pdiv', 0)",
    "rfn::error_class('puppet', 'assert_type', 'Integer', 'x')",
    "rfn::error_class('puppet', 'nosuch', 1)",
    "rfn::error_class('argument', 'rfn::ptyped', 'x')",
    "rfn::error_class('argument', 'fail', 'boom')",
    "rfn::error_class('argument', 'nosuch', 1)",
    "rfn::error_class('assertion', 'assert_type', Integer, 'x')",
    "rfn::error_class('assertion', 'rfn::ptyped', 'x')",
    "rfn::error_class('runtime', 'fail', 'boom')",
    "rfn::error_class('runtime', 'rfn::ptyped', 'x')",
    "rfn::error_class('standard', 'assert_type', Integer, 'x')",
    "rfn::error_class('standard', 'nosuch', 1)",
    "inline_template(\"<%= begin; scope.call_function('fail', ['boom']); rescue Puppet::ParseError => e; e.class; end %>\")",
    "inline_template(\"<%= begin; scope.call_function('rfn::ptyped', ['x']); rescue ArgumentError => e; e.class; end %>\")",
    "inline_template(\"<%= begin; scope.call_function('assert_type', ['Integer', 'x']); rescue Puppet::Error => e; e.class; end %>\")",
    "inline_template(\"<%= begin; scope.call_function('rfn::pfail', ['x']); rescue Puppet::ParseError => e; e.class; end %>\")",
]
# A template's Ruby syntax error is Ruby's SyntaxError, no StandardError: a module function's
# `rescue => e` does not catch it, and it passes every wrapping as itself (session 49).
PROGRAMS += [
    "rfn::error_class('class', 'inline_template', '<% if true %>')",
    "rfn::error_class('standard', 'inline_template', '<%= [1, 2 %>')",
    "rfn::error_class('class', 'inline_template', '<%= nil.foo %>')",
    "[1].each |$x| { inline_template('<% if true %>') }",
    "rfn::error_class('class', 'rfn::pdiv', 0)",
    "rfn::error_class('class', 'rfn::pdiv', 0.0)",
]
# Syntax errors worded as Ruby's parser words them: an array's element that cannot start
# names the closer, a missing `end` is at the file's last line (session 49).
PROGRAMS += [dict(RSYN, src=s) for s in ["rsyn::bracket()", "rsyn::no_end()"]]
# The class of an error raised inside a built-in a Ruby function calls (session 50): a pattern
# that does not compile is Ruby's `RegexpError`; Puppet's own functions raise `ArgumentError`
# (`sprintf`'s `Kernel#format`, conversions, `Timestamp`'s parsing, a dispatch refusing the
# arguments), Ruby's own messages keep Ruby's class.
PROGRAMS += [
    "rfn::error_class('class', 'regsubst', 'a', '(', 'b')",
    "rfn::error_class('class', 'match', 'a', '(')",
    "rfn::error_class('class', 'split', 'a', '[')",
    "rfn::error_class('class', 'sprintf', '%z', 1)",
    "rfn::error_class('class', 'sprintf', '%d')",
    "rfn::error_class('class', 'sprintf', '%<a>s', 1)",
    "rfn::error_class('class', 'new', Timestamp, 'garbage')",
    "rfn::error_class('class', 'new', Float, 'x')",
    "rfn::error_class('class', 'match', ['a'], 1)",
    "rfn::error_class('class', 'regsubst', 'a', 'a', 'b', 'Q')",
    "rfn::error_class('class', 'sort', [1, 'a'])",
]
