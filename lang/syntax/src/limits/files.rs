//! Reading files without hanging and without growing past the memory limit: a FIFO (or a
//! link to one) would block `open` until something writes to it, and `/dev/zero` or
//! `/dev/urandom` never end. Every file prepl reads as data or code (manifests, templates,
//! Hiera data and configuration, facts files, `environment.conf`, modules' Ruby) is opened
//! without waiting and read only when it is a regular file, as far as the memory left.

use std::fs::{File, Metadata};
use std::io;
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
use std::path::Path;

/// Opens `path` for reading without waiting for a writer (`O_NONBLOCK`, which changes
/// nothing for a regular file), with what it is.
pub fn open_nonblocking(path: &Path) -> io::Result<(File, Metadata)> {
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)?;
    let meta = file.metadata()?;
    Ok((file, meta))
}

/// Opens `path` for reading when it is a regular file (after links); else the error that
/// says what it is (`Is a directory`, `not a regular file (a FIFO)`).
pub fn open_regular(path: &Path) -> io::Result<(File, Metadata)> {
    let (file, meta) = open_nonblocking(path)?;
    if !meta.is_file() {
        return Err(not_regular(&meta));
    }
    Ok((file, meta))
}

/// The error for reading what is not a regular file.
pub fn not_regular(meta: &Metadata) -> io::Error {
    let t = meta.file_type();
    let what = if t.is_dir() {
        return io::Error::new(io::ErrorKind::IsADirectory, "Is a directory");
    } else if t.is_fifo() {
        "a FIFO"
    } else if t.is_char_device() {
        "a character device"
    } else if t.is_block_device() {
        "a block device"
    } else if t.is_socket() {
        "a socket"
    } else {
        "not a file"
    };
    io::Error::other(format!("not a regular file ({what})"))
}

/// The error for a file longer than the memory left (`Out of memory: ...`).
pub fn too_large(needed: usize) -> io::Error {
    io::Error::new(
        io::ErrorKind::OutOfMemory,
        super::memory_error(needed).message,
    )
}

/// Reads all of an open file whose length is thought to be `length`, at most `max` bytes
/// (more is [`too_large`]); one read of a byte more than `length` finds the end of a file
/// that has not changed.
pub fn read_at_most(mut file: File, length: u64, max: usize) -> io::Result<Vec<u8>> {
    use std::io::Read;
    let length = usize::try_from(length).unwrap_or(usize::MAX);
    if length > max {
        return Err(too_large(length));
    }
    let mut bytes = Vec::new();
    bytes
        .try_reserve_exact(length.saturating_add(1))
        .map_err(|_| too_large(length))?;
    bytes.resize(length.saturating_add(1), 0);
    let mut filled = 0;
    loop {
        if filled == bytes.len() {
            // longer than it was: read on in a larger buffer, as far as `max`
            if filled > max {
                return Err(too_large(filled));
            }
            let more = bytes.len().max(64).min(max + 1 - filled).max(1);
            bytes
                .try_reserve(more)
                .map_err(|_| too_large(filled + more))?;
            bytes.resize(filled + more, 0);
        }
        let asked = bytes.len() - filled;
        let n = match file.read(&mut bytes[filled..]) {
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        filled += n;
        if n == 0 || (filled == length && n < asked) {
            break;
        }
    }
    if filled > max {
        return Err(too_large(filled));
    }
    bytes.truncate(filled);
    Ok(bytes)
}

/// What the memory limit leaves for one more buffer.
pub fn room() -> usize {
    super::memory_limit().saturating_sub(super::in_use())
}

/// The bytes of the regular file at `path`, as far as the memory left allows.
pub fn read_regular(path: &Path) -> io::Result<Vec<u8>> {
    let (file, meta) = open_regular(path)?;
    read_at_most(file, meta.len(), room())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("prepl-files-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn fifos_and_devices_are_refused_without_waiting() {
        let dir = scratch("fifo");
        let fifo = dir.join("f");
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        std::os::unix::fs::symlink(&fifo, dir.join("link")).unwrap();
        std::os::unix::fs::symlink("/dev/zero", dir.join("zero")).unwrap();
        for (path, message) in [
            (fifo.clone(), "not a regular file (a FIFO)"),
            (dir.join("link"), "not a regular file (a FIFO)"),
            (dir.join("zero"), "not a regular file (a character device)"),
            (
                "/dev/zero".into(),
                "not a regular file (a character device)",
            ),
            (dir.clone(), "Is a directory"),
        ] {
            let e = read_regular(&path).unwrap_err();
            assert_eq!(e.to_string(), message, "{}", path.display());
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn reads_stop_at_the_bound() {
        let dir = scratch("bound");
        let file = dir.join("f");
        std::fs::write(&file, "0123456789").unwrap();
        let open = || open_regular(&file).unwrap().0;
        assert_eq!(read_at_most(open(), 10, 10).unwrap(), b"0123456789");
        // a length that was wrong (a file that grew, or /proc's 0)
        assert_eq!(read_at_most(open(), 0, 10).unwrap(), b"0123456789");
        assert_eq!(read_at_most(open(), 4, 100).unwrap(), b"0123456789");
        let e = read_at_most(open(), 0, 9).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::OutOfMemory);
        assert!(e.to_string().starts_with("Out of memory"), "{e}");
        assert!(read_at_most(open(), 10, 9).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
