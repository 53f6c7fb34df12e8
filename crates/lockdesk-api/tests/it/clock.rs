//! This computer's wall clock moved (set back an hour, forward a day) or a sleep of 60 hours,
//! against the simulator: a token is used only while both the wall clock and the monotonic
//! one (tokio's, moved here by hand) say it is valid, so a clock set back never keeps a token
//! in use past its lifetime, and a clock set forward renews once, not at every request.

use std::sync::Arc;
use std::time::Duration;

use lockdesk_api::clock::OffsetClock;
use lockdesk_api::{NoPersistence, RateLimiter, Session, V2Client};

use crate::support::*;

const HOUR: i64 = 3600;

/// The monotonic clock forward by `by` (as time passing while the wall clock was set back).
async fn monotonic_forward(by: Duration) {
    tokio::time::pause();
    tokio::time::advance(by).await;
    tokio::time::resume();
}

#[tokio::test]
async fn a_v3_token_is_renewed_by_its_lifetime_whichever_way_the_wall_clock_moved() {
    let sim = sim().await;
    let info = v3_client(&sim);
    let clock = OffsetClock::default();
    let oauth = oauth_for(&sim, &info).with_clock(Arc::new(clock.clone()));
    let tokens = sign_in_with(&sim, &oauth, &info, ADMIN).await;
    let lifetime = (tokens.expires_at - tokens.created_at).to_std().unwrap();
    let first = tokens.access_token.secret().clone();
    let session = Session::new(oauth, tokens, Arc::new(NoPersistence));

    // Set back an hour, then the token's lifetime less half a day goes by (within the day
    // before expiry in which it is renewed): renewed, though the wall clock says it has long.
    clock.advance(-HOUR);
    assert_eq!(session.bearer().await.unwrap().token.secret(), &first);
    monotonic_forward(lifetime - Duration::from_secs(12 * 3600)).await;
    let renewed = session.bearer().await.unwrap().token.secret().clone();
    assert_ne!(renewed, first, "renewed by the monotonic clock");

    // Forward a day (the renewal day begins at once by the wall clock): renewed once, then the
    // new token is used, not renewed at every call.
    clock.advance(HOUR + 24 * HOUR);
    let once = session.bearer().await.unwrap().token.secret().clone();
    let again = session.bearer().await.unwrap().token.secret().clone();
    assert_eq!(once, again, "no renewal at every call");
}

#[tokio::test]
async fn a_v2_token_expires_by_its_lifetime_whichever_way_the_wall_clock_moved() {
    let sim = sim().await;
    let info = v2_client(&sim);
    let oauth = oauth_for(&sim, &info);
    let tokens = sign_in_with(&sim, &oauth, &info, ADMIN).await;
    let lifetime = (tokens.expires_at - tokens.created_at).to_std().unwrap();
    let v2 = |clock: &OffsetClock| {
        V2Client::new(
            transport(&sim),
            tokens.clone(),
            RateLimiter::new(1000, Duration::from_secs(60)),
        )
        .with_clock(Arc::new(clock.clone()))
    };

    // Set back an hour, then the token's two hours go by: expired, though the wall clock says
    // it has an hour left (the service's clock has not moved here: it would still answer).
    let clock = OffsetClock::default();
    let client = v2(&clock);
    clock.advance(-HOUR);
    client.locks().await.unwrap();
    monotonic_forward(lifetime + Duration::from_secs(60)).await;
    let e = client.locks().await.unwrap_err();
    assert_eq!(e.code(), "v2_session_expired", "{e}");

    // A sleep of 60 hours, which the monotonic clock may not count: expired by the wall clock.
    let clock = OffsetClock::default();
    let client = v2(&clock);
    clock.advance(60 * HOUR);
    let e = client.locks().await.unwrap_err();
    assert_eq!(e.code(), "v2_session_expired", "{e}");
}

/// The v2 limiter's slots are on the monotonic clock: with the wall clock set back an hour and
/// forward a day between requests, the service (5 requests in any second, by its own count)
/// never refuses one for rate, and the requests neither stop for an hour nor go unpaced.
#[tokio::test]
async fn the_rate_limiter_keeps_the_service_s_count_whichever_way_the_wall_clock_moves() {
    let sim = sim_with(lockdesk_sim::SimOptions {
        v2_rate_limit: 5,
        v2_rate_window: Duration::from_secs(1),
        ..lockdesk_sim::SimOptions::small()
    })
    .await;
    let info = v2_client(&sim);
    let mut tokens = sign_in_with(&sim, &oauth_for(&sim, &info), &info, ADMIN).await;
    // Valid a week by this computer's clock, so the day forward is about the limiter only.
    tokens.expires_at = tokens.created_at + chrono::Duration::days(7);
    let transport = lockdesk_api::Transport::new(
        lockdesk_api::ServiceUrl::parse(sim.base_url()).unwrap(),
        lockdesk_api::RetryPolicy::none(),
        Duration::from_secs(20),
    )
    .unwrap();
    let clock = OffsetClock::default();
    let client = V2Client::new(
        transport,
        tokens,
        RateLimiter::new(5, Duration::from_secs(1)),
    )
    .with_clock(Arc::new(clock.clone()));
    let all = async {
        for jump in [-HOUR, 24 * HOUR + HOUR, -24 * HOUR] {
            for _ in 0..6 {
                client.locks().await.expect("no request refused for rate");
            }
            clock.advance(jump);
        }
    };
    tokio::time::timeout(Duration::from_secs(120), all)
        .await
        .expect("paced by the second, not held for an hour");
}
