//! Ruby functions of other packaged modules that their manifests call: openstacklib's
//! `is_service_default`, `normalize_ip_for_uri`, `inet6_prefix`; translate's `translate`;
//! mysql's `mysql::password`, `mysql::strip_hash`; nova's `to_array_of_json_strings`;
//! apache's `apache::bool2httpd`; postgresql's `postgresql::postgresql_password`,
//! `postgresql::postgresql_escape`, `postgresql::postgresql_acls_to_resources_hash`;
//! ironic's `ipv6_normalize_dnsmasq_ip_subnets`; staging's `staging_parse`,
//! `scope_defaults`; stdlib's `is_a`.

use super::old_api_error;
use crate::eval::{Closure, EvalResult, Evaluator};
use crate::format::to_display;
use crate::functions::signature::dispatch;
use crate::functions::{builtin, shims, Builtin};
use crate::values::Value;
use sha1::Digest;

type R = EvalResult;

fn is_a(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> R {
    dispatch(ev, args, b)?;
    let t = args[1]
        .as_type()
        .cloned()
        .unwrap_or(crate::types::PType::Any);
    Ok(Value::Boolean(shims::is_instance(&t, &args[0])))
}

fn is_service_default(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.len() != 1 {
        return Err(old_api_error(format!(
            "is_service_default(): Wrong number of argumentsgiven ({} for 1)",
            args.len()
        )));
    }
    Ok(Value::Boolean(
        matches!(&args[0], Value::String(s) if &**s == "<SERVICE DEFAULT>"),
    ))
}

/// The arguments as openstacklib's address functions take them: the first argument when
/// it is an array, else all of them; a single result is returned alone.
fn each_address(args: &[Value], f: impl Fn(&str) -> Option<String>) -> R {
    let items: Vec<Value> = match args.first() {
        Some(Value::Array(a)) => a.to_vec(),
        _ => args.to_vec(),
    };
    let out: Vec<Value> = items
        .iter()
        .map(|v| match v {
            Value::String(s) => f(s).map(Value::from).unwrap_or_else(|| v.clone()),
            other => other.clone(),
        })
        .collect();
    if out.len() == 1 {
        return Ok(out.into_iter().next().unwrap_or(Value::Undef));
    }
    Ok(Value::array(out))
}

fn is_ipv6(s: &str) -> bool {
    let addr = s.split('/').next().unwrap_or(s);
    let addr = addr.split('%').next().unwrap_or(addr);
    let addr = addr
        .strip_prefix('[')
        .and_then(|a| a.strip_suffix(']'))
        .unwrap_or(addr);
    addr.parse::<std::net::Ipv6Addr>().is_ok()
}

fn normalize_ip_for_uri(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    each_address(args, |ip| {
        let bracketed = ip
            .find('[')
            .is_some_and(|i| ip[i + 1..].find(']').is_some_and(|j| j > 0));
        (is_ipv6(ip) && !bracketed && !ip.starts_with('[')).then(|| format!("[{ip}]"))
    })
}

fn inet6_prefix(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    each_address(args, |ip| {
        if ip.starts_with("inet6:") && ip.len() > 6 {
            return None;
        }
        let parts: Vec<&str> = ip
            .split(|c: char| c.is_whitespace() || c == '[' || c == ']')
            .filter(|p| !p.is_empty())
            .collect();
        let first = parts.first()?;
        is_ipv6(first).then(|| format!("inet6:[{first}]{}", parts[1..].concat()))
    })
}

fn translate(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> R {
    dispatch(ev, args, b)?;
    let mut message = args[0].as_str().unwrap_or_default().to_string();
    if let Some(Value::Hash(h)) = args.get(1) {
        for (k, v) in h.iter() {
            let key = to_display(k);
            message = message
                .replace(&format!("%{{{key}}}"), &to_display(v))
                .replace(&format!("%<{key}>s"), &to_display(v));
        }
    }
    Ok(Value::from(message))
}

fn mysql_password(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> R {
    dispatch(ev, args, b)?;
    let pw = args[0].as_str().unwrap_or_default();
    if pw.is_empty() {
        return Ok(Value::from(""));
    }
    let hashed = regex::Regex::new(r"\*[A-F0-9]{40}$").is_ok_and(|r| r.is_match(pw));
    if hashed {
        return Ok(Value::from(pw));
    }
    let inner = sha1::Sha1::digest(pw.as_bytes());
    let outer = sha1::Sha1::digest(inner);
    let hex: String = outer.iter().map(|b| format!("{b:02X}")).collect();
    Ok(Value::from(format!("*{hex}")))
}

fn mysql_password_old(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> R {
    if args.len() != 1 {
        return Err(old_api_error(format!(
            "mysql_password(): Wrong number of arguments given ({} for 1)",
            args.len()
        )));
    }
    if !matches!(args[0], Value::String(_)) {
        return Err(crate::error::Error::eval(format!(
            "undefined method `empty?' for {}",
            to_display(&args[0])
        ))
        .into());
    }
    mysql_password(ev, args, b)
}

fn apache_pw_hash(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> R {
    dispatch(ev, args, b)?;
    let d = sha1::Sha1::digest(args[0].as_str().unwrap_or_default().as_bytes());
    Ok(Value::from(format!(
        "{{SHA}}{}",
        crate::convert::binary::encode_strict(&d)
    )))
}

fn to_array_of_json_strings(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.len() != 1 {
        return Err(old_api_error(
            "to_array_of_json_strings(): Wrong number of arguments".into(),
        ));
    }
    let mut list = args[0].clone();
    if let Value::String(s) = &list {
        let parsed = super::data::json_to_value(s)
            .or_else(|_| super::data::json_to_value(&s.replace('\'', "\"")))
            .map_err(|_| old_api_error(format!("Syntax error: {s} is not valid")))?;
        list = match parsed {
            Value::Array(_) => parsed,
            other => Value::array(vec![other]),
        };
    }
    let bad = || {
        old_api_error(format!(
            "Syntax error: {} is not an Array or JSON encoded String",
            to_display(&args[0])
        ))
    };
    let Value::Array(items) = &list else {
        return Err(bad());
    };
    if !items.iter().all(|v| matches!(v, Value::Hash(_))) {
        return Err(bad());
    }
    let style = super::data::JsonStyle::compact();
    let out: Result<Vec<Value>, crate::error::Error> = items
        .iter()
        .map(|v| super::data::to_json_with(v, &style).map(Value::from))
        .collect();
    Ok(Value::array(out?))
}

fn bool2httpd(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> R {
    dispatch(ev, args, b)?;
    let has = |v: &Value, word: &str| matches!(v, Value::String(s) if s.to_ascii_lowercase().contains(word));
    Ok(Value::from(match &args[0] {
        Value::Undef | Value::Boolean(false) => "Off".to_string(),
        v if has(v, "false") => "Off".to_string(),
        Value::Boolean(true) => "On".to_string(),
        v if has(v, "true") => "On".to_string(),
        v => super::ruby_to_s(v),
    }))
}

fn postgresql_password(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> R {
    dispatch(ev, args, b)?;
    let text = format!("{}{}", to_display(&args[1]), to_display(&args[0]));
    let d = md5::Md5::digest(text.as_bytes());
    Ok(Value::from(format!(
        "md5{}",
        d.iter().map(|x| format!("{x:02x}")).collect::<String>()
    )))
}

fn postgresql_escape(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> R {
    dispatch(ev, args, b)?;
    let input = args[0].as_str().unwrap_or_default();
    if !(input.contains("$$") || input.ends_with('$')) {
        return Ok(Value::from(format!("$${input}$$")));
    }
    let tag_of = |t: &str| -> String {
        let d = md5::Md5::digest(t.as_bytes());
        let hex: String = d.iter().map(|x| format!("{x:02x}")).collect();
        hex[..6].chars().filter(|c| !c.is_ascii_digit()).collect()
    };
    let mut tag = tag_of(input);
    let mut guard = 0;
    while input.contains(tag.as_str()) && guard < 10_000 {
        tag = tag_of(&tag);
        guard += 1;
    }
    Ok(Value::from(format!("${tag}${input}${tag}$")))
}

fn staging_parse(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.is_empty() || args.len() > 3 {
        return Err(old_api_error(format!(
            "staging_parse(): Wrong number of arguments given ({} for 1, 2, 3)",
            args.len()
        )));
    }
    if !matches!(args[0], Value::String(_)) {
        // (the module's source answers: Ruby's own error)
        return Err(old_api_error("staging_parse(): Requires a String".into()));
    }
    let source = to_display(&args[0]).replace('\\', "/");
    // The URI's path: after `scheme://host`, before `?` or `#`.
    let path = match source.split_once("://") {
        Some((_, rest)) => rest
            .find('/')
            .map(|i| rest[i..].to_string())
            .unwrap_or_default(),
        None => source.clone(),
    };
    let path = path.split(['?', '#']).next().unwrap_or("").to_string();
    let base = path
        .trim_end_matches('/')
        .rsplit('/')
        .next()
        .unwrap_or("")
        .to_string();
    let ext_of = |b: &str| {
        let stem = b.trim_start_matches('.');
        stem.rfind('.')
            .map(|i| stem[i..].to_string())
            .unwrap_or_default()
    };
    let info = match args.get(1) {
        Some(Value::String(s)) => s.to_string(),
        _ => "filename".into(),
    };
    let result = match info.as_str() {
        "filename" => base,
        "basename" => {
            let ext = match args.get(2) {
                Some(Value::String(e)) => e.to_string(),
                _ => ext_of(&base),
            };
            match base.strip_suffix(ext.as_str()) {
                Some(b) if !b.is_empty() && !ext.is_empty() => b.to_string(),
                _ => base,
            }
        }
        "extname" => ext_of(&base),
        "parent" => {
            let mut parts: Vec<&str> = path
                .split('/')
                .filter(|p| !p.is_empty() && *p != ".")
                .collect();
            parts.pop();
            format!("/{}", parts.join("/"))
        }
        other => {
            return Err(old_api_error(format!(
                "staging_parse(), unknown parse info {other}."
            )))
        }
    };
    Ok(Value::from(result))
}

fn strip_hash(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> R {
    dispatch(ev, args, b)?;
    let empty = |v: &Value| matches!(v, Value::String(s) if s.is_empty());
    let Value::Hash(h) = &args[0] else {
        return Ok(args[0].clone());
    };
    Ok(Value::hash(
        h.iter()
            .filter(|(_, v)| !empty(v))
            .map(|(k, v)| {
                let v = match v {
                    Value::Hash(inner) => Value::hash(
                        inner
                            .iter()
                            .filter(|(_, x)| !empty(x))
                            .map(|(a, b)| (a.clone(), b.clone()))
                            .collect(),
                    ),
                    other => other.clone(),
                };
                (k.clone(), v)
            })
            .collect(),
    ))
}

fn acls_to_resources_hash(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> R {
    dispatch(ev, args, b)?;
    let acls: Vec<String> = args[0]
        .as_array()
        .map(|a| a.iter().map(to_display).collect())
        .unwrap_or_default();
    let id = to_display(&args[1]);
    let offset = args[2].as_int().unwrap_or(0);
    let mut out = crate::values::Map::default();
    for acl in &acls {
        // The reference numbers a line by the first line equal to it.
        let index = acls.iter().position(|a| a == acl).unwrap_or(0);
        let parts: Vec<&str> = acl.split_whitespace().collect();
        if parts.len() < 4 {
            return Err(old_api_error(format!("postgresql::postgresql_acls_to_resources_hash(): acl line {index} does not have enough parts")));
        }
        let mut r = crate::values::Map::default();
        let mut set = |k: &str, v: String| {
            r.insert(Value::from(k), Value::from(v));
        };
        set("type", parts[0].into());
        set("database", parts[1].into());
        set("user", parts[2].into());
        set("order", format!("{:03}", offset + index as i64));
        let rest = |from: usize| parts.get(from..).unwrap_or_default().join(" ");
        if parts[0] == "local" {
            set("auth_method", parts[3].into());
            if parts.len() > 4 {
                set("auth_option", rest(4));
            }
        } else if parts
            .get(4)
            .is_some_and(|p| p.starts_with(|c: char| c.is_ascii_digit()))
        {
            set("address", format!("{} {}", parts[3], parts[4]));
            set(
                "auth_method",
                parts.get(5).map(|s| s.to_string()).unwrap_or_default(),
            );
            if parts.len() > 6 {
                set("auth_option", rest(6));
            }
        } else {
            set("address", parts[3].into());
            set(
                "auth_method",
                parts.get(4).map(|s| s.to_string()).unwrap_or_default(),
            );
            if parts.len() > 5 {
                set("auth_option", rest(5));
            }
        }
        out.insert(
            Value::from(format!("postgresql class generated rule {id} {index}")),
            Value::hash(r),
        );
    }
    Ok(Value::hash(out))
}

fn ipv6_normalize_dnsmasq_ip_subnets(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    let [Value::Array(subnets)] = args else {
        return Err(old_api_error(format!(
            "'ipv6_normalize_dnsmasq_ip_subnets' expects 1 argument, got {}",
            args.len()
        )));
    };
    let v6 = |v: Option<&Value>| -> Option<std::net::Ipv6Addr> {
        v.and_then(Value::as_str).and_then(|s| s.parse().ok())
    };
    let out = subnets
        .iter()
        .map(|subnet| {
            let Value::Hash(h) = subnet else {
                return subnet.clone();
            };
            let mut m = h.as_ref().clone();
            if let Some(mask) = v6(h.get(&Value::from("netmask"))) {
                let prefix = u128::from(mask).count_ones();
                m.insert(Value::from("netmask"), Value::Integer(prefix as i64));
            }
            if v6(h.get(&Value::from("gateway"))).is_some() {
                m.shift_remove(&Value::from("gateway"));
            }
            Value::hash(m)
        })
        .collect();
    Ok(Value::array(out))
}

/// Whether a resource default for the type sets the attribute, in the scopes a declaration
/// here would take defaults from.
fn scope_defaults(ev: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.len() != 2 {
        return Err(old_api_error(format!(
            "scope_defaults(): Wrong number of arguments given ({} for 2)",
            args.len()
        )));
    }
    if !matches!(args[0], Value::String(_)) {
        // (the module's source answers: Ruby's own error)
        return Err(old_api_error("scope_defaults(): Requires a String".into()));
    }
    let type_name = to_display(&args[0])
        .split("::")
        .map(|seg| {
            let lower = seg.to_lowercase();
            let mut c = lower.chars();
            c.next()
                .map(|f| f.to_uppercase().chain(c).collect::<String>())
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join("::");
    let attr = to_display(&args[1]);
    let sets = |list: &[(std::rc::Rc<str>, crate::catalog::Attributes)]| {
        list.iter()
            .any(|(t, attrs)| **t == *type_name && attrs.iter().any(|a| *a.name == *attr))
    };
    let mut s = ev.scope.clone();
    while let Some(scope) = s {
        if sets(&scope.defaults.borrow()) {
            return Ok(Value::Boolean(true));
        }
        s = scope.declarer.clone().or_else(|| scope.parent.clone());
    }
    Ok(Value::Boolean(sets(&ev.compilation.top_defaults)))
}

const ANY: &[&str] = &["Any *$args"];

pub fn builtins() -> Vec<Builtin> {
    vec![
        builtin("is_a", &["Any $value, Type $type"], is_a, "is_a(Any $value, Type $type) -> Boolean\n(stdlib) Whether the value is an instance of the type.\n\n    is_a(1, Integer)   # true"),
        builtin("is_service_default", ANY, is_service_default, "is_service_default(Any $value) -> Boolean\n(openstacklib) Whether the value is '<SERVICE DEFAULT>'.\n\n    is_service_default($::os_service_default)"),
        builtin("normalize_ip_for_uri", ANY, normalize_ip_for_uri, "normalize_ip_for_uri(Variant[String, Array] $ips) -> Variant[String, Array]\n(openstacklib) IPv6 addresses in square brackets, for URIs.\n\n    normalize_ip_for_uri('::1')   # '[::1]'"),
        builtin("inet6_prefix", ANY, inet6_prefix, "inet6_prefix(Variant[String, Array] $ips) -> Variant[String, Array]\n(openstacklib) IPv6 addresses as `inet6:[addr]`.\n\n    inet6_prefix('::1')   # 'inet6:[::1]'"),
        builtin("translate", &["String $message, Hash $interpolation_values?"], translate, "translate(String $message, Hash $values) -> String\n(translate) The message with `%{key}` replaced by the values (no translations are loaded).\n\n    translate('Hello %{who}', {who => 'you'})"),
        builtin("mysql::password", &["String $password"], mysql_password, "mysql::password(String $password) -> String\n(mysql) The MySQL native password hash: '*' and the upper-case SHA1 of the SHA1.\n\n    mysql::password('x')"),
        builtin("apache::bool2httpd", &["Any $arg"], bool2httpd, "apache::bool2httpd(Any $arg) -> String\n(apache) 'On' for true (or a string containing 'true'), 'Off' for false and undef, else the value as a string.\n\n    apache::bool2httpd(true)   # 'On'"),
        builtin("postgresql::postgresql_password", &["Variant[String[1], Integer] $username, Variant[String[1], Integer] $password"], postgresql_password, "postgresql::postgresql_password(Variant[String, Integer] $username, Variant[String, Integer] $password) -> String\n(postgresql) The md5 password hash PostgreSQL stores.\n\n    postgresql::postgresql_password('user', 'pw')"),
        builtin("postgresql::postgresql_escape", &["String[1] $input_string"], postgresql_escape, "postgresql::postgresql_escape(String $input) -> String\n(postgresql) The string dollar-quoted for SQL.\n\n    postgresql::postgresql_escape('x')   # '$$x$$'"),
        builtin("scope_defaults", ANY, scope_defaults, "scope_defaults(String $type, String $attribute) -> Boolean\n(staging) Whether a resource default in scope sets the attribute for the type.\n\n    Exec { path => '/bin' } scope_defaults('Exec', 'path')   # true"),
        builtin("staging_parse", ANY, staging_parse, "staging_parse(String $source, String $info, String $extension) -> String\n(staging) The file name, base name, extension or parent directory of a path or URL.\n\n    staging_parse('/a/b.tar.gz', 'basename', '.tar.gz')   # 'b'"),
        builtin("mysql::strip_hash", &["Hash $hash"], strip_hash, "mysql::strip_hash(Hash $hash) -> Hash\n(mysql) The hash without empty-string values (one level into nested hashes).\n\n    mysql::strip_hash({a => '', b => 1})   # {'b' => 1}"),
        builtin("postgresql::postgresql_acls_to_resources_hash", &["Array[String] $acls, String[1] $id, Integer[0] $offset"], acls_to_resources_hash, "postgresql::postgresql_acls_to_resources_hash(Array[String] $acls, String $id, Integer $offset) -> Hash\n(postgresql) pg_hba rules as a hash of postgresql::server::pg_hba_rule resources.\n\n    postgresql::postgresql_acls_to_resources_hash(['host all all 10.0.0.0/8 md5'], 'ipv4acls', 10)"),
        builtin("ipv6_normalize_dnsmasq_ip_subnets", ANY, ipv6_normalize_dnsmasq_ip_subnets, "ipv6_normalize_dnsmasq_ip_subnets(Array[Hash] $subnets) -> Array[Hash]\n(ironic) IPv6 netmasks as prefix lengths, IPv6 gateways removed.\n\n    ipv6_normalize_dnsmasq_ip_subnets([{netmask => 'ffff:ffff::'}])"),
        builtin("mysql_password", &["Any *$args"], mysql_password_old, "mysql_password(String $password) -> String\n(mysql, older API) The MySQL native password hash, as mysql::password.\n\n    mysql_password('x')"),
        builtin("apache::pw_hash", &["String[1] $password"], apache_pw_hash, "apache::pw_hash(String $password) -> String\n(apache) The {SHA} hash of a password for htpasswd files.\n\n    apache::pw_hash('secret')"),
        builtin("to_array_of_json_strings", ANY, to_array_of_json_strings, "to_array_of_json_strings(Variant[Array[Hash], String] $list) -> Array[String]\n(nova) Each hash as a JSON string.\n\n    to_array_of_json_strings([{a => 1}])   # ['{\"a\":1}']"),
    ]
}
