import { generateKeyPairSync } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { SecurityFieldSchema } from '../../../src-common/ipc/console/security-change';
import type { SecurityField } from '../../../src-common/ipc/console/security-change';
import type { Result } from '../../../src-common/result';
import { err, ok } from '../../../src-common/result';
import { signFleetFile } from '../../settings/fleet-file';
import { readSettingsExport } from '../../settings/transfer';
import type { Command } from '../command';
import { EXIT } from '../exit-codes';

/**
 * Makes the fleet's Ed25519 key pair (docs/operations.md, "Fleet settings"): the private key to
 * the file named (mode 0600, never over an existing file), for staff to keep off the kiosks; the
 * public key printed, for every kiosk's fleet.publicKey.
 */
export const fleetKey: Command = ({ parsed, output }) => {
  const file = parsed.positionals[0];
  if (!file) {
    output.failure('usage', 'Name the file for the private key: fleet-key <private-key.pem>');
    return Promise.resolve(EXIT.usage);
  }
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  try {
    writeFileSync(file, privateKey.export({ format: 'pem', type: 'pkcs8' }), {
      mode: 0o600,
      flag: 'wx',
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    output.failure(
      'key-file',
      code === 'EEXIST'
        ? `${file} exists already: a new key would not match the kiosks' fleet.publicKey`
        : `${file} cannot be written (${code})`,
    );
    return Promise.resolve(EXIT.usage);
  }
  const publicBase64 = publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
  output.result(
    { privateKeyFile: file, publicKey: publicBase64 },
    () =>
      `Private key written to ${file} (keep it off the kiosks).\nfleet.publicKey for every kiosk:\n${publicBase64}`,
  );
  return Promise.resolve(EXIT.ok);
};

/** `--allow a,b`: the change names of the fleet's policy, or the ones this kiosk does not know. */
function allowedChanges(option: string | boolean | undefined): Result<SecurityField[], string[]> {
  if (typeof option !== 'string') return ok([]);
  const names = option
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !SecurityFieldSchema.safeParse(name).success);
  return unknown.length > 0 ? err(unknown) : ok(names as SecurityField[]);
}

/**
 * Signs a settings export (the staff screen's Export) as fleet settings of the version given and
 * prints the fleet file. The export is checked as a kiosk's import would check it first. The
 * changes `--allow` names (a lowered protection, a new address) go into the signed policy: a kiosk
 * applies them without staff's own confirmation; any other such change makes it refuse the file.
 */
export const signSettings: Command = ({ parsed, output, streams }) => {
  const keyFile = parsed.options.key;
  const version = Number(parsed.options.version);
  const exportFile = parsed.positionals[0];
  if (typeof keyFile !== 'string' || !exportFile || !Number.isSafeInteger(version) || version < 1) {
    output.failure(
      'usage',
      'sign-settings --key <private-key.pem> --version <N, a whole number above 0> [--allow <change,...>] <export.json>',
    );
    return Promise.resolve(EXIT.usage);
  }
  const policy = allowedChanges(parsed.options.allow);
  if (!policy.ok) {
    output.failure(
      'usage',
      `--allow names no such change: ${policy.error.join(', ')} (the changes are ${SecurityFieldSchema.options.join(', ')})`,
    );
    return Promise.resolve(EXIT.usage);
  }
  let exportText: string;
  let keyPem: string;
  try {
    exportText = readFileSync(exportFile, 'utf8');
    keyPem = readFileSync(keyFile, 'utf8');
  } catch (error) {
    output.failure('file', `cannot read ${(error as NodeJS.ErrnoException).path ?? 'a file'}`);
    return Promise.resolve(EXIT.usage);
  }
  const read = readSettingsExport(exportText);
  if (!read.ok) {
    output.failure(
      'not-an-export',
      read.error.kind === 'invalid'
        ? `${exportFile}: the settings schema refuses ${read.error.issues.map((issue) => `${issue.path} (${issue.message})`).join(', ')}`
        : `${exportFile} is not a settings export (${read.error.reason})`,
    );
    return Promise.resolve(EXIT.usage);
  }
  let signed: string;
  try {
    signed = signFleetFile(exportText, {
      version,
      issuedAt: new Date(),
      privateKeyPem: keyPem,
      allow: policy.value,
    });
  } catch {
    output.failure('key', `${keyFile} is not an Ed25519 private key`);
    return Promise.resolve(EXIT.usage);
  }
  // The fleet file itself is the output, with or without --json.
  streams.stdout.write(signed);
  return Promise.resolve(EXIT.ok);
};
