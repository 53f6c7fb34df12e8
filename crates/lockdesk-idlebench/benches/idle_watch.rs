//! What background watching costs: the release app (`target/release/lockdesk --demo`) is started
//! with watching on, left idle, and its CPU time and memory are sampled from /proc once a second
//! for each process of its tree (the app, WebKit's web and network processes), over a window of
//! `LOCKDESK_BENCH_SECS` seconds (60 by default) after 10 s of warm-up. Two runs: rounds every
//! 10 s (six rounds in the window) and the default interval (5 minutes: no round in the window,
//! the loop only waits).
//!
//! Linux only, with a display and a session bus:
//! `cargo build --release -p lockdesk && xvfb-run -a dbus-run-session -- cargo bench -p lockdesk-idlebench`
//! (`LOCKDESK_BIN` names another binary; by default `<target>/release/lockdesk`).

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return; // `cargo bench -- --list` and `cargo test --benches` ask for the list.
    }
    if std::env::var_os("DISPLAY").is_none() {
        eprintln!("idle_watch: no DISPLAY; run under xvfb-run (see the file's header)");
        std::process::exit(2);
    }
    let bin = std::env::var_os("LOCKDESK_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            // target/release/deps/idle_watch-… → target/release/lockdesk
            let exe = std::env::current_exe().unwrap();
            exe.parent().unwrap().parent().unwrap().join("lockdesk")
        });
    let secs: u64 = std::env::var("LOCKDESK_BENCH_SECS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(60);
    machine();
    println!("binary: {}", bin.display());
    for (what, interval) in [("rounds every 10 s", 10), ("default interval (300 s)", 300)] {
        measure(&bin, what, interval, Duration::from_secs(secs));
    }
}

fn machine() {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = cpuinfo
        .lines()
        .find(|l| l.starts_with("model name"))
        .and_then(|l| l.split(':').nth(1))
        .unwrap_or("?")
        .trim()
        .to_owned();
    let cores = cpuinfo
        .lines()
        .filter(|l| l.starts_with("processor"))
        .count();
    let mem = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
    let total = mem.lines().next().unwrap_or("").trim().to_owned();
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "machine: {model}, {cores} cores, {total}, load average {}",
        load.trim()
    );
}

/// One process: its name, CPU ticks (user + system), resident and proportional set sizes (kB).
#[derive(Clone, Debug)]
struct Sample {
    name: String,
    ticks: u64,
    rss_kb: u64,
    pss_kb: Option<u64>,
}

fn read_sample(pid: u32) -> Option<Sample> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let close = stat.rfind(')')?;
    let name = stat[stat.find('(')? + 1..close].to_owned();
    let fields: Vec<&str> = stat[close + 2..].split_whitespace().collect();
    // After the name: state(0) ppid(1) … utime(11) stime(12).
    let ticks = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    let kb = |text: &str, key: &str| {
        text.lines()
            .find(|l| l.starts_with(key))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse::<u64>().ok())
    };
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let rss_kb = kb(&status, "VmRSS:").unwrap_or(0);
    let pss_kb = std::fs::read_to_string(format!("/proc/{pid}/smaps_rollup"))
        .ok()
        .and_then(|t| kb(&t, "Pss:"));
    Some(Sample {
        name,
        ticks,
        rss_kb,
        pss_kb,
    })
}

fn parent_of(pid: u32) -> Option<u32> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let rest = &stat[stat.rfind(')')? + 2..];
    rest.split_whitespace().nth(1)?.parse().ok()
}

/// `root` and every process below it.
fn tree(root: u32) -> Vec<u32> {
    let all: Vec<u32> = std::fs::read_dir("/proc")
        .map(|d| {
            d.filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok())
                .collect()
        })
        .unwrap_or_default();
    let mut found = vec![root];
    let mut grew = true;
    while grew {
        grew = false;
        for &p in &all {
            if !found.contains(&p) && parent_of(p).is_some_and(|pp| found.contains(&pp)) {
                found.push(p);
                grew = true;
            }
        }
    }
    found
}

fn clock_ticks() -> u64 {
    Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(100)
}

fn snapshot(root: u32) -> BTreeMap<u32, Sample> {
    tree(root)
        .into_iter()
        .filter_map(|p| Some((p, read_sample(p)?)))
        .collect()
}

fn measure(bin: &PathBuf, what: &str, interval: u64, window: Duration) {
    let home = tempfile::tempdir().unwrap();
    let mut child = Command::new(bin)
        .arg("--demo")
        .env("HOME", home.path())
        .env("XDG_CONFIG_HOME", home.path().join(".config"))
        .env("XDG_DATA_HOME", home.path().join(".local/share"))
        .env("XDG_CACHE_HOME", home.path().join(".cache"))
        .env("LOCKDESK_WATCH_INTERVAL_SECS", interval.to_string())
        .env("RUST_LOG", "lockdesk_app=debug")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the app");
    let pid = child.id();
    std::thread::sleep(Duration::from_secs(10));
    let start = snapshot(pid);
    let t0 = Instant::now();
    let mut peak_rss = 0u64;
    let mut peak_pss = 0u64;
    let mut last = start.clone();
    while t0.elapsed() < window {
        std::thread::sleep(Duration::from_secs(1));
        last = snapshot(pid);
        peak_rss = peak_rss.max(last.values().map(|s| s.rss_kb).sum());
        peak_pss = peak_pss.max(last.values().filter_map(|s| s.pss_kb).sum());
    }
    let elapsed = t0.elapsed().as_secs_f64();
    let hz = clock_ticks() as f64;
    let _ = child.kill();
    let output = child.wait_with_output().unwrap();
    let log = String::from_utf8_lossy(&output.stderr);
    let rounds = log.matches("watch round").count();

    println!("\n== idle app, watching on, {what}: {elapsed:.0} s window after 10 s warm-up");
    println!(
        "{:<22} {:>9} {:>10} {:>10}",
        "process", "CPU %", "RSS MiB", "PSS MiB"
    );
    let (mut cpu_total, mut rss_total, mut pss_total) = (0.0, 0u64, 0u64);
    for (p, s) in &last {
        let before = start.get(p).map(|b| b.ticks).unwrap_or(0);
        let cpu = (s.ticks.saturating_sub(before)) as f64 / hz / elapsed * 100.0;
        cpu_total += cpu;
        rss_total += s.rss_kb;
        pss_total += s.pss_kb.unwrap_or(0);
        println!(
            "{:<22} {:>9.3} {:>10.1} {:>10.1}",
            s.name,
            cpu,
            s.rss_kb as f64 / 1024.0,
            s.pss_kb.unwrap_or(0) as f64 / 1024.0
        );
    }
    println!(
        "{:<22} {:>9.3} {:>10.1} {:>10.1}   (CPU % of one core; memory at the end)",
        "total",
        cpu_total,
        rss_total as f64 / 1024.0,
        pss_total as f64 / 1024.0
    );
    println!(
        "peak total RSS {:.1} MiB, PSS {:.1} MiB; watch rounds logged in the whole run: {rounds}",
        peak_rss as f64 / 1024.0,
        peak_pss as f64 / 1024.0
    );
}
