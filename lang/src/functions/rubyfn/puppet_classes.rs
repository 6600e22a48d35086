//! Puppet's classes that modules' Ruby functions call for what Puppet code does with
//! values: `Puppet::Pops::Types::PSensitiveType::Sensitive.new` (Puppet's `Sensitive`),
//! `TypeCalculator.infer_set` (the `type` function's detailed type),
//! `Serialization::ToDataConverter.convert(v, rich_data: true)` (rich data: `__ptype`),
//! `Puppet::Util::Package.versioncmp`. Each bridged to prepl's values; what else they take
//! stays beyond the subset (`None`: the caller's unsupported error names the call).

use crate::erb::bridge::{to_puppet, to_ruby};
use crate::erb::ruby::{self, RValue};
use crate::erb::{Host, HostError};
use crate::values::{Map, Value};
use std::rc::Rc;

/// A call on one of these classes; `None` for another call.
pub(super) fn system_call(
    host: &mut dyn Host,
    class: &str,
    name: &str,
    args: &[RValue],
) -> Option<Result<RValue, HostError>> {
    let puppet = |v: &RValue| to_puppet(v).map_err(HostError::Unsupported);
    Some(match (class, name, args) {
        ("Puppet::Pops::Types::PSensitiveType::Sensitive", "new", [v]) => {
            puppet(v).map(|v| to_ruby(&Value::Sensitive(Rc::new(v))))
        }
        ("Puppet::Pops::Types::TypeCalculator", "infer_set", [v]) => {
            host.call_function("type", vec![v.clone()])
        }
        ("Puppet::Pops::Serialization::ToDataConverter", "convert", [v, RValue::Hash(o)])
            if o.borrow()
                .get(&RValue::sym("rich_data"))
                .is_some_and(RValue::truthy) =>
        {
            puppet(v)
                .and_then(|v| rich_data(&v).map_err(HostError::Unsupported))
                .map(|v| to_ruby(&v))
        }
        ("Puppet::Util::Package", "versioncmp", [a, b, rest @ ..]) if rest.len() <= 1 => {
            let ignore = rest.first().is_some_and(RValue::truthy);
            let (a, b) = (ruby::show::to_s(a), ruby::show::to_s(b));
            let o = crate::functions::strings::versioncmp_str(&a, &b, ignore);
            Ok(RValue::Int(o as i64))
        }
        _ => return None,
    })
}

/// The reference's `ToDataConverter` with `rich_data: true` over plain data, `Sensitive`
/// and `default`: a hash with a key other than a string becomes `{'__ptype' => 'Hash',
/// '__pvalue' => [k, v, ...]}`, a Sensitive `{'__ptype' => 'Sensitive', '__pvalue' => v}`.
fn rich_data(v: &Value) -> Result<Value, String> {
    let typed = |t: &str, value: Option<Value>| {
        let mut m = Map::default();
        m.insert(Value::from("__ptype"), Value::from(t));
        if let Some(v) = value {
            m.insert(Value::from("__pvalue"), v);
        }
        Value::hash(m)
    };
    crate::limits::deep(|| {
        Ok(match v {
            Value::Undef
            | Value::Boolean(_)
            | Value::Integer(_)
            | Value::Float(_)
            | Value::String(_) => v.clone(),
            Value::Array(a) => Value::array(a.iter().map(rich_data).collect::<Result<_, _>>()?),
            Value::Hash(h) => {
                let plain = h.iter().all(|(k, _)| {
                    matches!(k, Value::String(s) if &**s != "__ptype" && &**s != "__pvalue")
                });
                if plain {
                    let mut m = Map::default();
                    for (k, x) in h.iter() {
                        m.insert(k.clone(), rich_data(x)?);
                    }
                    Value::hash(m)
                } else {
                    let mut flat = Vec::new();
                    for (k, x) in h.iter() {
                        flat.push(rich_data(k)?);
                        flat.push(rich_data(x)?);
                    }
                    typed("Hash", Some(Value::array(flat)))
                }
            }
            Value::Sensitive(s) => typed("Sensitive", Some(rich_data(s)?)),
            Value::Default => typed("Default", None),
            other => {
                return Err(format!(
                    "Puppet::Pops::Serialization::ToDataConverter.convert of {}",
                    crate::describe::a_an(other)
                ))
            }
        })
    })
}
