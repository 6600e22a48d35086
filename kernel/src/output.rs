//! The output of the running execution: the events a cell produces in order (streams,
//! displays, its end) and the payloads of its reply. The session worker opens and closes
//! the channel around each job; code running inside it (the kernel's built-in functions,
//! log lines) sends through [`emit`] and [`add_payload`] without knowing the worker.

use serde_json::Value as Json;
use std::cell::RefCell;
use tokio::sync::mpsc;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StreamName {
    Stdout,
    Stderr,
}

impl StreamName {
    pub fn as_str(self) -> &'static str {
        match self {
            StreamName::Stdout => "stdout",
            StreamName::Stderr => "stderr",
        }
    }
}

/// What an execution produces, in order.
#[derive(Debug)]
pub enum Event {
    Stream {
        name: StreamName,
        text: String,
    },
    Display {
        data: Json,
    },
    /// A display shown once (`display_data` with a `display_id`) and then replaced in place
    /// (`update_display_data` with the same id): the progress of a long magic.
    LiveDisplay {
        display_id: String,
        data: Json,
        update: bool,
    },
    ClearOutput {
        wait: bool,
    },
    /// A line asked of the front-end through the stdin channel (the debugger's prompt);
    /// the answer goes to `reply` (dropped when the front-end cannot answer).
    Input {
        prompt: String,
        reply: tokio::sync::oneshot::Sender<String>,
    },
    Done(Outcome),
}

/// How an execution ended.
#[derive(Debug)]
pub enum Outcome {
    Ok {
        /// The MIME bundle of the value, if it is shown.
        result: Option<Json>,
        payload: Vec<Json>,
        user_expressions: Json,
    },
    Error(ErrorReport),
}

#[derive(Debug, Clone)]
pub struct ErrorReport {
    pub ename: String,
    pub evalue: String,
    pub traceback: Vec<String>,
}

thread_local! {
    /// Where the running execution's output goes (set for the duration of one job).
    static OUTPUT: RefCell<Option<mpsc::UnboundedSender<Event>>> = const { RefCell::new(None) };
    /// Payloads (`help` pages) collected during the running execution.
    static PAYLOAD: RefCell<Vec<Json>> = const { RefCell::new(Vec::new()) };
}

/// Sends an event of the running execution (dropped when none is running).
pub fn emit(event: Event) {
    OUTPUT.with(|o| {
        if let Some(tx) = &*o.borrow() {
            let _ = tx.send(event);
        }
    });
}

/// Adds a payload to the running execution's reply.
pub fn add_payload(p: Json) {
    PAYLOAD.with(|v| v.borrow_mut().push(p));
}

/// Opens the channel of an execution: its events go to `events` until [`end`].
pub fn begin(events: mpsc::UnboundedSender<Event>) {
    OUTPUT.with(|o| *o.borrow_mut() = Some(events));
    PAYLOAD.with(|p| p.borrow_mut().clear());
}

/// Closes the channel: later events are dropped.
pub fn end() {
    OUTPUT.with(|o| *o.borrow_mut() = None);
}

/// The payloads added since [`begin`].
pub fn take_payload() -> Vec<Json> {
    PAYLOAD.with(|p| std::mem::take(&mut *p.borrow_mut()))
}
