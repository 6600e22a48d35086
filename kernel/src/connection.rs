//! The connection file Jupyter writes for a kernel: ports, address, key and scheme.

use serde::Deserialize;

#[derive(Debug, Clone, Deserialize)]
pub struct ConnectionInfo {
    #[serde(default = "default_transport")]
    pub transport: String,
    #[serde(default = "default_ip")]
    pub ip: String,
    pub shell_port: u16,
    pub iopub_port: u16,
    pub stdin_port: u16,
    pub control_port: u16,
    pub hb_port: u16,
    #[serde(default)]
    pub key: String,
    #[serde(default = "default_scheme")]
    pub signature_scheme: String,
}

fn default_transport() -> String {
    "tcp".into()
}
fn default_ip() -> String {
    "127.0.0.1".into()
}
fn default_scheme() -> String {
    "hmac-sha256".into()
}

impl ConnectionInfo {
    pub fn read(path: &str) -> Result<ConnectionInfo, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        ConnectionInfo::parse(&text).map_err(|e| format!("{path}: {e}"))
    }

    pub fn parse(text: &str) -> Result<ConnectionInfo, String> {
        let info: ConnectionInfo = serde_json::from_str(text).map_err(|e| e.to_string())?;
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
        assert!(ConnectionInfo::parse(r#"{"shell_port": 1}"#).is_err());
    }
}
