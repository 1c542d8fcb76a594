import Foundation
import CoreGraphics

/// Opens `/dev/null` on each of file descriptors 0, 1 and 2 that is closed, before anything
/// else opens a file. Otherwise the first file carender opens (a video being written, say)
/// would become fd 2, and every message written to "standard error" would land in it
/// (`carender … 2>&-` once wrote its padding note into the MP4).
func ensureStandardDescriptors() {
    for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
        let opened = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
        // open() returns the lowest free descriptor, which is `fd`; anything else means we
        // cannot make the table safe, and writing outputs would not be either.
        if opened != fd { exit(ExitCode.cantCreate.rawValue) }
    }
}

/// `text` as it may be printed to a terminal: control and format characters (escape sequences,
/// bidirectional overrides, line breaks) written as `\u{…}`. Names printed from scenes (layer,
/// state and folder names) and paths pass through this.
func printable(_ text: String) -> String { printableText(text) }   // CoreGraphics/Diagnostics/PrintableText.swift
