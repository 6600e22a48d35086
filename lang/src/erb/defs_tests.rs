//! Methods, classes and modules templates define (`def`, `class`, `module`), with the
//! reference's answers (`puppet-oracle`); objects print without the address Ruby adds.

use crate::test_support::check;

const FAILED: &str =
    "Evaluation Error: Error while evaluating a Function Call, Failed to parse inline template: ";

fn failed(m: &str) -> String {
    format!("{FAILED}{m}")
}

#[test]
fn methods_with_parameters_return_and_recursion() {
    check(&[
        (
            r#"inline_template('<% def f(a, b = 2, *r, c, k: 1, **o, &blk) [a, b, r, c, k, o, blk && blk.call(9)] end %><%= f(1, 3) %>|<%= f(1, 2, 3, 4, 5, k: 7, z: 8) { |x| x * 2 } %>')"#,
            Ok("'[1, 2, [], 3, 1, {}, nil]|[1, 2, [3, 4], 5, 7, {:z=>8}, 18]'"),
        ),
        (
            r#"inline_template('<% def fact(n) n <= 1 ? 1 : n * fact(n - 1) end %><%= fact(20) %>|<% def ev?(n) n == 0 ? true : od?(n - 1) end; def od?(n) n == 0 ? false : ev?(n - 1) end %><%= ev?(10) %>')"#,
            Ok("'2432902008176640000|true'"),
        ),
        (
            r#"inline_template('<% def f; [1,2].each { |x| return x * 10 }; 0; end %><%= f %>')"#,
            Ok("'10'"),
        ),
        (
            r#"inline_template('<% def g; yield 1, 2; end %><%= g { |a, b| a + b } %>|<% def h; block_given? ; end %><%= h %><%= h {} %>')"#,
            Ok("'3|falsetrue'"),
        ),
        (
            r#"inline_template('<% def t(**o) o end %><%= t(a: 1) %>|<%= t %>')"#,
            Ok("'{:a=>1}|{}'"),
        ),
        // a block sees the locals where it was written, not the method's
        (
            r#"inline_template('<% y = 5; def twice; [yield(1), yield(2)]; end %><%= twice { |v| v + y } %>')"#,
            Ok("'[6, 7]'"),
        ),
        // the template's top: `return` gives the result
        (r#"inline_template('a<% return %>b')"#, Ok("''")),
        (r#"inline_template('a<% return 5 %>b')"#, Ok("'5'")),
    ]);
}

#[test]
fn method_errors_as_ruby_gives_them() {
    let cases = [
        (
            "<% def f(a, b) a end %><%= f(1) %>",
            "wrong number of arguments (given 1, expected 2)",
        ),
        (
            "<% def f(a, *r) a end %><%= f %>",
            "wrong number of arguments (given 0, expected 1+)",
        ),
        (
            "<% def f(a, b=1) a end %><%= f(1,2,3) %>",
            "wrong number of arguments (given 3, expected 1..2)",
        ),
        ("<% def f(a, k:) a end %><%= f(1) %>", "missing keyword: :k"),
        (
            "<% def f(a:, b:) a end %><%= f %>",
            "missing keywords: :a, :b",
        ),
        (
            "<% def f(a, k: 1) a end %><%= f(1, z: 2) %>",
            "unknown keyword: :z",
        ),
        ("<% def g; yield; end %><%= g %>", "no block given (yield)"),
        (
            "<% class C; def initialize; end; end %><%= C.new(1) %>",
            "wrong number of arguments (given 1, expected 0)",
        ),
        (
            "<% x = 5 %><% def f; x; end %><%= f %>",
            "undefined local variable or method `x' for #<Puppet::Parser::TemplateWrapper>",
        ),
        (
            "<% class C; end %><%= C.new.foo %>",
            "undefined method `foo' for #<Puppet::Parser::TemplateWrapper::C>",
        ),
        (
            "<% class C; end %><%= C.foo %>",
            "undefined method `foo' for Puppet::Parser::TemplateWrapper::C:Class",
        ),
    ];
    let cases: Vec<(String, String)> = cases
        .iter()
        .map(|(t, m)| (format!("inline_template('{t}')"), failed(m)))
        .collect();
    let cases: Vec<(&str, Result<&str, &str>)> = cases
        .iter()
        .map(|(s, m)| (s.as_str(), Err(m.as_str())))
        .collect();
    check(&cases);
    // endless recursion: Ruby's SystemStackError, which Puppet does not wrap
    check(&[(
        r#"inline_template('<% def f(n) f(n+1) end %><%= f(0) %>')"#,
        Err("stack level too deep"),
    )]);
}

#[test]
fn classes_and_modules() {
    check(&[
        (
            r#"inline_template('<% class P; attr_accessor :x; def initialize(x); @x = x; end; end %><%= P.new(1).inspect %>|<%= P.new(1).to_s %>|<%= P %>|<%= P.new(3).x %>|<% p = P.new(1); p.x = 4 %><%= p.x %>')"#,
            Ok("'#<Puppet::Parser::TemplateWrapper::P @x=1>|#<Puppet::Parser::TemplateWrapper::P>|Puppet::Parser::TemplateWrapper::P|3|4'"),
        ),
        (
            r#"inline_template('<% class A; def hi; "A"; end; end; class B < A; def hi; super + "B"; end; end %><%= B.new.hi %>|<%= B.ancestors.first(2) %>|<%= B.superclass %>')"#,
            Ok("'AB|[Puppet::Parser::TemplateWrapper::B, Puppet::Parser::TemplateWrapper::A]|Puppet::Parser::TemplateWrapper::A'"),
        ),
        // a bare `super` passes the parameters' values as they are when it runs (the
        // reference's answer)
        (
            r##"inline_template('<% class A; def f(a, b = 2); "#{a}-#{b}"; end; def g(*r, k: 0); "#{r}#{k}"; end; end; class B < A; def f(a, b = 5); a = a * 2; "<#{super}>"; end; def g(*r, k: 1); r << 9; k = 3; super; end; end; class C < A; def f(a); [1].map { |x| super(a, x + a) }.first + "#{super}"; end; end %><%= B.new.f(1) %>|<%= B.new.f(3, 4) %>|<%= C.new.f(7) %>|<%= B.new.g(1, k: 2) %>|<%= B.new.g %>')"##,
            Ok("'<2-5>|<6-4>|7-87-2|[1, 9]3|[9]3'"),
        ),
        (
            r#"inline_template('<% module M; X = 5; def self.twice(v) v * 2 end; end %><%= M.twice(M::X) %>|<%= M %>|<%= M.class %>')"#,
            Ok("'10|Puppet::Parser::TemplateWrapper::M|Module'"),
        ),
        (
            r#"inline_template('<% class V; include Comparable; attr_reader :n; def initialize(n) @n = n end; def <=>(o) n <=> o.n end; end %><%= V.new(1) < V.new(2) %>|<%= [V.new(3), V.new(1)].max.n %>|<%= [V.new(3), V.new(1)].sort.map(&:n) %>|<%= V.new(2).between?(V.new(1), V.new(3)) %>')"#,
            Ok("'true|3|[1, 3]|true'"),
        ),
        (
            r#"inline_template('<% class L; include Enumerable; def each; yield 3; yield 1; yield 2; end; end %><%= L.new.sort %>|<%= L.new.map { |x| x * 2 } %>|<%= L.new.include?(2) %>|<%= L.new.first %>|<%= L.new.to_a %>')"#,
            Ok("'[1, 2, 3]|[6, 2, 4]|true|3|[3, 1, 2]'"),
        ),
        (
            r#"inline_template('<% class E < StandardError; end %><% begin; raise E, "boom"; rescue E => e %><%= e.message %>|<%= e.class %><% end %>')"#,
            Ok("'boom|Puppet::Parser::TemplateWrapper::E'"),
        ),
        (
            r#"$x = 'X' inline_template('<%= @x %><% class C; def get; @x; end; end %><%= C.new.get.inspect %>')"#,
            Ok("'Xnil'"),
        ),
        (
            r#"inline_template('<% class C; def m; self.class; end; def self.k; self; end; end %><%= C.new.m %>|<%= C.k %>')"#,
            Ok("'Puppet::Parser::TemplateWrapper::C|Puppet::Parser::TemplateWrapper::C'"),
        ),
        (
            r#"inline_template('<% X = 1 %><% class C; def k; X; end; end %><%= C.new.k %>|<%= C.name %>')"#,
            Ok("'1|Puppet::Parser::TemplateWrapper::C'"),
        ),
    ]);
}

/// voxpupuli-collectd's `curl_json.conf.erb` defines a method with a `rescue` clause that
/// calls `JSON.parse`, and changes a fresh string with `gsub!`.
#[test]
fn json_parse_and_bang_methods_on_fresh_strings() {
    check(&[
        (
            r#"$post = '{"a": "b"}' inline_template('<%- def valid_json?(json)
    JSON.parse(json)
    return true
  rescue JSON::ParserError
    return false
  end -%><%= valid_json?(@post) %>|<%= valid_json?("x") %>|<%= @post.gsub("a", "A").gsub!(%r{"}, %q{|}) %>')"#,
            Ok("'true|false|{|A|: |b|}'"),
        ),
        (
            r#"inline_template('<%= JSON.parse(%q([1, 2.5, null, {"a": true}])) %>|<% begin; JSON.parse("x"); rescue => e %><%= e.class %>: <%= e.message %><% end %>')"#,
            Ok(r#"'[1, 2.5, nil, {"a"=>true}]|JSON::ParserError: 859: unexpected token at \'x\''"#),
        ),
        (
            r#"inline_template('<%= "abc".upcase.gsub!("Z", "y").inspect %>|<%= "abc".upcase.sub!("A", "y") %>')"#,
            Ok("'nil|yBC'"),
        ),
    ]);
}
