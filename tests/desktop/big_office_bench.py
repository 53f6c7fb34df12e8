#!/usr/bin/env python3
"""The big office in the real app: a benchmark, not a test.

The app (a release build, normally `target/release/lockdesk`) starts with `--demo` (a throwaway
space) and `LOCKDESK_DEMO_SIZE=big`, so "Try the demo" opens a big office: 1,000 locks with
photos, 20,000 people, 400 invitations, 200,000 history records. Driven through tauri-driver
and WebKitWebDriver under Xvfb, it prints how long each screen takes to show its content after
its button is clicked, and the memory (RSS) of the app's processes after each: the web process
(WebKitWebProcess) against its figure on Today, right after the demo opened.

Under WebDriver the app keeps WebKit's compositing (WebKitWebDriver needs it), so the absolute
figures are above a normal launch's; the growth from screen to screen is what is measured.

Usage: xvfb-run -a -s "-screen 0 1280x800x24" dbus-run-session -- \
         target/e2e-venv/bin/python tests/desktop/big_office_bench.py target/release/lockdesk
(`BENCH_RUNS` runs, 1 by default; the ports 4454/4455 leave the tests' own free.)
"""

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.common.options import ArgOptions
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, str(Path(__file__).resolve().parent))
from e2e import wait_port  # noqa: E402
from processes import rss_mib  # noqa: E402

PORT, NATIVE_PORT = 4454, 4455
# Every screen of the navigation after Today, and what shows that its content is there.
SCREENS = [
    ("locks", "lock-row"),
    ("lock-groups", "screen-lock-groups"),
    ("users", "user-row"),
    ("invitations", "screen-invitations"),
    ("user-groups", "screen-user-groups"),
    ("directory", "screen-directory"),
    ("history", "screen-history"),
    ("activity", "screen-activity"),
    ("watch", "screen-watch"),
    ("reports", "screen-reports"),
    ("account", "screen-account"),
]


def settled(d, testid, timeout=120):
    """Waits for `testid`, then for no loading indicator for 0.3 s (the screen's own fetches)."""
    WebDriverWait(d, timeout).until(
        EC.presence_of_element_located((By.CSS_SELECTOR, f'[data-testid="{testid}"]')))
    quiet_since = None
    end = time.time() + timeout
    while time.time() < end:
        busy = d.find_elements(By.CSS_SELECTOR, '.loading, [aria-busy="true"]')
        if busy:
            quiet_since = None
        elif quiet_since is None:
            quiet_since = time.time()
        elif time.time() - quiet_since >= 0.3:
            return time.time() - 0.3
        time.sleep(0.05)
    raise TimeoutError(f"{testid} did not settle")


def click(d, testid):
    e = WebDriverWait(d, 60).until(
        EC.element_to_be_clickable((By.CSS_SELECTOR, f'[data-testid="{testid}"]')))
    e.click()


def one_run(binary, env):
    opts = ArgOptions()
    opts.set_capability("browserName", "wry")
    opts.set_capability("tauri:options", {"application": binary, "args": ["--demo"]})
    d = webdriver.Remote(command_executor=f"http://127.0.0.1:{PORT}", options=opts)
    rows = []
    try:
        WebDriverWait(d, 60).until(
            EC.element_to_be_clickable((By.CSS_SELECTOR, '[data-testid="try-demo"]')))
        time.sleep(2)
        start = rss_mib(binary)
        t = time.time()
        click(d, "try-demo")
        shown = settled(d, "screen-today", timeout=300)
        time.sleep(2)
        today = rss_mib(binary)
        rows.append(("today (the demo opened)", shown - t, today))
        for screen, ready in SCREENS:
            t = time.time()
            click(d, f"nav-{screen}")
            settled(d, f"screen-{screen}")
            shown = settled(d, ready)
            time.sleep(1)
            rows.append((screen, shown - t, rss_mib(binary)))
            if screen in ("locks", "users"):
                size = d.find_element(By.CSS_SELECTOR, f'[data-testid="{ready[:-4]}-range"]')
                print(f"{screen}: {size.text}", flush=True)
    finally:
        d.quit()
    return start, rows


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    binary = str(Path(sys.argv[1]).resolve())
    home = tempfile.mkdtemp(prefix="lockdesk-bench-home-")
    os.makedirs(f"{home}/tmp")
    env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=f"{home}/.config", TMPDIR=f"{home}/tmp",
               XDG_DATA_HOME=f"{home}/.local/share", XDG_CACHE_HOME=f"{home}/.cache",
               LOCKDESK_DEMO_SIZE="big", RUST_LOG="warn")
    env.pop("LOCKDESK_DEMO", None)
    driver = subprocess.Popen(["tauri-driver", "--port", str(PORT), "--native-port",
                               str(NATIVE_PORT)], env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    try:
        wait_port(PORT)
        for run in range(int(os.environ.get("BENCH_RUNS", "1"))):
            start, rows = one_run(binary, env)
            web0 = rows[0][2].get("web", 0)
            print(f"## run {run + 1}: {binary}")
            print(f"first-run screen: web process {start.get('web', 0):.1f} MiB, "
                  f"app {start.get('app', 0):.1f} MiB")
            print("| screen | shown after the click | web process | its growth since Today | app |")
            print("|---|---|---|---|---|")
            for name, secs, mem in rows:
                web = mem.get("web", 0)
                print(f"| {name} | {secs * 1000:.0f} ms | {web:.1f} MiB | {web - web0:+.1f} MiB "
                      f"| {mem.get('app', 0):.1f} MiB |")
            peak = max(r[2].get("web", 0) for r in rows)
            print(f"web process after every screen: at most {peak - web0:+.1f} MiB over Today "
                  f"(goal: at most +100 MB)")
    finally:
        driver.terminate()
        driver.wait(10)
        shutil.rmtree(home, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
