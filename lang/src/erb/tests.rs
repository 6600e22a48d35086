//! Templates rendered against a host with a few variables.

use super::*;
use crate::values::{Map, Value};

struct TestHost;

impl Host for TestHost {
    fn variable(&mut self, name: &str) -> Option<Value> {
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
    fn call_function(&mut self, name: &str, args: Vec<Value>) -> Result<Value, String> {
        match name {
            "upcase" => Ok(Value::string(args[0].as_str().unwrap_or("").to_uppercase())),
            "sprintf" => Ok(Value::string(format!("{:?}", args.len()))),
            _ => Err(format!("Unknown function: '{name}'")),
        }
    }
    fn has_function(&mut self, name: &str) -> Result<bool, String> {
        Ok(name == "upcase")
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
    assert!(r("<%= 'a'.each_byte %>").contains("Unsupported"));
    assert_eq!(r("<%= (nil + 1 rescue 'r') %>"), "r");
    assert!(r("<%= [3, 'a'].sort %>").contains("comparison of Integer with String failed"));
}
