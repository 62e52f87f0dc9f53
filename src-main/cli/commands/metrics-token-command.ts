import { randomBytes } from 'node:crypto';
import { createConfSettingsStore } from '../../settings/conf-store';
import { tokenSha256 } from '../../metrics/scrape-auth';
import type { Command } from '../command';
import { EXIT } from '../exit-codes';

/**
 * Makes the token Prometheus scrapes this kiosk's metrics with (docs/operations.md): 32 random
 * bytes, base64url, printed once on stdout alone, so `> kiosk.token` gives Prometheus's
 * `credentials_file`. Only its SHA-256 goes into the settings; a new token replaces the old one.
 */
export const metricsToken: Command = async ({ output, env, streams }) => {
  const store = createConfSettingsStore({ env });
  // A settings file that cannot be read is never written over: it would lose every other setting.
  const loaded = store.load();
  if (!loaded.ok && loaded.error.kind === 'settings-file') {
    output.failure('settings-file', loaded.error.message);
    return EXIT.usage;
  }
  const token = randomBytes(32).toString('base64url');
  const stored = store.stored();
  const saved = store.save({
    ...stored,
    metrics: { ...stored.metrics, bearerTokenSha256: tokenSha256(token) },
  });
  if (!saved.ok) {
    output.failure(saved.error.kind, saved.error.message);
    return EXIT.usage;
  }
  streams.stderr.write(
    `The token's SHA-256 is saved in ${store.location}; the token is not kept anywhere: put it in Prometheus's credentials_file now.\n`,
  );
  output.result({ token, saved: store.location }, () => token);
  return EXIT.ok;
};
