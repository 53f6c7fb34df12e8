//! Idle memory right after the start, the same way for Lockdesk and for the empty Tauri 2 app
//! (`empty-app/`, the baseline), and how soon each one's window is shown (mapped on the display,
//! found with `xdotool`): each release binary is started with a fresh temporary `HOME`,
//! left alone for `LOCKDESK_BENCH_SETTLE_SECS` seconds (60 by default), then its process tree
//! (the app, WebKit's web and network processes) is sampled from /proc once a second for
//! `LOCKDESK_BENCH_SECS` seconds (120 by default); the table gives each process's CPU over the
//! window and its RSS and PSS at the end, as `idle_watch` does for the app signed in and watching.
//!
//! Lockdesk starts here with no connection (its first-run screen, nothing to sync); the signed-in,
//! watching app is `idle_watch`'s measurement, whose window also starts about a minute after the
//! launch (after the first round).
//!
//! Linux only, with a display and a session bus:
//! ```text
//! cargo build --release -p lockdesk -p lockdesk-empty-app
//! xvfb-run -a dbus-run-session -- cargo bench -p lockdesk-idlebench --profile dev --bench idle_start
//! ```
//! `IDLE_START_BINS` (paths separated by `:`) measures other binaries; by default
//! `<target>/release/lockdesk-empty-app` then `<target>/release/lockdesk`.

#[path = "idle_watch/procfs.rs"]
mod procfs;

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    if !std::env::args().any(|a| a == "--bench") {
        // `cargo test --benches` only checks that it builds.
        println!("idle_start: a benchmark; run it with `cargo bench` (see the file's header)");
        return;
    }
    if std::env::var_os("DISPLAY").is_none() {
        eprintln!("idle_start: no DISPLAY; run under xvfb-run (see the file's header)");
        std::process::exit(2);
    }
    let secs = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let settle = Duration::from_secs(secs("LOCKDESK_BENCH_SETTLE_SECS", 60));
    let window = Duration::from_secs(secs("LOCKDESK_BENCH_SECS", 120));
    let bins: Vec<PathBuf> = match std::env::var_os("IDLE_START_BINS") {
        Some(list) => std::env::split_paths(&list).collect(),
        None => {
            // <target>/<profile>/deps/idle_start-… → <target>/release/…
            let exe = std::env::current_exe().unwrap();
            let target = exe.parent().unwrap().parent().unwrap().parent().unwrap();
            ["lockdesk-empty-app", "lockdesk"]
                .iter()
                .map(|b| target.join("release").join(b))
                .collect()
        }
    };
    print_machine();
    let mut failed = false;
    for bin in &bins {
        failed |= !measure(bin, settle, window);
    }
    print_machine();
    if failed {
        eprintln!("idle_start: FAILED: a binary exited before the end of its window");
        std::process::exit(1);
    }
}

fn print_machine() {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let cores = cpuinfo
        .lines()
        .filter(|l| l.starts_with("processor"))
        .count();
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("machine: {cores} cores, load average {}", load.trim());
}

/// One binary; `false` when it exited before the window ended.
fn measure(bin: &PathBuf, settle: Duration, window: Duration) -> bool {
    let size = std::fs::metadata(bin).map(|m| m.len()).unwrap_or(0);
    println!(
        "\n== {} ({size} bytes), idle after the start: settle {} s, window {} s",
        bin.display(),
        settle.as_secs(),
        window.as_secs()
    );
    let home = tempfile::tempdir().unwrap();
    let mut child = Command::new(bin)
        .env("HOME", home.path())
        .env("XDG_CONFIG_HOME", home.path().join(".config"))
        .env("XDG_DATA_HOME", home.path().join(".local/share"))
        .env("XDG_CACHE_HOME", home.path().join(".cache"))
        .env("LOCKDESK_CONFIG_DIR", home.path().join("lockdesk-config"))
        .env("LOCKDESK_DATA_DIR", home.path().join("lockdesk-data"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start the binary");
    let pid = child.id();
    match window_shown(pid, Duration::from_secs(30)) {
        Some(t) => println!(
            "window shown {:.0} ms after the start",
            t.as_secs_f64() * 1000.0
        ),
        None => println!("window shown: not seen within 30 s (is xdotool installed?)"),
    }
    std::thread::sleep(settle);
    let start = procfs::snapshot(pid);
    let t0 = Instant::now();
    let mut last = start.clone();
    let mut peak_rss = 0u64;
    let mut exited = false;
    while t0.elapsed() < window {
        std::thread::sleep(Duration::from_secs(1));
        if child.try_wait().ok().flatten().is_some() {
            exited = true;
            break;
        }
        last = procfs::snapshot(pid);
        peak_rss = peak_rss.max(last.values().map(|s| s.rss_kb).sum());
    }
    let elapsed = t0.elapsed().as_secs_f64();
    let _ = child.kill();
    let _ = child.wait();
    if exited {
        println!("the binary exited during the window: nothing measured");
        return false;
    }
    procfs::table(&start, &last, elapsed);
    println!("peak total RSS {:.1} MiB", peak_rss as f64 / 1024.0);
    true
}

/// How long after now (just after the start) a window of `pid` is mapped on the display:
/// `xdotool` asked every 10 ms (the same for every binary, so the comparison holds).
fn window_shown(pid: u32, limit: Duration) -> Option<Duration> {
    let t0 = Instant::now();
    while t0.elapsed() < limit {
        let found = Command::new("xdotool")
            .args(["search", "--onlyvisible", "--pid", &pid.to_string()])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .output()
            .ok()?;
        if found.status.success() && !found.stdout.is_empty() {
            return Some(t0.elapsed());
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    None
}
