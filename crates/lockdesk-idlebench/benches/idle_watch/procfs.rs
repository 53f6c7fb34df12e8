//! The process tree of the app, read from /proc: CPU ticks, RSS and PSS of each process.

use std::collections::BTreeMap;
use std::process::Command;

/// One process: its name, CPU ticks (user + system), resident and proportional set sizes (kB).
#[derive(Clone, Debug)]
pub struct Sample {
    pub name: String,
    pub ticks: u64,
    pub rss_kb: u64,
    pub pss_kb: Option<u64>,
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

pub fn clock_ticks() -> u64 {
    Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(100)
}

pub fn snapshot(root: u32) -> BTreeMap<u32, Sample> {
    tree(root)
        .into_iter()
        .filter_map(|p| Some((p, read_sample(p)?)))
        .collect()
}

/// Prints each process's CPU over the window (from `start` to `last`, `elapsed` seconds) and
/// its RSS and PSS in `last`, then the totals.
pub fn table(start: &BTreeMap<u32, Sample>, last: &BTreeMap<u32, Sample>, elapsed: f64) {
    let hz = clock_ticks() as f64;
    println!(
        "{:<22} {:>9} {:>10} {:>10}",
        "process", "CPU %", "RSS MiB", "PSS MiB"
    );
    let (mut cpu_total, mut rss_total, mut pss_total) = (0.0, 0u64, 0u64);
    for (p, s) in last {
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
}
