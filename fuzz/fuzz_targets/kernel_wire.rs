#![no_main]
//! The kernel's decoding of a wire message (kernel/src/wire.rs): frames split at 0xFF bytes
//! (which UTF-8 never contains), decoded with and without a key; what decodes is encoded
//! and decoded again.

#[allow(dead_code)]
#[path = "../../kernel/src/wire.rs"]
mod wire;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let frames: Vec<bytes::Bytes> = data
        .split(|b| *b == 0xFF)
        .map(|f| bytes::Bytes::copy_from_slice(f))
        .collect();
    for key in ["", "fuzz-key"] {
        let signer = wire::Signer::new(key, "hmac-sha256").expect("a valid scheme");
        if let Ok(message) = wire::Message::decode(frames.clone(), &signer) {
            let _ = message.msg_type();
            let again = message.encode(&signer);
            wire::Message::decode(again, &signer).expect("an encoded message decodes");
        }
    }
});
