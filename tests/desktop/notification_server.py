#!/usr/bin/python3
"""A test notification server: owns org.freedesktop.Notifications on the session D-Bus and
writes every notification it receives as one JSON line ({"app_name", "summary", "body",
"replaces_id", "id"}) to the file named by its argument. Prints "ready" once it owns the name.
Run it with the system python3 (python3-gi), inside dbus-run-session.

Usage: notification_server.py OUT.jsonl
"""

import json
import sys

from gi.repository import Gio, GLib

XML = """
<node>
  <interface name="org.freedesktop.Notifications">
    <method name="GetCapabilities"><arg type="as" direction="out"/></method>
    <method name="Notify">
      <arg type="s" name="app_name" direction="in"/>
      <arg type="u" name="replaces_id" direction="in"/>
      <arg type="s" name="app_icon" direction="in"/>
      <arg type="s" name="summary" direction="in"/>
      <arg type="s" name="body" direction="in"/>
      <arg type="as" name="actions" direction="in"/>
      <arg type="a{sv}" name="hints" direction="in"/>
      <arg type="i" name="expire_timeout" direction="in"/>
      <arg type="u" name="id" direction="out"/>
    </method>
    <method name="CloseNotification"><arg type="u" name="id" direction="in"/></method>
    <method name="GetServerInformation">
      <arg type="s" direction="out"/><arg type="s" direction="out"/>
      <arg type="s" direction="out"/><arg type="s" direction="out"/>
    </method>
    <signal name="NotificationClosed"><arg type="u"/><arg type="u"/></signal>
    <signal name="ActionInvoked"><arg type="u"/><arg type="s"/></signal>
  </interface>
</node>
"""

out = open(sys.argv[1], "a", encoding="utf-8")
next_id = [0]


def on_call(conn, sender, path, iface, method, params, invocation):
    if method == "GetCapabilities":
        invocation.return_value(GLib.Variant("(as)", (["body"],)))
    elif method == "GetServerInformation":
        invocation.return_value(GLib.Variant("(ssss)", ("lockdesk-test", "lockdesk", "1", "1.2")))
    elif method == "CloseNotification":
        invocation.return_value(None)
    elif method == "Notify":
        app_name, replaces_id, _icon, summary, body, _actions, _hints, _timeout = params.unpack()
        next_id[0] += 1
        out.write(json.dumps({"app_name": app_name, "summary": summary, "body": body,
                              "replaces_id": replaces_id, "id": next_id[0]},
                             ensure_ascii=False) + "\n")
        out.flush()
        invocation.return_value(GLib.Variant("(u)", (next_id[0],)))
    else:
        invocation.return_dbus_error("org.freedesktop.DBus.Error.UnknownMethod", method)


def on_bus(conn, _name):
    node = Gio.DBusNodeInfo.new_for_xml(XML)
    conn.register_object("/org/freedesktop/Notifications", node.interfaces[0], on_call, None, None)


def on_name(_conn, _name):
    print("ready", flush=True)


def on_lost(_conn, name):
    print(f"could not own {name}", file=sys.stderr, flush=True)
    sys.exit(1)


Gio.bus_own_name(Gio.BusType.SESSION, "org.freedesktop.Notifications",
                 Gio.BusNameOwnerFlags.NONE, on_bus, on_name, on_lost)
GLib.MainLoop().run()
