//! A Ruby block lent to the host: `call_function('each', list) { |x| ... }` hands the block
//! to a Puppet function, which calls it as a lambda.
//!
//! While the host runs the function, the interpreter that made the call waits inside the
//! host call and cannot be reached. So its state (`State`: frames, locals, definitions;
//! everything but the host) is moved into the lent block, and each call of the block runs
//! in an interpreter made on the spot with the host the caller gives (one wrapping the
//! evaluator as it is at that call) and that state, the block's frame and locals as they
//! were left: an outer local the block changes (`total += x`) is changed for the code after
//! the call. When the host call returns, the state goes back to the interpreter.

use super::{Flow, FlowKind, Interp, State, R};
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
    state: Rc<RefCell<Option<Box<State>>>>,
    block: Rc<Block>,
    /// Where the block was written (its frame, the scopes of locals around it there: as
    /// a proc's, `RValue::Proc`).
    home: Rc<super::ProcHome>,
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
        // (the interpreter's own state swapped for the lender's, and back)
        let mut it = Interp::new(host);
        std::mem::swap(&mut *it.st, &mut state);
        let r = it.call_proc(&self.block, false, &self.home, args);
        std::mem::swap(&mut *it.st, &mut state);
        drop(it);
        *self.state.borrow_mut() = Some(state);
        let r = match r.map_err(Flow::into_kind) {
            Ok(v) | Err(FlowKind::Next(v)) => Ok(v),
            Err(FlowKind::Error(e)) => Err(*e),
            Err(FlowKind::Break(v)) => {
                *self.broke.borrow_mut() = Some(v);
                // (what the host's function fails with; not `rescue`d on the way)
                Err(RubyError::Interrupted { at: self.at })
            }
            Err(FlowKind::Return(_) | FlowKind::Throw(..)) => Err(RubyError::unsupported(
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
        self.lend_block(block, at, |host, lent| {
            host.call_function_with_block(name, args, lent)
        })
    }

    /// `object.name(args) { block }` on an object the host owns (`Host::object_call`),
    /// the block lent; `None` when the host has no such method.
    pub(crate) fn host_object_call(
        &mut self,
        object: &RValue,
        name: &str,
        args: Vec<RValue>,
        block: Option<&Rc<Block>>,
        at: usize,
    ) -> R<Option<RValue>> {
        match block {
            None => match self.host.object_call(object, name, args, None) {
                None => Ok(None),
                Some(r) => super::host_result(r, at).map(Some),
            },
            Some(b) => self.lend_block(b, at, |host, lent| {
                host.object_call(object, name, args, Some(lent))
            }),
        }
    }

    /// Runs `call` (a host call) with `block` lent to it (see the module's documentation).
    fn lend_block(
        &mut self,
        block: &Rc<Block>,
        at: usize,
        call: impl FnOnce(&mut dyn Host, Rc<dyn Lent>) -> Option<Result<RValue, HostError>>,
    ) -> R<Option<RValue>> {
        // (the block's scopes stay in place while the host has it: none kept)
        let home = Rc::new(super::ProcHome {
            frame: self.st.ctx.id,
            depth: self.scope_depth(),
            scopes: Box::new([]),
        });
        // (a spare state stands in for this one's while the host has the block)
        let mut held = State::take();
        std::mem::swap(&mut *self.st, &mut held);
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
        let r = call(&mut *self.host, Rc::new(lent));
        let held = state.borrow_mut().take();
        match held {
            Some(mut held) => {
                std::mem::swap(&mut *self.st, &mut held);
                State::give_back(held);
            }
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
