//! A guard against running out of stack: recursion stops with an error once it has used
//! more than a budget of stack, however big each frame is (debug builds use much more
//! stack per call than release builds).

/// How much stack parsing or validating one program may use.
pub(crate) const STACK_BUDGET: usize = 1 << 20;

pub(crate) struct StackGuard {
    base: usize,
}

#[inline(never)]
fn stack_position() -> usize {
    let marker = 0u8;
    std::hint::black_box(&marker) as *const u8 as usize
}

impl StackGuard {
    pub(crate) fn new() -> StackGuard {
        StackGuard {
            base: stack_position(),
        }
    }

    /// Whether more than the budget has been used since the guard was created.
    pub(crate) fn exhausted(&self) -> bool {
        self.base.abs_diff(stack_position()) > STACK_BUDGET
    }
}
