//! Time values from the arguments of `Timespan[from, to]` and `Timestamp[from, to]`: a time
//! value, a hash or string (as the constructors read them), or Integer/Float seconds.
//! `default` (an unbounded end) is the caller's business.

use super::construct::{timespan_new, timestamp_new};
use super::{nanos_from_f64, Timespan, Timestamp};
use crate::error::Error;
use crate::values::Value;

/// How Ruby names a value in its `no implicit conversion of X into String` errors: `nil`,
/// `true`, `false`, else the class (`Integer`, `SemanticPuppet::Version`).
pub fn ruby_conversion_name(v: &Value) -> &'static str {
    match v {
        Value::Undef => "nil",
        Value::Boolean(true) => "true",
        Value::Boolean(false) => "false",
        other => ruby_class(other),
    }
}

/// The Ruby class the reference names in its error.
pub fn ruby_class(v: &Value) -> &'static str {
    match v {
        Value::Boolean(true) => "TrueClass",
        Value::Boolean(false) => "FalseClass",
        Value::Undef => "NilClass",
        Value::Default => "Symbol",
        Value::Integer(_) => "Integer",
        Value::Float(_) => "Float",
        Value::String(_) => "String",
        Value::Array(_) => "Array",
        Value::Hash(_) => "Hash",
        Value::Regexp(_) => "Regexp",
        Value::Timespan(_) => "Puppet::Pops::Time::Timespan",
        Value::Timestamp(_) => "Puppet::Pops::Time::Timestamp",
        Value::SemVer(_) => "SemanticPuppet::Version",
        Value::SemVerRange(_) => "SemanticPuppet::VersionRange",
        Value::Sensitive(_) => "Puppet::Pops::Types::PSensitiveType::Sensitive",
        Value::Type(_) => "Puppet::Pops::Types::PAnyType",
        Value::Iterator(_) => "Puppet::Pops::Types::Iterable",
        Value::Object(_) => "Puppet::Pops::Types::PuppetObject",
        Value::Uri(u) => u.ruby_class(),
        Value::Binary(_) => "Puppet::Pops::Types::PBinaryType::Binary",
    }
}

/// A Timespan from a type parameter.
pub fn timespan_from_value(v: &Value) -> Result<Timespan, Error> {
    match v {
        Value::Timespan(t) => Ok(*t),
        Value::Integer(i) => Ok(Timespan::from_secs(*i)),
        Value::Float(f) => Ok(Timespan::from_nanos(nanos_from_f64(*f)?)),
        Value::String(_) | Value::Hash(_) => match timespan_new(std::slice::from_ref(v))? {
            Value::Timespan(t) => Ok(t),
            _ => Err(cannot_create("Timespan", v)),
        },
        other => Err(cannot_create("Timespan", other)),
    }
}

/// A Timestamp from a type parameter.
pub fn timestamp_from_value(v: &Value) -> Result<Timestamp, Error> {
    match v {
        Value::Timestamp(t) => Ok(*t),
        Value::Integer(i) => Ok(Timestamp::from_secs(*i)),
        Value::Float(f) => Ok(Timestamp::from_nanos(nanos_from_f64(*f)?)),
        Value::String(_) | Value::Hash(_) => match timestamp_new(std::slice::from_ref(v))? {
            Value::Timestamp(t) => Ok(t),
            _ => Err(cannot_create("Timestamp", v)),
        },
        other => Err(cannot_create("Timestamp", other)),
    }
}

fn cannot_create(class: &str, v: &Value) -> Error {
    Error::eval(format!(
        "Unable to create a Puppet::Pops::Time::{class} from a {}",
        ruby_class(v)
    ))
}

/// The reference's error for `Timespan[from, to]` with `from` after `to` (its message
/// lacks the closing parenthesis).
pub fn range_order_error(from: &str, to: &str) -> Error {
    Error::eval(format!(
        "'from' must be less or equal to 'to'. Got ({from}, {to}"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn type_parameters() {
        let span = |v: Value| {
            timespan_from_value(&v)
                .map(|t| t.to_string())
                .map_err(|e| e.message)
        };
        assert_eq!(span(Value::Integer(2)), Ok("0-00:00:02.0".into()));
        assert_eq!(span(Value::Float(77.3)), Ok("0-00:01:17.3".into()));
        let mut h = crate::values::Map::default();
        h.insert(Value::from("hours"), Value::Integer(1));
        assert_eq!(span(Value::hash(h)), Ok("0-01:00:00.0".into()));
        assert_eq!(span("1-00:00:00".into()), Ok("1-00:00:00.0".into()));
        assert_eq!(
            span(Value::Boolean(true)),
            Err("Unable to create a Puppet::Pops::Time::Timespan from a TrueClass".into())
        );
        assert!(span("garbage".into())
            .unwrap_err()
            .starts_with("Unable to parse 'garbage' using any of the formats"));
        let stamp = |v: Value| {
            timestamp_from_value(&v)
                .map(|t| t.to_string())
                .map_err(|e| e.message)
        };
        assert_eq!(
            stamp("2012-10-10".into()),
            Ok("2012-10-10T00:00:00.000000000 UTC".into())
        );
        assert_eq!(
            stamp(Value::Integer(1433116800)),
            Ok("2015-06-01T00:00:00.000000000 UTC".into())
        );
        assert_eq!(
            stamp(Value::Float(1.5)),
            Ok("1970-01-01T00:00:01.500000000 UTC".into())
        );
        assert_eq!(
            range_order_error("0-00:00:03.0", "0-00:00:01.0").message,
            "'from' must be less or equal to 'to'. Got (0-00:00:03.0, 0-00:00:01.0"
        );
    }
}

#[cfg(test)]
mod conversion_name_tests {
    use super::ruby_conversion_name;
    use crate::values::Value;

    /// From the reference: `"a" =~ undef`, `"a" =~ true`, `"a" =~ 1`, `"a" =~ Timespan(1)`.
    #[test]
    fn names_values_as_ruby_does() {
        assert_eq!(ruby_conversion_name(&Value::Undef), "nil");
        assert_eq!(ruby_conversion_name(&Value::Boolean(true)), "true");
        assert_eq!(ruby_conversion_name(&Value::Integer(1)), "Integer");
        assert_eq!(
            ruby_conversion_name(&Value::Timespan(crate::time::Timespan { nanos: 1 })),
            "Puppet::Pops::Time::Timespan"
        );
    }
}
