//! A session's memory does not grow when the same cells run again and again (issue 13): the
//! kernel evaluates every cell in one long-lived session, under a new source name each time
//! (`In[n]`), as here.
//!
//! This test binary counts the heap as the `prepl` and `prepl-kernel` binaries do, and is
//! alone in its process (one test), so the count is the session's.

use prepl::Session;

#[global_allocator]
static ALLOCATOR: prepl::limits::CountingAlloc = prepl::limits::CountingAlloc;

/// Cells a notebook runs again: definitions (a function, a type alias), lambdas, a regex and
/// an EPP template; a resource (declared once, then a duplicate declaration error each
/// time) and an evaluation error.
const CELLS: &[&str] = &[
    "function f(Integer $x) >> Integer { $x * 2 }
     type T = Hash[String, Integer]
     $a = [1, 2, 3].map |$v| { f($v) }
     {'a' => 1} =~ T and $a.length == 3",
    "('abc' =~ /b/) and inline_epp('<%= $x %>', {'x' => 1}) == '1'",
    "notify { 'x': message => [1, 2] }",
    "$nope.foo + 1",
];

fn run_round(s: &mut Session, n: &mut usize) {
    for cell in CELLS {
        *n += 1;
        let _ = s.eval_named(&format!("In[{n}]"), cell);
    }
}

#[test]
fn ten_thousand_executes_of_the_same_cells_do_not_grow_the_session() {
    let mut s = Session::new();
    let mut n = 0;
    // Warm up: caches, pools and the catalog's one resource reach their size.
    for _ in 0..100 {
        run_round(&mut s, &mut n);
    }
    let before = prepl::limits::in_use();
    while n < 10_000 + 400 {
        run_round(&mut s, &mut n);
    }
    let after = prepl::limits::in_use();
    let growth = after.saturating_sub(before);
    // A byte per execute would be 10 KB: allow a little noise, not a leak.
    assert!(
        growth < 16 * 1024,
        "the heap grew by {growth} bytes over 10,000 executes ({before} -> {after})"
    );
}
