import type { SettingsChannel } from '../../../src-common/ipc/console/channels';
import type { ConsoleProblem } from '../../../src-common/ipc/console/answer';
import type { SecurityChange } from '../../../src-common/ipc/console/security-change';
import type { SettingsField, SettingsForm } from '../../../src-common/ipc/console/settings';
import { createLogger } from '../../../src-shared/log/logger';
import { err } from '../../../src-common/result';
import type { Result } from '../../../src-common/result';
import { APP_VERSION } from '../../settings/app-version';
import { checkSettings } from '../../settings/check';
import type { SettingsError, StoredSettings } from '../../settings/resolve';
import type { Settings } from '../../settings/schema';
import { securityChanges, unconfirmed } from '../../settings/security-changes';
import type { SettingsStore } from '../../settings/store';
import {
  applyImport,
  diffSettings,
  exportSettings,
  readSettingsExport,
} from '../../settings/transfer';
import { answered, failed } from './answer';
import type { ConsoleArea, ConsoleContext } from './deps';
import { changeStaffPin } from './settings/change-pin';
import { staffCardAction } from './settings/staff-card';
import { changeSip2Password } from './settings/sip2-passwords';
import { settingsView } from './settings/view';
import { FORM_FIELDS, documentWithForm, formOf } from './settings/form';

const log = createLogger('console:settings');

const NO_STORE: ConsoleProblem = { kind: 'unavailable', reason: 'no-settings-store' };

/** A settings error (a value, or the file itself) as staff see it. */
function settingsProblem(error: SettingsError): ConsoleProblem {
  return error.kind === 'invalid-setting'
    ? {
        kind: 'invalid',
        issues: [{ path: error.setting, message: error.message, rule: { kind: 'other' } }],
      }
    : { kind: 'unavailable', reason: error.message };
}

function load(store: SettingsStore): Result<Settings, ConsoleProblem> {
  const loaded = store.load();
  return loaded.ok ? loaded : err(settingsProblem(loaded.error));
}

function fixedFields(store: SettingsStore): Set<SettingsField> {
  const fields = new Set<string>(FORM_FIELDS);
  return new Set(
    store
      .fixed()
      .map((entry) => entry.setting)
      .filter((setting): setting is SettingsField => fields.has(setting)),
  );
}

/**
 * The kiosk settings screen: the form over the settings store, checked by the settings schema;
 * export and import through settings/transfer.ts; the staff PIN change; the SIP2 passwords
 * (whether set, and setting them, never showing them); and the restart that makes saved settings
 * take effect. What the screen shows of the settings is settings/view.ts.
 */
export function createSettingsArea(context: ConsoleContext): ConsoleArea<SettingsChannel> {
  const view = (store: SettingsStore, settings: Settings) => settingsView(context, store, settings);

  /** The stored document with the form's edits, and its issues (none: it can be saved). */
  const edited = (store: SettingsStore, settings: Settings, form: SettingsForm) => {
    const document = documentWithForm(store.stored(), formOf(settings), form, fixedFields(store));
    return { document, issues: checkSettings(document, store.fixed()) };
  };

  const save = async (store: SettingsStore, document: StoredSettings) => {
    const saved = store.save(document);
    if (!saved.ok) return failed(settingsProblem(saved.error));
    log.info('settings saved from the staff screen');
    return answered(await view(store, saved.value));
  };

  /**
   * The gate of every write from the screen: a new service address or a lowered protection is
   * written only when staff confirmed that very change (the renderer's confirmation is not
   * trusted to be the only one). Undefined: nothing stands in the way.
   */
  const refusedUnconfirmed = (
    store: SettingsStore,
    document: StoredSettings,
    confirmed: readonly SecurityChange[],
  ) => {
    const required = securityChanges(store.stored(), document, store.fixed());
    const missing = unconfirmed(required, confirmed);
    if (missing.length > 0) {
      log.warn('settings not written: security-relevant changes not confirmed', {
        fields: missing.map((change) => change.field),
      });
      return answered({ outcome: 'confirm-needed' as const, changes: required });
    }
    if (required.length > 0) {
      log.warn('security-relevant settings changed, confirmed by staff', { changes: required });
    }
    return undefined;
  };

  return {
    handlers: {
      'staff.console.settings.get': async () => {
        const store = context.settingsStore;
        if (!store) return failed(NO_STORE);
        const loaded = load(store);
        return loaded.ok ? answered(await view(store, loaded.value)) : failed(loaded.error);
      },
      'staff.console.settings.check': ({ form }) => {
        const store = context.settingsStore;
        if (!store) return failed(NO_STORE);
        const loaded = load(store);
        if (!loaded.ok) return failed(loaded.error);
        const { issues } = edited(store, loaded.value, form);
        return issues.length > 0
          ? failed({ kind: 'invalid', issues })
          : answered({ valid: true as const });
      },
      'staff.console.settings.save': async ({ form, confirmed }) => {
        const store = context.settingsStore;
        if (!store) return failed(NO_STORE);
        const loaded = load(store);
        if (!loaded.ok) return failed(loaded.error);
        const { document, issues } = edited(store, loaded.value, form);
        if (issues.length > 0) return failed({ kind: 'invalid', issues });
        const refused = refusedUnconfirmed(store, document, confirmed);
        if (refused) return refused;
        const saved = await save(store, document);
        return saved.ok ? answered({ outcome: 'saved' as const, view: saved.value }) : saved;
      },
      'staff.console.settings.export': () => {
        const store = context.settingsStore;
        if (!store) return failed(NO_STORE);
        return answered(
          exportSettings(store.stored(), { appVersion: APP_VERSION, now: new Date() }),
        );
      },
      'staff.console.settings.previewImport': ({ text }) => {
        const store = context.settingsStore;
        if (!store) return failed(NO_STORE);
        const read = readSettingsExport(text);
        if (!read.ok) {
          return read.error.kind === 'invalid'
            ? failed({ kind: 'invalid', issues: read.error.issues })
            : answered({ outcome: 'not-an-export' as const, reason: read.error.reason });
        }
        const current = store.stored();
        const next = applyImport(current, read.value.settings);
        return answered({
          outcome: 'preview' as const,
          changes: diffSettings(current, next, store.fixed()),
          ignored: read.value.ignored,
          exportedAt: read.value.exportedAt,
          appVersion: read.value.appVersion,
          security: securityChanges(current, next, store.fixed()),
        });
      },
      'staff.console.settings.applyImport': async ({ text, confirmed }) => {
        const store = context.settingsStore;
        if (!store) return failed(NO_STORE);
        const read = readSettingsExport(text);
        if (!read.ok) {
          return read.error.kind === 'invalid'
            ? failed({ kind: 'invalid', issues: read.error.issues })
            : answered({ outcome: 'not-an-export' as const, reason: read.error.reason });
        }
        const next = applyImport(store.stored(), read.value.settings);
        const refused = refusedUnconfirmed(store, next, confirmed);
        if (refused) return refused;
        const saved = await save(store, next);
        if (!saved.ok) return saved;
        log.info('settings imported from a file', { ignored: read.value.ignored });
        return answered({ outcome: 'applied' as const, view: saved.value });
      },
      'staff.console.settings.changePin': (request) => {
        const store = context.settingsStore;
        if (!store || !context.staffPin) return failed(NO_STORE);
        return changeStaffPin(store, context.staffPin, request);
      },
      'staff.console.settings.staffCard': ({ action }) => {
        const { settingsStore: store, staffCard } = context;
        if (!store || !staffCard) return failed(NO_STORE);
        return staffCardAction(store, staffCard, action);
      },
      'staff.console.settings.sip2Password': (request) => {
        const { settingsStore: store, sip2Passwords } = context;
        if (!store || !sip2Passwords)
          return failed({ kind: 'unavailable', reason: 'no-sip2-store' });
        // The saved settings, as set-sip2-password reads them: the server the kiosk will log in to.
        const loaded = load(store);
        if (!loaded.ok) return failed(loaded.error);
        return changeSip2Password(sip2Passwords, loaded.value, request);
      },
      'staff.console.settings.restart': () => {
        const { settingsStore: store, restart } = context;
        if (!store || !restart) return failed({ kind: 'unavailable', reason: 'no-restart' });
        const loaded = load(store);
        if (!loaded.ok) return failed(loaded.error);
        log.info('restart asked for from the settings screen');
        // Answer first: the restart closes the very connection this answer goes back on.
        setTimeout(() => {
          restart().catch((error: unknown) => log.error('the restart failed', { error }));
        }, 0);
        return answered({ restarting: true as const });
      },
    },
  };
}
