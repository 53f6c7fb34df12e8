//! v2 history: sign-in without refresh, paging by offset, expiry, and the shared rate limiter.

use std::sync::Arc;
use std::time::Duration;

use futures::TryStreamExt;
use lockdesk_api::v2::AccessQuery;
use lockdesk_api::{Error, RateLimiter, RetryPolicy, ServiceUrl, Transport, V2Client};
use lockdesk_sim::SimOptions;
use serde_json::json;

use crate::support::*;

async fn v2(
    sim: &lockdesk_sim::SimHandle,
    limiter: Arc<RateLimiter>,
    retry: RetryPolicy,
) -> V2Client {
    let info = v2_client(sim);
    let oauth = oauth_for(sim, &info);
    let tokens = sign_in_with(sim, &oauth, &info, ADMIN).await;
    assert!(tokens.refresh_token.is_none(), "v2 issues no refresh token");
    assert_eq!((tokens.expires_at - tokens.created_at).num_seconds(), 7200);
    let transport = Transport::new(
        ServiceUrl::parse(sim.base_url()).unwrap(),
        retry,
        Duration::from_secs(20),
    )
    .unwrap();
    V2Client::new(transport, tokens, limiter)
}

#[tokio::test]
async fn history_pages_by_offset_newest_first() {
    let sim = sim().await;
    let client = v2(&sim, RateLimiter::v2_default(), RetryPolicy::default()).await;
    let locks = client.locks().await.unwrap();
    assert!(!locks.is_empty());
    let lock = &locks[0].id;
    let first = client
        .accesses(&AccessQuery::new(lock.clone()))
        .await
        .unwrap();
    assert_eq!(first.len(), 20, "the documented default page");
    assert!(first.windows(2).all(|w| w[0].created_at >= w[1].created_at));
    let all: Vec<_> = client
        .accesses_stream(AccessQuery {
            limit: 100,
            ..AccessQuery::new(lock.clone())
        })
        .try_collect()
        .await
        .unwrap();
    assert!(all.len() > 20);
    assert_eq!(&all[..20], &first[..]);
    assert!(all
        .iter()
        .all(|a| a.lock.as_ref().and_then(|l| l.id.as_deref()) == Some(lock.as_str())));

    // A date range narrows the answer.
    let til = all[10].created_at;
    let from = all[30.min(all.len() - 1)].created_at;
    let ranged: Vec<_> = client
        .accesses_stream(AccessQuery {
            from: Some(from),
            til: Some(til),
            limit: 100,
            ..AccessQuery::new(lock.clone())
        })
        .try_collect()
        .await
        .unwrap();
    assert!(ranged
        .iter()
        .all(|a| a.created_at >= from && a.created_at < til));
    assert!(!ranged.is_empty());
}

#[tokio::test]
async fn expired_v2_token_asks_to_sign_in_again() {
    let sim = sim().await;
    let client = v2(&sim, RateLimiter::v2_default(), RetryPolicy::default()).await;
    client.locks().await.unwrap();
    post(&sim, "clock", json!({"advance_seconds": 7201})).await;
    let err = client.locks().await.unwrap_err();
    assert!(matches!(err, Error::V2SessionExpired), "{err:?}");
    assert_eq!(err.code(), "v2_session_expired");
}

#[tokio::test]
async fn concurrent_callers_stay_under_the_rate_limit() {
    // 10 requests per 2 s on the service; the client shares one limiter of the same size, and
    // retries are off so any 429 would surface as an error.
    let options = SimOptions {
        v2_rate_limit: 10,
        v2_rate_window: Duration::from_secs(2),
        ..SimOptions::small()
    };
    let sim = sim_with(options).await;
    let limiter = RateLimiter::new(10, Duration::from_secs(2));
    let client = v2(&sim, limiter, RetryPolicy::none()).await;
    let lock = client.locks().await.unwrap()[0].id.clone();
    let started = std::time::Instant::now();
    let tasks = (0..6).map(|_| {
        let client = client.clone();
        let lock = lock.clone();
        tokio::spawn(async move {
            for _ in 0..5 {
                client.accesses(&AccessQuery::new(lock.clone())).await?;
            }
            Ok::<_, Error>(())
        })
    });
    for t in futures::future::join_all(tasks).await {
        t.unwrap().expect("no request refused for rate");
    }
    // 31 requests at 10 per 2 s need at least three full windows.
    assert!(
        started.elapsed() >= Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
}

#[tokio::test]
async fn without_the_limiter_the_service_answers_429_and_retry_after_is_honoured() {
    let options = SimOptions {
        v2_rate_limit: 3,
        v2_rate_window: Duration::from_secs(1),
        ..SimOptions::small()
    };
    let sim = sim_with(options).await;
    // A limiter far above the service's limit: the service's 429 + Retry-After must carry us.
    let client = v2(
        &sim,
        RateLimiter::new(1000, Duration::from_secs(1)),
        RetryPolicy::default(),
    )
    .await;
    let lock = client.locks().await.unwrap()[0].id.clone();
    for _ in 0..8 {
        client
            .accesses(&AccessQuery::new(lock.clone()))
            .await
            .expect("429 retried after Retry-After");
    }
    let no_retry = v2(
        &sim,
        RateLimiter::new(1000, Duration::from_secs(1)),
        RetryPolicy::none(),
    )
    .await;
    let mut refused = None;
    for _ in 0..8 {
        if let Err(e) = no_retry.accesses(&AccessQuery::new(lock.clone())).await {
            refused = Some(e);
            break;
        }
    }
    let err = refused.expect("the service enforces its rate");
    assert_eq!(err.status(), Some(429));
    assert_eq!(err.code(), "rate_limit_exceeded");
}
