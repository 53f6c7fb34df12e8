#!/usr/bin/env python3
"""The web process's memory over a tour of the big office, in the app as people launch it: a
benchmark, not a test.

WebDriver keeps WebKit's compositing on (WebKitWebDriver needs it), which holds far more memory
than a normal launch, so this drives the release app without it: started with `--demo` (a
throwaway space) and `LOCKDESK_DEMO_SIZE=big`, "Try the demo" and then each screen of the
navigation clicked with xdotool, the app's window at its default size at the top left of an
Xvfb screen of 1280×900 with no window manager. After each click it waits `BENCH_DWELL` seconds
(6 by default), checks in a screenshot that the screen's entry of the navigation is the current
one (so a click that missed is told, not measured), and reads the RSS of the app and of
WebKit's web process from /proc. Two tours by default (`BENCH_TOURS`): the second shows what
stays. `BENCH_SHOTS=<folder>` keeps a screenshot of each screen of the first tour.

Usage: xvfb-run -a -s "-screen 0 1280x900x24" dbus-run-session -- \
         python3 tests/desktop/big_office_memory.py target/release/lockdesk
"""

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from processes import rss_mib, stop  # noqa: E402

# Where "Try the demo" and the navigation's entries are in the default window (1200×800 at
# 0,0). The entries are 37 pixels apart.
TRY_DEMO = (1079, 161)
NAV_X = 40
NAV = ["today", "locks", "lock-groups", "users", "invitations", "user-groups", "directory",
       "history", "activity", "watch", "reports", "account"]
NAV_Y0, NAV_STEP = 135, 37
GOAL_MB = 100


def nav_y(screen):
    return NAV_Y0 + NAV_STEP * NAV.index(screen)


def click(x, y):
    subprocess.run(["xdotool", "mousemove", str(x), str(y), "click", "1"], check=True)


def pixel(x, y):
    """The colour of one pixel of the screen, as ImageMagick writes it ("#E3ECFD")."""
    out = subprocess.run(["import", "-window", "root", "-crop", f"1x1+{x}+{y}", "txt:-"],
                         check=True, capture_output=True, text=True).stdout
    return out.strip().splitlines()[-1].split()[2]


def current(screen):
    """Whether the navigation marks `screen` as the one shown (its entry has a background)."""
    y = nav_y(screen)
    return pixel(12, y) != pixel(12, nav_y("today" if screen != "today" else "locks"))


def wait_window(binary, timeout=60):
    end = time.time() + timeout
    while time.time() < end:
        if rss_mib(binary).get("web"):
            time.sleep(3)
            return
        time.sleep(0.5)
    raise RuntimeError("the app's web process did not start")


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    binary = str(Path(sys.argv[1]).resolve())
    dwell = float(os.environ.get("BENCH_DWELL", "6"))
    tours = int(os.environ.get("BENCH_TOURS", "2"))
    shots = os.environ.get("BENCH_SHOTS")
    if shots:
        os.makedirs(shots, exist_ok=True)
    home = tempfile.mkdtemp(prefix="lockdesk-memory-home-")
    env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=f"{home}/.config",
               XDG_DATA_HOME=f"{home}/.local/share", XDG_CACHE_HOME=f"{home}/.cache",
               LOCKDESK_DEMO_SIZE="big", RUST_LOG="warn")
    for var in ("LOCKDESK_DEMO", "TAURI_WEBVIEW_AUTOMATION", "WEBKIT_DISABLE_COMPOSITING_MODE"):
        env.pop(var, None)
    app = subprocess.Popen([binary, "--demo"], env=env, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
    rows = []
    try:
        wait_window(binary)
        first_run = rss_mib(binary)
        click(*TRY_DEMO)
        time.sleep(max(dwell, 10))
        if not current("today"):
            raise RuntimeError("Today is not shown after \"Try the demo\"")
        today = rss_mib(binary)
        rows.append((0, "today", today))
        for tour in range(1, tours + 1):
            for screen in NAV[1:] + ["today"]:
                click(NAV_X, nav_y(screen))
                time.sleep(dwell)
                if not current(screen):
                    raise RuntimeError(f"{screen} is not shown after its click")
                if shots and tour == 1:
                    subprocess.run(["import", "-window", "root", f"{shots}/{screen}.png"],
                                   check=True)
                rows.append((tour, screen, rss_mib(binary)))
    finally:
        stop(app)
        shutil.rmtree(home, ignore_errors=True)

    web0 = today.get("web", 0)
    print(f"first-run screen: web process {first_run.get('web', 0):.1f} MiB, "
          f"app {first_run.get('app', 0):.1f} MiB")
    print(f"Today, the big office's demo opened: web process {web0:.1f} MiB, "
          f"app {today.get('app', 0):.1f} MiB")
    print("| tour | screen | web process | over Today | app |")
    print("|---|---|---|---|---|")
    for tour, screen, mem in rows[1:]:
        web = mem.get("web", 0)
        print(f"| {tour} | {screen} | {web:.1f} MiB | {web - web0:+.1f} MiB "
              f"| {mem.get('app', 0):.1f} MiB |")
    for tour in range(1, tours + 1):
        peak, screen = max((m.get("web", 0), s) for t, s, m in rows if t == tour)
        back = [m.get("web", 0) for t, s, m in rows if t == tour][-1]
        # The goal is in MB (10^6 bytes); the figures are MiB.
        over = (peak - web0) * 1.048576
        print(f"tour {tour}: peak {peak - web0:+.1f} MiB over Today ({screen}; {over:+.0f} MB, "
              f"goal at most +{GOAL_MB} MB: {'met' if over <= GOAL_MB else 'NOT met'}); "
              f"back on Today {back - web0:+.1f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
