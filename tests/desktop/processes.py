"""The app's processes and their memory, from /proc (Linux), for the desktop tests and benches."""

import os
import subprocess
from pathlib import Path


def app_pids(binary):
    """The processes running `binary` (by their executable, not their command line: this
    script's own command line names the binary too)."""
    pids = []
    for p in Path("/proc").iterdir():
        if p.name.isdigit():
            try:
                if os.readlink(p / "exe").removesuffix(" (deleted)") == binary:
                    pids.append(int(p.name))
            except OSError:
                pass
    return sorted(pids)


def descendants(pid):
    """The processes started by `pid`, and by those, with their names (WebKit starts its web
    process through a sandbox, bwrap, so it is not a direct child)."""
    parent_of = {}
    for p in Path("/proc").iterdir():
        if p.name.isdigit():
            try:
                fields = (p / "stat").read_text().rsplit(")", 1)[1].split()
                parent_of[int(p.name)] = (int(fields[1]), (p / "comm").read_text().strip())
            except (OSError, IndexError, ValueError):
                pass
    found, frontier = [], {pid}
    while frontier:
        kids = [(k, name) for k, (parent, name) in parent_of.items() if parent in frontier]
        found += kids
        frontier = {k for k, _ in kids}
    return found


def rss_mib(binary):
    """The RSS of the app and of each of WebKit's processes it started, in MiB, by name."""
    out = {}
    for pid in app_pids(binary):
        for p, comm in [(pid, "app")] + descendants(pid):
            # /proc's comm holds 15 characters: "WebKitWebProces".
            name = "web" if comm.startswith("WebKitWebProc") else comm
            try:
                for line in Path(f"/proc/{p}/status").read_text().splitlines():
                    if line.startswith("VmRSS:"):
                        out[name] = out.get(name, 0) + int(line.split()[1]) / 1024
            except OSError:
                pass
    return out


def stop(proc, timeout=10):
    """Asks a started process to end, and kills it if it has not within `timeout` seconds."""
    proc.terminate()
    try:
        proc.wait(timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
