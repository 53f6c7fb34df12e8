//! The sign-in window: the service's authorization page in a dedicated window with no IPC
//! access (no capability names it). When the page navigates to the registered redirect URI the
//! navigation is refused (the page is never loaded), the code is exchanged with the `state`
//! checked by lockdesk-core, the window closes and the main window gets
//! `lockdesk://sign-in-finished`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use lockdesk_core::app::export::{SignInFinishedEvent, SIGN_IN_FINISHED_EVENT};
use lockdesk_core::app::{
    self, AppContext, Done, NoArgs, ProfileNameRequest, SessionBeginSignInResponse,
    SessionCompleteSignInRequest,
};
use lockdesk_core::{ErrorCode, ErrorPayload};
use tauri::{AppHandle, Emitter, Manager, Runtime, State, WebviewUrl, WebviewWindowBuilder};
use url::Url;

pub const SIGN_IN_WINDOW: &str = "signin";

/// What to do with a navigation of the sign-in window.
#[derive(Debug, PartialEq, Eq)]
pub enum Navigation {
    /// Let the page load (the service's own pages).
    Allow,
    /// The redirect URI: do not load it; complete the sign-in with this address.
    Intercept,
}

/// The redirect is recognised by scheme, host, port and path (a trailing `/` ignored); its
/// query carries `code` and `state`, checked by lockdesk-core.
pub fn decide(target: &Url, redirect_uri: &Url) -> Navigation {
    let path = |u: &Url| u.path().trim_end_matches('/').to_owned();
    if target.scheme() == redirect_uri.scheme()
        && target.host_str() == redirect_uri.host_str()
        && target.port_or_known_default() == redirect_uri.port_or_known_default()
        && path(target) == path(redirect_uri)
    {
        Navigation::Intercept
    } else {
        Navigation::Allow
    }
}

fn payload(message: impl Into<String>, code: ErrorCode) -> ErrorPayload {
    ErrorPayload::new(code, message)
}

fn finish<R: Runtime>(app: &AppHandle<R>, event: SignInFinishedEvent) {
    if let Err(e) = app.emit_to("main", SIGN_IN_FINISHED_EVENT, event) {
        tracing::warn!("sign-in event not delivered: {e}");
    }
    if let Some(w) = app.get_webview_window(SIGN_IN_WINDOW) {
        let _ = w.close();
    }
}

/// Opens the authorization page of `profile` in the sign-in window (replacing one already
/// open).
#[tauri::command]
pub async fn sign_in_window_open<R: Runtime>(
    app: AppHandle<R>,
    ctx: State<'_, AppContext>,
    req: ProfileNameRequest,
) -> Result<SessionBeginSignInResponse, ErrorPayload> {
    if let Some(w) = app.get_webview_window(SIGN_IN_WINDOW) {
        let _ = w.destroy();
    }
    let begun = app::session_begin_sign_in(&ctx, req)
        .await
        .map_err(|e| e.payload())?;
    let page =
        Url::parse(&begun.url).map_err(|e| payload(e.to_string(), ErrorCode::InvalidInput))?;
    let redirect = Url::parse(&begun.redirect_uri)
        .map_err(|e| payload(e.to_string(), ErrorCode::InvalidInput))?;
    let done = Arc::new(AtomicBool::new(false));
    let (ctx2, app2, profile, done2) = (
        ctx.inner().clone(),
        app.clone(),
        begun.profile.clone(),
        done.clone(),
    );
    let window = WebviewWindowBuilder::new(&app, SIGN_IN_WINDOW, WebviewUrl::External(page))
        .title("Sign in — Lockdesk")
        .inner_size(520.0, 720.0)
        .on_navigation(move |target| match decide(target, &redirect) {
            Navigation::Allow => true,
            Navigation::Intercept => {
                if !done2.swap(true, Ordering::SeqCst) {
                    let (ctx, app, profile) = (ctx2.clone(), app2.clone(), profile.clone());
                    let redirected_url = target.to_string();
                    tauri::async_runtime::spawn(async move {
                        let result = app::session_complete_sign_in(
                            &ctx,
                            SessionCompleteSignInRequest {
                                profile: profile.clone(),
                                redirected_url,
                            },
                        )
                        .await;
                        let event = match result {
                            Ok(s) => SignInFinishedEvent {
                                profile,
                                signed_in: Some(s),
                                error: None,
                            },
                            Err(e) => SignInFinishedEvent {
                                profile,
                                signed_in: None,
                                error: Some(e.payload()),
                            },
                        };
                        finish(&app, event);
                    });
                }
                false
            }
        })
        .build()
        .map_err(|e| payload(e.to_string(), ErrorCode::WindowFailed))?;
    // Closed by the user before the redirect: say so.
    let (app3, profile) = (app.clone(), begun.profile.clone());
    window.on_window_event(move |event| {
        if let tauri::WindowEvent::Destroyed = event {
            if !done.swap(true, Ordering::SeqCst) {
                let _ = app3.emit_to(
                    "main",
                    SIGN_IN_FINISHED_EVENT,
                    SignInFinishedEvent {
                        profile: profile.clone(),
                        signed_in: None,
                        error: Some(payload(
                            "the sign-in window was closed before the sign-in finished",
                            ErrorCode::SignInCancelled,
                        )),
                    },
                );
            }
        }
    });
    Ok(begun)
}

#[tauri::command]
pub async fn sign_in_window_close<R: Runtime>(
    app: AppHandle<R>,
    _req: NoArgs,
) -> Result<Done, ErrorPayload> {
    if let Some(w) = app.get_webview_window(SIGN_IN_WINDOW) {
        let _ = w.close();
    }
    Ok(Done::ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn u(s: &str) -> Url {
        Url::parse(s).unwrap()
    }

    #[test]
    fn intercepts_only_the_redirect_uri() {
        let r = u("https://app.example.com/oauth/callback");
        assert_eq!(
            decide(
                &u("https://app.example.com/oauth/callback?code=c&state=s"),
                &r
            ),
            Navigation::Intercept
        );
        assert_eq!(
            decide(&u("https://app.example.com/oauth/callback/?code=c"), &r),
            Navigation::Intercept
        );
        assert_eq!(
            decide(&u("https://app.example.com:443/oauth/callback?error=x"), &r),
            Navigation::Intercept
        );
        assert_eq!(
            decide(&u("https://api.example.com/oauth/authorize/?x=1"), &r),
            Navigation::Allow
        );
        assert_eq!(
            decide(&u("http://app.example.com/oauth/callback?code=c"), &r),
            Navigation::Allow
        );
        assert_eq!(
            decide(&u("https://app.example.com:8443/oauth/callback"), &r),
            Navigation::Allow
        );
        assert_eq!(
            decide(&u("https://app.example.com/oauth/callbackx"), &r),
            Navigation::Allow
        );
        assert_eq!(
            decide(&u("https://evil.example.com/oauth/callback"), &r),
            Navigation::Allow
        );
    }
}
