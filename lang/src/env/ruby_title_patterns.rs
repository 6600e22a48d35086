//! The title patterns of a resource type written in Ruby (`def self.title_patterns`), read
//! statically as the rest of the type is: the method's body is parsed with the Ruby parser
//! of ERB templates and evaluated over the few values title patterns are made of (regular
//! expressions, strings, symbols, arrays, `nil`, booleans), with local variables,
//! `if`/`unless`, `Regexp.new`, and the helper methods of the type file and of the files it
//! requires (`PuppetX::Keystone::CompositeNamevar.basic_split_title_patterns(:name, :type)`,
//! `not_two_colon_regex`). Anything else makes the reading give up: the type then has no
//! title patterns (the title is its namevar's value).

use crate::erb::ruby::ast::{Kind, Node, Part};
use rustc_hash::FxHashMap as HashMap;

/// A title pattern: a regular expression in Ruby's syntax (with its options as an inline
/// group) and the parameters its captures set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pattern {
    pub regex: String,
    pub params: Vec<String>,
}

/// A method of a Ruby file: `def name(params)` or `def self.name(params)`.
#[derive(Debug, Clone)]
pub struct Method {
    pub name: String,
    /// The parameter list as written (`prefix, suffix, separator = '::', *regexps`).
    pub params: String,
    pub body: String,
}

/// The methods a Ruby file defines (the body runs up to the `end` indented as the `def`).
pub fn methods(source: &str) -> Vec<Method> {
    let lines: Vec<&str> = source.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(rest) = line.trim_start().strip_prefix("def ") else {
            continue;
        };
        let rest = rest.trim();
        let rest = rest.strip_prefix("self.").unwrap_or(rest);
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || matches!(c, '_' | '?' | '!'))
            .collect();
        if name.is_empty() {
            continue;
        }
        let params = rest[name.len()..].trim();
        let params = params
            .strip_prefix('(')
            .and_then(|p| p.strip_suffix(')'))
            .unwrap_or(params)
            .to_string();
        let indent = line.len() - line.trim_start().len();
        let body: Vec<&str> = lines[i + 1..]
            .iter()
            .take_while(|l| !(l.trim() == "end" && l.len() - l.trim_start().len() <= indent))
            .copied()
            .collect();
        out.push(Method {
            name,
            params,
            body: body.join("\n"),
        });
    }
    out
}

/// The title patterns of the type in `type_source` (`None` when it defines none or they
/// cannot be read), with the methods of the files it requires.
pub fn read(type_source: &str, required: &[Method]) -> Option<Vec<Pattern>> {
    if !type_source.contains("def self.title_patterns") {
        return None;
    }
    let own = methods(type_source);
    let title_patterns = own.iter().find(|m| m.name == "title_patterns")?;
    let mut all: Vec<Method> = required.to_vec();
    all.extend(own.iter().cloned());
    let reader = Reader {
        methods: &all,
        depth: 0,
    };
    let value = reader.call(title_patterns, Vec::new())?;
    let V::Array(entries) = value else {
        return None;
    };
    entries
        .iter()
        .map(|entry| {
            let V::Array(pair) = entry else { return None };
            let [V::Re { source, flags }, V::Array(params), ..] = pair.as_slice() else {
                return None;
            };
            let params = params
                .iter()
                .map(|p| match p {
                    V::Array(inner) => match inner.first() {
                        Some(V::Sym(s)) => Some(s.clone()),
                        _ => None,
                    },
                    V::Sym(s) => Some(s.clone()),
                    _ => None,
                })
                .collect::<Option<Vec<String>>>()?;
            Some(Pattern {
                regex: with_options(source, flags),
                params,
            })
        })
        .collect()
}

/// A regular expression with its options written in: `(?m-ix:source)`, as Ruby's
/// `Regexp#to_s` writes it (and reads it back); without options, the source.
fn with_options(source: &str, flags: &str) -> String {
    if flags.is_empty() {
        return source.to_string();
    }
    to_s(source, flags)
}

/// Ruby's `Regexp#to_s`: `(?-mix:source)`, the options on before the `-`.
fn to_s(source: &str, flags: &str) -> String {
    let on: String = "mix".chars().filter(|c| flags.contains(*c)).collect();
    let off: String = "mix".chars().filter(|c| !flags.contains(*c)).collect();
    let off = if off.is_empty() {
        String::new()
    } else {
        format!("-{off}")
    };
    format!("(?{on}{off}:{source})")
}

/// The values title patterns are made of.
#[derive(Debug, Clone, PartialEq)]
enum V {
    Nil,
    Bool(bool),
    Int(i64),
    Str(String),
    Sym(String),
    Re { source: String, flags: String },
    Array(Vec<V>),
}

impl V {
    fn truthy(&self) -> bool {
        !matches!(self, V::Nil | V::Bool(false))
    }

    /// The text it gives interpolated into a regular expression or a string.
    fn interpolated(&self) -> Option<String> {
        Some(match self {
            V::Str(s) | V::Sym(s) => s.clone(),
            V::Int(i) => i.to_string(),
            V::Re { source, flags } => to_s(source, flags),
            V::Nil => String::new(),
            _ => return None,
        })
    }
}

struct Reader<'m> {
    methods: &'m [Method],
    depth: usize,
}

type Env = HashMap<String, V>;

impl Reader<'_> {
    /// Calls a method with arguments: its parameters bound (defaults, `*rest`), its body
    /// evaluated.
    fn call(&self, m: &Method, args: Vec<V>) -> Option<V> {
        if self.depth > 16 {
            return None;
        }
        let inner = Reader {
            methods: self.methods,
            depth: self.depth + 1,
        };
        let mut env = Env::default();
        let mut args = args.into_iter();
        for param in split_params(&m.params) {
            if let Some(rest) = param.strip_prefix('*') {
                env.insert(rest.trim().to_string(), V::Array(args.by_ref().collect()));
                continue;
            }
            let (name, default) = match param.split_once('=') {
                Some((n, d)) => (n.trim(), Some(d.trim())),
                None => (param.trim(), None),
            };
            let value = match (args.next(), default) {
                (Some(v), _) => v,
                (None, Some(d)) => inner.eval_source(d, &mut Env::default())?,
                (None, None) => return None,
            };
            env.insert(name.to_string(), value);
        }
        inner.eval_source(&m.body, &mut env)
    }

    /// Parses and evaluates Ruby code, giving the value of its last statement.
    fn eval_source(&self, source: &str, env: &mut Env) -> Option<V> {
        let mut toks = Vec::new();
        crate::erb::ruby::lexer::lex(source, 0, &mut toks).ok()?;
        let nodes = crate::erb::ruby::parser::parse(toks).ok()?;
        self.eval_all(&nodes, env)
    }

    fn eval_all(&self, nodes: &[Node], env: &mut Env) -> Option<V> {
        let mut last = V::Nil;
        for n in nodes {
            last = self.eval(n, env)?;
        }
        Some(last)
    }

    fn eval(&self, n: &Node, env: &mut Env) -> Option<V> {
        Some(match &n.kind {
            Kind::Nil => V::Nil,
            Kind::True => V::Bool(true),
            Kind::False => V::Bool(false),
            Kind::Int(i) => V::Int(*i),
            Kind::Str(parts) => V::Str(self.text(parts, env)?),
            Kind::Sym(parts) => V::Sym(self.text(parts, env)?),
            Kind::Regex(parts, flags, _) => V::Re {
                source: self.text(parts, env)?,
                flags: flags.clone(),
            },
            Kind::Array(items) => {
                let mut out = Vec::new();
                for item in items {
                    match &item.kind {
                        Kind::Splat(inner) => match self.eval(inner, env)? {
                            V::Array(a) => out.extend(a),
                            other => out.push(other),
                        },
                        _ => out.push(self.eval(item, env)?),
                    }
                }
                V::Array(out)
            }
            Kind::LVar(name) => env.get(&**name)?.clone(),
            Kind::Assign(target, value) => {
                let name = local_name(target)?;
                let v = self.eval(value, env)?;
                env.insert(name.to_string(), v.clone());
                v
            }
            Kind::OpAssign(target, op, value) => {
                let name = local_name(target)?;
                let old = env.get(name)?.clone();
                let v = self.eval(value, env)?;
                let new = match (op.as_str(), old, v) {
                    ("+", V::Array(mut a), V::Array(b)) => {
                        a.extend(b);
                        V::Array(a)
                    }
                    ("+", V::Str(a), V::Str(b)) => V::Str(a + &b),
                    _ => return None,
                };
                env.insert(name.to_string(), new.clone());
                new
            }
            Kind::And(a, b) => {
                let a = self.eval(a, env)?;
                if a.truthy() {
                    self.eval(b, env)?
                } else {
                    a
                }
            }
            Kind::Or(a, b) => {
                let a = self.eval(a, env)?;
                if a.truthy() {
                    a
                } else {
                    self.eval(b, env)?
                }
            }
            Kind::Not(a) => V::Bool(!self.eval(a, env)?.truthy()),
            Kind::If(cond, then, otherwise) => {
                if self.eval(cond, env)?.truthy() {
                    self.eval_all(then, env)?
                } else {
                    self.eval_all(otherwise, env)?
                }
            }
            Kind::Seq(nodes) => self.eval_all(nodes, env)?,
            Kind::Call {
                recv,
                name,
                args,
                block: None,
                vcall,
            } => {
                if *vcall {
                    if let Some(v) = env.get(&**name) {
                        return Some(v.clone());
                    }
                }
                let mut values = Vec::with_capacity(args.len());
                for a in args {
                    values.push(self.eval(a, env)?);
                }
                match recv.as_deref().map(|r| &r.kind) {
                    // `Regexp.new(/re/)`, `Regexp.new('re')`
                    Some(Kind::Const(c)) if c == "Regexp" && name == "new" => {
                        match values.first()? {
                            re @ V::Re { .. } => re.clone(),
                            V::Str(s) => V::Re {
                                source: s.clone(),
                                flags: String::new(),
                            },
                            _ => return None,
                        }
                    }
                    // A module's method (`PuppetX::Keystone::CompositeNamevar.x`).
                    Some(Kind::Const(_)) | None => {
                        let m = self.methods.iter().rev().find(|m| *m.name == **name)?;
                        self.call(m, values)?
                    }
                    Some(_) => {
                        let receiver = self.eval(recv.as_deref()?, env)?;
                        method(receiver, name, values)?
                    }
                }
            }
            _ => return None,
        })
    }

    /// The text of a string, symbol or regular expression, interpolations included.
    fn text(&self, parts: &[Part], env: &mut Env) -> Option<String> {
        let mut out = String::new();
        for p in parts {
            match p {
                Part::Lit(s) => out.push_str(s),
                Part::Code(code) => out.push_str(&self.eval(code, env)?.interpolated()?),
            }
        }
        Some(out)
    }
}

/// The local variable an assignment sets (the first assignment of a name reads as a call).
fn local_name(target: &Node) -> Option<&str> {
    match &target.kind {
        Kind::LVar(name)
        | Kind::Call {
            name, vcall: true, ..
        } => Some(name),
        _ => None,
    }
}

/// The few methods of values title patterns call.
fn method(receiver: V, name: &str, args: Vec<V>) -> Option<V> {
    Some(match (name, receiver, args.as_slice()) {
        ("empty?", V::Array(a), []) => V::Bool(a.is_empty()),
        ("empty?", V::Str(s), []) => V::Bool(s.is_empty()),
        ("count" | "size" | "length", V::Array(a), []) => V::Int(a.len() as i64),
        ("==", a, [b]) => V::Bool(a == *b),
        ("!=", a, [b]) => V::Bool(a != *b),
        ("[]", V::Array(a), [V::Int(i)]) => {
            let i = if *i < 0 { a.len() as i64 + i } else { *i };
            usize::try_from(i)
                .ok()
                .and_then(|i| a.get(i).cloned())
                .unwrap_or(V::Nil)
        }
        _ => return None,
    })
}

/// The parameters of a parameter list, split at the commas outside brackets and quotes.
fn split_params(list: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut quote, mut start) = (0i32, None, 0);
    for (i, c) in list.char_indices() {
        match (quote, c) {
            (Some(q), _) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '\'' | '"') => quote = Some(c),
            (None, '(' | '[' | '{') => depth += 1,
            (None, ')' | ']' | '}') => depth -= 1,
            (None, ',') if depth == 0 => {
                out.push(list[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    if !list[start..].trim().is_empty() {
        out.push(list[start..].trim());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn regexps(patterns: &[Pattern]) -> Vec<(&str, Vec<&str>)> {
        patterns
            .iter()
            .map(|p| (&*p.regex, p.params.iter().map(|s| &**s).collect()))
            .collect()
    }

    #[test]
    fn literal_patterns_with_options() {
        let src = "Puppet::Type.newtype(:b) do\n  def self.title_patterns\n    [\n      [\n        %r{(^([^@]*)$)}m,\n        [\n          [:name]\n        ]\n      ],\n      [\n        %r{^((\\S+)@(\\S+)@(\\S+))$}m,\n        [\n          [:name],\n          [:source],\n          [:destination],\n          [:vhost]\n        ]\n      ]\n    ]\n  end\nend\n";
        let p = read(src, &[]).unwrap();
        assert_eq!(
            regexps(&p),
            [
                ("(?m-ix:(^([^@]*)$))", vec!["name"]),
                (
                    "(?m-ix:^((\\S+)@(\\S+)@(\\S+))$)",
                    vec!["name", "source", "destination", "vhost"]
                )
            ]
        );
    }

    /// keystone's types: locals holding regular expressions interpolated into the patterns,
    /// helper methods of a required file, an `if` on the arguments.
    #[test]
    fn locals_and_helper_methods() {
        let helpers = methods(
            "module PuppetX\n  module CompositeNamevar\n    def self.not_two_colon_regex\n      # Anything but 2 consecutive colons.\n      Regexp.new(/(?:[^:]|:[^:])+/)\n    end\n\n    def self.basic_split_title_patterns(prefix, suffix, separator = '::', *regexps)\n      associated_regexps = []\n      if regexps.empty? and separator == '::'\n        associated_regexps += [not_two_colon_regex, not_two_colon_regex]\n      else\n        if regexps.count != 2\n          raise(Puppet::DevError, 'You must provide two regexps')\n        else\n          associated_regexps += regexps\n        end\n      end\n      prefix_re = associated_regexps[0]\n      suffix_re = associated_regexps[1]\n      [\n        [\n          /^(#{prefix_re})#{separator}(#{suffix_re})$/,\n          [\n            [prefix],\n            [suffix]\n          ]\n        ],\n        [\n          /^(#{prefix_re})$/,\n          [\n            [prefix]\n          ]\n        ]\n      ]\n    end\n  end\nend\n",
        );
        let service = "Puppet::Type.newtype(:s) do\n  def self.title_patterns\n    PuppetX::CompositeNamevar.basic_split_title_patterns(:name, :type)\n  end\nend\n";
        let any = "(?-mix:(?:[^:]|:[^:])+)";
        assert_eq!(
            regexps(&read(service, &helpers).unwrap()),
            [
                (&*format!("^({any})::({any})$"), vec!["name", "type"]),
                (&*format!("^({any})$"), vec!["name"])
            ]
        );
        let role = "Puppet::Type.newtype(:r) do\n  def self.title_patterns\n    user = PuppetX::CompositeNamevar.not_two_colon_regex\n    project = Regexp.new(/(?:[^:@]|:[^:@])+/)\n    [\n      [\n        /^(#{user})@(#{project})$/,\n        [\n          [:user],\n          [:project]\n        ]\n      ]\n    ]\n  end\nend\n";
        assert_eq!(
            regexps(&read(role, &helpers).unwrap()),
            [(
                &*format!("^({any})@((?-mix:(?:[^:@]|:[^:@])+))$"),
                vec!["user", "project"]
            )]
        );
    }

    #[test]
    fn what_cannot_be_read_gives_none() {
        assert!(read("Puppet::Type.newtype(:x) do\nend\n", &[]).is_none());
        let unknown = "Puppet::Type.newtype(:x) do\n  def self.title_patterns\n    compute_them(1)\n  end\nend\n";
        assert!(read(unknown, &[]).is_none());
    }
}
