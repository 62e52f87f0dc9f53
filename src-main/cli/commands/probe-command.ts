import { runProbe } from '../../library-client/probe';
import type { ProbeReport } from '../../library-client/probe';
import { ok } from '../../../src-common/result';
import type { Command } from '../command';
import { table } from '../output';
import { usage, withStaffClient } from './with-staff-client';

/** Where a concept was read from; not sent, whether that matters (probe-verdicts.ts). */
function readFrom(entry: ProbeReport['concepts'][number]): string {
  if (entry.from !== null) return entry.from;
  if (entry.verdict === 'covered') return `not sent (${entry.by?.join(' or ')} stands in)`;
  if (entry.verdict === 'not-needed') return 'not sent (nothing depends on it)';
  return `not found (${entry.consequence ?? 'needed'})`;
}

function reportText(report: ProbeReport): string {
  const lines = [
    table([
      ['OPERATION', 'RESULT', 'DETAIL'],
      ...report.operations.map(({ operation, outcome, detail }) => [operation, outcome, detail]),
    ]),
    '',
    table([
      ['CONCEPT', 'READ FROM'],
      ...report.concepts.map((entry) => [entry.concept, readFrom(entry)]),
    ]),
  ];
  const unread = Object.entries(report.unread);
  if (unread.length > 0) {
    lines.push('', 'Fields no concept read:');
    for (const [kind, names] of unread) lines.push(`  ${kind}: ${names.join(', ')}`);
  }
  const suggested = Object.keys(report.suggestedFieldMap).length > 0;
  lines.push(
    '',
    suggested
      ? `Suggested service.fieldMap (check each against the service's documentation):\n${JSON.stringify(
          report.suggestedFieldMap,
          null,
          2,
        )}`
      : 'No field map suggestion: map any concept still "not found" by hand in service.fieldMap.',
  );
  return lines.join('\n');
}

/** An integrator's first command against a new service: read-only calls and what was read. */
export const probe: Command = (input) => {
  const { options, positionals } = input.parsed;
  if (options.sip2 === true)
    return import('./sip2-probe-command').then(({ sip2Probe }) => sip2Probe(input));
  const { barcode, email } = options;
  if (positionals.length > 0 || (typeof barcode === 'string' && typeof email === 'string')) {
    return Promise.resolve(usage(input, 'usage: probe [--barcode <card> | --email <address>]'));
  }
  return withStaffClient(
    input,
    async (client) => {
      // Signed out, every row would say so: ask for the sign-in once instead (exit code 4).
      const info = await client.getUserInfo({ signal: input.signal });
      if (!info.ok && info.error.kind === 'auth-required') return info;
      return ok(
        await runProbe(client, {
          ...(typeof barcode === 'string' ? { barcode } : {}),
          ...(typeof email === 'string' ? { email } : {}),
          signal: input.signal,
        }),
      );
    },
    reportText,
  );
};
