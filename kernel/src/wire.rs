//! The Jupyter wire format: a multipart message of routing identities, the `<IDS|MSG>`
//! delimiter, an HMAC signature, four JSON frames (header, parent header, metadata,
//! content) and optional binary buffers.

use bytes::Bytes;
use hmac::{Hmac, KeyInit, Mac};
use serde_json::{json, Map, Value as Json};
use sha2::Sha256;
use std::fmt;

/// The protocol version this kernel speaks.
pub const PROTOCOL_VERSION: &str = "5.4";

const DELIMITER: &[u8] = b"<IDS|MSG>";

/// The largest message accepted, all frames together (as the largest program a file may
/// hold). A larger one is dropped, unparsed.
pub const MAX_MESSAGE_BYTES: usize = 64 << 20;

/// How many signatures of recent messages are remembered to drop replays (as many as
/// jupyter_client's `Session.digest_history_size`).
const REPLAY_HISTORY: usize = 1 << 16;

/// Signs and verifies messages with the connection key. An empty key disables signing:
/// messages are sent with an empty signature and any signature is accepted.
#[derive(Clone)]
pub struct Signer {
    mac: Option<Hmac<Sha256>>,
}

impl Signer {
    pub fn new(key: &str, scheme: &str) -> Result<Signer, String> {
        if key.is_empty() {
            return Ok(Signer { mac: None });
        }
        match scheme {
            "hmac-sha256" => {
                let mac = Hmac::<Sha256>::new_from_slice(key.as_bytes())
                    .map_err(|e| format!("invalid key: {e}"))?;
                Ok(Signer { mac: Some(mac) })
            }
            other => Err(format!("unsupported signature scheme '{other}'")),
        }
    }

    fn mac_of(&self, parts: &[&[u8]]) -> Option<Hmac<Sha256>> {
        let mut mac = self.mac.clone()?;
        for p in parts {
            mac.update(p);
        }
        Some(mac)
    }

    /// The hex signature of the four JSON frames (empty when signing is disabled).
    pub fn sign(&self, parts: &[&[u8]]) -> String {
        match self.mac_of(parts) {
            Some(mac) => hex::encode(mac.finalize().into_bytes()),
            None => String::new(),
        }
    }

    /// Checks a received signature in constant time.
    pub fn verify(&self, parts: &[&[u8]], signature: &[u8]) -> bool {
        let Some(mac) = self.mac_of(parts) else {
            return true;
        };
        match hex::decode(signature) {
            Ok(sig) => mac.verify_slice(&sig).is_ok(),
            Err(_) => false,
        }
    }
}

/// The signatures of the messages received lately: a signed message received a second time
/// is a replay, and is dropped (as jupyter_client's sessions do). Unsigned messages (an
/// empty key) cannot be told apart and are all accepted.
#[derive(Default)]
pub struct Replays {
    seen: std::collections::HashSet<Bytes>,
    order: std::collections::VecDeque<Bytes>,
}

impl Replays {
    /// Remembers the signature of `frames` (a message that decoded); `Err(Replayed)` when it
    /// was seen before.
    pub fn admit(&mut self, frames: &[Bytes]) -> Result<(), WireError> {
        let Some(at) = frames.iter().position(|f| f.as_ref() == DELIMITER) else {
            return Ok(());
        };
        let Some(signature) = frames.get(at + 1).filter(|s| !s.is_empty()) else {
            return Ok(());
        };
        // A copy of its own: a frame shares the buffer the socket read it into, which the
        // signature kept would keep alive (with the whole message) until it is forgotten.
        let signature = Bytes::copy_from_slice(signature);
        if !self.seen.insert(signature.clone()) {
            return Err(WireError::Replayed);
        }
        self.order.push_back(signature);
        if self.order.len() > REPLAY_HISTORY {
            if let Some(old) = self.order.pop_front() {
                self.seen.remove(&old);
            }
        }
        Ok(())
    }
}

/// One decoded message.
#[derive(Debug, Clone)]
pub struct Message {
    pub identities: Vec<Bytes>,
    pub header: Json,
    pub parent_header: Json,
    pub metadata: Json,
    pub content: Json,
    pub buffers: Vec<Bytes>,
}

/// Why a received message was dropped.
#[derive(Debug, PartialEq, Eq)]
pub enum WireError {
    NoDelimiter,
    TooFewFrames(usize),
    BadSignature,
    BadJson(&'static str, String),
    NoMsgType,
    TooLarge(usize),
    Replayed,
}

impl fmt::Display for WireError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WireError::NoDelimiter => write!(f, "no <IDS|MSG> delimiter"),
            WireError::TooFewFrames(n) => {
                write!(f, "{n} frames after the delimiter, at least 5 needed")
            }
            WireError::BadSignature => write!(f, "bad or missing signature"),
            WireError::BadJson(which, e) => write!(f, "invalid JSON in {which}: {e}"),
            WireError::NoMsgType => write!(f, "header without msg_type"),
            WireError::TooLarge(n) => write!(
                f,
                "{n} bytes, more than the limit of {MAX_MESSAGE_BYTES} bytes for a message"
            ),
            WireError::Replayed => write!(f, "a replay (its signature was seen before)"),
        }
    }
}

fn parse_frame(which: &'static str, bytes: &[u8]) -> Result<Json, WireError> {
    serde_json::from_slice(bytes).map_err(|e| WireError::BadJson(which, e.to_string()))
}

impl Message {
    /// Decodes and verifies a multipart message. The signature is checked before any JSON
    /// is parsed.
    pub fn decode(frames: Vec<Bytes>, signer: &Signer) -> Result<Message, WireError> {
        let size: usize = frames.iter().map(Bytes::len).sum();
        if size > MAX_MESSAGE_BYTES {
            return Err(WireError::TooLarge(size));
        }
        let at = frames
            .iter()
            .position(|f| f.as_ref() == DELIMITER)
            .ok_or(WireError::NoDelimiter)?;
        let rest = &frames[at + 1..];
        if rest.len() < 5 {
            return Err(WireError::TooFewFrames(rest.len()));
        }
        let parts: [&[u8]; 4] = [&rest[1], &rest[2], &rest[3], &rest[4]];
        if !signer.verify(&parts, &rest[0]) {
            return Err(WireError::BadSignature);
        }
        let header = parse_frame("header", &rest[1])?;
        if header.get("msg_type").and_then(Json::as_str).is_none() {
            return Err(WireError::NoMsgType);
        }
        Ok(Message {
            identities: frames[..at].to_vec(),
            header,
            parent_header: parse_frame("parent header", &rest[2])?,
            metadata: parse_frame("metadata", &rest[3])?,
            content: parse_frame("content", &rest[4])?,
            buffers: rest[5..].to_vec(),
        })
    }

    /// Encodes and signs the message as frames.
    pub fn encode(&self, signer: &Signer) -> Vec<Bytes> {
        let header = self.header.to_string();
        let parent = self.parent_header.to_string();
        let metadata = self.metadata.to_string();
        let content = self.content.to_string();
        let signature = signer.sign(&[
            header.as_bytes(),
            parent.as_bytes(),
            metadata.as_bytes(),
            content.as_bytes(),
        ]);
        let mut frames = self.identities.clone();
        frames.push(Bytes::from_static(DELIMITER));
        frames.push(signature.into());
        frames.push(header.into());
        frames.push(parent.into());
        frames.push(metadata.into());
        frames.push(content.into());
        frames.extend(self.buffers.iter().cloned());
        frames
    }

    pub fn msg_type(&self) -> &str {
        self.header
            .get("msg_type")
            .and_then(Json::as_str)
            .unwrap_or("")
    }

    /// A new message answering (or caused by) this one: same identities, this header as
    /// parent.
    pub fn reply(&self, session: &str, msg_type: &str, content: Json) -> Message {
        Message {
            identities: self.identities.clone(),
            header: new_header(session, msg_type),
            parent_header: self.header.clone(),
            metadata: Json::Object(Map::new()),
            content,
            buffers: Vec::new(),
        }
    }

    /// A message on iopub caused by this one (topic = msg_type).
    pub fn broadcast(&self, session: &str, msg_type: &str, content: Json) -> Message {
        let mut m = self.reply(session, msg_type, content);
        m.identities = vec![Bytes::from(msg_type.to_string())];
        m
    }
}

/// A fresh header: a random msg_id, the current UTC time with microseconds.
pub fn new_header(session: &str, msg_type: &str) -> Json {
    let now = jiff::Timestamp::now();
    json!({
        "msg_id": uuid::Uuid::new_v4().to_string(),
        "session": session,
        "username": "prepl",
        "date": now.strftime("%Y-%m-%dT%H:%M:%S%.6fZ").to_string(),
        "msg_type": msg_type,
        "version": PROTOCOL_VERSION,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(parts: &[&str]) -> Vec<Bytes> {
        parts.iter().map(|p| Bytes::from(p.to_string())).collect()
    }

    fn sample(signer: &Signer) -> Vec<Bytes> {
        let m = Message {
            identities: vec![Bytes::from_static(b"peer")],
            header: new_header("s", "execute_request"),
            parent_header: json!({}),
            metadata: json!({}),
            content: json!({"code": "1"}),
            buffers: vec![],
        };
        m.encode(signer)
    }

    #[test]
    fn signature_matches_python_hmac() {
        // hmac.new(b'key', b'{}' b'{}' b'{}' b'{}', hashlib.sha256).hexdigest()
        let s = Signer::new("key", "hmac-sha256").unwrap();
        assert_eq!(
            s.sign(&[b"{}", b"{}", b"{}", b"{}"]),
            "ca767b02c5bc061ed184a9a029e7f93a7f2f7ed4e8fe74120fc1212f0b008fa3"
        );
    }

    #[test]
    fn round_trip_and_identities() {
        let s = Signer::new("secret", "hmac-sha256").unwrap();
        let m = Message::decode(sample(&s), &s).unwrap();
        assert_eq!(m.identities, vec![Bytes::from_static(b"peer")]);
        assert_eq!(m.msg_type(), "execute_request");
        assert_eq!(m.content["code"], "1");
    }

    #[test]
    fn wrong_key_or_tampering_is_rejected() {
        let good = Signer::new("secret", "hmac-sha256").unwrap();
        let bad = Signer::new("other", "hmac-sha256").unwrap();
        assert_eq!(
            Message::decode(sample(&bad), &good).unwrap_err(),
            WireError::BadSignature
        );
        let mut f = sample(&good);
        let n = f.len();
        f[n - 1] = Bytes::from_static(br#"{"code": "2"}"#);
        assert_eq!(
            Message::decode(f, &good).unwrap_err(),
            WireError::BadSignature
        );
        let mut f = sample(&good);
        f[2] = Bytes::new();
        assert_eq!(
            Message::decode(f, &good).unwrap_err(),
            WireError::BadSignature
        );
    }

    #[test]
    fn replies_and_broadcasts_are_parented() {
        let s = Signer::new("k", "hmac-sha256").unwrap();
        let req = Message::decode(sample(&s), &s).unwrap();
        let reply = req.reply("kernel-session", "execute_reply", json!({"status": "ok"}));
        assert_eq!(reply.identities, req.identities);
        assert_eq!(reply.parent_header, req.header);
        assert_eq!(reply.header["msg_type"], "execute_reply");
        assert_eq!(reply.header["session"], "kernel-session");
        assert_eq!(reply.header["version"], PROTOCOL_VERSION);
        assert_ne!(reply.header["msg_id"], req.header["msg_id"]);
        let b = req.broadcast("kernel-session", "status", json!({}));
        assert_eq!(b.identities, vec![Bytes::from_static(b"status")]);
        assert_eq!(b.parent_header, req.header);
        // What is sent verifies with the same key.
        assert!(Message::decode(reply.encode(&s), &s).is_ok());
    }

    #[test]
    fn replays_are_refused_and_oversized_messages_dropped() {
        let s = Signer::new("k", "hmac-sha256").unwrap();
        let mut replays = Replays::default();
        let first = sample(&s);
        let second = sample(&s);
        assert_eq!(replays.admit(&first), Ok(()));
        assert_eq!(replays.admit(&second), Ok(()));
        assert_eq!(replays.admit(&first), Err(WireError::Replayed));
        // unsigned messages cannot be told apart
        let open = Signer::new("", "hmac-sha256").unwrap();
        let unsigned = sample(&open);
        assert_eq!(replays.admit(&unsigned), Ok(()));
        assert_eq!(replays.admit(&unsigned), Ok(()));
        let mut big = sample(&s);
        big.push(Bytes::from(vec![b'x'; MAX_MESSAGE_BYTES]));
        assert!(matches!(
            Message::decode(big, &s),
            Err(WireError::TooLarge(n)) if n > MAX_MESSAGE_BYTES
        ));
    }

    /// The signatures kept against replays are copies: a frame shares the buffer the socket
    /// read the message into, and keeping it kept that buffer (and the message) alive.
    #[test]
    fn kept_signatures_do_not_hold_the_message() {
        let s = Signer::new("k", "hmac-sha256").unwrap();
        let frames = sample(&s);
        // All frames in one buffer, as the socket's reader splits them off.
        let whole = Bytes::from(frames.concat());
        let mut at = 0;
        let shared: Vec<Bytes> = frames
            .iter()
            .map(|f| {
                at += f.len();
                whole.slice(at - f.len()..at)
            })
            .collect();
        let mut replays = Replays::default();
        assert_eq!(replays.admit(&shared), Ok(()));
        let kept = replays.order.back().unwrap().as_ptr_range();
        let buffer = whole.as_ptr_range();
        assert!(
            kept.end <= buffer.start || kept.start >= buffer.end,
            "the kept signature points into the message's buffer"
        );
        assert_eq!(replays.admit(&shared), Err(WireError::Replayed));
    }

    /// The inputs that made the fuzz target `kernel_wire` fail, and its seeds, decode or
    /// fail cleanly (fuzz/regressions/kernel_wire/).
    #[test]
    fn fuzz_regressions_decode_or_fail_cleanly() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../fuzz/regressions/kernel_wire");
        let Ok(entries) = std::fs::read_dir(&dir) else {
            return;
        };
        for entry in entries.flatten() {
            let data = std::fs::read(entry.path()).unwrap();
            let frames: Vec<Bytes> = data
                .split(|b| *b == 0xFF)
                .map(Bytes::copy_from_slice)
                .collect();
            for key in ["", "fuzz-key"] {
                let signer = Signer::new(key, "hmac-sha256").unwrap();
                if let Ok(m) = Message::decode(frames.clone(), &signer) {
                    assert!(Message::decode(m.encode(&signer), &signer).is_ok());
                }
            }
        }
    }

    #[test]
    fn an_unknown_scheme_is_refused() {
        assert_eq!(
            Signer::new("key", "hmac-md5").err().as_deref(),
            Some("unsupported signature scheme 'hmac-md5'")
        );
    }

    #[test]
    fn empty_key_disables_signing() {
        let none = Signer::new("", "hmac-sha256").unwrap();
        let f = sample(&none);
        assert!(f[2].is_empty());
        assert!(Message::decode(f, &none).is_ok());
    }

    #[test]
    fn malformed_messages_are_errors() {
        let s = Signer::new("", "hmac-sha256").unwrap();
        assert_eq!(
            Message::decode(frames(&["a", "b"]), &s).unwrap_err(),
            WireError::NoDelimiter
        );
        assert_eq!(
            Message::decode(frames(&["<IDS|MSG>", "", "{}"]), &s).unwrap_err(),
            WireError::TooFewFrames(2)
        );
        assert!(matches!(
            Message::decode(frames(&["<IDS|MSG>", "", "nope", "{}", "{}", "{}"]), &s),
            Err(WireError::BadJson("header", _))
        ));
        assert_eq!(
            Message::decode(frames(&["<IDS|MSG>", "", "{}", "{}", "{}", "{}"]), &s).unwrap_err(),
            WireError::NoMsgType
        );
    }
}
