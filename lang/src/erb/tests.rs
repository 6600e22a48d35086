//! Templates rendered against a host with a few variables.

use super::*;
use crate::values::{Map, Value};
use ruby::RValue;

struct TestHost;

impl TestHost {
    fn puppet_variable(&mut self, name: &str) -> Option<Value> {
        Some(match name.strip_prefix("::").unwrap_or(name) {
            "name" => Value::string("web"),
            "ports" => Value::array(vec![Value::Integer(80), Value::Integer(443)]),
            "opts" => {
                let mut m = Map::default();
                m.insert(Value::string("b"), Value::Integer(2));
                m.insert(Value::string("a"), Value::Undef);
                Value::hash(m)
            }
            "nothing" => Value::Undef,
            "mod::x" => Value::string("qualified"),
            _ => return None,
        })
    }
}

impl Host for TestHost {
    fn variable(&mut self, name: &str) -> Option<RValue> {
        self.puppet_variable(name).map(|v| bridge::to_ruby(&v))
    }
    fn has_variable(&mut self, name: &str, with_value: bool) -> bool {
        self.puppet_variable(name)
            .is_some_and(|v| !with_value || !v.is_undef())
    }
    fn call_function(&mut self, name: &str, args: Vec<RValue>) -> Result<RValue, HostError> {
        let args: Vec<Value> = args.iter().map(|a| bridge::to_puppet(a).unwrap()).collect();
        match name {
            "upcase" => Ok(RValue::str(args[0].as_str().unwrap_or("").to_uppercase())),
            "sprintf" => Ok(RValue::str(format!("{:?}", args.len()))),
            // a Puppet function whose Ruby raised a LoadError, passed on
            "needs_gem" => Err(HostError::RaiseAs {
                class: "LoadError".into(),
                message: "cannot load such file -- gem".into(),
            }),
            _ => Err(HostError::Raise(format!("Unknown function: '{name}'"))),
        }
    }
    fn has_function(&mut self, name: &str) -> Result<bool, String> {
        Ok(name == "upcase")
    }
    // (no library is here: Ruby's LoadError)
    fn require(&mut self, path: &str) -> Option<Result<ruby::Required, HostError>> {
        Some(Err(HostError::Raise(format!(
            "cannot load such file -- {path}"
        ))))
    }
}

fn r(t: &str) -> String {
    match compile(t) {
        Ok(tpl) => match render(&tpl, &mut TestHost) {
            Ok(s) => s,
            Err(e) => format!("ERR {e:?}"),
        },
        Err(e) => format!("PARSE {e:?}"),
    }
}

#[test]
fn output_and_text() {
    assert_eq!(r("a <%= @name %> b"), "a web b");
    assert_eq!(
        r("<%= [1, \"a\", nil] %>|<%= nil %>|<%= :s %>"),
        "[1, \"a\", nil]||s"
    );
    assert_eq!(r("<%= @opts %>"), "{\"b\"=>2, \"a\"=>nil}");
    assert_eq!(
        r("<%= @missing.inspect %>|<%= scope['mod::x'] %>"),
        "nil|qualified"
    );
}

#[test]
fn control_flow_and_trim() {
    let t = "<% @ports.each do |p| -%>\nport <%= p %>\n<% end -%>\n";
    assert_eq!(r(t), "port 80\nport 443\n");
    let t = "<% if @name == 'web' -%>\nyes\n<% elsif @x -%>\nno\n<% else %>other<% end %>";
    assert_eq!(r(t), "yes\n");
    assert_eq!(r("<%= @ports.map { |p| p * 2 }.join(',') %>"), "160,886");
    assert_eq!(r("<% unless @nothing %>u<% end %>"), "u");
    assert_eq!(
        r("<%= @opts.sort_by { |k, v| k }.map { |k, v| \"#{k}=#{v}\" }.join(' ') %>"),
        "a= b=2"
    );
    assert_eq!(
        r("<% case @name when 'db' %>d<% when /^w/ %>w<% end %>"),
        "w"
    );
    assert_eq!(r("<%= x = 2; x + 1 %>"), "3");
    assert_eq!(r("<%= @nothing.nil? ? 'n' : 'v' %>"), "n");
    assert_eq!(r("<%= (@nothing or 'dflt') %>"), "dflt");
    assert_eq!(r("<%= -7 / 2 %> <%= -7 % 3 %> <%= 2**10 %>"), "-4 2 1024");
}

#[test]
fn scope_functions() {
    assert_eq!(r("<%= scope.function_upcase(['x']) %>"), "X");
    assert_eq!(r("<%= scope.call_function('upcase', ['y']) %>"), "Y");
    assert!(r("<%= scope.function_nope(['x']) %>").contains("undefined method `function_nope'"));
}

#[test]
fn errors() {
    assert!(r("<%= nil + 1 %>").contains("undefined method `+' for nil:NilClass"));
    assert!(r("<% if true %>x").starts_with("PARSE"));
    assert!(r("<%= 'a'.crypt('ab') %>").contains("Unsupported"));
    assert_eq!(r("<%= (nil + 1 rescue 'r') %>"), "r");
    assert!(r("<%= [3, 'a'].sort %>").contains("comparison of Integer with String failed"));
}

#[test]
fn bounded_against_abuse() {
    let deep = format!("<%= {}1{} %>", "(".repeat(5000), ")".repeat(5000));
    assert!(r(&deep).contains("nested more than"));
    assert!(r("<%= 'a' * 1_000_000_000_000 %>").contains("argument too big"));
    assert!(r("<%= [1] * 1_000_000_000_000 %>").contains("argument too big"));
    assert!(r("<% a = []; a[100_000_000_000] = 1 %>").contains("too big"));
    assert!(r("<%= 'x'.ljust(1_000_000_000_000) %>").contains("argument too big"));
    assert_eq!(
        r("<%= 'é'[0] %>|<%= 'héllo'.index('l') %>|<%= 'aé'.center(5, '*') %>"),
        "é|2|*aé**"
    );
}

#[test]
fn ruby_semantics_that_templates_rely_on() {
    assert_eq!(
        r("<%= 1e20 %>|<%= 10.0 / 3 %>|<%= 2.5.round %>"),
        "1.0e+20|3.3333333333333335|3"
    );
    assert_eq!(
        r("<%= [3, 1, 2].sort.inspect %>|<%= {'a' => 1}.map { |k, v| k + v.to_s }.inspect %>"),
        "[1, 2, 3]|[\"a1\"]"
    );
    assert_eq!(
        r("<%= %w(a b).each_with_index.map { |x, i| \"#{i}#{x}\" }.join %>"),
        "0a1b"
    );
    assert_eq!(
        r("<%= 'a-b_c'.gsub(/[-_]/, '.') %>|<%= 'abc'.sub('b') { |m| m.upcase } %>"),
        "a.b.c|aBc"
    );
    assert_eq!(
        r("<%= 'v1.2' =~ /(\\d)\\.(\\d)/ %>|<%= $1 %>|<%= $~[2] %>"),
        "1|1|2"
    );
    assert_eq!(r("<% x = nil; x ||= 5 %><%= x %>"), "5");
    assert_eq!(
        r("<% [1, 2, 3].each do |i| next if i == 2 %><%= i %><% end %>"),
        "13"
    );
    assert_eq!(
        r("<%= [1, 2, 3].each { |i| break i * 10 if i == 2 } %>"),
        "20"
    );
    assert_eq!(
        r("<%= defined?(@name) %>|<%= defined?(@nope).inspect %>"),
        "instance-variable|nil"
    );
    // A variable whose value is undef is no instance variable (apache's _proxy.erb).
    assert_eq!(
        r("<%= defined?(@nothing).inspect %>|<% @x = nil %><%= defined?(@x) %>"),
        "nil|instance-variable"
    );
    assert_eq!(
        r("<%= :a.inspect %>|<%= {a: 1}.inspect %>|<%= (1..3).to_a.inspect %>"),
        ":a|{:a=>1}|[1, 2, 3]"
    );
}

#[test]
fn deep_unary_chains_are_bounded() {
    assert!(r(&format!("<%= {}true %>", "!".repeat(5000))).contains("nested more than"));
    assert!(r(&format!("<%= {}true %>", "not ".repeat(5000))).contains("too deep"));
    assert!(r(&format!("<%= {}1 %>", "- ".repeat(5000))).contains("nested more than"));
}

#[test]
fn long_chains_are_bounded() {
    assert!(r(&format!("<%= 1{} %>", " + 1".repeat(5000))).contains("chains longer"));
    assert!(r(&format!("<%= 1{} %>", ".to_s".repeat(5000))).contains("chains longer"));
    assert_eq!(r(&format!("<%= 0{} %>", " + 1".repeat(100))), "100");
}

/// Ruby's ScriptErrors (LoadError, NotImplementedError) are no StandardErrors: a bare
/// `rescue` (and `rescue StandardError`) lets them through, `rescue LoadError`,
/// `ScriptError` and `Exception` catch them; a host's `RaiseAs` is its class again.
#[test]
fn script_errors_escape_a_bare_rescue() {
    let through = |t: &str| {
        let out = r(t);
        assert!(out.starts_with("ERR Raised"), "{t}: {out}");
        out
    };
    let out = through("<%= begin; require 'x'; rescue => e; 'caught'; end %>");
    assert!(out.contains("class: \"LoadError\""), "{out}");
    through("<%= begin; raise NotImplementedError, 'n'; rescue StandardError; 'c'; end %>");
    let out = through("<%= begin; scope.call_function('needs_gem', []); rescue; 'c'; end %>");
    assert!(out.contains("cannot load such file -- gem"), "{out}");
    assert_eq!(
        r("<%= begin; scope.call_function('needs_gem', []); rescue LoadError => e; e.class.to_s + ': ' + e.message; end %>"),
        "LoadError: cannot load such file -- gem"
    );
    for class in ["ScriptError", "Exception"] {
        assert_eq!(
            r(&format!(
                "<%= begin; raise NotImplementedError, 'n'; rescue {class} => e; e.class; end %>"
            )),
            "NotImplementedError"
        );
    }
    assert_eq!(
        r("<%= begin; require 'x'; rescue ScriptError => e; e.message; end %>"),
        "cannot load such file -- x"
    );
}

#[test]
fn begin_rescue_with_exception_classes() {
    let t = "<% begin %><%= nil.size %><% rescue NameError => e %><%= e.class %>: <%= e.message %><% end %>";
    assert_eq!(
        r(t),
        "NoMethodError: undefined method `size' for nil:NilClass"
    );
    // a clause for another class lets the exception through
    assert!(r("<%= begin; 1 / 0; rescue TypeError; 't'; end %>").starts_with("ERR Raised"));
    assert_eq!(
        r("<%= begin; 'ok'; rescue; 'bad'; else; 'else'; ensure; 'ignored'; end %>"),
        "else"
    );
    assert_eq!(
        r("<% begin; raise ArgumentError, 'no'; rescue => e; m = e.inspect; ensure; d = 1; end %><%= m %><%= d %>"),
        "#<ArgumentError: no>1"
    );
}

#[test]
fn lambdas_procs_and_throw() {
    assert_eq!(r("<%= f = ->(a, b) { a + b }; f.(1, 2) + f[3, 4] %>"), "10");
    assert_eq!(r("<%= proc { |a, b| b.inspect }.call(1) %>"), "nil");
    assert!(r("<%= lambda { |a| a }.call(1, 2) %>")
        .contains("wrong number of arguments (given 2, expected 1)"));
    assert_eq!(
        r("<%= catch(:done) { [1, 2].each { |i| throw :done, i * 5 if i == 2 }; 0 } %>"),
        "10"
    );
    assert!(r("<%= throw :nowhere %>").contains("uncaught throw :nowhere"));
}

#[test]
fn named_captures_flags_and_splat() {
    assert_eq!(
        r("<% m = 'v1.2'.match(/v(?<maj>\\d)\\.(?<min>\\d)/) %><%= m[:maj] + m['min'] %> <%= m.inspect %>"),
        "12 #<MatchData \"v1.2\" maj:\"1\" min:\"2\">"
    );
    assert_eq!(
        r("<%= /a.c/m.source %> <%= /a/mi.inspect %> <%= /a/i %>"),
        "a.c /a/mi (?i-mx:a)"
    );
    assert_eq!(
        r("<% a, *b, c = [1, 2, 3, 4] %><%= [a, b, c].inspect %>"),
        "[1, [2, 3], 4]"
    );
}

#[test]
fn syntax_errors_name_tokens_as_ruby_does() {
    let msg = |t: &str| match compile(t) {
        Err(RubyError::Syntax { message, .. }) => message,
        other => format!("{other:?}"),
    };
    assert_eq!(
        msg("<%= 1 2 %>"),
        "syntax error, unexpected integer literal, expecting ')'"
    );
    assert_eq!(
        msg("<% if true %>x"),
        "syntax error, unexpected end-of-input, expecting `end'"
    );
    assert_eq!(
        msg("<% end %>"),
        "syntax error, unexpected `end', expecting end-of-input"
    );
    assert_eq!(
        msg("<%= foo( %>"),
        "syntax error, unexpected ';', expecting ')'"
    );
}

/// Found by fuzzing (fuzz/regressions/eval/crash-af2375a4...): a string left open where a
/// character of several bytes follows (U+2028) panicked while the error was worded.
#[test]
fn an_unterminated_string_before_a_wide_character_is_a_syntax_error() {
    for t in [
        "<%= \"#{\u{2028}nil}|#{[1, ni}\"0%>",
        "<%= \"#{\u{2028} %>",
        "<%= \"\u{2028} %>",
        "<%= '\u{2028} %>",
    ] {
        let got = compile(t);
        assert!(
            matches!(got, Err(RubyError::Syntax { .. })),
            "{t:?}: {got:?}"
        );
    }
}

/// A Puppet variable is the same Ruby object each time it is read (`@x`, `scope['x']`,
/// `scope.lookupvar('x')`): a mutation through one is seen through the others.
#[test]
fn puppet_variables_are_shared_objects() {
    assert_eq!(
        r("<%- scope.lookupvar('opts')[:item] = 5 -%><%= scope.lookupvar('opts')[:item] %>|<%= scope['opts'][:item] %>|<%= @opts[:item] %>"),
        "5|5|5"
    );
    assert_eq!(
        r("<%- @ports << 8 -%><%= scope['ports'].inspect %>"),
        "[80, 443, 8]"
    );
}

#[test]
fn regexp_literals_evaluated_again() {
    // Each evaluation makes the literal's pattern (the per-thread engine cache compiles
    // `/\d/` once); one with `#{}` differs from one evaluation to the next.
    let tpl = compile(r#"<% %w[a1 b c2].each do |x| %><%= x =~ /\d/ ? 1 : 0 %><%= "b" =~ /#{x}/ ? 1 : 0 %>,<% end %>"#).unwrap();
    for _ in 0..2 {
        assert_eq!(render(&tpl, &mut TestHost).unwrap(), "10,01,10,");
    }
}

/// Issue 34 (modules' custom facts): an assignment as the right operand of `&&`,
/// `Const::method` calls, splats in a block's nested parameters.
#[test]
fn assignments_in_conditions_and_nested_splats() {
    assert_eq!(
        r("<% if @name && n = @name.upcase %><%= n %><% end %>|<%= (x = nil) || (false || y = 2) %><%= y %>"),
        "WEB|22"
    );
    assert_eq!(
        r("<%= [[1, 2, 3], [4, 5, 6]].map { |(a, *rest)| rest.sum + a } %>"),
        "[6, 15]"
    );
    assert_eq!(
        r("<%= [['a', 1, 9], ['b', 2, 9]].each_with_object({}) { |(k, v, *), h| h[k] = v } %>"),
        "{\"a\"=>1, \"b\"=>2}"
    );
    assert_eq!(
        r("<%= [[1, 2, 3, 4]].map { |(a, *mid, z)| [a, mid, z] } %>"),
        "[[1, [2, 3], 4]]"
    );
    // `Const::method` is a call (here of a method of the template's module)
    assert_eq!(
        r("<% module M; def self.twice(x) x * 2 end; end %><%= M::twice(4) %>"),
        "8"
    );
}

/// Issue 34 (stdlib's `shuffle`, openstacklib's `os_database_connection`): multiple
/// assignment to indexes and attributes, `URI::Generic.build`, `Kernel.sprintf`, `rand`.
#[test]
fn multiple_assignment_to_indexes_and_uri_build() {
    assert_eq!(
        r("<% a = [1, 2, 3]; a[0], a[2] = a[2], a[0] %><%= a %>"),
        "[3, 2, 1]"
    );
    assert_eq!(
        r("<% h = {}; h['x'], h[:y] = 1, 2 %><%= h %>"),
        "{\"x\"=>1, :y=>2}"
    );
    assert_eq!(
        r("<%= URI::Generic.build({:scheme => 'mysql+pymysql', :host => 'db', :port => 3306, :userinfo => 'u:p', :path => '/nova', :query => 'charset=utf8'}).to_s %>"),
        "mysql+pymysql://u:p@db:3306/nova?charset=utf8"
    );
    assert_eq!(
        r("<%= URI::Generic.build(:scheme => 'sqlite', :path => '///x') %>|<%= URI::Generic.build(scheme: 'mysql', host: '::1', path: '/x').host %>"),
        "sqlite:///x|[::1]"
    );
    // (the test host's sprintf gives its argument count)
    assert_eq!(
        r("<%= Kernel.sprintf('%<a>s-%<b>s', {'a' => 1, 'b' => 2}) %>"),
        "2"
    );
    assert_eq!(
        r("<%= (1..50).map { rand(3) }.uniq.sort %>|<%= (1..20).all? { x = rand; x >= 0 && x < 1 } %>|<%= rand(5..5) %>"),
        "[0, 1, 2]|true|5"
    );
}

/// Issue 34 (stdlib's `to_toml`): appending to a string held by a variable, alone or in a
/// chain, gives the variable the longer string.
#[test]
fn appending_to_a_string_variable() {
    assert_eq!(
        r("<% s = 'a'; s << 'b'; @o = 'x'; @o << 'y' << 'z'; t = s.concat('!') %><%= s %>|<%= @o %>|<%= t %>"),
        "ab!|xyz|ab!"
    );
    assert_eq!(r("<%= 'a' << 'b' %>"), "ab");
    assert!(r("<% def f; 'a'; end; f << 'b' %>").contains("changing a string in place"));
}

/// Bang methods and `[]=` change the string of the variable or element they were called on
/// (answers from puppet-oracle).
#[test]
fn bang_methods_change_the_string_of_their_place() {
    assert_eq!(
        r("<% s = 'A-b'; r = s.gsub!('-', '_').size; n = s.gsub!('-', '_'); s.downcase!; h = {'k' => ' x '}; h['k'].strip!; s[0] = 'Z' %><%= s %>|<%= r %>|<%= n.inspect %>|<%= h['k'] %>"),
        "Z_b|3|nil|x"
    );
    // a string an array gives a block changes in the array too
    assert_eq!(
        r("<% w = %w[alpha beta]; w.each { |x| x.capitalize! }; h = {'a' => ' b '}; h.each { |k, v| v.strip! } %><%= w.join(' ') %>|<%= h['a'] %>"),
        "Alpha Beta|b"
    );
}

/// `divmod` without its argument is Ruby's arity error (it panicked: the fuzz corpus).
#[test]
fn divmod_without_argument() {
    assert!(r("<%= 7.divmod %>").contains("wrong number of arguments (given 0, expected 1)"));
    assert_eq!(r("<%= 7.divmod(2) %>"), "[3, 1]");
}

/// `File`'s path-text methods run in templates (zookeeper's environment.erb joins a path):
/// they read nothing; reading or writing a file stays refused (crash_tests). Answers from
/// puppet-oracle.
#[test]
fn file_path_methods_in_templates() {
    assert_eq!(
        r(
            r#"<%= File.join("a", "b/", "/c") %>|<%= File.basename("/x/y.erb", ".erb") %>|<%= File.dirname("/x/y/") %>|<%= File.extname("a.tar.gz") %>|<%= File::SEPARATOR %>|<%= File.join(["a", ["b"]]) %>"#
        ),
        "a/b/c|y|/x|.gz|/|a/b"
    );
}
