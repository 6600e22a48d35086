//! String functions: `split`, `join`, case and whitespace functions, `sprintf`, `strftime`,
//! `versioncmp`. (`match` and `regsubst` are in `regex`, `scanf` in `scanf`.)

use super::iterate::values_of;
use super::shims;
use super::signature::dispatch;
use super::{builtin, Builtin};
use crate::error::Error;
use crate::eval::{Closure, EvalResult, Evaluator};
use crate::values::{Map, Regexp, Value};
use std::cmp::Ordering;
use std::rc::Rc;

/// Ruby's `String#split` with a regexp: captures are included, trailing empty strings
/// dropped, an empty match splits between characters.
pub fn split_by(s: &str, re: &Regexp) -> Result<Vec<Value>, Error> {
    if let Some(literal) = plain_literal(re.source()) {
        return split_literal(s, &literal);
    }
    let mut out: Vec<Value> = Vec::new();
    let mut beg = 0;
    re.for_each_match(s, |groups| {
        let Some(Some((start, end))) = groups.first().copied() else {
            return Ok(());
        };
        if start == end && (start == beg || start >= s.len()) {
            return Ok(());
        }
        crate::limits::push(&mut out, s[beg..start].into())?;
        beg = end;
        for (a, b) in groups.iter().skip(1).flatten() {
            crate::limits::push(&mut out, s[*a..*b].into())?;
        }
        Ok(())
    })?;
    if beg < s.len() {
        out.push(s[beg..].into());
    }
    while matches!(out.last(), Some(Value::String(x)) if x.is_empty()) {
        out.pop();
    }
    Ok(out)
}

/// [`split_by`] a pattern without special characters: what its matches give, found as
/// text.
fn split_literal(s: &str, literal: &str) -> Result<Vec<Value>, Error> {
    let mut out: Vec<Value> = Vec::new();
    let mut one = literal.chars();
    match (one.next(), one.next()) {
        // (by `memchr` on the bytes: `str::split`'s searcher for a character cost ~130
        // instructions a part on short parts; an ASCII byte is never within another
        // character's bytes)
        (Some(c), None) if c.is_ascii() => {
            // (the parts counted first, so that the array is made at its size: growing
            // it copied the parts made so far at each doubling)
            let parts = memchr::memchr_iter(c as u8, s.as_bytes()).count() + 1;
            crate::limits::reserve_for::<Value>(parts)?;
            out.reserve_exact(parts);
            let mut from = 0;
            for at in memchr::memchr_iter(c as u8, s.as_bytes()) {
                crate::limits::push(&mut out, s[from..at].into())?;
                from = at + 1;
            }
            crate::limits::push(&mut out, s[from..].into())?;
        }
        (Some(c), None) => {
            for part in s.split(c) {
                crate::limits::push(&mut out, part.into())?;
            }
        }
        _ => {
            for part in s.split(literal) {
                crate::limits::push(&mut out, part.into())?;
            }
        }
    }
    while matches!(out.last(), Some(Value::String(x)) if x.is_empty()) {
        out.pop();
    }
    Ok(out)
}

/// The text a pattern matches when it is only that text: not empty, none of its
/// characters special in a regular expression but escaped punctuation (`\.`, `\/`).
fn plain_literal(source: &str) -> Option<std::borrow::Cow<'_, str>> {
    const SPECIAL: &[u8] = b"\\^$.|?*+()[]{}#";
    if source.is_empty() {
        return None;
    }
    if !source.bytes().any(|b| SPECIAL.contains(&b)) {
        return Some(source.into());
    }
    let mut text = String::with_capacity(source.len());
    let mut chars = source.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(e) if e.is_ascii() && (SPECIAL.contains(&(e as u8)) || "/-".contains(e)) => {
                    text.push(e)
                }
                _ => return None,
            },
            c if c.is_ascii() && SPECIAL.contains(&(c as u8)) => return None,
            c => text.push(c),
        }
    }
    Some(text.into())
}

fn split(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    let which = dispatch(ev, args, b)?;
    let s = args[0].as_str().unwrap_or_default();
    if let (0, Value::String(p)) = (which, &args[1]) {
        if let Some(literal) = plain_literal(p) {
            // (what the pattern's matches give, without making the pattern)
            return Ok(Value::array(split_literal(s, &literal)?));
        }
    }
    let re = match (which, &args[1]) {
        (0, Value::String(p)) => super::regex::compile(ev, p)?,
        (_, Value::Regexp(r)) => r.clone(),
        (_, Value::Type(t)) => match &**t {
            crate::types::PType::Regexp(Some(r)) => r.clone(),
            _ => super::regex::compile(ev, "")?,
        },
        _ => super::regex::compile(ev, "")?,
    };
    Ok(Value::array(split_by(s, &re)?))
}

fn join(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    let sep = args.get(1).and_then(Value::as_str).unwrap_or("");
    // the walk is as long as the value expanded (shared parts counted each time)
    crate::expansion::check_expansion(&args[0], 1 + sep.len())?;
    // An array of strings (the common case) is joined straight into the string value, of
    // its exact size (not grown by doubling, which needs up to twice the result, then
    // copied).
    if let Value::Array(a) = &args[0] {
        let total = a.iter().try_fold(0usize, |n, v| match v {
            Value::String(s) => n.checked_add(s.len()),
            _ => None,
        });
        if let Some(total) = total {
            let seps = sep.len().saturating_mul(a.len().saturating_sub(1));
            let len = total.saturating_add(seps);
            crate::limits::reserve(len)?;
            let parts = a.iter().map(|v| match v {
                Value::String(s) => &**s,
                _ => "",
            });
            return Ok(Value::String(prepl_core::rcstr::joined(parts, sep, len)));
        }
    }
    let mut out = String::new();
    // A nested array is one element, joined with the same separator, as in Ruby's
    // Array#join (an empty one is an empty element: `[[], 'a'].join(',')` is `,a`); walked
    // with a stack rather than recursion. Each element after the first of its array
    // follows a separator.
    let mut stack: Vec<(std::rc::Rc<crate::values::Array>, usize)> = Vec::new();
    if let Value::Array(a) = &args[0] {
        stack.push((a.clone(), 0));
    }
    while let Some((arr, i)) = stack.pop() {
        let Some(v) = arr.get(i) else { continue };
        stack.push((arr.clone(), i + 1));
        if i > 0 {
            crate::limits::push_str(&mut out, sep)?;
        }
        match v {
            Value::Array(inner) => stack.push((inner.clone(), 0)),
            Value::String(s) => crate::limits::push_str(&mut out, s)?,
            other => crate::limits::push_str(&mut out, &ruby_to_s(other))?,
        }
    }
    Ok(Value::from(out))
}

/// Ruby's `to_s` of a value (what `join` shows): hashes in Ruby's inspect form, regexps
/// as `(?-mix:...)`.
pub fn ruby_to_s(v: &Value) -> String {
    match v {
        Value::Hash(_) | Value::Array(_) => crate::format::ruby::inspect_objects(v),
        Value::Regexp(r) => crate::format::ruby::regexp_to_s(r),
        other => crate::format::to_display(other),
    }
}

/// Applies a string function to a string, or to the strings in an array or hash (keys and
/// values), recursively; other values are left as they are.
fn map_strings(v: &Value, f: &dyn Fn(&Rc<str>) -> Rc<str>, depth: usize) -> Result<Value, Error> {
    if depth > 1000 {
        return Err(Error::eval("nesting too deep"));
    }
    Ok(match v {
        Value::String(s) => {
            // (a new text about as long, and the value's copy of it: checked before)
            crate::limits::reserve(s.len().saturating_mul(2))?;
            Value::String(f(s))
        }
        Value::Array(a) => Value::array(
            a.iter()
                .map(|x| map_strings(x, f, depth + 1))
                .collect::<Result<_, _>>()?,
        ),
        Value::Hash(h) => {
            let mut m = Map::with_capacity(h.len());
            for (k, x) in h.iter() {
                m.insert(map_strings(k, f, depth + 1)?, map_strings(x, f, depth + 1)?);
            }
            Value::hash(m)
        }
        other => other.clone(),
    })
}

fn string_fn(
    ev: &mut Evaluator,
    args: &[Value],
    b: Option<&Closure>,
    f: &dyn Fn(&Rc<str>) -> Rc<str>,
) -> EvalResult {
    dispatch(ev, args, b)?;
    match &args[0] {
        Value::Iterator(_) => {
            let items = values_of(ev.current_builtin, &args[0])?;
            let all = ev.collect_checked(items)?;
            Ok(map_strings(&Value::array(all), f, 0)?)
        }
        v => Ok(map_strings(v, f, 0)?),
    }
}

/// Ruby's `String#capitalize`: the first character in title case, the rest lower case.
pub fn capitalize_str(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => {
            let mut out = titlecase(c);
            out.push_str(&downcase_str(chars.as_str()));
            out
        }
        None => String::new(),
    }
}

/// Ruby's `String#downcase`: each character's lower case, without the context rule for a
/// final sigma (`'ΣΑΣ'` is `'σασ'`).
pub fn downcase_str(s: &str) -> String {
    s.chars().flat_map(char::to_lowercase).collect()
}

/// The title case of a character: the digraphs have one of their own (`ǆ` → `ǅ`), and a
/// character whose upper case is several (`ß` → `SS`, `ﬁ` → `FI`) keeps the first of them
/// upper case only (`Ss`, `Fi`).
fn titlecase(c: char) -> String {
    match c {
        'Ǆ'..='ǆ' => "ǅ".into(),
        'Ǉ'..='ǉ' => "ǈ".into(),
        'Ǌ'..='ǌ' => "ǋ".into(),
        'Ǳ'..='ǳ' => "ǲ".into(),
        c => {
            let mut upper = c.to_uppercase();
            let mut out: String = upper.next().into_iter().collect();
            out.extend(upper.flat_map(char::to_lowercase));
            out
        }
    }
}

fn is_ruby_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\x0b' | '\x0c' | '\r' | '\0')
}

fn chomp_str(s: &str) -> &str {
    s.strip_suffix("\r\n")
        .or_else(|| s.strip_suffix('\n'))
        .or_else(|| s.strip_suffix('\r'))
        .unwrap_or(s)
}

fn chop_str(s: &str) -> &str {
    if let Some(t) = s.strip_suffix("\r\n") {
        return t;
    }
    let mut chars = s.chars();
    chars.next_back();
    chars.as_str()
}

/// A string function that makes a new text.
fn made(f: fn(&str) -> String) -> impl Fn(&Rc<str>) -> Rc<str> {
    move |s| f(s).into()
}

/// A string function that keeps a part of the text: the same string when it is all of it.
fn part(f: fn(&str) -> &str) -> impl Fn(&Rc<str>) -> Rc<str> {
    move |s| {
        let t = f(s);
        if t.len() == s.len() {
            s.clone()
        } else {
            t.into()
        }
    }
}

/// A change of case: on ASCII text, `ascii` changes a copy in place (one allocation).
fn case(f: fn(&str) -> String, upper: bool) -> impl Fn(&Rc<str>) -> Rc<str> {
    move |s| {
        if !s.is_ascii() {
            return f(s).into();
        }
        // (made in one pass into the new string)
        prepl_core::rcstr::ascii_case(s, upper)
    }
}

macro_rules! string_fns {
    ($($name:ident => $f:expr;)*) => {
        $(fn $name(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
            string_fn(ev, args, b, &$f)
        })*
    };
}

string_fns! {
    upcase => case(|s| s.to_uppercase(), true);
    downcase => case(downcase_str, false);
    capitalize => made(capitalize_str);
    camelcase => made(|s| s.split('_').map(capitalize_str).collect::<String>());
    strip => part(|s| s.trim_matches(is_ruby_space));
    lstrip => part(|s| s.trim_start_matches(is_ruby_space));
    rstrip => part(|s| s.trim_end_matches(is_ruby_space));
    chomp => part(chomp_str);
    chop => part(chop_str);
}

/// Ruby's class name of a value in a conversion error (`sprintf`'s, a Ruby-era function's):
/// `nil`, `true`, `false`, else its class (`format::ruby::conversion_class`).
pub fn ruby_class(v: &Value) -> String {
    crate::format::ruby::conversion_class(v)
}

fn sprintf(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    let Some(first) = args.first() else {
        return Err(
            Error::eval("sprintf(): Wrong number of arguments given (0 for minimum 1)").into(),
        );
    };
    let Some(fmt) = first.as_str() else {
        return Err(Error::eval(format!(
            "no implicit conversion of {} into String",
            ruby_class(first)
        ))
        .into());
    };
    // (the texts it copies, each perhaps twice: checked before they are)
    let texts: usize = args.iter().filter_map(Value::as_str).map(str::len).sum();
    crate::limits::reserve(texts.saturating_mul(2))?;
    // (the older API hands a version or a binary over as its string: `%d` of one is
    // Ruby's "invalid value for Integer()")
    let args: Vec<Value> = args[1..]
        .iter()
        .map(|v| match v {
            Value::SemVer(_) | Value::SemVerRange(_) | Value::Binary(_) => {
                Value::from(crate::format::to_display(v))
            }
            v => v.clone(),
        })
        .collect();
    Ok(Value::string_checked(shims::sprintf(fmt, &args)?)?)
}

fn strftime(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    let which = dispatch(ev, args, b)?;
    let text = |v: Option<&Value>| v.and_then(Value::as_str).map(str::to_string);
    let s = match (which, &args[0]) {
        (0, Value::Timespan(t)) => {
            shims::format_timespan(t, &text(args.get(1)).unwrap_or_default())?
        }
        (1, Value::Timestamp(t)) => shims::format_timestamp(
            t,
            &text(args.get(1)).unwrap_or_default(),
            text(args.get(2)).as_deref(),
        )?,
        _ => {
            ev.deprecation_at_call("The argument signature (String format, [String timezone]) is deprecated for #strftime. See #strftime documentation and Timespan type for more info");
            shims::format_timestamp(
                &crate::time::Timestamp::now(),
                &text(args.first()).unwrap_or_default(),
                text(args.get(1)).as_deref(),
            )?
        }
    };
    Ok(Value::from(s))
}

/// Splits a version into runs of digits, runs of other characters, and `-`/`.` separators.
fn version_parts(v: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut rest = v;
    while let Some(c) = rest.chars().next() {
        let len = if c == '-' || c == '.' {
            1
        } else if c.is_ascii_digit() {
            rest.find(|x: char| !x.is_ascii_digit())
                .unwrap_or(rest.len())
        } else {
            rest.find(|x: char| x == '-' || x == '.' || x.is_ascii_digit())
                .unwrap_or(rest.len())
        };
        parts.push(&rest[..len]);
        rest = &rest[len..];
    }
    parts
}

/// The reference's `Puppet::Util::Package.normalize`: the version split at `-` (Ruby's
/// `split`, which drops empty parts at the end), the last run of `.` and `0` characters
/// taken off its first part (`sub!(/([\.0]+)$/, '')`: `1.0.0` is `1`, and `10` is `1`
/// too), joined again.
fn strip_trailing_zeroes(v: &str) -> std::borrow::Cow<'_, str> {
    let kept = v.trim_end_matches('-');
    match kept.split_once('-') {
        None => kept.trim_end_matches(['.', '0']).into(),
        Some((first, rest)) => format!("{}-{rest}", first.trim_end_matches(['.', '0'])).into(),
    }
}

/// Puppet's package version comparison.
pub fn versioncmp_str(a: &str, b: &str, ignore_trailing_zeroes: bool) -> Ordering {
    let (a, b) = if ignore_trailing_zeroes {
        (strip_trailing_zeroes(a), strip_trailing_zeroes(b))
    } else {
        (a.into(), b.into())
    };
    let (a, b) = (&*a, &*b);
    let (ax, bx) = (version_parts(a), version_parts(b));
    for (x, y) in ax.iter().zip(bx.iter()) {
        if x == y {
            continue;
        }
        let o = match (*x, *y) {
            ("-", _) => Ordering::Less,
            (_, "-") => Ordering::Greater,
            (".", _) => Ordering::Less,
            (_, ".") => Ordering::Greater,
            _ => {
                let digits = |s: &str| s.bytes().all(|c| c.is_ascii_digit());
                if digits(x) && digits(y) && !x.starts_with('0') && !y.starts_with('0') {
                    let (xt, yt) = (x.trim_start_matches('0'), y.trim_start_matches('0'));
                    xt.len().cmp(&yt.len()).then_with(|| xt.cmp(yt))
                } else {
                    x.to_uppercase().cmp(&y.to_uppercase())
                }
            }
        };
        return o;
    }
    a.cmp(b)
}

fn versioncmp(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    let ignore = matches!(args.get(2), Some(Value::Boolean(true)));
    // (the reference drops trailing zeroes from the first '-'-separated part, which a
    // version of nothing but '-' has not: its Ruby fails there)
    if ignore
        && args[..2]
            .iter()
            .any(|v| v.as_str().is_some_and(|s| s.chars().all(|c| c == '-')))
    {
        return Err(Error::eval("undefined method `sub!' for nil:NilClass").into());
    }
    let o = versioncmp_str(
        args[0].as_str().unwrap_or_default(),
        args[1].as_str().unwrap_or_default(),
        ignore,
    );
    Ok(Value::Integer(o as i64))
}

const ON_STRINGS: &[&str] = &[
    "Numeric $arg",
    "String $arg",
    "Iterable[Variant[String, Numeric]] $arg",
];
const ON_STRING_DATA: &[&str] = &[
    "Numeric $arg",
    "String $arg",
    "Array[StringData] $arg",
    "Hash[StringData, StringData] $arg",
];

pub fn builtins() -> Vec<Builtin> {
    vec![
        builtin("split", &["String $str, String $pattern", "String $str, Regexp $pattern", "String $str, Type[Regexp] $pattern"], split, "split(String $str, Variant[String, Regexp, Type[Regexp]] $pattern)\nThe parts of the string between matches of the pattern (a string pattern is a regexp).\n\n    split('a,b,c', ',')   # ['a', 'b', 'c']"),
        builtin("join", &["Array $arg, String $delimiter?"], join, "join(Array $arg, String $delimiter?)\nThe elements (nested arrays flattened) as strings, joined by the delimiter.\n\n    join([1, 'a'], '-')   # '1-a'"),
        builtin("upcase", ON_STRING_DATA, upcase, "upcase(Variant[String, Array, Hash, Numeric] $arg)\nUpper case; arrays and hashes have their strings converted.\n\n    upcase('abc')   # 'ABC'"),
        builtin("downcase", ON_STRING_DATA, downcase, "downcase(Variant[String, Array, Hash, Numeric] $arg)\nLower case; arrays and hashes have their strings converted.\n\n    downcase('ABC')   # 'abc'"),
        builtin("capitalize", ON_STRINGS, capitalize, "capitalize(Variant[String, Iterable[String], Numeric] $arg)\nThe first character upper case, the rest lower case.\n\n    capitalize('hello world')   # 'Hello world'"),
        builtin("camelcase", ON_STRINGS, camelcase, "camelcase(Variant[String, Iterable[String], Numeric] $arg)\nEach '_'-separated word capitalized, the underscores removed.\n\n    camelcase('foo_bar')   # 'FooBar'"),
        builtin("strip", ON_STRINGS, strip, "strip(Variant[String, Iterable[String], Numeric] $arg)\nWithout leading and trailing whitespace.\n\n    strip('  a  ')   # 'a'"),
        builtin("lstrip", ON_STRINGS, lstrip, "lstrip(Variant[String, Iterable[String], Numeric] $arg)\nWithout leading whitespace.\n\n    lstrip('  a ')   # 'a '"),
        builtin("rstrip", ON_STRINGS, rstrip, "rstrip(Variant[String, Iterable[String], Numeric] $arg)\nWithout trailing whitespace.\n\n    rstrip(' a  ')   # ' a'"),
        builtin("chomp", ON_STRINGS, chomp, "chomp(Variant[String, Iterable[String], Numeric] $arg)\nWithout one trailing line ending (\\n, \\r\\n or \\r).\n\n    chomp(\"abc\\n\")   # 'abc'"),
        builtin("chop", ON_STRINGS, chop, "chop(Variant[String, Iterable[String], Numeric] $arg)\nWithout the last character (\\r\\n counts as one).\n\n    chop('abc')   # 'ab'"),
        builtin("sprintf", &["Any *$args"], sprintf, "sprintf(String $format, Any *$args)\nFormats the arguments with a printf-style format.\n\n    sprintf('%05.1f', 3.14159)   # '003.1'"),
        builtin("strftime", &["Timespan $time_object, String $format", "Timestamp $time_object, String $format, String $timezone?", "String $format, String $timezone?"], strftime, "strftime(Variant[Timespan, Timestamp] $time_object, String $format, String $timezone?)\nFormats a time value (%Y %m %d %H %M %S %L %N %j %A %B %z ...).\n\n    strftime(Timespan(3723), '%H:%M:%S')   # '01:02:03'"),
        builtin("versioncmp", &["String $a, String $b, Boolean $ignore_trailing_zeroes?"], versioncmp, "versioncmp(String $a, String $b, Boolean $ignore_trailing_zeroes?)\n-1, 0 or 1 comparing two package version strings.\n\n    versioncmp('1.2', '1.10')   # -1"),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strs(v: Result<Vec<Value>, Error>) -> Vec<String> {
        v.expect("no regexp failure")
            .iter()
            .map(|x| x.as_str().unwrap().to_string())
            .collect()
    }

    #[test]
    fn ruby_split() {
        let re = |s: &str| Regexp::new(s).unwrap();
        assert_eq!(strs(split_by("a,b,c", &re(","))), ["a", "b", "c"]);
        assert_eq!(strs(split_by("a1b22c", &re("\\d+"))), ["a", "b", "c"]);
        assert_eq!(strs(split_by("abc", &re(""))), ["a", "b", "c"]);
        assert_eq!(strs(split_by(",a,,", &re(","))), ["", "a"]);
        assert_eq!(strs(split_by("a-b", &re("(-)"))), ["a", "-", "b"]);
        assert!(strs(split_by("", &re(","))).is_empty());
    }

    /// Patterns of plain text split as the regular expression engine splits by them.
    #[test]
    fn plain_patterns_split_as_the_engine_does() {
        let re = |s: &str| Regexp::new(s).unwrap();
        let texts = [
            "",
            ",",
            ",,",
            "a",
            "a,b",
            ",a,,b,,",
            "a::b:::c::",
            "ab",
            "xabyabab",
            "é,😀,",
            " a  b ",
            "abab",
            "a.b\\.c.",
            "x\n\ny\n",
            "a\tb",
            "/a/-b-",
            "\\\\$a()",
        ];
        for literal in [
            ",", "::", "ab", " ", "a-b", "'\"", "=>", "\\.", "a\\.b", "\n", "\t", "é", "😀,",
            "\\/", "\\-", "\\\\", "\\$a", "\\(\\)",
        ] {
            assert!(plain_literal(literal).is_some(), "{literal:?}");
            let engine = re(&format!("(?:{literal})"));
            assert!(plain_literal(engine.source()).is_none());
            for text in texts {
                assert_eq!(
                    strs(split_by(text, &re(literal))),
                    strs(split_by(text, &engine)),
                    "{text:?} split by {literal:?}"
                );
            }
        }
        for special in [
            "", ".", "a|b", "\\s", "a*", "^a", "[,]", "(a)", "a{2}", "a?", "$", "#", "\\", "a\\",
            "\\A", "\\d", "\\n", "\\<", "\\é",
        ] {
            assert!(plain_literal(special).is_none(), "{special:?}");
        }
    }

    #[test]
    fn versions_compare_like_puppet() {
        use Ordering::*;
        assert_eq!(versioncmp_str("1.2", "1.10", false), Less);
        assert_eq!(versioncmp_str("1.0.0", "1.0.0", false), Equal);
        assert_eq!(versioncmp_str("2", "1.9", false), Greater);
        assert_eq!(versioncmp_str("1.0a", "1.0b", false), Less);
        assert_eq!(versioncmp_str("1.0-rc1", "1.0", false), Greater);
        assert_eq!(versioncmp_str("1.01", "1.1", false), Less);
        assert_eq!(versioncmp_str("1.0.0", "1.0", true), Equal);
        // (the reference's normalizing takes the last run of '.' and '0' off the first
        // '-'-separated part, a number's own zeroes too; `builtins` seed 97)
        assert_eq!(versioncmp_str("2.0.10", "10", true), Greater);
        assert_eq!(versioncmp_str("100", "1", true), Equal);
        assert_eq!(versioncmp_str("1.0-1.0", "1-1", true), Greater);
        assert_eq!(versioncmp_str("1.0-", "1", true), Equal);
        assert_eq!(versioncmp_str("-1.0", "-1", true), Greater);
        assert_eq!(versioncmp_str("1.0--2", "1--2", true), Equal);
        assert_eq!(versioncmp_str("1.0-rc.0", "1-rc", true), Greater);
    }

    #[test]
    fn case_and_whitespace() {
        assert_eq!(capitalize_str("hELLO"), "Hello");
        assert_eq!(capitalize_str("ÅBC"), "Åbc");
        // Found by the differential tester (strings): title case, no final-sigma rule.
        assert_eq!(capitalize_str("ǆxİ"), "ǅxi\u{307}");
        assert_eq!(capitalize_str(" ,YΣ"), " ,yσ");
        assert_eq!(capitalize_str("ßA"), "Ssa");
        assert_eq!(capitalize_str("ﬁX"), "Fix");
        assert_eq!(downcase_str("-Éz😀ςYΣ"), "-éz😀ςyσ");
        assert_eq!(chomp_str("abc\r\n"), "abc");
        assert_eq!(chop_str("ab\r\n"), "ab");
        assert_eq!(chop_str(""), "");
    }
}
