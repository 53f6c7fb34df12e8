#!/usr/bin/env python3
"""Desktop end-to-end test: the real Lockdesk binary in demo mode, driven through tauri-driver
and WebKitWebDriver (run it under Xvfb). Signs in with "Try the demo", lists locks, renames one,
sets its image through the file input and then by dragging a photo and a text file onto the
lock with the mouse from a GTK drag source (a real OS drop), invites a user, opens history,
syncs the archive and saves CSV exports through the native save dialog (typed into with
xdotool), signs in again through the sign-in window (the simulator's login page; the redirect
is intercepted) and opens the account screen. A second launch while the app runs hands over to it
and exits (single instance). The tray is driven as a desktop panel would over the session D-Bus
(tests/desktop/tray_host.py): Pause/Resume watching, "Sync now" while History syncs, whose
watch round's alerts reach a test notification server (notification_server.py) and match the
Watch screen, and Quit.
axe-core runs in the window on Connections, Today, Locks and History (axe_check.py).
Saves a screenshot of each main screen under
artifacts/desktop/.

Usage: tests/desktop/e2e.py BINARY   (tauri-driver, xdotool and the system python3 with
python3-gi on PATH; DISPLAY set, e.g. by xvfb-run)
"""

import base64
import os
import re
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

from selenium import webdriver
from selenium.common.exceptions import TimeoutException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.options import ArgOptions
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

sys.dont_write_bytecode = True  # no __pycache__ in tests/desktop
import axe_check  # noqa: E402
from processes import app_pids, descendants, stop  # noqa: E402
import watch_steps  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts" / "desktop"
# What the app logs (warnings and errors; RUST_LOG for more): WebKitWebDriver does not pass the
# app's standard error on to tauri-driver.log.
APP_LOG = ARTIFACTS / "app.log"
PORT = int(os.environ.get("TAURI_DRIVER_PORT", "4444"))
# WebKitWebDriver's own port: another port lets two runs share a machine.
NATIVE_PORT = int(os.environ.get("TAURI_NATIVE_PORT", "4445"))


def open_sign_in(r):
    """Sign-in sits in the connection and organization switcher once setup is done."""
    if not r.els("switcher-sign-in") or not r.el("switcher-sign-in").is_displayed():
        r.d.find_element(By.CSS_SELECTOR, '[data-testid="context-switcher"] summary').click()
    r.click("switcher-sign-in")


def log(msg):
    print(f"[desktop-e2e] {msg}", flush=True)


def wait_port(port, timeout=30):
    end = time.time() + timeout
    while time.time() < end:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise RuntimeError(f"tauri-driver did not listen on {port}")


def png_bytes(w, h):
    """A plain RGB PNG, made without extra libraries."""
    raw = b"".join(b"\x00" + bytes([40, 120, 200]) * w for _ in range(h))

    def chunk(kind, data):
        c = struct.pack(">I", len(data)) + kind + data
        return c + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


class Run:
    def __init__(self, driver):
        self.d = driver
        self.shots = 0

    def el(self, testid, timeout=20):
        return WebDriverWait(self.d, timeout).until(
            EC.presence_of_element_located((By.CSS_SELECTOR, f'[data-testid="{testid}"]')))

    def els(self, testid):
        return self.d.find_elements(By.CSS_SELECTOR, f'[data-testid="{testid}"]')

    def click(self, testid, timeout=20):
        e = WebDriverWait(self.d, timeout).until(
            EC.element_to_be_clickable((By.CSS_SELECTOR, f'[data-testid="{testid}"]')))
        self.press(e)
        return e

    def press(self, e):
        """A real click, or a DOM click where WebKitWebDriver refuses (rows, covered items)."""
        try:
            e.click()
        except Exception:
            self.d.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].click();", e)

    def shot(self, name, screen=False):
        """A screenshot of the web page, or with `screen` of the whole X screen (native dialogs
        and other windows are not part of the page)."""
        self.shots += 1
        path = ARTIFACTS / f"{self.shots:02d}-{name}.png"
        time.sleep(0.4)  # let the screen settle
        if screen or not self.d.save_screenshot(str(path)):
            subprocess.run(["import", "-window", "root", str(path)], check=False)
        log(f"screenshot {path.relative_to(ROOT)}")

    def wait(self, cond, what, timeout=20):
        try:
            return WebDriverWait(self.d, timeout).until(lambda d: cond())
        except TimeoutException:
            self.shot("FAILED-" + what.replace(" ", "-"))
            raise AssertionError(f"timed out waiting for {what}")


def save_in_dialog(r, title_part, path):
    """Answers the native GTK save dialog (opened by the shell, titled after the file) with
    `path`: the dialog is not part of the web page, so it is typed into with xdotool."""
    found = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--name", title_part],
                           capture_output=True, text=True, timeout=30)
    wins = found.stdout.split()
    if not wins:
        r.shot("FAILED-no-save-dialog")
        raise AssertionError(f"no save dialog titled {title_part!r}")
    win = wins[-1]
    time.sleep(0.5)  # let GTK finish mapping the dialog before typing into it
    r.shot("save-dialog", screen=True)
    subprocess.run(["xdotool", "windowfocus", "--sync", win], check=True, timeout=10)
    # The name field has the focus, holding the suggested name; a full path replaces it.
    subprocess.run(["xdotool", "key", "--window", win, "ctrl+a"], check=True, timeout=10)
    subprocess.run(["xdotool", "type", "--window", win, "--delay", "20", str(path)], check=True,
                   timeout=60)
    subprocess.run(["xdotool", "key", "--window", win, "Return"], check=True, timeout=10)


def xdotool(*args, timeout=30):
    return subprocess.run(["xdotool", *map(str, args)], check=True, capture_output=True,
                          text=True, timeout=timeout).stdout


def os_drag(r, file_path, testid):
    """Drags `file_path` with the mouse from a GTK drag source (a stand-in for the file
    manager) onto the element `testid` of the main window: a real XDND drop that reaches the
    app through Tauri's drag-drop event, not a web event made in the page."""
    el = r.el(testid)
    r.d.execute_script("arguments[0].scrollIntoView({block: 'center'});", el)
    time.sleep(0.3)
    cx, cy = r.d.execute_script(
        "const b = arguments[0].getBoundingClientRect();"
        "return [Math.round(b.left + b.width / 2), Math.round(b.top + b.height / 2)];", el)
    win = xdotool("search", "--onlyvisible", "--name", "^Lockdesk$").split()[0]
    geo = dict(line.split("=") for line in xdotool("getwindowgeometry", "--shell", win).split())
    tx, ty = int(geo["X"]) + cx, int(geo["Y"]) + cy
    sx, sy = 20, 560  # the source window sits over the navigation, away from any drop zone
    src = subprocess.Popen(["/usr/bin/python3", str(ROOT / "tests/desktop/drag_source.py"),
                            str(file_path), str(sx), str(sy)],
                           stdout=subprocess.PIPE, text=True)
    try:
        if src.stdout.readline().strip() != "ready":
            raise AssertionError("the drag source window did not start")
        time.sleep(0.5)
        px, py = sx + 80, sy + 50
        xdotool("mousemove", px, py)
        time.sleep(0.2)
        xdotool("mousedown", 1)
        # Past GTK's drag threshold first, then across to the target in small steps.
        for i in range(1, 6):
            xdotool("mousemove", px + 4 * i, py + 2 * i)
            time.sleep(0.05)
        steps = 20
        for i in range(1, steps + 1):
            xdotool("mousemove", px + (tx - px) * i // steps, py + (ty - py) * i // steps)
            time.sleep(0.05)
        time.sleep(0.4)
        xdotool("mouseup", 1)
        time.sleep(0.5)
    finally:
        src.terminate()
        src.wait(10)


def check_csv(path, records, organization):
    """A header, `records` lines, and last the note of whose locks they are."""
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf"), "the CSV starts with the UTF-8 byte-order mark"
    lines = data.decode("utf-8-sig").rstrip("\r\n").split("\r\n")
    assert organization in lines[-1], f"the last line names {organization}: {lines[-1]}"
    assert len(lines) == records + 2, f"{len(lines)} lines for {records} records + header + note"


def scenario(r, out):
    # Sign in: "Try the demo" starts the simulator in process and signs in through OAuth.
    r.el("try-demo", timeout=40)
    r.shot("connect")
    r.click("try-demo")
    # The demo opens on Today of the first of its two organizations (the switcher offers the
    # other); Locks only after that, or Today replaces it.
    r.el("screen-today", timeout=40)
    assert not r.els("org-option"), "the demo stopped on the organization list"
    axe_check.check(r, "today", log)
    r.click("nav-locks")
    r.wait(lambda: len(r.els("lock-row")) > 0, "lock rows", timeout=30)
    log(f"{len(r.els('lock-row'))} locks listed")
    r.shot("locks")
    axe_check.check(r, "locks", log)
    watch_steps.tray_steps(r, r.tray, app_pids(r.binary)[0], log)
    second_launch(r, r.binary, r.env)

    # Rename the first lock.
    row = r.els("lock-row")[0]
    lock_id = row.get_attribute("data-lock-id")
    r.press(row)
    inp = r.el("lock-rename-input")
    inp.clear()
    inp.send_keys("E2E front door")
    r.click("lock-rename-save")
    # textContent: with the drawer open over the table, WebKit's rendered-text atom does not
    # report the row's name (the screenshot shows it there).
    r.wait(lambda: any("E2E front door" in (e.get_attribute("textContent") or "")
                       for e in r.els("lock-row")),
           "renamed lock in the list")
    log(f"renamed {lock_id}")

    # Set an image: a 2400x1200 PNG given to the file input (downscaled by the core).
    data = base64.b64encode(png_bytes(2400, 1200)).decode()
    r.d.execute_script(
        """
        const [b64, sel] = arguments;
        const bin = atob(b64); const bytes = new Uint8Array(bin.length);
        for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
        const file = new File([bytes], 'door.png', { type: 'image/png' });
        const input = document.querySelector(sel);
        const dt = new DataTransfer(); dt.items.add(file);
        input.files = dt.files;
        input.dispatchEvent(new Event('change', { bubbles: true }));
        """, data, '[data-testid="lock-image-input"]')
    r.wait(lambda: r.els("lock-image-info") or r.els("lock-image-status"), "image upload outcome",
           timeout=30)
    if r.els("lock-image-upload"):
        r.click("lock-image-upload")
    r.wait(lambda: r.els("lock-image-info"), "image info", timeout=30)
    log("image: " + r.els("lock-image-info")[0].text)
    # The service's image reaches the window through the core, as a data: URL (CSP: no remote).
    r.wait(lambda: (r.els("lock-image") and
                    (r.els("lock-image")[0].get_attribute("src") or "").startswith("data:image/")),
           "the lock image shown through the core", timeout=30)
    r.shot("lock-detail")

    # Drag a photo from the "file manager" onto the lock: previewed by name, then uploaded
    # (downscaled by the core); a file that is not an image is refused with a clear message.
    photo = out / "porch.png"
    photo.write_bytes(png_bytes(3000, 1000))
    os_drag(r, photo, "lock-image-drop")
    r.wait(lambda: any("porch.png" in e.text for e in r.els("lock-image-preview")),
           "the dropped photo previewed", timeout=20)
    r.shot("lock-image-dropped")
    r.click("lock-image-upload")
    r.wait(lambda: any("1600" in e.text and "533" in e.text for e in r.els("lock-image-info")),
           "the dropped photo uploaded at 1600x533", timeout=30)
    log("dropped image: " + r.els("lock-image-info")[0].text)
    notes = out / "notes.txt"
    notes.write_text("not a picture")
    os_drag(r, notes, "lock-image-drop")
    r.wait(lambda: any("notes.txt" in e.text for e in r.els("lock-image-rejected")),
           "the dropped text file refused", timeout=20)
    log("dropped text file: " + r.els("lock-image-rejected")[0].text)

    # Invite a user.
    r.click("nav-invitations")
    mail = r.el("invite-mail")
    mail.send_keys(f"e2e-{int(time.time())}@example.org")
    r.click("invite-submit")
    r.wait(lambda: r.els("invite-result"), "invitation result")
    log("invite: " + r.els("invite-result")[0].text)
    r.shot("invitations")

    # History: the archive syncs every lock on opening; cancel once a few pages are in (the
    # demo's full history takes minutes at the service's rate limit), then export everything
    # archived with the one export button (history_archive_export_save streams the file where
    # the dialog says).
    r.click("nav-history")
    def number(testid):
        return int("".join(ch for ch in r.el(testid).text.split()[0] if ch.isdigit()) or "0")

    def sync_state():
        states = r.els("archive-sync-state")
        return states[0].get_attribute("data-state") if states else None

    r.wait(lambda: sync_state() == "running" and number("archive-records") >= 200,
           "a few archived pages", timeout=120)
    # Tray "Sync now": the watch round joins the sync that runs (2 s to get there), goes on
    # with what is archived when it is cancelled, and notifies its new alerts.
    asked = watch_steps.sync_now(r.tray, log)
    time.sleep(2)
    r.click("archive-sync-cancel")
    r.wait(lambda: sync_state() == "cancelled", "the sync to stop", timeout=60)
    # The table holds the records of this organization's locks; the archive also those of the
    # other organization's locks the history sign-in sees, as far as the sync got before it
    # was cancelled: so at most as many, and no longer changing.
    def table_settled():
        if not r.els("archive-total"):
            return False
        first = number("archive-total")
        time.sleep(1)
        return 0 < first == number("archive-total") <= number("archive-records")

    r.wait(table_settled, "the archive table to show the organization's archived records",
           timeout=30)
    total = number("archive-total")
    log(f"sync cancelled with {total} records archived")
    r.shot("history-archive")
    axe_check.check(r, "history", log)
    notified = watch_steps.wait_notifications(r, r.notes, log, asked)
    archive_csv = out / "archive.csv"
    r.click("archive-export")
    save_in_dialog(r, r"lockdesk-history\.csv", archive_csv)
    r.wait(lambda: r.els("archive-exported"), "archive export saved", timeout=60)
    assert str(archive_csv) in r.el("archive-exported").text, r.el("archive-exported").text
    check_csv(archive_csv, total, r.el("switcher-org").text)
    log(f"archive export: {total} records, {archive_csv.stat().st_size} bytes")

    # Charts: the chart library loads on demand (its own chunk) and draws on a canvas.
    r.click("archive-view-charts")
    r.wait(lambda: r.d.find_elements(By.CSS_SELECTOR, '[data-testid="archive-chart-daily"] canvas'),
           "the daily chart drawn", timeout=30)
    r.shot("history-charts")
    watch_steps.watch_screen(r, notified, log)
    watch_steps.pause_between_tray_and_watch(r, r.tray, log)

    # Sign in again through the sign-in window: the simulator's login page in its own window;
    # its redirect is intercepted (never loaded), the code exchanged and the window closed.
    main_window = r.d.current_window_handle
    open_sign_in(r)
    r.click("sign-in-v3-open")
    r.wait(lambda: len(r.d.window_handles) == 2, "the sign-in window", timeout=30)
    signin = next(h for h in r.d.window_handles if h != main_window)
    r.d.switch_to.window(signin)
    r.wait(lambda: r.d.find_elements(By.NAME, "password"), "the login form", timeout=30)
    r.shot("sign-in-window")
    mail = r.d.find_element(By.NAME, "mail")
    mail.clear()
    mail.send_keys("admin@example.com")
    r.d.find_element(By.NAME, "password").send_keys("lockdesk-demo")
    r.press(r.d.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    r.d.switch_to.window(main_window)
    r.wait(lambda: len(r.d.window_handles) == 1, "the sign-in window to close", timeout=30)
    # The organization is remembered, so signing in lands on Today.
    r.wait(lambda: r.d.execute_script("return location.hash") == "#/today",
           "the Today screen after signing in", timeout=30)
    log("signed in through the sign-in window")

    # Cancelling closes the sign-in window, and the main window says the sign-in did not
    # finish (the same path as the user closing the window).
    open_sign_in(r)
    r.click("sign-in-v3-open")
    r.wait(lambda: len(r.d.window_handles) == 2, "the sign-in window again", timeout=30)
    r.click("sign-in-v3-cancel")
    r.wait(lambda: len(r.d.window_handles) == 1, "the cancelled sign-in window to close",
           timeout=30)
    r.wait(lambda: r.d.find_elements(By.CSS_SELECTOR, '[data-code="sign_in_cancelled"]'),
           "the cancelled sign-in explained", timeout=30)
    r.shot("sign-in-cancelled")

    r.click("nav-account")
    r.el("account-sign-out")
    r.shot("account")
    watch_steps.quit_from_tray(r.tray, lambda: app_pids(r.binary), log)


def diagnose(binary):
    """After a WebDriver failure: was it the app (the process gone, or its page's web process
    ended, which the app logs as 'web process of the main window ended: REASON'), or the
    driver (the app and its web process still running)? `(kind, words)`, kind "app" or
    "driver"."""
    logged = "".join(f.read_text(errors="replace") for f in (APP_LOG, ARTIFACTS / "tauri-driver.log")
                     if f.exists())
    ended = re.findall(r"web process of the main window ended: (\w+)", logged)
    apps = app_pids(binary)
    if not apps:
        return "app", "the app itself is gone (it crashed or exited): see app.log and tauri-driver.log"
    # Process names are cut to 15 characters: WebKitWebProces.
    web = [k for pid in apps for k in descendants(pid) if "WebProces" in k[1]]
    if ended:
        return "app", (f"the app's page crashed (WebKit's web process ended: {', '.join(ended)}); "
                       f"the app {apps} runs on with web processes {web}")
    if not web:
        return "app", f"the app {apps} runs without a web process, and did not log why"
    return "driver", (f"the app {apps} and its web processes {web} still run, and no page ended: "
                      "the WebDriver (tauri-driver / WebKitWebDriver) hung or dropped the session")


# Exit status when the WebDriver lost its session while the app ran whole (scripts/test runs
# the test once more then; an app that crashed or lost its page fails at once).
DRIVER_LOST_SESSION = 3


def session_lost(e):
    """Whether `e` is the WebDriver saying its session is gone."""
    text = str(e)
    return isinstance(e, WebDriverException) and ("session deleted" in text
                                                  or "invalid session id" in text)


def second_launch(r, binary, env):
    """Single instance: the same binary started again (like the first, with --demo) hands over
    to the running app through the session D-Bus, which brings its window to the front, and
    exits with status 0 within 10 s; one app process remains and it still answers. (The focus
    itself is not checked: Xvfb has no window manager.)"""
    before = app_pids(binary)
    assert len(before) == 1, f"one app process before the second launch: {before}"
    sandboxes_before = {p.name for p in Path(env["TMPDIR"]).iterdir()
                        if p.name.startswith("lockdesk-demo-")}
    started = time.time()
    try:
        done = subprocess.run([binary, "--demo"], env=env, capture_output=True, text=True,
                              timeout=10)
    except subprocess.TimeoutExpired:
        r.shot("FAILED-second-launch", screen=True)
        raise AssertionError("the second launch was still running after 10 s")
    took = time.time() - started
    assert done.returncode == 0, f"second launch exited {done.returncode}: {done.stderr[-2000:]}"
    time.sleep(1)
    after = app_pids(binary)
    assert after == before, f"app processes {before} before the second launch, {after} after"
    r.click("nav-locks")
    r.wait(lambda: len(r.els("lock-row")) > 0, "the first app to answer after a second launch")
    sandboxes = {p.name for p in Path(env["TMPDIR"]).iterdir() if p.name.startswith("lockdesk-demo-")}
    assert sandboxes == sandboxes_before, f"the second launch left {sandboxes - sandboxes_before}"
    log(f"second launch handed over and exited 0 in {took:.1f}s; one app process: {after}")


def wait_quit(binary, timeout=30):
    """Waits until no process runs `binary` and its single-instance bus name is free (a start
    while a quitting app still holds it hands over to it, fails, and leaves tauri-driver
    waiting: an ending process may own its bus connection after /proc stops naming its
    binary). The seconds it took."""
    started = time.time()
    while time.time() < started + timeout and app_pids(binary):
        time.sleep(0.2)
    while time.time() < started + timeout and watch_steps.bus_name_owned(
            watch_steps.SINGLE_INSTANCE):
        time.sleep(0.2)
    assert not app_pids(binary) and not watch_steps.bus_name_owned(watch_steps.SINGLE_INSTANCE), \
        f"the app has not quit {timeout} s after its window closed"
    return time.time() - started


def newcomer(binary, env):
    """A newcomer's first run: a normal launch (no --demo) on a machine without a keychain
    (a session bus but no Secret Service), "Try the demo", close the window, start again. The
    second start shows Connections with no demo connection and no error, and nothing of the
    demo is left on disk: no profile, no sandbox folder."""
    tmp = Path(env["TMPDIR"])
    for attempt in ("first", "second"):
        opts = ArgOptions()
        opts.set_capability("browserName", "wry")
        opts.set_capability("tauri:options", {"application": binary, "args": []})
        driver = webdriver.Remote(command_executor=f"http://127.0.0.1:{PORT}", options=opts)
        r = Run(driver)
        try:
            r.el("try-demo", timeout=40)
            r.wait(lambda: r.els("profiles-table") or r.els("empty-state"), "connections list")
            assert not r.els("profile-row"), f"{attempt} start: connections listed"
            assert not r.els("error-notice"), f"{attempt} start: " + r.els("error-notice")[0].text
            if attempt == "second":
                r.shot("newcomer-restarted")
                left = [p.name for p in tmp.iterdir() if p.name.startswith("lockdesk-demo-")]
                assert not left, f"demo sandbox left after a restart: {left}"
                break
            r.shot("newcomer-first-start")
            axe_check.check(r, "connections", log)
            r.click("try-demo")
            r.wait(lambda: r.els("screen-today"), "Today of the demo's first organization", 40)
            r.el("demo-badge")
            assert not r.els("error-notice"), r.els("error-notice")[0].text
            screen = driver.execute_script("return document.querySelector('main').dataset.testid")
            log(f"newcomer: demo started, on {screen}")
            sandboxes = [p.name for p in tmp.iterdir() if p.name.startswith("lockdesk-demo-")]
            assert len(sandboxes) == 1, f"one demo sandbox while it runs: {sandboxes}"
            r.shot("newcomer-demo")
            # Closing the window is how a person quits; the app exits with it.
            driver.close()
        finally:
            try:
                driver.quit()
            except Exception as e:  # the app is already gone after close()
                log(f"quit: {e}")
        # As a person would: start again once the first app has finished quitting (it deletes
        # its sandbox on the way out; a loaded machine may take a few seconds).
        log(f"newcomer: the app quit {wait_quit(binary):.1f}s after its window closed")
    wait_quit(binary)  # the second, before the main scenario's app starts
    config = Path(env["XDG_CONFIG_HOME"]) / "lockdesk"
    profiles = config / "profiles.json"
    assert not profiles.exists() or "demo" not in profiles.read_text(), "demo profile written"
    log("newcomer: demo without keychain, closed and started again, nothing left")


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    binary = str(Path(sys.argv[1]).resolve())
    shutil.rmtree(ARTIFACTS, ignore_errors=True)  # screenshots of this run only
    ARTIFACTS.mkdir(parents=True)
    home = tempfile.mkdtemp(prefix="lockdesk-e2e-home-")
    os.makedirs(f"{home}/tmp")
    # No LOCKDESK_DEMO: a normal launch. The main scenario asks for --demo itself.
    # The watcher's loop ticks hourly: only the rounds asked for (tray "Sync now") run.
    env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=f"{home}/.config", TMPDIR=f"{home}/tmp",
               XDG_DATA_HOME=f"{home}/.local/share", XDG_CACHE_HOME=f"{home}/.cache",
               LOCKDESK_WATCH_INTERVAL_SECS="3600", LOCKDESK_LOG_FILE=str(APP_LOG),
               RUST_LOG=os.environ.get("RUST_LOG", "warn"))
    env.pop("LOCKDESK_DEMO", None)
    driver_log = open(ARTIFACTS / "tauri-driver.log", "w")
    tauri_driver = subprocess.Popen(["tauri-driver", "--port", str(PORT),
                                     "--native-port", str(NATIVE_PORT)], env=env,
                                    stdout=driver_log, stderr=subprocess.STDOUT)
    driver = tray = notes = None
    try:
        wait_port(PORT)
        # On the session bus before any app starts: the app registers its tray icon with the
        # watcher it finds then. The newcomer's apps use them too (their items come and go).
        notes = watch_steps.Notifications(ARTIFACTS / "notifications.jsonl")
        tray = watch_steps.TrayHost(ARTIFACTS / "tray-host.log")
        newcomer(binary, env)
        opts = ArgOptions()
        opts.set_capability("browserName", "wry")
        opts.set_capability("tauri:options", {"application": binary, "args": ["--demo"]})
        started = time.time()
        driver = webdriver.Remote(command_executor=f"http://127.0.0.1:{PORT}", options=opts)
        log(f"session in {time.time() - started:.1f}s")
        run = Run(driver)
        run.binary, run.env, run.tray, run.notes = binary, env, tray, notes
        out = Path(tempfile.mkdtemp(prefix="lockdesk-e2e-out-"))
        try:
            scenario(run, out)
        except Exception as e:
            log(f"FAILED: {type(e).__name__}: {e}")
            kind, words = diagnose(binary)
            log(f"diagnosis: {words}")
            (ARTIFACTS / "diagnosis.txt").write_text(f"{kind}: {words}\n")
            try:
                run.shot("FAILED")
                (ARTIFACTS / "FAILED-page.html").write_text(driver.page_source)
            except Exception as again:  # a dead session answers nothing more
                log(f"no screenshot or page source: {again}")
                subprocess.run(["import", "-window", "root", str(ARTIFACTS / "FAILED-screen.png")],
                               check=False)
            if kind == "driver" and session_lost(e):
                log(f"the WebDriver lost its session while the app ran whole: exit "
                    f"{DRIVER_LOST_SESSION}")
                return DRIVER_LOST_SESSION
            raise
        log("passed")
        return 0
    finally:
        if driver is not None:
            try:
                driver.quit()
            except Exception as e:  # the app may already be gone
                log(f"quit: {e}")
        for helper in (tray, notes):
            if helper is not None:
                helper.close()
        stop(tauri_driver)
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
