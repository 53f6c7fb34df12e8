//! The token endpoint's HTTP client for `oauth2`: the transport's reqwest client, with the
//! answer's size capped like every other answer ([`MAX_BODY_BYTES`]); `oauth2`'s own reqwest
//! client reads an answer of any size into memory.

use std::future::Future;
use std::pin::Pin;

use oauth2::{AsyncHttpClient, HttpClientError, HttpRequest, HttpResponse};

use crate::transport::{read_capped, BodyError, MAX_BODY_BYTES};

/// The `Other` error that means the answer passed the cap (mapped to `answer_too_large`).
pub(crate) const TOO_LARGE: &str = "the token endpoint's answer is larger than the client reads";

/// The `Other` error that means the proxy answered 407 (mapped to `proxy_auth_required`).
pub(crate) const PROXY_REFUSED: &str = "the proxy asks for a user name and password";

/// Owns a handle of the client (a reference count), so its answers hold no borrow.
pub(crate) struct CappedClient(pub reqwest::Client);

type Answer<'c> = Pin<
    Box<dyn Future<Output = Result<HttpResponse, HttpClientError<reqwest::Error>>> + Send + 'c>,
>;

impl<'c> AsyncHttpClient<'c> for CappedClient {
    type Error = HttpClientError<reqwest::Error>;
    type Future = Answer<'c>;

    fn call(&'c self, request: HttpRequest) -> Self::Future {
        let client = self.0.clone();
        Box::pin(async move {
            let request = request.try_into().map_err(Box::new)?;
            let response = client.execute(request).await.map_err(Box::new)?;
            if response.status() == reqwest::StatusCode::PROXY_AUTHENTICATION_REQUIRED {
                return Err(HttpClientError::Other(PROXY_REFUSED.to_owned()));
            }
            let mut builder = oauth2::http::Response::builder()
                .status(response.status())
                .version(response.version());
            for (name, value) in response.headers() {
                builder = builder.header(name, value);
            }
            let body = read_capped(response, MAX_BODY_BYTES)
                .await
                .map_err(|e| match e {
                    BodyError::TooLarge => HttpClientError::Other(TOO_LARGE.to_owned()),
                    BodyError::Net(e) => HttpClientError::Reqwest(Box::new(e)),
                })?;
            builder.body(body.to_vec()).map_err(HttpClientError::Http)
        })
    }
}
