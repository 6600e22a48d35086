"""What a template sees of Puppet: `@x` for the scope's variables of every type (undef,
strings, integers, floats, booleans, arrays, hashes, nested data, Sensitive, types, resource
references, default, regexps, time and version values), `scope['x']`, `scope['mod::x']`,
`scope['::x']`, `scope.lookupvar`, `scope.function_NAME([args])`, `scope.call_function(name,
[args])`, facts as `@facts` and top-scope variables, and the variables of a class, a function or
a lambda seen from a template called inside it. (Templates called in a define body are in
erb_templates, which compiles catalogs.)"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from erb_helpers import it, nt  # noqa: E402


def e(expr, pre=""):
    """The program rendering the Ruby expression `expr`."""
    return it(f"<%= {expr} %>", pre)


def show(pre):
    """`$x` as the template sees it: to_s, inspect and class (for plain data)."""
    return it("<%= @x %>|<%= @x.inspect %>|<%= @x.class %>", pre)


FACTS = {
    "fqdn": "web01.example.com",
    "hostname": "web01",
    "osfamily": "Debian",
    "os": {"family": "Debian", "release": {"major": "12", "full": "12.5"}},
    "processors": {"count": 4},
    "ipaddress": "10.0.0.5",
    "is_virtual": True,
    "memorysize_mb": 2048.5,
}


def f(src):
    """A program compiled with the facts above."""
    return {"src": src, "facts": FACTS}


PROGRAMS = [
    # Puppet values as Ruby values: to_s, inspect, class.
    show("$x = undef"),
    show("$x = 'text'"),
    show("$x = ''"),
    show("$x = \"multi\\nline \\u00e9\""),
    show("$x = 42"),
    show("$x = -7"),
    show("$x = 0x10"),
    show("$x = 9223372036854775807"),
    show("$x = 1.5"),
    show("$x = 1.0"),
    show("$x = 3.0e20"),
    show("$x = 1.0e-10"),
    show("$x = true"),
    show("$x = false"),
    show("$x = [1, 'two', undef, 3.0, true]"),
    show("$x = []"),
    show("$x = {'a' => 1, 'b' => [2, 3], 'c' => undef}"),
    show("$x = {}"),
    show("$x = {1 => 'int key', true => 'bool key', undef => 'undef key'}"),
    show("$x = {'outer' => {'inner' => {'deep' => [1, {'k' => 'v'}]}}}"),
    show("$x = [[1, [2, [3]]], {'a' => []}]"),
    show("$x = {'z' => 1, 'a' => 2, 'm' => 3}"),
    it("<%= @x %>|<%= @x.inspect %>", "$x = default"),
    it("<%= @x %>|<%= @x.inspect %>|<%= @x.class %>|<%= @x.source %>", "$x = /^a+(b)$/"),
    it("<%= @x %>", "$x = Integer[1, 2]"),
    it("<%= @x %>", "$x = String"),
    it("<%= @x %>", "$x = Optional[Array[String]]"),
    it("<%= @x %>", "$x = Notify['a']"),
    it("<%= @x %>", "$x = File['/etc/hosts']"),
    it("<%= @x %>", "$x = Class['apache']"),
    it("<%= @x %>|<%= @x.inspect %>", "$x = Sensitive('secret')"),
    it("<%= @x.unwrap %>", "$x = Sensitive('secret')"),
    it("<%= @x %>", "$x = Sensitive([1, 2])"),
    it("<%= @x %>", "$x = Timespan(3600)"),
    it("<%= @x %>", "$x = Timestamp('2024-01-02T03:04:05.000 UTC')"),
    it("<%= @x %>", "$x = SemVer('1.2.3-rc.1')"),
    it("<%= @x %>", "$x = SemVerRange('>=1.0 <2.0')"),
    it("<%= @x %>", "$x = Binary('aGVsbG8=')"),
    it("<%= @x %>|<%= @x.inspect %>", "$x = 'it\\'s \"quoted\"'"),
    # Values can be used with Ruby methods.
    e("@x.map { |v| v.to_s.upcase }.join(',')", "$x = ['a', 1, true]"),
    e("@x.sort.map { |k, v| \"#{k}=#{v}\" }.join(' ')", "$x = {'b' => 2, 'a' => 1}"),
    e("@x['a']['b'][1]", "$x = {'a' => {'b' => [10, 20]}}"),
    e("@x + 1", "$x = 41"),
    e("@x * 2", "$x = 1.25"),
    e("@x ? 'yes' : 'no'", "$x = false"),
    e("@x.nil? ? 'nil' : 'set'", "$x = undef"),
    e("@x.length", "$x = 'héllo'"),
    e("@x.is_a?(Integer)", "$x = 1"),
    e("@x.is_a?(String)", "$x = '1'"),
    e("@x.keys.first.class", "$x = {1 => 'a'}"),
    e("@x.first.nil?", "$x = [undef]"),
    # Undefined variables are nil.
    e("@nope.inspect"),
    e("@nope.to_s.empty?"),
    e("@nope || 'default'"),
    e("[@a, @b].compact.join(',')", "$a = 'x'"),
    it("<% if @x and not @x.empty? -%>\nhas <%= @x.size %>\n<% end -%>\n", "$x = [1]"),
    it("<% if @x and not @x.empty? -%>\nhas\n<% else -%>\nnone\n<% end -%>\n", "$x = []"),
    it("<% if @x and not @x.empty? -%>\nhas\n<% else -%>\nnone\n<% end -%>\n"),
    # scope['x'], scope['::x'], scope.lookupvar
    e("scope['x']", "$x = 'from scope'"),
    e("scope['::x']", "$x = 'top'"),
    e("scope['nope'].inspect"),
    e("scope['x'].inspect", "$x = undef"),
    e("scope.lookupvar('x')", "$x = [1, 2]"),
    e("scope.lookupvar('::x')", "$x = 5"),
    e("scope.lookupvar('nope').inspect"),
    e("scope['x'].equal?(@x)", "$x = 'same'"),
    e("scope['facts'].inspect"),
    # Qualified variables of a class.
    e("scope['c::v']", "class c { $v = 'class var' } include c"),
    e("scope.lookupvar('c::v')", "class c { $v = 'class var' } include c"),
    e("scope['c::p']", "class c($p = 'param') { } include c"),
    e("scope['c::nope'].inspect", "class c { } include c"),
    e("scope['nope::v'].inspect"),
    e("scope.lookupvar('nope::v').inspect"),
    e("scope['c::v'].inspect", "class c { $v = 1 }"),
    e("scope['a::b::v']", "class a::b { $v = 'nested' } include a::b"),
    # Templates inside classes see the class's variables and parameters.
    nt("<%= @v %>-<%= @p %>", "class c($p = 'param') { $v = 'var'") + " } include c",
    nt("<%= @p.inspect %>", "class c(Optional[String] $p = undef) {") + " } include c",
    nt("<%= @p.inspect %>", "class c(Array $p = [1, 2]) {") + " } include c",
    nt("<%= @top %> <%= @v %>", "$top = 'top' class c { $v = 'local'") + " } include c",
    nt("<%= @v %> <%= scope['::v'] %>", "$v = 'top' class c { $v = 'local'") + " } include c",
    nt("<%= @b %> <%= @c %>", "class base { $b = 'from base' } class c inherits base { $c = 'own'") + " } include c",
    nt("<%= @title %> <%= @name %> <%= @module_name.inspect %>", "class c {") + " } include c",
    nt("<%= @title %>", "class a::b {") + " } include a::b",
    nt("<%= scope['c::v'] %>", "class c { $v = 'early' } class d { include c") + " } include d",
    nt("<%= @v.inspect %>", "class c { $v = 'hidden' } class d { include c") + " } include d",
    it("<%= @title %>|<%= @name %>"),
    # Functions and lambdas.
    "function f($a) { inline_template('<%= @a %>+<%= @b.inspect %>') } $b = 'top b' f(3)",
    "function f($a) { $l = $a * 2 inline_template('<%= @l %>') } f(21)",
    "[1, 2].map |$i| { inline_template('<%= @i * 10 %>') }",
    "{'k' => 'v'}.map |$k, $v| { inline_template('<%= @k %>=<%= @v %>') }",
    "$x = 'outer' [1].map |$x| { inline_template('<%= @x %>') }",
    "$x = 'outer' [1].map |$y| { inline_template('<%= @x %><%= @y %>') }",
    # scope.function_NAME([args])
    e("scope.function_versioncmp(['2.4.1', '2.4'])"),
    e("scope.function_versioncmp(['1.0', '1.0'])"),
    e("scope.function_versioncmp([@v, '2.4']) >= 0 ? 'new' : 'old'", "$v = '2.2'"),
    e("scope.function_sprintf(['%05d|%s', 42, 'x'])"),
    e("scope.function_sha1(['abc'])"),
    e("scope.function_md5(['abc'])"),
    e("scope.function_split(['a,b', ','])"),
    e("scope.function_inline_template(['<' + '%= 1 + 1 %' + '>'])"),
    e("scope.function_type([1]).to_s"),
    e("scope.function_defined(['$x'])", "$x = 1"),
    nt("<% scope.function_notice(['from template']) -%>done"),
    nt("<% scope.function_warning(['warned']) -%>done"),
    nt("<% scope.function_info(['quiet']) -%>done"),
    # scope.call_function(name, [args])
    e("scope.call_function('versioncmp', ['1.10', '1.9'])"),
    e("scope.call_function('upcase', ['x'])"),
    e("scope.call_function('join', [[1, 2], ','])"),
    e("scope.call_function('max', [3, 9, 4])"),
    e("scope.call_function('abs', [-3])"),
    e("scope.call_function('flatten', [[1, [2, [3]]]]).inspect"),
    e("scope.call_function('empty', [''])"),
    e("scope.call_function('sprintf', ['%.2f', 3.14159])"),
    e("scope.call_function('regsubst', ['a-b', '-', '_'])"),
    e("scope.call_function('sort', [['b', 'a']]).inspect"),
    e("scope.call_function('inline_template', ['<' + '%= 6 * 7 %' + '>'])"),
    e("scope.call_function('map', [[1, 2]]) { |x| x * 3 }.inspect"),
    e("scope.call_function('filter', [{'a' => 1, 'b' => 2}]) { |k, v| v > 1 }.inspect"),
    e("scope.call_function('lookup', ['nope', nil, nil, 'dflt'])"),
    e("scope.call_function('f', [5])", "function f($n) { $n * 2 }"),
    e("scope.call_function('f', ['x'])", "function f(String $s) { \"${s}!\" }"),
    e("scope.call_function('type', [@x]).to_s", "$x = {'a' => 1}"),
    e("scope.call_function('new', [scope.call_function('type', [1]), '12'])"),
    nt("<% scope.call_function('notice', ['called']) -%>ok"),
    # Facts.
    f(e("@fqdn")),
    f(e("scope['::fqdn']")),
    f(e("scope['fqdn']")),
    f(e("@facts['os']['family']")),
    f(e("@os['release']['major']")),
    f(e("scope['facts']['processors']['count'] * 2")),
    f(e("@is_virtual.class")),
    f(e("@memorysize_mb")),
    f(e("@facts.keys.sort.join(',')")),
    f(e("scope.lookupvar('::osfamily') == 'Debian' ? 'apt' : 'yum'")),
    f(nt("<%= @hostname %>", "class c {") + " } include c"),
    f(it("<% if @osfamily == 'Debian' -%>\n/etc/apache2\n<% else -%>\n/etc/httpd\n<% end -%>\n")),
    # Data set by templates: scope.setvar and nested writes (as apache's vhost templates do).
    nt("<% scope.setvar('_tpl', {}) -%><% scope.lookupvar('_tpl')[:item] = 'x' -%><%= scope['_tpl'].inspect %>"),
    e("scope.setvar('made', 1); scope['made']"),
    # A template that mutates an array or hash of Puppet changes the Puppet value: the
    # variable, every variable holding the same object, and what it was given to.
    "$x = [1]\n$y = $x\n$z = [1]\n$s = inline_template('<% @x << 2 %>')\n[$x, $y, $z]",
    "$h = {'a' => 1}\n$n = {'k' => $h}\n$s = inline_template('<% scope[\"h\"][\"b\"] = 2 %>')\n[$h, $n]",
    "$x = [3, 1, 2]\n$s = inline_template('<% @x.sort! %>')\n$x",
    "$x = {'b' => 1, 'a' => 2}\n$s = inline_template('<% @x.delete(\"b\"); @x[\"b\"] = 1 %>')\n$x",
    "class c { $l = [] $s = inline_template('<% @l.push(1) %>') }\ninclude c\n$c::l",
    "$x = ['a']\nfunction f($v) { inline_template('<% @v << \"b\" %>') }\n$r = f($x)\n$x",
    "$x = ['a', ['b']]\n$s = inline_template('<% @x[1] << \"c\"; @x.concat([\"d\"]) %>')\n$x",
    "$x = [1, 2]\n$s = inline_template('<% a = @x; a = a + [3] %>')\n$x",
    "$x = [undef, 1]\n$s = inline_template('<% @x.compact! %><% @x.flatten.compact! %>')\n$x",
    "$x = {'a' => [1]}\n$s = inline_template('<% @x.each { |k, v| v << k } %>')\n$x",
    "$x = [1]\n$s = [inline_template('<% @x << 2 %>'), inline_template('<%= @x.inspect %>')]\n[$x, $s]",
    # A variable whose value is undef is no instance variable (apache's _proxy.erb).
    "define d($p = undef, $q = false) { $z = undef notify { 'n': message => inline_template('<%= defined?(@p).inspect %> <%= defined?(@q).inspect %> <%= defined?(@z).inspect %> <%= defined?(@w).inspect %>') } } d { 'a': } Notify['n']['message']",
    "$u = undef\ninline_template('<% if defined?(@u) %>defined<% else %>not<% end %>')",
    # the template's own self: its class, and the methods it defined
    e("self.class"),
    it("<% def foo; end %><%= [respond_to?(:foo), respond_to?(:bar)] %>", ""),
    # an undefined variable read through the scope raises ArgumentError (strict variables)
    it("<% begin %><%= scope['nope'] %><% rescue => e %><%= e.class %>:<%= e.message %><% end %>"
       "|<% begin %><%= scope.lookupvar('nope') %><% rescue => e %><%= e.class %><% end %>", ""),
    # a name that is no string: the reference's Scope#lookupvar raises Puppet::ParseError
    # (`exist?` finds no such name)
    e("scope[:x]", "$x = 5"),
    e("scope.lookupvar(:x)", "$x = 5"),
    e("scope.include?(:x)", "$x = 5"),
    it("<%= scope[1] rescue $!.message %>|<%= scope[nil] rescue $!.class %>|<%= scope.exist?(:x) %>|<%= scope.exist?('x') %>", "$x = 5"),
]

# Programs left out, with the reason.
ORACLE_ARTIFACTS = [
    # the oracle's environment is named pal_env (a bare environment made for the program)
    e("@environment"),
    # the oracle's trusted data has no certname: no node was authenticated
    e("@trusted.inspect"),
]
REFERENCE_INTERNALS = [
    # Type values and resource references are Ruby objects of the reference: their inspect
    # shows the object address, their class is an internal class name
    e("@x.inspect", "$x = Integer[1, 2]"),
    e("@x.class", "$x = Notify['a']"),
    e("@x.class", "$x = Sensitive('s')"),
    # the list of instance variables is the reference's TemplateWrapper's
    e("instance_variables.sort.inspect"),
    # scope.to_s names the reference's Scope object
    e("scope.inspect"),
    # an array's to_s shows its elements' inspect: object addresses for types
    it("<%= @x %>", "$x = [Notify['a'], Integer]"),
    # a function_NAME that does not exist: Ruby's did_you_mean lists the Scope's methods
    e("scope.function_upcase(['abc'])"),
    e("scope.function_join([['a', 'b'], '-'])"),
]
