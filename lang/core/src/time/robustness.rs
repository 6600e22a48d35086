//! Random formats and inputs must give a value or an error, never a panic.

use super::span_format::{parse_timespan_any, DEFAULT_FORMATS};
use super::*;

/// A small deterministic generator (no external crates needed).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[(self.next() as usize) % items.len()]
    }
    fn text(&mut self, atoms: &[&str], max: u64) -> String {
        let n = self.next() % max;
        (0..n).map(|_| self.pick(atoms)).collect()
    }
}

const FORMAT_ATOMS: &[&str] = &[
    "%", "%%", "-", "_", "0", "^", "#", ":", "9", "12", "99999", "Y", "m", "d", "H", "M", "S", "L",
    "N", "z", "Z", "s", "j", "D", "F", "T", "c", "E", "O", "p", "P", "b", "B", "a", "A", " ", "x",
    "é", "\t",
];
const INPUT_ATOMS: &[&str] = &[
    "0",
    "1",
    "9",
    "12",
    "2016",
    "99999999999999999999999",
    "-",
    "+",
    ":",
    ".",
    " ",
    "T",
    "UTC",
    "pm",
    "Sep",
    "x",
    "é",
    "GMT+5",
    "/",
    "\t",
];

#[test]
fn random_time_formats_do_not_panic() {
    let mut g = Lcg(7);
    for _ in 0..4000 {
        let fmt = g.text(FORMAT_ATOMS, 8);
        let input = g.text(INPUT_ATOMS, 8);
        let nanos = (g.next() as i128 - (1 << 30)) * 1_000_000_007 * (g.next() as i128 % 1_000_000);
        let _ = format_timestamp(Timestamp::from_nanos(nanos), &fmt, None);
        let _ = format_timespan(Timespan::from_nanos(nanos), &fmt);
        let _ = parse_timestamp(&input, Some(&fmt), None);
        let _ = parse_timespan(&input, &fmt);
        let _ = parse_timespan_any(&input, &DEFAULT_FORMATS);
        let _ = parse_timestamp(&input, None, None);
    }
    for n in [i128::MIN, i128::MAX, i128::MIN + 1, i128::MAX / 2, -1] {
        let _ = format_timestamp(
            Timestamp::from_nanos(n),
            "%c %G %V %U %s %z %N",
            Some("Europe/Stockholm"),
        );
        let _ = Timespan::from_nanos(n).to_string();
        let _ = arith::add(
            &Value::Timespan(Timespan::from_nanos(n)),
            &Value::Integer(i64::MAX),
        );
        let _ = arith::mul(
            &Value::Timespan(Timespan::from_nanos(n)),
            &Value::Integer(i64::MIN),
        );
        let _ = arith::modulo(
            &Value::Timespan(Timespan::from_nanos(n)),
            &Value::Integer(-1),
        );
        let _ = arith::div(
            &Value::Timespan(Timespan::from_nanos(n)),
            &Value::Timespan(Timespan::from_nanos(-1)),
        );
    }
}

#[test]
fn random_ranges_do_not_panic() {
    let atoms = &[
        "1",
        "0",
        "2",
        "x",
        "*",
        ".",
        "-",
        "+",
        "||",
        " ",
        "<",
        ">",
        "=",
        "~",
        "^",
        "v",
        "rc",
        "01",
        "99999999999999999999",
    ];
    let mut g = Lcg(11);
    let v = semver::Version::parse("1.2.3-rc.1").expect("valid version");
    for _ in 0..4000 {
        let s = g.text(atoms, 10);
        if let Ok(r) = crate::versions::SemVerRange::parse(&s) {
            let _ = r.includes(&v);
            let _ = r.intersection(&r);
            let _ = crate::versions::merge_ranges(vec![r.clone(), r]);
        }
    }
}

use crate::values::Value;
