#!/usr/bin/python3
"""A tiny GTK window that offers one file for dragging (text/uri-list), like a file manager: the
desktop e2e drags from it onto the Lockdesk window with xdotool, so the app gets a real OS drop
(XDND) rather than a synthetic web event. Needs the system Python with PyGObject (python3-gi).

Usage: drag_source.py FILE X Y   (prints "ready" once the window is on screen)
"""

import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402


def main():
    path, x, y = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    win = Gtk.Window(title="lockdesk-drag-source")
    win.set_default_size(160, 100)
    win.move(x, y)
    box = Gtk.EventBox()
    box.add(Gtk.Label(label="drag me"))
    box.drag_source_set(Gdk.ModifierType.BUTTON1_MASK, [], Gdk.DragAction.COPY)
    box.drag_source_add_uri_targets()
    box.connect("drag-data-get",
                lambda _w, _c, data, _i, _t: data.set_uris([GLib.filename_to_uri(path, None)]))
    box.connect("drag-end", lambda *_: print("drag-end", flush=True))
    win.add(box)
    win.connect("map-event", lambda *_: print("ready", flush=True))
    win.connect("destroy", Gtk.main_quit)
    win.show_all()
    Gtk.main()


if __name__ == "__main__":
    main()
