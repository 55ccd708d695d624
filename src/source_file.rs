//! Reading a program's text for the tools: a file or standard input (`-`), with errors that
//! name the file and carry the OS's message, and text that is not UTF-8 reported at the line
//! and column of its first bad byte.

use std::io::Read;

/// The text of `path` (`-`: standard input) and the name to use in diagnostics.
pub fn read_source(path: &str) -> Result<(String, String), String> {
    let (bytes, name) = if path == "-" {
        let mut b = Vec::new();
        std::io::stdin().read_to_end(&mut b).map_err(|e| format!("<stdin>: cannot read: {e}"))?;
        (b, "<stdin>".to_string())
    } else {
        (std::fs::read(path).map_err(|e| format!("{path}: cannot read: {e}"))?, path.to_string())
    };
    let text = utf8(bytes, &name)?;
    Ok((text, name))
}

/// `bytes` as text, or a located error at the first byte that is not UTF-8.
pub fn utf8(bytes: Vec<u8>, name: &str) -> Result<String, String> {
    String::from_utf8(bytes).map_err(|e| {
        let good = e.utf8_error().valid_up_to();
        let bytes = e.as_bytes();
        let line = bytes[..good].iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = bytes[..good].iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let col = String::from_utf8_lossy(&bytes[line_start..good]).chars().count() + 1;
        format!("{name}:{line}:{col}: error: the text is not UTF-8 (byte 0x{:02x} at offset {good})", bytes[good])
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_bad_byte_is_located() {
        let e = super::utf8(b"ab\ncd \xff\xfe\n".to_vec(), "f.mlir").unwrap_err();
        assert_eq!(e, "f.mlir:2:4: error: the text is not UTF-8 (byte 0xff at offset 6)");
        assert_eq!(super::utf8(b"ok".to_vec(), "f").unwrap(), "ok");
    }
}
