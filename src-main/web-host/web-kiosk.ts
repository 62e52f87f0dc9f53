import path from 'node:path';
import type { ServerResponse } from 'node:http';
import type { StaffAuth } from '../auth/staff-auth';
import { authMessageText } from '../auth/messages';
import { LOOPBACK_CALLBACK_PATH, sendRedirectPage } from '../auth/loopback-redirect';
import { bootKiosk } from '../host/bootstrap';
import type { BootedKiosk, HostAdapters } from '../host/bootstrap';
import type { Settings } from '../settings/schema';
import { createFileVault, fileVaultPaths } from '../vault/file-vault';
import { startWebHost } from './server';
import type { WebHost } from './server';

export const DEFAULT_RENDERER_DIR = path.resolve(import.meta.dirname, '../../dist/renderer');

export interface WebKioskOptions {
  settings: Settings;
  port: number;
  rendererDir?: string;
  hidBackend?: HostAdapters['hidBackend'];
  embeddedService?: HostAdapters['embeddedService'];
}

export interface WebKiosk {
  kiosk: BootedKiosk;
  host: WebHost;
  stop(): Promise<void>;
}

/** The loopback redirect (RFC 8252 section 7.3) lands on the web host itself. */
function oauthCallback(auth: StaffAuth) {
  return async (url: URL, response: ServerResponse): Promise<void> => {
    const result = await auth.handleRedirect(url.href);
    sendRedirectPage(
      response,
      result.ok
        ? { ok: true, text: 'The kiosk is signed in to the library service.' }
        : { ok: false, text: authMessageText(result.error) },
    );
  };
}

/** The whole kiosk in plain Node: core, embedded or configured service, and the web host. */
export async function startWebKiosk(options: WebKioskOptions): Promise<WebKiosk> {
  // The redirect names the web host's port, known once it listens; sign-in starts only later.
  let redirectUri = '';
  const kiosk = await bootKiosk(options.settings, {
    vault: createFileVault(fileVaultPaths(options.settings.dataDir)),
    presentSignIn: async (auth) => {
      const { authorizationUrl } = await auth.beginSignIn({ redirectUri });
      return { presentation: 'popup', authorizationUrl };
    },
    ...(options.hidBackend ? { hidBackend: options.hidBackend } : {}),
    ...(options.embeddedService ? { embeddedService: options.embeddedService } : {}),
  });
  const host = await startWebHost({
    core: kiosk.core,
    rendererDir: options.rendererDir ?? DEFAULT_RENDERER_DIR,
    port: options.port,
    routes: { [LOOPBACK_CALLBACK_PATH]: oauthCallback(kiosk.auth) },
  });
  redirectUri = `${host.url}${LOOPBACK_CALLBACK_PATH}`;
  return {
    kiosk,
    host,
    async stop() {
      await host.stop();
      await kiosk.stop();
    },
  };
}
