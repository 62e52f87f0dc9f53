import path from 'node:path';
import type { StaffAuth } from '../auth/staff-auth';
import { authMessageText } from '../auth/messages';
import { loopbackTarget, sendRedirectPage, startLoopbackRedirect } from '../auth/loopback-redirect';
import type { LoopbackRedirect, RedirectPage } from '../auth/loopback-redirect';
import { bootKiosk } from '../host/bootstrap';
import type { BootedKiosk, HostAdapters } from '../host/bootstrap';
import type { Settings } from '../settings/schema';
import { createClientSecretFile } from '../vault/client-secret-file';
import { createFileVault, fileVaultPaths } from '../vault/file-vault';
import { IPC_PATH } from './ipc-socket';
import { startWebHost } from './server';
import type { WebHost } from './server';
import type { LaunchKey } from './launch-key';

export const DEFAULT_RENDERER_DIR = path.resolve(import.meta.dirname, '../../dist/renderer');

// Paths the web host serves itself; a callback there would hide the kiosk page or its socket.
const HOST_PATHS = new Set(['/', '/index.html', IPC_PATH]);

export interface WebKioskOptions {
  settings: Settings;
  port: number;
  rendererDir?: string;
  hidBackend?: HostAdapters['hidBackend'];
  embeddedService?: HostAdapters['embeddedService'];
  /** `--demo`: the demo PIN opens staff mode (embedded service, no PIN set). */
  demo?: boolean;
  launchKey?: LaunchKey;
}

export interface WebKiosk {
  kiosk: BootedKiosk;
  host: WebHost;
  /** Where the service sends the browser back after sign-in. */
  redirectUri: string;
  stop(): Promise<void>;
}

async function completeSignIn(auth: StaffAuth, url: string): Promise<RedirectPage> {
  const result = await auth.handleRedirect(url);
  return result.ok
    ? { ok: true, text: 'The kiosk is signed in to the library service.' }
    : { ok: false, text: authMessageText(result.error) };
}

/** The whole kiosk in plain Node: core, embedded or configured service, and the web host. */
export async function startWebKiosk(options: WebKioskOptions): Promise<WebKiosk> {
  const paths = fileVaultPaths(options.settings.dataDir);
  // The redirect names the web host's port, known once it listens; sign-in starts only later.
  let redirectUri = '';
  const kiosk = await bootKiosk(options.settings, {
    vault: createFileVault(paths),
    clientSecrets: createClientSecretFile(paths),
    presentSignIn: async (auth) => {
      const { authorizationUrl } = await auth.beginSignIn({ redirectUri });
      return { presentation: 'popup', authorizationUrl };
    },
    // The browser's print dialog; the renderer says when it closed (patron.receiptPrinted).
    receiptPrinting: { printBy: 'renderer' },
    ...(options.hidBackend ? { hidBackend: options.hidBackend } : {}),
    ...(options.embeddedService ? { embeddedService: options.embeddedService } : {}),
    demo: options.demo ?? false,
  });
  // The loopback redirect (RFC 8252 section 7.3) keeps the configured path; it lands on the web
  // host itself unless the configured URI names another port or a path the host serves.
  const target = loopbackTarget(options.settings.service.redirectUri);
  const onHost =
    (target.port === 0 || target.port === options.port) && !HOST_PATHS.has(target.path);
  const host = await startWebHost({
    core: kiosk.core,
    rendererDir: options.rendererDir ?? DEFAULT_RENDERER_DIR,
    port: options.port,
    ...(options.launchKey ? { launchKey: options.launchKey } : {}),
    routes: onHost
      ? {
          [target.path]: {
            methods: ['GET'],
            handle: async (url, response) =>
              sendRedirectPage(response, await completeSignIn(kiosk.auth, url.href)),
          },
        }
      : {},
  });
  let loopback: LoopbackRedirect | undefined;
  if (onHost) {
    redirectUri = `${host.url}${target.path}`;
  } else {
    loopback = await startLoopbackRedirect({
      ...target,
      onRedirect: (url) => completeSignIn(kiosk.auth, url),
    }).catch(async (error: unknown) => {
      await host.stop();
      await kiosk.stop();
      throw error;
    });
    redirectUri = loopback.redirectUri;
  }
  return {
    kiosk,
    host,
    redirectUri,
    async stop() {
      await loopback?.close();
      await host.stop();
      await kiosk.stop();
    },
  };
}
