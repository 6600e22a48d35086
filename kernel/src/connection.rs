//! The connection file Jupyter writes for a kernel: ports, address, key and scheme.

use serde_json::Value as Json;

// Read from the JSON by hand, not with serde's derive: a proc-macro here would compile the
// language crates' serde with other features than the prepl binary's build does, and
// building one binary after the other would rebuild them all (Cargo.toml of prepl-lang).
#[derive(Debug, Clone)]
pub struct ConnectionInfo {
    pub transport: String,
    pub ip: String,
    pub shell_port: u16,
    pub iopub_port: u16,
    pub stdin_port: u16,
    pub control_port: u16,
    pub hb_port: u16,
    pub key: String,
    pub signature_scheme: String,
}

impl ConnectionInfo {
    pub fn read(path: &str) -> Result<ConnectionInfo, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        ConnectionInfo::parse(&text).map_err(|e| format!("{path}: {e}"))
    }

    pub fn parse(text: &str) -> Result<ConnectionInfo, String> {
        let json: Json = serde_json::from_str(text).map_err(|e| e.to_string())?;
        let fields = json
            .as_object()
            .ok_or("the connection file is not a JSON object")?;
        let text_field = |name: &str, default: &str| match fields.get(name) {
            None => Ok(default.to_string()),
            Some(Json::String(s)) => Ok(s.clone()),
            Some(_) => Err(format!("`{name}` must be a string")),
        };
        let port = |name: &str| match fields.get(name) {
            None => Err(format!("missing field `{name}`")),
            Some(v) => v
                .as_u64()
                .and_then(|n| u16::try_from(n).ok())
                .ok_or_else(|| format!("`{name}` must be a port number")),
        };
        let info = ConnectionInfo {
            transport: text_field("transport", "tcp")?,
            ip: text_field("ip", "127.0.0.1")?,
            shell_port: port("shell_port")?,
            iopub_port: port("iopub_port")?,
            stdin_port: port("stdin_port")?,
            control_port: port("control_port")?,
            hb_port: port("hb_port")?,
            key: text_field("key", "")?,
            signature_scheme: text_field("signature_scheme", "hmac-sha256")?,
        };
        if info.transport != "tcp" {
            return Err(format!(
                "transport '{}' is not supported (only tcp)",
                info.transport
            ));
        }
        Ok(info)
    }

    /// The endpoint to bind a socket on `port` to.
    pub fn endpoint(&self, port: u16) -> String {
        if self.ip.contains(':') {
            format!("{}://[{}]:{}", self.transport, self.ip, port)
        } else {
            format!("{}://{}:{}", self.transport, self.ip, port)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_jupyter_connection_file() {
        let info = ConnectionInfo::parse(
            r#"{"shell_port": 1, "iopub_port": 2, "stdin_port": 3, "control_port": 4,
                "hb_port": 5, "ip": "127.0.0.1", "key": "abc", "transport": "tcp",
                "signature_scheme": "hmac-sha256", "kernel_name": "puppet"}"#,
        )
        .unwrap();
        assert_eq!(info.endpoint(info.hb_port), "tcp://127.0.0.1:5");
        assert_eq!(info.key, "abc");
    }

    #[test]
    fn rejects_other_transports_and_missing_ports() {
        assert!(ConnectionInfo::parse(
            r#"{"shell_port": 1, "iopub_port": 2, "stdin_port": 3, "control_port": 4,
                "hb_port": 5, "transport": "ipc"}"#
        )
        .is_err());
        assert_eq!(
            ConnectionInfo::parse(r#"{"shell_port": 1}"#).unwrap_err(),
            "missing field `iopub_port`"
        );
        assert!(ConnectionInfo::parse(
            r#"{"shell_port": 1, "iopub_port": 2, "stdin_port": 3, "control_port": 4,
                "hb_port": 70000}"#
        )
        .is_err());
        assert!(ConnectionInfo::parse("[]").is_err());
    }
}
