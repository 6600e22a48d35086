"""Templates: `inline_template` (ERB, run by the Ruby subset) and `inline_epp` (EPP) with
random bodies. ERB bodies are random Ruby expressions over strings, integers, arrays, hashes
and booleans, built from literals, the Puppet variables of the template's scope (`@s`, `@n`,
`@a`, `@h`, `@b`, `@u` undef; `scope['s']`, `scope.lookupvar('n')`) and the core methods
real templates use (String, Integer, Array, Hash, Enumerable, Range, Regexp), inside `<%= %>`
tags, `if`/`unless`/`each` control, trim markers (`-%>`, `<%-`), comments (`<%# %>`) and
`<%%`. EPP bodies use parameters with types and defaults, `<%= %>` of Puppet expressions,
iteration with trims, and `<%%`. Each check is one template rendered in a lambda whose
parameters are the variables."""
import json

CHECKS_PER_PROGRAM = 4

WORDS = ["abc", "Hello World", "a,b,,c", "  pad  ", "", "x-y_z", "ÄÖü", "tab\there", "100",
         "CamelCase", "dup dup", "a.b.c", "0x1F", "-42", "3.5"]


def rlit(s):
    """A Ruby double-quoted literal of `s`."""
    return json.dumps(s, ensure_ascii=False).replace("#", "\\#")


BANGS = ['upcase!', 'strip!', 'gsub!(/a/, "o")', 'chomp!', 'squeeze!', 'reverse!']
CENTER_PAD = ["", ', "*"']
SUBST = ["X", "", "<\\\\0>", "\\\\1"]


class Ruby:
    """Random Ruby expressions by result kind: s (String), i (Integer), as (Array of
    String), ai (Array of Integer), h (Hash of String to Integer), b (boolean)."""

    def __init__(self, rng):
        self.rng = rng

    def pick(self, options):
        return self.rng.choice(options)()

    def small(self):
        return str(self.rng.randint(-3, 6))

    def pos(self):
        return str(self.rng.randint(0, 5))

    def regex(self):
        return self.rng.choice(["/a/", "/[aeiou]/", r"/\d+/", "/^a/", r"/\s+/", "/,/",
                                "/(.)(.)/", "/x|y/i", "/b+/", r"/\W/"])

    def s(self, d=0):
        r = self.rng
        leaves = [lambda: rlit(r.choice(WORDS)), lambda: "@s", lambda: "scope['s']",
                  lambda: "@t", lambda: r.choice(["'q'", "'a b'", "'it\\'s'"])]
        if d > 2:
            return self.pick(leaves)
        n = d + 1
        nodes = leaves + [
            lambda: f"{self.s(n)}.{r.choice(['upcase', 'downcase', 'capitalize', 'swapcase', 'strip', 'reverse', 'chomp', 'squeeze', 'lstrip', 'rstrip', 'chop', 'succ', 'to_s', 'inspect', 'dump'])}",
            lambda: f"({self.s(n)} + {self.s(n)})",
            lambda: f"({self.s(n)} * {self.pos()})",
            lambda: f"{self.s(n)}.center({self.pos()}{r.choice(CENTER_PAD)})",
            lambda: f"{self.s(n)}.{r.choice(['ljust', 'rjust'])}({r.randint(0, 9)}, {rlit(r.choice(['0', '.', 'ab']))})",
            lambda: f"{self.s(n)}.{r.choice(['sub', 'gsub'])}({self.regex()}, {rlit(r.choice(SUBST))})",
            lambda: f"{self.s(n)}.gsub({self.regex()}) {{ |m| m.upcase + '!' }}",
            lambda: f"{self.s(n)}.tr({rlit(r.choice(['a-y', 'abc', '^a-z', ',']))}, {rlit(r.choice(['b-z', 'X', '_', '']))})",
            lambda: f"{self.s(n)}.delete({rlit(r.choice(['a', 'l', ' ', 'a-c']))})",
            lambda: f"{self.a_s(n)}.join({rlit(r.choice([',', '', ' - ', chr(10)]))})",
            lambda: f"{self.a_s(n)}.join",
            lambda: f"{self.i(n)}.to_s",
            lambda: f"{self.i(n)}.to_s({r.choice([2, 8, 16])})",
            lambda: f"{self.s(n)}[{self.small()}].to_s",
            lambda: f"{self.s(n)}[{self.small()}, {self.pos()}].to_s",
            lambda: f"{self.s(n)}[{self.small()}..{self.small()}].to_s",
            lambda: f"{self.s(n)}.slice({self.pos()}, {self.pos()}).to_s",
            lambda: f'"<#{{{self.s(n)}}}:#{{{self.i(n)}}}>"',
            lambda: f"format({rlit(r.choice(['%05d', '%-4d|', '%x', '%+d', '%3s|']))}, {self.i(n)})",
            lambda: f"format('%s=%s', {self.s(n)}, {self.i(n)})",
            lambda: f"('%s/%d' % [{self.s(n)}, {self.i(n)}])",
            lambda: f"{self.a_s(n)}.inspect",
            lambda: f"{self.a_i(n)}.inspect",
            lambda: f"{self.h(n)}.inspect",
            lambda: f"{self.a_s(n)}.first.to_s",
            lambda: f"{self.a_s(n)}.last.to_s",
            lambda: f"({self.b(n)} ? {self.s(n)} : {self.s(n)})",
            lambda: f"{self.a_s(n)}.max.to_s",
            lambda: f"{self.a_s(n)}.min_by {{ |x| [x.size, x] }}.to_s",
            lambda: f"{self.s(n)}.split({rlit(r.choice([',', ' ', '']))}).reverse.join('|')",
            lambda: f"({self.s(n)} =~ {self.regex()} ? $~[0] : 'no')",
            lambda: f"{self.s(n)}.scan({self.regex()}).flatten.join(':')",
            lambda: f"{self.s(n)}.to_sym.inspect",
            lambda: f"{self.s(n)}.each_char.to_a.sort.join",
            lambda: f"{self.s(n)}.sub(/\\A\\s+/, '').ljust({self.pos()}, '~')",
            lambda: f"{self.s(n)}.encode('UTF-8').bytes.size.to_s",
            lambda: f"{self.h(n)}.map {{ |k, v| \"#{{k}}=#{{v}}\" }}.join('&')",
            lambda: f"{self.h(n)}.keys.sort.join(',')",
            lambda: f"{self.i(n)}.between?(0, 5).to_s",
            lambda: f"@u.to_s",
            lambda: f"@u.inspect",
            lambda: f"@b.to_s",
            lambda: f"{self.f(n)}.to_s",
            lambda: f"{self.f(n)}.round({r.randint(0, 2)}).to_s",
            lambda: f"format({rlit(r.choice(['%.2f', '%08.3f', '%e', '%g', '%-6.1f|', '%+.0f', '%5.1f%%']))}, {self.f(n)})",
            lambda: f"{self.any(n)}.class.to_s",
            lambda: f"{self.s(n)}.to_sym.to_s",
            lambda: f"case {self.i(n)} when 0 then 'zero' when 1..5 then 'few' when Integer then 'int' else 'other' end",
            lambda: f"case {self.s(n)} when /^[A-Z]/ then 'cap' when '', nil then 'empty' else 'low' end",
            lambda: f"(x = {self.s(n)}.dup; x << {rlit(r.choice(['!', '', 'é']))}; x)",
            lambda: f"(x = {self.s(n)}.dup; x.{r.choice(BANGS)}; x)",
            lambda: f"(begin; Integer({self.s(n)}).to_s; rescue ArgumentError => e; e.class.to_s; end)",
            lambda: f"{self.s(n)}.{r.choice(['start_with?', 'end_with?'])}('a').to_s",
            lambda: f"{self.s(n)}.{r.choice(['partition', 'rpartition'])}({rlit(r.choice([',', ' ', 'l']))}).join('|')",
            lambda: f"{self.s(n)}.each_char.with_index.map {{ |ch, i| i.even? ? ch.upcase : ch }}.join",
            lambda: f"{self.s(n)}.unpack('C*').take(3).inspect",
            lambda: f"{self.a_s(n)}.each_with_index.select {{ |x, i| i.odd? }}.map(&:first).join(',')",
            lambda: f"{self.s(n)}.{r.choice(['delete_prefix', 'delete_suffix'])}({rlit(r.choice(['H', 'a', 'ld', '']))})",
            lambda: f"{self.s(n)}.sub(/(?<first>\w)(\w*)/) {{ $~[:first].upcase + $2.to_s }}",
            lambda: f"{self.s(n)}.casecmp({self.s(n)}).to_s",
            lambda: f"{self.a_s(n)}.sort {{ |x, y| y <=> x }}.join(' ')",
            lambda: f"{self.h(n)}.each_pair.map {{ |k, v| k * v.abs.clamp(0, 3) }}.join",
            lambda: f"{self.h(n)}.min_by {{ |k, v| v }}.to_a.inspect",
            lambda: f"{self.h(n)}.to_a.transpose.inspect",
            lambda: f"[{self.s(n)}, nil, {self.i(n)}].compact.map(&:to_s).inspect",
            lambda: f"{self.s(n)}.respond_to?(:{r.choice(['upcase', 'each', 'keys'])}).to_s",
            lambda: f"{self.s(n)}.is_a?({r.choice(['String', 'Comparable', 'Enumerable', 'Object'])}).to_s",
            lambda: f"{self.a_s(n)}.each_slice(2).to_a.inspect",
            lambda: f"{self.a_i(n)}.sum.fdiv(2).to_s",
            lambda: f"({self.a_i(n)}.sum / 3.0).floor({r.randint(0, 2)}).to_s",
            lambda: f"{self.s(n)}.freeze.frozen?.to_s",
        ]
        return self.pick(nodes)

    def i(self, d=0):
        r = self.rng
        leaves = [lambda: str(r.randint(-20, 100)), lambda: "@n", lambda: "scope.lookupvar('n')"]
        if d > 2:
            return self.pick(leaves)
        n = d + 1
        nodes = leaves + [
            lambda: f"{self.s(n)}.{r.choice(['length', 'size', 'bytesize'])}",
            lambda: f"{self.a_s(n)}.{r.choice(['size', 'length', 'count'])}",
            lambda: f"({self.i(n)} {r.choice(['+', '-', '*'])} {self.i(n)})",
            lambda: f"({self.i(n)} {r.choice(['/', '%'])} ({self.i(n)}.abs + 1))",
            lambda: f"({self.i(n)} ** {r.randint(0, 3)})",
            lambda: f"{self.i(n)}.{r.choice(['abs', 'succ', 'pred', 'to_i', 'ord'])}",
            lambda: f"-{self.i(n)}",
            lambda: f"{self.a_i(n)}.{r.choice(['sum', 'size', 'count'])}",
            lambda: f"{self.a_i(n)}.{r.choice(['max', 'min', 'first', 'last'])}.to_i",
            lambda: f"{self.a_i(n)}.inject(0) {{ |acc, x| acc + x }}",
            lambda: f"{self.a_i(n)}.reduce(1, :*)",
            lambda: f"{self.s(n)}.count({rlit(r.choice(['a', 'lo', 'a-z']))})",
            lambda: f"{self.s(n)}.index({rlit(r.choice(['a', 'b', ' ']))}).to_i",
            lambda: f"({self.i(n)} <=> {self.i(n)})",
            lambda: f"[{self.i(n)}, {self.i(n)}].{r.choice(['min', 'max'])}",
            lambda: f"{self.s(n)}.to_i",
            lambda: f"{self.s(n)}.hex",
            lambda: f"{self.i(n)}.gcd({self.i(n)})",
            lambda: f"({self.pos()}..{r.randint(0, 9)}).sum",
            lambda: f"({self.pos()}...{r.randint(0, 9)}).to_a.size",
            lambda: f"{self.i(n)}.clamp(-5, 5)",
            lambda: f"{self.h(n)}.values.sum",
            lambda: f"{self.h(n)}.fetch({rlit(r.choice(['a', 'b', 'zz']))}, -1)",
            lambda: f"({self.h(n)}[{rlit(r.choice(['a', 'b', 'zz']))}] || 0)",
            lambda: f"{self.i(n)}.to_s.rjust(3, '0').to_i",
            lambda: f"{self.i(n)}.digits.size",
            lambda: f"({self.b(n)} ? 1 : 0)",
        ]
        return self.pick(nodes)

    def a_s(self, d=0):
        r = self.rng
        leaves = [lambda: "@a", lambda: "%w[b a c a]", lambda: f"[{rlit(r.choice(WORDS))}, 'z']",
                  lambda: "[]", lambda: "scope['a']"]
        if d > 2:
            return self.pick(leaves)
        n = d + 1
        nodes = leaves + [
            lambda: f"{self.s(n)}.split({rlit(r.choice([',', ' ', '', 'a']))})",
            lambda: f"{self.s(n)}.split({self.regex()}, {r.randint(-1, 3)})",
            lambda: f"{self.s(n)}.chars",
            lambda: f"{self.s(n)}.lines",
            lambda: f"{self.a_s(n)}.map(&:{r.choice(['upcase', 'reverse', 'strip', 'capitalize'])})",
            lambda: f"{self.a_s(n)}.map {{ |x| x + {rlit(r.choice(['!', '', '-']))} }}",
            lambda: f"{self.a_s(n)}.{r.choice(['select', 'reject'])} {{ |x| x.length > {self.pos()} }}",
            lambda: f"{self.a_s(n)}.{r.choice(['sort', 'uniq', 'reverse', 'compact', 'rotate', 'shuffle.sort', 'flatten'])}",
            lambda: f"{self.a_s(n)}.sort_by {{ |x| [-x.size, x] }}",
            lambda: f"({self.a_s(n)} {r.choice(['+', '-', '&', '|'])} {self.a_s(n)})",
            lambda: f"{self.a_s(n)}.{r.choice(['first', 'last', 'take', 'drop'])}({self.pos()})",
            lambda: f"{self.a_s(n)}.flat_map {{ |x| [x, x.size.to_s] }}",
            lambda: f"{self.h(n)}.keys",
            lambda: f"{self.h(n)}.values.map(&:to_s)",
            lambda: f"{self.a_s(n)}.each_slice(2).map {{ |p| p.join('+') }}",
            lambda: f"{self.a_s(n)}.each_with_index.map {{ |x, i| \"#{{i}}#{{x}}\" }}",
            lambda: f"{self.a_s(n)}.grep({self.regex()})",
            lambda: f"{self.a_s(n)}.partition {{ |x| x < 'b' }}.first",
            lambda: f"{self.a_s(n)}.group_by(&:size).keys.map(&:to_s)",
            lambda: f"{self.a_s(n)}.zip({self.a_s(n)}).map {{ |x, y| \"#{{x}}#{{y}}\" }}",
            lambda: f"{self.a_i(n)}.map(&:to_s)",
            lambda: f"{self.s(n)}.scan(/\\w+/)",
            lambda: f"{self.a_s(n)}.each_with_object([]) {{ |x, acc| acc.unshift(x) }}",
            lambda: f"{self.a_s(n)}.sort.chunk_while {{ |x, y| x == y }}.map(&:join)",
            lambda: f"{self.h(n)}.sort_by {{ |k, v| [-v, k] }}.map(&:first)",
            lambda: f"{self.a_s(n)}.map.with_index(1) {{ |x, i| x * i }}",
        ]
        return self.pick(nodes)

    def a_i(self, d=0):
        r = self.rng
        leaves = [lambda: "[3, 1, 2]", lambda: "@ai", lambda: f"(1..{self.pos()}).to_a", lambda: "[]"]
        if d > 2:
            return self.pick(leaves)
        n = d + 1
        nodes = leaves + [
            lambda: f"{self.a_s(n)}.map(&:size)",
            lambda: f"{self.a_i(n)}.map {{ |x| x * {self.small()} }}",
            lambda: f"{self.a_i(n)}.select(&:{r.choice(['even?', 'odd?', 'zero?', 'positive?'])})",
            lambda: f"{self.a_i(n)}.{r.choice(['sort', 'uniq', 'reverse', 'sort.reverse'])}",
            lambda: f"{self.a_i(n)}.each_cons(2).map {{ |a, b| b - a }}",
            lambda: f"({self.a_i(n)} + {self.a_i(n)})",
            lambda: f"{self.s(n)}.bytes.first(3)",
            lambda: f"{self.h(n)}.values",
            lambda: f"{self.a_i(n)}.map.with_index {{ |x, i| x + i }}",
            lambda: f"{self.a_i(n)}.minmax.compact",
            lambda: f"({self.pos()}..{r.randint(0, 12)}).step({r.randint(1, 3)}).to_a",
            lambda: f"{self.a_i(n)}.sum.digits",
            lambda: f"{self.a_i(n)}.take_while {{ |x| x < {self.pos()} }}",
        ]
        return self.pick(nodes)

    def h(self, d=0):
        r = self.rng
        leaves = [lambda: "@h", lambda: "{'a' => 1, 'b' => 2}", lambda: "{}",
                  lambda: "scope['h']"]
        if d > 2:
            return self.pick(leaves)
        n = d + 1
        nodes = leaves + [
            lambda: f"{self.a_s(n)}.each_with_object({{}}) {{ |x, acc| acc[x] = x.size }}",
            lambda: f"Hash[{self.a_s(n)}.zip({self.a_i(n)})].reject {{ |k, v| v.nil? }}",
            lambda: f"{self.h(n)}.merge({self.h(n)})",
            lambda: f"{self.h(n)}.merge({self.h(n)}) {{ |k, a, b| a + b }}",
            lambda: f"{self.h(n)}.{r.choice(['select', 'reject'])} {{ |k, v| v > {self.small()} }}",
            lambda: f"{self.h(n)}.sort_by {{ |k, v| -v }}.to_h",
            lambda: f"{self.a_s(n)}.tally",
            lambda: f"{self.h(n)}.transform_values {{ |v| v * 2 }}",
            lambda: f"{self.a_s(n)}.group_by(&:size).map {{ |k, v| [k.to_s, v.size] }}.to_h",
            lambda: f"{self.h(n)}.to_a.reverse.to_h",
            lambda: f"{self.a_s(n)}.map {{ |x| [x, x.length] }}.to_h",
        ]
        return self.pick(nodes)

    def b(self, d=0):
        r = self.rng
        leaves = [lambda: "@b", lambda: r.choice(["true", "false", "nil"]), lambda: "@u.nil?"]
        if d > 2:
            return self.pick(leaves)
        n = d + 1
        nodes = leaves + [
            lambda: f"{self.s(n)}.empty?",
            lambda: f"{self.s(n)}.{r.choice(['include?', 'start_with?', 'end_with?'])}({rlit(r.choice(['a', 'ab', '', ' ']))})",
            lambda: f"{self.a_s(n)}.include?({self.s(n)})",
            lambda: f"{self.a_s(n)}.{r.choice(['empty?', 'any?', 'none?'])}",
            lambda: f"{self.a_s(n)}.{r.choice(['any?', 'all?', 'none?'])} {{ |x| x =~ {self.regex()} }}",
            lambda: f"({self.i(n)} {r.choice(['>', '<', '==', '>=', '!='])} {self.i(n)})",
            lambda: f"{self.i(n)}.{r.choice(['even?', 'odd?', 'zero?'])}",
            lambda: f"{self.h(n)}.{r.choice(['key?', 'include?', 'has_key?'])}({rlit(r.choice(['a', 'b', 'q']))})",
            lambda: f"({self.b(n)} {r.choice(['&&', '||', 'and', 'or'])} {self.b(n)})",
            lambda: f"!{self.b(n)}",
            lambda: f"{self.s(n)}.match?({self.regex()})",
            lambda: f"({self.s(n)} == {self.s(n)})",
            lambda: f"{self.a_i(n)}.{r.choice(['frozen?', 'empty?'])}",
        ]
        return self.pick(nodes)

    def f(self, d=0):
        r = self.rng
        leaves = [lambda: r.choice(["1.5", "-0.25", "3.0", "1e3", "2.675", "0.1", "100.0"]),
                  lambda: "@fl"]
        if d > 2:
            return self.pick(leaves)
        n = d + 1
        nodes = leaves + [
            lambda: f"({self.f(n)} {r.choice(['+', '-', '*', '/'])} {self.f(n)})",
            lambda: f"({self.i(n)} / 4.0)",
            lambda: f"{self.i(n)}.to_f",
            lambda: f"{self.s(n)}.to_f",
            lambda: f"{self.f(n)}.{r.choice(['abs', 'floor', 'ceil', 'round', 'truncate'])}.to_f",
            lambda: f"({self.f(n)} ** 2)",
            lambda: f"Math.sqrt({self.i(n)}.abs)",
            lambda: f"[{self.f(n)}, {self.f(n)}].max",
            lambda: f"{self.a_i(n)}.sum.to_f / [{self.a_i(n)}.size, 1].max",
        ]
        return self.pick(nodes)

    def any(self, d=0):
        return self.rng.choice([self.s, self.s, self.i, self.a_s, self.a_i, self.h, self.b])(d)


def erb_body(rng):
    ruby = Ruby(rng)
    parts = []
    for _ in range(rng.randint(1, 4)):
        k = rng.randrange(10)
        if k < 4:
            parts.append(f"<%= {ruby.any()} %>")
        elif k == 4:
            parts.append(rng.choice(["text ", "\n", "  line\n", "a%b ", "#{not} "]))
        elif k == 5:
            t = rng.choice(["-%>", "%>"])
            parts.append(f"<% if {ruby.b()} {t}\nyes<% else {t}\nno<% end {t}\n")
        elif k == 6:
            t = rng.choice(["-%>", "%>"])
            lead = rng.choice(["<%", "<%-"])
            parts.append(f"  {lead} {ruby.a_s()}.each do |x| {t}\n[<%= x %>]\n  {lead} end {t}\n")
        elif k == 7:
            parts.append(f"<% {rng.choice(['v', 'w'])} = {ruby.any()} -%>"
                         f"<%= {rng.choice(['v', 'w'])}.inspect rescue 'unset' %>")
        elif k == 8 and rng.random() < 0.5:
            parts.append(rng.choice([
                f"<% i = 0; while i < {ruby.pos()} do i += 1 %><%= i %><% end %>",
                f"<% {ruby.pos()}.times do |j| -%><%= j %>;<% end -%>",
                f"<% {ruby.h()}.each do |k, v| -%><%= k %>:<%= v %> <% end -%>",
                f"<% {ruby.a_s()}.each_with_index do |x, i| %><%= i %>=<%= x %> <% end %>",
                f"<% if {ruby.b()} %>A<% elsif {ruby.b()} %>B<% else %>C<% end %>",
                f"<%= [{ruby.s()}, {ruby.i()}].map {{ |x| x.is_a?(String) ? x.length : x }}.sum %>",
                f"<% ({ruby.pos()}..{ruby.pos()}).step(2) do |q| %><%= q %>,<% end %>",
                f"<% @a.each do |fruit| -%>\n<%= fruit -%>\n<% end -%>",
                f"<%= defined?(@nosuch).inspect %> <%= defined?(@s) %>",
                f"<%= [1, [2, [3, nil]]].flatten.compact.inspect %>",
            ]))
        elif k == 8:
            parts.append(rng.choice(["<%# a comment %>", "<%%= literal %>",
                                     "<% unless @b %>U<% end %>", "<%= @u %>|"]))
        else:
            parts.append(f"<%= {ruby.i()} -%>\n")
    return "".join(parts)


def puppet_quote(s):
    return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'"


VARS = ("$s, $n, $a, $h, $b, $t, $ai, $u, $fl",
        "'Hello, World', 7, ['pear', 'apple', 'fig'], {'a' => 3, 'b' => -1, 'c' => 10}, "
        "true, 'x,y', [5, 2, 9, 2], undef, 2.5")

EPP_EXPRS = ["$x", "$y", "$x * 2", "$list.join(',')", "$list.map |$e| { \"<${e}>\" }",
             "$y.upcase", "\"${y}-${x}\"", "$h['a']", "$h.keys", "$list[1]", "$x + $list.length",
             "String($x, '%04d')", "$h.filter |$k, $v| { $v > 1 }", "$list.reverse",
             "if $x > 2 { 'big' } else { 'small' }", "$y =~ /b/", "$missing", "undef", "$list"]


def epp_body(rng):
    params = rng.choice(["", "<%- | $x, $y = 'abc' | -%>\n", "<%| Integer $x, String $y = 'b' |%>",
                         "<%- | Integer[0] $x, $list = [1, 2], Hash $h = {'a' => 1} | -%>\n"])
    parts = [params]
    for _ in range(rng.randint(1, 4)):
        k = rng.randrange(6)
        if k < 3:
            parts.append(f"<%= {rng.choice(EPP_EXPRS)} %>{rng.choice(['', ' ', chr(10)])}")
        elif k == 3:
            lead, t = rng.choice(["<%", "<%-"]), rng.choice(["%>", "-%>"])
            parts.append(f"  {lead} $list.each |$i| {{ {t}\n* <%= $i %>\n  {lead} }} {t}\n")
        elif k == 4:
            parts.append(rng.choice(["<%# note %>", "<%%", "%%>", "plain ", "\n"]))
        else:
            parts.append(f"<% if $x {rng.choice(['>', '<', '=='])} 2 {{ %>A<% }} else {{ %>B<% }} %>")
    return "".join(parts)


def check(rng):
    if rng.random() < 0.7:
        body = erb_body(rng)
        return f"with({VARS[1]}) |{VARS[0]}| {{ inline_template({puppet_quote(body)}) }}"
    body = epp_body(rng)
    args = rng.choice(["{'x' => 3}", "{'x' => 1, 'y' => 'q'}", "{'x' => 5, 'list' => ['p', 'q']}",
                       "{}", "{'x' => 'no'}", "{'x' => 2, 'h' => {'a' => 7, 'b' => 0}}"])
    return f"with(['m', 'n']) |$list| {{ inline_epp({puppet_quote(body)}, {args}) }}"
