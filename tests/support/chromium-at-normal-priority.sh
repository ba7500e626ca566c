#!/bin/sh
# Starts Chromium ($CHROMIUM_BINARY) without the right to raise its own priority. Run as root (as on
# CI machines), Chromium gives its renderer main, compositor and IO threads nice -8, ahead of every
# other process: on two cores the test servers, the database and the API tests beside the browser
# tests then waited behind the browser. Without CAP_SYS_NICE those threads stay at nice 0.
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1; then
  exec setpriv --inh-caps=-sys_nice --bounding-set=-sys_nice "$CHROMIUM_BINARY" "$@"
fi
exec "$CHROMIUM_BINARY" "$@"
