//! Regular expression functions: `match` and `regsubst`.

use super::signature::dispatch;
use super::{builtin, Builtin};
use crate::error::Error;
use crate::eval::{Closure, EvalResult, Evaluator};
use crate::types::PType;
use crate::values::{Regexp, Value};
use std::rc::Rc;

/// Ruby's wording of a pattern that does not compile: `end pattern with unmatched
/// parenthesis: /(/`, its options after it as Ruby writes them (`/[/mix`). `detail` is the
/// Rust engines' message.
fn ruby_regex_error(source: &str, options: &str, detail: &str) -> Error {
    let d = detail.to_ascii_lowercase();
    let what = if d.contains("unclosed group") || d.contains("without closing parenthesis") {
        "end pattern with unmatched parenthesis"
    } else if d.contains("unopened group")
        || d.contains("without opening parenthesis")
        || d.contains("end of string not reached")
    {
        "unmatched close parenthesis"
    } else if d.contains("unclosed character class") || d.contains("character class") {
        "premature end of char-class"
    } else if d.contains("repetition operator missing expression")
        || d.contains("target of repeat operator")
    {
        "target of repeat operator is not specified"
    } else if d.contains("backslash without following") || d.contains("incomplete escape") {
        "too short escape sequence"
    } else if d.contains("invalid repetition count") || has_inverted_repeat(source) {
        "upper is smaller than lower in repeat range"
    } else {
        detail
    };
    // (the pattern as Ruby's message writes it: a `/` escaped, control characters as
    // `\xNN`, non-ASCII ones as `\uNNNN` when the pattern also holds a character Ruby
    // does not print as it is)
    let shown = crate::syntax::ruby_regexp::ruby_description(source);
    Error::eval(format!("{what}: {shown}{options}"))
}

/// Whether a pattern has a repeat range like `{2,1}`.
fn has_inverted_repeat(source: &str) -> bool {
    source.split('{').skip(1).any(|rest| {
        let Some(body) = rest.split('}').next() else {
            return false;
        };
        match body.split_once(',') {
            Some((a, b)) => matches!((a.parse::<u64>(), b.parse::<u64>()), (Ok(x), Ok(y)) if y < x),
            None => false,
        }
    })
}

/// Compiles a pattern given as a string (cached), with Ruby's wording for bad patterns.
pub fn compile(ev: &mut Evaluator, source: &str) -> Result<Rc<Regexp>, Error> {
    compile_shared(ev, &source.into())
}

/// [`compile`] of a string value's text (no copy of it made for the look-up).
fn compile_shared(ev: &mut Evaluator, source: &Rc<str>) -> Result<Rc<Regexp>, Error> {
    ev.regex(source).map_err(|_| match Regexp::new(source) {
        Err(detail) => ruby_regex_error(source, "", &detail),
        Ok(_) => Error::eval(format!("invalid regular expression: /{source}/")),
    })
}

/// `match` of one string against a pattern, as the reference walks it: a string is compiled,
/// a regexp used, an alias resolved, a Variant's, a Pattern's and an array's (flattened)
/// entries tried in order until one matches; only the entries tried are checked, so a bad
/// one after a match is never seen.
fn match_pattern(ev: &mut Evaluator, s: &str, p: &Value, depth: usize) -> EvalResult<Value> {
    check_depth(depth)?;
    match p {
        Value::String(src) => {
            let re = compile_shared(ev, src)?;
            Ok(match_one(s, std::slice::from_ref(&re))?)
        }
        Value::Regexp(r) => Ok(match_one(s, std::slice::from_ref(r))?),
        Value::Array(items) => first_match(items.iter(), |p| match_pattern(ev, s, p, depth + 1)),
        Value::Type(t) => match_type(s, t, depth),
        other => Err(bad_pattern(&crate::format::ruby::class_name(other)).into()),
    }
}

/// [`match_pattern`] of a type: `Regexp[r]`, `Pattern[...]`, a Variant of those, an alias.
fn match_type(s: &str, t: &PType, depth: usize) -> EvalResult<Value> {
    check_depth(depth)?;
    match t {
        PType::Regexp(Some(r)) => Ok(match_one(s, std::slice::from_ref(r))?),
        PType::Regexp(None) => {
            Err(Error::eval("Given Regexp Type has no regular expression").into())
        }
        PType::Pattern(rs) => Ok(match_one(s, rs)?),
        PType::Variant(types) => first_match(types, |t| match_type(s, t, depth + 1)),
        PType::Alias(a) => match_type(s, &a.resolved(), depth + 1),
        // (the first member of their definitions, which is no pattern, is what is named)
        PType::Data => match_type(s, &PType::ScalarData, depth + 1),
        PType::RichData => match_type(s, &PType::Scalar, depth + 1),
        other => Err(bad_pattern(&crate::format::ruby::type_class(other)).into()),
    }
}

/// The first match of the patterns, tried in order (undef when none matches).
fn first_match<T>(
    patterns: impl IntoIterator<Item = T>,
    mut try_one: impl FnMut(T) -> EvalResult<Value>,
) -> EvalResult<Value> {
    for p in patterns {
        let found = try_one(p)?;
        if !found.is_undef() {
            return Ok(found);
        }
    }
    Ok(Value::Undef)
}

fn check_depth(depth: usize) -> Result<(), Error> {
    if depth > crate::limits::MAX_VALUE_DEPTH {
        return Err(Error::eval("match(): the pattern nests too deeply"));
    }
    Ok(())
}

/// `match`'s error for a pattern of no usable kind, named by its Ruby class.
fn bad_pattern(class: &str) -> Error {
    Error::eval(format!(
        "match() expects pattern of T, where T is String, Regexp, Regexp[r], Pattern[p], or Array[T]. Got {class}"
    ))
}

/// The captures of the first matching pattern (`undef` for groups that took no part).
fn match_one(s: &str, res: &[Rc<Regexp>]) -> Result<Value, Error> {
    for re in res {
        if let Some(caps) = re.captures(s)? {
            return Ok(Value::array(
                caps.into_iter()
                    .map(|c| c.map_or(Value::Undef, Value::from))
                    .collect(),
            ));
        }
    }
    Ok(Value::Undef)
}

fn match_(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    let which = dispatch(ev, args, b)?;
    match (which, &args[0]) {
        (1, Value::Array(items)) => {
            let mut out = Vec::with_capacity(items.len());
            for s in items.iter() {
                out.push(match_pattern(
                    ev,
                    s.as_str().unwrap_or_default(),
                    &args[1],
                    0,
                )?);
            }
            Ok(Value::array(out))
        }
        (_, s) => match_pattern(ev, s.as_str().unwrap_or_default(), &args[1], 0),
    }
}

/// Expands a Ruby replacement string into `out`: `\0`/`\&`, `\1`..`\9`, `\k<name>`,
/// `` \` ``, `\'`, `\\`. With a named group in the pattern (`named`), Ruby expands `\1`..`\9`
/// to nothing: only `\k<name>` reaches a group.
fn expand(
    out: &mut String,
    repl: &str,
    text: &str,
    groups: &[Option<(usize, usize)>],
    re: &Regexp,
    named: bool,
) -> Result<(), Error> {
    let group = |i: usize| {
        groups
            .get(i)
            .copied()
            .flatten()
            .map_or("", |(a, b)| &text[a..b])
    };
    let mut chars = repl.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('0') => out.push_str(group(0)),
            Some('1'..='9') if named => {}
            Some(d @ '1'..='9') => out.push_str(group(d as usize - '0' as usize)),
            Some('&') => out.push_str(group(0)),
            Some('`') => out.push_str(&text[..groups[0].map_or(0, |g| g.0)]),
            Some('\'') => out.push_str(&text[groups[0].map_or(0, |g| g.1)..]),
            Some('\\') => out.push('\\'),
            Some('k') if chars.peek() == Some(&'<') => {
                chars.next();
                let name: String = chars.by_ref().take_while(|&c| c != '>').collect();
                match re.group_index(&name) {
                    Some(i) => out.push_str(group(i)),
                    None => {
                        return Err(Error::eval(format!(
                            "undefined group name reference: {name}"
                        )))
                    }
                }
            }
            Some(other) => {
                out.push('\\');
                out.push(other);
            }
            None => out.push('\\'),
        }
    }
    Ok(())
}

/// Whether a replacement may refer to a group by number (`\1`..`\9`).
fn has_numbered_reference(repl: &str) -> bool {
    repl.as_bytes()
        .windows(2)
        .any(|w| w[0] == b'\\' && matches!(w[1], b'1'..=b'9'))
}

fn substitute(s: &str, re: &Regexp, repl: &Value, global: bool) -> Result<String, Error> {
    let mut out = String::with_capacity(s.len());
    let mut last = 0;
    // (whether the pattern names its groups matters only to `\1`..`\9`, which then give
    // nothing: its names are not asked for otherwise)
    let named =
        matches!(repl, Value::String(r) if has_numbered_reference(r)) && re.has_named_groups();
    // (one buffer for every match's expansion)
    let mut expanded = String::new();
    let mut replace = |groups: &[Option<(usize, usize)>]| -> Result<(), Error> {
        let Some(Some((a, b))) = groups.first().copied() else {
            return Ok(());
        };
        crate::limits::push_str(&mut out, &s[last..a])?;
        match repl {
            Value::Hash(h) => {
                let found = h.get(&Value::from(&s[a..b]));
                crate::limits::push_str(&mut out, found.and_then(Value::as_str).unwrap_or(""))?;
            }
            other => {
                expanded.clear();
                expand(
                    &mut expanded,
                    other.as_str().unwrap_or_default(),
                    s,
                    groups,
                    re,
                    named,
                )?;
                crate::limits::push_str(&mut out, &expanded)?;
            }
        }
        last = b;
        Ok(())
    };
    // Matches are found as they are replaced (the first alone without `G`), not
    // collected first.
    if global {
        re.for_each_match(s, replace)?;
    } else if let Some(groups) = re.first_match(s)? {
        replace(&groups)?;
    }
    out.push_str(&s[last..]);
    Ok(out)
}

fn regsubst(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    let which = dispatch(ev, args, b)?;
    let flags = args.get(3).and_then(Value::as_str).unwrap_or("");
    let re: Rc<Regexp> = match (which, &args[1]) {
        (0, Value::String(p)) => {
            // Ruby's options, in the order its messages write them (`M` is its multiline
            // option, which the regexp module reads as dot-all).
            let options: String = [('M', 'm'), ('I', 'i'), ('E', 'x')]
                .iter()
                .filter(|(flag, _)| flags.contains(*flag))
                .map(|(_, option)| *option)
                .collect();
            if options.is_empty() {
                compile_shared(ev, p)?
            } else {
                let src = format!("(?{options}){p}");
                Rc::new(Regexp::new(&src).map_err(|e| ruby_regex_error(p, &options, &e))?)
            }
        }
        (_, Value::Regexp(r)) => r.clone(),
        (_, Value::Type(t)) => match &**t {
            PType::Regexp(Some(r)) => r.clone(),
            _ => compile(ev, "")?,
        },
        _ => compile(ev, "")?,
    };
    let global = flags.contains('G');
    let repl = &args[2];
    let one = |s: &Value| substitute(s.as_str().unwrap_or_default(), &re, repl, global);
    Ok(match &args[0] {
        Value::Array(items) => Value::array(
            items
                .iter()
                .map(|s| one(s).map(Value::from))
                .collect::<Result<_, _>>()?,
        ),
        s => Value::from(one(s)?),
    })
}

pub fn builtins() -> Vec<Builtin> {
    vec![
        builtin("match", &["String $string, Variant[Any, Type] $pattern", "Array[String] $string, Variant[Any, Type] $pattern"], match_, "match(Variant[String, Array[String]] $string, Variant[String, Regexp, Type[Regexp], Type[Pattern], Array] $pattern)\nThe match and its groups as an array, or undef (an array of those for an array).\n\n    'abc'.match(/(b)(c)/)   # ['bc', 'b', 'c']"),
        builtin("regsubst", &["Variant[Array[String], String] $target, String $pattern, Variant[String, Hash[String, String]] $replacement, Optional[Pattern[/^[GEIM]*$/]] $flags?, Enum['E', 'N', 'S', 'U'] $encoding?", "Variant[Array[String], String] $target, Variant[Regexp, Type[Regexp]] $pattern, Variant[String, Hash[String, String]] $replacement, Pattern[/^G?$/] $flags?"], regsubst, "regsubst(Variant[String, Array[String]] $target, Variant[String, Regexp] $pattern, Variant[String, Hash] $replacement, String $flags?)\nReplaces the first (flag G: every) match; flags I (ignore case), M (. matches newline),\nE (extended); \\0 and \\1..\\9 in the replacement stand for the match and its groups.\n\n    regsubst('hello', 'l', 'L', 'G')   # 'heLLo'"),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ruby_wording_of_bad_patterns() {
        let word = |p: &str| ruby_regex_error(p, "", &Regexp::new(p).err().unwrap()).message;
        assert_eq!(word("("), "end pattern with unmatched parenthesis: /(/");
        assert_eq!(word(")"), "unmatched close parenthesis: /)/");
        assert_eq!(word("[a"), "premature end of char-class: /[a/");
        assert_eq!(word("*"), "target of repeat operator is not specified: /*/");
        assert_eq!(word("a\\"), "too short escape sequence: /a\\/");
        assert_eq!(
            word("a{2,1}"),
            "upper is smaller than lower in repeat range: /a{2,1}/"
        );
    }

    #[test]
    fn ruby_replacements() {
        let sub = |text: &str, re: &str, repl: &str, global: bool| {
            substitute(text, &Regexp::new(re).unwrap(), &Value::from(repl), global)
        };
        assert_eq!(sub("hello", "(h)(e)", "\\2\\1", false).unwrap(), "ehllo");
        assert_eq!(sub("a.b.c", "\\.", "\\0\\0", true).unwrap(), "a..b..c");
        assert_eq!(sub("hello", "l", "L", false).unwrap(), "heLlo");
        assert_eq!(sub("ab", "a", "\\\\", false).unwrap(), "\\b");
        assert_eq!(sub("abc", "(?<x>b)", "[\\k<x>]", false).unwrap(), "a[b]c");
        // With a named group, `\1` is nothing (Ruby's gsub), `\0` the match.
        assert_eq!(sub("s1", "(?<n>\\d)", "<\\1>", true).unwrap(), "s<>");
        assert_eq!(
            sub("s1", "(?<n>\\d)", "<\\0\\k<n>>", true).unwrap(),
            "s<11>"
        );
        assert_eq!(
            sub("ab1", "(?<n>\\d)|(x)", "<\\2\\0>", false).unwrap(),
            "ab<1>"
        );
        assert_eq!(
            sub("ab", "(?<x>a)", "\\k<y>", false).unwrap_err().message,
            "undefined group name reference: y"
        );
    }
}
