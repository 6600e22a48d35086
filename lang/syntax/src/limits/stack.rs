//! Deep recursion without a stack overflow: every recursive walk (parsing, validation,
//! resolution, evaluation, printing, type inference, comparison, dropping a syntax tree)
//! goes through [`deep`], which moves to a fresh stack segment on the heap when the
//! current one is nearly used up (the `stacker` crate, as rustc does). Depth is then
//! limited by memory, and by the nesting limit of the parser ([`MAX_NESTING`]) and the
//! call depth limit of the evaluator, never by the size of a thread's stack.

/// How deeply expressions may nest (brackets, braces, parentheses, blocks, unary
/// operators, interpolation); chains of left-associative operators (`1 + 1 + ...`,
/// `$x.a.b.c`) do not count.
pub const MAX_NESTING: usize = 30_000;

/// How deeply printing follows nested values (deeper parts print as `...`, or fail to
/// convert with `String`): far beyond what a literal can nest, with the stack used
/// bounded (a value can be nested deeper by iteration, `reduce`).
pub const MAX_VALUE_DEPTH: usize = 100_000;

/// Stack that must be left when a recursive step starts: more than any step uses before it
/// reaches the next check (debug builds have large frames).
const RED_ZONE: usize = 1 << 20;

/// The size of each new stack segment.
const SEGMENT: usize = 16 << 20;

/// The stack of a thread that evaluates (the `prepl` binary's, the kernel's session
/// thread): evaluation recurses on the Rust stack, so it gets plenty (reserved, not used
/// up front).
const EVALUATION_STACK: usize = 512 * 1024 * 1024;

/// A thread to evaluate on, named `name`, with [`EVALUATION_STACK`] of stack, or under an
/// address-space limit an eighth of what the limit leaves, at least a [`SEGMENT`] (the
/// stack is address space too: `prlimit --as=1.5G` left no room for 512 MiB, and the
/// process could not start; deeper recursion moves to segments of its own in [`deep`]).
pub fn evaluation_thread(name: &str) -> EvaluationThread {
    let stack = match super::ceiling::Hard::of_this_process().address_space {
        Some(left) => (left / 8).clamp(SEGMENT, EVALUATION_STACK),
        None => EVALUATION_STACK,
    };
    EvaluationThread {
        builder: std::thread::Builder::new()
            .name(name.into())
            .stack_size(stack),
        stack,
    }
}

/// A thread [`evaluation_thread`] makes: a `std::thread::Builder` whose thread knows where
/// its stack ends from its size, where [`deep`]'s first step would ask `stacker` (which
/// asks the thread library for the stack's bounds: ~1,400 instructions of cold code in
/// every fresh session's evaluation).
pub struct EvaluationThread {
    builder: std::thread::Builder,
    stack: usize,
}

impl EvaluationThread {
    /// `std::thread::Builder::spawn`.
    pub fn spawn<F, T>(self, f: F) -> std::io::Result<std::thread::JoinHandle<T>>
    where
        F: FnOnce() -> T + Send + 'static,
        T: Send + 'static,
    {
        let stack = self.stack;
        self.builder.spawn(move || on_stack_of(stack, f))
    }

    /// `std::thread::Builder::spawn_scoped`.
    pub fn spawn_scoped<'scope, 'env, F, T>(
        self,
        scope: &'scope std::thread::Scope<'scope, 'env>,
        f: F,
    ) -> std::io::Result<std::thread::ScopedJoinHandle<'scope, T>>
    where
        F: FnOnce() -> T + Send + 'scope,
        T: Send + 'scope,
    {
        let stack = self.stack;
        self.builder
            .spawn_scoped(scope, move || on_stack_of(stack, f))
    }
}

/// Runs `f` first thing on a new thread of `size` bytes of stack: the stack's end is at
/// most `size` below this frame (the thread library's own data and guard page are within
/// the size, above and below; a second red zone leaves room for them). The thread keeps
/// the small blocks it frees for its next allocations while `f` runs (`spare`).
fn on_stack_of<T>(size: usize, f: impl FnOnce() -> T) -> T {
    // (the small blocks it frees kept for its next ones: `spare`)
    let _kept = super::spare::Kept::start();
    FLOOR.with(|c| {
        c.set(
            stack_address()
                .saturating_sub(size)
                .saturating_add(2 * RED_ZONE),
        )
    });
    f()
}

use std::cell::Cell;

thread_local! {
    /// The lowest address the current stack segment may reach before a step must look
    /// closer: its end plus the red zone. `usize::MAX` until the first [`deep`] of the
    /// thread learns it. (Stacks grow down on every platform prepl is built for.)
    static FLOOR: Cell<usize> = const { Cell::new(usize::MAX) };
}

/// Runs `f`, on a new stack segment if less than the red zone is left on this one. The
/// check is a read of a constant-initialised thread-local and a compare with the address
/// of a local; only near the end of a segment (or at a thread's first step) does it ask
/// `stacker`, whose own check (a lazily initialised thread-local and a call to read the
/// stack pointer) cost 6-12% of type- and call-heavy programs.
#[inline(always)]
pub fn deep<R>(f: impl FnOnce() -> R) -> R {
    if stack_address() > FLOOR.with(Cell::get) {
        f()
    } else {
        near_the_floor(f)
    }
}

/// An address in the current frame.
#[inline(always)]
fn stack_address() -> usize {
    let marker = 0u8;
    std::hint::black_box(&marker) as *const u8 as usize
}

/// The floor of the segment this runs on, `left` bytes of which are left (`stacker`'s
/// knowledge of it; `None`: unknown, so every step asks).
fn floor_below(left: Option<usize>) -> usize {
    left.map_or(usize::MAX, |left| {
        stack_address()
            .saturating_sub(left)
            .saturating_add(RED_ZONE)
    })
}

#[cold]
#[inline(never)]
fn near_the_floor<R>(f: impl FnOnce() -> R) -> R {
    let left = stacker::remaining_stack();
    if left.is_some_and(|left| left >= RED_ZONE) {
        // Room left on this segment (the thread's first step): remember where it ends.
        FLOOR.with(|c| c.set(floor_below(left)));
        return f();
    }
    /// Puts the floor of the segment left back when the new one is done (a panic too).
    struct Restore(usize);
    impl Drop for Restore {
        fn drop(&mut self) {
            FLOOR.with(|c| c.set(self.0));
        }
    }
    let _restore = Restore(FLOOR.with(Cell::get));
    stacker::grow(SEGMENT, || {
        FLOOR.with(|c| c.set(floor_below(stacker::remaining_stack())));
        f()
    })
}

#[cfg(test)]
mod tests {
    use super::deep;

    fn depth(n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            // a frame of a few hundred bytes, as a recursive walk has
            let pad = std::hint::black_box([n; 32]);
            deep(|| depth(n - 1)) + pad[0] / n
        }
    }

    #[test]
    fn recursion_far_deeper_than_the_thread_stack_completes() {
        // 1,000,000 frames of ~300 bytes on a 256 KiB thread stack
        let worker = std::thread::Builder::new()
            .stack_size(256 << 10)
            .spawn(|| depth(1_000_000))
            .unwrap();
        assert_eq!(worker.join().unwrap(), 1_000_000);
    }

    /// An evaluation thread's floor, known from its size, is above the one `stacker` finds
    /// (within two red zones of it).
    #[test]
    fn evaluation_threads_know_their_floor() {
        let (known, asked) = super::evaluation_thread("test")
            .spawn(|| {
                let known = super::FLOOR.with(std::cell::Cell::get);
                (known, super::floor_below(stacker::remaining_stack()))
            })
            .unwrap()
            .join()
            .unwrap();
        assert!(
            known > asked && known - asked <= 2 * super::RED_ZONE,
            "{known} {asked}"
        );
        assert_eq!(
            super::evaluation_thread("test")
                .spawn(|| depth(100_000))
                .unwrap()
                .join()
                .unwrap(),
            100_000
        );
    }

    #[test]
    fn the_floor_of_the_thread_stack_is_back_after_new_segments_and_panics() {
        let worker = std::thread::Builder::new()
            .stack_size(8 << 20)
            .spawn(|| {
                deep(|| ());
                let floor = super::FLOOR.with(std::cell::Cell::get);
                assert!(floor < super::stack_address() && floor > 0);
                assert_eq!(depth(200_000), 200_000);
                assert_eq!(super::FLOOR.with(std::cell::Cell::get), floor);
                // A panic deep on another segment, caught on this one.
                let caught = std::panic::catch_unwind(|| {
                    fn down(n: u64) -> u64 {
                        let pad = std::hint::black_box([n; 32]);
                        if n == 0 {
                            panic!("bottom");
                        }
                        deep(|| down(n - 1)) + pad[0]
                    }
                    down(100_000)
                });
                assert!(caught.is_err());
                assert_eq!(super::FLOOR.with(std::cell::Cell::get), floor);
                depth(200_000)
            })
            .unwrap();
        assert_eq!(worker.join().unwrap(), 200_000);
    }
}
