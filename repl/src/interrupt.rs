//! Ctrl-C during an evaluation: a SIGINT handler sets the session's interrupt flag, which
//! the evaluator checks; the session stays intact. At the prompt the terminal is in raw
//! mode and Ctrl-C arrives as a key instead. Pressing Ctrl-C three times during one
//! evaluation that does not stop leaves the program.

use nix::sys::signal::{sigaction, SaFlags, SigAction, SigHandler, SigSet, Signal};
use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicUsize, Ordering};
use std::sync::Arc;

/// The flag of the current session (leaked on purpose: the handler may read it at any time).
static FLAG: AtomicPtr<AtomicBool> = AtomicPtr::new(std::ptr::null_mut());
static EVALUATING: AtomicBool = AtomicBool::new(false);
static PRESSES: AtomicUsize = AtomicUsize::new(0);

const GIVE_UP_AFTER: usize = 3;

extern "C" fn on_sigint(_: nix::libc::c_int) {
    if !EVALUATING.load(Ordering::SeqCst) {
        return;
    }
    let flag = FLAG.load(Ordering::SeqCst);
    if !flag.is_null() {
        // SAFETY: the pointer comes from a leaked `Arc` and is never freed.
        unsafe { (*flag).store(true, Ordering::SeqCst) };
    }
    if PRESSES.fetch_add(1, Ordering::SeqCst) + 1 >= GIVE_UP_AFTER {
        let message = b"\nprepl: the evaluation does not stop; leaving.\n";
        // SAFETY: write and _exit are async-signal-safe.
        unsafe {
            nix::libc::write(2, message.as_ptr().cast(), message.len());
            nix::libc::_exit(130);
        }
    }
}

/// Installs the handler (once, for the interactive session).
pub fn install() {
    let action = SigAction::new(
        SigHandler::Handler(on_sigint),
        SaFlags::SA_RESTART,
        SigSet::empty(),
    );
    // SAFETY: the handler only touches atomics and calls async-signal-safe functions.
    if let Err(e) = unsafe { sigaction(Signal::SIGINT, &action) } {
        eprintln!("prepl: cannot handle Ctrl-C ({e}); it will end the program");
    }
}

/// Makes Ctrl-C set this flag (the flag of a new session after `:reset`).
pub fn watch(flag: Arc<AtomicBool>) {
    FLAG.store(Arc::into_raw(flag).cast_mut(), Ordering::SeqCst);
}

/// Runs `f` (the debugger's prompt, while an evaluation is stopped) without Ctrl-C
/// interrupting the evaluation: at a prompt it is a key.
pub fn paused<T>(f: impl FnOnce() -> T) -> T {
    let was = EVALUATING.swap(false, Ordering::SeqCst);
    let result = f();
    PRESSES.store(0, Ordering::SeqCst);
    EVALUATING.store(was, Ordering::SeqCst);
    result
}

/// Runs `f` with Ctrl-C interrupting it.
pub fn during<T>(f: impl FnOnce() -> T) -> T {
    PRESSES.store(0, Ordering::SeqCst);
    EVALUATING.store(true, Ordering::SeqCst);
    let result = f();
    EVALUATING.store(false, Ordering::SeqCst);
    result
}
