//! A hostile or broken service: answers too large to read and listings that never end are
//! stopped, each with its own error, over real HTTP against the simulator's faults.

use std::time::Duration;

use futures::TryStreamExt;
use lockdesk_api::v2::AccessQuery;
use lockdesk_api::v3::{max_pages, LockQuery, PageParams};
use lockdesk_api::{Error, RateLimiter, ServiceUrl, Transport, V2Client, MAX_BODY_BYTES};
use serde_json::json;

use crate::support::*;

#[tokio::test]
async fn an_answer_past_the_cap_is_refused_declared_or_streamed() {
    let sim = sim().await;
    let s = signed_in(&sim, ADMIN).await;
    let org = first_org(&s.client).await;
    let locks = s.client.org(&org).locks();
    // Just under the cap is read (and fails to decode: it is no complete JSON).
    post(
        &sim,
        "faults",
        json!({"path_prefix": "/v3/", "oversize_bytes": MAX_BODY_BYTES}),
    )
    .await;
    let e = locks.list(&LockQuery::default()).await.unwrap_err();
    assert_eq!(e.code(), "decode", "{e}");
    for chunked in [false, true] {
        post(
            &sim,
            "faults",
            json!({"path_prefix": "/v3/", "oversize_bytes": MAX_BODY_BYTES + 1,
                   "oversize_chunked": chunked}),
        )
        .await;
        let e = locks.list(&LockQuery::default()).await.unwrap_err();
        assert_eq!(e.code(), "answer_too_large", "chunked {chunked}: {e}");
        assert!(
            matches!(e, Error::AnswerTooLarge { limit_bytes, .. } if limit_bytes == MAX_BODY_BYTES as u64)
        );
        assert!(e.to_string().contains(sim.base_url()), "{e}");
    }
    post(&sim, "faults", json!({})).await;
    locks.list(&LockQuery::default()).await.unwrap();
}

#[tokio::test]
async fn a_v3_listing_that_never_ends_is_stopped() {
    let sim = sim().await;
    let s = signed_in(&sim, ADMIN).await;
    let org = first_org(&s.client).await;
    post(
        &sim,
        "faults",
        json!({"path_prefix": "/v3/", "endless_pages": true}),
    )
    .await;
    let mut stream = std::pin::pin!(s.client.org(&org).locks().stream(LockQuery {
        page: PageParams::limit(1000),
        ..Default::default()
    }));
    let mut read = 0usize;
    let walk = async {
        loop {
            match stream.try_next().await {
                Ok(Some(_)) => read += 1,
                Ok(None) => panic!("an endless listing ended after {read}"),
                Err(e) => break e,
            }
        }
    };
    let e = tokio::time::timeout(Duration::from_secs(60), walk)
        .await
        .expect("the endless listing is stopped within a minute");
    assert_eq!(e.code(), "too_many_pages", "{e}");
    assert!(matches!(e, Error::TooManyPages { pages } if pages == max_pages(1000)));
    assert_eq!(read, 1000 * max_pages(1000) as usize);
    assert!(read >= lockdesk_api::v3::MAX_LISTING_ITEMS as usize);
    post(&sim, "faults", json!({})).await;
}

#[tokio::test]
async fn a_v2_history_that_never_ends_is_stopped() {
    let sim = sim().await;
    let info = v2_client(&sim);
    let oauth = oauth_for(&sim, &info);
    let tokens = sign_in_with(&sim, &oauth, &info, ADMIN).await;
    let transport = Transport::new(
        ServiceUrl::parse(sim.base_url()).unwrap(),
        Default::default(),
        Duration::from_secs(20),
    )
    .unwrap();
    let client = V2Client::new(
        transport,
        tokens,
        RateLimiter::new(100_000, Duration::from_secs(60)),
    );
    post(
        &sim,
        "faults",
        json!({"path_prefix": "/v2/", "endless_pages": true}),
    )
    .await;
    let all: Result<Vec<_>, _> = tokio::time::timeout(
        Duration::from_secs(60),
        client
            .accesses_stream(AccessQuery {
                limit: 1000,
                ..AccessQuery::new("A1234567")
            })
            .try_collect(),
    )
    .await
    .expect("the endless history is stopped within a minute");
    let e = all.unwrap_err();
    assert!(
        matches!(e, Error::TooManyPages { pages } if pages == max_pages(1000)),
        "{e}"
    );
}

/// The token endpoint's answer is capped like every other (`oauth2` alone would read any
/// size): a renewal answered with more than the cap is `answer_too_large`, declared or streamed.
#[tokio::test]
async fn a_token_answer_past_the_cap_is_refused() {
    let sim = sim().await;
    let client = v3_client(&sim);
    let oauth = oauth_for(&sim, &client);
    let tokens = sign_in_with(&sim, &oauth, &client, ADMIN).await;
    let refresh = tokens.refresh_token.clone().unwrap();
    for chunked in [false, true] {
        post(
            &sim,
            "faults",
            json!({"path_prefix": "/oauth/token", "oversize_bytes": MAX_BODY_BYTES + 1,
                   "oversize_chunked": chunked}),
        )
        .await;
        let e = oauth.refresh(&refresh).await.unwrap_err();
        assert_eq!(e.code(), "answer_too_large", "chunked {chunked}: {e}");
    }
    post(&sim, "faults", json!({})).await;
    oauth.refresh(&refresh).await.unwrap();
}
