//! Tests only (feature `test-smtp`): an SMTP server on loopback for the alert-mail tests, no
//! internet. It speaks what a submission server speaks to Lockdesk — the greeting, EHLO (with
//! 8BITMIME, AUTH PLAIN LOGIN and, before TLS, STARTTLS when it offers it), STARTTLS with a
//! certificate from [`crate::test_pki`], AUTH PLAIN and LOGIN, MAIL/RCPT/DATA, RSET, NOOP and
//! QUIT — records every mail it accepts (envelope, the message as sent, whether it came over
//! TLS and after which sign-in) and every AUTH said in clear, and can be told to answer a
//! reply code at MAIL, RCPT or the end of data, or to stop listening (connections refused) and
//! come back on the same port.
//!
//! Written here rather than started from Python's aiosmtpd: the tests need answers to order
//! (451 then recovery, 535, 550), STARTTLS with the test CA's certificate and a server that
//! comes back on its port; in Rust that is one small file, with no interpreter, virtual
//! environment or download on a fresh CI machine and nothing to wait for at start.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use base64::Engine;
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinHandle;
use tokio_rustls::rustls::ServerConfig;
use tokio_rustls::TlsAcceptor;

use crate::TlsIdentity;

/// How the server's port is protected.
#[derive(Clone, Debug)]
pub enum Security {
    /// Plain SMTP, no STARTTLS offered.
    Plain,
    /// Plain SMTP offering STARTTLS with this certificate.
    Starttls(TlsIdentity),
    /// TLS from the first byte (port 465's way).
    Tls(TlsIdentity),
}

/// What the server answers, until told otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Accept,
    /// This reply code to MAIL FROM.
    Mail(u16),
    /// This reply code to every RCPT TO.
    Rcpt(u16),
    /// This reply code at the end of data (the mail is not kept).
    Data(u16),
}

/// A mail the server accepted.
#[derive(Clone, Debug)]
pub struct Received {
    pub from: String,
    pub to: Vec<String>,
    /// The message as sent (headers and body, dots unstuffed, CRLF line ends).
    pub data: String,
    /// Whether it came over TLS.
    pub tls: bool,
    /// The user name of the sign-in it came after.
    pub user: Option<String>,
}

impl Received {
    /// The header part, folded lines joined.
    pub fn head(&self) -> String {
        let head = self.data.split("\r\n\r\n").next().unwrap_or_default();
        head.replace("\r\n ", " ").replace("\r\n\t", " ")
    }

    /// Every header line, unfolded.
    pub fn headers(&self) -> Vec<String> {
        self.head().split("\r\n").map(str::to_owned).collect()
    }

    /// The value of header `name` (first of its kind), unfolded.
    pub fn header(&self, name: &str) -> Option<String> {
        self.headers().into_iter().find_map(|l| {
            let (n, v) = l.split_once(':')?;
            n.eq_ignore_ascii_case(name).then(|| v.trim().to_owned())
        })
    }

    /// The subject, its RFC 2047 words (`=?utf-8?b?…?=`) decoded.
    pub fn subject(&self) -> String {
        decode_words(&self.header("subject").unwrap_or_default())
    }

    /// The body as text: base64 decoded when the mail says so.
    pub fn text(&self) -> String {
        let body = self.data.split_once("\r\n\r\n").map_or("", |(_, b)| b);
        let base64 = self
            .header("content-transfer-encoding")
            .is_some_and(|e| e.eq_ignore_ascii_case("base64"));
        if !base64 {
            return body.to_owned();
        }
        let packed: String = body.split_whitespace().collect();
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(packed)
            .expect("a base64 body");
        String::from_utf8(bytes)
            .expect("a UTF-8 body")
            .replace("\r\n", "\n")
    }
}

/// RFC 2047 encoded words in UTF-8 and base64 (what lettre writes); the space between two
/// encoded words is not part of the text.
fn decode_words(value: &str) -> String {
    let mut out = String::new();
    let mut after_word = false;
    for (i, part) in value.split(' ').enumerate() {
        let encoded = part
            .strip_prefix("=?utf-8?b?")
            .or_else(|| part.strip_prefix("=?UTF-8?B?"))
            .and_then(|p| p.strip_suffix("?="));
        if i > 0 && !(encoded.is_some() && after_word) {
            out.push(' ');
        }
        match encoded {
            Some(b64) => {
                let bytes = base64::engine::general_purpose::STANDARD
                    .decode(b64)
                    .expect("an encoded word");
                out.push_str(&String::from_utf8_lossy(&bytes));
            }
            None => out.push_str(part),
        }
        after_word = encoded.is_some();
    }
    out
}

#[derive(Debug)]
struct Inner {
    answer: Answer,
    received: Vec<Received>,
    /// AUTH commands said over a connection without TLS.
    auth_in_clear: usize,
    /// Connections accepted.
    sessions: usize,
}

type Shared = Arc<Mutex<Inner>>;

/// A running test SMTP server.
pub struct SmtpServer {
    pub addr: SocketAddr,
    security: Security,
    login: Option<(String, String)>,
    inner: Shared,
    task: Option<JoinHandle<()>>,
}

impl SmtpServer {
    /// A server on 127.0.0.1 (any free port); with `login`, mail only after that sign-in.
    pub async fn start(security: Security, login: Option<(&str, &str)>) -> SmtpServer {
        let mut server = SmtpServer {
            addr: "127.0.0.1:0".parse().expect("an address"),
            security,
            login: login.map(|(u, p)| (u.to_owned(), p.to_owned())),
            inner: Arc::new(Mutex::new(Inner {
                answer: Answer::Accept,
                received: Vec::new(),
                auth_in_clear: 0,
                sessions: 0,
            })),
            task: None,
        };
        server.listen().await;
        server
    }

    async fn listen(&mut self) {
        let listener = TcpListener::bind(self.addr).await.expect("a loopback port");
        self.addr = listener.local_addr().expect("its address");
        let tls = match &self.security {
            Security::Plain => None,
            Security::Starttls(id) | Security::Tls(id) => {
                let mut config = (*id.server_config().expect("the test identity")).clone();
                config.alpn_protocols.clear();
                Some(Arc::new(config))
            }
        };
        let implicit = matches!(self.security, Security::Tls(_));
        let (inner, login) = (self.inner.clone(), self.login.clone());
        self.task = Some(tokio::spawn(async move {
            while let Ok((tcp, _)) = listener.accept().await {
                inner.lock().unwrap().sessions += 1;
                let session = Session {
                    inner: inner.clone(),
                    login: login.clone(),
                    tls: tls.clone(),
                };
                tokio::spawn(async move { session.serve(tcp, implicit).await });
            }
        }));
    }

    /// Stops listening: connections are refused until [`SmtpServer::restart`].
    pub fn stop(&mut self) {
        if let Some(task) = self.task.take() {
            task.abort();
        }
    }

    /// Listens again on the same port.
    pub async fn restart(&mut self) {
        self.stop();
        for _ in 0..50 {
            if TcpListener::bind(self.addr).await.is_ok() {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        self.listen().await;
    }

    pub fn set(&self, answer: Answer) {
        self.inner.lock().unwrap().answer = answer;
    }

    /// Every mail accepted so far, oldest first.
    pub fn received(&self) -> Vec<Received> {
        self.inner.lock().unwrap().received.clone()
    }

    /// AUTH commands said without TLS.
    pub fn auth_in_clear(&self) -> usize {
        self.inner.lock().unwrap().auth_in_clear
    }

    /// Connections accepted so far.
    pub fn sessions(&self) -> usize {
        self.inner.lock().unwrap().sessions
    }

    pub fn port(&self) -> u16 {
        self.addr.port()
    }
}

impl Drop for SmtpServer {
    fn drop(&mut self) {
        self.stop();
    }
}

struct Session {
    inner: Shared,
    login: Option<(String, String)>,
    tls: Option<Arc<ServerConfig>>,
}

/// Where a session stands.
#[derive(Default)]
struct State {
    user: Option<String>,
    from: Option<String>,
    to: Vec<String>,
}

impl Session {
    async fn serve(self, tcp: TcpStream, implicit: bool) {
        let acceptor = self.tls.clone().map(TlsAcceptor::from);
        if implicit {
            let Some(acceptor) = acceptor else { return };
            if let Ok(tls) = acceptor.accept(tcp).await {
                self.talk(BufReader::new(tls), true, true).await;
            }
            return;
        }
        if let Some(tcp) = self.talk(BufReader::new(tcp), false, true).await {
            let Some(acceptor) = acceptor else { return };
            if let Ok(tls) = acceptor.accept(tcp).await {
                self.talk(BufReader::new(tls), true, false).await;
            }
        }
    }

    /// One conversation; the stream back when the client asked for STARTTLS.
    async fn talk<S: AsyncRead + AsyncWrite + Unpin>(
        &self,
        mut io: BufReader<S>,
        tls: bool,
        greet: bool,
    ) -> Option<S> {
        if greet {
            send(&mut io, "220 lockdesk-test ESMTP\r\n").await?;
        }
        let mut st = State::default();
        loop {
            let line = read_line(&mut io).await?;
            let upper = line.to_ascii_uppercase();
            let verb = upper.split(' ').next().unwrap_or_default().to_owned();
            match verb.as_str() {
                "EHLO" | "HELO" => {
                    st = State::default();
                    let mut lines = vec!["lockdesk-test".to_owned(), "8BITMIME".to_owned()];
                    if self.tls.is_some() && !tls {
                        lines.push("STARTTLS".into());
                    }
                    if self.login.is_some() {
                        lines.push("AUTH PLAIN LOGIN".into());
                    }
                    let n = lines.len();
                    let reply: String = lines
                        .iter()
                        .enumerate()
                        .map(|(i, l)| format!("250{}{l}\r\n", if i + 1 == n { ' ' } else { '-' }))
                        .collect();
                    send(&mut io, &reply).await?;
                }
                "STARTTLS" if self.tls.is_some() && !tls => {
                    send(&mut io, "220 2.0.0 Ready to start TLS\r\n").await?;
                    return Some(io.into_inner());
                }
                "AUTH" => {
                    if !tls {
                        self.inner.lock().unwrap().auth_in_clear += 1;
                    }
                    let Some((user, password)) = &self.login else {
                        send(&mut io, "503 5.5.1 no sign-in here\r\n").await?;
                        continue;
                    };
                    let mut args = line.split(' ').skip(1);
                    let mechanism = args.next().unwrap_or_default().to_ascii_uppercase();
                    let given = match mechanism.as_str() {
                        "PLAIN" => {
                            let initial = match args.next() {
                                Some(a) => a.to_owned(),
                                None => {
                                    send(&mut io, "334 \r\n").await?;
                                    read_line(&mut io).await?
                                }
                            };
                            let raw = b64(&initial);
                            let mut parts = raw.split('\0').skip(1);
                            (
                                parts.next().unwrap_or_default().to_owned(),
                                parts.next().unwrap_or_default().to_owned(),
                            )
                        }
                        "LOGIN" => {
                            send(&mut io, "334 VXNlcm5hbWU6\r\n").await?;
                            let u = b64(&read_line(&mut io).await?);
                            send(&mut io, "334 UGFzc3dvcmQ6\r\n").await?;
                            let p = b64(&read_line(&mut io).await?);
                            (u, p)
                        }
                        _ => {
                            send(&mut io, "504 5.5.4 unknown mechanism\r\n").await?;
                            continue;
                        }
                    };
                    if given.0 == *user && given.1 == *password {
                        st.user = Some(given.0);
                        send(&mut io, "235 2.7.0 Authentication successful\r\n").await?;
                    } else {
                        send(&mut io, "535 5.7.8 Authentication credentials invalid\r\n").await?;
                    }
                }
                "MAIL" => {
                    if self.login.is_some() && st.user.is_none() {
                        send(&mut io, "530 5.7.0 Authentication required\r\n").await?;
                        continue;
                    }
                    if let Answer::Mail(code) = self.answer() {
                        send(&mut io, &format!("{code} answer to order\r\n")).await?;
                        continue;
                    }
                    st.from = Some(between_brackets(&line));
                    st.to.clear();
                    send(&mut io, "250 2.1.0 Ok\r\n").await?;
                }
                "RCPT" => {
                    if let Answer::Rcpt(code) = self.answer() {
                        send(&mut io, &format!("{code} 5.1.1 mailbox unavailable\r\n")).await?;
                        continue;
                    }
                    st.to.push(between_brackets(&line));
                    send(&mut io, "250 2.1.5 Ok\r\n").await?;
                }
                "DATA" => {
                    if st.from.is_none() || st.to.is_empty() {
                        send(&mut io, "503 5.5.1 MAIL and RCPT first\r\n").await?;
                        continue;
                    }
                    send(&mut io, "354 End data with <CR><LF>.<CR><LF>\r\n").await?;
                    let mut data = String::new();
                    loop {
                        let l = read_line(&mut io).await?;
                        if l == "." {
                            break;
                        }
                        data.push_str(l.strip_prefix('.').unwrap_or(&l));
                        data.push_str("\r\n");
                    }
                    if let Answer::Data(code) = self.answer() {
                        send(&mut io, &format!("{code} 4.3.0 try again later\r\n")).await?;
                    } else {
                        self.inner.lock().unwrap().received.push(Received {
                            from: st.from.take().unwrap_or_default(),
                            to: std::mem::take(&mut st.to),
                            data,
                            tls,
                            user: st.user.clone(),
                        });
                        send(&mut io, "250 2.0.0 Ok: queued\r\n").await?;
                    }
                    st.from = None;
                    st.to.clear();
                }
                "RSET" => {
                    st.from = None;
                    st.to.clear();
                    send(&mut io, "250 2.0.0 Ok\r\n").await?;
                }
                "NOOP" => send(&mut io, "250 2.0.0 Ok\r\n").await?,
                "QUIT" => {
                    let _ = send(&mut io, "221 2.0.0 Bye\r\n").await;
                    return None;
                }
                _ => send(&mut io, "502 5.5.2 Error: command not recognized\r\n").await?,
            }
        }
    }

    fn answer(&self) -> Answer {
        self.inner.lock().unwrap().answer
    }
}

async fn send<S: AsyncRead + AsyncWrite + Unpin>(io: &mut BufReader<S>, reply: &str) -> Option<()> {
    io.get_mut().write_all(reply.as_bytes()).await.ok()?;
    io.get_mut().flush().await.ok()
}

/// One line without its CRLF; none when the client left (or sent a line over 64 KiB).
async fn read_line<S: AsyncRead + Unpin>(io: &mut BufReader<S>) -> Option<String> {
    let mut buf = Vec::new();
    let n = (&mut *io)
        .take(64 * 1024)
        .read_until(b'\n', &mut buf)
        .await
        .ok()?;
    if n == 0 || !buf.ends_with(b"\n") {
        return None;
    }
    let line = String::from_utf8_lossy(&buf);
    Some(line.trim_end_matches(['\r', '\n']).to_owned())
}

fn between_brackets(line: &str) -> String {
    line.split_once('<')
        .and_then(|(_, rest)| rest.split_once('>'))
        .map_or_else(String::new, |(inside, _)| inside.to_owned())
}

fn b64(s: &str) -> String {
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(s.trim())
        .unwrap_or_default();
    String::from_utf8_lossy(&bytes).into_owned()
}
