//! The shell channel: execute, complete, inspect, is_complete, history, comms.

use super::batch::StreamBatcher;
use super::{kernel_info, log, Ctx};
use crate::history::History;
use crate::output::{ErrorReport, Event, Outcome, StreamName};
use crate::wire::Message;
use crate::worker::{ExecuteJob, Job};
use serde_json::{json, Value as Json};
use std::collections::VecDeque;
use std::sync::atomic::Ordering;
use tokio::sync::{mpsc, oneshot};
use zeromq::RouterSendHalf;

/// The largest stream message sent at once; longer output goes out in several.
const STREAM_BATCH: usize = 64 * 1024;

/// The shell channel: requests are handled one at a time, in order.
pub(super) struct Shell {
    pub(super) ctx: Ctx,
    pub(super) socket: RouterSendHalf,
    pub(super) jobs: std::sync::mpsc::Sender<Job>,
    pub(super) history: History,
    pub(super) execution_count: i64,
    pub(super) queue: mpsc::UnboundedReceiver<Message>,
    /// Requests taken off the queue early (while aborting after an error).
    pub(super) pending: VecDeque<Message>,
    pub(super) shutdown: mpsc::UnboundedSender<()>,
    /// The stdin channel: the debugger's `input_request`s and their replies.
    pub(super) stdin: RouterSendHalf,
    pub(super) stdin_rx: mpsc::UnboundedReceiver<Message>,
}

impl Shell {
    pub(super) async fn run(mut self) {
        loop {
            let req = match self.pending.pop_front() {
                Some(r) => r,
                None => match self.queue.recv().await {
                    Some(r) => r,
                    None => return,
                },
            };
            self.ctx.status(&req, "busy");
            self.handle(&req).await;
            self.ctx.status(&req, "idle");
        }
    }

    async fn ask(&mut self, job: impl FnOnce(oneshot::Sender<Json>) -> Job) -> Json {
        let (tx, rx) = oneshot::channel();
        if self.jobs.send(job(tx)).is_err() {
            return session_gone();
        }
        rx.await.unwrap_or_else(|_| session_gone())
    }

    async fn handle(&mut self, req: &Message) {
        let c = &req.content;
        let code = || c["code"].as_str().unwrap_or("").to_string();
        // Without a cursor position, the cursor is at the end of the code.
        let cursor = || match c["cursor_pos"].as_u64() {
            Some(p) => usize::try_from(p).unwrap_or(usize::MAX),
            None => c["code"].as_str().map_or(0, |s| s.chars().count()),
        };
        let reply = match req.msg_type() {
            "kernel_info_request" => kernel_info(),
            "execute_request" => return self.execute(req).await,
            "complete_request" => {
                let (code, cursor) = (code(), cursor());
                self.ask(|reply| Job::Complete {
                    code,
                    cursor,
                    reply,
                })
                .await
            }
            "inspect_request" => {
                let (code, cursor) = (code(), cursor());
                self.ask(|reply| Job::Inspect {
                    code,
                    cursor,
                    reply,
                })
                .await
            }
            "is_complete_request" => {
                let code = code();
                self.ask(|reply| Job::IsComplete { code, reply }).await
            }
            "history_request" => self.history.reply(c),
            "comm_info_request" => json!({"status": "ok", "comms": {}}),
            "comm_open" => {
                // No comm targets: close it again, as the protocol asks.
                let id = c["comm_id"].clone();
                self.ctx
                    .publish(req, "comm_close", json!({"comm_id": id, "data": {}}));
                return;
            }
            "comm_msg" | "comm_close" => return,
            "shutdown_request" => {
                let restart = c["restart"].as_bool().unwrap_or(false);
                let _ = self.shutdown.send(());
                json!({"status": "ok", "restart": restart})
            }
            "interrupt_request" => {
                self.ctx.interrupt();
                json!({"status": "ok"})
            }
            other => {
                log(format!("shell: unsupported message type '{other}'"));
                return;
            }
        };
        self.ctx.reply(&mut self.socket, req, reply).await;
    }

    async fn execute(&mut self, req: &Message) {
        let c = &req.content;
        let code = c["code"].as_str().unwrap_or("").to_string();
        let silent = c["silent"].as_bool().unwrap_or(false);
        let store_history = !silent && c["store_history"].as_bool().unwrap_or(true);
        let stop_on_error = c["stop_on_error"].as_bool().unwrap_or(true);
        let allow_stdin = c["allow_stdin"].as_bool().unwrap_or(false);
        let count = self.execution_count + 1;
        if store_history {
            self.execution_count = count;
        }
        let shown_count = self.execution_count.max(1);
        if !silent {
            self.ctx.publish(
                req,
                "execute_input",
                json!({"code": code, "execution_count": shown_count}),
            );
        }
        let (tx, mut events) = mpsc::unbounded_channel();
        let job = ExecuteJob {
            code: code.clone(),
            name: format!("In[{shown_count}]"),
            silent,
            allow_stdin,
            user_expressions: c["user_expressions"]
                .as_object()
                .cloned()
                .unwrap_or_default(),
            events: tx,
        };
        self.ctx.executing.store(true, Ordering::SeqCst);
        let outcome = if self.jobs.send(Job::Execute(job)).is_ok() {
            self.forward_output(req, &mut events).await
        } else {
            None
        };
        self.ctx.executing.store(false, Ordering::SeqCst);
        self.ctx.interrupt.store(false, Ordering::SeqCst);

        let outcome = outcome.unwrap_or_else(|| {
            Outcome::Error(ErrorReport {
                ename: "InternalError".into(),
                evalue: "the session thread has stopped".into(),
                traceback: vec!["the session thread has stopped".into()],
            })
        });
        let (reply, output, failed) = match outcome {
            Outcome::Ok {
                result,
                payload,
                user_expressions,
            } => {
                let plain = result
                    .as_ref()
                    .and_then(|r| r["text/plain"].as_str().map(str::to_string));
                if let Some(data) = result {
                    self.ctx.publish(
                        req,
                        "execute_result",
                        json!({"execution_count": shown_count, "data": data, "metadata": {}}),
                    );
                }
                (
                    json!({"status": "ok", "execution_count": shown_count, "payload": payload,
                           "user_expressions": user_expressions}),
                    plain,
                    false,
                )
            }
            Outcome::Error(e) => {
                let content =
                    json!({"ename": e.ename, "evalue": e.evalue, "traceback": e.traceback});
                self.ctx.publish(req, "error", content.clone());
                let mut reply = content;
                reply["status"] = json!("error");
                reply["execution_count"] = json!(shown_count);
                (reply, None, true)
            }
        };
        if store_history {
            self.history.push(count, &code, output);
        }
        self.ctx.reply(&mut self.socket, req, reply).await;
        if failed && stop_on_error {
            self.abort_queued().await;
        }
    }

    /// Publishes the output of a running execution, coalescing stream text into batches.
    async fn forward_output(
        &mut self,
        req: &Message,
        events: &mut mpsc::UnboundedReceiver<Event>,
    ) -> Option<Outcome> {
        let mut batch = StreamBatcher::new(STREAM_BATCH);
        loop {
            let event = match events.try_recv() {
                Ok(e) => e,
                Err(_) => {
                    self.send_stream(req, batch.take());
                    events.recv().await?
                }
            };
            match event {
                Event::Stream { name, text } => {
                    let ready = batch.push(name, text);
                    self.send_stream(req, ready);
                }
                Event::Display { data } => {
                    self.send_stream(req, batch.take());
                    self.ctx.publish(
                        req,
                        "display_data",
                        json!({"data": data, "metadata": {}, "transient": {}}),
                    );
                }
                Event::LiveDisplay {
                    display_id,
                    data,
                    update,
                } => {
                    self.send_stream(req, batch.take());
                    let kind = if update {
                        "update_display_data"
                    } else {
                        "display_data"
                    };
                    self.ctx.publish(
                        req,
                        kind,
                        json!({"data": data, "metadata": {}, "transient": {"display_id": display_id}}),
                    );
                }
                Event::ClearOutput { wait } => {
                    self.send_stream(req, batch.take());
                    self.ctx
                        .publish(req, "clear_output", json!({ "wait": wait }));
                }
                Event::Input { prompt, reply } => {
                    self.send_stream(req, batch.take());
                    self.input(req, prompt, reply).await;
                }
                Event::Done(outcome) => {
                    self.send_stream(req, batch.take());
                    return Some(outcome);
                }
            }
        }
    }

    /// Asks the front-end that sent `req` for a line (`input_request` on the stdin
    /// channel) and hands its `input_reply` to `reply`; gives up when the asker does
    /// (the cell was interrupted).
    async fn input(
        &mut self,
        req: &Message,
        prompt: String,
        mut reply: tokio::sync::oneshot::Sender<String>,
    ) {
        // (replies to earlier, abandoned requests are dropped)
        while self.stdin_rx.try_recv().is_ok() {}
        let request = req.reply(
            &self.ctx.session,
            "input_request",
            json!({"prompt": prompt, "password": false}),
        );
        self.ctx.send(&mut self.stdin, request).await;
        loop {
            tokio::select! {
                msg = self.stdin_rx.recv() => match msg {
                    Some(m) if m.msg_type() == "input_reply" => {
                        let value = m.content["value"].as_str().unwrap_or("").to_string();
                        let _ = reply.send(value);
                        return;
                    }
                    Some(m) => log(format!("stdin: unexpected {}", m.msg_type())),
                    None => return,
                },
                _ = reply.closed() => return,
            }
        }
    }

    fn send_stream(&self, req: &Message, batch: Option<(StreamName, String)>) {
        if let Some((name, text)) = batch {
            self.ctx
                .publish(req, "stream", json!({"name": name.as_str(), "text": text}));
        }
    }

    /// After an error with `stop_on_error`: the execute requests already queued are answered
    /// `aborted` without running; other requests are kept for normal handling.
    async fn abort_queued(&mut self) {
        let mut kept = VecDeque::new();
        while let Ok(req) = self.queue.try_recv() {
            if req.msg_type() == "execute_request" {
                self.ctx.status(&req, "busy");
                let reply = json!({"status": "aborted", "execution_count": self.execution_count});
                self.ctx.reply(&mut self.socket, &req, reply).await;
                self.ctx.status(&req, "idle");
            } else {
                kept.push_back(req);
            }
        }
        self.pending.extend(kept);
    }
}

fn session_gone() -> Json {
    json!({"status": "error", "ename": "InternalError",
           "evalue": "the session thread has stopped", "traceback": []})
}
