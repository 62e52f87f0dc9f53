import { isDeepStrictEqual } from 'node:util';
import type { SettingsField, SettingsView } from '../../../../src-common/ipc/console/settings';
import { DEFAULT_KEY_MAP } from '../../../../src-common/ipc/access';
import { fleetInForce } from '../../../settings/fleet-in-force';
import { createFleetStateFile } from '../../../settings/fleet-state-file';
import type { Settings } from '../../../settings/schema';
import type { SettingsStore } from '../../../settings/store';
import type { ConsoleContext } from '../deps';
import { FORM_FIELDS, formOf, selectOptions } from './form';
import { sip2BindingOf, sip2PasswordStatus } from './sip2-passwords';

/**
 * The fleet settings in force for the settings the kiosk runs with and the last refusal, from the
 * state file (none: local).
 */
function fleetStatus(settings: Settings): Pick<SettingsView, 'fleet'> {
  const read = createFleetStateFile(settings.dataDir).read();
  if (!read.ok) return { fleet: { lastRefusal: { reason: 'state-unreadable', at: '' } } };
  const { lastRefusal } = read.value;
  const inForce = fleetInForce(read.value, settings);
  return {
    fleet: {
      ...(inForce ? { inForce } : {}),
      ...(lastRefusal ? { lastRefusal: { reason: lastRefusal.reason, at: lastRefusal.at } } : {}),
    },
  };
}

/**
 * What the settings screen shows of `settings` (the saved ones): the form and its choices, the
 * fields fixed by the environment, the scanner connected, whether a restart is needed and
 * possible, whether the SIP2 passwords are set, the fleet's settings and the staff card.
 */
export async function settingsView(
  context: ConsoleContext,
  store: SettingsStore,
  settings: Settings,
): Promise<SettingsView> {
  const binding = sip2BindingOf(settings);
  const passwords = context.sip2Passwords;
  const device = context.scanner.status().device;
  const fixed = store.fixed();
  const fields = new Set<string>(FORM_FIELDS);
  return {
    form: formOf(settings),
    options: selectOptions(),
    fixed: fixed
      .filter((entry) => fields.has(entry.setting))
      .map((entry) => ({ field: entry.setting as SettingsField, variable: entry.variable })),
    ...(device ? { connectedScanner: device } : {}),
    location: store.location,
    restartNeeded: !isDeepStrictEqual(settings, context.settings),
    canRestart: context.restart !== undefined,
    ...(passwords && binding
      ? { sip2Passwords: await sip2PasswordStatus(passwords, binding) }
      : {}),
    ...fleetStatus(context.settings),
    staffCard: store.stored().staff?.cardHash !== undefined,
    defaultKeys: DEFAULT_KEY_MAP,
  };
}
