//! More of stdlib's older functions: `base64`, `num2bool`, `clamp`, `to_bytes`,
//! `convert_base`, `fqdn_rotate`, `fqdn_uuid`, `fqdn_rand_string`, `seeded_rand`,
//! `reverse`, `swapcase`, `regexpescape`, `grep`, `delete_regex`, `stdlib::extname`.

use super::old_api_error;
use crate::convert::binary;
use crate::eval::{Closure, EvalResult, Evaluator};
use crate::format::to_display;
use crate::functions::environment::deterministic_rand;
use crate::functions::signature::dispatch;
use crate::functions::{builtin, Builtin};
use crate::values::Value;
use sha1::Digest;

type R = EvalResult;

fn err(message: String) -> R {
    Err(old_api_error(message))
}

fn base64(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.len() < 2 {
        return err(format!(
            "base64(): Wrong number of arguments ({}; must be >= 2)",
            args.len()
        ));
    }
    let action = args[0].as_str().unwrap_or_default();
    if action != "encode" && action != "decode" {
        return err("base64(): the first argument must be one of 'encode' or 'decode'".into());
    }
    let Value::String(text) = &args[1] else {
        return err("base64(): the second argument must be a string to base64".into());
    };
    let method = match args.get(2) {
        None => "default",
        Some(Value::String(m)) if ["default", "strict", "urlsafe"].contains(&&**m) => m,
        _ => {
            return err(
                "base64(): the third argument must be one of 'default', 'strict', or 'urlsafe'"
                    .into(),
            )
        }
    };
    // (encoded: four bytes for three, and line breaks)
    crate::limits::reserve(text.len() / 3 * 4 + text.len() / 45 + 8)?;
    let out = match (action, method) {
        ("encode", "strict") => binary::encode_strict(text.as_bytes()),
        ("encode", "urlsafe") => binary::encode_urlsafe(text.as_bytes()),
        ("encode", _) => binary::encode_relaxed(text.as_bytes()),
        (_, "strict") => {
            let b = binary::decode_strict(text)
                .ok_or_else(|| old_api_error("invalid base64".into()))?;
            String::from_utf8_lossy(&b).into_owned()
        }
        (_, "urlsafe") => {
            let b = binary::decode_urlsafe(text)
                .ok_or_else(|| old_api_error("invalid base64".into()))?;
            String::from_utf8_lossy(&b).into_owned()
        }
        _ => String::from_utf8_lossy(&binary::decode_lenient(text)).into_owned(),
    };
    Ok(Value::from(out))
}

fn num2bool(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.len() != 1 {
        return err(format!(
            "num2bool(): Wrong number of arguments given ({} for 1)",
            args.len()
        ));
    }
    let n = match &args[0] {
        Value::Integer(i) => *i,
        Value::Float(f) => *f as i64,
        Value::String(s) => match s.trim().parse::<f64>() {
            Ok(f) => f as i64,
            Err(_) => {
                return err(format!(
                "num2bool(): '{s}' does not look like a number: invalid value for Float(): {s:?}"
            ))
            }
        },
        _ => 0,
    };
    Ok(Value::Boolean(n > 0))
}

fn clamp(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    let mut items = Vec::new();
    crate::functions::collections::flatten_into(&mut items, args);
    if items.len() != 3 {
        return err("clamp(): Wrong number of arguments, need three to clamp".into());
    }
    let mut nums = Vec::new();
    for v in &items {
        nums.push(match v {
            Value::String(s) if s.chars().all(|c| c.is_ascii_digit()) && !s.is_empty() => {
                s.parse::<i64>().unwrap_or(0)
            }
            Value::String(s) => {
                return err(format!("clamp(): Required explicit numeric ({s}:String)"))
            }
            Value::Hash(_) => {
                return err(format!(
                    "clamp(): The Hash type is not allowed ({})",
                    to_display(v)
                ))
            }
            Value::Integer(i) => *i,
            Value::Float(f) => *f as i64,
            _ => 0,
        });
    }
    nums.sort();
    Ok(Value::Integer(nums[1]))
}

fn to_bytes(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.len() != 1 {
        return err(format!(
            "to_bytes(): Wrong number of arguments given ({} for 1)",
            args.len()
        ));
    }
    let s = match &args[0] {
        Value::Integer(_) | Value::Float(_) => return Ok(args[0].clone()),
        other => to_display(other),
    };
    let num_end = s
        .find(|c: char| !(c.is_ascii_digit() || ".e+-".contains(c)))
        .unwrap_or(s.len());
    let value: f64 = s[..num_end].parse().unwrap_or(0.0);
    let rest = s[num_end..].trim_start();
    let prefix = rest.chars().next().filter(|c| *c != 'b' && *c != 'B');
    let shift = match prefix {
        None => 0,
        Some('k') => 10,
        Some('M') => 20,
        Some('G') => 30,
        Some('T') => 40,
        Some('P') => 50,
        Some('E') => 60,
        Some(p) => return err(format!("to_bytes(): Unknown prefix {p}")),
    };
    Ok(Value::Integer((value * (1u64 << shift) as f64) as i64))
}

fn convert_base(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.len() != 2 {
        return err(format!(
            "convert_base(): Wrong number of arguments given ({} for 2)",
            args.len()
        ));
    }
    let as_int = |v: &Value, which: &str| -> Result<i64, crate::eval::Flow> {
        match v {
            Value::Integer(i) => Ok(*i),
            Value::String(s) if !s.is_empty() && s.chars().all(|c| c.is_ascii_digit()) => {
                Ok(s.parse().unwrap_or(0))
            }
            Value::String(_) => Err(old_api_error("convert_base(): First argument must be an integer or a string corresponding to an integer in base 10".into())),
            _ => Err(old_api_error(format!("convert_base(): {which} argument must be either a string or an integer"))),
        }
    };
    let n = as_int(&args[0], "First")?;
    let base = as_int(&args[1], "Second")?;
    if !(2..=36).contains(&base) {
        return err(
            "convert_base(): base must be at least 2 and must not be greater than 36".into(),
        );
    }
    let (neg, mut m) = (n < 0, n.unsigned_abs());
    let mut digits = Vec::new();
    loop {
        digits.push(std::char::from_digit((m % base as u64) as u32, base as u32).unwrap_or('0'));
        m /= base as u64;
        if m == 0 {
            break;
        }
    }
    if neg {
        digits.push('-');
    }
    Ok(Value::from(digits.into_iter().rev().collect::<String>()))
}

/// `$::fqdn` (None when it is not set: the reference's strict variables make that an error).
fn fqdn_var(ev: &Evaluator) -> Option<String> {
    ev.lookup_variable("::fqdn").map(|v| match v {
        Value::Undef => String::new(),
        v => to_display(&v),
    })
}

/// `get_module_path(name)`: the directory of the module on the modulepath (its path there,
/// links not followed), as stdlib's (postfix reads its lenses so).
fn get_module_path(ev: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.len() != 1 {
        return err("get_module_path(): Wrong number of arguments, expects one".into());
    }
    let name = super::ruby_to_s(&args[0]);
    match crate::env::modules::module_dir(&ev.env, &name) {
        Some(dir) => Ok(Value::from(dir.display().to_string())),
        None => err(format!(
            "Could not find module {name} in environment {}",
            ev.env.name
        )),
    }
}

fn fqdn_rotate(ev: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.is_empty() {
        return err("fqdn_rotate(): Wrong number of arguments given (0 for 1)".into());
    }
    let (mut items, is_string) = match &args[0] {
        Value::Array(a) => (a.to_vec(), false),
        Value::String(s) => (
            s.chars().map(|c| Value::from(c.to_string())).collect(),
            true,
        ),
        _ => return err("fqdn_rotate(): Requires either array or string to work with".into()),
    };
    if items.len() <= 1 {
        return Ok(args[0].clone());
    }
    let rest: Vec<String> = args[1..].iter().map(to_display).collect();
    let Some(fqdn) = fqdn_var(ev) else {
        return err("Undefined variable '::fqdn'; ".into());
    };
    let text = format!("{fqdn}:{}", rest.join(":"));
    let offset = deterministic_rand(&text, items.len() as i64)? as usize;
    items.rotate_left(offset);
    if is_string {
        return Ok(Value::from(
            items.iter().map(to_display).collect::<String>(),
        ));
    }
    Ok(Value::array(items))
}

fn fqdn_uuid(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    match args.len() {
        0 => return err("fqdn_uuid: No arguments given".into()),
        1 => {}
        n => return err(format!("fqdn_uuid: Too many arguments given ({n})")),
    }
    if !matches!(args[0], Value::String(_)) {
        // (the module's source answers: Ruby's own error)
        return err("fqdn_uuid: Requires a String".into());
    }
    const DNS: [u8; 16] = [
        0x6b, 0xa7, 0xb8, 0x10, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30,
        0xc8,
    ];
    let mut h = sha1::Sha1::new();
    h.update(DNS);
    h.update(to_display(&args[0]).as_bytes());
    let d = h.finalize();
    let mut b: Vec<u8> = d[..16].to_vec();
    b[6] = (b[6] & 0x0f) | 0x50;
    b[8] = (b[8] & 0x3f) | 0x80;
    let hex = |r: &[u8]| r.iter().map(|x| format!("{x:02x}")).collect::<String>();
    Ok(Value::from(format!(
        "{}-{}-{}-{}-{}",
        hex(&b[0..4]),
        hex(&b[4..6]),
        hex(&b[6..8]),
        hex(&b[8..10]),
        hex(&b[10..16])
    )))
}

fn positive_int(v: Option<&Value>) -> Option<i64> {
    match v? {
        Value::Integer(i) if *i > 0 => Some(*i),
        Value::String(s) => s.parse::<i64>().ok().filter(|i| *i > 0),
        _ => None,
    }
}

fn fqdn_rand_string(ev: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.is_empty() {
        return err("fqdn_rand_string(): wrong number of arguments (0 for 1)".into());
    }
    let Some(length) = positive_int(args.first()) else {
        return err("fqdn_rand_string(): first argument must be a positive integer".into());
    };
    let charset: Vec<char> = match args.get(1) {
        None | Some(Value::Undef) => Vec::new(),
        Some(Value::String(s)) => s.chars().collect(),
        Some(_) => {
            return err("fqdn_rand_string(): second argument must be undef or a string".into())
        }
    };
    let charset: Vec<char> = if charset.is_empty() {
        ('0'..='9').chain('A'..='Z').chain('a'..='z').collect()
    } else {
        charset
    };
    let facts = ev.lookup_variable("::facts").unwrap_or(Value::Undef);
    let fqdn = match &facts {
        Value::Hash(h) => match h.get(&Value::from("networking")) {
            Some(Value::Hash(n)) => n
                .get(&Value::from("fqdn"))
                .filter(|v| !v.is_undef())
                .map(to_display),
            _ => None,
        },
        _ => None,
    }
    .unwrap_or_default();
    let extra: Vec<String> = args
        .get(2..)
        .unwrap_or_default()
        .iter()
        .map(to_display)
        .collect();
    let mut out = String::new();
    for current in 1..=length.min(100_000) {
        let mut seed_parts = extra.clone();
        seed_parts.push(current.to_string());
        let seed = seed_parts.join(":");
        let max = charset.len() as i64;
        let i = deterministic_rand(&format!("{fqdn}:{max}:{seed}"), max)?;
        out.push(charset[i as usize]);
    }
    Ok(Value::from(out))
}

fn seeded_rand(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    let Some(max) = positive_int(args.first()) else {
        return err("seeded_rand(): first argument must be a positive integer".into());
    };
    let Some(Value::String(seed)) = args.get(1) else {
        return err("seeded_rand(): second argument must be a string".into());
    };
    // `Random.new(md5(seed).hex).rand(max)`, as fqdn_rand without the fqdn.
    Ok(Value::Integer(
        crate::functions::environment::rand_for_seed(seed, max)?,
    ))
}

fn reverse(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.len() != 1 {
        return err(format!(
            "reverse(): Wrong number of arguments given ({} for 1)",
            args.len()
        ));
    }
    match &args[0] {
        Value::Array(a) => {
            crate::limits::reserve_for::<Value>(a.len())?;
            Ok(Value::array(a.iter().rev().cloned().collect()))
        }
        Value::String(s) => {
            // (the text, then the value's copy of it)
            crate::limits::reserve(s.len().saturating_mul(2))?;
            Ok(Value::from(s.chars().rev().collect::<String>()))
        }
        _ => err("reverse(): Requires either array or string to work with".into()),
    }
}

fn swapcase(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.len() != 1 {
        return err(format!(
            "swapcase(): Wrong number of arguments given ({} for 1)",
            args.len()
        ));
    }
    let swap = |s: &str| {
        s.chars()
            .map(|c| {
                if c.is_uppercase() {
                    c.to_lowercase().collect::<String>()
                } else {
                    c.to_uppercase().collect()
                }
            })
            .collect::<String>()
    };
    match &args[0] {
        Value::String(s) => Ok(Value::from(swap(s))),
        Value::Array(a) => Ok(Value::array(
            a.iter()
                .map(|v| match v {
                    Value::String(s) => Value::from(swap(s)),
                    other => other.clone(),
                })
                .collect(),
        )),
        _ => err("swapcase(): Requires either array or string to work with".into()),
    }
}

/// Ruby's `Regexp.escape`.
fn regexp_escape(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\u{c}' => out.push_str("\\f"),
            '\u{b}' => out.push_str("\\v"),
            ' ' => out.push_str("\\ "),
            '.' | '*' | '?' | '+' | '^' | '$' | '|' | '(' | ')' | '[' | ']' | '{' | '}' | '\\'
            | '-' | '#' => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

fn regexpescape(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.len() != 1 {
        return err(format!(
            "regexpescape(): Wrong number of arguments given ({} for 1)",
            args.len()
        ));
    }
    // (two bytes for each escaped one, at most)
    crate::expansion::reserve_text(&args[0], 16, 3)?;
    match &args[0] {
        Value::String(s) => Ok(Value::from(regexp_escape(s))),
        Value::Array(a) => Ok(Value::array(
            a.iter()
                .map(|v| match v {
                    Value::String(s) => Value::from(regexp_escape(s)),
                    other => other.clone(),
                })
                .collect(),
        )),
        _ => err("regexpescape(): Requires either array or string to work with".into()),
    }
}

fn grep(ev: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.len() != 2 {
        return err(format!(
            "grep(): Wrong number of arguments given {} for 2",
            args.len()
        ));
    }
    let Value::Array(a) = &args[0] else {
        return err("grep(): first argument must be an array".into());
    };
    let re = crate::functions::regex::compile(ev, &to_display(&args[1]))?;
    Ok(Value::array(
        a.iter()
            .filter(|v| matches!(v, Value::String(s) if re.matches(s)))
            .cloned()
            .collect(),
    ))
}

fn delete_regex(ev: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.len() != 2 {
        return err(format!(
            "delete_regex(): Wrong number of arguments given {} for 2",
            args.len()
        ));
    }
    let patterns: Vec<String> = match &args[1] {
        Value::Array(a) => a.iter().map(to_display).collect(),
        other => vec![to_display(other)],
    };
    let mut res = Vec::new();
    for p in &patterns {
        res.push(crate::functions::regex::compile(ev, &format!("\\b{p}\\b"))?);
    }
    let hit = |s: &str| res.iter().any(|r| r.matches(s));
    match &args[0] {
        Value::Array(a) => Ok(Value::array(
            a.iter()
                .filter(|v| !matches!(v, Value::String(s) if hit(s)))
                .cloned()
                .collect(),
        )),
        Value::Hash(h) => Ok(Value::hash(
            h.iter()
                .filter(|(k, _)| !matches!(k, Value::String(s) if hit(s)))
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
        )),
        other => err(format!(
            "delete_regex(): First argument must be an Array, Hash, or String. Given an argument of class {}.",
            crate::functions::stdlib::rb_class(other)
        )),
    }
}

fn extname(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> R {
    dispatch(ev, args, b)?;
    let s = args[0].as_str().unwrap_or_default();
    let base = s.trim_end_matches('/').rsplit('/').next().unwrap_or("");
    let stem = base.trim_start_matches('.');
    Ok(Value::from(match stem.rfind('.') {
        Some(i) => stem[i..].to_string(),
        _ => String::new(),
    }))
}

/// Ruby's `Shellwords.escape`.
pub fn shellwords_escape(s: &str) -> String {
    if s.is_empty() {
        return "''".into();
    }
    let mut out = String::new();
    for c in s.chars() {
        if c == '\n' {
            out.push_str("'\n'");
        } else if c.is_ascii_alphanumeric() || "_-.,:+/@".contains(c) {
            out.push(c);
        } else {
            out.push('\\');
            out.push(c);
        }
    }
    out
}

fn shell_escape(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> R {
    dispatch(ev, args, b)?;
    // (three bytes for each one escaped, at most: a newline is `'\n'`)
    crate::expansion::reserve_text(&args[0], 16, 4)?;
    Ok(Value::from(shellwords_escape(&super::ruby_to_s(&args[0]))))
}

fn xml_encode(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> R {
    dispatch(ev, args, b)?;
    let s = args[0].as_str().unwrap_or_default();
    let attr = args.get(1).and_then(Value::as_str) == Some("attr");
    // (`&quot;` is six bytes for one)
    crate::limits::reserve(s.len().saturating_mul(7))?;
    let mut out = String::new();
    if attr {
        out.push('"');
    }
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if attr => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    if attr {
        out.push('"');
    }
    Ok(Value::from(out))
}

fn to_code(v: &Value, python: bool) -> String {
    let rec = |x: &Value| to_code(x, python);
    match v {
        Value::Undef => if python { "None" } else { "nil" }.into(),
        Value::Boolean(b) => match (python, b) {
            (true, true) => "True".into(),
            (true, false) => "False".into(),
            (false, b) => b.to_string(),
        },
        Value::Integer(i) => i.to_string(),
        Value::Float(f) => crate::format::float::ruby_float_to_s(*f),
        Value::String(s) => crate::format::quote::ruby_inspect(s),
        Value::Array(a) => format!("[{}]", a.iter().map(rec).collect::<Vec<_>>().join(", ")),
        Value::Hash(h) => format!(
            "{{{}}}",
            h.iter()
                .map(|(k, x)| format!("{}{}{}", rec(k), if python { ": " } else { " => " }, rec(x)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        other => crate::format::quote::ruby_inspect(&to_display(other)),
    }
}

fn to_python(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> R {
    dispatch(ev, args, b)?;
    crate::expansion::reserve_text(&args[0], 16, 3)?;
    Ok(Value::from(to_code(&args[0], true)))
}

fn to_ruby(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> R {
    dispatch(ev, args, b)?;
    crate::expansion::reserve_text(&args[0], 16, 3)?;
    Ok(Value::from(to_code(&args[0], false)))
}

fn str2resource(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> R {
    dispatch(ev, args, b)?;
    let s = args[0].as_str().unwrap_or_default();
    // (the title copied, and into the message when it is not found)
    crate::limits::reserve(s.len().saturating_mul(3))?;
    let Some((t, title)) = super::resources::type_and_title(s) else {
        return Err(super::resources::not_a_reference(&args[0]));
    };
    let (t, title) = (
        crate::types::names::capitalize_segments(t),
        title.to_string(),
    );
    if ev.find_reference(&t, &title).is_none() {
        return err(format!("stdlib::str2resource(): could not find {t}[{title}], this is parse order dependent and values should not be quoted"));
    }
    Ok(Value::typ(crate::types::PType::Resource {
        type_name: Some(t.into()),
        title: Some(title.into()),
    }))
}

fn has_interface_with(ev: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.is_empty() || args.len() > 2 {
        return err(format!(
            "has_interface_with(): Wrong number of arguments given ({} for 1 or 2)",
            args.len()
        ));
    }
    interface_with(ev, args)
}

fn interface_with(ev: &Evaluator, args: &[Value]) -> R {
    let var = |n: &str| {
        ev.lookup_variable(&format!("::{n}"))
            .filter(|v| !v.is_undef())
    };
    let interfaces = match ev.lookup_variable("::interfaces") {
        None => return err("Undefined variable 'interfaces'; ".into()),
        Some(Value::Undef) => return Ok(Value::Boolean(false)),
        Some(v) => v,
    };
    let interfaces: Vec<String> = to_display(&interfaces)
        .split(',')
        .map(str::to_string)
        .collect();
    if args.len() == 1 {
        return Ok(Value::Boolean(interfaces.contains(&to_display(&args[0]))));
    }
    let kind = to_display(&args[0]);
    if var(&kind).as_ref() == Some(&args[1]) {
        return Ok(Value::Boolean(true));
    }
    Ok(Value::Boolean(interfaces.iter().any(|i| {
        var(&format!("{kind}_{}", i.to_lowercase())).as_ref() == Some(&args[1])
    })))
}

fn has_ip_address(ev: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.len() != 1 {
        return err(format!(
            "has_ip_address(): Wrong number of arguments given ({} for 1)",
            args.len()
        ));
    }
    // (its source loads has_interface_with through the deprecated autoloader: its warnings)
    crate::functions::legacy_autoloader::load_unless_loaded(ev, "has_interface_with");
    interface_with(ev, &[Value::from("ipaddress"), args[0].clone()])
}

fn has_ip_network(ev: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.len() != 1 {
        return err(format!(
            "has_ip_network(): Wrong number of arguments given ({} for 1)",
            args.len()
        ));
    }
    // (its source loads has_interface_with through the deprecated autoloader: its warnings)
    crate::functions::legacy_autoloader::load_unless_loaded(ev, "has_interface_with");
    interface_with(ev, &[Value::from("network"), args[0].clone()])
}

/// Ruby's `String#squeeze`: runs of the same character (of the set, when given) made one.
fn squeeze_str(s: &str, set: Option<&str>) -> String {
    let mut out = String::new();
    let mut last: Option<char> = None;
    for c in s.chars() {
        if last == Some(c) && set.is_none_or(|set| set.contains(c)) {
            continue;
        }
        out.push(c);
        last = Some(c);
    }
    out
}

fn squeeze(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.is_empty() || args.len() > 2 {
        return err(format!(
            "squeeze(): Wrong number of arguments given {} for 2 or 1",
            args.len()
        ));
    }
    if !matches!(args[0], Value::String(_) | Value::Array(_)) {
        // (the module's source answers: Ruby's own error)
        return err("squeeze(): Requires a String or an Array".into());
    }
    let set = args.get(1).filter(|v| !v.is_undef()).map(to_display);
    let one = |v: &Value| Value::from(squeeze_str(&to_display(v), set.as_deref()));
    match &args[0] {
        Value::Array(a) => Ok(Value::array(a.iter().map(one).collect())),
        other => Ok(one(other)),
    }
}

fn dos2unix(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    match args.first() {
        Some(Value::String(s)) => Ok(Value::from(s.replace("\r\n", "\n"))),
        _ => err("dos2unix(): Requires string as argument".into()),
    }
}

fn unix2dos(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    match args.first() {
        Some(Value::String(s)) => Ok(Value::from(s.replace("\r\n", "\n").replace('\n', "\r\n"))),
        _ => err("unix2dos(): Requires string as argument".into()),
    }
}

fn time(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.len() > 1 {
        return err(format!(
            "time(): Wrong number of arguments given {} for 0 or 1",
            args.len()
        ));
    }
    // The time zone, as the source takes it: a string (the time is the same in every
    // zone), an empty array or hash; another value fails as Ruby does.
    match args.first() {
        None | Some(Value::String(_) | Value::Undef) => {}
        Some(Value::Array(a)) if a.is_empty() => {}
        Some(Value::Hash(h)) if h.is_empty() => {}
        Some(v @ (Value::Array(_) | Value::Hash(_))) => {
            let class = crate::erb::bridge::to_ruby(v).class_name();
            return err(format!("no implicit conversion of {class} into String"));
        }
        Some(v) => {
            let r = crate::erb::bridge::to_ruby(v);
            return err(format!(
                "undefined method `empty?' for {}:{}",
                crate::erb::ruby::show::inspect(&r),
                r.class_name()
            ));
        }
    }
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0);
    Ok(Value::Integer(now))
}

fn batch_escape(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> R {
    dispatch(ev, args, b)?;
    let mut out = String::from("\"");
    for c in super::ruby_to_s(&args[0]).chars() {
        match c {
            '"' => out.push_str("\"\""),
            '$' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    Ok(Value::from(out))
}

fn powershell_escape(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> R {
    dispatch(ev, args, b)?;
    // (three bytes for one, at most)
    crate::expansion::reserve_text(&args[0], 16, 4)?;
    let mut out = String::new();
    for c in super::ruby_to_s(&args[0]).chars() {
        match c {
            ' ' | '\'' | '`' | '|' | '\n' | '$' => {
                out.push('`');
                out.push(c);
            }
            '"' => out.push_str("\\`\""),
            c => out.push(c),
        }
    }
    Ok(Value::from(out))
}

const ANY: &[&str] = &["Any *$args"];

pub fn builtins() -> Vec<Builtin> {
    vec![
        builtin("base64", ANY, base64, "base64(Enum['encode', 'decode'] $action, String $string, Enum['default', 'strict', 'urlsafe'] $method) -> String\n(stdlib) Base64 encoding or decoding.\n\n    base64('encode', 'hello')   # \"aGVsbG8=\\n\""),
        builtin("num2bool", ANY, num2bool, "num2bool(Variant[Numeric, String] $number) -> Boolean\n(stdlib) True for numbers above zero.\n\n    num2bool('2')   # true"),
        builtin("clamp", ANY, clamp, "clamp(Any *$values) -> Integer\n(stdlib) The middle of three numbers.\n\n    clamp(16, 88, 661)   # 88"),
        builtin("to_bytes", ANY, to_bytes, "to_bytes(Variant[Numeric, String] $size) -> Integer\n(stdlib) A size such as '4 kB' or '2M' in bytes.\n\n    to_bytes('4 kB')   # 4096"),
        builtin("convert_base", ANY, convert_base, "convert_base(Variant[Integer, String] $number, Variant[Integer, String] $base) -> String\n(stdlib) The number written in the base.\n\n    convert_base(5, 2)   # '101'"),
        builtin("get_module_path", ANY, get_module_path, "get_module_path(String $module) -> String\n(stdlib) The directory of a module on the modulepath.\n\n    get_module_path('stdlib')"),
        builtin("fqdn_rotate", ANY, fqdn_rotate, "fqdn_rotate(Variant[Array, String] $items, Any *$seeds) -> Variant[Array, String]\n(stdlib) The items rotated by an amount that depends on `$fqdn`.\n\n    fqdn_rotate(['a', 'b', 'c'])"),
        builtin("fqdn_uuid", ANY, fqdn_uuid, "fqdn_uuid(String $fqdn) -> String\n(stdlib) The version 5 (SHA-1, DNS namespace) UUID of a name.\n\n    fqdn_uuid('puppetlabs.com')   # '9c70320f-6815-5fc5-ab0f-debe68bf764c'"),
        builtin("fqdn_rand_string", ANY, fqdn_rand_string, "fqdn_rand_string(Integer $length, String $charset, Any *$seeds) -> String\n(stdlib) A random string that stays the same for this node's FQDN.\n\n    fqdn_rand_string(10)"),
        builtin("seeded_rand", ANY, seeded_rand, "seeded_rand(Integer $max, String $seed) -> Integer\n(stdlib) A random integer below max, the same for the same seed.\n\n    seeded_rand(100, 'x')"),
        builtin("reverse", ANY, reverse, "reverse(Variant[Array, String] $value) -> Variant[Array, String]\n(stdlib) The array or string reversed.\n\n    reverse([1, 2])   # [2, 1]"),
        builtin("swapcase", ANY, swapcase, "swapcase(Variant[Array, String] $value) -> Variant[Array, String]\n(stdlib) Upper case made lower and lower upper.\n\n    swapcase('aB')   # 'Ab'"),
        builtin("regexpescape", ANY, regexpescape, "regexpescape(Variant[Array, String] $value) -> Variant[Array, String]\n(stdlib) Regular-expression characters escaped.\n\n    regexpescape('a.b')   # 'a\\\\.b'"),
        builtin("grep", ANY, grep, "grep(Array $array, String $pattern) -> Array\n(stdlib) The elements that match the regular expression.\n\n    grep(['aaa', 'bbb'], 'a')   # ['aaa']"),
        builtin("delete_regex", ANY, delete_regex, "delete_regex(Variant[Array, Hash] $collection, Variant[String, Array] $patterns) -> Variant[Array, Hash]\n(stdlib) Elements (keys) matching a pattern (as a whole word) removed.\n\n    delete_regex(['a', 'b'], 'b')   # ['a']"),
        builtin("batch_escape", &["Any $string"], batch_escape, "batch_escape(Any $string) -> String\n(stdlib) The string quoted for a Windows batch file.\n\n    batch_escape('a \"b\"')"),
        builtin("powershell_escape", &["Any $string"], powershell_escape, "powershell_escape(Any $string) -> String\n(stdlib) The string escaped for PowerShell.\n\n    powershell_escape('a b')   # 'a`` b'"),
        builtin("shell_escape", &["Any $string"], shell_escape, "shell_escape(Any $string) -> String\n(stdlib) The string escaped for a Bourne shell.\n\n    shell_escape('a b')   # 'a\\\\ b'"),
        builtin("stdlib::xml_encode", &["String $str, Enum['text','attr'] $type?"], xml_encode, "stdlib::xml_encode(String $str, Enum['text', 'attr'] $type) -> String\n(stdlib) The string encoded for XML text or a (quoted) attribute.\n\n    stdlib::xml_encode('<a>')   # '&lt;a&gt;'"),
        builtin("to_python", &["Any $object"], to_python, "to_python(Any $object) -> String\n(stdlib) The value written as Python.\n\n    to_python([true, undef])   # '[True, None]'"),
        builtin("to_ruby", &["Any $object"], to_ruby, "to_ruby(Any $object) -> String\n(stdlib) The value written as Ruby.\n\n    to_ruby({a => 1})   # '{\"a\" => 1}'"),
        builtin("stdlib::str2resource", &["String $res_string"], str2resource, "stdlib::str2resource(String $reference) -> Any\n(stdlib) The reference to a declared resource named by a string ('File[/x]').\n\n    stdlib::str2resource('File[/x]')"),
        builtin("has_interface_with", ANY, has_interface_with, "has_interface_with(String $kind, String $value) -> Boolean\n(stdlib) Whether an interface (legacy facts `interfaces`, `<kind>_<interface>`) has the value, or exists.\n\n    has_interface_with('ipaddress', '127.0.0.1')"),
        builtin("has_ip_address", ANY, has_ip_address, "has_ip_address(String $address) -> Boolean\n(stdlib) Whether an interface has the IP address (legacy facts).\n\n    has_ip_address('127.0.0.1')"),
        builtin("has_ip_network", ANY, has_ip_network, "has_ip_network(String $network) -> Boolean\n(stdlib) Whether an interface is on the network (legacy facts).\n\n    has_ip_network('127.0.0.0')"),
        builtin("squeeze", ANY, squeeze, "squeeze(Variant[String, Array] $value, String $chars) -> Variant[String, Array]\n(stdlib) Runs of the same character made one.\n\n    squeeze('aaabb')   # 'ab'"),
        builtin("dos2unix", ANY, dos2unix, "dos2unix(String $text) -> String\n(stdlib) CRLF line endings made LF.\n\n    dos2unix(\"a\\r\\n\")"),
        builtin("unix2dos", ANY, unix2dos, "unix2dos(String $text) -> String\n(stdlib) LF line endings made CRLF.\n\n    unix2dos(\"a\\n\")"),
        builtin("time", ANY, time, "time(String $timezone) -> Integer\n(stdlib) The current time in seconds since the epoch.\n\n    time()"),
        builtin("stdlib::extname", &["String $filename"], extname, "stdlib::extname(String $filename) -> String\n(stdlib) The extension of a file name.\n\n    stdlib::extname('x.tar.gz')   # '.gz'"),
    ]
}
