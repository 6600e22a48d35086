use super::*;

fn s(v: &str) -> Value {
    Value::from(v)
}
fn i(v: i64) -> Value {
    Value::Integer(v)
}
fn hash(entries: &[(&str, Value)]) -> Value {
    let mut m = crate::values::Map::default();
    for (k, v) in entries {
        m.insert(Value::from(*k), v.clone());
    }
    Value::hash(m)
}

fn span(args: &[Value]) -> Result<String, String> {
    match timespan_new(args) {
        Ok(Value::Timespan(t)) => Ok(t.to_string()),
        Ok(other) => Err(format!("not a timespan: {other:?}")),
        Err(e) => Err(e.message),
    }
}

fn stamp(args: &[Value]) -> Result<String, String> {
    match timestamp_new(args) {
        Ok(Value::Timestamp(t)) => Ok(t.to_string()),
        Ok(other) => Err(format!("not a timestamp: {other:?}")),
        Err(e) => Err(e.message),
    }
}

#[test]
fn timespan_constructors() {
    let ok = |args: &[Value], want: &str| assert_eq!(span(args), Ok(want.to_string()), "{args:?}");
    ok(&[Value::Float(13.5)], "0-00:00:13.5");
    ok(&[Value::Float(-13.5)], "-0-00:00:13.5");
    ok(&[i(3600 * 24 * 3 + 5)], "3-00:00:05.0");
    ok(&[hash(&[("days", i(4))])], "4-00:00:00.0");
    ok(&[i(4), i(0), i(0), i(2)], "4-00:00:02.0");
    ok(
        &[i(1), i(2), i(3), i(4), i(5), i(6), i(7)],
        "1-02:03:04.005006007",
    );
    ok(
        &[hash(&[("negative", Value::Boolean(true)), ("hours", i(3))])],
        "-0-03:00:00.0",
    );
    ok(
        &[hash(&[("negative", Value::Boolean(true)), ("days", i(-1))])],
        "1-00:00:00.0",
    );
    ok(
        &[hash(&[("string", s("3")), ("format", s("%H"))])],
        "0-03:00:00.0",
    );
    ok(&[hash(&[("string", s("01:02:03"))])], "0-01:02:03.0");
    ok(&[s("10:03.5"), s("%M:%S.%L")], "0-00:10:03.5");
    ok(&[s("10:03.5"), s("%M:%S.%N")], "0-00:10:03.5");
    ok(&[s("1-00:00:00")], "1-00:00:00.0");
    ok(
        &[s("12"), Value::array(vec![s("%D"), s("%H")])],
        "12-00:00:00.0",
    );
    ok(&[Value::Float(1.123456789123)], "0-00:00:01.123456789");
    ok(&[Value::Float(0.1)], "0-00:00:00.1");
    // The reference has no bound (Timespan(1e30) works there); ours is i128 nanoseconds.
    assert_eq!(
        span(&[Value::Float(1e30)]),
        Err("The value 1e30 is out of range for a time value".into())
    );
}

#[test]
fn timespan_constructor_errors() {
    assert_eq!(
        span(&[]),
        Err("'new_timespan' expects between 1 and 7 arguments, got none".into())
    );
    assert_eq!(
        span(&[s("12"), s("%H"), s("x")]),
        Err("'new_timespan' expects between 1 and 7 arguments, got 3".into())
    );
    assert_eq!(
        span(&[s("x12"), Value::array(vec![s("%D"), s("%H")])]),
        Err("Unable to parse 'x12' using any of the formats %D, %H".into())
    );
    assert_eq!(
        span(&[s("1:2"), s("%Q")]),
        Err("Bad format specifier '%' in '%Q', at position 1".into())
    );
    assert_eq!(
        span(&[i(1), i(2)]),
        Err("The function 'new_timespan' was called with arguments it does not accept. It expects one of:
  (Variant[Integer, Float] seconds)
    rejected: expects 1 argument, got 2
  (String[1] string, Formats = Variant[String[2], Array[String[2], 1]] format?)
    rejected: parameter 'string' expects a String value, got Integer
  (Integer days, Integer hours, Integer minutes, Integer seconds, Integer milliseconds?, Integer microseconds?, Integer nanoseconds?)
    rejected: expects between 4 and 7 arguments, got 2
  (Struct[{'string' => String[1], Optional['format'] => Formats}] hash_arg)
    rejected: expects 1 argument, got 2
  (Struct[{Optional['negative'] => Boolean, Optional['days'] => Integer, Optional['hours'] => Integer, Optional['minutes'] => Integer, Optional['seconds'] => Integer, Optional['milliseconds'] => Integer, Optional['microseconds'] => Integer, Optional['nanoseconds'] => Integer}] hash_arg)
    rejected: expects 1 argument, got 2"
            .into())
    );
    assert_eq!(
        span(&[hash(&[("days", Value::Float(1.5))])]),
        Err("The function 'new_timespan' was called with arguments it does not accept. It expects one of:
  (Variant[Integer, Float] seconds)
    rejected: parameter 'seconds' expects a value of type Integer or Float, got Struct
  (String[1] string, Formats = Variant[String[2], Array[String[2], 1]] format?)
    rejected: parameter 'string' expects a String value, got Struct
  (Integer days, Integer hours, Integer minutes, Integer seconds, Integer milliseconds?, Integer microseconds?, Integer nanoseconds?)
    rejected: expects between 4 and 7 arguments, got 1
  (Struct[{'string' => String[1], Optional['format'] => Formats}] hash_arg)
    rejected: parameter 'hash_arg' expects a value for key 'string'
    rejected: parameter 'hash_arg' unrecognized key 'days'
  (Struct[{Optional['negative'] => Boolean, Optional['days'] => Integer, Optional['hours'] => Integer, Optional['minutes'] => Integer, Optional['seconds'] => Integer, Optional['milliseconds'] => Integer, Optional['microseconds'] => Integer, Optional['nanoseconds'] => Integer}] hash_arg)
    rejected: parameter 'hash_arg' entry 'days' expects an Integer value, got Float"
            .into())
    );
    assert!(span(&[Value::Float(1.5), i(2), i(3), i(4)])
        .unwrap_err()
        .contains("rejected: parameter 'days' expects an Integer value, got Float"));
}

#[test]
fn timestamp_constructors() {
    let ok = |args: &[Value], want: &str| assert_eq!(stamp(args), Ok(want.to_string()), "{args:?}");
    ok(&[i(0)], "1970-01-01T00:00:00.000000000 UTC");
    ok(&[i(1473150899)], "2016-09-06T08:34:59.000000000 UTC");
    ok(&[Value::Float(1.5)], "1970-01-01T00:00:01.500000000 UTC");
    ok(
        &[hash(&[("string", s("2015")), ("format", s("%Y"))])],
        "2015-01-01T00:00:00.000000000 UTC",
    );
    ok(
        &[hash(&[("string", s("2016-09-06")), ("timezone", s("EST"))])],
        "2016-09-06T05:00:00.000000000 UTC",
    );
    ok(
        &[s("Wed Aug 24 12:13:14 2016"), s("%c")],
        "2016-08-24T12:13:14.000000000 UTC",
    );
    ok(
        &[s("Wed Aug 24 12:13:14 2016 PDT"), s("%c %Z")],
        "2016-08-24T19:13:14.000000000 UTC",
    );
    ok(
        &[s("2016-09-06"), s("%F"), s("+02:00")],
        "2016-09-05T22:00:00.000000000 UTC",
    );
    ok(
        &[s("2016-09-06"), Value::array(vec![s("%Q"), s("%F")])],
        "2016-09-06T00:00:00.000000000 UTC",
    );
    ok(
        &[i(9223372036854775807)],
        "292277026596-12-04T15:30:07.000000000 UTC",
    );
    assert_eq!(
        stamp(&[Value::Float(1e30)]),
        Err("The value 1e30 is out of range for a time value".into())
    );
    let now = timestamp_new(&[]).unwrap();
    assert!(matches!(now, Value::Timestamp(t) if t.secs() > 1_600_000_000));
}

#[test]
fn timestamp_constructor_errors() {
    assert_eq!(
        stamp(&[s("2016-09-06"), s("%F"), s("xyz")]),
        Err("Illegal timezone 'xyz'".into())
    );
    assert_eq!(
        stamp(&[s("2016-09-06"), s("%F"), s("")]),
        Err("The function 'new_timestamp' was called with arguments it does not accept. It expects one of:
  ()
    rejected: expects no arguments, got 3
  (Variant[Integer, Float] seconds)
    rejected: expects 1 argument, got 3
  (String[1] string, Formats = Variant[String[2], Array[String[2], 1]] format?, String[1] timezone?)
    rejected: parameter 'timezone' expects a String[1] value, got String
  (Struct[{'string' => String[1], Optional['format'] => Formats, Optional['timezone'] => String[1]}] hash_arg)
    rejected: expects 1 argument, got 3"
            .into())
    );
}
