#!/bin/bash

# Delete the link to the binary
# update-alternatives --remove <name> <path>: 'path' must be the registered alternative binary,
# not the generic symlink — see https://man7.org/linux/man-pages/man1/update-alternatives.1.html
if type update-alternatives >/dev/null 2>&1; then
    update-alternatives --remove '${executable}' '/opt/${sanitizedProductName}/${executable}'
else
    rm -f '/usr/bin/${executable}'
fi

APPARMOR_PROFILE_DEST='/etc/apparmor.d/${executable}'

# Remove and unload apparmor profile.
if [ -f "$APPARMOR_PROFILE_DEST" ]; then
  # Unload the profile from the running kernel before deleting the file so the
  # policy is not left enforced until the next reboot.  Mirror the chroot guard
  # used in the after-install script — live AppArmor operations are not
  # meaningful inside a chroot.
  # https://wiki.debian.org/AppArmor/HowToUse
  if apparmor_status --enabled > /dev/null 2>&1; then
    if ! { [ -x '/usr/bin/ischroot' ] && /usr/bin/ischroot; } && hash apparmor_parser 2>/dev/null; then
      apparmor_parser --remove "$APPARMOR_PROFILE_DEST" || true
    fi
  fi
  rm -f "$APPARMOR_PROFILE_DEST"
fi
# >>> library-kiosk udev rule
# Library Kiosk, after electron-builder's own steps above (which this file repeats: setting
# deb.afterRemove replaces electron-builder's template; a unit test keeps the two in step).
# On remove, the udev rule the after-install script put in /etc/udev/rules.d goes, unless staff
# edited it (kept until purge); on purge it goes in any case. On upgrade it stays: the new
# version's after-install updates it. The checksum is in root's own folder (after-install says
# why); a stamp an older version left in the data folder is removed (rm removes a link itself).
UDEV_RULE_TARGET='/etc/udev/rules.d/70-library-kiosk-scanner.rules'
UDEV_RULE_STAMP='/var/lib/library-kiosk-package/udev-rule.sha256'
UDEV_RULE_OLD_STAMP='/var/lib/library-kiosk/udev-rule.sha256'
case "$1" in
  remove | purge)
    if [ -f "$UDEV_RULE_TARGET" ]; then
      if [ "$1" = purge ] || { [ -f "$UDEV_RULE_STAMP" ] && [ ! -L "$UDEV_RULE_STAMP" ] && [ "$(sha256sum < "$UDEV_RULE_TARGET")" = "$(cat "$UDEV_RULE_STAMP")" ]; }; then
        rm -f "$UDEV_RULE_TARGET"
        rm -f "$UDEV_RULE_STAMP"
        rmdir "$(dirname "$UDEV_RULE_STAMP")" 2>/dev/null || true
      else
        echo "Library Kiosk: kept the edited $UDEV_RULE_TARGET (removed on purge)"
      fi
    fi
    rm -f "$UDEV_RULE_OLD_STAMP"
    if [ "$1" = purge ]; then
      rm -f "$UDEV_RULE_STAMP"
      rmdir "$(dirname "$UDEV_RULE_STAMP")" 2>/dev/null || true
    fi
    if hash udevadm 2>/dev/null && ! { [ -x '/usr/bin/ischroot' ] && /usr/bin/ischroot; }; then
      udevadm control --reload-rules || true
    fi
    ;;
esac
# <<< library-kiosk udev rule
