#!/usr/bin/env python3
"""lockctl.exe under Wine, driven from a shell as a Windows administrator would, against the
Linux lockdesk-sim on loopback: profile add, login (paste), orgs, locks, a CP932 bulk invite,
history sync into an archive, a CSV to a redirected stdout, watch --once, the team's data
source (PostgreSQL on this computer), --cached, logout.

The Wine prefix's user is "山田 太郎", so the data folder is
C:\\users\\山田 太郎\\AppData\\Local\\Lockdesk (Japanese characters and a space); secrets go
to Wine's Credential Manager (keyring's windows-native store), never to files.

usage: walk.py LOCKCTL_EXE LOCKDESK_SIM WINEPREFIX
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import urllib.parse
import urllib.request

EXE, SIM, PREFIX = (os.path.abspath(a) for a in sys.argv[1:4])
USER = "山田 太郎"
WIN_HOME = os.path.join(PREFIX, "drive_c", "users", USER)
LOCAL_DATA = os.path.join(WIN_HOME, "AppData", "Local", "Lockdesk")
ROAMING = os.path.join(WIN_HOME, "AppData", "Roaming", "Lockdesk")

env = dict(os.environ)
env.update(
    WINEPREFIX=PREFIX,
    WINEDEBUG="-all",
    WINEDLLOVERRIDES="mscoree,mshtml=",
    USER=USER,
    # Wine names files in the Unix locale's charset: UTF-8, as the prefix was made.
    LANG="C.UTF-8",
)
for k in ("LOCKDESK_DATA_DIR", "LOCKDESK_CONFIG_DIR", "LOCKDESK_PROFILE"):
    env.pop(k, None)


def step(title):
    print(f"-- {title}", flush=True)


def lockctl(*args, stdin="", secret=None, ok=(0,), stdout=None):
    e = dict(env)
    if secret is not None:
        e["LOCKDESK_CLIENT_SECRET"] = secret
    p = subprocess.run(
        ["wine", EXE, *args],
        input=stdin.encode(),
        stdout=stdout or subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=e,
        timeout=300,
    )
    out = p.stdout.decode("utf-8", "replace") if p.stdout is not None else ""
    err = p.stderr.decode("utf-8", "replace")
    if p.returncode not in ok:
        sys.exit(f"lockctl {' '.join(args)} exited {p.returncode}\nstdout:\n{out}\nstderr:\n{err}")
    return p.returncode, out, err


def authorize(url, mail, password):
    """What a person does in the browser: the simulator's sign-in form, answered with a 302."""
    q = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(url).query))
    form = urllib.parse.urlencode(
        dict(
            mail=mail,
            password=password,
            client_id=q["client_id"],
            redirect_uri=q["redirect_uri"],
            response_type="code",
            state=q["state"],
            # The page's form carries the PKCE challenge of the address.
            code_challenge=q["code_challenge"],
            code_challenge_method=q["code_challenge_method"],
        )
    ).encode()
    post = urllib.parse.urlunsplit(urllib.parse.urlsplit(url)._replace(query=""))

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *a, **k):
            return None

    opener = urllib.request.build_opener(NoRedirect)
    try:
        opener.open(urllib.request.Request(post, data=form, method="POST"))
    except urllib.error.HTTPError as e:
        if e.code == 302:
            return e.headers["Location"]
        raise
    sys.exit("the sign-in form did not redirect")


def login(profile, account, page_base=None, profile_base=None):
    """`lockctl login`: read the authorization address it prints, paste the redirect back."""
    p = subprocess.Popen(
        ["wine", EXE, "--profile", profile, "login"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=env,
    )
    seen = []
    for raw in p.stdout:
        line = raw.decode("utf-8", "replace")
        seen.append(line)
        if "/oauth/authorize" in line:
            url = line[line.index("http") :].strip()
            if page_base:
                # The browser reaches the sign-in page through the same proxy.
                url = url.replace(profile_base, page_base, 1)
            p.stdin.write((authorize(url, account["mail"], account["password"]) + "\n").encode())
            p.stdin.close()
            break
    rest = p.stdout.read().decode("utf-8", "replace")
    if p.wait(timeout=120) != 0:
        sys.exit(f"login failed:\n{''.join(seen)}{rest}")
    return "".join(seen) + rest


def main():
    step("a Wine prefix whose user is 山田 太郎")
    if not os.path.isdir(WIN_HOME):
        sys.exit(f"no {WIN_HOME}: scripts/wine/prefix makes the prefix")
    # A new administrator: no profiles or data from an earlier run of this walk.
    for folder in (ROAMING, LOCAL_DATA):
        shutil.rmtree(folder, ignore_errors=True)

    sim = subprocess.Popen(
        [SIM, "--listen", "127.0.0.1:0", "--history-records", "3000", "--users", "40"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    try:
        info = json.loads(sim.stdout.readline())
        base = info["base_url"]
        v3 = next(c for c in info["clients"] if c["api"] == "v3")
        v2 = next(c for c in info["clients"] if c["api"] == "v2")
        boss = next(a for a in info["accounts"] if a["role"] == "super_manager")

        step("profile add (secret from the environment, kept in the Credential Manager)")
        for name, c in (("acme", v3), ("acme-history", v2)):
            lockctl(
                "profile", "add", name, "--base-url", base, "--client-id", c["client_id"],
                "--redirect-uri", c["redirect_uri"], "--api", c["api"], secret=c["client_secret"],
            )
        step("login (paste) for both")
        login("acme", boss)
        login("acme-history", boss)
        secrets_in_files(v3["client_secret"], v2["client_secret"])
        kept = credentials()
        for name in ("acme/client_secret", "acme/tokens", "acme-history/tokens"):
            assert f"Generic: {name}.lockdesk" in kept, kept

        step("orgs, orgs use, locks list")
        _, out, _ = lockctl("--profile", "acme", "--json", "orgs")
        org = json.loads(out)["organizations"][0]["id"]
        lockctl("--profile", "acme", "orgs", "use", org)
        _, out, _ = lockctl("--profile", "acme", "locks", "list", "--all")
        assert "A" in out and len(out.splitlines()) > 3, out

        step("invitations import of a CP932 file with Japanese headers, in a folder named in Japanese")
        folder = os.path.join(WIN_HOME, "Documents", "招待 ファイル")
        os.makedirs(folder, exist_ok=True)
        text = "メールアドレス,権限,ユーザーコード\r\nwine.boss@example.com,マネージャー,W-1\r\nwine.staff@example.com,メンバー,W-2\r\n"
        with open(os.path.join(folder, "招待.csv"), "wb") as f:
            f.write(text.encode("cp932"))
        win_csv = f"C:\\users\\{USER}\\Documents\\招待 ファイル\\招待.csv"
        _, out, err = lockctl("--profile", "acme", "invitations", "import", win_csv, "--dry-run")
        assert "Read as Shift_JIS (CP932)." in out, out + err
        _, out, err = lockctl("--profile", "acme", "invitations", "import", win_csv)
        assert "wine.boss@example.com" in out + err and "wine.staff@example.com" in out + err, out + err

        step("history sync into the archive under AppData\\Local\\Lockdesk")
        lockctl("--profile", "acme-history", "history", "sync")
        archives = [
            os.path.join(d, f)
            for d, _, fs in os.walk(os.path.join(LOCAL_DATA, "archive"))
            for f in fs
            if f.endswith(".sqlite")
        ]
        assert archives, f"no archive under {LOCAL_DATA}"
        assert not os.path.exists(os.path.join(ROAMING, "archive")), "an archive roams"
        assert not any(
            f.endswith(".sqlite3") or f.endswith(".sqlite")
            for _, _, fs in os.walk(ROAMING)
            for f in fs
        ), "a database in the roaming profile"

        step("history accesses as CSV on a redirected stdout: BOM, names in UTF-8")
        _, out, _ = lockctl("--profile", "acme-history", "--json", "history", "locks")
        lock = json.loads(out)["locks"][0]["id"]
        with tempfile.TemporaryFile() as f:
            lockctl("--profile", "acme-history", "history", "accesses", "--lock", lock,
                    "--format", "csv", stdout=f)
            f.seek(0)
            data = f.read()
        assert data.startswith(b"\xef\xbb\xbf"), data[:20]
        data.decode("utf-8")
        assert len(data.splitlines()) > 1, data[:200]

        step("watch --once (exit 0: nothing new, 3: new alerts)")
        code, out, err = lockctl("--profile", "acme", "watch", "--history-profile", "acme-history",
                                 "--once", ok=(0, 3))
        print(f"   watch --once exited {code}")

        team_walk(org)

        step("--cached reads without the service")
        _, out, err = lockctl("--profile", "acme", "--cached", "locks", "list")
        assert len(out.splitlines()) > 3, out + err

        step("logout revokes and forgets the session")
        lockctl("--profile", "acme", "logout")
        assert "Generic: acme/tokens.lockdesk" not in credentials(), "tokens kept after logout"
        code, out, err = lockctl("--profile", "acme", "locks", "list", ok=(0, 1, 2, 3, 4, 5, 6, 7, 8))
        assert code != 0 and "not_signed_in" in err, (code, out, err)

        step("behind the office proxy of the Windows settings (Internet Options)")
        # The proxy is one nothing answers on: a service out there ("behind", a name only an
        # office proxy would reach) is tried through it and the proxy named, which shows the
        # setting is read; the simulator on this computer ("near") is reached straight, as
        # addresses of this computer always are.
        dead = "127.0.0.1:9"
        service = "https://lockdesk-service.test"
        settings = r"HKCU\Software\Microsoft\Windows\CurrentVersion\Internet Settings"
        for name, at in (("behind", service), ("near", base)):
            lockctl(
                "profile", "add", name, "--base-url", at, "--client-id", v3["client_id"],
                "--redirect-uri", v3["redirect_uri"], secret=v3["client_secret"],
            )
        reg("add", settings, "/v", "ProxyEnable", "/t", "REG_DWORD", "/d", "1", "/f")
        reg("add", settings, "/v", "ProxyServer", "/t", "REG_SZ", "/d", dead, "/f")
        try:
            err = exchange_refused("behind", v3)
            assert f"through the proxy http://{dead}" in err and "[transport]" in err, err
            login("near", boss)
            _, out, err = lockctl("--profile", "near", "orgs")
            assert "O-" in out, out + err
        finally:
            reg("delete", settings, "/v", "ProxyServer", "/f")
            reg("add", settings, "/v", "ProxyEnable", "/t", "REG_DWORD", "/d", "0", "/f")

        step("behind the office proxy a setup script chooses (Internet Options: Use setup script)")
        # Wine reports "Automatically detect settings" as on, as Windows does by default: the
        # script address set beneath it is what Lockdesk follows.
        script = f'function FindProxyForURL(url, host) {{ return "PROXY {dead}"; }}\n'
        with ScriptServer(script) as server:
            reg("add", settings, "/v", "AutoConfigURL", "/t", "REG_SZ", "/d", server.url, "/f")
            try:
                err = exchange_refused("behind", v3)
                assert f"through the proxy http://{dead}" in err and "[transport]" in err, err
                assert server.hits >= 1, "the script was not fetched"
                # The script sends everything to its proxy; this computer still goes straight.
                _, out, err = lockctl("--profile", "near", "orgs")
                assert "O-" in out, out + err
            finally:
                reg("delete", settings, "/v", "AutoConfigURL", "/f")
        reg("add", settings, "/v", "AutoConfigURL", "/t", "REG_SZ", "/d",
            "http://127.0.0.1:9/proxy.pac", "/f")
        try:
            err = exchange_refused("behind", v3)
            assert "the automatic proxy configuration script http://127.0.0.1:9/proxy.pac" \
                in err and "[transport]" in err, err
        finally:
            reg("delete", settings, "/v", "AutoConfigURL", "/f")
        tls_refused(v3)
        print("windows walk: all steps passed")
    finally:
        sim.kill()


def team_walk(org):
    """The Windows client against the team's PostgreSQL on this (Linux) computer: connect (the
    password in the Credential Manager, never in a file), a rename shared with the team, the
    team's journal read back with who made it, and the database stopped: the change is still
    made, and waits."""
    step("the team's data source: a PostgreSQL here (scripts/team-db), plain on loopback")
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    team_db = os.path.join(repo, "scripts", "team-db")
    folder = tempfile.mkdtemp(prefix="lockdesk-team-db-")
    os.chmod(folder, 0o755)
    try:
        db = json.loads(subprocess.run([team_db, "start", folder], check=True,
                                       capture_output=True, text=True).stdout)
        env["LOCKDESK_TEAM_PASSWORD"] = db["password"]
        _, out, _ = lockctl("--json", "team", "connect", db["address"])
        assert json.loads(out)["reachable"], out
        assert "Generic: team/" in credentials(), "the team password is not in the Credential Manager"
        secrets_in_files(db["password"])
        _, out, _ = lockctl("--profile", "acme", "--org", org, "--json", "locks", "list")
        lock = json.loads(out)["locks"][0]["id"]
        lockctl("--profile", "acme", "--org", org, "locks", "rename", lock, "Wine 正面玄関")
        _, out, err = lockctl("activity", "--op", "locks_rename")
        assert out.splitlines()[0].split()[2] == "BY", out + err
        assert "Wine 正面玄関" in out, out + err
        _, out, _ = lockctl("--json", "team", "status")
        assert json.loads(out)["team_entries"] >= 1, out

        subprocess.run([team_db, "stop", folder], check=True)
        _, out, err = lockctl("--profile", "acme", "--org", org, "locks", "rename", lock,
                              "Wine 通用口")
        assert "[team_unreachable]" in err, err
        code, out, err = lockctl("--json", "team", "status", ok=(0, 1, 2, 3, 4, 5, 6, 7, 8))
        assert json.loads(out)["problem"]["code"] == "team_unreachable", out + err
        subprocess.run([team_db, "start", folder], check=True, capture_output=True)
        _, out, _ = lockctl("--json", "team", "status")
        assert json.loads(out)["uploaded"] == 1, out
        lockctl("team", "disconnect")
    finally:
        env.pop("LOCKDESK_TEAM_PASSWORD", None)
        subprocess.run([team_db, "stop", folder], capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


def exchange_refused(profile, client):
    """`lockctl login` whose code exchange, the first request lockctl makes itself, fails: the
    redirect is pasted back without visiting the page. Its stderr."""
    p = subprocess.Popen(["wine", EXE, "--profile", profile, "login"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, env=env)
    for raw in p.stdout:
        line = raw.decode("utf-8", "replace")
        if "/oauth/authorize" in line:
            q = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(line.strip()).query))
            back = f"{client['redirect_uri']}?code=never-checked&state={q['state']}\n"
            p.stdin.write(back.encode())
            p.stdin.close()
            break
    err = p.stderr.read().decode("utf-8", "replace")
    assert p.wait(timeout=120) != 0, err
    return err


def tls_refused(client):
    """A service whose certificate this computer does not trust (self-signed, as a TLS-inspecting
    gateway's is before IT installs its root): refused with tls_certificate, naming the host."""
    step("a certificate Windows does not trust is refused with tls_certificate")
    with tempfile.TemporaryDirectory() as d:
        cert, key = os.path.join(d, "cert.pem"), os.path.join(d, "key.pem")
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
             "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
             "-keyout", key, "-out", cert],
            check=True, capture_output=True,
        )
        sim = subprocess.Popen(
            [SIM, "--listen", "127.0.0.1:0", "--history-records", "10", "--users", "5",
             "--tls-cert", cert, "--tls-key", key],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        )
        try:
            base = json.loads(sim.stdout.readline())["base_url"]
            assert base.startswith("https://"), base
            lockctl("profile", "add", "inspected", "--base-url", base, "--client-id",
                    client["client_id"], "--redirect-uri", client["redirect_uri"],
                    secret=client["client_secret"])
            err = exchange_refused("inspected", client)
            assert "[tls_certificate]" in err and "127.0.0.1" in err, err
        finally:
            sim.kill()


class ScriptServer:
    """Serves one automatic proxy configuration script on the loopback, as an office's script
    server does, counting the requests."""

    def __init__(self, script):
        import http.server
        import threading

        body = script.encode()
        owner = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                owner.hits += 1
                self.send_response(200)
                self.send_header("Content-Type", "application/x-ns-proxy-autoconfig")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.hits = 0
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/proxy.pac"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()


def reg(*args):
    subprocess.run(["wine", "reg", *args], env=env, check=True, capture_output=True, timeout=60)


def credentials():
    """The Credential Manager's entries (Wine keeps them, encrypted, in the registry)."""
    p = subprocess.run(
        ["wine", "reg", "query", r"HKCU\Software\Wine\Credential Manager"],
        capture_output=True,
        env=env,
        timeout=60,
    )
    return p.stdout.decode("utf-8", "replace")


def secrets_in_files(*secrets):
    """No client secret in any file Lockdesk wrote (config, data)."""
    for root in (ROAMING, LOCAL_DATA):
        for d, _, fs in os.walk(root):
            for f in fs:
                with open(os.path.join(d, f), "rb") as fh:
                    body = fh.read()
                for s in secrets:
                    assert s.encode() not in body, f"a client secret in {f}"


if __name__ == "__main__":
    main()
