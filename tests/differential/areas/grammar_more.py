"""The area `grammar`'s forms of session 54: ERB by `inline_template` over the program's
variables (Ruby's view of Puppet values: integers, floats, strings, booleans, arrays,
hashes, undef, and of the rich values `to_s` and `class`), `lookup` with its defaults,
types, merges and lambdas (over the program's own Hiera data now and then: an environment
with a `hiera.yaml` over the node's facts), `call` with arguments and a lambda, iterators as
values (`notice`, interpolated, `String`, `type`), `case` and selectors over arrays and
hashes with array, hash, type, regexp and splatted options, and `Sensitive` values written
out (interpolated, `%p`, in arrays)."""
import json

from areas.grammar_base import MATCH, PRIMARY, BLOCK, SELECT, sq

# (Ruby over one variable `@v` of a kind: what ERB writes of it)
ERB_BODIES = {
    "int": ["<%= @v %>", "<%= @v + 1 %>", "<%= @v.to_s(2) %>", "<%= @v.fdiv(4) %>",
            "<%= '%05d' % @v %>", "<%= @v.even? %>", "<%= @v.abs %>", "<%= [@v, 3].max %>",
            "<%= @v.divmod(3).inspect %>", "<%= @v.class %>", "<%= @v * 2.5 %>", "<%= -@v %>",
            "<%= @v.between?(0, 10) %>", "<%= @v.to_f %>", "<%= @v.digits.inspect rescue 'neg' %>"],
    "float": ["<%= @v %>", "<%= @v.round(1) %>", "<%= @v.floor %>", "<%= '%.2f' % @v %>",
              "<%= @v.to_i %>", "<%= @v.class %>", "<%= @v * 2 %>", "<%= @v.inspect %>",
              "<%= @v.truncate %>", "<%= (@v / 3).round(3) %>"],
    "str": ["<%= @v %>", "<%= @v.upcase %>", "<%= @v.length %>", "<%= @v.reverse %>",
            "<%= @v.inspect %>", "<%= @v.center(9, '*') %>", "<%= @v.sub(/a/, 'A') %>",
            "<%= @v.chars.join('-') %>", "<%= @v.empty? %>", "<%= @v.start_with?('a') %>",
            "<%= @v.chars.sort.join %>", "<%= @v * 2 %>", "<%= @v.capitalize %>",
            "<%= @v.tr('a-y', 'b-z') %>", "<%= @v.scan(/./).size %>", "<%= @v.class %>",
            "<%= @v.bytes.size %>", "<%= @v.split(',').inspect %>", "<%= @v.ljust(5, '.') %>|",
            "<%= @v.gsub(/[aeiou]/) { |c| c.upcase } %>", "<%= @v.to_i %>", "<%= @v.succ %>",
            "<%= @v.include?('b') ? 'has b' : 'no b' %>", "<%= @v.each_char.to_a.last.inspect %>"],
    "bool": ["<%= @v %>", "<%= @v ? 'y' : 'n' %>", "<%= !@v %>", "<%= @v.class %>",
             "<%= @v & true %>", "<%= @v.inspect %>", "<% if @v -%>yes<% else -%>no<% end -%>"],
    "ints": ["<%= @v.inspect %>", "<%= @v.size %>", "<%= @v.join(',') %>", "<%= @v.sum %>",
             "<%= @v.max.inspect %>", "<%= @v.sort.inspect %>", "<%= @v.reverse.inspect %>",
             "<% @v.each_with_index do |e, i| %><%= i %>=<%= e %>;<% end %>",
             "<%= @v.map { |e| e * 2 }.inspect %>", "<%= @v.select(&:even?).inspect %>",
             "<%= @v.first.inspect %>", "<%= @v.each_slice(2).to_a.inspect %>",
             "<%= @v.uniq.size %>", "<%= @v.minmax.inspect %>", "<%= @v.class %>"],
    "strs": ["<%= @v.inspect %>", "<%= @v.size %>", "<%= @v.join(' ') %>",
             "<%= @v.map(&:upcase).inspect %>", "<%= @v.sort.join(',') %>",
             "<% @v.each do |e| -%>[<%= e %>]<% end -%>", "<%= @v.group_by(&:size).keys.inspect %>",
             "<%= @v.max_by(&:length).inspect %>", "<%= @v.grep(/a/).inspect %>",
             "<%= @v.zip(@v.map(&:size)).inspect %>", "<%= @v.include?('a') %>"],
    "arr": ["<%= @v.size %>", "<%= @v.compact.size %>", "<%= @v.map(&:class).inspect %>",
            "<%= @v.flatten.size %>", "<%= @v.empty? %>", "<%= @v.class %>",
            "<% @v.each do |e| -%><%= e.nil? ? 'nil' : e.class %>;<% end -%>"],
    "hash": ["<%= @v.keys.inspect %>", "<%= @v.size %>", "<% @v.each do |k, e| %><%= k %>;<% end %>",
             "<%= @v.key?('a') %>", "<%= @v.keys.sort.join(',') %>", "<%= @v.class %>",
             "<%= @v.values.map(&:class).inspect %>", "<%= @v.empty? %>",
             "<%= @v.select { |k, e| k.size > 1 }.keys.inspect %>", "<%= @v.to_a.size %>",
             "<%= @v.map { |k, e| k.upcase }.sort.inspect %>"],
    "regexp": ["<%= @v.source %>", "<%= @v.inspect %>", "<%= @v.class %>", "<%= 'ab' =~ @v ? 'm' : 'n' %>",
               "<%= @v %>"],
    "type": ["<%= @v %>", "<%= @v.to_s.size %>"],
    "rich": ["<%= @v %>", "<%= @v.to_s.length %>"],
}
# (Ruby of no variable: what ERB is about)
ERB_PLAIN = ["<%# a comment %>x", "<%% literal %%>", "a\n<%- if true -%>\nb\n<%- end -%>\nc",
             "<%= [1, 2].map { |i| i * 3 }.inspect %>", "<%= 'x'.freeze.frozen? %>",
             "<%= @nope.nil? %>", "<%= (1..4).step(2).to_a.inspect %>", "<%= { 'a' => 1 }.to_a.inspect %>",
             "<%= %w[b a].sort.inspect %>", "<%= nil.to_a.inspect %>", "<%= 10.0 / 4 %>",
             "<%= 7 / 2 %>|<%= -7 / 2 %>|<%= 7 % -3 %>", "<%= 2**40 %>", "<%= 1e10.to_i %>"]
# (not made: integers beyond 64 bits in Ruby, `2**70`, and strings a template changes in
# place, `@v << 'x'`, `@v.upcase!`: documented deviations)

# (keys of the program's Hiera data by kind; `g::missing` is in none)
HIERA_KEYS = {"int": ["g::int", "g::n"], "str": ["g::str", "g::family", "g::greeting", "g::text"],
              "strs": ["g::strs", "g::users", "g::alias"], "hash": ["g::hash", "g::settings"],
              "bool": ["g::flag"]}
KIND_TYPES = {"int": "Integer", "str": "String", "strs": "Array[String]", "hash": "Hash",
              "bool": "Boolean", "ints": "Array[Integer]", "float": "Float"}


def hiera_files(r):
    """An environment's files: a `hiera.yaml` whose hierarchy reads the node's facts (the
    family's, the node's name, common) and data for the keys of `HIERA_KEYS`, hashes and
    arrays in several levels (merged by `unique`, `hash`, `deep`), interpolations of facts
    and of other keys; `lookup_options` now and then."""
    levels = ['    path: "os/%{facts.os.family}.yaml"', '    path: "nodes/%{trusted.certname}.yaml"',
              '    path: "common.yaml"']
    yaml = "---\nversion: 5\ndefaults:\n  datadir: data\n  data_hash: yaml_data\nhierarchy:\n" + \
        "".join(f'  - name: "l{i}"\n{p}\n' for i, p in enumerate(levels))
    common = {"g::int": r.choice([5, 0, -3, 42]), "g::n": r.choice([1, 7]),
              "g::str": r.choice(["common", "a,b", ""]), "g::greeting": "hello %{facts.networking.hostname}",
              "g::strs": r.sample(["a", "b", "c", "ab"], r.randint(0, 3)), "g::users": ["root"],
              "g::hash": {"a": 1, "b": {"c": [1]}}, "g::settings": {"port": 80, "opts": ["x"]},
              "g::flag": r.choice([True, False]), "g::family": "unknown",
              "g::alias": "%{alias('g::strs')}", "g::text": "%{lookup('g::str')}-%{facts.kernel}"}
    family = {"g::family": "%{facts.os.family} family", "g::users": ["admin", "root"],
              "g::settings": {"port": 8080, "opts": ["y"], "extra": {"k": "v"}},
              "g::hash": {"b": {"c": [2], "d": True}}}
    for k in r.sample(sorted(family), r.randint(0, 2)):
        del family[k]
    if r.random() < 0.4:
        common["lookup_options"] = {"g::users": {"merge": "unique"},
                                    "g::settings": {"merge": r.choice(["hash", "deep"])}}
    files = {"hiera.yaml": yaml, "data/common.yaml": json.dumps(common, indent=2) + "\n"}
    for fam in ("Debian", "RedHat", "windows"):
        if r.random() < 0.7:
            files[f"data/os/{fam}.yaml"] = json.dumps(family, indent=2) + "\n"
    return files


class More:
    def more(self, kind, d):
        """A value of `kind` made by one of the forms below."""
        makers = {"str": [self.erb, self.erb, self.lookup_value, self.call_value, self.iterator_text,
                          self.sensitive_text],
                  "int": [self.lookup_value, self.call_value],
                  "bool": [self.lookup_value, self.pattern_case],
                  "strs": [self.lookup_value, self.call_value],
                  "hash": [self.lookup_value],
                  "any": [self.pattern_case]}[kind if kind in ("str", "int", "bool", "strs", "hash") else "any"]
        return self.r.choice(makers)(kind, d)

    def erb(self, kind, d):
        """`inline_template` over one or two of the variables in scope (lambda and function
        parameters too), `scope['v']` now and then, or Ruby of no variable."""
        r = self.r
        seen = [(n, k) for n, k in self.scope if "::" not in n and k in ERB_BODIES]
        parts = []
        for _ in range(r.randint(1, 2)):
            if seen and r.random() < 0.85:
                name, k = r.choice(seen)
                body = r.choice(ERB_BODIES[k])
                ref = r.choice([f"@{name}"] * 4 + [f"scope['{name}']", f"scope.lookupvar('{name}')"])
                parts.append(body.replace("@v", ref))
            else:
                parts.append(r.choice(ERB_PLAIN))
        return f"inline_template({sq('|'.join(parts))})", PRIMARY

    def lookup_value(self, kind, d):
        """`lookup` of a key of the program's data (when it has some) or of one there is
        not, with a type, a merge, a default, a default-giving lambda, or the options hash."""
        r = self.r
        keys = HIERA_KEYS.get(kind, []) if self.hiera else []
        key = sq(r.choice(keys) if keys and r.random() < 0.75 else r.choice(["g::missing", "nope"]))
        t = KIND_TYPES.get(kind, "Any")
        merge = r.choice(["undef", "'first'", "'unique'", "'hash'", "'deep'"]) if kind in ("strs", "hash") else \
            r.choice(["undef", "'first'"])
        dflt = self.e(kind, d, 0) if kind in KIND_TYPES else "undef"
        k = r.randrange(6)
        if k == 0:
            src = f"lookup({key}, {t}, {merge}, {dflt})"
        elif k == 1:
            src = f"lookup({key}) |$k| {{ {dflt} }}"
        elif k == 2:
            src = f"lookup({{ name => {key}, value_type => {t}, default_value => {dflt} }})"
        elif k == 3:
            src = f"lookup({key}, {{ default_value => {dflt}, merge => {merge} }})"
        elif k == 4:
            src = f"lookup([{key}, 'nope'], {t}, {merge}, {dflt})"
        else:
            src = f"lookup({key}, undef, undef, {dflt})"
        if kind == "bool":
            return f"{src} =~ Boolean", MATCH
        return src, PRIMARY

    def call_value(self, kind, d):
        """`call` of a function by its name (a built-in one with a lambda, the program's own)."""
        r = self.r
        own = [f for f in self.funcs if f[2] == kind and f[3] == len(f[1]) and not f[4]]
        if own and r.random() < 0.4:
            name, params, _, _, _ = r.choice(own)
            return f"call({sq(name)}, {', '.join(self.e(k, d, 0) for k in params)})", PRIMARY
        if kind == "int":
            return r.choice([f"call('with', {self.e('int', d, 0)}) |$q| {{ $q * 2 }}",
                             f"call('reduce', {self.e('ints', d, 0)}, 0) |$m, $q| {{ $m + $q }}",
                             f"call('size', {self.e('strs', d, 0)})"]), PRIMARY
        if kind == "strs":
            return r.choice([f"call('map', {self.e('ints', d, 0)}) |$q| {{ \"<${{q}}>\" }}",
                             f"call('split', {self.e('str', d, 0)}, ',')"]), PRIMARY
        return r.choice([f"call('join', {self.e('strs', d, 0)}, '-')",
                         f"call('sprintf', '%s/%s', {self.e('any', d, 0)}, {self.e('any', d, 0)})",
                         f"call('then', {self.e('str', d, 0)}) |$q| {{ $q.upcase }}",
                         f"call({sq(r.choice(['upcase', 'capitalize', 'downcase']))}, {self.e('str', d, 0)})"]), PRIMARY

    def iterator_text(self, kind, d):
        """An iterator (`reverse_each`, `step`) written out: interpolated, `String`, its
        type, `notice`d, an array of it."""
        r = self.r
        it = self.iterator_src(d)
        return r.choice([f"\"${{{it}}}\"", f"String({it})", f"String(type({it}))",
                         f"String(type({it}, 'generalized'))",
                         f"String([{it}])", f"{it}.then |$q| {{ String($q) }}",
                         f"with({it}) |$q| {{ notice($q); 'n' }}"]), PRIMARY

    def sensitive_text(self, kind, d):
        """A `Sensitive` value written out: interpolated, `%p`, in an array, joined."""
        r = self.r
        s = f"Sensitive({self.e('any', d, 0)})"
        return r.choice([f"\"<${{{s}}}>\"", f"String({s}, '%p')", f"String([{s}])",
                         f"[{s}, 1].join(',')", f"String({{ a => {s} }})",
                         f"{s}.then |$q| {{ \"${{q}}\" }}", f"String(type({s}))"]), PRIMARY

    def pattern_case(self, kind, d):
        """A `case` or a selector over an array or a hash with array options (elements
        matched as options: types, regexps, `default`), hash options (a subset of the
        keys), splatted arrays of options, types of the whole."""
        r = self.r
        selector = r.random() < 0.5
        subject = self.one_of(lambda: r.choice(["[1, 'b']", "['a', 2, 'c']", "{ a => 1, b => 'x' }", "[]",
                                                "[[1], 'a']"]),
                              lambda: self.e(r.choice(["arr", "hash", "ints", "strs"]), d,
                                             SELECT + 1 if selector else 0))
        options = ["[Integer, /b/]", "[1, 'b']", "[default, 'b']", "[String, Integer, /c/]",
                   "{ a => Integer }", "{ a => 1, b => /x/ }", "{ b => String }", "[]", "{}",
                   "[Array[Integer], 'a']", "Tuple[Integer, String]", "Array[String]",
                   "Hash[String, Any]", "*[[1, 'b'], []]", "*[{ a => 1 }]", "[[default], /^a/]",
                   "Struct[{ a => Integer, b => String }]", "[Any, Any, Any]", "[/a|c/, Numeric, 'c']"]
        if not selector:
            body = " ".join(f"{', '.join(r.sample(options, r.randint(1, 2)))}: {{ {self.e(kind, d, 0)} }}"
                            for _ in range(r.randint(1, 3)))
            return f"case {subject} {{ {body} default: {{ {self.e(kind, d, 0)} }} }}", BLOCK
        body = ", ".join(f"{r.choice(options)} => {self.e(kind, d, 0)}" for _ in range(r.randint(1, 3)))
        return f"{subject} ? {{ {body}, default => {self.e(kind, d, 0)} }}", SELECT
