//! Who this program is, as a claim another program finds names it (this computer's name and
//! the process id), and whether the process a claim names is gone: a claim left by a program
//! that was killed (Task Manager, a shutdown) is taken over at once on the computer that made
//! it, instead of after its time runs out. Used by the report claims beside a report's file,
//! the report runs and the alert deliveries.

// libc: the host name and whether a process lives (`kill(pid, 0)`, `OpenProcess`).
#![allow(unsafe_code)]

use std::io;

/// `host` and `pid` as one text (`host:pid`), as stores keep a claim's holder.
pub fn holder() -> String {
    format!("{}:{}", host_name().unwrap_or_default(), std::process::id())
}

/// Whether the process `pid` of computer `host` is known to be gone: only on this computer,
/// and only when the system says there is no such process (a process of another computer, or
/// one the system will not tell about, is taken as running).
pub fn is_gone(host: &str, pid: u32) -> bool {
    let here = host_name();
    here.is_some_and(|h| !h.is_empty() && h == host) && !process_alive(pid)
}

/// [`is_gone`] for a holder as [`holder`] writes it; a holder that does not read is not gone.
pub fn holder_is_gone(holder: &str) -> bool {
    match holder.rsplit_once(':') {
        Some((host, pid)) => pid.parse().is_ok_and(|pid| is_gone(host, pid)),
        None => false,
    }
}

/// This computer's name, as another computer's claim would name it.
pub fn host_name() -> Option<String> {
    #[cfg(unix)]
    {
        let mut buf = [0u8; 256];
        // SAFETY: the buffer is valid for its length; gethostname writes at most that many bytes.
        let r = unsafe { libc::gethostname(buf.as_mut_ptr().cast(), buf.len()) };
        if r != 0 {
            return None;
        }
        let end = buf.iter().position(|&b| b == 0).unwrap_or(buf.len());
        Some(String::from_utf8_lossy(&buf[..end]).into_owned())
    }
    #[cfg(windows)]
    {
        std::env::var("COMPUTERNAME").ok()
    }
    #[cfg(not(any(unix, windows)))]
    None
}

/// Whether process `pid` of this computer still runs (when unsure: yes).
pub fn process_alive(pid: u32) -> bool {
    #[cfg(unix)]
    {
        let Ok(pid) = libc::pid_t::try_from(pid) else {
            return true;
        };
        // SAFETY: signal 0 only checks that the process exists and may be signalled.
        if unsafe { libc::kill(pid, 0) } == 0 {
            return true;
        }
        io::Error::last_os_error().raw_os_error() != Some(libc::ESRCH)
    }
    #[cfg(windows)]
    {
        use windows_sys::Win32::Foundation::{CloseHandle, STILL_ACTIVE};
        use windows_sys::Win32::System::Threading::{
            GetExitCodeProcess, OpenProcess, PROCESS_QUERY_LIMITED_INFORMATION,
        };
        // SAFETY: the handle is checked before use and closed once.
        unsafe {
            let handle = OpenProcess(PROCESS_QUERY_LIMITED_INFORMATION, 0, pid);
            if handle.is_null() {
                // No such process, or one of another user's we may not look at.
                return io::Error::last_os_error().raw_os_error() != Some(87);
            }
            let mut code = 0u32;
            let ok = GetExitCodeProcess(handle, &mut code) != 0;
            CloseHandle(handle);
            !ok || code == STILL_ACTIVE as u32
        }
    }
    #[cfg(not(any(unix, windows)))]
    {
        let _ = pid;
        true
    }
}

/// The holder of a process of this computer that has ended (a child started and waited for),
/// for tests of claims left by a killed program.
#[cfg(test)]
pub(crate) fn gone_holder() -> String {
    let mut child = std::process::Command::new(std::env::current_exe().unwrap())
        .arg("--list")
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let pid = child.id();
    child.wait().unwrap();
    format!("{}:{pid}", host_name().unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn this_process_runs_and_a_finished_child_is_gone() {
        assert!(!holder_is_gone(&holder()));
        let gone = gone_holder();
        assert!(
            holder_is_gone(&gone),
            "a finished child process counts as gone"
        );
        // Another computer's process is never taken as gone.
        let pid = gone.rsplit_once(':').unwrap().1;
        assert!(!holder_is_gone(&format!("another-computer:{pid}")));
        assert!(!holder_is_gone("no pid here"));
    }
}
