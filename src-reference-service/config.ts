/** Fixed facts of the reference service: ports, OAuth clients, scopes, demo staff accounts. */

export const DEFAULT_PORTS = { base: 7301, auth: 7302, blob: 7303 } as const;

export const HOST = '127.0.0.1';

export const API_SCOPE = 'serviceApi';

export const SCOPES = ['openid', 'profile', 'email', API_SCOPE, 'offline_access'] as const;

export const REGISTERED_CLIENT_ID = 'library-kiosk';
export const DEVELOPMENT_CLIENT_ID = 'library-kiosk-dev';
/** A client the service made confidential: it authenticates with client_secret_post. */
export const CONFIDENTIAL_CLIENT_ID = 'library-kiosk-confidential';
/**
 * Demo secret of a training system, like the staff passwords. oidc-provider compares
 * client_secret_post secrets with the stored value itself, so it cannot be kept as a hash.
 */
export const CONFIDENTIAL_CLIENT_SECRET = 'demo-kiosk-client-secret-7c1e';

/**
 * The clients are native apps (RFC 8252): a private-use scheme redirect and a loopback redirect
 * whose port oidc-provider ignores for native clients (section 7.3).
 */
export const REDIRECT_URIS = [
  'org.example.librarykiosk:/oauth/callback',
  'http://127.0.0.1/oauth/callback',
  // A configured loopback path (service.redirectUri) other than the default one.
  'http://127.0.0.1/kiosk/signed-in',
] as const;

export const DEFAULT_ACCESS_TOKEN_TTL_SECONDS = 3600;
export const REFRESH_TOKEN_TTL_SECONDS = 14 * 24 * 3600;
export const SAS_TTL_SECONDS = 15 * 60;

/**
 * Azurite's development account name, kept because upload URLs show it. Its key is not Azurite's
 * published one: each data folder makes its own (blob/account-key.ts).
 */
export const BLOB_ACCOUNT = 'devstoreaccount1';
export const BLOB_CONTAINER = 'documents';
/** Azurite 3.35 knows blob API versions up to this one; the SAS must use a version it can verify. */
export const BLOB_SAS_VERSION = '2025-11-05';

export const CURRENCY = 'EUR';

export interface StaffAccountSeed {
  id: string;
  username: string;
  password: string;
  name: string;
  email: string;
  branchId: string;
  customerId: string | null;
}

/** Demo credentials of a training system; only scrypt hashes are stored in the database. */
export const STAFF_ACCOUNTS: readonly StaffAccountSeed[] = [
  {
    id: 'staff-librarian',
    username: 'librarian',
    password: 'demo-librarian',
    name: 'Lena Park',
    email: 'lena.park@example.org',
    branchId: '1',
    customerId: 'CUST-4410',
  },
  {
    id: 'staff-assistant',
    username: 'assistant',
    password: 'demo-assistant',
    name: 'Sam Reyes',
    email: 'sam.reyes@example.org',
    branchId: '2',
    customerId: 'CUST-4410',
  },
  {
    id: 'staff-visitor',
    username: 'visitor',
    password: 'demo-visitor',
    name: 'Vic Moreau',
    email: 'vic.moreau@example.org',
    branchId: '1',
    customerId: null,
  },
];

/** The SIP2 listener's port when `npm run service` is given `--sip2` without a port. */
export const SIP2_DEFAULT_PORT = 6001;

/**
 * The SIP2 listener's login (93: CN and CO) and institution id (AO): demo values of a training
 * system, published like the staff passwords. A self-check must log in with them first.
 */
export const SIP2_LOGIN_USER = 'kiosk-sip2';
export const SIP2_LOGIN_PASSWORD = 'demo-sip2-login';
export const SIP2_INSTITUTION_ID = 'HCL';
export const SIP2_LIBRARY_NAME = 'Harbour City Libraries';

/**
 * The demo members' PINs (patron password AD), by member sequence (db/seed.ts, DEMO_MEMBERS):
 * published demo values; only their scrypt hashes are stored (table member_pins). Other members
 * have none, and any PIN sent for them is judged invalid (CQ N).
 */
export const SIP2_DEMO_PINS: Readonly<Record<number, string>> = {
  1: '1234',
  2: '2222',
  3: '3333',
  4: '4444',
  5: '5555',
  6: '6666',
  7: '7777',
};
