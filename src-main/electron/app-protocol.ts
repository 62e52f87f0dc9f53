import { protocol } from 'electron';
import { contentSecurityPolicy } from '../host/csp';
import { readRendererAsset } from '../host/renderer-assets';
import { APP_SCHEME } from './channels';

/** Must run before `app.whenReady()`: the scheme behaves like https (secure, standard origin). */
export function registerAppSchemePrivileges(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/** Serves the built renderer from inside the app, with the path-traversal guard and the CSP. */
export function serveRenderer(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    const asset = url.host === 'kiosk' ? await readRendererAsset(rendererDir, url.pathname) : null;
    if (!asset) return new Response('Not found', { status: 404 });
    return new Response(new Uint8Array(asset.body), {
      headers: {
        'content-type': asset.contentType,
        'content-security-policy': contentSecurityPolicy(),
        'x-content-type-options': 'nosniff',
      },
    });
  });
}
