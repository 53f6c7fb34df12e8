"""The desktop e2e's session-bus side (used by e2e.py): the app's tray, driven through a test
StatusNotifierWatcher on the session D-Bus (tray_host.py), the watcher's desktop notifications,
caught by a test notification server on the same bus (notification_server.py), and whether a
bus name is owned. Both servers run with the system python3 (python3-gi) and start before the
app, which registers its tray icon with the watcher it finds when it starts (ayatana also
registers with a watcher that appears later).

The English words checked here are the shell's tray labels (src-tauri/src/watcher/words.rs) and
the alert titles every output shares (crates/lockdesk-core/src/watch/words.rs).
"""

import json
import re
import select
import subprocess
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent

# words.rs: tray_label(Lang::En, ...)
TRAY_LABELS = ["Open Lockdesk", "Sync now", "Pause watching", "Quit"]
RESUME = "Resume watching"
# watch/words.rs: rule_title(..., En), the notifications' titles, by the rule (RuleKind, as
# Watch's data-rule says).
TITLE_RULE = {
    "Low battery": "low_battery",
    "Door left unlocked": "unlocked_too_long",
    "Entry outside hours": "outside_hours",
    "Activity by a watched user": "listed_user",
    "No history from a lock": "silent_lock",
}
# watch/words.rs alert_line(.., En): "{lock}: {part} battery at {percent}% ({when})", the part
# as part_word(.., En), the time in this computer's zone.
LOW_BATTERY = re.compile(r"^(?P<lock>.+): (?P<part>lock body|inside reader|outside reader|"
                         r"door sensor) battery at (?P<percent>\d{1,3})% "
                         r"\(\d{4}-\d\d-\d\d \d\d:\d\d\)$")
THRESHOLD = 20  # the default low-battery rule (lockdesk-core watch settings)


SINGLE_INSTANCE = "com.lockdesk.desktop.SingleInstance"  # tauri.conf.json's identifier


def bus_name_owned(name):
    """Whether `name` has an owner on the session bus (dbus-send comes with dbus-run-session)."""
    out = subprocess.run(["dbus-send", "--session", "--print-reply", "--dest=org.freedesktop.DBus",
                          "/org/freedesktop/DBus", "org.freedesktop.DBus.NameHasOwner",
                          f"string:{name}"], capture_output=True, text=True, timeout=10).stdout
    return "boolean true" in out


class TrayHost:
    """tray_host.py, answering one JSON line per command."""

    def __init__(self, log_path):
        self.stderr = open(log_path, "w")
        self.p = subprocess.Popen(["/usr/bin/python3", str(HERE / "tray_host.py")],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=self.stderr, text=True, bufsize=1)
        if self._line(15) != "ready":
            raise AssertionError("the test tray host did not start (see tray-host.log)")

    def _line(self, timeout):
        ready, _, _ = select.select([self.p.stdout], [], [], timeout)
        if not ready:
            raise AssertionError("the test tray host did not answer")
        return self.p.stdout.readline().strip()

    def ask(self, command):
        self.p.stdin.write(command + "\n")
        self.p.stdin.flush()
        return json.loads(self._line(30))

    def menu(self):
        """The newest item's pid and its menu's visible entries (labels, separators as "")."""
        answer = self.ask("menu")
        if "error" in answer:
            return None, [answer]
        return answer["pid"], [e["label"] for e in answer["entries"] if e["visible"]]

    def close(self):
        try:
            self.ask("quit")
        except Exception:
            pass
        try:
            self.p.wait(5)
        except subprocess.TimeoutExpired:
            self.p.kill()
        self.stderr.close()


class Notifications:
    """notification_server.py, writing each Notify to `path` as a JSON line."""

    def __init__(self, path):
        self.path = path
        self.p = subprocess.Popen(["/usr/bin/python3", str(HERE / "notification_server.py"),
                                   str(path)], stdout=subprocess.PIPE, text=True)
        ready, _, _ = select.select([self.p.stdout], [], [], 15)
        if not ready or self.p.stdout.readline().strip() != "ready":
            raise AssertionError("the test notification server did not start")

    def seen(self):
        if not self.path.exists():
            return []
        return [json.loads(line) for line in self.path.read_text().splitlines() if line]

    def close(self):
        self.p.terminate()
        try:
            self.p.wait(5)
        except subprocess.TimeoutExpired:
            self.p.kill()


def tray_steps(r, tray, app_pid, log):
    """The running app's tray menu: its entries, and Pause watching ⇄ Resume watching."""
    want = TRAY_LABELS[:3] + [""] + TRAY_LABELS[3:]  # a separator before Quit
    deadline = time.time() + 30
    pid, labels = tray.menu()
    while (pid != app_pid or labels != want) and time.time() < deadline:
        time.sleep(0.5)
        pid, labels = tray.menu()
    assert pid == app_pid, f"no tray item of the app (pid {app_pid}): {pid} {labels}, " \
                           f"items {tray.ask('items')}"
    assert labels == want, f"tray menu {labels}, expected {want}"
    log(f"tray menu of the app (pid {pid}): {labels}")
    for click, then in (("Pause watching", RESUME), (RESUME, "Pause watching")):
        answer = tray.ask(f"click {click}")
        assert "clicked" in answer, answer
        deadline = time.time() + 10
        labels = tray.menu()[1]
        while labels[2:3] != [then] and time.time() < deadline:
            time.sleep(0.2)
            labels = tray.menu()[1]
        assert labels[2:3] == [then], f"after {click}: tray menu {labels}"
        log(f"tray: clicked {click!r}, the menu now says {then!r}")


def sync_now(tray, log):
    """Clicks tray "Sync now"; the time it was clicked."""
    started = time.time()
    answer = tray.ask("click Sync now")
    assert "clicked" in answer, answer
    log("tray: clicked 'Sync now'")
    return started


def wait_notifications(r, notes, log, started, timeout=60):
    """The round asked by "Sync now" (clicked at `started`) raises its new alerts, each one
    notification: waits until some came and no more come for 3 s. Checks each against the
    shell's words (every one a watcher's, at least one low battery); returns them."""
    deadline = started + timeout
    seen, since = [], time.time()
    while time.time() < deadline:
        now = notes.seen()
        if len(now) != len(seen):
            seen, since = now, time.time()
        elif seen and time.time() - since >= 3:
            break
        time.sleep(0.3)
    if not seen:
        r.shot("FAILED-no-notification", screen=True)
        raise AssertionError(f"no notification within {timeout} s of Sync now")
    pairs = [(n["summary"], n["body"]) for n in seen]
    low = []
    for n in seen:
        assert n["summary"] in TITLE_RULE, f"not a watcher notification: {n}"
        assert n["replaces_id"] == 0, n
        if n["summary"] == "Low battery":
            m = LOW_BATTERY.match(n["body"])
            assert m, f"a low-battery body not worded as words.rs says: {n['body']!r}"
            assert int(m["percent"]) < THRESHOLD, n["body"]
            low.append(m)
    assert low, f"no low-battery notification among {pairs}"
    # One alert per lock and battery part. (Other rules may repeat a text: a lock left unlocked
    # twice is two alerts; watch_screen checks one notification per alert on Watch.)
    parts = [(m["lock"], m["part"]) for m in low]
    assert len(set(parts)) == len(parts), f"a low battery notified twice: {parts}"
    for n in seen:
        log(f"notification: [{n['app_name']}] {n['summary']}: {n['body']}")
    log(f"{len(seen)} notifications ({len(low)} of low batteries), all in by "
        f"{since - started:.1f} s after Sync now")
    return seen


def watch_screen(r, seen, log):
    """Watch lists the round's alerts: per rule as many open alerts as notifications (one
    notification per alert, none twice), and each low-battery notification's lock, part and
    percentage on one of its rows."""
    r.click("nav-watch")
    r.el("watch-alerts", timeout=30)
    r.wait(lambda: r.els("watch-alert"), "the alerts on Watch", timeout=30)
    # watch.en.ts: 'Last round: {time} ({count} new alerts).' — the round of "Sync now".
    last = f"({len(seen)} new alerts)"
    r.wait(lambda: last in r.el("watch-last-round").text, f"Watch's last round with {last}",
           timeout=30)
    # Its sync was History's, cancelled: 'watch.status.syncFailed'.
    status = r.el("watch-status").text
    assert "what was archived was checked" in status, f"the round's sync not told: {status!r}"
    rows = r.els("watch-alert")
    by_rule = {}
    for row in rows:
        by_rule.setdefault(row.get_attribute("data-rule"), []).append(
            row.get_attribute("textContent") or "")
    notified = {}
    for n in seen:
        notified[TITLE_RULE[n["summary"]]] = notified.get(TITLE_RULE[n["summary"]], 0) + 1
    counts = {rule: len(texts) for rule, texts in by_rule.items()}
    assert counts == notified, f"Watch lists {counts} alerts, notifications {notified}"
    for n in seen:
        m = LOW_BATTERY.match(n["body"])
        if not m:
            continue
        detail = f"{m['part']}: {m['percent']}%".lower()
        assert any(m["lock"] in text and detail in text.lower() for text in by_rule["low_battery"]), \
            f"no Watch row for {n['body']!r}"
    log(f"Watch: last round {r.el('watch-last-round').text!r}; "
        f"{r.el('watch-open-count').text!r}; alerts by rule {counts}")
    r.shot("watch")
    r.d.execute_script("arguments[0].scrollIntoView({block: 'start'});", r.el("watch-alerts"))
    r.shot("watch-alerts")


def pause_between_tray_and_watch(r, tray, log):
    """Paused from the tray, the Watch screen says so (it reads the shell's watcher every 5 s);
    resumed from the screen, the tray's menu says "Pause watching" again."""
    answer = tray.ask("click Pause watching")
    assert "clicked" in answer, answer
    r.wait(lambda: r.el("watch-background").get_attribute("data-paused") == "true",
           "Watch to show watching paused from the tray", timeout=15)
    log("Watch: " + r.el("watch-background").text.replace("\n", " / "))
    r.d.execute_script("arguments[0].scrollIntoView({block: 'start'});", r.el("watch-status"))
    r.shot("watch-paused")
    r.click("watch-background-toggle")
    r.wait(lambda: r.el("watch-background").get_attribute("data-paused") == "false",
           "Watch to show watching resumed", timeout=15)
    deadline = time.time() + 10
    labels = tray.menu()[1]
    while labels[2:3] != ["Pause watching"] and time.time() < deadline:
        time.sleep(0.2)
        labels = tray.menu()[1]
    assert labels[2:3] == ["Pause watching"], f"after Resume on Watch: tray menu {labels}"
    log("Watch: resumed from the screen; the tray says 'Pause watching' again")


def quit_from_tray(tray, pids, log):
    """Tray "Quit" ends the app (no window left, no process)."""
    assert pids(), "the app runs before Quit"
    answer = tray.ask("click Quit")
    assert "clicked" in answer, answer
    deadline = time.time() + 20
    while pids() and time.time() < deadline:
        time.sleep(0.2)
    assert not pids(), f"the app still runs 20 s after tray Quit: {pids()}"
    log("tray: clicked 'Quit', the app exited")
