//! A team's history archive at the size of a big office: `LOCKDESK_BENCH_RECORDS` records
//! (10 million by default; 1,000 locks, 20,000 people, one year) in the team's PostgreSQL (a
//! private cluster, as the tests start it), and `LOCKDESK_BENCH_COMPUTERS` computers (10), each
//! with its own archive file and its own connection.
//!
//! Measured: one computer taking the whole archive in; on its archive, a filtered page (p95),
//! the whole-archive aggregates and a month's time card for every person; the computers taking
//! in a busy day's records at the same moment; the lease asked for by all of them at once and
//! handed over after its holder stops; a page of the `lockdesk_history` view as Excel or Power
//! BI would read it.
//!
//! `cargo bench -p lockdesk-core --bench team_archive` (Linux, PostgreSQL from `scripts/setup`).

#[cfg(target_os = "linux")]
#[allow(dead_code)]
#[path = "../../lockdesk-team/tests/it/server.rs"]
mod team_server;

#[cfg(not(target_os = "linux"))]
fn main() {
    println!("the team archive benchmark runs on Linux (a private PostgreSQL cluster)");
}

#[cfg(target_os = "linux")]
fn main() {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
        .block_on(bench::run());
}

#[cfg(target_os = "linux")]
mod bench {
    use std::time::{Duration, Instant};

    use chrono::{DateTime, TimeZone, Utc};
    use lockdesk_archive::{
        AggregateRequest, Archive, HistoryFilter, HistoryQuery, SortOrder, TeamMarks,
        TimecardRequest, Zone,
    };
    use lockdesk_core::team::archive::take_in;
    use lockdesk_team::connect::connect;
    use lockdesk_team::history::{renew_lease, take_lease, upload_stretches, Lease, TeamStretch};
    use lockdesk_team::schema::prepare;
    use lockdesk_team::Computer;

    use crate::team_server::{Server, TEAM_PASSWORD};

    const SERVICE: &str = "https://api.example.jp";
    const LOCKS: i64 = 1_000;
    const PEOPLE: i64 = 20_000;
    const DAY_MS: i64 = 86_400_000;

    fn env(name: &str, default: i64) -> i64 {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    }

    fn ms(d: Duration) -> String {
        format!("{:.2} ms", d.as_secs_f64() * 1e3)
    }

    fn p(sorted: &[Duration], q: f64) -> Duration {
        sorted[((sorted.len() - 1) as f64 * q).round() as usize]
    }

    fn computer(n: usize) -> Computer {
        Computer {
            id: format!("bench-{n}"),
            name: format!("PC-SOUMU{n}"),
            os_user: format!("user{n}"),
        }
    }

    pub async fn run() {
        let records = env("LOCKDESK_BENCH_RECORDS", 10_000_000);
        let computers = env("LOCKDESK_BENCH_COMPUTERS", 10) as usize;
        let start = Utc.with_ymd_and_hms(2025, 11, 1, 0, 0, 0).unwrap();
        let step_s = 365.0 * 86_400.0 / records as f64;
        let server = Server::start().await;
        let source = server.source();
        let mut admin = connect(&source, TEAM_PASSWORD).await.unwrap();
        let schema = prepare(&mut admin).await.unwrap();

        // The team's archive as a year of syncs left it: every lock complete.
        let t = Instant::now();
        admin
            .batch_execute("SET synchronous_commit = off")
            .await
            .unwrap();
        let chunk = 1_000_000;
        let mut from = 1;
        while from <= records {
            let til = (from + chunk - 1).min(records);
            admin
                .execute(
                    "INSERT INTO history_records (service, lock_id, created_at, user_id, kind,
                                                  is_locked, occurrence, lock_name, user_name)
                     SELECT $1, 'L' || lpad((g % $5)::text, 4, '0'),
                            $2::timestamptz + make_interval(secs => g * $3::float8),
                            CASE WHEN g % 10 = 0 THEN '' ELSE 'U' || ((g * 7919) % $6) END,
                            (ARRAY['autolock', 'nfc_outside', 'nfc_inside', 'mobile_app',
                                   'nfc_outside', 'nfc_inside', 'hand', 'nfc_outside',
                                   'nfc_inside', 'manager'])[g % 10 + 1],
                            g % 10 = 0, 0, 'ドア ' || (g % $5),
                            CASE WHEN g % 10 = 0 THEN NULL ELSE '社員 ' || ((g * 7919) % $6) END
                       FROM generate_series($4::int8, $7::int8) g",
                    &[&SERVICE, &start, &step_s, &from, &LOCKS, &PEOPLE, &til],
                )
                .await
                .unwrap();
            from = til + 1;
        }
        let end_ms = start.timestamp_millis() + 366 * DAY_MS;
        let stretches: Vec<TeamStretch> = (0..LOCKS)
            .map(|l| TeamStretch {
                lock_id: format!("L{l:04}"),
                from_ms: None,
                til_ms: end_ms,
            })
            .collect();
        upload_stretches(&mut admin, schema, SERVICE, &stretches)
            .await
            .unwrap();
        admin
            .batch_execute("ANALYZE history_records")
            .await
            .unwrap();
        println!("## {records} records, {LOCKS} locks, {PEOPLE} people, {computers} computers");
        println!(
            "team archive loaded in PostgreSQL (generate_series, not measured against a goal): {:.1} s",
            t.elapsed().as_secs_f64()
        );

        // One computer takes the whole archive in.
        let dir = tempfile::tempdir().unwrap();
        let marks = TeamMarks::new(&source.address());
        let first = Archive::open(dir.path().join("pc0.sqlite")).unwrap();
        let mut client = connect(&source, TEAM_PASSWORD).await.unwrap();
        let t = Instant::now();
        let taken = take_in(&mut client, &first, SERVICE, &marks, &|_| true)
            .await
            .unwrap();
        let took = t.elapsed();
        first.optimize().unwrap();
        println!(
            "one computer takes the whole archive in: {:.1} s ({taken} records, {:.0} records/s; file {:.0} MB)",
            took.as_secs_f64(),
            taken as f64 / took.as_secs_f64(),
            first.file_bytes() as f64 / 1e6
        );
        local_queries(&first, start);

        // Every computer takes in a busy day (records uploaded after its mark) at once.
        let day = (records / 365).max(1);
        let mut archives = Vec::new();
        for n in 0..computers {
            let a = Archive::open(dir.path().join(format!("day{n}.sqlite"))).unwrap();
            a.take_from_team(&marks, &[], &[], records - day).unwrap();
            archives.push(a);
        }
        let t = Instant::now();
        let mut tasks = Vec::new();
        for a in archives {
            let source = source.clone();
            let marks = marks.clone();
            tasks.push(tokio::spawn(async move {
                let mut c = connect(&source, TEAM_PASSWORD).await.unwrap();
                take_in(&mut c, &a, SERVICE, &marks, &|_| true)
                    .await
                    .unwrap()
            }));
        }
        for task in tasks {
            assert_eq!(task.await.unwrap(), day as u64);
        }
        println!(
            "{computers} computers take in a day ({day} records each) at the same moment: {}",
            ms(t.elapsed())
        );

        lease(&source, computers).await;
        view_page(&admin, start).await;
    }

    fn local_queries(archive: &Archive, start: DateTime<Utc>) {
        let start_ms = start.timestamp_millis();
        let mut times = Vec::new();
        let mut rows = 0;
        for i in 0..400i64 {
            let mut f = HistoryFilter::default();
            if i % 5 != 0 {
                f.lock_ids = vec![format!("L{:04}", (i * 37) % LOCKS)];
            }
            if i % 3 != 0 {
                let days = [1, 7, 30, 90][(i % 4) as usize];
                let end = start_ms + (30 + (i * 13) % 330) * DAY_MS;
                f.from = DateTime::from_timestamp_millis(end - days * DAY_MS);
                f.til = DateTime::from_timestamp_millis(end);
            }
            if i % 7 == 0 {
                f.user = Some(format!("U{}", (i * 101) % PEOPLE));
            }
            let q = HistoryQuery {
                filter: f,
                sort: if i % 4 == 3 {
                    SortOrder::OldestFirst
                } else {
                    SortOrder::NewestFirst
                },
                limit: 100,
                offset: 0,
                with_total: false,
            };
            let t = Instant::now();
            rows += archive.query(&q).unwrap().rows.len();
            times.push(t.elapsed());
        }
        times.sort();
        println!(
            "filtered page of 100 on a computer's archive (400 filters, {rows} rows): p50 {}, p95 {} (goal < 5 ms)",
            ms(p(&times, 0.5)),
            ms(p(&times, 0.95))
        );
        let mut times = Vec::new();
        for _ in 0..5 {
            let t = Instant::now();
            let agg = archive.aggregates(&AggregateRequest::default()).unwrap();
            times.push(t.elapsed());
            assert!(agg.total > 0);
        }
        times.sort();
        println!(
            "chart aggregates, whole archive: median {} of 5 (goal < 50 ms)",
            ms(times[2])
        );
        let month = TimecardRequest {
            filter: HistoryFilter {
                from: DateTime::from_timestamp_millis(start_ms + 300 * DAY_MS),
                til: DateTime::from_timestamp_millis(start_ms + 330 * DAY_MS),
                ..Default::default()
            },
            zone: Zone::Offset { minutes: 540 },
        };
        let t = Instant::now();
        let cards = archive.timecard(&month).unwrap();
        let first = t.elapsed();
        let mut times = Vec::new();
        for _ in 0..5 {
            let t = Instant::now();
            archive.timecard(&month).unwrap();
            times.push(t.elapsed());
        }
        times.sort();
        println!(
            "time card, 30 days, every person (UTC+9): median {} of 5, the first {} ({} rows) (goal < 1 s)",
            ms(times[2]),
            ms(first),
            cards.len()
        );
    }

    async fn lease(source: &lockdesk_team::source::TeamSource, computers: usize) {
        let mut clients = Vec::new();
        for _ in 0..computers {
            clients.push(connect(source, TEAM_PASSWORD).await.unwrap());
        }
        let schema = prepare(&mut clients[0]).await.unwrap();
        let hold = Duration::from_secs(30);
        // All at once, 20 rounds (a new service each round): one holder each time.
        let mut times = Vec::new();
        for round in 0..20 {
            let service = format!("{SERVICE}/{round}");
            let t = Instant::now();
            let asks = clients.iter_mut().enumerate().map(|(n, c)| {
                let service = service.clone();
                async move {
                    let me = computer(n);
                    take_lease(c, schema, &service, &me, hold, Duration::ZERO)
                        .await
                        .unwrap()
                }
            });
            let got = futures::future::join_all(asks).await;
            times.push(t.elapsed());
            assert_eq!(got.iter().filter(|l| **l == Lease::Mine).count(), 1);
        }
        times.sort();
        println!(
            "{computers} computers asking for the lease at once: one holder in each of 20 rounds, all answered within {} (median {})",
            ms(*times.last().unwrap()),
            ms(times[10])
        );
        // The holder renews once, then stops (switched off); the others ask every 5 seconds,
        // as computers syncing would.
        let service = format!("{SERVICE}/handover");
        let holder = computer(0);
        let mine = take_lease(
            &mut clients[0],
            schema,
            &service,
            &holder,
            hold,
            Duration::ZERO,
        )
        .await
        .unwrap();
        assert_eq!(mine, Lease::Mine);
        assert!(renew_lease(&clients[0], &service, &holder, hold)
            .await
            .unwrap());
        let stopped = Instant::now();
        let taken_by = 'asking: loop {
            tokio::time::sleep(Duration::from_secs(5)).await;
            for (n, c) in clients.iter_mut().enumerate().skip(1) {
                let me = computer(n);
                let l = take_lease(c, schema, &service, &me, hold, Duration::ZERO)
                    .await
                    .unwrap();
                if l == Lease::Mine {
                    break 'asking n;
                }
            }
        };
        println!(
            "lease handed over after its holder stopped: {:.1} s, to computer {taken_by} (lease held 30 s; others asking every 5 s) (goal < 60 s)",
            stopped.elapsed().as_secs_f64()
        );
    }

    /// A page of the view as a spreadsheet's query would ask: one lock, a month, newest first.
    async fn view_page(client: &tokio_postgres::Client, start: DateTime<Utc>) {
        let mut times = Vec::new();
        for i in 0..100i64 {
            let lock = format!("L{:04}", (i * 37) % LOCKS);
            let from = start + chrono::Duration::days(30 + (i * 3) % 300);
            let til = from + chrono::Duration::days(30);
            let t = Instant::now();
            client
                .query(
                    "SELECT created_at, lock_name, user_name, kind, action FROM lockdesk_history
                      WHERE service = $1 AND lock_id = $2 AND created_at >= $3 AND created_at < $4
                      ORDER BY created_at DESC LIMIT 100",
                    &[&SERVICE, &lock, &from, &til],
                )
                .await
                .unwrap();
            times.push(t.elapsed());
        }
        times.sort();
        println!(
            "a page of the lockdesk_history view (one lock, a month, 100 rows): p50 {}, p95 {}",
            ms(p(&times, 0.5)),
            ms(p(&times, 0.95))
        );
    }
}
