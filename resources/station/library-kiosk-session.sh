#!/bin/sh
# Library Kiosk station session: the single-application Wayland compositor cage shows the kiosk
# client full screen, and starts it again whenever it ends. library-kiosk.service runs this as the
# kiosk user on tty1 (see docs/deployment.md); it refuses to run as root.
#
# Environment (all optional):
#   KIOSK_CLIENT         electron (the installed build, default) or chromium (the web host's page)
#   KIOSK_ELECTRON       the Electron build's binary; default /opt/Library Kiosk/library-kiosk
#   KIOSK_CHROMIUM       Chromium's binary; default /usr/bin/chromium
#   KIOSK_DATA_DIR       the kiosk's data folder, passed on to the client; default
#                        /var/lib/library-kiosk (Chromium's profile goes in its chromium/ folder)
#   KIOSK_URL            the page Chromium opens. Default: the launch URL the web host writes to
#                        KIOSK_LAUNCH_URL_FILE at each start (it holds that run's launch key);
#                        the session waits for that file, and restarts Chromium when it changes
#   KIOSK_LAUNCH_URL_FILE  where the web host writes it; default $KIOSK_DATA_DIR/launch-url (the
#                        web host as another user: /run/library-kiosk-web/launch-url)
#   KIOSK_CLIENT_ARGS    more arguments for the client, split on spaces (no quoting)
#   KIOSK_CAGE_ARGS      more options for cage, e.g. -r to turn the picture for a portrait screen
#   KIOSK_RESTART_DELAY  seconds between the client's end and its next start; default 2. Failures
#                        that come one after another double it each time, up to:
#   KIOSK_RESTART_DELAY_MAX  the longest pause, in seconds; default 60
#   KIOSK_RESTART_RESET  seconds a client must run for its end to count as a fresh failure (the
#                        pause back to KIOSK_RESTART_DELAY); default 300
# The session never gives up: with nobody near the station, it keeps trying at the longest pause.
# Each end it answers with a pause goes into $KIOSK_DATA_DIR/station-restarts (one line each:
# UTC time, the client's status, the pause; the last 50), which the staff status screen reads (the
# web host, as another user in the kiosk group, reads it by group: mode 0640).
# Exit status 78 (EX_CONFIG): the station is set up wrong; the journal says how.
#
# The client runs with KIOSK_SUPERVISED=1: the Electron kiosk then restarts itself (after a
# settings change) by exiting with status 75 (restart_status below, RESTART_EXIT_CODE in
# src-main/electron/restart.ts), and the session starts it again at once.
set -u

# 75 (EX_TEMPFAIL): the client asks to be started again now, with no pause.
restart_status=75

# Inside cage: the client itself, its exit status written to the file named first. cage 0.1.4
# ends with 0 whatever its client did (cage-kiosk/cage#270), so the status goes round it.
if [ "${1:-}" = --client ]; then
  status_file=$2
  shift 2
  exec 3<&0
  "$@" <&3 3<&- &
  client=$!
  # The session ends cage's child (this): the client is the one to end.
  trap 'kill -TERM "$client" 2>/dev/null' TERM INT HUP
  while :; do
    wait "$client"
    status=$?
    kill -0 "$client" 2>/dev/null || break
  done
  echo "$status" >"$status_file"
  exit "$status"
fi

log() { printf 'library-kiosk-session: %s\n' "$*" >&2; }
fail() {
  log "$*"
  exit 78
}

if [ "$(id -u)" -eq 0 ]; then
  fail "refusing to run as root: run the session as the unprivileged kiosk user (User=kiosk in library-kiosk.service)"
fi
command -v cage >/dev/null 2>&1 || fail "cage is not installed: apt-get install cage xwayland"

# Wayland's socket lives in XDG_RUNTIME_DIR; pam_systemd sets it for a login session.
if [ -z "${XDG_RUNTIME_DIR:-}" ]; then
  if [ -d "/run/user/$(id -u)" ] && [ -O "/run/user/$(id -u)" ]; then
    XDG_RUNTIME_DIR="/run/user/$(id -u)"
  else
    XDG_RUNTIME_DIR=$(mktemp -d "${TMPDIR:-/tmp}/library-kiosk-runtime.XXXXXX") ||
      fail "XDG_RUNTIME_DIR is not set and no private folder could be made for it"
  fi
  export XDG_RUNTIME_DIR
fi

KIOSK_DATA_DIR=${KIOSK_DATA_DIR:-/var/lib/library-kiosk}
export KIOSK_DATA_DIR
if [ ! -d "$KIOSK_DATA_DIR" ] || [ ! -w "$KIOSK_DATA_DIR" ]; then
  fail "the data folder $KIOSK_DATA_DIR is missing or not writable by $(id -un)"
fi

client=${KIOSK_CLIENT:-electron}
url_file=
case "$client" in
  electron)
    binary=${KIOSK_ELECTRON:-/opt/Library Kiosk/library-kiosk}
    setting=KIOSK_ELECTRON
    set -- "$binary" --ozone-platform=wayland
    ;;
  chromium)
    binary=${KIOSK_CHROMIUM:-/usr/bin/chromium}
    setting=KIOSK_CHROMIUM
    [ -n "${KIOSK_URL:-}" ] || url_file=${KIOSK_LAUNCH_URL_FILE:-"$KIOSK_DATA_DIR/launch-url"}
    # --kiosk-printing: receipts go to the default printer, with no print dialog (nor its "Save
    # as PDF" file chooser) on screen. --autoplay-policy: a HID scanner's scan is no user gesture,
    # and the feedback sounds must still play.
    set -- "$binary" --kiosk --ozone-platform=wayland --no-first-run --noerrdialogs \
      --disable-session-crashed-bubble --disable-translate --disable-features=TranslateUI \
      --overscroll-history-navigation=0 --kiosk-printing \
      --autoplay-policy=no-user-gesture-required --user-data-dir="$KIOSK_DATA_DIR/chromium"
    ;;
  *)
    fail "KIOSK_CLIENT must be electron or chromium, not '$client'"
    ;;
esac
[ -x "$binary" ] || fail "the $client client $binary is not installed (set $setting to its path)"
# shellcheck disable=SC2086 # a list of words by design
set -- "$@" ${KIOSK_CLIENT_ARGS:-}

# The Electron kiosk restarts by ending with restart_status rather than relaunching itself.
KIOSK_SUPERVISED=1
export KIOSK_SUPERVISED
status_file="$XDG_RUNTIME_DIR/library-kiosk-client.status"

# A number of seconds (a fraction allowed), else the station is set up wrong.
seconds() {
  case "$2" in
    '' | *[!0-9.]* | *.*.* | .) fail "$1 must be a number of seconds, not '$2'" ;;
  esac
}
delay=${KIOSK_RESTART_DELAY:-2}
seconds KIOSK_RESTART_DELAY "$delay"
delay_max=${KIOSK_RESTART_DELAY_MAX:-60}
seconds KIOSK_RESTART_DELAY_MAX "$delay_max"
awk -v first="$delay" -v most="$delay_max" 'BEGIN { exit !(first + 0 <= most + 0) }' ||
  fail "KIOSK_RESTART_DELAY ($delay) must not be longer than KIOSK_RESTART_DELAY_MAX ($delay_max)"
reset_after=${KIOSK_RESTART_RESET:-300}
case "$reset_after" in
  '' | *[!0-9]*) fail "KIOSK_RESTART_RESET must be a whole number of seconds, not '$reset_after'" ;;
esac

# The restarts staff see on the status screen
# (src-main/core/console/diagnostics/station-restarts.ts reads it).
history_file="$KIOSK_DATA_DIR/station-restarts"
history_keep=50
# Adds "time status pause" and keeps the last entries. A temporary file, flushed (coreutils' sync
# FILE) and renamed over the old one, then the folder flushed: a power cut leaves the old history
# or the new one, never an empty or half one (docs/offline.md#every-crash-point).
remember() {
  temporary="$history_file.$$.tmp"
  # umask 027 (mode 0640): the kiosk's own file, which the web host reads by group.
  if (
    umask 027
    {
      tail -n $((history_keep - 1)) "$history_file" 2>/dev/null
      printf '%s %s %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$1" "$2"
    } >"$temporary"
  ) && sync -- "$temporary" && mv -f "$temporary" "$history_file" &&
    sync -- "${history_file%/*}"; then
    return 0
  fi
  rm -f "$temporary"
  log "could not write the restart history $history_file"
}

# The pause after a failure that follows a quick one: twice the last, no more than delay_max.
doubled() { awk -v pause="$1" -v most="$delay_max" 'BEGIN { pause *= 2; print (pause > most ? most : pause) }'; }

# The web host's launch URL; empty while the file is missing (the web host is not up yet).
launch_url() { cat "$url_file" 2>/dev/null || true; }

# sh gives a background job /dev/null for input; cage gets the session's terminal through fd 3.
exec 3<&0
cage_pid=
# Ends the client, and cage with it (cage 0.1.4 aborts on a SIGTERM of its own).
end_client() { pkill -TERM -P "$cage_pid" 2>/dev/null || kill -TERM "$cage_pid" 2>/dev/null; }
sleeper=
stop() {
  trap - TERM INT HUP
  [ -z "$sleeper" ] || kill -TERM "$sleeper" 2>/dev/null
  if [ -n "$cage_pid" ]; then
    end_client
    wait "$cage_pid"
  fi
  log "stopped"
  exit 0
}
trap stop TERM INT HUP

# A pause that a stop signal ends at once.
pause() {
  sleep "$1" &
  sleeper=$!
  wait "$sleeper"
  sleeper=
}

run=0
restarted_at_once=no
# What the next start logs: the status the run before ended with, and the pause after it.
previous=
# The pause after the last failure; empty when there is none to grow from.
backoff=
while :; do
  url=
  if [ "$client" = chromium ]; then
    url=${KIOSK_URL:-}
    if [ -n "$url_file" ]; then
      url=$(launch_url)
      if [ -z "$url" ]; then
        log "waiting for the web host's launch URL in $url_file"
        while url=$(launch_url) && [ -z "$url" ]; do pause 1; done
      fi
    fi
  fi
  run=$((run + 1))
  # Only the binary: the URL holds the launch key, and the journal keeps what is logged.
  log "starting cage with the $client client $binary (start $run${previous:+, $previous})"
  started=$(date +%s)
  # -d: no client-side window decorations. Never -s: it lets the keyboard switch to a console.
  # The page goes last as a plain argument: with --app=, Chromium under cage quits at once.
  # shellcheck disable=SC2086 # a list of words by design
  rm -f "$status_file"
  cage -d ${KIOSK_CAGE_ARGS:-} -- "$0" --client "$status_file" "$@" ${url:+"$url"} <&3 3<&- &
  cage_pid=$!
  url_changed=no
  if [ -n "$url_file" ]; then
    # A restarted web host has a new launch key: the page open now can no longer connect.
    while kill -0 "$cage_pid" 2>/dev/null; do
      pause 1
      if [ "$(launch_url)" != "$url" ]; then
        log "the web host's launch URL changed: restarting the client"
        url_changed=yes
        end_client
        break
      fi
    done
  fi
  wait "$cage_pid"
  status=$?
  cage_pid=
  ran=$(($(date +%s) - started))
  client_status=$(cat "$status_file" 2>/dev/null || true)
  # cage's own status when the client's is missing (cage itself failed to start).
  ended=${client_status:-$status}
  # At once only when the run before did not end so too: a client that asks at every start
  # still gets the pause, never a tight loop.
  if [ "$client_status" = "$restart_status" ] && [ "$restarted_at_once" = no ]; then
    log "the client asked for a restart (status $restart_status): starting it again now"
    restarted_at_once=yes
    previous="after status $restart_status and no pause"
    continue
  fi
  restarted_at_once=no
  # Ended on purpose for the new launch URL: no failure, the usual pause.
  if [ "$url_changed" = yes ]; then
    previous="after a new launch URL and a ${delay}s pause"
    pause "$delay"
    continue
  fi
  # A failure: the pause doubles while failures come quickly, and starts over after a long run.
  if [ -z "$backoff" ] || [ "$ran" -ge "$reset_after" ]; then
    backoff=$delay
  else
    backoff=$(doubled "$backoff")
  fi
  log "cage ended with status $status (the client's: ${client_status:-none}) after ${ran}s; starting it again in ${backoff}s"
  remember "$ended" "$backoff"
  previous="after status $ended and a ${backoff}s pause"
  pause "$backoff"
done
