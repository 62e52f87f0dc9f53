import type { ConsoleAnswer } from '../../../../src-common/ipc/console/answer';
import type { FieldMapView } from '../../../../src-common/ipc/console/diagnostics';
import { CONCEPT_KEYS } from '../../../library-client/reader/concepts';
import { FieldMapSchema } from '../../../library-client/reader/field-map-schema';
import type { FieldMap } from '../../../library-client/reader/view';
import { err, ok } from '../../../../src-common/result';
import type { Result } from '../../../../src-common/result';
import { answered, failed } from '../answer';
import type { ConsoleContext } from '../deps';

type Issues = { path: string; message: string }[];

/** A typed field map checked by the settings schema, issues named `fieldMap.<concept>`. */
export function checkFieldMap(draft: Record<string, string>): Result<FieldMap, Issues> {
  const parsed = FieldMapSchema.safeParse(draft);
  if (parsed.success) return ok(parsed.data);
  return err(
    parsed.error.issues.map((issue) => ({
      path: ['fieldMap', ...issue.path.map(String)].join('.'),
      message: issue.message,
    })),
  );
}

function savedMap(context: ConsoleContext): Record<string, string> | undefined {
  const store = context.settingsStore;
  if (!store) return undefined;
  return { ...(store.stored().service?.fieldMap ?? {}) } as Record<string, string>;
}

export function fieldMapView(context: ConsoleContext): FieldMapView {
  const saved = savedMap(context);
  return {
    running: { ...context.settings.service.fieldMap } as Record<string, string>,
    ...(saved ? { saved } : {}),
    concepts: [...CONCEPT_KEYS],
    ...(context.settingsStore ? { settingsFile: context.settingsStore.location } : {}),
    canRestart: context.settingsStore !== undefined && context.restart !== undefined,
  };
}

/**
 * Writes `service.fieldMap` into the stored settings, leaving every other setting as stored; the
 * settings store validates the whole document again before it writes. Read at start-up, the map
 * takes effect at the next start.
 */
export function saveFieldMap(
  context: ConsoleContext,
  draft: Record<string, string>,
): ConsoleAnswer<{ saved: Record<string, string>; settingsFile: string }> {
  const store = context.settingsStore;
  if (!store) return failed({ kind: 'unavailable', reason: 'no-settings-store' });
  const checked = checkFieldMap(draft);
  if (!checked.ok) return failed({ kind: 'invalid', issues: checked.error });
  const stored = store.stored();
  const result = store.save({ ...stored, service: { ...stored.service, fieldMap: checked.value } });
  if (!result.ok) {
    return failed({
      kind: 'invalid',
      issues: [
        {
          path: result.error.kind === 'invalid-setting' ? result.error.setting : 'settings',
          message: result.error.message,
        },
      ],
    });
  }
  return answered({
    saved: { ...(store.stored().service?.fieldMap ?? {}) } as Record<string, string>,
    settingsFile: store.location,
  });
}
