/**
 * Login and consent pages: plain HTML forms (no script), large targets, labelled fields, a lang
 * attribute, focus on the first thing to do, and errors announced with role="alert".
 */

const escape = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const STYLE = `
  body { font-family: system-ui, sans-serif; font-size: 1.25rem; line-height: 1.5; margin: 0;
    background: #f4f4f0; color: #1a1a1a; }
  main { max-width: 32rem; margin: 3rem auto; padding: 2rem; background: #fff; border-radius: 0.5rem;
    box-shadow: 0 1px 4px rgba(0,0,0,.2); }
  h1 { font-size: 1.75rem; margin-top: 0; }
  label { display: block; font-weight: 600; margin-top: 1rem; }
  input { display: block; width: 100%; box-sizing: border-box; min-height: 3rem; font-size: 1.25rem;
    padding: 0.5rem; border: 2px solid #555; border-radius: 0.25rem; }
  button { min-height: 3rem; min-width: 8rem; font-size: 1.25rem; margin-top: 1.5rem; padding: 0.5rem 1.5rem;
    border-radius: 0.25rem; border: 2px solid #0b4f8a; cursor: pointer; }
  .primary { background: #0b4f8a; color: #fff; }
  .secondary { background: #fff; color: #0b4f8a; }
  :focus-visible { outline: 4px solid #f0a500; outline-offset: 2px; }
  .error { color: #a30000; font-weight: 600; }
  .demo { background: #fff3d6; border: 2px solid #7a4b00; border-radius: 0.25rem; padding: 0.5rem; }
  .actions { display: flex; gap: 1rem; flex-wrap: wrap; }
`;

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} - Library service</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

/** The demo account a login page names, for a kiosk in demo mode (its embedded service only). */
export interface DemoAccount {
  username: string;
  password: string;
}

export function loginPage(
  uid: string,
  clientName: string,
  error?: string,
  username = '',
  demo?: DemoAccount,
): string {
  const alert = error ? `<p id="login-error" class="error" role="alert">${escape(error)}</p>` : '';
  const hint = demo
    ? `<p class="demo">Demo: user name <strong>${escape(demo.username)}</strong>, password <strong>${escape(demo.password)}</strong>.</p>\n`
    : '';
  const described = error ? ' aria-describedby="login-error" aria-invalid="true"' : '';
  return page(
    'Sign in',
    `<h1>Sign in</h1>
<p>${escape(clientName)} asks you to sign in with your library staff account.</p>
${hint}${alert}
<form method="post" action="/interaction/${escape(uid)}/login" autocomplete="off">
  <label for="username">Username</label>
  <input id="username" name="username" type="text" required autofocus value="${escape(username)}"${described}>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" required${described}>
  <button type="submit" class="primary">Sign in</button>
</form>`,
  );
}

const SCOPE_TEXT: Record<string, string> = {
  openid: 'Know which staff account you are signed in with',
  profile: 'Read your name and user name',
  email: 'Read your email address',
  serviceApi: 'Use the library service for you: members, circulation and documents',
  // In staff's words: what a refresh token means to them, not what it is.
  offline_access: 'Keep this kiosk signed in for you until you sign it out',
};

export function consentPage(uid: string, clientName: string, scopes: string[]): string {
  const items = scopes
    .map((scope) => `<li>${escape(SCOPE_TEXT[scope] ?? scope)}</li>`)
    .join('\n    ');
  return page(
    'Allow access',
    `<h1 id="consent-title" tabindex="-1" autofocus>Allow ${escape(clientName)}?</h1>
<p>${escape(clientName)} would like to:</p>
<ul>
    ${items}
</ul>
<div class="actions">
  <form method="post" action="/interaction/${escape(uid)}/confirm">
    <button type="submit" class="primary">Allow</button>
  </form>
  <form method="post" action="/interaction/${escape(uid)}/abort">
    <button type="submit" class="secondary">Deny</button>
  </form>
</div>`,
  );
}

export function errorPage(title: string, message: string): string {
  return page(title, `<h1>${escape(title)}</h1>\n<p role="alert">${escape(message)}</p>`);
}

export function logoutPage(form: string): string {
  return page(
    'Sign out',
    `<h1>Sign out of the library service?</h1>
${form}
<div class="actions">
  <button type="submit" form="op.logoutForm" name="logout" value="yes" class="primary" autofocus>Sign out</button>
  <button type="submit" form="op.logoutForm" class="secondary">Stay signed in</button>
</div>`,
  );
}
