#!/bin/bash

if type update-alternatives >/dev/null 2>&1; then
    # Remove previous link if it doesn't use update-alternatives
    if [ -L '/usr/bin/${executable}' -a -e '/usr/bin/${executable}' -a "`readlink '/usr/bin/${executable}'`" != '/etc/alternatives/${executable}' ]; then
        rm -f '/usr/bin/${executable}'
    fi
    update-alternatives --install '/usr/bin/${executable}' '${executable}' '/opt/${sanitizedProductName}/${executable}' 100 || ln -sf '/opt/${sanitizedProductName}/${executable}' '/usr/bin/${executable}'
else
    ln -sf '/opt/${sanitizedProductName}/${executable}' '/usr/bin/${executable}'
fi

# Check if user namespaces are supported by the kernel and working with a quick test:
if ! { [[ -L /proc/self/ns/user ]] && unshare --user true; }; then
    # Use SUID chrome-sandbox only on systems without user namespaces:
    chmod 4755 '/opt/${sanitizedProductName}/chrome-sandbox' || true
else
    chmod 0755 '/opt/${sanitizedProductName}/chrome-sandbox' || true
fi

if hash update-mime-database 2>/dev/null; then
    update-mime-database /usr/share/mime || true
fi

if hash update-desktop-database 2>/dev/null; then
    update-desktop-database /usr/share/applications || true
fi

# Install apparmor profile. (Ubuntu 24+)
# First check if the version of AppArmor running on the device supports our profile.
# This is in order to keep backwards compatibility with Ubuntu 22.04 which does not support abi/4.0.
# In that case, we just skip installing the profile since the app runs fine without it on 22.04.
#
# Those apparmor_parser flags are akin to performing a dry run of loading a profile.
# https://wiki.debian.org/AppArmor/HowToUse#Dumping_profiles
#
# Unfortunately, at the moment AppArmor doesn't have a good story for backwards compatibility.
# https://askubuntu.com/questions/1517272/writing-a-backwards-compatible-apparmor-profile
if apparmor_status --enabled > /dev/null 2>&1; then
  APPARMOR_PROFILE_SOURCE='/opt/${sanitizedProductName}/resources/apparmor-profile'
  APPARMOR_PROFILE_TARGET='/etc/apparmor.d/${executable}'
  if apparmor_parser --skip-kernel-load --debug "$APPARMOR_PROFILE_SOURCE" > /dev/null 2>&1; then
    cp -f "$APPARMOR_PROFILE_SOURCE" "$APPARMOR_PROFILE_TARGET"

    # Updating the current AppArmor profile is not possible and probably not meaningful in a chroot'ed environment.
    # Use cases are for example environments where images for clients are maintained.
    # There, AppArmor might correctly be installed, but live updating makes no sense.
    if ! { [ -x '/usr/bin/ischroot' ] && /usr/bin/ischroot; } && hash apparmor_parser 2>/dev/null; then
      # Extra flags taken from dh_apparmor:
      # > By using '-W -T' we ensure that any abstraction updates are also pulled in.
      # https://wiki.debian.org/AppArmor/Contribute/FirstTimeProfileImport
      apparmor_parser --replace --write-cache --skip-read-cache "$APPARMOR_PROFILE_TARGET"
    fi
  else
    echo "Skipping the installation of the AppArmor profile as this version of AppArmor does not seem to support the bundled profile"
  fi
fi

# >>> library-kiosk udev rule
# Library Kiosk, after electron-builder's own steps above (which this file repeats: setting
# deb.afterInstall replaces electron-builder's template; a unit test keeps the two in step).
# The scanner's udev rule (docs/scanners.md) into /etc/udev/rules.d, then udev reloaded. A rule
# staff edited there (say, to add a scanner's IDs) is kept: it is replaced only while it is the
# copy this script installed (recognised by the checksum it keeps) or the same as this version's.
# The checksum lives in a folder only root writes (/var/lib/library-kiosk-package, 0755): never
# in the data folder, which the kiosk user owns, where a link planted in the stamp's place would
# have root overwrite whatever it points at. It is written to a new file renamed into place, so
# even there no link is followed.
UDEV_RULE_SOURCE='/opt/${sanitizedProductName}/resources/udev/70-library-kiosk-scanner.rules'
UDEV_RULE_TARGET='/etc/udev/rules.d/70-library-kiosk-scanner.rules'
UDEV_RULE_STAMP='/var/lib/library-kiosk-package/udev-rule.sha256'
# Versions before this one kept the stamp in the kiosk user's data folder: read only a regular
# file of root's own there (never through a link), once, then remove it (rm removes a link itself).
UDEV_RULE_OLD_STAMP='/var/lib/library-kiosk/udev-rule.sha256'
udev_stamp() {
  if [ -f "$UDEV_RULE_STAMP" ] && [ ! -L "$UDEV_RULE_STAMP" ]; then
    cat "$UDEV_RULE_STAMP"
  elif [ -f "$UDEV_RULE_OLD_STAMP" ] && [ ! -L "$UDEV_RULE_OLD_STAMP" ] && [ -O "$UDEV_RULE_OLD_STAMP" ]; then
    cat "$UDEV_RULE_OLD_STAMP"
  fi
}
if [ -f "$UDEV_RULE_SOURCE" ]; then
  UDEV_RULE_KNOWN=$(udev_stamp)
  if [ ! -e "$UDEV_RULE_TARGET" ] || cmp -s "$UDEV_RULE_SOURCE" "$UDEV_RULE_TARGET" || { [ -n "$UDEV_RULE_KNOWN" ] && [ "$(sha256sum < "$UDEV_RULE_TARGET")" = "$UDEV_RULE_KNOWN" ]; }; then
    UDEV_RULE_STAMP_DIR=$(dirname "$UDEV_RULE_STAMP")
    mkdir -p "$(dirname "$UDEV_RULE_TARGET")" "$UDEV_RULE_STAMP_DIR"
    chmod 0755 "$UDEV_RULE_STAMP_DIR"
    install -m 0644 "$UDEV_RULE_SOURCE" "$UDEV_RULE_TARGET"
    UDEV_RULE_STAMP_NEW=$(mktemp "$UDEV_RULE_STAMP_DIR/.udev-rule.sha256.XXXXXX")
    sha256sum < "$UDEV_RULE_TARGET" > "$UDEV_RULE_STAMP_NEW"
    chmod 0644 "$UDEV_RULE_STAMP_NEW"
    mv -f "$UDEV_RULE_STAMP_NEW" "$UDEV_RULE_STAMP"
  else
    echo "Library Kiosk: kept the edited $UDEV_RULE_TARGET; this version's rule is $UDEV_RULE_SOURCE"
  fi
  rm -f "$UDEV_RULE_OLD_STAMP"
  if hash udevadm 2>/dev/null && ! { [ -x '/usr/bin/ischroot' ] && /usr/bin/ischroot; }; then
    udevadm control --reload-rules || true
    udevadm trigger --subsystem-match=hidraw --action=change || true
  fi
fi
# <<< library-kiosk udev rule
