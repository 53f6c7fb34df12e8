#!/usr/bin/python3
"""A test tray: owns org.kde.StatusNotifierWatcher on the session D-Bus (with a host
registered, as a desktop panel would be), so an app's tray icon (libayatana-appindicator, which
Tauri's tray uses on Linux) registers its StatusNotifierItem here instead of falling back to an
XEmbed icon. It then reads the item's menu through com.canonical.dbusmenu and clicks its
entries as a panel does, on commands read from stdin, one a line, each answered with one JSON
line on stdout:

  items          -> [{"item": "<bus name><object path>", "pid": 123}, ...]  the items
                    registered and still on the bus, oldest first, with their process ids
  menu           -> {"item": ..., "pid": 123, "entries": [{"id": 1, "label": "Open Lockdesk",
                    "type": "standard", "enabled": true, "visible": true}, ...]}  the top level
                    of the newest item's menu ({"error": ...} while no item is registered)
  click LABEL    -> {"clicked": id}  sends the dbusmenu event "clicked" to the entry LABEL
  quit           -> {"bye": true}

Prints "ready" once it owns the watcher's name. Run it with the system python3 (python3-gi),
inside dbus-run-session, before the app starts.

Usage: tray_host.py
"""

import json
import os
import sys
import time

from gi.repository import Gio, GLib

WATCHER = "org.kde.StatusNotifierWatcher"
WATCHER_XML = """
<node>
  <interface name="org.kde.StatusNotifierWatcher">
    <method name="RegisterStatusNotifierItem"><arg type="s" name="service" direction="in"/></method>
    <method name="RegisterStatusNotifierHost"><arg type="s" name="service" direction="in"/></method>
    <property name="RegisteredStatusNotifierItems" type="as" access="read"/>
    <property name="IsStatusNotifierHostRegistered" type="b" access="read"/>
    <property name="ProtocolVersion" type="i" access="read"/>
    <signal name="StatusNotifierItemRegistered"><arg type="s"/></signal>
    <signal name="StatusNotifierItemUnregistered"><arg type="s"/></signal>
    <signal name="StatusNotifierHostRegistered"/>
    <signal name="StatusNotifierHostUnregistered"/>
  </interface>
</node>
"""

bus = None
# Registered items, oldest first: (bus name, object path, name watch id).
items = []


def log(msg):
    print(f"[tray-host] {msg}", file=sys.stderr, flush=True)


def item_key(name, path):
    return name + path


def emit(signal, args):
    bus.emit_signal(None, "/StatusNotifierWatcher", WATCHER, signal, args)


def forget(name):
    for entry in [i for i in items if i[0] == name]:
        items.remove(entry)
        Gio.bus_unwatch_name(entry[2])
        log(f"item gone: {item_key(entry[0], entry[1])}")
        emit("StatusNotifierItemUnregistered", GLib.Variant("(s)", (item_key(entry[0], entry[1]),)))


def on_watcher_call(conn, sender, path, iface, method, params, invocation):
    if method == "RegisterStatusNotifierItem":
        (service,) = params.unpack()
        # libayatana-appindicator sends its object path (the bus name is the caller's); other
        # libraries send a bus name (the path is then the spec's /StatusNotifierItem).
        name, obj = (sender, service) if service.startswith("/") else (service, "/StatusNotifierItem")
        forget_same = [i for i in items if i[0] == name and i[1] == obj]
        if not forget_same:
            watch = Gio.bus_watch_name_on_connection(conn, name, Gio.BusNameWatcherFlags.NONE,
                                                     None, lambda _c, n: forget(n))
            items.append((name, obj, watch))
        log(f"item registered: {item_key(name, obj)} (sent {service!r})")
        invocation.return_value(None)
        emit("StatusNotifierItemRegistered", GLib.Variant("(s)", (item_key(name, obj),)))
    elif method == "RegisterStatusNotifierHost":
        invocation.return_value(None)
    else:
        invocation.return_dbus_error("org.freedesktop.DBus.Error.UnknownMethod", method)


def on_watcher_get(conn, sender, path, iface, prop):
    if prop == "RegisteredStatusNotifierItems":
        return GLib.Variant("as", [item_key(n, p) for n, p, _ in items])
    if prop == "IsStatusNotifierHostRegistered":
        return GLib.Variant("b", True)
    if prop == "ProtocolVersion":
        return GLib.Variant("i", 0)
    return None


def call(name, path, iface, method, args, reply):
    return bus.call_sync(name, path, iface, method, args, GLib.VariantType(reply) if reply else None,
                         Gio.DBusCallFlags.NONE, 10000, None)


def pid_of(name):
    return call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                "GetConnectionUnixProcessID", GLib.Variant("(s)", (name,)), "(u)").unpack()[0]


def menu_of_newest():
    if not items:
        return None, None, {"error": "no item registered"}
    name, path, _ = items[-1]
    menu_path = call(name, path, "org.freedesktop.DBus.Properties", "Get",
                     GLib.Variant("(ss)", ("org.kde.StatusNotifierItem", "Menu")), "(v)").unpack()[0]
    try:  # lets a lazy menu fill itself, as a panel does before showing it
        call(name, menu_path, "com.canonical.dbusmenu", "AboutToShow", GLib.Variant("(i)", (0,)),
             "(b)")
    except GLib.Error:
        pass
    _rev, layout = call(name, menu_path, "com.canonical.dbusmenu", "GetLayout",
                        GLib.Variant("(iias)", (0, 1, ["label", "type", "enabled", "visible"])),
                        "(u(ia{sv}av))").unpack()
    _root, _props, children = layout
    entries = []
    for child_id, props, _ in children:
        entries.append({"id": child_id, "label": props.get("label", ""),
                        "type": props.get("type", "standard"),
                        "enabled": props.get("enabled", True), "visible": props.get("visible", True)})
    return name, menu_path, {"item": item_key(name, path), "pid": pid_of(name), "entries": entries}


def command(line):
    cmd, _, arg = line.strip().partition(" ")
    if cmd == "items":
        return [{"item": item_key(n, p), "pid": pid_of(n)} for n, p, _ in items]
    if cmd == "menu":
        return menu_of_newest()[2]
    if cmd == "click":
        name, menu_path, entries = menu_of_newest()
        if name is None:
            return entries
        found = [e for e in entries["entries"] if e["label"] == arg]
        if not found:
            return {"error": f"no entry {arg!r}", "menu": entries}
        call(name, menu_path, "com.canonical.dbusmenu", "Event",
             GLib.Variant("(isvu)", (found[0]["id"], "clicked", GLib.Variant("s", ""),
                                     int(time.time()) & 0xFFFFFFFF)), None)
        return {"clicked": found[0]["id"]}
    if cmd == "quit":
        loop.quit()
        return {"bye": True}
    return {"error": f"unknown command {cmd!r}"}


pending = [b""]


def on_stdin(fd, condition):
    data = os.read(fd, 4096)
    if not data:
        loop.quit()
        return False
    pending[0] += data
    while b"\n" in pending[0]:
        line, pending[0] = pending[0].split(b"\n", 1)
        try:
            answer = command(line.decode())
        except GLib.Error as e:
            answer = {"error": e.message}
        print(json.dumps(answer, ensure_ascii=False), flush=True)
    return True


def on_bus(conn, _name):
    global bus
    bus = conn
    node = Gio.DBusNodeInfo.new_for_xml(WATCHER_XML)
    conn.register_object("/StatusNotifierWatcher", node.interfaces[0], on_watcher_call,
                         on_watcher_get, None)


def on_name(_conn, _name):
    # A host, as a panel registers one (libraries only check the watcher's property).
    Gio.bus_own_name_on_connection(bus, f"org.kde.StatusNotifierHost-{os.getpid()}",
                                   Gio.BusNameOwnerFlags.NONE, None, None)
    GLib.unix_fd_add_full(GLib.PRIORITY_DEFAULT, 0, GLib.IOCondition.IN | GLib.IOCondition.HUP,
                          on_stdin)
    print("ready", flush=True)


def on_lost(_conn, name):
    print(f"could not own {name}", file=sys.stderr, flush=True)
    sys.exit(1)


Gio.bus_own_name(Gio.BusType.SESSION, WATCHER, Gio.BusNameOwnerFlags.NONE, on_bus, on_name, on_lost)
loop = GLib.MainLoop()
loop.run()
