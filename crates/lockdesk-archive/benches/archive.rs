//! The archive's numbers (a benchmark binary, not a timed test):
//!
//! 1. With 1,000,000 archived records of 40 locks and 500 people (override with
//!    `ARCHIVE_BENCH_RECORDS`, `ARCHIVE_BENCH_LOCKS`, `ARCHIVE_BENCH_PEOPLE`): p50/p95 of a
//!    filtered page of results over many random filters, the chart aggregates, a month's time
//!    card (in the local zone and in UTC+9), the full CSV export (written nowhere, then to a
//!    file), and the database size per million records.
//! 2. Sync throughput against the simulator with its rate window shortened to 3 s (50 requests
//!    per window, pages of 100), for 4 locks of 6,000 new records and for 40 locks of 600: the
//!    fraction of the bound reached, and requests refused for rate (the client has retries
//!    switched off, so a single 429 would fail the sync).
//!
//! `cargo bench -p lockdesk-archive --bench archive`; `ARCHIVE_BENCH_SKIP_SYNC=1` measures the
//! archive alone, `ARCHIVE_BENCH_DIR` keeps it there (for sqlite3, or to measure it again
//! without loading it anew: as it is, its planner statistics or their absence included);
//! `ARCHIVE_BENCH_ANALYZE=0` leaves a new load without statistics, as a synced archive is.

use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use lockdesk_api::models::{Access, AccessLock, AccessUser, ClientType};
use lockdesk_archive::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const DAY_MS: i64 = 86_400_000;

fn main() {
    let records = knob("ARCHIVE_BENCH_RECORDS", 1_000_000);
    let skip_sync = std::env::var("ARCHIVE_BENCH_SKIP_SYNC").is_ok();
    let dir = tempfile::tempdir().unwrap();
    // ARCHIVE_BENCH_DIR keeps the archive there, for a look with sqlite3 afterwards.
    let kept = std::env::var_os("ARCHIVE_BENCH_DIR").map(std::path::PathBuf::from);
    local_archive(kept.as_deref().unwrap_or(dir.path()), records);
    if !skip_sync {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap()
            .block_on(async {
                // Few busy locks (the tail of each lane weighs most), then an office like the
                // demo's: many locks, a few pages each.
                sync_throughput(4, 6000).await;
                sync_throughput(40, 600).await;
            });
    }
}

struct Person {
    id: String,
    name: String,
    mail: String,
}

/// A size knob of the bench from the environment.
fn knob(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn people(rng: &mut StdRng, count: usize) -> Vec<Person> {
    const FAMILY: [&str; 10] = [
        "山田", "佐藤", "鈴木", "高橋", "田中", "伊藤", "渡辺", "Smith", "Garcia", "Müller",
    ];
    const GIVEN: [&str; 10] = [
        "太郎", "花子", "健", "美咲", "翔", "Anna", "John", "Maria", "Lukas", "Emma",
    ];
    (0..count)
        .map(|i| Person {
            id: format!("U-{:05}-{:05}", i, rng.gen_range(0..100_000)),
            name: format!("{} {}", FAMILY[i % 10], GIVEN[(i / 10) % 10]),
            mail: format!("user{i}@example.com"),
        })
        .collect()
}

/// Office-like history: weekdays 7-21h mostly, card and app users, autolock after unlocks.
fn generate(rng: &mut StdRng, n: usize, locks: &[String], people: &[Person]) -> Vec<Access> {
    let end = Utc::now().timestamp_millis();
    let start = end - 365 * DAY_MS;
    let kinds = [
        ClientType::NfcOutside,
        ClientType::NfcInside,
        ClientType::MobileApp,
        ClientType::Manager,
        ClientType::Autolock,
        ClientType::Hand,
        ClientType::Button,
    ];
    (0..n)
        .map(|_| {
            let day = rng.gen_range(0..365);
            let hour = if rng.gen_bool(0.9) {
                rng.gen_range(7..21)
            } else {
                rng.gen_range(0..24)
            };
            let at = start + day * DAY_MS + hour * 3_600_000 + rng.gen_range(0..3_600_000);
            let kind = kinds[rng.gen_range(0..kinds.len())].clone();
            let with_user = matches!(
                kind,
                ClientType::NfcOutside
                    | ClientType::NfcInside
                    | ClientType::MobileApp
                    | ClientType::Manager
            );
            let lock = &locks[rng.gen_range(0..locks.len())];
            let p = &people[rng.gen_range(0..people.len())];
            Access {
                is_locked: kind == ClientType::Autolock || rng.gen_bool(0.5),
                client_type: kind,
                created_at: DateTime::from_timestamp_millis(at).unwrap(),
                user: with_user.then(|| AccessUser {
                    id: Some(p.id.clone()),
                    full_name: Some(p.name.clone()),
                    mail: Some(p.mail.clone()),
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

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

/// A page's filter and order in a few words.
fn shape(q: &HistoryQuery) -> String {
    let f = &q.filter;
    let days = match (f.from, f.til) {
        (Some(from), Some(til)) => format!("{} days", (til - from).num_days()),
        _ => "all time".into(),
    };
    format!(
        "{} lock(s), {days}, user {:?}, kinds {:?}, locked {:?}, {:?}, offset {}",
        f.lock_ids.len(),
        f.user,
        f.kinds,
        f.is_locked,
        q.sort,
        q.offset
    )
}

/// What the History screen itself asks: its organization's every lock named (a big office's
/// thousand), a page of 50 with its total, the charts, a month's time card; and the same over
/// all locks but ten (which no rollup answers). Medians of 5.
fn history_asks(archive: &Archive, locks: &[String], newest: i64) {
    let median = |f: &mut dyn FnMut()| {
        let mut times: Vec<Duration> = (0..5)
            .map(|_| {
                let t = Instant::now();
                f();
                t.elapsed()
            })
            .collect();
        times.sort();
        ms(times[2])
    };
    let month = DateTime::from_timestamp_millis(newest - 30 * DAY_MS);
    for (label, lock_ids) in [
        ("every lock named", locks.to_vec()),
        ("all locks but ten named", locks[10..].to_vec()),
    ] {
        let filter = HistoryFilter {
            lock_ids,
            ..Default::default()
        };
        let page = |f: HistoryFilter| HistoryQuery {
            filter: f,
            limit: 50,
            with_total: true,
            ..Default::default()
        };
        let named = HistoryFilter {
            user: Some("山田".into()),
            ..filter.clone()
        };
        println!(
            "History, {label} ({}): a page of 50 with its total {}, by a name piece {}, charts {}, a month's time card {}",
            filter.lock_ids.len(),
            median(&mut || drop(archive.query(&page(filter.clone())).unwrap())),
            median(&mut || drop(archive.query(&page(named.clone())).unwrap())),
            median(&mut || {
                drop(
                    archive
                        .aggregates(&AggregateRequest {
                            filter: filter.clone(),
                            zone: Zone::Local,
                        })
                        .unwrap(),
                )
            }),
            median(&mut || {
                drop(
                    archive
                        .timecard(&TimecardRequest {
                            filter: HistoryFilter {
                                from: month,
                                ..filter.clone()
                            },
                            zone: Zone::Local,
                        })
                        .unwrap(),
                )
            }),
        );
    }
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

fn local_archive(dir: &std::path::Path, n: usize) {
    let mut rng = StdRng::seed_from_u64(7);
    let locks: Vec<String> = (0..knob("ARCHIVE_BENCH_LOCKS", 40))
        .map(|i| format!("A{:07}", 1_000_000 + i))
        .collect();
    let people = people(&mut rng, knob("ARCHIVE_BENCH_PEOPLE", 500));
    let path = dir.join("bench.sqlite");
    // A kept archive of an earlier schema is migrated here.
    let t = Instant::now();
    let archive = Archive::open(&path).unwrap();
    let opened = t.elapsed();

    let t = Instant::now();
    // An archive kept by an earlier run (ARCHIVE_BENCH_DIR) is measured again as it is.
    let mut left = if archive.stats().unwrap().records > 0 {
        0
    } else {
        n
    };
    let loading = left > 0;
    while left > 0 {
        let batch = left.min(250_000);
        let recs = generate(&mut rng, batch, &locks, &people);
        archive.insert_records(&locks[0], &recs).unwrap();
        left -= batch;
    }
    // The planner's statistics after a load, unless ARCHIVE_BENCH_ANALYZE=0: an archive filled
    // by syncs has none, and that is the archive to measure for what History meets.
    if loading && std::env::var("ARCHIVE_BENCH_ANALYZE").as_deref() != Ok("0") {
        archive.optimize().unwrap();
    }
    let load = t.elapsed();
    let stats = archive.stats().unwrap();
    rusqlite::Connection::open(&path)
        .unwrap()
        .execute_batch("PRAGMA wal_checkpoint(TRUNCATE);")
        .unwrap();
    let size = std::fs::metadata(&path).unwrap().len();
    println!("## local archive, {} records", stats.records);
    println!(
        "open (check, and migrate a kept archive of an earlier schema): {:.1} s",
        opened.as_secs_f64()
    );
    println!(
        "bulk load (generate + insert + analyze): {:.1} s",
        load.as_secs_f64()
    );
    println!(
        "database size: {:.1} MB ({:.1} MB per million records)",
        size as f64 / 1e6,
        size as f64 / 1e6 / (stats.records as f64 / 1e6)
    );
    {
        let c = rusqlite::Connection::open(&path).unwrap();
        // Where the bytes go: each table and index, largest first.
        let mut s = c
            .prepare("SELECT name, sum(pgsize) FROM dbstat GROUP BY name ORDER BY 2 DESC")
            .unwrap();
        let parts: Vec<(String, i64)> = s
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        for (name, bytes) in parts.iter().take(12) {
            println!(
                "  {name}: {:.1} MB ({:.1} bytes a record)",
                *bytes as f64 / 1e6,
                *bytes as f64 / stats.records.max(1) as f64
            );
        }
    }

    // Filtered pages: random combinations of the filters the History screen offers.
    let newest = stats.newest.unwrap().timestamp_millis();
    let mut page_times = Vec::new();
    let mut slowest = Vec::new();
    let mut total_times = Vec::new();
    let mut rows = 0usize;
    for i in 0..400 {
        let mut f = HistoryFilter::default();
        if rng.gen_bool(0.6) {
            let k = rng.gen_range(1..4);
            f.lock_ids = (0..k)
                .map(|_| locks[rng.gen_range(0..locks.len())].clone())
                .collect();
        }
        if rng.gen_bool(0.7) {
            let days = [1, 7, 30, 90][rng.gen_range(0..4)];
            let end = newest - rng.gen_range(0..300) * DAY_MS;
            f.from = DateTime::from_timestamp_millis(end - days * DAY_MS);
            f.til = DateTime::from_timestamp_millis(end);
        }
        if rng.gen_bool(0.3) {
            f.user = Some(match rng.gen_range(0..3) {
                0 => people[rng.gen_range(0..people.len())].id.clone(),
                1 => "山田".into(),
                _ => format!("user{}@", rng.gen_range(0..people.len())),
            });
        }
        if rng.gen_bool(0.3) {
            f.kinds = vec![["nfc_outside", "mobile_app", "autolock"][rng.gen_range(0..3)].into()];
        }
        if rng.gen_bool(0.2) {
            f.is_locked = Some(rng.gen_bool(0.5));
        }
        let sort = if i % 4 == 3 {
            SortOrder::OldestFirst
        } else {
            SortOrder::NewestFirst
        };
        let q = HistoryQuery {
            filter: f,
            sort,
            limit: 100,
            offset: if i % 5 == 4 { 200 } else { 0 },
            with_total: false,
        };
        let t = Instant::now();
        rows += archive.query(&q).unwrap().rows.len();
        page_times.push(t.elapsed());
        slowest.push((t.elapsed(), shape(&q)));
        let t = Instant::now();
        archive
            .query(&HistoryQuery {
                with_total: true,
                ..q
            })
            .unwrap();
        total_times.push(t.elapsed());
    }
    page_times.sort();
    total_times.sort();
    println!(
        "filtered page of 100 ({} queries, {} rows): p50 {}, p95 {}, max {}",
        page_times.len(),
        rows,
        ms(percentile(&page_times, 0.5)),
        ms(percentile(&page_times, 0.95)),
        ms(*page_times.last().unwrap())
    );
    println!(
        "same with the total count: p50 {}, p95 {}",
        ms(percentile(&total_times, 0.5)),
        ms(percentile(&total_times, 0.95))
    );
    // What the slowest pages asked: where the p95 comes from.
    slowest.sort_by_key(|s| std::cmp::Reverse(s.0));
    for (took, shape) in slowest.iter().take(page_times.len() / 20) {
        println!("  slow page {}: {shape}", ms(*took));
    }

    for (label, req) in [
        (
            "aggregates, whole archive, local zone",
            AggregateRequest::default(),
        ),
        (
            "aggregates, whole archive, UTC",
            AggregateRequest {
                zone: Zone::Utc,
                ..Default::default()
            },
        ),
        (
            "aggregates, one lock, 90 days",
            AggregateRequest {
                filter: HistoryFilter {
                    lock_ids: vec![locks[3].clone()],
                    from: DateTime::from_timestamp_millis(newest - 90 * DAY_MS),
                    ..Default::default()
                },
                zone: Zone::Local,
            },
        ),
    ] {
        let mut times = Vec::new();
        for _ in 0..5 {
            let t = Instant::now();
            let agg = archive.aggregates(&req).unwrap();
            times.push(t.elapsed());
            assert!(agg.total > 0);
        }
        times.sort();
        println!("{label}: median {} (of 5)", ms(times[2]));
    }
    // The first card in a zone also starts the per-day rollup of its shift (once per archive).
    for (label, zone) in [
        ("local zone", Zone::Local),
        ("UTC+9", Zone::Offset { minutes: 540 }),
    ] {
        let req = TimecardRequest {
            filter: HistoryFilter {
                from: DateTime::from_timestamp_millis(newest - 30 * DAY_MS),
                ..Default::default()
            },
            zone,
        };
        let t = Instant::now();
        let cards = archive.timecard(&req).unwrap();
        let first = t.elapsed();
        let mut times = Vec::new();
        for _ in 0..5 {
            let t = Instant::now();
            archive.timecard(&req).unwrap();
            times.push(t.elapsed());
        }
        times.sort();
        println!(
            "time card, 30 days, all users, {label}: median {} (of 5; the first {}) ({} rows)",
            ms(times[2]),
            ms(first),
            cards.len()
        );
    }

    history_asks(&archive, &locks, newest);

    // Written nowhere: the archive's part, which the disk's speed does not blur. A period's
    // export first, as a scheduled monthly report writes (the last 30 days), then all of it.
    let nowhere = |filter: HistoryFilter| {
        let t = Instant::now();
        let req = ExportRequest {
            filter,
            language: Language::Ja,
            ..Default::default()
        };
        let summary = archive.export(&req, &mut std::io::sink()).unwrap();
        (t.elapsed().as_secs_f64(), summary.records)
    };
    let (secs, records) = nowhere(HistoryFilter {
        from: DateTime::from_timestamp_millis(newest - 30 * DAY_MS),
        til: DateTime::from_timestamp_millis(newest + 1),
        ..Default::default()
    });
    println!("CSV export of the last 30 days, written nowhere: {secs:.3} s ({records} records)");
    let (secs, _) = nowhere(HistoryFilter::default());
    println!("full CSV export, written nowhere: {secs:.3} s");
    let out_path = dir.join("export.csv");
    let t = Instant::now();
    let mut file = std::fs::File::create(&out_path).unwrap();
    let summary = archive
        .export(
            &ExportRequest {
                language: Language::Ja,
                ..Default::default()
            },
            &mut file,
        )
        .unwrap();
    drop(file);
    println!(
        "full CSV export: {:.3} s ({} records, {:.1} MB)",
        t.elapsed().as_secs_f64(),
        summary.records,
        summary.bytes as f64 / 1e6
    );
    let t = Instant::now();
    let mut file = std::fs::File::create(dir.join("export.jsonl")).unwrap();
    archive
        .export(
            &ExportRequest {
                format: ExportFormat::Jsonl,
                ..Default::default()
            },
            &mut file,
        )
        .unwrap();
    println!("full JSON Lines export: {:.3} s", t.elapsed().as_secs_f64());
}

async fn sync_throughput(lock_count: usize, per_lock: usize) {
    use lockdesk_api::{RateLimiter, RetryPolicy, ServiceUrl, Transport, V2Client};

    const LIMIT: u32 = 50;
    // 3 s by default, so that the bench takes seconds; the service's own window is 60 s
    // (ARCHIVE_BENCH_SYNC_WINDOW_SECS=60), against which one round trip a window weighs less.
    let window = Duration::from_secs(knob("ARCHIVE_BENCH_SYNC_WINDOW_SECS", 3) as u64);
    let sim = lockdesk_sim::spawn(lockdesk_sim::SimOptions {
        v2_rate_limit: LIMIT,
        v2_rate_window: window,
        ..lockdesk_sim::SimOptions::small()
    })
    .await
    .unwrap();
    let tokens = sign_in(&sim).await;
    let transport = Transport::new(
        ServiceUrl::parse(sim.base_url()).unwrap(),
        RetryPolicy::none(),
        Duration::from_secs(20),
    )
    .unwrap();
    let client = V2Client::new(transport, tokens, RateLimiter::new(LIMIT, window));
    let locks: Vec<String> = client
        .locks()
        .await
        .unwrap()
        .into_iter()
        .take(lock_count)
        .map(|l| l.id)
        .collect();
    // Let the lock-list request leave the window.
    tokio::time::sleep(window).await;
    let http = reqwest::Client::new();
    for l in &locks {
        http.post(format!("{}/_sim/history", sim.base_url()))
            .json(&serde_json::json!({"lock_id": l, "count": per_lock}))
            .send()
            .await
            .unwrap();
    }
    tokio::time::sleep(Duration::from_millis(10)).await;
    let dir = tempfile::tempdir().unwrap();
    let archive = Archive::open(dir.path().join("sync.sqlite")).unwrap();
    let mut request = SyncRequest {
        lock_ids: locks.clone(),
        ..Default::default()
    };
    if let Some(c) = std::env::var("ARCHIVE_BENCH_CONCURRENCY")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        request.concurrency = c;
    }
    let t = Instant::now();
    let report = sync(
        &archive,
        &client,
        &request,
        &|_| {},
        &CancellationToken::new(),
    )
    .await
    .unwrap();
    let elapsed = t.elapsed().as_secs_f64();
    assert_eq!(report.outcome, SyncOutcome::Completed, "{report:?}");
    let requests = report.progress.requests;
    let records = report.progress.records;
    // Bound: LIMIT requests per window of 100 records each. The first window's requests go out at
    // once, so R requests need at least (ceil(R / LIMIT) - 1) windows before the last is sent.
    let windows = requests.div_ceil(u64::from(LIMIT)) - 1;
    let bound_secs = windows as f64 * window.as_secs_f64();
    let rate_bound = f64::from(LIMIT) * 100.0 / window.as_secs_f64();
    println!(
        "## sync throughput (simulator window {} s, 50 requests, pages of 100)",
        window.as_secs()
    );
    println!(
        "{records} records in {requests} requests over {} locks, {} pages at once: {elapsed:.3} s",
        locks.len(),
        request.concurrency
    );
    println!(
        "records per second: {:.0} (bound {:.0}); steady-state bound for {requests} requests: {bound_secs:.3} s -> {:.1}% of the bound",
        records as f64 / elapsed,
        rate_bound,
        100.0 * bound_secs / elapsed
    );
    println!(
        "requests refused for rate (429): 0 (retries are off; any 429 would have failed the sync)"
    );
    sim.shutdown().await;
}

async fn sign_in(sim: &lockdesk_sim::SimHandle) -> lockdesk_api::TokenSet {
    use lockdesk_api::{ApiVersion, ClientCredentials, OAuth, ServiceUrl, Transport};
    let info = sim
        .info()
        .clients
        .iter()
        .find(|c| c.api == "v2")
        .unwrap()
        .clone();
    let creds =
        ClientCredentials::new(&info.client_id, &info.client_secret, &info.redirect_uri).unwrap();
    let oauth = OAuth::new(
        Transport::with_defaults(ServiceUrl::parse(sim.base_url()).unwrap()).unwrap(),
        creds,
        ApiVersion::V2,
    )
    .unwrap();
    let request = oauth.begin_sign_in();
    // The login form carries every parameter of the address (state, PKCE challenge).
    let mut form: Vec<(String, String)> = request.url.query_pairs().into_owned().collect();
    form.push(("mail".into(), "admin@example.com".into()));
    form.push(("password".into(), "lockdesk-demo".into()));
    let resp = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
        .post(format!("{}/oauth/authorize/", sim.base_url()))
        .form(&form)
        .send()
        .await
        .unwrap();
    let location = resp.headers()["location"].to_str().unwrap().to_owned();
    let code = oauth.code_from_redirect(&request, &location).unwrap();
    oauth.exchange_code(code).await.unwrap()
}
