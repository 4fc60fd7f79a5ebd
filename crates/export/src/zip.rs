//! A ZIP archive of stored (uncompressed) files: what DOMjudge's problem import reads, its
//! three kinds of header written by hand rather than with a compression crate (the CRC-32 of
//! each file is `crc32fast`'s).

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
        let crc = crc32fast::hash(contents);
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

    /// The CRC-32 (IEEE) field of an archive's only entry, in its local and its central
    /// header.
    fn crcs_of_one_entry(contents: &[u8]) -> [u32; 2] {
        let zip = archive(&[("f", contents, false)]);
        let word = |at: usize| u32::from_le_bytes(zip[at..at + 4].try_into().unwrap());
        let central = zip.len() - 22 - (46 + 1);
        assert_eq!(word(central), 0x0201_4b50);
        [word(14), word(central + 16)]
    }

    #[test]
    fn entries_carry_the_standard_crc32() {
        // The check values of CRC-32/ISO-HDLC, the CRC that ZIP records.
        assert_eq!(crcs_of_one_entry(b"123456789"), [0xCBF4_3926; 2]);
        assert_eq!(crcs_of_one_entry(b""), [0; 2]);
        assert_eq!(
            crcs_of_one_entry(b"The quick brown fox jumps over the lazy dog"),
            [0x414F_A339; 2]
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
