//! What each fuzz target does with one input. Shared by the libFuzzer targets
//! (`fuzz_targets/`) and by the replay of the seeds and past crashes in the normal test
//! suite (`tests/fuzz.rs`, which includes this file), so a crash found here stays fixed.
//!
//! Every evaluation runs under the session's limits: the memory limit (set once, below the
//! fuzzer's RSS limit) and a watchdog that sets the interrupt flag after [`BUDGET`]. An
//! input that is neither answered nor interrupted in time is a finding (libFuzzer's
//! `-timeout`), as is any panic, abort or stack overflow.

use prepl::{Session, Value};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Once};
use std::time::{Duration, Instant};

/// How long one evaluation may run before it is interrupted.
pub const BUDGET: Duration = Duration::from_millis(300);

/// The memory limit of the fuzzed process's evaluations.
const MEMORY_LIMIT: usize = 1 << 30;

fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

/// A fresh session (no state carried from one input to the next).
fn session() -> Session {
    static LIMIT: Once = Once::new();
    LIMIT.call_once(|| prepl::limits::set_memory_limit(MEMORY_LIMIT));
    Session::new()
}

/// Runs `f`, interrupting the session's work when it takes longer than [`BUDGET`].
fn budgeted<R>(session: &mut Session, f: impl FnOnce(&mut Session) -> R) -> R {
    let flag = session.interrupt_handle();
    let done = Arc::new(AtomicBool::new(false));
    std::thread::scope(|scope| {
        let watchdog_done = done.clone();
        scope.spawn(move || {
            let start = Instant::now();
            while !watchdog_done.load(Ordering::Relaxed) {
                if start.elapsed() > BUDGET {
                    flag.store(true, Ordering::Relaxed);
                    return;
                }
                std::thread::sleep(Duration::from_millis(2));
            }
        });
        let _scope = session.interruptible();
        let r = f(session);
        done.store(true, Ordering::Relaxed);
        r
    })
}

/// Evaluates `program` and prints its value as the REPL does.
fn run(session: &mut Session, program: &str) {
    budgeted(session, |s| {
        if let Ok(v) = s.eval(program) {
            let _ = prepl::format::try_programmatic(&v);
        }
    });
}

/// The lexer, the parser and validation; the REPL's completeness check.
pub fn parse(data: &[u8]) {
    if let Some(src) = text(data) {
        let _ = prepl::syntax::parse(src);
        let _ = prepl::syntax::completeness(src);
    }
}

/// A whole program through a fresh session, its value printed.
pub fn eval(data: &[u8]) {
    if let Some(src) = text(data) {
        run(&mut session(), src);
    }
}

/// An EPP template, rendered with a few parameters.
pub fn epp(data: &[u8]) {
    if let Some(src) = text(data) {
        let mut s = session();
        s.set_variable("t", Value::String(src.into()));
        run(
            &mut s,
            "inline_epp($t, {'x' => 1, 'y' => [1, 'two'], 'z' => {'k' => undef}})",
        );
    }
}

/// Values of each kind the format engine knows, as Puppet source.
const FORMATTED: &[&str] = &[
    "undef",
    "true",
    "-12345",
    "3.25e-7",
    "'text \"with\" \\'quotes\\'\\t'",
    "[1, 'b', [undef, {'k' => 2.5}]]",
    "{'a' => 1, 'b' => [true, default]}",
    "Integer[1, 2]",
    "/re(ge)x/",
    "Binary('aGVsbG8=')",
    "Timespan(3723.25)",
    "Timestamp('2024-02-29T12:34:56.789Z')",
    "SemVer('1.2.3-rc.1')",
    "Sensitive('secret')",
];

/// The first line is a format: `String(v, format)` of every kind of value, the format in
/// a type map, and `sprintf` with arguments of each kind.
pub fn format(data: &[u8]) {
    let Some(src) = text(data) else { return };
    let format = src.lines().next().unwrap_or("");
    let mut s = session();
    s.set_variable("f", Value::String(format.into()));
    for v in FORMATTED {
        run(&mut s, &format!("String({v}, $f)"));
    }
    run(
        &mut s,
        "String([1, {'a' => 2.5}], {Integer => $f, Array => $f, Hash => $f, Float => $f})",
    );
    run(&mut s, &format!("sprintf($f, {})", FORMATTED.join(", ")));
    run(&mut s, "sprintf($f, 'x', 12, 3.5)");
}

/// A type from a string (`Type.new`), then instance checks, assignability and
/// inference with it.
pub fn types(data: &[u8]) {
    let Some(src) = text(data) else { return };
    let mut s = session();
    s.set_variable("s", Value::String(src.into()));
    run(
        &mut s,
        "$t = Type.new($s)\n[$t, 1 =~ $t, 'a' =~ $t, [1, 'b'] =~ $t, {'k' => 2.5} =~ $t, \
         undef =~ $t, $t < Any, Integer < $t, $t == $t, type($t), String($t)]",
    );
}

/// The first line as a SemVer, a SemVer range, a Timespan and a Timestamp; the second
/// line as their format (parsing and `strftime`).
pub fn versions_time(data: &[u8]) {
    let Some(src) = text(data) else { return };
    let mut lines = src.splitn(2, '\n');
    let value = lines.next().unwrap_or("");
    let format = lines.next().unwrap_or("%Y");
    let mut s = session();
    s.set_variable("s", Value::String(value.into()));
    s.set_variable("f", Value::String(format.into()));
    for program in [
        "SemVer($s)",
        "SemVerRange($s)",
        "SemVer('1.2.3') =~ SemVerRange($s)",
        "Timespan($s)",
        "Timestamp($s)",
        "Timespan($s, $f)",
        "Timestamp($s, $f)",
        "Timestamp($s, $f, 'Europe/Oslo')",
        "strftime(Timestamp('2024-02-29T12:34:56.789Z'), $f)",
        "strftime(Timestamp('2024-02-29T12:34:56.789Z'), $f, $s)",
        "strftime(Timespan(-93784.5), $f)",
    ] {
        run(&mut s, program);
    }
}
