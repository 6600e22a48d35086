//! The sockets and the request handlers: shell and control (ROUTER), iopub (PUB), stdin
//! (ROUTER, unused: Puppet never asks for input) and heartbeat (REP echo).

use crate::connection::ConnectionInfo;
use crate::history::History;
use crate::wire::{Message, Signer, PROTOCOL_VERSION};
use crate::worker::{self, Event, ExecuteJob, Job, Outcome, StreamName, WorkerHandle};
use bytes::Bytes;
use serde_json::{json, Value as Json};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use zeromq::{
    PubSocket, RepSocket, RouterRecvHalf, RouterSendHalf, RouterSocket, Socket, SocketRecv,
    SocketSend, ZmqMessage,
};

/// The largest stream message sent at once; longer output goes out in several.
const STREAM_BATCH: usize = 64 * 1024;

fn log(msg: impl AsRef<str>) {
    eprintln!("[prepl-kernel] {}", msg.as_ref());
}

/// What every handler needs: the signer, the kernel's session id and the iopub queue.
#[derive(Clone)]
struct Ctx {
    signer: Signer,
    session: String,
    iopub: mpsc::UnboundedSender<Message>,
    interrupt: Arc<AtomicBool>,
    /// True while a cell runs: an interrupt only applies then.
    executing: Arc<AtomicBool>,
}

impl Ctx {
    fn publish(&self, parent: &Message, msg_type: &str, content: Json) {
        let _ = self
            .iopub
            .send(parent.broadcast(&self.session, msg_type, content));
    }

    fn status(&self, parent: &Message, state: &str) {
        self.publish(parent, "status", json!({ "execution_state": state }));
    }

    async fn send(&self, socket: &mut RouterSendHalf, msg: Message) {
        if let Err(e) = socket.send(to_zmq(msg.encode(&self.signer))).await {
            log(format!("could not send {}: {e}", msg.msg_type()));
        }
    }

    async fn reply(&self, socket: &mut RouterSendHalf, req: &Message, content: Json) {
        let reply_type = req.msg_type().replace("_request", "_reply");
        self.send(socket, req.reply(&self.session, &reply_type, content))
            .await;
    }

    fn interrupt(&self) {
        if self.executing.load(Ordering::SeqCst) {
            self.interrupt.store(true, Ordering::SeqCst);
        }
    }
}

fn to_zmq(frames: Vec<Bytes>) -> ZmqMessage {
    ZmqMessage::try_from(frames).expect("an encoded message has frames")
}

/// Receives, verifies and decodes messages from a ROUTER socket into a queue. Bad messages
/// are logged and dropped.
fn spawn_receiver(
    mut socket: RouterRecvHalf,
    signer: Signer,
    name: &'static str,
) -> mpsc::UnboundedReceiver<Message> {
    let (tx, rx) = mpsc::unbounded_channel();
    tokio::spawn(async move {
        loop {
            match socket.recv().await {
                Ok(m) => match Message::decode(m.into_vec(), &signer) {
                    Ok(msg) => {
                        if tx.send(msg).is_err() {
                            return;
                        }
                    }
                    Err(e) => log(format!("{name}: dropped a message: {e}")),
                },
                Err(e) => {
                    log(format!("{name}: receive error: {e}"));
                    tokio::time::sleep(Duration::from_millis(10)).await;
                }
            }
        }
    });
    rx
}

async fn bind_router(info: &ConnectionInfo, port: u16) -> Result<RouterSocket, String> {
    let mut s = RouterSocket::new();
    let ep = info.endpoint(port);
    s.bind(&ep).await.map_err(|e| format!("bind {ep}: {e}"))?;
    Ok(s)
}

/// Runs the kernel until a shutdown request.
pub async fn run(info: ConnectionInfo) -> Result<(), String> {
    let signer = Signer::new(&info.key, &info.signature_scheme)?;
    let WorkerHandle { jobs, interrupt } =
        worker::spawn().map_err(|e| format!("session thread: {e}"))?;

    let mut iopub_socket = PubSocket::new();
    let ep = info.endpoint(info.iopub_port);
    iopub_socket
        .bind(&ep)
        .await
        .map_err(|e| format!("bind {ep}: {e}"))?;
    let (shell_send, shell_recv) = bind_router(&info, info.shell_port).await?.split();
    let (control_send, control_recv) = bind_router(&info, info.control_port).await?.split();
    let stdin = bind_router(&info, info.stdin_port).await?;
    let mut hb = RepSocket::new();
    let ep = info.endpoint(info.hb_port);
    hb.bind(&ep).await.map_err(|e| format!("bind {ep}: {e}"))?;

    let (iopub_tx, mut iopub_rx) = mpsc::unbounded_channel::<Message>();
    let iopub_signer = signer.clone();
    tokio::spawn(async move {
        while let Some(msg) = iopub_rx.recv().await {
            if let Err(e) = iopub_socket.send(to_zmq(msg.encode(&iopub_signer))).await {
                log(format!("iopub: {e}"));
            }
        }
    });
    tokio::spawn(async move {
        loop {
            match hb.recv().await {
                Ok(m) => {
                    if let Err(e) = hb.send(m).await {
                        log(format!("heartbeat: {e}"));
                    }
                }
                Err(e) => {
                    log(format!("heartbeat: {e}"));
                    tokio::time::sleep(Duration::from_millis(10)).await;
                }
            }
        }
    });

    let ctx = Ctx {
        signer: signer.clone(),
        session: uuid::Uuid::new_v4().to_string(),
        iopub: iopub_tx,
        interrupt,
        executing: Arc::new(AtomicBool::new(false)),
    };
    let start = Message {
        identities: vec![],
        header: json!({}),
        parent_header: json!({}),
        metadata: json!({}),
        content: json!({}),
        buffers: vec![],
    };
    ctx.status(&start, "starting");

    let sigint_ctx = ctx.clone();
    tokio::spawn(async move {
        while tokio::signal::ctrl_c().await.is_ok() {
            sigint_ctx.interrupt();
        }
    });

    let (shutdown_tx, mut shutdown_rx) = mpsc::unbounded_channel::<()>();
    let shell_rx = spawn_receiver(shell_recv, signer.clone(), "shell");
    let control_rx = spawn_receiver(control_recv, signer, "control");
    let shell = Shell {
        ctx: ctx.clone(),
        socket: shell_send,
        jobs,
        history: History::default(),
        execution_count: 0,
        queue: shell_rx,
        pending: VecDeque::new(),
        shutdown: shutdown_tx.clone(),
    };
    tokio::spawn(shell.run());
    tokio::spawn(control(ctx, control_send, control_rx, shutdown_tx));

    shutdown_rx.recv().await;
    // Let the last replies and status messages leave before the sockets close.
    tokio::time::sleep(Duration::from_millis(200)).await;
    drop(stdin);
    Ok(())
}

fn kernel_info() -> Json {
    json!({
        "status": "ok",
        "protocol_version": PROTOCOL_VERSION,
        "implementation": "prepl",
        "implementation_version": env!("CARGO_PKG_VERSION"),
        "language_info": {
            "name": "puppet",
            "version": "7",
            "mimetype": "text/x-puppet",
            "file_extension": ".pp",
            "pygments_lexer": "puppet",
            "codemirror_mode": "puppet",
            "nbconvert_exporter": "script",
        },
        "banner": format!(
            "prepl {} — the Puppet language, interactively.\n\
             Results show in programmatic form; notice() and friends print; \
             display(value, mime) shows rich output; help('name') shows documentation.",
            env!("CARGO_PKG_VERSION")
        ),
        "help_links": [
            {"text": "Puppet language reference",
             "url": "https://www.puppet.com/docs/puppet/7/lang_summary.html"},
            {"text": "Puppet data types",
             "url": "https://www.puppet.com/docs/puppet/7/lang_data_type.html"},
            {"text": "Built-in functions",
             "url": "https://www.puppet.com/docs/puppet/7/function.html"},
        ],
        "debugger": false,
    })
}

/// The control channel: kernel_info, interrupt, shutdown, answered even while a cell runs.
async fn control(
    ctx: Ctx,
    mut socket: RouterSendHalf,
    mut rx: mpsc::UnboundedReceiver<Message>,
    shutdown: mpsc::UnboundedSender<()>,
) {
    while let Some(req) = rx.recv().await {
        ctx.status(&req, "busy");
        match req.msg_type() {
            "kernel_info_request" => ctx.reply(&mut socket, &req, kernel_info()).await,
            "interrupt_request" => {
                ctx.interrupt();
                ctx.reply(&mut socket, &req, json!({"status": "ok"})).await;
            }
            "shutdown_request" => {
                let restart = req.content["restart"].as_bool().unwrap_or(false);
                ctx.reply(
                    &mut socket,
                    &req,
                    json!({"status": "ok", "restart": restart}),
                )
                .await;
                ctx.status(&req, "idle");
                ctx.interrupt();
                let _ = shutdown.send(());
                continue;
            }
            other => log(format!("control: unsupported message type '{other}'")),
        }
        ctx.status(&req, "idle");
    }
}

/// The shell channel: requests are handled one at a time, in order.
struct Shell {
    ctx: Ctx,
    socket: RouterSendHalf,
    jobs: std::sync::mpsc::Sender<Job>,
    history: History,
    execution_count: i64,
    queue: mpsc::UnboundedReceiver<Message>,
    /// Requests taken off the queue early (while aborting after an error).
    pending: VecDeque<Message>,
    shutdown: mpsc::UnboundedSender<()>,
}

impl Shell {
    async fn run(mut self) {
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
        let cursor = || c["cursor_pos"].as_u64().unwrap_or(0) as usize;
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
            Outcome::Error(worker::ErrorReport {
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
        let mut batch: Option<(StreamName, String)> = None;
        loop {
            let event = match events.try_recv() {
                Ok(e) => e,
                Err(_) => {
                    self.flush(req, &mut batch);
                    events.recv().await?
                }
            };
            match event {
                Event::Stream { name, text } => {
                    match &mut batch {
                        Some((n, t)) if *n == name && t.len() + text.len() <= STREAM_BATCH => {
                            t.push_str(&text)
                        }
                        _ => {
                            self.flush(req, &mut batch);
                            batch = Some((name, text));
                        }
                    }
                    if batch.as_ref().is_some_and(|(_, t)| t.len() >= STREAM_BATCH) {
                        self.flush(req, &mut batch);
                    }
                }
                Event::Display { data } => {
                    self.flush(req, &mut batch);
                    self.ctx.publish(
                        req,
                        "display_data",
                        json!({"data": data, "metadata": {}, "transient": {}}),
                    );
                }
                Event::ClearOutput { wait } => {
                    self.flush(req, &mut batch);
                    self.ctx
                        .publish(req, "clear_output", json!({ "wait": wait }));
                }
                Event::Done(outcome) => {
                    self.flush(req, &mut batch);
                    return Some(outcome);
                }
            }
        }
    }

    fn flush(&self, req: &Message, batch: &mut Option<(StreamName, String)>) {
        if let Some((name, text)) = batch.take() {
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
