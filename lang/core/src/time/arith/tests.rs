use super::*;
use crate::time::strptime::parse_timestamp;

fn d(secs: f64) -> Value {
    Value::Timespan(Timespan::from_secs_f64(secs).unwrap())
}
fn t(secs: i64) -> Value {
    Value::Timestamp(Timestamp::from_secs(secs))
}
fn ts(s: &str) -> Value {
    Value::Timestamp(parse_timestamp(s, None, None).unwrap())
}
fn show(r: Option<Result<Value, Error>>) -> String {
    match r {
        None => "none".into(),
        Some(Ok(Value::Timespan(x))) => format!("D {x}"),
        Some(Ok(Value::Timestamp(x))) => format!("T {x}"),
        Some(Ok(Value::Integer(i))) => format!("I {i}"),
        Some(Ok(Value::Float(f))) => format!("F {f:?}"),
        Some(Ok(other)) => format!("{other:?}"),
        Some(Err(e)) => format!("error: {}", e.message),
    }
}

#[test]
fn addition() {
    assert_eq!(
        show(add(&ts("2020-01-01"), &ts("2020-01-01"))),
        "error: Error while evaluating a '+' expression, A Timestamp cannot be added to a Timestamp"
    );
    assert_eq!(
        show(add(&ts("2020-01-01"), &Value::Integer(1))),
        "T 2020-01-01T00:00:01.000000000 UTC"
    );
    assert_eq!(
        show(add(&ts("2020-01-01"), &Value::Float(1.5))),
        "T 2020-01-01T00:00:01.500000000 UTC"
    );
    assert_eq!(show(add(&d(2.0), &d(3.0))), "D 0-00:00:05.0");
    assert_eq!(show(add(&d(2.0), &Value::Integer(3))), "D 0-00:00:05.0");
    assert_eq!(show(add(&Value::Integer(3), &d(2.0))), "D 0-00:00:05.0");
    assert_eq!(show(add(&Value::Float(3.5), &d(2.0))), "D 0-00:00:05.5");
    assert_eq!(
        show(add(&Value::Integer(3), &t(2))),
        "T 1970-01-01T00:00:05.000000000 UTC"
    );
    assert_eq!(
        show(add(&t(2), &d(3.0))),
        "T 1970-01-01T00:00:05.000000000 UTC"
    );
    assert_eq!(
        show(add(&d(3.0), &t(2))),
        "T 1970-01-01T00:00:05.000000000 UTC"
    );
    assert_eq!(
        show(add(&d(1.0), &Value::Integer(i64::MAX))),
        "D 106751991167300-15:30:08.0"
    );
    assert_eq!(
        show(add(&d(2.0), &Value::from("a"))),
        "error: The value 'a' cannot be converted to Numeric."
    );
    assert_eq!(show(add(&Value::Integer(1), &Value::Integer(2))), "none");
}

#[test]
fn subtraction() {
    assert_eq!(
        show(sub(&ts("2020-01-01"), &ts("2019-01-01"))),
        "D 365-00:00:00.0"
    );
    assert_eq!(
        show(sub(&t(2), &d(3.0))),
        "T 1969-12-31T23:59:59.000000000 UTC"
    );
    assert_eq!(
        show(sub(&t(2), &Value::Float(1.5))),
        "T 1970-01-01T00:00:00.500000000 UTC"
    );
    assert_eq!(show(sub(&d(2.0), &Value::Float(1.5))), "D 0-00:00:00.5");
    assert_eq!(show(sub(&Value::Float(1.5), &d(2.0))), "D -0-00:00:00.5");
    assert_eq!(show(sub(&Value::Integer(1), &d(2.0))), "D -0-00:00:01.0");
    assert_eq!(
        show(sub(&d(2.0), &t(1))),
        "error: Error while evaluating a '-' expression, A Timestamp cannot be subtracted from a Timespan"
    );
    assert_eq!(
        show(sub(&Value::Integer(3), &t(1))),
        "error: Operator '-' is not applicable to an Integer when right side is a Timestamp."
    );
    assert_eq!(show(neg(&d(2.0))), "D -0-00:00:02.0");
}

#[test]
fn multiplication_division_modulo() {
    assert_eq!(show(mul(&d(2.0), &Value::Integer(3))), "D 0-00:00:06.0");
    assert_eq!(show(mul(&d(2.0), &Value::Float(1.5))), "D 0-00:00:03.0");
    assert_eq!(show(mul(&Value::Integer(3), &d(2.0))), "D 0-00:00:06.0");
    assert_eq!(show(mul(&d(2.0), &Value::Integer(-1))), "D -0-00:00:02.0");
    assert_eq!(
        show(mul(&d(2.0), &d(2.0))),
        "error: Error while evaluating a '*' expression, A Timestamp cannot be multiplied by a Timespan"
    );
    assert_eq!(
        show(mul(&d(2.0), &t(2))),
        "error: Error while evaluating a '*' expression, A Timestamp cannot be multiplied by a Timestamp"
    );
    assert_eq!(
        show(mul(&t(2), &Value::Integer(2))),
        "error: Operator '*' is not applicable to a Timestamp."
    );
    assert_eq!(
        show(mul(&Value::Float(2.5), &t(2))),
        "error: Operator '*' is not applicable to a Float when right side is a Timestamp."
    );
    assert_eq!(
        show(mul(&d(2.0), &Value::Float(1e300))),
        "error: Error while evaluating a '*' expression, Infinity"
    );
    // Signed as the result (seed 9 of the differential tester).
    assert_eq!(
        show(mul(&d(-3.0), &Value::Float(f64::MAX))),
        "error: Error while evaluating a '*' expression, -Infinity"
    );
    assert_eq!(
        show(sub(&d(3.0), &Value::Float(-f64::MAX))),
        "error: Error while evaluating a '-' expression, -Infinity"
    );
    assert_eq!(
        show(sub(&d(3.0), &Value::Float(f64::MAX))),
        "error: Error while evaluating a '-' expression, Infinity"
    );
    assert_eq!(show(div(&d(5.0), &d(2.0))), "F 2.5");
    // The spec's D / I = F (the reference gives a Timespan).
    assert_eq!(show(div(&d(5.0), &Value::Integer(2))), "F 2.5");
    assert_eq!(show(div(&d(5.0), &Value::Float(2.0))), "F 2.5");
    assert_eq!(
        show(div(&d(2.0), &Value::Integer(0))),
        "error: Division by 0"
    );
    assert_eq!(
        show(div(&d(5.0), &Value::Float(0.0))),
        "error: Division by 0"
    );
    assert_eq!(
        show(div(&d(7.0), &d(0.0))),
        "error: The result of the / expression is Infinity"
    );
    assert_eq!(
        show(div(&Value::Integer(5), &d(2.0))),
        "error: Operator '/' is not applicable to an Integer when right side is a Timespan."
    );
    assert_eq!(
        show(div(&t(5), &Value::Integer(2))),
        "error: Operator '/' is not applicable to a Timestamp."
    );
    assert_eq!(
        show(div(&d(5.0), &t(2))),
        "error: Error while evaluating a '/' expression, A Timespan cannot be divided by a Timestamp"
    );
    assert_eq!(show(modulo(&d(5.0), &Value::Integer(2))), "I 1");
    assert_eq!(show(modulo(&d(-5.0), &Value::Integer(3))), "I 1");
    assert_eq!(
        show(modulo(&d(2.0), &Value::Integer(0))),
        "error: Division by 0"
    );
    // The spec's I % D = F (the reference rejects it).
    assert_eq!(show(modulo(&Value::Integer(5), &d(2.0))), "F 1.0");
    assert_eq!(
        show(modulo(&d(5.0), &d(2.0))),
        "error: Error while evaluating a '%' expression, Can not do modulus on a Timespan using a a Timespan"
    );
    assert_eq!(
        show(modulo(&d(5.5), &Value::Float(2.0))),
        "error: Operator '%' is not applicable to a Timespan when right side is a Float."
    );
    assert_eq!(
        show(modulo(&Value::Float(5.5), &d(2.0))),
        "error: Operator '%' is not applicable to a Float."
    );
    assert_eq!(
        show(modulo(&t(5), &Value::Integer(2))),
        "error: Operator '%' is not applicable to a Timestamp."
    );
    // (found by the `times` differential area)
    assert_eq!(
        show(modulo(&t(5), &Value::Float(2.5))),
        "error: Operator '%' is not applicable to a Timestamp when right side is a Float."
    );
    assert_eq!(
        show(modulo(&Value::Float(5.5), &t(2))),
        "error: Operator '%' is not applicable to a Float."
    );
    for other in [Value::Undef, Value::Boolean(true), Value::Default] {
        let shown = crate::format::to_display(&other);
        let expected = format!("error: The value '{shown}' cannot be converted to Numeric.");
        assert_eq!(show(modulo(&t(5), &other)), expected);
        assert_eq!(show(mul(&t(5), &other)), expected);
        assert_eq!(show(div(&t(5), &other)), expected);
    }
}

#[test]
fn comparison() {
    use std::cmp::Ordering::*;
    assert_eq!(compare(&d(2.0), &d(3.0)), Some(Less));
    assert_eq!(compare(&d(2.0), &Value::Integer(3)), Some(Less));
    assert_eq!(compare(&Value::Integer(3), &d(2.0)), Some(Greater));
    assert_eq!(compare(&t(2), &Value::Integer(3)), Some(Less));
    assert_eq!(compare(&d(2.5), &Value::Integer(2)), Some(Equal));
    assert_eq!(compare(&d(2.5), &Value::Float(2.5)), Some(Equal));
    assert_eq!(compare(&t(2), &d(3.0)), None);
    let err =
        |a: &Value, b: &Value, op: &str| compare_checked(a, b, op).unwrap().unwrap_err().message;
    assert_eq!(
        err(&t(2), &d(3.0), "<"),
        "Comparison of: Timestamp < Timespan, is not possible. Caused by 'Timestamps are only comparable to Timestamps, Integers, and Floats'."
    );
    assert_eq!(
        err(&d(2.0), &Value::from("a"), "<"),
        "Comparison of: Timespan < String, is not possible. Caused by 'Timespans are only comparable to Timespans, Integers, and Floats'."
    );
    assert_eq!(
        err(&d(2.0), &Value::Undef, "<"),
        "Comparison of: Timespan < Undef Value, is not possible. Caused by 'Timespans are only comparable to Timespans, Integers, and Floats'."
    );
    assert_eq!(
        err(&Value::from("a"), &d(2.0), "<"),
        "Comparison of: String < Timespan, is not possible. Caused by 'A String is not comparable to a non String'."
    );
    assert_eq!(
        err(&Value::empty_array(), &d(2.0), "<"),
        "Comparison of: Array < Timespan, is not possible. Caused by 'Only Strings, Numbers, Timespans, Timestamps, and Versions are comparable'."
    );
    assert!(compare_checked(&Value::Integer(1), &Value::Integer(2), "<").is_none());
}

#[test]
fn comparison_with_integers_rounds_down_unless_the_integer_is_on_the_left() {
    use std::cmp::Ordering::*;
    let ok = |a: &Value, b: &Value| compare_checked(a, b, "<").unwrap().unwrap();
    // Whole seconds rounded down (`==`, `compare()`, a time value on the left).
    assert_eq!(compare(&d(-0.5), &Value::Integer(-1)), Some(Equal));
    assert_eq!(compare(&Value::Integer(0), &d(-0.5)), Some(Greater));
    assert_eq!(ok(&d(1.5), &Value::Integer(1)), Equal);
    assert_eq!(ok(&d(-0.5), &Value::Integer(0)), Less);
    // An Integer on the left: seconds with their fraction.
    assert_eq!(ok(&Value::Integer(1), &d(1.5)), Less);
    assert_eq!(ok(&Value::Integer(0), &d(-0.5)), Greater);
    assert_eq!(ok(&Value::Integer(2), &d(2.0)), Equal);
}
