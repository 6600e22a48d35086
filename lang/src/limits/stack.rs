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

/// Runs `f`, on a new stack segment if less than the red zone is left on this one. The
/// check is a thread-local read and a compare.
#[inline(always)]
pub fn deep<R>(f: impl FnOnce() -> R) -> R {
    stacker::maybe_grow(RED_ZONE, SEGMENT, f)
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
}
