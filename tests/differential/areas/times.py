"""Time values: `Timespan` and `Timestamp` made in every way their `new` takes (numbers,
strings with and without formats, the hash forms, the component forms, timezones), their
arithmetic (with each other and with numbers), comparisons, ranges of their types and `=~`,
`strftime` of both with random directives, flags and widths, `String(v, fmt)`, conversions
to numbers, `sort`/`min`/`max` of them, and realistic mistakes (strings no format parses,
unknown timezones, negative parts, wrong operand kinds).

The current time never appears in a value (`Timestamp()` only in type checks), so every
answer is deterministic. A program is a list of checks; an error ends a program."""
import re

from gen import quote

CHECKS_PER_PROGRAM = 4

SECONDS = ["0", "1", "-1", "59", "60", "3600", "86399", "86400", "90061", "1.5", "-2.25",
           "0.001", "123456.789", "1e6", "-86400.5", "0.000001", "1234567890",
           "1700000000", "-1700000000", "253402300799", "946684800.5"]

SPAN_STRINGS = ["'1-00:00:00'", "'00:01:00'", "'12:34:56'", "'1-02:03:04.5'",
                "'-00:00:10'", "'2:3'", "'10'", "'1:2:3.004'", "'100:00:00'", "'abc'",
                "'1-2'", "''", "'0-00:00:00.000000001'", "'-1-12:00:00'", "'3.5'"]
SPAN_FORMATS = ["'%D-%H:%M:%S'", "'%H:%M:%S'", "'%M:%S'", "'%S'", "'%H:%M'", "'%D'",
                "'%H:%M:%S.%L'", "'%S.%N'", "'%-H:%M'", "'%Hh%Mm'", "'%D days'", "'%%%S'"]

STAMP_STRINGS = ["'2024-02-29T12:34:56'", "'2023-01-01'", "'2024-02-29T12:34:56.123 UTC'",
                 "'2001-09-09T01:46:40.000000001Z'", "'1999-12-31 23:59:59'",
                 "'2024-13-01'", "'2024-02-30'", "'1970-01-01T00:00:00'", "'yesterday'",
                 "'2024-06-15T08:00:00+02:00'", "'2024-06-15T08:00:00 -05:00'",
                 "'12:00'", "'2024-06-15T08:00:00.5 CET'", "'Sat, 15 Jun 2024 08:00:00'",
                 "'2020-02-29T00:00:00 EST'", "'2038-01-19T03:14:08'", "''"]
STAMP_FORMATS = ["'%Y-%m-%d'", "'%Y-%m-%dT%H:%M:%S'", "'%Y-%m-%d %H:%M:%S'",
                 "'%Y-%m-%dT%H:%M:%S.%N %Z'", "'%Y-%m-%dT%H:%M:%S %z'", "'%d/%m/%Y'",
                 "'%a, %d %b %Y %H:%M:%S'", "'%s'", "'%Y%m%d%H%M%S'", "'%F %T'",
                 "'%H:%M'", "'%j %Y'", "'%b %e %Y'", "'%Y-%m-%dT%H:%M:%S.%L'"]
ZONES = ["'UTC'", "'Europe/Stockholm'", "'America/New_York'", "'Asia/Kolkata'", "'EST'",
         "'CET'", "'+01:00'", "'-0530'", "'Z'", "'Australia/Lord_Howe'", "'Nowhere/City'",
         "'GMT'", "'current'", "'Pacific/Chatham'", "'America/St_Johns'"]

STAMP_DIRECTIVES = list("aAbBcCdDeFhHIjklLmMnNpPrRsStTuUVwWxXyYzZGg%") + [
    "3N", "6N", "9N", ":z", "::z", "+"]
SPAN_DIRECTIVES = list("DHMSLN%") + ["3N", "6N", "9N"]
FLAGS = ["", "", "", "-", "0", "_", "^", "#"]


def directive(rng, pool):
    d = rng.choice(pool)
    flag = rng.choice(FLAGS)
    width = str(rng.randint(1, 12)) if rng.random() < 0.2 else ""
    return f"%{flag}{width}{d}"


def time_format(rng, pool):
    parts = []
    for _ in range(rng.randint(1, 4)):
        parts.append(directive(rng, pool))
        if rng.random() < 0.5:
            parts.append(rng.choice([" ", "-", ":", "T", "/", ", ", "h", "x"]))
    return quote("".join(parts))


def span(rng):
    k = rng.randrange(10)
    if k < 3:
        return f"Timespan({rng.choice(SECONDS)})"
    if k < 5:
        return f"Timespan({rng.choice(SPAN_STRINGS)})"
    if k < 6:
        return f"Timespan({rng.choice(SPAN_STRINGS)}, {rng.choice(SPAN_FORMATS)})"
    if k < 7:
        n = rng.randint(1, 7)
        parts = ", ".join(str(rng.choice([0, 1, 2, 23, 59, 61, 100, -1, 999])) for _ in range(n))
        return f"Timespan({parts})"
    if k < 9:
        keys = rng.sample(["days", "hours", "minutes", "seconds", "milliseconds",
                           "microseconds", "nanoseconds", "negative"], rng.randint(1, 3))
        entries = []
        for key in keys:
            if key == "negative":
                entries.append(f"'negative' => {rng.choice(['true', 'false'])}")
            else:
                entries.append(f"'{key}' => {rng.choice(['0', '1', '2', '30', '1.5', '-3', '1000'])}")
        return "Timespan({" + ", ".join(entries) + "})"
    s = rng.choice(SPAN_STRINGS)
    f = rng.choice(SPAN_FORMATS + ["[" + rng.choice(SPAN_FORMATS) + ", " + rng.choice(SPAN_FORMATS) + "]"])
    return "Timespan({'string' => " + s + ", 'format' => " + f + "})"


def stamp(rng):
    k = rng.randrange(10)
    if k < 3:
        return f"Timestamp({rng.choice(SECONDS)})"
    if k < 5:
        return f"Timestamp({rng.choice(STAMP_STRINGS)})"
    if k < 7:
        return f"Timestamp({rng.choice(STAMP_STRINGS)}, {rng.choice(STAMP_FORMATS)})"
    if k < 8:
        return (f"Timestamp({rng.choice(STAMP_STRINGS)}, {rng.choice(STAMP_FORMATS)}, "
                f"{rng.choice(ZONES)})")
    if k < 9:
        entries = ["'string' => " + rng.choice(STAMP_STRINGS)]
        if rng.random() < 0.7:
            entries.append("'format' => " + rng.choice(STAMP_FORMATS))
        if rng.random() < 0.5:
            entries.append("'timezone' => " + rng.choice(ZONES))
        return "Timestamp({" + ", ".join(entries) + "})"
    return f"Timestamp('{rng.randint(1900, 2100)}-{rng.randint(1, 12):02}-{rng.randint(1, 28):02}')"


def value(rng):
    return span(rng) if rng.random() < 0.5 else stamp(rng)


def number(rng):
    return rng.choice(["0", "1", "-1", "2", "1.5", "3600", "-0.5", "1e3", "'1'", "undef"])


def check(rng):
    k = rng.randrange(20)
    if k < 3:
        return value(rng)
    if k < 6:
        a = value(rng)
        op = rng.choice(["+", "-", "*", "/", "%"])
        b = value(rng) if rng.random() < 0.5 else number(rng)
        if rng.random() < 0.2:
            a, b = b, a
        return f"{a} {op} {b}"
    if k < 8:
        op = rng.choice(["==", "!=", "<", "<=", ">", ">="])
        b = value(rng) if rng.random() < 0.7 else number(rng)
        return f"{value(rng)} {op} {b}"
    if k < 10:
        if rng.random() < 0.5:
            t = stamp(rng)
            args = [t, time_format(rng, STAMP_DIRECTIVES)]
            if rng.random() < 0.3:
                args.append(rng.choice(ZONES))
        else:
            args = [span(rng), time_format(rng, SPAN_DIRECTIVES)]
        if rng.random() < 0.3:
            return f"{args[0]}.strftime({', '.join(args[1:])})"
        return f"strftime({', '.join(args)})"
    if k < 12:
        v = value(rng)
        fmt = rng.choice(["'%p'", "'%s'", "'%d'", "'%f'", "'%10s'", "'%-30s|'", "'%#p'",
                          time_format(rng, STAMP_DIRECTIVES if "stamp" in v else SPAN_DIRECTIVES)])
        return f"String({v}, {fmt})"
    if k < 14:
        v = value(rng)
        conv = rng.choice(["Integer", "Float", "Numeric", "String"])
        return f"{conv}({v})"
    if k < 16:
        name = rng.choice(["Timespan", "Timestamp"])
        lo = rng.choice(["default", "0", "-10", "3600", "'00:10:00'", "'2024-01-01'", "1.5"])
        hi = rng.choice(["default", "86400", "'1-00:00:00'", "'2030-01-01'", "10"])
        ty = rng.choice([f"{name}", f"{name}[{lo}]", f"{name}[{lo}, {hi}]"])
        if rng.random() < 0.3:
            return f"type({value(rng)})" if rng.random() < 0.5 else f"{ty}"
        if rng.random() < 0.15:
            return "Timestamp() =~ Timestamp" if rng.random() < 0.5 else "Timestamp() =~ Timespan"
        return f"{value(rng)} =~ {ty}"
    if k < 18:
        vals = ", ".join(span(rng) if rng.random() < 0.5 else span(rng) for _ in range(rng.randint(2, 4)))
        if rng.random() < 0.5:
            vals = ", ".join(stamp(rng) for _ in range(rng.randint(2, 4)))
        fn = rng.choice(["sort", "min", "max", "unique"])
        if fn in ("min", "max"):
            return f"{fn}({vals})"
        return f"[{vals}].{fn}"
    if k < 19:
        return f"Timestamp.new({rng.choice(STAMP_STRINGS)}, [{rng.choice(STAMP_FORMATS)}, {rng.choice(STAMP_FORMATS)}])"
    return f"{stamp(rng)} - {stamp(rng)}"


IANA = re.compile(r"'(Europe|America|Asia|Australia|Pacific|Nowhere)/[A-Za-z_]+'")
ONE_BOUND = re.compile(r"Time(span|stamp)\['([^']*)'\]")
FRACTION = re.compile(r"%[-_0^#]*\d*[LN]")


def deviation(src, expected, got):
    exp = expected.get("value") or expected.get("error") or ""
    val = got.get("value") or got.get("error") or ""
    if IANA.search(src):
        # the reference reads a zone with `DateTime._strptime(zone, '%z')`: `Europe/Stockholm`
        # is "Illegal timezone", `Pacific/Chatham` is its word `Pacific` (UTC-8)
        return "IANA zone names (`Europe/Stockholm`)"
    m = ONE_BOUND.search(exp)
    if m and f"['{m.group(2)}', '{m.group(2)}']" in val:
        return "a Timespan or Timestamp range of one value as text"
    if (exp.startswith("Timespan(") and re.fullmatch(r"-?[\d.e+-]+", val or "x")
            and " / " in src) or "when right side is a Timespan" in exp and "%" in src:
        return "Timespan arithmetic D / I, D / F, I % D (spec)"
    if FRACTION.search(src) and ("strftime" in src or "String(" in src) and "Timespan" in src:
        return "Timespan strftime %L and %N: the fraction's digits (spec)"
    return None
