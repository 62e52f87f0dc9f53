/**
 * `npm run electronegativity`: Doyensec's Electronegativity over `src-main/` (parsed with the
 * project's TypeScript 6), failing on any HIGH or MEDIUM finding that is not fixed or marked with
 * an `eng-disable` comment giving the reason, and on any file it could not parse.
 *
 * Its CSP check looks for a literal policy in an HTML meta tag or an `onHeadersReceived` handler;
 * ours is built by `src-main/host/csp.ts` and sent as a response header by both hosts, which it
 * cannot see ("no CSP detected"). So that one global check is replaced here by the same evaluator
 * (Google's CSP Evaluator, as Electronegativity uses it) run on the policies the hosts really send.
 *
 * It also goes online twice, and prints a line each time it cannot: for its messages' translations
 * ("Could not retrieve updated translations") and for Electron's release list ("No connectivity?").
 * Both are turned off at their source below, so the scan is the same with or without a network.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { contentSecurityPolicy } from '../src-main/host/csp';

const require = createRequire(import.meta.url);

interface Level {
  value: number;
  format(): string;
}
interface Issue {
  id: string;
  file: string;
  location: { line: number; column: number };
  severity: Level;
  confidence: Level;
  description: string;
  sample?: string;
}
interface RunResult {
  issues: Issue[];
  errors: { file: string; message?: string; error?: unknown }[];
}
type Run = (options: Record<string, unknown>) => Promise<RunResult>;

interface CspFinding {
  severity: number;
  directive: string;
  value?: string;
  description: string;
}

const INPUT = path.resolve('src-main');
const ELECTRON_VERSION = (require('electron/package.json') as { version: string }).version;
/** Electronegativity's severities: INFORMATIONAL 0, LOW 1, MEDIUM 2, HIGH 3. */
const MEDIUM = 2;

/**
 * CSP Evaluator findings we accept, each with its reason (the counterpart of `eng-disable`).
 * Its severities: HIGH 10, SYNTAX 20, MEDIUM 30, HIGH_MAYBE 40, MEDIUM_MAYBE 50, INFO 60.
 */
const ACCEPTED_CSP_FINDINGS: { directive: string; value: string; reason: string }[] = [
  {
    directive: 'script-src',
    value: "'self'",
    reason:
      "the renderer's origin (app://kiosk, or the web host's loopback port) serves only the " +
      'built renderer: no JSONP endpoint, no template framework, no uploaded files',
  },
];

function cspFindings(): string[] {
  const csp = require('@doyensec/csp-evaluator') as {
    CspParser: new (policy: string) => { csp: unknown };
    CspEvaluator: new (policy: unknown, version: number) => { evaluate(): CspFinding[] };
    Version: { CSP3: number };
  };
  const policies = {
    electron: contentSecurityPolicy(),
    'web host': contentSecurityPolicy(['ws://127.0.0.1:8080']),
  };
  const problems: string[] = [];
  for (const [host, policy] of Object.entries(policies)) {
    const findings = new csp.CspEvaluator(new csp.CspParser(policy).csp, csp.Version.CSP3)
      .evaluate()
      // Below MEDIUM_MAYBE (50) are informational: e.g. the web host's loopback WebSocket.
      .filter((finding) => finding.severity <= 50);
    for (const finding of findings) {
      const accepted = ACCEPTED_CSP_FINDINGS.find(
        (entry) => entry.directive === finding.directive && entry.value === finding.value,
      );
      if (!accepted) {
        problems.push(`CSP (${host}) ${finding.directive}: ${finding.description}`);
      }
    }
  }
  return problems;
}

/**
 * Electronegativity's translation loader (dist/locales/i18n.js) fetches a catalog for $LANG from
 * its authors' bucket at every run. This script prints its own English lines, so the loader is
 * replaced, before the runner requires it, by the same set-up with the bundled en-US catalog.
 */
function useBundledTranslations(): void {
  const loader = require.resolve('@doyensec/electronegativity/dist/locales/i18n.js');
  const i18n = createRequire(loader)('i18n') as {
    configure(options: Record<string, unknown>): void;
    setLocale(locale: string): void;
  };
  const offline = (): Promise<void> => {
    i18n.configure({
      locales: ['en-US'],
      defaultLocale: 'en-US',
      directory: path.dirname(loader),
      updateFiles: false,
      objectNotation: true,
      retryInDefaultLocale: true,
      register: global,
    });
    i18n.setLocale('en-US');
    return Promise.resolve();
  };
  require.cache[loader] = {
    id: loader,
    filename: loader,
    loaded: true,
    exports: offline,
  } as unknown as NodeJS.Module;
}

async function main(): Promise<void> {
  useBundledTranslations();
  const run = require('@doyensec/electronegativity') as Run;
  const result = await run({
    input: INPUT,
    electronVersionOverride: ELECTRON_VERSION,
    // The global CSP check is replaced by cspFindings() (see the top of this file). The security
    // fixes check downloads Electron's release list from GitHub at every run; which Electron the
    // project takes is decided in package.json (docs/testing.md), not by a network lookup here.
    excludeFromScan: ['CSPGlobalCheck', 'AvailableSecurityFixesGlobalCheck'],
    isRelative: true,
  });
  const problems = [
    ...result.errors.map(
      (error) => `could not parse ${error.file}: ${String(error.message ?? error.error)}`,
    ),
    ...result.issues
      .filter((issue) => issue.severity.value >= MEDIUM)
      .map(
        (issue) =>
          `${issue.severity.format()} ${issue.id} src-main/${issue.file}:${issue.location.line}: ` +
          issue.description,
      ),
    ...cspFindings(),
  ];
  const minor = result.issues.filter((issue) => issue.severity.value < MEDIUM).length;
  if (problems.length > 0) {
    process.stderr.write(`electronegativity: ${problems.length} finding(s) to fix or mark\n`);
    for (const problem of problems) process.stderr.write(`  ${problem}\n`);
    process.exitCode = 1;
    return;
  }
  process.stdout.write(
    `electronegativity: src-main/ (Electron ${ELECTRON_VERSION}): 0 HIGH, 0 MEDIUM unmarked, ` +
      `${minor} LOW or informational; renderer CSP: no unexplained weakness\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`electronegativity failed: ${String(error)}\n`);
  process.exitCode = 1;
});
