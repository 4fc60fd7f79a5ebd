//! A ZIP archive of stored (uncompressed) files: what DOMjudge's problem import reads, written
//! by hand (a CRC-32 and three kinds of header) rather than with a compression crate.

/// The CRC-32 (IEEE) remainders of every byte, computed when duel is compiled: a byte a step
/// instead of a bit a step, which matters for the attached programs (tens of MB in a debug
/// build, whose code runs unoptimised).
const CRC_TABLE: [u32; 256] = {
    let mut table = [0u32; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut crc = byte as u32;
        let mut bit = 0;
        while bit < 8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
            bit += 1;
        }
        table[byte] = crc;
        byte += 1;
    }
    table
};

/// The CRC-32 (IEEE) of `bytes`, as ZIP records it.
pub(crate) fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &byte in bytes {
        crc = (crc >> 8) ^ CRC_TABLE[usize::from((crc as u8) ^ byte)];
    }
    !crc
}

/// The archive of `files` (`path`, contents, whether executable), in their order.
pub(crate) fn archive(files: &[(&str, &[u8], bool)]) -> Vec<u8> {
    // 1980-01-01 00:00, the earliest date ZIP can say: the archive does not depend on the clock.
    const DATE: u16 = (1 << 5) | 1;
    const UTF8_NAMES: u16 = 1 << 11;
    let mut out = Vec::new();
    let mut central = Vec::new();
    for (path, contents, executable) in files {
        let offset = u32::try_from(out.len()).expect("a package is far below 4 GB");
        let size = u32::try_from(contents.len()).expect("a file is far below 4 GB");
        let name_len = u16::try_from(path.len()).expect("a short path");
        let crc = crc32(contents);
        let mut common = Vec::new();
        for half in [20, UTF8_NAMES, 0, 0, DATE] {
            common.extend_from_slice(&u16::to_le_bytes(half));
        }
        for word in [crc, size, size] {
            common.extend_from_slice(&word.to_le_bytes());
        }
        common.extend_from_slice(&name_len.to_le_bytes());
        common.extend_from_slice(&0u16.to_le_bytes()); // no extra field
        out.extend_from_slice(&0x0403_4b50u32.to_le_bytes());
        out.extend_from_slice(&common);
        out.extend_from_slice(path.as_bytes());
        out.extend_from_slice(contents);
        central.extend_from_slice(&0x0201_4b50u32.to_le_bytes());
        central.extend_from_slice(&((3u16 << 8) | 20).to_le_bytes()); // made on Unix
        central.extend_from_slice(&common);
        for half in [0u16, 0, 0] {
            central.extend_from_slice(&half.to_le_bytes()); // comment, disk, internal
        }
        let mode: u32 = if *executable { 0o100_755 } else { 0o100_644 };
        central.extend_from_slice(&(mode << 16).to_le_bytes());
        central.extend_from_slice(&offset.to_le_bytes());
        central.extend_from_slice(path.as_bytes());
    }
    let entries = u16::try_from(files.len()).expect("fewer than 65536 files");
    let central_at = u32::try_from(out.len()).expect("far below 4 GB");
    let central_len = u32::try_from(central.len()).expect("far below 4 GB");
    out.extend_from_slice(&central);
    out.extend_from_slice(&0x0605_4b50u32.to_le_bytes());
    for half in [0u16, 0, entries, entries] {
        out.extend_from_slice(&half.to_le_bytes());
    }
    out.extend_from_slice(&central_len.to_le_bytes());
    out.extend_from_slice(&central_at.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc32_of_the_check_string_is_the_standard_one() {
        // The check value of CRC-32/ISO-HDLC.
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b""), 0);
        assert_eq!(
            crc32(b"The quick brown fox jumps over the lazy dog"),
            0x414F_A339
        );
    }

    #[test]
    fn an_archive_ends_with_its_directory_record() {
        let zip = archive(&[("a.txt", b"hello\n", false), ("d/b", b"", true)]);
        assert!(zip.starts_with(&0x0403_4b50u32.to_le_bytes()));
        let end = &zip[zip.len() - 22..];
        assert_eq!(&end[..4], &0x0605_4b50u32.to_le_bytes());
        assert_eq!(u16::from_le_bytes([end[10], end[11]]), 2);
    }
}
