#!/bin/sh
# Makes the Library Kiosk web host's master key and seals it to this machine as a systemd
# credential, for LoadCredentialEncrypted= in library-kiosk-web.service (see docs/deployment.md).
# The key is 32 random bytes piped straight into systemd-creds: it is never written in clear,
# never printed. Run as root, once per station, before the web host's first start with the unit.
#
#   library-kiosk-make-key.sh [credential file]      default /etc/library-kiosk/kiosk-key.cred
#
# Environment (optional):
#   KIOSK_KEY_SEAL  what the credential is sealed to: host+tpm2 (the host secret and this
#                   machine's TPM 2.0 chip: default when systemd finds one), tpm2, or host (the
#                   host secret in /var/lib/systemd/credential.secret alone: default without a TPM)
# Exit status: 0 made, 1 failed, 2 refused (the file exists already, or not run as root).
set -eu

log() { printf 'library-kiosk-make-key: %s\n' "$*" >&2; }

credential=${1:-/etc/library-kiosk/kiosk-key.cred}
# SYSTEMD_CREDENTIAL_SECRET names another host secret (tests make a second "machine" with it).
if [ "$(id -u)" -ne 0 ] && [ -z "${SYSTEMD_CREDENTIAL_SECRET:-}" ]; then
  log "run as root: only root may read the host secret the credential is sealed with"
  exit 2
fi
command -v systemd-creds >/dev/null 2>&1 || {
  log "systemd-creds is missing (systemd 250 or later): apt-get install systemd"
  exit 1
}
# A new key over the old one would leave the data folder sealed with a key nobody has.
if [ -e "$credential" ]; then
  log "$credential exists already: the data folder is sealed with the key in it; not replaced"
  exit 2
fi

seal=${KIOSK_KEY_SEAL:-}
if [ -z "$seal" ]; then
  if systemd-creds has-tpm2 >/dev/null 2>&1; then seal=host+tpm2; else seal=host; fi
fi
case "$seal" in
  host | tpm2 | host+tpm2) ;;
  *)
    log "KIOSK_KEY_SEAL must be host, tpm2 or host+tpm2, not '$seal'"
    exit 2
    ;;
esac

umask 077
folder=$(dirname "$credential")
[ -d "$folder" ] || install -d -m 0700 "$folder"
temporary="$credential.$$.tmp"
trap 'rm -f "$temporary"' EXIT
head -c 32 /dev/urandom |
  systemd-creds encrypt --with-key="$seal" --name=library-kiosk-key - "$temporary"
# A link never replaces a file: two runs at once leave one key, never one over the other.
if ! ln "$temporary" "$credential" 2>/dev/null; then
  log "$credential appeared meanwhile; not replaced"
  exit 2
fi
log "made $credential (sealed to: $seal); it opens on this machine only"
