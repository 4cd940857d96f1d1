#!/usr/bin/python3
"""A minimal WebKitGTK browser for WebKitWebDriver, run by Debian's python3 (python3-gi).

MiniBrowser's automation mode ignores its settings options, so the page's console (and
WebKit's own errors: CSP, preloads) would go nowhere. This browser does what MiniBrowser does
for automation and writes every console message to stdout, where the smoke test reads them.

Usage (by WebKitWebDriver, from the capability ``webkitgtk:browserOptions``):
``python3 webkit_browser.py --automation <data-dir>``
"""

import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import Gtk, WebKit2  # noqa: E402


def main() -> None:
    data_dir = next((a for a in sys.argv[1:] if not a.startswith("--")), None)
    Gtk.init(None)
    if data_dir:
        manager = WebKit2.WebsiteDataManager(base_data_directory=f"{data_dir}/data",
                                             base_cache_directory=f"{data_dir}/cache")
    else:
        manager = WebKit2.WebsiteDataManager.new_ephemeral()
    context = WebKit2.WebContext(website_data_manager=manager)
    context.set_automation_allowed(True)
    settings = WebKit2.Settings()
    settings.set_enable_write_console_messages_to_stdout(True)
    settings.set_enable_developer_extras(True)

    def create_view(_session: object) -> WebKit2.WebView:
        view = WebKit2.WebView(web_context=context, settings=settings, is_controlled_by_automation=True)
        window = Gtk.Window()
        window.set_default_size(1280, 900)
        window.add(view)
        view.connect("close", lambda _view: window.destroy())
        window.show_all()
        return view

    def started(_context: object, session: WebKit2.AutomationSession) -> None:
        info = WebKit2.ApplicationInfo.new()
        info.set_name("StarTableWebKit")
        info.set_version(WebKit2.get_major_version(), WebKit2.get_minor_version(), WebKit2.get_micro_version())
        session.set_application_info(info)
        session.connect("create-web-view", create_view)

    context.connect("automation-started", started)
    Gtk.main()


if __name__ == "__main__":
    main()
