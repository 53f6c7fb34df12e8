#!/usr/bin/env python3
"""Desktop end-to-end test: the real Lockdesk binary in demo mode, driven through tauri-driver
and WebKitWebDriver (run it under Xvfb). Signs in with "Try the demo", lists locks, renames one,
sets its image, invites a user, opens history and the account screen, and saves a screenshot of
each main screen under artifacts/desktop/.

Usage: tests/desktop/e2e.py BINARY   (tauri-driver on PATH; DISPLAY set, e.g. by xvfb-run)
"""

import base64
import os
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
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.options import ArgOptions
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts" / "desktop"
PORT = int(os.environ.get("TAURI_DRIVER_PORT", "4444"))


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

    def shot(self, name):
        self.shots += 1
        path = ARTIFACTS / f"{self.shots:02d}-{name}.png"
        time.sleep(0.4)  # let the screen settle
        if not self.d.save_screenshot(str(path)):
            subprocess.run(["import", "-window", "root", str(path)], check=False)
        log(f"screenshot {path.relative_to(ROOT)}")

    def wait(self, cond, what, timeout=20):
        try:
            return WebDriverWait(self.d, timeout).until(lambda d: cond())
        except TimeoutException:
            self.shot("FAILED-" + what.replace(" ", "-"))
            raise AssertionError(f"timed out waiting for {what}")


def scenario(r):
    # Sign in: "Try the demo" starts the simulator in process and signs in through OAuth.
    r.el("try-demo", timeout=40)
    r.shot("connect")
    r.click("try-demo")
    # The demo account belongs to two organizations: pick the first when asked.
    r.wait(lambda: r.els("org-option") or r.els("lock-row") or r.els("screen-locks"),
           "organization picker or locks", timeout=40)
    if r.els("org-option"):
        r.shot("organizations")
        r.press(r.els("org-option")[0])
    r.click("nav-locks")
    r.wait(lambda: len(r.els("lock-row")) > 0, "lock rows", timeout=30)
    log(f"{len(r.els('lock-row'))} locks listed")
    r.shot("locks")

    # Rename the first lock.
    row = r.els("lock-row")[0]
    lock_id = row.get_attribute("data-lock-id")
    r.press(row)
    inp = r.el("lock-rename-input")
    inp.clear()
    inp.send_keys("E2E front door")
    r.click("lock-rename-save")
    r.wait(lambda: any("E2E front door" in e.text for e in r.els("lock-row")),
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
    r.shot("lock-detail")

    # Invite a user.
    r.click("nav-invitations")
    mail = r.el("invite-mail")
    mail.send_keys(f"e2e-{int(time.time())}@example.org")
    r.click("invite-submit")
    r.wait(lambda: r.els("invite-result"), "invitation result")
    log("invite: " + r.els("invite-result")[0].text)
    r.shot("invitations")

    # History: choose a lock and show its records.
    r.click("nav-history")
    sel = r.el("history-lock-select", timeout=30)
    r.wait(lambda: len(Select(sel).options) > 1 or r.els("history-row"), "history locks", timeout=30)
    options = Select(sel).options
    if len(options) > 1 and not r.els("history-row"):
        Select(sel).select_by_index(1)
    if r.els("history-show"):
        r.click("history-show")
    r.wait(lambda: len(r.els("history-row")) > 0, "history rows", timeout=30)
    log(f"{len(r.els('history-row'))} history rows")
    r.shot("history")

    r.click("nav-account")
    r.el("account-sign-out")
    r.shot("account")


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    binary = str(Path(sys.argv[1]).resolve())
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    home = tempfile.mkdtemp(prefix="lockdesk-e2e-home-")
    env = dict(os.environ, HOME=home, LOCKDESK_DEMO="1", XDG_CONFIG_HOME=f"{home}/.config",
               XDG_DATA_HOME=f"{home}/.local/share", XDG_CACHE_HOME=f"{home}/.cache")
    driver_log = open(ARTIFACTS / "tauri-driver.log", "w")
    tauri_driver = subprocess.Popen(["tauri-driver", "--port", str(PORT)], env=env,
                                    stdout=driver_log, stderr=subprocess.STDOUT)
    driver = None
    try:
        wait_port(PORT)
        opts = ArgOptions()
        opts.set_capability("browserName", "wry")
        opts.set_capability("tauri:options", {"application": binary, "args": ["--demo"]})
        started = time.time()
        driver = webdriver.Remote(command_executor=f"http://127.0.0.1:{PORT}", options=opts)
        log(f"session in {time.time() - started:.1f}s")
        run = Run(driver)
        try:
            scenario(run)
        except Exception:
            run.shot("FAILED")
            (ARTIFACTS / "FAILED-page.html").write_text(driver.page_source)
            raise
        log("passed")
        return 0
    finally:
        if driver is not None:
            try:
                driver.quit()
            except Exception as e:  # the app may already be gone
                log(f"quit: {e}")
        tauri_driver.terminate()
        try:
            tauri_driver.wait(10)
        except subprocess.TimeoutExpired:
            tauri_driver.kill()
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
