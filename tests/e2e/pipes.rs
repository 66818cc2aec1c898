//! A reader that closes the pipe early (`megahex … | head -1`) ends the run normally: no
//! abort, no "internal error", and the verdict's exit code is kept.

use std::io::Read;
use std::process::{Command, ExitStatus, Stdio};

use crate::common::{fixtures_dir, megahex_bin, workspace_root};

/// Runs megahex with standard output (and, with `both`, standard error) on one pipe, reads
/// its first bytes and closes the pipe, as `head -c` does. Gives the exit status and what the
/// process wrote to standard error when that was a separate pipe.
fn read_first_bytes_and_close(args: &[&str], both: bool) -> (ExitStatus, String) {
    let (mut reader, writer) = std::io::pipe().unwrap();
    let mut command = Command::new(megahex_bin());
    command
        .args(args)
        .current_dir(workspace_root())
        .stdin(Stdio::null())
        .stdout(writer.try_clone().unwrap());
    if both {
        command.stderr(writer);
    } else {
        drop(writer);
        command.stderr(Stdio::piped());
    }
    let mut child = command.spawn().unwrap();
    // The command holds the only write end now.
    drop(command);
    let mut first = [0u8; 16];
    reader.read_exact(&mut first).unwrap();
    drop(reader);
    let mut errors = String::new();
    if let Some(mut stderr) = child.stderr.take() {
        stderr.read_to_string(&mut errors).unwrap();
    }
    (child.wait().unwrap(), errors)
}

/// Every listed command writes far more than a pipe holds (64 KiB), so the write after the
/// close must meet it.
const LONG_ANSWERS: &[&[&str]] = &[&["schema"], &["tiles", "--json"]];

#[test]
fn a_closed_standard_output_ends_the_run_quietly() {
    for args in LONG_ANSWERS {
        let (status, errors) = read_first_bytes_and_close(args, false);
        assert_eq!(status.code(), Some(0), "{args:?}: {status}; {errors}");
        assert_eq!(errors, "", "{args:?}");
    }
}

#[test]
fn a_closed_pipe_for_both_outputs_ends_the_run_quietly() {
    for args in LONG_ANSWERS {
        let (status, _) = read_first_bytes_and_close(args, true);
        assert_eq!(status.code(), Some(0), "{args:?}: {status}");
    }
}

#[test]
fn a_closed_pipe_keeps_the_exit_code_of_files_with_errors() {
    // The report on the invalid fixtures is long (about 90 KB), and its verdict is "errors".
    let invalid = fixtures_dir().join("invalid");
    let invalid = invalid.to_str().unwrap();
    let (status, errors) = read_first_bytes_and_close(&["validate", invalid], false);
    assert_eq!(status.code(), Some(1), "{status}; {errors}");
    assert_eq!(errors, "");
    let (status, _) = read_first_bytes_and_close(&["validate", invalid], true);
    assert_eq!(status.code(), Some(1), "{status}");
}
