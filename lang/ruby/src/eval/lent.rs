//! A Ruby block lent to the host: `call_function('each', list) { |x| ... }` hands the block
//! to a Puppet function, which calls it as a lambda.
//!
//! While the host runs the function, the interpreter that made the call waits inside the
//! host call and cannot be reached. So its state (frames, locals, definitions; everything
//! but the host) is moved into the lent block, and each call of the block runs in an
//! interpreter made on the spot with the host the caller gives (one wrapping the
//! evaluator as it is at that call), the block's frame and locals as they were left: an
//! outer local the block changes (`total += x`) is changed for the code after the call.
//! When the host call returns, the state goes back to the interpreter.

use super::{Flow, Interp, R};
use crate::ast::Block;
use crate::error::{HostError, RubyError};
use crate::host::{Host, Lent};
use crate::value::RValue;
use std::cell::RefCell;
use std::rc::Rc;

/// A block of the Ruby code given to a host function (see the module's documentation).
struct LentBlock {
    /// The lending interpreter's state, while the host call runs (`None` while a call of
    /// the block has it).
    state: Rc<RefCell<Option<Interp<'static>>>>,
    block: Rc<Block>,
    /// The frame the block was written in.
    home: u64,
    at: usize,
    /// The error the block's last call raised (it passes through the host's function as
    /// that function's error; the caller re-raises the block's own, class and place kept).
    raised: Rc<RefCell<Option<RubyError>>>,
    /// The value of a `break` out of the block: the function is left (its call fails, the
    /// error passing through the host) and the call gives this value, as in Ruby.
    broke: Rc<RefCell<Option<RValue>>>,
}

impl std::fmt::Debug for LentBlock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LentBlock")
            .field("params", &self.block.params.len())
            .finish()
    }
}

/// The host of a waiting interpreter's state (nothing calls it: the state runs only in an
/// interpreter with a real host).
struct Waiting;

impl Host for Waiting {
    fn variable(&mut self, _name: &str) -> Option<RValue> {
        None
    }
    fn has_variable(&mut self, _name: &str, _with_value: bool) -> bool {
        false
    }
    fn call_function(&mut self, _name: &str, _args: Vec<RValue>) -> Result<RValue, HostError> {
        Err(HostError::Unsupported(
            "a call from a waiting interpreter".into(),
        ))
    }
    fn has_function(&mut self, _name: &str) -> Result<bool, String> {
        Ok(false)
    }
}

fn waiting() -> &'static mut dyn Host {
    // (a zero-sized value: leaking its box allocates nothing)
    Box::leak(Box::new(Waiting))
}

impl Lent for LentBlock {
    fn params(&self) -> usize {
        self.block.params.len()
    }

    fn call(&self, host: &mut dyn Host, args: Vec<RValue>) -> Result<RValue, RubyError> {
        let Some(mut state) = self.state.borrow_mut().take() else {
            return Err(RubyError::unsupported(
                "a block given to call_function, called after its call ended",
                self.at,
            ));
        };
        let mut it = Interp::new(host);
        swap_state(&mut it, &mut state);
        let r = it.call_proc(&self.block, false, self.home, args);
        swap_state(&mut it, &mut state);
        *self.state.borrow_mut() = Some(state);
        let r = match r {
            Ok(v) | Err(Flow::Next(v)) => Ok(v),
            Err(Flow::Error(e)) => Err(*e),
            Err(Flow::Break(v)) => {
                *self.broke.borrow_mut() = Some(v);
                // (what the host's function fails with; not `rescue`d on the way)
                Err(RubyError::Interrupted { at: self.at })
            }
            Err(Flow::Return(_) | Flow::Throw(..)) => Err(RubyError::unsupported(
                "return or throw out of a block given to call_function",
                self.at,
            )),
        };
        *self.raised.borrow_mut() = r.as_ref().err().cloned();
        r
    }
}

impl Interp<'_> {
    /// `call_function(name, args) { block }`: the host calls the function with the block
    /// lent (`Host::call_function_with_block`); `None` when the host takes no block.
    pub(crate) fn call_function_with_block(
        &mut self,
        name: &str,
        args: Vec<RValue>,
        block: &Rc<Block>,
        at: usize,
    ) -> R<Option<RValue>> {
        let home = self.ctx.id;
        let mut held = Interp::new(waiting());
        swap_state(self, &mut held);
        let state = Rc::new(RefCell::new(Some(held)));
        let raised = Rc::new(RefCell::new(None));
        let broke = Rc::new(RefCell::new(None));
        let lent = LentBlock {
            state: state.clone(),
            block: block.clone(),
            home,
            at,
            raised: raised.clone(),
            broke: broke.clone(),
        };
        let r = self
            .host
            .call_function_with_block(name, args, Rc::new(lent));
        let held = state.borrow_mut().take();
        match held {
            Some(mut held) => swap_state(self, &mut held),
            // (a block call still running cannot be: the host's call has returned)
            None => unreachable!("a lent block's state is back when its host call returns"),
        }
        if let Some(v) = broke.take() {
            return Ok(Some(v));
        }
        match r {
            None => Ok(None),
            // the function failed because the block did (its error says the block's): the
            // block's error
            Some(Err(HostError::Raise(m) | HostError::Unsupported(m)))
                if raised.borrow().as_ref().is_some_and(|e| says(&m, e)) =>
            {
                Err(Flow::from(raised.take().expect("an error")))
            }
            Some(r) => super::host_result(r, at).map(Some),
        }
    }
}

/// Whether a function's error message carries the block's error.
fn says(message: &str, e: &RubyError) -> bool {
    match e {
        RubyError::Raised { message: m, .. } => message.contains(m.as_str()),
        RubyError::Unsupported { what, .. } => message.contains(what.as_str()),
        RubyError::Interrupted { .. } => true,
        RubyError::Syntax { message: m, .. } => message.contains(m.as_str()),
    }
}

/// Swaps everything but the host between two interpreters.
fn swap_state(a: &mut Interp<'_>, b: &mut Interp<'_>) {
    use std::mem::swap;
    // (every field named: a new one must be decided on here)
    let Interp {
        host: _,
        out,
        ctx,
        frames,
        frame_ids,
        call_depth,
        top_methods,
        top_constants,
        classes,
        installed_classes,
        ivars,
        last_match,
        scope_vars,
        shared,
        to_hash,
        catching,
        steps,
        loaded,
        facter,
        parked,
    } = a;
    swap(out, &mut b.out);
    swap(ctx, &mut b.ctx);
    swap(frames, &mut b.frames);
    swap(frame_ids, &mut b.frame_ids);
    swap(call_depth, &mut b.call_depth);
    swap(top_methods, &mut b.top_methods);
    swap(top_constants, &mut b.top_constants);
    swap(classes, &mut b.classes);
    swap(installed_classes, &mut b.installed_classes);
    swap(ivars, &mut b.ivars);
    swap(last_match, &mut b.last_match);
    swap(scope_vars, &mut b.scope_vars);
    swap(shared, &mut b.shared);
    swap(to_hash, &mut b.to_hash);
    swap(catching, &mut b.catching);
    swap(steps, &mut b.steps);
    swap(loaded, &mut b.loaded);
    swap(facter, &mut b.facter);
    swap(parked, &mut b.parked);
}
