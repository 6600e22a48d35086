//! OpenSSL's certificates and keys, as far as the subset goes: `OpenSSL::X509::Certificate.new`
//! and `OpenSSL::PKey::RSA.new` of text that holds no certificate or key (no PEM block, no
//! DER structure) raise OpenSSL's errors (`PEM_read_bio_X509: no start line`, `Neither PUB
//! key nor PRIV key: unsupported`), as stdlib's `validate_x509_rsa_key_pair` reports them;
//! parsing a real certificate or key (and checking signatures) is outside the subset.
//! (OpenSSL's digests, HMAC and PBKDF2 are in `digest`.)

use super::binary::bytes_arg;
use super::Call;
use crate::error::RubyError;
use crate::eval::{unsupported, Flow, R};
use crate::value::RValue;

/// Whether `name` is one of these classes (a constant the subset knows).
pub fn is_class(name: &str) -> bool {
    matches!(
        name,
        "OpenSSL::X509" | "OpenSSL::X509::Certificate" | "OpenSSL::PKey" | "OpenSSL::PKey::RSA"
    )
}

/// A class method of these classes; `None` for another one.
pub fn class_call(class: &str, c: &Call) -> R<Option<RValue>> {
    let (error, message, what) = match (class, c.name) {
        ("OpenSSL::X509::Certificate", "new") => (
            "OpenSSL::X509::CertificateError",
            "PEM_read_bio_X509: no start line",
            "an X.509 certificate",
        ),
        ("OpenSSL::PKey::RSA", "new") => (
            "OpenSSL::PKey::RSAError",
            "Neither PUB key nor PRIV key: unsupported",
            "an RSA key",
        ),
        _ => return Ok(None),
    };
    c.arity(1, 2)?;
    let text = bytes_arg(c.arg(0), c.at)?;
    // (OpenSSL reads DER first, then PEM: text that is neither has no start line)
    let pem = text.windows(11).any(|w| w == b"-----BEGIN ");
    if pem || text.first() == Some(&0x30) {
        return unsupported(
            format!("{class}.new of {what} (parsing X.509 and keys)"),
            c.at,
        );
    }
    Err(Flow::from(RubyError::raised_as(error, message, c.at)))
}
