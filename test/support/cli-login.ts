import { PassThrough } from 'node:stream';
import { main } from '../../src-main/cli/main';
import { signInOverHttp } from './sign-in-over-http';
import type { SignInOptions } from './sign-in-over-http';

export interface CliLogin {
  code: number;
  stdout: string;
  stderr: string;
  /** The authorization URL the CLI printed. */
  authorizationUrl: string;
  /** The text of the page the CLI's loopback server showed the browser. */
  page: string;
}

/**
 * `library-kiosk login --no-browser` in this process, completing the printed address over HTTP
 * like a browser would (login and consent pages, then the redirect to the CLI's loopback server).
 */
export async function cliLogin(
  env: Record<string, string | undefined>,
  account: SignInOptions,
): Promise<CliLogin> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let errText = '';
  let authorizationUrl = '';
  let page = '';
  let browser: Promise<void> = Promise.resolve();
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => {
    errText += chunk.toString();
    const url = /https?:\/\/\S+\/authorize\S*/.exec(errText)?.[0];
    if (!url || authorizationUrl) return;
    authorizationUrl = url;
    browser = signInOverHttp(url, account).then(async (redirect) => {
      page = await (await fetch(redirect)).text();
    });
    // Awaited after the CLI returns; caught here so a failure is reported there.
    browser.catch(() => undefined);
  });
  const code = await main(
    ['login', '--no-browser', '--timeout-seconds', '30', '--json'],
    env,
    { stdout, stderr },
    new AbortController().signal,
  );
  await browser;
  return { code, stdout: out, stderr: errText, authorizationUrl, page };
}
