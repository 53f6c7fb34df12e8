//! Client overhead against the simulator, and v2 history throughput as a fraction of the rate
//! bound. Run: `cargo bench -p lockdesk-api --bench client`.

use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::Criterion;
use lockdesk_api::ids::{LockId, OrganizationId};
use lockdesk_api::v2::AccessQuery;
use lockdesk_api::{
    ApiVersion, ClientCredentials, NoPersistence, OAuth, RateLimiter, RetryPolicy, ServiceUrl,
    Session, TokenSet, Transport, V2Client,
};
use lockdesk_sim::{ClientInfo, SimHandle, SimOptions};

async fn sign_in(sim: &SimHandle, info: &ClientInfo) -> (OAuth, TokenSet) {
    let api = if info.api == "v2" {
        ApiVersion::V2
    } else {
        ApiVersion::V3
    };
    let transport = Transport::with_defaults(ServiceUrl::parse(sim.base_url()).unwrap()).unwrap();
    let creds =
        ClientCredentials::new(&info.client_id, &info.client_secret, &info.redirect_uri).unwrap();
    let oauth = OAuth::new(transport, creds, api).unwrap();
    let request = oauth.begin_sign_in();
    let http = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    // The login form carries every parameter of the address (state, PKCE challenge).
    let mut form: Vec<(String, String)> = request.url.query_pairs().into_owned().collect();
    form.push(("mail".into(), "admin@example.com".into()));
    form.push(("password".into(), "lockdesk-demo".into()));
    let resp = http
        .post(format!("{}/oauth/authorize/", sim.base_url()))
        .form(&form)
        .send()
        .await
        .unwrap();
    let location = resp.headers()["location"].to_str().unwrap().to_owned();
    let code = oauth.code_from_redirect(&request, &location).unwrap();
    let tokens = oauth.exchange_code(code).await.unwrap();
    (oauth, tokens)
}

fn overhead(c: &mut Criterion, rt: &tokio::runtime::Runtime) {
    let sim = rt
        .block_on(lockdesk_sim::spawn(SimOptions::small()))
        .unwrap();
    let (oauth, tokens) = rt.block_on(sign_in(&sim, &sim.info().clients[0]));
    let token = tokens.access_token.secret().clone();
    let client = lockdesk_api::Client::new(Arc::new(Session::new(
        oauth,
        tokens,
        Arc::new(NoPersistence),
    )));
    let org = rt.block_on(async {
        let orgs = client
            .organizations()
            .list(&Default::default())
            .await
            .unwrap();
        OrganizationId::parse(orgs[0].id.clone()).unwrap()
    });
    let lock = rt.block_on(async {
        let locks = client
            .org(&org)
            .locks()
            .list(&Default::default())
            .await
            .unwrap();
        LockId::parse(locks[0].id.clone()).unwrap()
    });
    let raw = reqwest::Client::new();
    let url = format!("{}/v3/organizations/{org}/locks/{lock}", sim.base_url());

    let mut group = c.benchmark_group("lock_detail");
    group.bench_function("raw_reqwest", |b| {
        b.to_async(rt).iter(|| async {
            let body = raw.get(&url).bearer_auth(&token).send().await.unwrap();
            let v: serde_json::Value = body.json().await.unwrap();
            assert!(v["lock"]["id"].is_string());
        })
    });
    group.bench_function("lockdesk_api", |b| {
        b.to_async(rt)
            .iter(|| async { client.org(&org).locks().get(&lock).await.unwrap() })
    });
    group.finish();
    let mut group = c.benchmark_group("lock_list_32");
    group.bench_function("lockdesk_api", |b| {
        b.to_async(rt).iter(|| async {
            client
                .org(&org)
                .locks()
                .list(&Default::default())
                .await
                .unwrap()
        })
    });
    group.finish();
    rt.block_on(sim.shutdown());
}

/// Pages of history through the shared limiter from several callers at once, against a
/// simulator whose rate window is shortened to 3 s (50 requests per window, as documented).
/// The bound lets request `k * 50 + 1` go out `k` windows after the first; the fraction is how
/// close the last request's send time comes to that.
fn v2_throughput(rt: &tokio::runtime::Runtime) {
    use std::sync::atomic::{AtomicU32, Ordering};
    let window = Duration::from_secs(3);
    let limit = 50u32;
    let windows = 5u32;
    let total = limit * windows;
    let options = SimOptions {
        v2_rate_window: window,
        history_records: 20_000,
        ..SimOptions::small()
    };
    rt.block_on(async {
        let sim = lockdesk_sim::spawn(options).await.unwrap();
        let (_, tokens) = sign_in(&sim, &sim.info().clients[1]).await;
        let transport = Transport::new(
            ServiceUrl::parse(sim.base_url()).unwrap(),
            RetryPolicy::none(),
            Duration::from_secs(10),
        )
        .unwrap();
        let client = V2Client::new(transport, tokens, RateLimiter::new(limit, window));
        let locks = client.locks().await.unwrap();
        // The locks call used one slot; let the window drain before measuring.
        tokio::time::sleep(window + Duration::from_millis(50)).await;
        let tickets = Arc::new(AtomicU32::new(0));
        let started = Instant::now();
        let tasks = (0..4).map(|i| {
            let client = client.clone();
            let tickets = Arc::clone(&tickets);
            let lock = locks[i % locks.len()].id.clone();
            tokio::spawn(async move {
                let (mut records, mut refused, mut last_send) = (0usize, 0u32, Duration::ZERO);
                let mut offset = 0;
                while tickets.fetch_add(1, Ordering::SeqCst) < total {
                    let q = AccessQuery {
                        offset,
                        limit: 100,
                        ..AccessQuery::new(lock.clone())
                    };
                    let sent = started.elapsed();
                    match client.accesses(&q).await {
                        Ok(page) => {
                            records += page.len();
                            offset = if page.len() < 100 { 0 } else { offset + 100 };
                        }
                        Err(e) if e.status() == Some(429) => refused += 1,
                        Err(e) => panic!("{e}"),
                    }
                    last_send = last_send.max(sent);
                }
                (records, refused, last_send)
            })
        });
        let (mut records, mut refused, mut last_send) = (0, 0, Duration::ZERO);
        for t in futures::future::join_all(tasks).await {
            let (r, x, l) = t.unwrap();
            records += r;
            refused += x;
            last_send = last_send.max(l);
        }
        let ideal = window * (windows - 1);
        println!(
            "v2 throughput: {total} requests ({records} records) at {limit} per {} s; the last \
             went out after {:.3} s where the bound allows {:.3} s: {:.1}% of the bound; \
             {refused} refused for rate",
            window.as_secs(),
            last_send.as_secs_f64(),
            ideal.as_secs_f64(),
            100.0 * ideal.as_secs_f64() / last_send.as_secs_f64(),
        );
        sim.shutdown().await;
    });
}

fn main() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let mut c = Criterion::default()
        .configure_from_args()
        .measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_secs(1));
    overhead(&mut c, &rt);
    c.final_summary();
    v2_throughput(&rt);
}
