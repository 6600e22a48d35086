"""Errors of ERB templates, worded as the reference words them: Ruby syntax errors (reported
with ERB's generated code, `(erb):LINE`), NoMethodError on nil, strings, numbers, arrays and
hashes, uninitialized constants, wrong argument counts, TypeError, ZeroDivisionError,
KeyError/IndexError, raising (also in a block), frozen Puppet values, `break`/`next`/`throw`
misuse, a Puppet function failing inside `call_function`/`function_NAME`, and wrong arguments
to `inline_template`. (Errors of template files, which name the file and line, are in
erb_templates.)"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from erb_helpers import it  # noqa: E402


def e(expr, pre=""):
    """The program rendering the Ruby expression `expr`."""
    return it(f"<%= {expr} %>", pre)


PROGRAMS = [
    # Ruby syntax errors.
    it("<% if true %>no end"),
    it("<% [1].each do |x| %><%= x %>"),
    it("<% end %>"),
    it("<%= ) %>"),
    it("<%= (1 + %>"),
    it("<%= 'unterminated %>"),
    it("<%= \"unterminated %>"),
    it("<%= '%>' %>"),
    it("<%= {'a' => } %>"),
    it("<%= [1, 2 %>"),
    it("<%= if %>"),
    it("<%= 1 2 %>"),
    it("<% else %>"),
    it("<%= @ %>"),
    it("<%= x = %>"),
    it("line 1\nline 2\n<% if true -%>\nline 4\n"),
    it("<% x = 1 -%>\n<%= x +* 2 %>\n"),
    it("<%= foo( %>"),
    it("<% break %>"),
    # NoMethodError.
    e("nil.upcase"),
    e("@undefined_var.join(',')"),
    e("@x.upcase", "$x = 1"),
    e("@x.each { |v| v }", "$x = 'str'"),
    e("@x.keys", "$x = [1, 2]"),
    e("@x.join", "$x = {'a' => 1}"),
    e("@x.strip", "$x = true"),
    e("@x.empty?", "$x = 5"),
    e("1.5.upcase"),
    e("[1].nope"),
    e("'abc'.nope(1, 2)"),
    e("nil + 1"),
    e("@x['a']['b']", "$x = {'a' => undef}"),
    e("@x.first.upcase", "$x = []"),
    e(":sym.nope"),
    e("scope.nope"),
    e("scope.lookupvar"),
    # Other Ruby errors.
    e("'a'.upcase(1, 2, 3)"),
    e("[].first(1, 2)"),
    e("1 + 'a'"),
    e("'a' + 1"),
    e("[1] + nil"),
    e("'a' * 'b'"),
    e("1 / 0"),
    e("1 % 0"),
    e("{}.fetch('k')"),
    e("{'a' => 1}.fetch(:a)"),
    e("[].fetch(3)"),
    e("[1, 2].fetch(-5)"),
    e("Integer('x')"),
    e("Float('abc')"),
    e("Integer(nil)"),
    e("[3, 'a'].sort"),
    e("[1, nil].max"),
    e("'a' < 1"),
    e("'abc'.center"),
    e("'x'.ljust(5, '')"),
    e("(1..'a')"),
    e("raise 'plain message'"),
    e("raise ArgumentError, 'argument message'"),
    e("raise ArgumentError"),
    e("raise"),
    e("fail 'with fail'"),
    e("raise TypeError.new('constructed')"),
    e("[1, 2, 3].each { |i| raise \"raised at #{i}\" if i == 2 }"),
    it("<% [1, 2].each do |i| -%>\n<%= i %>\n<% raise IndexError, \"stop #{i}\" if i > 1 -%>\n<% end -%>\n"),
    e("[1].map { |x| x.nope }"),
    e("throw :done"),
    e("catch(:done) { throw :done, 'caught' }"),
    e("loop { break 'broke' }"),
    e("[1, 2].each { |x| next }.size"),
    # Puppet strings are frozen (arrays and hashes are not: the template changes them).
    e("@x << 3", "$x = [1, 2]"),
    e("@x['b'] = 2", "$x = {'a' => 1}"),
    e("@x.upcase!", "$x = 'abc'"),
    e("@x.sort!", "$x = [2, 1]"),
    e("@x.dup << 3; @x.inspect", "$x = [1, 2]"),
    e("(@x + [3]).inspect", "$x = [1, 2]"),
    e("@x.frozen?", "$x = 'abc'"),
    # Puppet functions failing inside templates.
    e("scope.call_function('fail', ['boom'])"),
    e("scope.function_fail(['old api boom'])"),
    e("scope.call_function('nope', [])"),
    e("scope.call_function('upcase', [])"),
    e("scope.call_function('upcase', [1])"),
    e("scope.call_function('assert_type', ['Integer', 'x'])"),
    e("scope.call_function('versioncmp', ['1'])"),
    e("scope.call_function('split', ['a'])"),
    e("scope.call_function('lookup', ['nope'])"),
    e("scope.call_function('f', [1])", "function f(String $s) { $s }"),
    e("scope.call_function('f', [])", "function f() { fail('inner failure') }"),
    e("scope.call_function('f', [])", "function f() { undef + 1 }"),
    e("scope.call_function('inline_template', ['<' + '%= nil.x %' + '>'])"),
    e("scope.function_versioncmp(['1'])"),
    e("scope.function_sprintf('not an array')"),
    # inline_template's own arguments.
    "inline_template()",
    "inline_template(undef)",
    "inline_template('<%= 1 %>', '<%= 2 %>', 'three')",
    "$t = '<%= 5 %>' inline_template($t)",
    "inline_template('a') + inline_template('b')",
    "inline_template('<%= 1 %>').length",
    "inline_template('<%= 1 %>') =~ String",
    "inline_template('<%= [1, 2] %>') == '[1, 2]'",
    "template('nope.erb')",
    # Added in the second ERB pass: syntax errors quote ERB's code; exceptions.
    e("[1, 2].map { |x| x * }"),
    e("if true then 1 else 2"),
    e("foo(1, 2"),
    e("begin; raise ArgumentError, 'bad arg'; rescue TypeError; 'wrong'; end"),
    e("throw :nowhere"),
    e("lambda { |a| a }.call(1, 2)"),
    e("'a'.upcase(:bogus)"),
]

# Programs left out, with the reason.
REFERENCE_INTERNALS = [
    # an unknown local variable or method: Ruby's message shows the reference's TemplateWrapper
    # object with its address and instance variables
    e("undefined_name"),
    e("helper_method(1)"),
    it("<% [1].each do |v| %><%= w %><% end %>"),
    # a long receiver: Ruby's NoMethodError shows #<Hash:0x...> (an address) instead of inspect
    e("@x.nope", "$x = {'a_long_key_name' => 'a long value', 'another_key' => 'another value here'}"),
    # Ruby's did_you_mean suggestions list the reference's Scope methods
    e("scope.function_nope([])"),
    # an unknown constant: did_you_mean suggests the reference's own constants
    e("Nope"),
    e("Nope::Deeper"),
    # a non-String argument: the message quotes the reference's Ruby source line
    # (error_highlight)
    "inline_template(1)",
    "inline_template(['<%= 1 %>'])",
    "inline_template('<%= 1 %>', 2)",
]
# Ruby syntax errors worded as Ruby's parser words them (session 49): an element that cannot
# start names the closer, a body's closer is named after a statement or a separator of the
# body and not in an empty one, a closer after an `if`'s or a loop's condition.
PROGRAMS += [
    it("<%= [1, ; %>"),
    it("<% x = [ ; %>"),
    it("<% foo(1, ; %>"),
    it("<% x = { 1 ; %>"),
    it("<% x = {a: 1, ; %>"),
    it("<%= if @x %>"),
    it("<%= unless @x %>"),
    it("<%= while @x %>"),
    it("<%= begin %>"),
    it("<%= [1].each do %>"),
    it("<%= [1].each { %>"),
    it("<%= } %>"),
    it("<% def f; ) %>"),
    it("<% def f;; ) %>"),
    it("<% if @x; y ] %>"),
    it("<% [1].each { |a| y ] %>"),
    it("<% x = (y ] %>"),
]

ORACLE_ARTIFACTS = [
    # defining a method or a class changes the oracle's Ruby process for the programs after it
    it("<% def helper; end %>"),
    it("<% class Foo; end %>"),
]
