//! stdlib's collection and conversion functions: `merge`, `deep_merge`, `has_key`, `pick`,
//! `pick_default`, `delete`, `delete_undef_values`, `delete_values`, `delete_at`, `concat`,
//! `union`, `intersection`, `difference`, `member`, `prefix`, `suffix`,
//! `join_keys_to_values`, `values_at`, `zip`, `range`, `any2array`, `any2bool`, `bool2num`,
//! `str2bool`, `bool2str`, `dig44`, `count`, `hash`, `reject`, `dirname`, `basename`,
//! `enclose_ipv6`.

use super::old_api_error;
use crate::eval::{Closure, EvalResult, Evaluator};
// (Ruby's `inspect` of a value, as the older functions show arguments in errors)
use super::rb_class;
use crate::format::ruby::inspect;
use crate::format::to_display;
use crate::functions::signature::dispatch;
use crate::functions::{builtin, Builtin};
use crate::values::{Map, Value};
use std::rc::Rc;

type R = EvalResult;

fn err(message: String) -> R {
    Err(old_api_error(message))
}

/// Empty as the older API sees it: undef and `''`.
fn is_empty_arg(v: &Value) -> bool {
    matches!(v, Value::Undef) || matches!(v, Value::String(s) if s.is_empty())
}

fn merge(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> R {
    let which = dispatch(ev, args, b)?;
    let mut acc = Map::default();
    if which == 0 {
        for a in args {
            if let Value::Hash(h) = a {
                for (k, v) in h.iter() {
                    acc.insert(k.clone(), v.clone());
                }
            }
        }
        return Ok(Value::hash(acc));
    }
    let Some(l) = b else {
        return Ok(Value::hash(acc));
    };
    // The lambda dispatches' methods take one iterable (Ruby's ArgumentError otherwise).
    let [iterable] = args else {
        return err(format!(
            "wrong number of arguments (given {}, expected 1)",
            args.len()
        ));
    };
    // Three parameters: the accumulator, then a hash's key and value, or an index and a
    // value; two: the accumulator and each value.
    let items: Vec<(Value, Value)> = match iterable {
        Value::Hash(h) if which == 1 => h.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
        _ => crate::functions::iterate::values_of("merge", iterable)?
            .enumerate()
            .map(|(i, v)| (Value::Integer(i as i64), v))
            .collect(),
    };
    for (key, v) in items {
        let r = if which == 1 {
            ev.call_closure(l, &[Value::hash(acc.clone()), key, v])?
        } else {
            ev.call_closure(l, &[Value::hash(acc.clone()), v])?
        };
        if let Value::Hash(h) = r {
            for (k, v) in h.iter() {
                acc.insert(k.clone(), v.clone());
            }
        }
    }
    Ok(Value::hash(acc))
}

fn deep_merge_into(into: &mut Map, from: &Map) {
    for (k, v) in from.iter() {
        match (into.get_mut(k), v) {
            (Some(Value::Hash(old)), Value::Hash(new)) => {
                let mut m = old.as_ref().clone();
                deep_merge_into(&mut m, new);
                *old = Rc::new(m);
            }
            _ => {
                into.insert(k.clone(), v.clone());
            }
        }
    }
}

fn deep_merge(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.len() < 2 {
        return err(format!(
            "deep_merge(): wrong number of arguments ({}; must be at least 2)",
            args.len()
        ));
    }
    let mut acc = Map::default();
    for a in args {
        match a {
            Value::Hash(h) => deep_merge_into(&mut acc, h),
            v if is_empty_arg(v) => {}
            other => {
                return err(format!(
                    "deep_merge: unexpected argument type {}, only expects hash arguments",
                    rb_class(other)
                ))
            }
        }
    }
    Ok(Value::hash(acc))
}

fn has_key(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.len() != 2 {
        return err(format!(
            "has_key(): wrong number of arguments ({}; must be 2)",
            args.len()
        ));
    }
    let Value::Hash(h) = &args[0] else {
        // (the older API hands an undef argument over as '')
        let shown = match &args[0] {
            Value::Undef => "\"\"".to_string(),
            v => inspect(v),
        };
        return err(format!(
            "has_key(): expects the first argument to be a hash, got {} which is of type {}",
            shown,
            rb_class(&args[0])
        ));
    };
    Ok(Value::Boolean(h.contains_key(&args[1])))
}

fn pick(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    match args.iter().find(|v| !is_empty_arg(v)) {
        Some(v) => Ok(v.clone()),
        None => err("pick(): must receive at least one non empty value".into()),
    }
}

fn pick_default(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    let Some(last) = args.last() else {
        return err("Must receive at least one argument.".into());
    };
    match args.iter().find(|v| !is_empty_arg(v)) {
        Some(v) => Ok(v.clone()),
        None if last.is_undef() => Ok(Value::from("")),
        None => Ok(last.clone()),
    }
}

fn delete(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.len() != 2 {
        return err(format!(
            "delete(): Wrong number of arguments given {} for 2",
            args.len()
        ));
    }
    let items: Vec<Value> = match &args[1] {
        Value::Array(a) => a.to_vec(),
        other => vec![other.clone()],
    };
    match &args[0] {
        Value::Array(a) => Ok(Value::array(
            a.iter().filter(|v| !items.contains(v)).cloned().collect(),
        )),
        Value::Hash(h) => Ok(Value::hash(
            h.iter()
                .filter(|(k, _)| !items.contains(k))
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
        )),
        Value::String(s) => {
            let mut s = s.to_string();
            for i in &items {
                s = s.replace(&to_display(i), "");
            }
            Ok(Value::from(s))
        }
        other => err(format!(
            "delete(): First argument must be an Array, String, or Hash. Given an argument of class {}.",
            rb_class(other)
        )),
    }
}

fn delete_undef_values(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.len() != 1 {
        return err(format!(
            "delete_undef_values(): Wrong number of arguments given ({} for 1)",
            args.len()
        ));
    }
    match &args[0] {
        Value::Array(a) => Ok(Value::array(
            a.iter().filter(|v| !v.is_undef()).cloned().collect(),
        )),
        Value::Hash(h) => Ok(Value::hash(
            h.iter()
                .filter(|(_, v)| !v.is_undef())
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
        )),
        other => err(format!(
            "delete_undef_values(): expected an array or hash, got {} type  {} ",
            to_display(other),
            rb_class(other)
        )),
    }
}

fn delete_values(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.len() != 2 {
        return err(format!(
            "delete_values(): Wrong number of arguments given ({} of 2)",
            args.len()
        ));
    }
    let Value::Hash(h) = &args[0] else {
        return err(format!(
            "delete_values(): First argument must be a Hash. Given an argument of class {}.",
            rb_class(&args[0])
        ));
    };
    Ok(Value::hash(
        h.iter()
            .filter(|(_, v)| **v != args[1])
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect(),
    ))
}

fn delete_at(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.len() != 2 {
        return err(format!(
            "delete_at(): Wrong number of arguments given ({} for 2)",
            args.len()
        ));
    }
    let Value::Array(a) = &args[0] else {
        return err("delete_at(): Requires array to work with".into());
    };
    let i = match &args[1] {
        Value::Integer(i) => *i,
        Value::String(s) => s.parse().unwrap_or(-1),
        _ => -1,
    };
    if i < 0 || i as usize >= a.len() {
        return err("delete_at(): Given index exceeds size of array given".into());
    }
    let mut out = a.to_vec();
    out.remove(i as usize);
    Ok(Value::array(out))
}

fn concat(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.len() < 2 {
        return err(format!(
            "concat(): Wrong number of arguments given ({} for < 2)",
            args.len()
        ));
    }
    let Value::Array(a) = &args[0] else {
        return err("concat(): Requires array to work with".into());
    };
    let mut out = a.to_vec();
    for x in &args[1..] {
        match x {
            Value::Array(b) => out.extend(b.iter().cloned()),
            other => out.push(other.clone()),
        }
    }
    Ok(Value::array(out))
}

fn all_arrays(
    name: &str,
    args: &[Value],
) -> Result<Vec<Rc<crate::values::Array>>, crate::eval::Flow> {
    if args.len() < 2 {
        return Err(old_api_error(format!(
            "{name}(): Wrong number of arguments given ({} for < 2)",
            args.len()
        )));
    }
    args.iter()
        .map(|a| match a {
            Value::Array(x) => Ok(x.clone()),
            _ => Err(old_api_error(format!(
                "{name}(): Every parameter must be an array"
            ))),
        })
        .collect()
}

fn push_unique(out: &mut Vec<Value>, v: &Value) {
    if !out.contains(v) {
        out.push(v.clone());
    }
}

fn union(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    let arrays = all_arrays("union", args)?;
    let mut out = Vec::new();
    for a in &arrays {
        for v in a.iter() {
            push_unique(&mut out, v);
        }
    }
    Ok(Value::array(out))
}

fn intersection(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.len() != 2 {
        return err(format!(
            "intersection(): Wrong number of arguments given ({} for 2)",
            args.len()
        ));
    }
    let (Value::Array(a), Value::Array(b)) = (&args[0], &args[1]) else {
        return err(format!(
            "intersection(): Requires 2 arrays, got {} and {}",
            rb_class(&args[0]),
            rb_class(&args[1])
        ));
    };
    let mut out = Vec::new();
    for v in a.iter().filter(|v| b.contains(v)) {
        push_unique(&mut out, v);
    }
    Ok(Value::array(out))
}

fn difference(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.len() != 2 {
        return err(format!(
            "difference(): Wrong number of arguments given ({} for 2)",
            args.len()
        ));
    }
    let (Value::Array(a), Value::Array(b)) = (&args[0], &args[1]) else {
        return err("difference(): Requires 2 arrays".into());
    };
    Ok(Value::array(
        a.iter().filter(|v| !b.contains(v)).cloned().collect(),
    ))
}

fn member(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.len() != 2 {
        return err(format!(
            "member(): Wrong number of arguments given ({} for 2)",
            args.len()
        ));
    }
    let Value::Array(a) = &args[0] else {
        return err("member(): Requires array to work with".into());
    };
    let wanted: Vec<Value> = match &args[1] {
        Value::Array(x) if x.is_empty() => {
            return err("member(): You must provide item to search for within array given".into())
        }
        Value::Array(x) => x.to_vec(),
        Value::String(_) | Value::Integer(_) | Value::Float(_) => vec![args[1].clone()],
        _ => return err("member(): Item to search for must be a string, fixnum, or array".into()),
    };
    Ok(Value::Boolean(wanted.iter().all(|w| a.contains(w))))
}

/// `prefix` and `suffix`.
fn affix(name: &str, args: &[Value], before: bool) -> R {
    if args.is_empty() || args.len() > 2 {
        return err(format!(
            "{name}(): Wrong number of arguments given ({} for 1 or 2)",
            args.len()
        ));
    }
    let add = match args.get(1) {
        None | Some(Value::Undef) => String::new(),
        Some(Value::String(s)) => s.to_string(),
        Some(other) => {
            return err(format!(
                "{name}(): expected second argument to be a String, got {}",
                inspect(other)
            ))
        }
    };
    // (each element's text, its copy with `add`, and the value's copy of that)
    crate::expansion::reserve_text(&args[0], 16 + add.len(), 3)?;
    let f = |v: &Value| {
        let s = to_display(v);
        Value::from(if before {
            format!("{add}{s}")
        } else {
            format!("{s}{add}")
        })
    };
    match &args[0] {
        Value::Array(a) => Ok(Value::array(a.iter().map(f).collect())),
        Value::Hash(h) => Ok(Value::hash(
            h.iter().map(|(k, v)| (f(k), v.clone())).collect(),
        )),
        other => err(format!(
            "{name}(): expected first argument to be an Array or a Hash, got {}",
            inspect(other)
        )),
    }
}

fn prefix(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    affix("prefix", args, true)
}

fn suffix(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    affix("suffix", args, false)
}

fn join_keys_to_values(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.len() != 2 {
        return err(format!(
            "join_keys_to_values(): Takes exactly two arguments, but {} given.",
            args.len()
        ));
    }
    let Value::Hash(h) = &args[0] else {
        return err(
            "join_keys_to_values(): The first argument must be a hash, but a {} was given."
                .replace("{}", rb_class(&args[0]).as_str()),
        );
    };
    let Value::String(sep) = &args[1] else {
        return err(format!(
            "join_keys_to_values(): The second argument must be a string, but a {} was given.",
            rb_class(&args[1])
        ));
    };
    let mut out = Vec::new();
    for (k, v) in h.iter() {
        let k = to_display(k);
        match v {
            Value::Array(a) => {
                for x in a.iter() {
                    out.push(Value::from(format!("{k}{sep}{}", to_display(x))));
                }
            }
            Value::Undef => out.push(Value::from(format!("{k}{sep}"))),
            other => out.push(Value::from(format!("{k}{sep}{}", to_display(other)))),
        }
    }
    Ok(Value::array(out))
}

fn values_at(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.len() != 2 {
        return err(format!(
            "values_at(): Wrong number of arguments given ({} for 2)",
            args.len()
        ));
    }
    let Value::Array(a) = &args[0] else {
        return err("values_at(): Requires array to work with".into());
    };
    let wanted: Vec<Value> = match &args[1] {
        Value::Array(x) => x.to_vec(),
        other => vec![other.clone()],
    };
    let mut out = Vec::new();
    for w in wanted {
        let s = to_display(&w);
        let range = s.split_once('-').and_then(|(a, b)| {
            Some((
                a.trim().parse::<usize>().ok()?,
                b.trim().parse::<usize>().ok()?,
            ))
        });
        let indices: Vec<usize> = match range {
            Some((x, y)) if x <= y => (x..=y).collect(),
            Some(_) => return err(
                "values_at(): Stop index in given indices range is smaller than the start index"
                    .into(),
            ),
            None => match s.trim().parse::<usize>() {
                Ok(i) => vec![i],
                Err(_) => return err("values_at(): Unknown format of given index".into()),
            },
        };
        for i in indices {
            match a.get(i) {
                Some(v) => out.push(v.clone()),
                None => return err("values_at(): Given index exceeds array size".into()),
            }
        }
    }
    Ok(Value::array(out))
}

fn zip(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.len() < 2 || args.len() > 3 {
        return err(format!(
            "zip(): Wrong number of arguments given ({} for 2)",
            args.len()
        ));
    }
    if !matches!((&args[0], &args[1]), (Value::Array(_), Value::Array(_))) {
        return err("zip(): Requires array to work with".into());
    }
    let as_arr = |v: &Value| match v {
        Value::Array(a) => a.to_vec(),
        other => vec![other.clone()],
    };
    let (a, b) = (as_arr(&args[0]), as_arr(&args[1]));
    let flatten = args.get(2).is_some_and(|f| {
        matches!(f, Value::Boolean(true))
            || matches!(f, Value::String(s) if ["1", "t", "y", "true", "yes"].contains(&&**s))
    });
    let mut out = Vec::new();
    for (i, x) in a.iter().enumerate() {
        let y = b.get(i).cloned().unwrap_or(Value::Undef);
        if flatten {
            out.push(x.clone());
            out.push(y);
        } else {
            out.push(Value::array(vec![x.clone(), y]));
        }
    }
    Ok(Value::array(out))
}

/// Ruby's `String#succ` for the alphanumeric strings `range` steps through.
fn succ(s: &str) -> String {
    let mut chars: Vec<char> = s.chars().collect();
    let mut i = chars.len();
    while i > 0 {
        i -= 1;
        let c = chars[i];
        let (next, carry) = match c {
            'z' => ('a', true),
            'Z' => ('A', true),
            '9' => ('0', true),
            c if c.is_ascii_alphanumeric() => ((c as u8 + 1) as char, false),
            c => (c, false),
        };
        if !c.is_ascii_alphanumeric() {
            continue;
        }
        chars[i] = next;
        if !carry {
            return chars.into_iter().collect();
        }
        let at_start = !chars[..i].iter().any(|c| c.is_ascii_alphanumeric());
        if at_start {
            let ins = match c {
                'z' => 'a',
                'Z' => 'A',
                _ => '1',
            };
            chars.insert(i, ins);
            return chars.into_iter().collect();
        }
    }
    chars.into_iter().collect()
}

fn range(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.is_empty() {
        return err("range(): Wrong number of arguments given (0 for 1)".into());
    }
    let (start, stop, step) = if args.len() == 1 {
        let s = super::ruby_to_s(&args[0]);
        let parts: Option<(String, String)> = s
            .split_once("...")
            .or_else(|| s.split_once(".."))
            .map(|(a, b)| (a.to_string(), b.to_string()));
        let Some((a, b)) = parts else {
            return err("range(): Unable to compute range from the value: ".to_string() + &s);
        };
        (Value::from(a), Value::from(b), 1i64)
    } else {
        let step = args
            .get(2)
            .map(|v| to_display(v).parse::<i64>().unwrap_or(1).abs())
            .unwrap_or(1)
            .max(1);
        (args[0].clone(), args[1].clone(), step)
    };
    let as_int = |v: &Value| match v {
        Value::Integer(i) => Some(*i),
        Value::String(s) => s.parse::<i64>().ok(),
        Value::Float(f) => Some(*f as i64),
        _ => None,
    };
    if let (Some(a), Some(b)) = (as_int(&start), as_int(&stop)) {
        if b.saturating_sub(a) / step > 1_000_000 {
            return err("range(): the range is too large".into());
        }
        let mut out = Vec::new();
        let mut i = a;
        while i <= b {
            out.push(Value::Integer(i));
            i += step;
        }
        return Ok(Value::array(out));
    }
    let (a, b) = (super::ruby_to_s(&start), super::ruby_to_s(&stop));
    let mut out = Vec::new();
    // Ruby's String#upto: nothing when the start sorts after the end.
    if a > b {
        return Ok(Value::array(out));
    }
    let mut cur = a;
    let mut n = 0usize;
    // As Ruby's String#upto: the start always, then successors while not longer than the end.
    loop {
        if n > 1_000_000 {
            break;
        }
        if n.is_multiple_of(step as usize) {
            out.push(Value::from(cur.as_str()));
        }
        if cur == b {
            break;
        }
        let next = succ(&cur);
        if next == cur || next.len() > b.len() || next.is_empty() {
            break;
        }
        cur = next;
        n += 1;
    }
    Ok(Value::array(out))
}

fn any2array(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    match args {
        // (undef comes to the 3.x function as '', and `return [] if arguments == ['']`)
        [] | [Value::Undef] => Ok(Value::empty_array()),
        [Value::String(s)] if s.is_empty() => Ok(Value::empty_array()),
        [Value::Array(_)] => Ok(args[0].clone()),
        [Value::Hash(h)] => Ok(Value::array(
            h.iter().flat_map(|(k, v)| [k.clone(), v.clone()]).collect(),
        )),
        // (each undef argument as the '' it came as)
        _ => Ok(Value::array(
            args.iter()
                .map(|v| match v {
                    Value::Undef => Value::string(""),
                    v => v.clone(),
                })
                .collect(),
        )),
    }
}

fn str_to_bool(s: &str) -> Option<bool> {
    match s.to_ascii_lowercase().as_str() {
        "" | "0" | "f" | "n" | "false" | "no" | "undef" | "undefined" => Some(false),
        "1" | "t" | "y" | "true" | "yes" => Some(true),
        _ => None,
    }
}

fn any2bool(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.len() != 1 {
        return err(format!(
            "any2bool(): Wrong number of arguments given ({} for 1)",
            args.len()
        ));
    }
    Ok(Value::Boolean(match &args[0] {
        Value::Boolean(b) => *b,
        Value::Undef => false,
        Value::String(s) => match str_to_bool(s) {
            Some(b) => b,
            None => return err("str2bool(): Unknown type of boolean given".into()),
        },
        Value::Integer(i) => *i > 0,
        Value::Float(f) => *f > 0.0,
        _ => true,
    }))
}

fn bool2num(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.len() != 1 {
        return err(format!(
            "bool2num(): Wrong number of arguments given ({} for 1)",
            args.len()
        ));
    }
    let b = match &args[0] {
        Value::Boolean(b) => *b,
        Value::String(s) => match str_to_bool(s) {
            Some(b) => b,
            None => return err("str2bool(): Unknown type of boolean given".into()),
        },
        _ => return err("str2bool(): Requires string to work with".into()),
    };
    Ok(Value::Integer(b as i64))
}

fn str2bool(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.len() != 1 {
        return err(format!(
            "str2bool(): Wrong number of arguments given ({} for 1)",
            args.len()
        ));
    }
    match &args[0] {
        Value::Boolean(b) => Ok(Value::Boolean(*b)),
        Value::String(s) => match str_to_bool(s) {
            Some(b) => Ok(Value::Boolean(b)),
            None => err("str2bool(): Unknown type of boolean given".into()),
        },
        _ => err("str2bool(): Requires string to work with".into()),
    }
}

fn bool2str(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.len() != 1 && args.len() != 3 {
        return err(format!(
            "bool2str(): Wrong number of arguments given ({} for 3)",
            args.len()
        ));
    }
    let Value::Boolean(b) = &args[0] else {
        return err("bool2str(): Requires a boolean to work with".into());
    };
    if args.len() == 3 {
        if !args[1..].iter().all(|v| matches!(v, Value::String(_))) {
            return err("bool2str(): Requires strings to convert to".into());
        }
        return Ok(if *b { args[1].clone() } else { args[2].clone() });
    }
    Ok(Value::from(b.to_string()))
}

fn dig44(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    // (stdlib 8.5's: a fourth argument and more are left unused)
    if args.len() < 2 {
        return err(format!(
            "dig44(): Wrong number of arguments given ({} for at least 2)",
            args.len()
        ));
    }
    if !matches!(args[0], Value::Array(_) | Value::Hash(_)) {
        return err(format!(
            "dig44(): first argument must be a hash or an array, given {}",
            rb_class(&args[0])
        ));
    }
    let Value::Array(path) = &args[1] else {
        return err(format!(
            "dig44(): second argument must be an array, given {}",
            rb_class(&args[1])
        ));
    };
    let default = args.get(2).cloned().unwrap_or(Value::Undef);
    let mut cur = args[0].clone();
    for key in path.iter() {
        let next = match (&cur, key) {
            (Value::Hash(h), k) => h.get(k).cloned(),
            (Value::Array(a), Value::Integer(i)) => {
                let i = if *i < 0 { a.len() as i64 + i } else { *i };
                usize::try_from(i).ok().and_then(|i| a.get(i).cloned())
            }
            _ => None,
        };
        match next {
            Some(v) if !v.is_undef() => cur = v,
            _ => return Ok(default),
        }
    }
    Ok(cur)
}

fn count(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.is_empty() || args.len() > 2 {
        return err(format!(
            "count(): Wrong number of arguments given {} for 1 or 2.",
            args.len()
        ));
    }
    if !matches!(args[0], Value::Array(_) | Value::Hash(_)) {
        // (the module's source answers: Ruby's own error)
        return err("count(): the first argument must be an Array or a Hash".into());
    }
    let items: Vec<Value> = crate::functions::iterate::values_of("count", &args[0])?.collect();
    let n = match args.get(1) {
        Some(x) => items.iter().filter(|v| *v == x).count(),
        None => items.iter().filter(|v| !is_empty_arg(v)).count(),
    };
    Ok(Value::Integer(n as i64))
}

fn hash(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.len() != 1 {
        return err(format!(
            "hash(): Wrong number of arguments given ({} for 1)",
            args.len()
        ));
    }
    let Value::Array(a) = &args[0] else {
        return err("hash(): Requires array to work with".into());
    };
    let mut flat = Vec::new();
    crate::functions::collections::flatten_into(&mut flat, a);
    if flat.len() % 2 != 0 {
        return err("hash(): Unable to compute hash from array given".into());
    }
    let mut m = Map::default();
    for pair in flat.chunks(2) {
        m.insert(pair[0].clone(), pair[1].clone());
    }
    Ok(Value::hash(m))
}

fn reject(ev: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.len() != 2 {
        return err(format!(
            "reject(): Wrong number of arguments given ({} for 2)",
            args.len()
        ));
    }
    let Value::Array(a) = &args[0] else {
        return err("reject(): Requires array to work with".into());
    };
    let pattern = to_display(&args[1]);
    let re = crate::functions::regex::compile(ev, &pattern)?;
    Ok(Value::array(
        a.iter()
            .filter(|v| !matches!(v, Value::String(s) if re.matches(s)))
            .cloned()
            .collect(),
    ))
}

fn dirname(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    match args {
        [] => err("dirname(): No arguments given".into()),
        [Value::String(s)] if s.is_empty() => {
            err("dirname(): Requires a non-empty string as argument".into())
        }
        [Value::String(s)] => {
            let t = s.trim_end_matches('/');
            if t.is_empty() {
                return Ok(Value::from("/"));
            }
            Ok(Value::from(match t.rfind('/') {
                Some(0) => "/".to_string(),
                Some(i) => t[..i].trim_end_matches('/').to_string(),
                None => ".".to_string(),
            }))
        }
        [_] => err("dirname(): Requires string as argument".into()),
        _ => err(format!(
            "dirname(): Too many arguments given ({})",
            args.len()
        )),
    }
}

fn basename(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.is_empty() || args.len() > 2 {
        return err(format!(
            "basename(): {} arguments given",
            if args.is_empty() { "No" } else { "Too many" }
        ));
    }
    let Value::String(s) = &args[0] else {
        return err("basename(): Requires string as first argument".into());
    };
    let t = s.trim_end_matches('/');
    let mut base = t.rsplit('/').next().unwrap_or("").to_string();
    if t.is_empty() && !s.is_empty() {
        base = "/".into();
    }
    if let Some(Value::String(ext)) = args.get(1) {
        if let Some(b) = base.strip_suffix(&**ext) {
            if !b.is_empty() {
                base = b.to_string();
            }
        }
    }
    Ok(Value::from(base))
}

fn enclose_ipv6(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.len() != 1 {
        return err(format!(
            "enclose_ipv6(): Wrong number of arguments given ({} for 1)",
            args.len()
        ));
    }
    let items: Vec<Value> = match &args[0] {
        Value::Array(a) => a.to_vec(),
        Value::String(_) => vec![args[0].clone()],
        other => {
            return err(format!(
                "enclose_ipv6(): Wrong argument type given {} expected String or Array",
                rb_class(other)
            ))
        }
    };
    let mut out = Vec::new();
    for v in items {
        let s = to_display(&v);
        if s.parse::<std::net::Ipv6Addr>().is_ok() {
            out.push(Value::from(format!("[{s}]")));
        } else if s == "*" || s.parse::<std::net::IpAddr>().is_ok() || s.starts_with('[') {
            out.push(v);
        } else {
            return err(format!(
                "enclose_ipv6(): Wrong argument given {s} is not an ip address."
            ));
        }
    }
    Ok(Value::array(out))
}

fn uriescape(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    // (stdlib's source ignores arguments after the first)
    if args.is_empty() {
        return err(format!(
            "uriescape(): Wrong number of arguments given ({} for 1)",
            args.len()
        ));
    }
    // (three bytes for each escaped one, at most)
    crate::expansion::reserve_text(&args[0], 16, 4)?;
    let escape = |s: &str| {
        let mut out = String::new();
        for b in s.bytes() {
            if b.is_ascii_alphanumeric() || b"-_.!~*'();/?:@&=+$,[]".contains(&b) {
                out.push(b as char);
            } else {
                out.push_str(&format!("%{b:02X}"));
            }
        }
        Value::from(out)
    };
    match &args[0] {
        Value::String(s) => Ok(escape(s)),
        Value::Array(a) => Ok(Value::array(
            a.iter().map(|v| escape(&to_display(v))).collect(),
        )),
        _ => err("uriescape(): Requires either array or string to work with".into()),
    }
}

fn shell_join(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.len() != 1 {
        return err(format!(
            "shell_join(): Wrong number of arguments given ({} for 1)",
            args.len()
        ));
    }
    let Value::Array(a) = &args[0] else {
        return err("First argument is not an Array: ".to_string() + &inspect(&args[0]));
    };
    Ok(Value::from(
        a.iter()
            .map(|v| super::extra::shellwords_escape(&to_display(v)))
            .collect::<Vec<_>>()
            .join(" "),
    ))
}

const ANY: &[&str] = &["Any *$args"];

macro_rules! old {
    ($name:literal, $f:ident, $doc:literal) => {
        builtin(
            $name,
            ANY,
            $f,
            concat!($doc, "\n(stdlib, older function API)"),
        )
    };
}

pub fn builtins() -> Vec<Builtin> {
    vec![
        builtin("merge", &["Variant[Hash[Scalar, Any], Undef, String[0, 0]] *$args", "Iterable *$args, Callable[3, 3] &$block", "Iterable *$args, Callable[2, 2] &$block"], merge, "merge(Variant[Hash, Undef, String[0,0]] *$hashes) -> Hash\n(stdlib) The hashes merged; later keys win. With a lambda, merges the hashes it returns.\n\n    merge({a => 1}, {b => 2})   # {'a' => 1, 'b' => 2}"),
        old!("deep_merge", deep_merge, "deep_merge(Hash *$hashes) -> Hash\nThe hashes merged recursively; later values win.\n\n    deep_merge({a => {b => 1}}, {a => {c => 2}})   # {'a' => {'b' => 1, 'c' => 2}}"),
        old!("has_key", has_key, "has_key(Hash $hash, Any $key) -> Boolean\nWhether the hash has the key (deprecated: use `$key in $hash`).\n\n    has_key({a => 1}, 'a')   # true"),
        old!("pick", pick, "pick(Any *$values) -> Any\nThe first value that is not undef or empty; an error when there is none.\n\n    pick(undef, '', 2)   # 2"),
        old!("pick_default", pick_default, "pick_default(Any *$values) -> Any\nThe first value that is not undef or empty, else the last value.\n\n    pick_default(undef, 'x')   # 'x'"),
        old!("delete", delete, "delete(Variant[Array, Hash, String] $collection, Any $item) -> Any\nThe collection without the item(s) (elements, keys or substrings).\n\n    delete([1, 2, 1], 1)   # [2]"),
        old!("delete_undef_values", delete_undef_values, "delete_undef_values(Variant[Array, Hash] $collection) -> Any\nThe collection without undef values.\n\n    delete_undef_values([1, undef])   # [1]"),
        old!("delete_values", delete_values, "delete_values(Hash $hash, Any $value) -> Hash\nThe hash without the entries that have the value.\n\n    delete_values({a => 1, b => 2}, 1)   # {'b' => 2}"),
        old!("delete_at", delete_at, "delete_at(Array $array, Integer $index) -> Array\nThe array without the element at the index.\n\n    delete_at([1, 2, 3], 1)   # [1, 3]"),
        old!("concat", concat, "concat(Array $array, Any *$more) -> Array\nThe array with the arrays (or values) appended.\n\n    concat([1], [2, 3], 4)   # [1, 2, 3, 4]"),
        old!("union", union, "union(Array *$arrays) -> Array\nThe distinct elements of all the arrays.\n\n    union([1, 2], [2, 3])   # [1, 2, 3]"),
        old!("intersection", intersection, "intersection(Array $a, Array $b) -> Array\nThe distinct elements in both arrays.\n\n    intersection([1, 2], [2, 3])   # [2]"),
        old!("difference", difference, "difference(Array $a, Array $b) -> Array\nThe elements of the first array not in the second.\n\n    difference([1, 2], [2])   # [1]"),
        old!("member", member, "member(Array $array, Variant[Scalar, Array] $item) -> Boolean\nWhether the array contains the item (all of the items).\n\n    member([1, 2], 2)   # true"),
        old!("prefix", prefix, "prefix(Variant[Array, Hash] $items, String $prefix) -> Variant[Array, Hash]\nEach element (each key) with the prefix.\n\n    prefix(['a'], 'p_')   # ['p_a']"),
        old!("suffix", suffix, "suffix(Variant[Array, Hash] $items, String $suffix) -> Variant[Array, Hash]\nEach element (each key) with the suffix.\n\n    suffix(['a'], '.c')   # ['a.c']"),
        old!("join_keys_to_values", join_keys_to_values, "join_keys_to_values(Hash $hash, String $separator) -> Array\nEach key joined to its value (to each value of an array).\n\n    join_keys_to_values({a => 1}, '=')   # ['a=1']"),
        old!("values_at", values_at, "values_at(Array $array, Variant[Integer, String, Array] $indices) -> Array\nThe elements at the indices (`'1-3'` ranges allowed).\n\n    values_at(['a', 'b', 'c'], [0, 2])   # ['a', 'c']"),
        old!("zip", zip, "zip(Array $a, Array $b, Boolean $flatten) -> Array\nThe arrays' elements paired.\n\n    zip([1, 2], [3, 4])   # [[1, 3], [2, 4]]"),
        old!("range", range, "range(Any $start, Any $stop, Integer $step) -> Array\nThe integers or strings from start to stop.\n\n    range('host01', 'host03')   # ['host01', 'host02', 'host03']"),
        old!("any2array", any2array, "any2array(Any *$values) -> Array\nThe values as an array (a hash as its keys and values).\n\n    any2array('a')   # ['a']"),
        old!("any2bool", any2bool, "any2bool(Any $value) -> Boolean\nThe value as a boolean ('yes', 'true', '1', positive numbers are true).\n\n    any2bool('yes')   # true"),
        old!("bool2num", bool2num, "bool2num(Any $value) -> Integer\n1 for true, 0 for false.\n\n    bool2num(true)   # 1"),
        old!("str2bool", str2bool, "str2bool(String $string) -> Boolean\nThe string as a boolean ('yes', 'y', 'true', '1' / 'no', 'n', 'false', '0', '').\n\n    str2bool('yes')   # true"),
        old!("bool2str", bool2str, "bool2str(Boolean $value, String $true, String $false) -> String\nThe boolean as a string.\n\n    bool2str(false, 'on', 'off')   # 'off'"),
        old!("dig44", dig44, "dig44(Variant[Hash, Array] $data, Array $path, Any $default) -> Any\nThe value at the path, or the default.\n\n    dig44({a => {b => 1}}, ['a', 'b'])   # 1"),
        old!("count", count, "count(Iterable $items, Any $value) -> Integer\nHow many elements are not undef or empty (equal the value).\n\n    count([1, undef, 2])   # 2"),
        old!("hash", hash, "hash(Array $pairs) -> Hash\nAn array of keys and values as a hash.\n\n    hash(['a', 1])   # {'a' => 1}"),
        old!("reject", reject, "reject(Array $array, String $pattern) -> Array\nThe elements that do not match the regular expression.\n\n    reject(['aa', 'bb'], 'a')   # ['bb']"),
        old!("dirname", dirname, "dirname(String $path) -> String\nThe directory part of a path.\n\n    dirname('/a/b/c')   # '/a/b'"),
        old!("basename", basename, "basename(String $path, String $extension) -> String\nThe last part of a path, without the extension if given.\n\n    basename('/a/b.txt', '.txt')   # 'b'"),
        old!("uriescape", uriescape, "uriescape(Variant[String, Array] $value) -> Variant[String, Array]\nThe string(s) with characters unsafe in URIs %-escaped.\n\n    uriescape('a b')   # 'a%20b'"),
        old!("shell_join", shell_join, "shell_join(Array $words) -> String\nThe words escaped for a shell and joined with spaces.\n\n    shell_join(['a b', 'c'])   # 'a\\\\ b c'"),
        old!("enclose_ipv6", enclose_ipv6, "enclose_ipv6(Variant[String, Array] $addresses) -> Array\nIPv6 addresses in square brackets.\n\n    enclose_ipv6('::1')   # ['[::1]']"),
    ]
}
