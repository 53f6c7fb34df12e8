//! What a watch round's rule evaluation costs over a large archive (criterion):
//!
//! - `scan`: reading every record of the window from SQLite, oldest first
//!   (`Archive::scan`), the round's only archive read besides one newest record per lock;
//! - `rules`: the four record rules (unlocked too long, outside hours, listed users) and the
//!   battery and silence rules over records already in memory;
//! - `scan_and_rules`: both, as a round does.
//!
//! 1,000,000 archived records over a year, 40 locks, 500 people (override the count with
//! `WATCH_BENCH_RECORDS`); the window is the whole archive, far more than a round reads.
//!
//! `busy_day`: a round of a big office after a busy day: 50,000 records of the last 24 hours
//! (1,000 locks, 20,000 people) on top of 450,000 older ones; the window is the day, as a
//! round that last ran a day ago reads it.
//! `cargo bench -p lockdesk-core --bench watch`

use chrono::{DateTime, Duration, Utc};
use criterion::{criterion_group, criterion_main, Criterion};
use lockdesk_api::models::{Access, AccessLock, AccessUser, ClientType};
use lockdesk_archive::{Archive, HistoryFilter, HistoryRow};
use lockdesk_core::watch::commands::evaluate;
use lockdesk_core::watch::{LockActivity, WatchRules};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const DAY_MS: i64 = 86_400_000;

fn generate(
    rng: &mut StdRng,
    n: usize,
    (end, days): (i64, i64),
    locks: &[String],
    people: u32,
) -> Vec<Access> {
    let start = end - days * DAY_MS;
    let kinds = [
        ClientType::NfcOutside,
        ClientType::NfcInside,
        ClientType::MobileApp,
        ClientType::Autolock,
        ClientType::Hand,
    ];
    (0..n)
        .map(|_| {
            let day = rng.gen_range(0..days);
            let hour = if rng.gen_bool(0.9) {
                rng.gen_range(7..21)
            } else {
                rng.gen_range(0..24)
            };
            let at = (start + day * DAY_MS + hour * 3_600_000 + rng.gen_range(0..3_600_000))
                .min(end - 1);
            let kind = kinds[rng.gen_range(0..kinds.len())].clone();
            let with_user = matches!(
                kind,
                ClientType::NfcOutside | ClientType::NfcInside | ClientType::MobileApp
            );
            let p = rng.gen_range(0..people);
            let lock = &locks[rng.gen_range(0..locks.len())];
            Access {
                is_locked: kind == ClientType::Autolock || rng.gen_bool(0.5),
                client_type: kind,
                created_at: DateTime::from_timestamp_millis(at).unwrap(),
                user: with_user.then(|| AccessUser {
                    id: Some(format!("U-{p:05}-00000")),
                    full_name: Some(format!("利用者 {p}")),
                    mail: Some(format!("user{p}@example.jp")),
                    image_url: None,
                }),
                lock: Some(AccessLock {
                    id: Some(lock.clone()),
                    name: Some(format!("{lock} 入口")),
                    image_url: None,
                }),
            }
        })
        .collect()
}

/// Every lock last heard from at `last`, its history held whole until `now`: every rule judges
/// every record.
fn activity(locks: &[String], last: DateTime<Utc>, now: DateTime<Utc>) -> Vec<LockActivity> {
    locks
        .iter()
        .map(|l| LockActivity {
            lock_id: l.clone(),
            lock_name: None,
            last_record_at: Some(last),
            complete: lockdesk_archive::Completeness::Whole { until: now },
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let n: usize = std::env::var("WATCH_BENCH_RECORDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000);
    let dir = tempfile::tempdir().unwrap();
    let archive = Archive::open(dir.path().join("bench.sqlite")).unwrap();
    let locks: Vec<String> = (0..40).map(|i| format!("A{:07}", 1_000_000 + i)).collect();
    let now = Utc::now();
    let mut rng = StdRng::seed_from_u64(7);
    let mut left = n;
    while left > 0 {
        let batch = left.min(250_000);
        let recs = generate(&mut rng, batch, (now.timestamp_millis(), 365), &locks, 500);
        archive.insert_records(&locks[0], &recs).unwrap();
        left -= batch;
    }
    archive.optimize().unwrap();

    let mut rules = WatchRules::default();
    rules.listed_users.users = (0..20).map(|p| format!("U-{p:05}-00000")).collect();
    let filter = HistoryFilter {
        from: Some(now - Duration::days(366)),
        til: Some(now + Duration::seconds(1)),
        ..Default::default()
    };
    let scan = |archive: &Archive| {
        let mut rows: Vec<HistoryRow> = Vec::with_capacity(n);
        archive.scan(&filter, |r| rows.push(r)).unwrap();
        rows
    };
    let rows = scan(&archive);
    assert_eq!(rows.len(), n);
    let activity = activity(&locks, now - Duration::days(1), now);
    let found = evaluate(&rules, &[], &rows, &activity, now).unwrap();
    println!("{n} records: {} findings", found.len());

    let mut g = c.benchmark_group(format!("watch_{n}_records"));
    g.sample_size(10);
    g.bench_function("scan", |b| b.iter(|| scan(&archive).len()));
    g.bench_function("rules", |b| {
        b.iter(|| evaluate(&rules, &[], &rows, &activity, now).unwrap().len())
    });
    g.bench_function("scan_and_rules", |b| {
        b.iter(|| {
            let rows = scan(&archive);
            evaluate(&rules, &[], &rows, &activity, now).unwrap().len()
        })
    });
    g.finish();
}

fn busy_day(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let archive = Archive::open(dir.path().join("busy.sqlite")).unwrap();
    let locks: Vec<String> = (0..1_000)
        .map(|i| format!("A{:07}", 2_000_000 + i))
        .collect();
    // Whole milliseconds, as the archive keeps them: the window's edges are exact.
    let now = DateTime::from_timestamp_millis(Utc::now().timestamp_millis()).unwrap();
    let day_ago = now - Duration::days(1);
    let mut rng = StdRng::seed_from_u64(8);
    let older = generate(
        &mut rng,
        450_000,
        (day_ago.timestamp_millis(), 364),
        &locks,
        20_000,
    );
    let day = generate(
        &mut rng,
        50_000,
        (now.timestamp_millis(), 1),
        &locks,
        20_000,
    );
    archive.insert_records(&locks[0], &older).unwrap();
    archive.insert_records(&locks[0], &day).unwrap();
    archive.optimize().unwrap();
    let mut rules = WatchRules::default();
    rules.listed_users.users = (0..20).map(|p| format!("U-{p:05}-00000")).collect();
    let filter = HistoryFilter {
        from: Some(day_ago),
        til: Some(now + Duration::seconds(1)),
        ..Default::default()
    };
    let activity = activity(&locks, now - Duration::hours(1), now);
    let round = || {
        let mut rows: Vec<HistoryRow> = Vec::with_capacity(50_000);
        archive.scan(&filter, |r| rows.push(r)).unwrap();
        assert_eq!(rows.len(), 50_000);
        evaluate(&rules, &[], &rows, &activity, now).unwrap().len()
    };
    println!("busy day: {} findings", round());
    let mut g = c.benchmark_group("watch_busy_day");
    g.sample_size(20);
    g.bench_function("scan_and_rules", |b| b.iter(round));
    g.finish();
}

criterion_group!(benches, bench, busy_day);
criterion_main!(benches);
