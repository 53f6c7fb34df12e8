//! Sending one mail to the office's SMTP server. lettre speaks SMTP (EHLO, AUTH PLAIN/LOGIN,
//! MAIL/RCPT/DATA, QUIT) over a connection made here, because TLS is Lockdesk's in one place:
//! `lockdesk_api::tls::client_config`, the operating system's trust store, so an office's own
//! root certificate counts for its mail server as for every other request, and nothing else
//! is trusted.
//!
//! - `starttls` (587): the greeting, EHLO and STARTTLS are said here in plain text; a server
//!   that does not offer STARTTLS gets nothing more (`mail_starttls_missing`), and one that sends
//!   anything after its "220" before the handshake is left. lettre reads a session's first
//!   reply before its EHLO, so the TLS stream it is given opens with the server's own "220"
//!   to STARTTLS; lettre then says EHLO again over TLS (RFC 3207 §4.2) and reads the sign-in
//!   methods from that answer.
//! - `tls` (465): TLS from the first byte.
//! - `none`: plain SMTP, to a server on this computer only (checked when the destination is
//!   added, and here again before a password is sent).
//!
//! What came back decides what happens next ([`Sent`], as for webhooks):
//! - a permanent reply (5xx) to the sign-in (535 bad credentials, 534, 530), or no sign-in
//!   method in common: `mail_auth_failed`, not tried again;
//! - another permanent reply (550 mailbox unavailable, 553, 554): `mail_refused`, not tried
//!   again;
//! - a transient reply (4xx: 421, 450, 451, 452, 454), a connection refused or lost, no answer in
//!   time: `mail_unavailable`, tried again with the deliveries' backoff; a refused certificate
//!   (`tls_certificate`) likewise. A mail whose end-of-data answer was lost may have arrived:
//!   it is sent again, so a mail arrives at least once (a chat message whose answer was lost is
//!   not sent again: `send.rs`).

use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use lettre::transport::smtp::authentication::{Credentials, Mechanism};
use lettre::transport::smtp::client::{AsyncSmtpConnection, AsyncTokioStream};
use lettre::transport::smtp::extension::ClientId;
use lettre::Message;
use tokio::io::{
    AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, BufReader, ReadBuf,
};
use tokio::net::TcpStream;
use tokio_rustls::client::TlsStream;
use tokio_rustls::rustls::pki_types::ServerName;
use tokio_rustls::TlsConnector;

use crate::error::ErrorCode;
use crate::team_alerts::mail::{is_loopback_host, one_line, MailSecurity, MailSettings};
use crate::team_alerts::send::Sent;

/// How long reaching the server may take.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(15);
/// How long one mail may take, from connecting to the end of data.
pub const SEND_TIMEOUT: Duration = Duration::from_secs(60);
/// The longest reply line read before STARTTLS, and the most lines of a reply.
const REPLY_LINE_MAX: usize = 1000;
const REPLY_LINES_MAX: usize = 100;
/// The most bytes read of one reply after STARTTLS (or over TLS), where lettre reads: it reads
/// a line whole before it checks its length, so a server sending a line that never ends (or
/// replies that never end) is cut off here. A real reply is a few hundred bytes.
const REPLY_BYTES_MAX: usize = 64 * 1024;

/// The server a mail goes to and the sign-in's password (none without a user name).
pub struct Server<'a> {
    /// As kept: a name, an IPv4 address or an IPv6 one in brackets.
    pub host: &'a str,
    pub settings: &'a MailSettings,
    pub password: Option<&'a str>,
}

/// Sends `message` to `server`: one session, closed with QUIT.
pub async fn send(server: &Server<'_>, message: &Message) -> Sent {
    match tokio::time::timeout(SEND_TIMEOUT, session(server, message)).await {
        Ok(sent) => sent,
        Err(_) => retry(
            ErrorCode::MailUnavailable,
            "the mail server did not answer in time (a mail being sent may have arrived)".into(),
        ),
    }
}

/// What was being done when a reply or failure came.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    Hello,
    SignIn,
    Send,
}

async fn session(server: &Server<'_>, message: &Message) -> Sent {
    let settings = server.settings;
    let host = server.host.trim_start_matches('[').trim_end_matches(']');
    let tcp = match tokio::time::timeout(CONNECT_TIMEOUT, TcpStream::connect((host, settings.port)))
        .await
    {
        Ok(Ok(tcp)) => tcp,
        Ok(Err(e)) => {
            return retry(
                ErrorCode::MailUnavailable,
                format!("the mail server could not be reached: {e}"),
            )
        }
        Err(_) => {
            return retry(
                ErrorCode::MailUnavailable,
                "the mail server could not be reached in time".into(),
            )
        }
    };
    // An address literal, as RFC 5321 allows when the client has no name it can vouch for.
    let hello = ClientId::default();
    let wire = match settings.security {
        MailSecurity::None => Wire::new(Io::Plain(tcp), Vec::new()),
        MailSecurity::Tls => match tls(tcp, host).await {
            Ok(tls) => Wire::new(Io::Tls(Box::new(tls)), Vec::new()),
            Err(sent) => return sent,
        },
        MailSecurity::Starttls => {
            let mut tcp = tcp;
            let ready = match starttls(&mut tcp, &hello).await {
                Ok(ready) => ready,
                Err(sent) => return sent,
            };
            match tls(tcp, host).await {
                Ok(tls) => Wire::new(Io::Tls(Box::new(tls)), ready),
                Err(sent) => return sent,
            }
        }
    };
    let encrypted = matches!(wire.io, Io::Tls(_));
    let mut conn = match AsyncSmtpConnection::connect_with_transport(Box::new(wire), &hello).await {
        Ok(conn) => conn,
        Err(e) => return of_smtp(Stage::Hello, &e),
    };
    if !settings.username.is_empty() {
        // Never a password in clear over the network, whatever the file says.
        if !encrypted && !is_loopback_host(server.host) {
            conn.abort().await;
            return refused(
                ErrorCode::MailStarttlsMissing,
                0,
                "the connection is not encrypted; the password is not sent".into(),
            );
        }
        let Some(password) = server.password else {
            conn.abort().await;
            return refused(
                ErrorCode::MailAuthFailed,
                0,
                "no password is kept for the sign-in".into(),
            );
        };
        let credentials = Credentials::new(settings.username.clone(), password.to_owned());
        if let Err(e) = conn
            .auth(&[Mechanism::Plain, Mechanism::Login], &credentials)
            .await
        {
            conn.abort().await;
            return of_smtp(Stage::SignIn, &e);
        }
    }
    match conn.send(message.envelope(), &message.formatted()).await {
        Ok(_) => {
            // Delivered with the end-of-data reply; a failing QUIT changes nothing.
            let _ = conn.quit().await;
            Sent::Delivered
        }
        Err(e) => {
            conn.abort().await;
            of_smtp(Stage::Send, &e)
        }
    }
}

/// The TLS handshake with the OS trust store, for `host`.
async fn tls(tcp: TcpStream, host: &str) -> Result<TlsStream<TcpStream>, Sent> {
    let mut config = lockdesk_api::tls::client_config();
    // The shared configuration names HTTP/1.1; a mail server speaks no ALPN protocol.
    config.alpn_protocols.clear();
    let name = ServerName::try_from(host.to_owned()).map_err(|_| {
        refused(
            ErrorCode::MailRefused,
            0,
            "the mail server's name cannot be checked against a certificate".into(),
        )
    })?;
    TlsConnector::from(Arc::new(config))
        .connect(name, tcp)
        .await
        .map_err(|e| match lockdesk_api::tls::problem_of(&e) {
            Some(problem) => Sent::Retry {
                code: ErrorCode::TlsCertificate,
                retry_after: None,
                reason: format!("the mail server's certificate was refused: {problem}"),
                tls: Some(problem),
            },
            None => retry(
                ErrorCode::MailUnavailable,
                format!("the secure connection to the mail server failed: {e}"),
            ),
        })
}

/// One reply: its code and its raw bytes (every line).
struct Reply {
    code: u16,
    lines: Vec<String>,
    raw: Vec<u8>,
}

/// The greeting, EHLO and STARTTLS in plain text; the server's "220" to STARTTLS.
async fn starttls(tcp: &mut TcpStream, hello: &ClientId) -> Result<Vec<u8>, Sent> {
    let mut io = BufReader::new(tcp);
    expect(&read_reply(&mut io).await?, Stage::Hello)?;
    write(&mut io, format!("EHLO {hello}\r\n").as_bytes()).await?;
    let ehlo = read_reply(&mut io).await?;
    expect(&ehlo, Stage::Hello)?;
    let offers = ehlo.lines.iter().skip(1).any(|l| {
        l.get(4..)
            .is_some_and(|k| k.trim().eq_ignore_ascii_case("STARTTLS"))
    });
    if !offers {
        let _ = write(&mut io, b"QUIT\r\n").await;
        return Err(refused(
            ErrorCode::MailStarttlsMissing,
            0,
            "the mail server does not offer STARTTLS".into(),
        ));
    }
    write(&mut io, b"STARTTLS\r\n").await?;
    let ready = read_reply(&mut io).await?;
    expect(&ready, Stage::Hello)?;
    if ready.code != 220 || !io.buffer().is_empty() {
        return Err(retry(
            ErrorCode::MailUnavailable,
            "the mail server answered STARTTLS out of turn".into(),
        ));
    }
    Ok(ready.raw)
}

async fn write(io: &mut BufReader<&mut TcpStream>, bytes: &[u8]) -> Result<(), Sent> {
    io.get_mut().write_all(bytes).await.map_err(|e| {
        retry(
            ErrorCode::MailUnavailable,
            format!("the mail server closed the connection: {e}"),
        )
    })
}

async fn read_reply(io: &mut BufReader<&mut TcpStream>) -> Result<Reply, Sent> {
    let lost = |why: String| retry(ErrorCode::MailUnavailable, why);
    let mut reply = Reply {
        code: 0,
        lines: Vec::new(),
        raw: Vec::new(),
    };
    loop {
        let mut line = Vec::new();
        let n = (&mut *io)
            .take(REPLY_LINE_MAX as u64)
            .read_until(b'\n', &mut line)
            .await
            .map_err(|e| lost(format!("the mail server closed the connection: {e}")))?;
        if n == 0 || !line.ends_with(b"\n") || reply.lines.len() >= REPLY_LINES_MAX {
            return Err(lost("the mail server's answer was cut short".into()));
        }
        reply.raw.extend_from_slice(&line);
        let text = String::from_utf8_lossy(&line).trim_end().to_owned();
        let code = text.get(..3).and_then(|c| c.parse::<u16>().ok());
        let (Some(code), true) = (code, (100..600).contains(&code.unwrap_or(0))) else {
            return Err(lost("the mail server's answer is not SMTP".into()));
        };
        reply.code = code;
        let last = text.as_bytes().get(3) != Some(&b'-');
        reply.lines.push(text);
        if last {
            return Ok(reply);
        }
    }
}

/// A 2xx or 3xx reply passes; 4xx is retried, 5xx refused.
fn expect(reply: &Reply, stage: Stage) -> Result<(), Sent> {
    let reason = one_line(&reply.lines.join(" "));
    match reply.code {
        200..=399 => Ok(()),
        400..=499 => Err(retry(ErrorCode::MailUnavailable, cut(&reason))),
        code => Err(refused(refusal(stage), code, cut(&reason))),
    }
}

fn refusal(stage: Stage) -> ErrorCode {
    if stage == Stage::SignIn {
        ErrorCode::MailAuthFailed
    } else {
        ErrorCode::MailRefused
    }
}

/// What lettre's error means for the next try.
fn of_smtp(stage: Stage, e: &lettre::transport::smtp::Error) -> Sent {
    let reason = cut(&one_line(&e.to_string()));
    let status = e.status().map_or(0, u16::from);
    if e.is_permanent() || e.is_client() {
        // A client error is lettre refusing before sending: no sign-in method in common, or a
        // mail the server cannot take as it said in EHLO. Neither passes by waiting.
        refused(refusal(stage), status, reason)
    } else if let Some(problem) = lockdesk_api::tls::problem_of(e) {
        Sent::Retry {
            code: ErrorCode::TlsCertificate,
            retry_after: None,
            reason,
            tls: Some(problem),
        }
    } else {
        retry(ErrorCode::MailUnavailable, reason)
    }
}

/// A server's words, at most 300 characters.
fn cut(reason: &str) -> String {
    reason.chars().take(300).collect()
}

fn retry(code: ErrorCode, reason: String) -> Sent {
    Sent::Retry {
        code,
        retry_after: None,
        reason,
        tls: None,
    }
}

fn refused(code: ErrorCode, status: u16, reason: String) -> Sent {
    Sent::Refused {
        code,
        status,
        reason,
    }
}

/// The connection lettre speaks over: plain or TLS, opening with bytes already read from the
/// server (its "220" to STARTTLS) when the session goes on after STARTTLS. What the server
/// sends between two of Lockdesk's writes (one reply) is read up to [`REPLY_BYTES_MAX`].
#[derive(Debug)]
struct Wire {
    replay: Vec<u8>,
    at: usize,
    io: Io,
    /// Bytes read since Lockdesk last wrote.
    read_since_write: usize,
}

#[derive(Debug)]
enum Io {
    Plain(TcpStream),
    Tls(Box<TlsStream<TcpStream>>),
}

impl Wire {
    fn new(io: Io, replay: Vec<u8>) -> Wire {
        Wire {
            replay,
            at: 0,
            io,
            read_since_write: 0,
        }
    }
}

impl AsyncRead for Wire {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        if this.at < this.replay.len() {
            let n = (this.replay.len() - this.at).min(buf.remaining());
            buf.put_slice(&this.replay[this.at..this.at + n]);
            this.at += n;
            return Poll::Ready(Ok(()));
        }
        let room = REPLY_BYTES_MAX.saturating_sub(this.read_since_write);
        if room == 0 {
            return Poll::Ready(Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!("the mail server's answer is longer than {REPLY_BYTES_MAX} bytes"),
            )));
        }
        // Never more than the room left, so a reply cannot overrun the limit in one read.
        let mut chunk = [0u8; 8 * 1024];
        let want = room.min(buf.remaining()).min(chunk.len());
        let mut limited = ReadBuf::new(&mut chunk[..want]);
        let polled = match &mut this.io {
            Io::Plain(s) => Pin::new(s).poll_read(cx, &mut limited),
            Io::Tls(s) => Pin::new(s.as_mut()).poll_read(cx, &mut limited),
        };
        buf.put_slice(limited.filled());
        this.read_since_write += limited.filled().len();
        polled
    }
}

impl AsyncWrite for Wire {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let written = match &mut this.io {
            Io::Plain(s) => Pin::new(s).poll_write(cx, buf),
            Io::Tls(s) => Pin::new(s.as_mut()).poll_write(cx, buf),
        };
        if matches!(written, Poll::Ready(Ok(n)) if n > 0) {
            // A command went out: what comes next is its reply.
            this.read_since_write = 0;
        }
        written
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match &mut self.get_mut().io {
            Io::Plain(s) => Pin::new(s).poll_flush(cx),
            Io::Tls(s) => Pin::new(s.as_mut()).poll_flush(cx),
        }
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match &mut self.get_mut().io {
            Io::Plain(s) => Pin::new(s).poll_shutdown(cx),
            Io::Tls(s) => Pin::new(s.as_mut()).poll_shutdown(cx),
        }
    }
}

impl AsyncTokioStream for Wire {
    fn peer_addr(&self) -> io::Result<SocketAddr> {
        match &self.io {
            Io::Plain(s) => s.peer_addr(),
            Io::Tls(s) => s.get_ref().0.peer_addr(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::team_alerts::mail::{self, MailSecurity};

    /// A mail server on the loopback that greets with `greeting` and then sends `endless`
    /// again and again until the client goes away.
    async fn server(greeting: &'static [u8], endless: &'static [u8]) -> u16 {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        tokio::spawn(async move {
            let (mut tcp, _) = listener.accept().await.unwrap();
            if tcp.write_all(greeting).await.is_err() {
                return;
            }
            while tcp.write_all(endless).await.is_ok() {}
        });
        port
    }

    async fn send_to(port: u16) -> Sent {
        let settings = MailSettings {
            port,
            security: MailSecurity::None,
            username: String::new(),
            from: "lockdesk@example.jp".into(),
            to: vec!["soumu@example.jp".into()],
        };
        let message = mail::build(&settings, "件名", "本文", chrono::Utc::now(), "1").unwrap();
        let server = Server {
            host: "127.0.0.1",
            settings: &settings,
            password: None,
        };
        send(&server, &message).await
    }

    /// A greeting line that never ends, and a reply of lines that never ends: cut off at the
    /// reply limit and tried again later, never read until the time runs out.
    #[tokio::test]
    async fn an_endless_reply_is_cut_off_at_its_limit() {
        let endless_line = server(b"220 mail.example.jp ", &[b'x'; 4096]).await;
        let endless_lines = server(b"220-mail.example.jp\r\n", b"220-more\r\n").await;
        for port in [endless_line, endless_lines] {
            match send_to(port).await {
                Sent::Retry { code, reason, .. } => {
                    assert_eq!(code, ErrorCode::MailUnavailable);
                    assert!(!reason.contains("in time"), "{reason}");
                }
                other => panic!("{other:?}"),
            }
        }
    }
}
