import { DEMO_STAFF_PIN } from '../../src-main/staff-pin/demo-pin';
import { connectIpc } from '../../test/support/ipc-wire-client';
import { signInOverHttp } from '../../test/support/sign-in-over-http';

/**
 * Signs the kiosk in as staff do: staff mode by the demo PIN, the service's sign-in pages (over
 * HTTP instead of a popup), the redirect back to the web host, and out of staff mode.
 */
export async function signInKiosk(launchUrl: string): Promise<void> {
  const client = await connectIpc(launchUrl);
  try {
    await client.until((state) => state.screen.name === 'attract');
    await client.invoke('station.staff.open');
    const pin = await client.invoke('station.staff.submitPin', { pin: DEMO_STAFF_PIN });
    if (!pin.ok || !(pin.value as { accepted: boolean }).accepted) {
      throw new Error('the demo PIN did not open staff mode');
    }
    const begun = await client.invoke('staff.auth.beginSignIn');
    const presentation = begun.ok ? (begun.value as { authorizationUrl?: string }) : undefined;
    if (!presentation?.authorizationUrl) throw new Error('sign-in did not start');
    const redirect = await signInOverHttp(presentation.authorizationUrl, {
      username: 'librarian',
      password: 'demo-librarian',
    });
    const landed = await fetch(redirect);
    await landed.body?.cancel();
    await client.until((state) => state.staff?.auth.state === 'signed-in');
    await client.invoke('station.staff.exit');
    await client.until((state) => state.screen.name === 'attract' && !state.screen.signedOut);
  } finally {
    client.close();
  }
}
