//! The sockets and the request handlers: shell and control (ROUTER), iopub (PUB), stdin
//! (ROUTER: the debugger's prompt, `input_request`/`input_reply`, when a cell allows it)
//! and heartbeat (REP echo).

mod batch;
mod shell;

use crate::connection::ConnectionInfo;
use crate::history::History;
use crate::wire::{Message, Replays, Signer, PROTOCOL_VERSION};
use crate::worker::{self, WorkerHandle};
use bytes::Bytes;
use serde_json::{json, Value as Json};
use shell::Shell;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;
use zeromq::{
    PubSocket, RepSocket, RouterRecvHalf, RouterSendHalf, RouterSocket, Socket, SocketRecv,
    SocketSend, ZmqMessage,
};

pub(crate) fn log(msg: impl AsRef<str>) {
    eprintln!("[prepl-kernel] {}", msg.as_ref());
}

/// What every handler needs: the signer, the kernel's session id and the iopub queue.
#[derive(Clone)]
pub(crate) struct Ctx {
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
/// (unsigned, oversized, malformed, replayed) are logged and dropped.
fn spawn_receiver(
    mut socket: RouterRecvHalf,
    signer: Signer,
    name: &'static str,
) -> mpsc::UnboundedReceiver<Message> {
    let (tx, rx) = mpsc::unbounded_channel();
    tokio::spawn(async move {
        let mut replays = Replays::default();
        loop {
            match socket.recv().await {
                Ok(m) => match decode(m.into_vec(), &signer, &mut replays) {
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

fn decode(
    frames: Vec<Bytes>,
    signer: &Signer,
    replays: &mut Replays,
) -> Result<Message, crate::wire::WireError> {
    let signature_frames = frames.clone();
    let msg = Message::decode(frames, signer)?;
    replays.admit(&signature_frames)?;
    Ok(msg)
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
    let (stdin_send, stdin_recv) = bind_router(&info, info.stdin_port).await?.split();
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
    let control_rx = spawn_receiver(control_recv, signer.clone(), "control");
    let stdin_rx = spawn_receiver(stdin_recv, signer, "stdin");
    let shell = Shell {
        ctx: ctx.clone(),
        socket: shell_send,
        jobs,
        history: History::default(),
        execution_count: 0,
        queue: shell_rx,
        pending: VecDeque::new(),
        shutdown: shutdown_tx.clone(),
        stdin: stdin_send,
        stdin_rx,
    };
    tokio::spawn(shell.run());
    tokio::spawn(control(ctx, control_send, control_rx, shutdown_tx.clone()));
    tokio::spawn(watch_parent(shutdown_tx));

    shutdown_rx.recv().await;
    // Let the last replies and status messages leave before the sockets close.
    tokio::time::sleep(Duration::from_millis(200)).await;
    Ok(())
}

/// Ends the kernel when the process that started it (Jupyter) is gone, as IPython does:
/// when started by Jupyter (`JPY_PARENT_PID` set), the kernel polls whether it has been
/// re-parented.
async fn watch_parent(shutdown: mpsc::UnboundedSender<()>) {
    #[cfg(unix)]
    {
        if std::env::var_os("JPY_PARENT_PID").is_none() {
            return;
        }
        let parent = std::os::unix::process::parent_id();
        loop {
            tokio::time::sleep(Duration::from_secs(2)).await;
            if std::os::unix::process::parent_id() != parent {
                log("the parent process is gone; shutting down");
                let _ = shutdown.send(());
                return;
            }
        }
    }
    #[cfg(not(unix))]
    drop(shutdown);
}

pub(crate) fn kernel_info() -> Json {
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
