import { describe, expect, it } from 'vitest';
import type { Language } from '../../../src-common/ipc/contract';
import type { SecurityChange } from '../../../src-common/ipc/console/security-change';
import { securityChanges } from '../../../src-main/settings/security-changes';
import { en, es } from '../../../src-renderer/i18n/catalog';
import { securityLine } from '../../../src-renderer/staff/settings/security-words';
import { translators as T } from '../../support/catalog-words';

function lines(language: Language, changes: SecurityChange[]): string[] {
  return changes.map((change) => securityLine(change, T[language]));
}

const CURRENT = {
  service: { baseUrl: 'https://library.example.org/api', authUrl: 'https://login.example.org' },
};

const RISKY = {
  service: {
    baseUrl: 'https://other.example.net/api',
    authUrl: 'https://sso.example.net',
    clientId: 'kiosk-7',
  },
  signInPresentation: 'system-browser' as const,
  patron: { allowEmail: true },
  receipt: { unanswered: 'print' as const },
};

describe('the changes staff confirm on their own, in words', () => {
  it('names each in English: old and new host side by side, and what it means', () => {
    expect(lines('en', securityChanges(CURRENT, RISKY))).toEqual([
      'Library service address changes: library.example.org → other.example.net. The signed-in staff account will be signed out, and the kiosk will send its card and item barcodes to the new address.',
      'Sign-in server changes: login.example.org → sso.example.net. The signed-in staff account will be signed out, and staff will type their password at the new address.',
      "The kiosk's name at the sign-in server changes: library-kiosk → kiosk-7. The signed-in staff account will be signed out.",
      "Where staff sign in: The kiosk's own sign-in window → System browser. A browser is a way out of the kiosk: whoever stands at the kiosk during a sign-in can reach other programs and websites.",
      "Patrons may identify by email: Off → On. Anyone who knows a patron's email address can see their name, loans and fines and borrow on their account.",
      'When nobody answers “Would you like a receipt?”: Print nothing → Print the receipt. A receipt the patron walks away from shows the next person the titles and due dates.',
    ]);
  });

  it('names each in Spanish', () => {
    expect(lines('es', securityChanges(CURRENT, RISKY))).toEqual([
      'La dirección del servicio de la biblioteca cambia: library.example.org → other.example.net. Se cerrará la sesión del personal, y el quiosco enviará los códigos de barras de carnés y ejemplares a la nueva dirección.',
      'El servidor de inicio de sesión cambia: login.example.org → sso.example.net. Se cerrará la sesión del personal, y el personal escribirá su contraseña en la nueva dirección.',
      'El nombre del quiosco en el servidor de inicio de sesión cambia: library-kiosk → kiosk-7. Se cerrará la sesión del personal.',
      'Dónde inicia sesión el personal: Ventana de inicio de sesión del propio quiosco → Navegador del sistema. Un navegador es una salida del quiosco: quien esté frente al quiosco durante un inicio de sesión puede llegar a otros programas y sitios web.',
      'Los usuarios pueden identificarse con su correo electrónico: No → Sí. Cualquiera que conozca el correo electrónico de un usuario puede ver su nombre, sus préstamos y sus multas, y tomar prestado a su nombre.',
      'Si nadie responde a «¿Quiere un recibo?»: No imprimir nada → Imprimir el recibo. Un recibo que el usuario deja olvidado muestra a la siguiente persona los títulos y las fechas de devolución.',
    ]);
  });

  it('names a new SIP2 server by host and port (the built-in one by name) and TLS turned off, in English and Spanish', () => {
    const changes = securityChanges(
      { sip2: { tls: true } },
      { sip2: { host: 'sip.example.org', tls: false } },
    );
    expect(lines('en', changes)).toEqual([
      "SIP2 server changes: the built-in demo SIP2 server → sip.example.org:6001. The kiosk will send its patrons' card numbers, PINs and item barcodes to the new server.",
      'SIP2 connection: encrypted (TLS) → in clear (TLS off) to sip.example.org:6001. Card numbers, PINs and the SIP2 login password would cross the network unprotected.',
    ]);
    expect(lines('es', changes)).toEqual([
      'El servidor SIP2 cambia: el servidor SIP2 de demostración integrado → sip.example.org:6001. El quiosco enviará los números de carné, los PIN y los códigos de barras de ejemplares de los usuarios al nuevo servidor.',
      'Conexión SIP2: cifrada (TLS) → sin cifrar (TLS desactivado) a sip.example.org:6001. Los números de carné, los PIN y la contraseña de acceso SIP2 cruzarían la red sin protección.',
    ]);
    const back = securityChanges({ sip2: { host: 'sip.example.org' } }, {});
    expect(lines('en', back)).toEqual([
      "SIP2 server changes: sip.example.org:6001 → the built-in demo SIP2 server. The kiosk will send its patrons' card numbers, PINs and item barcodes to the new server.",
    ]);
  });

  it('shows the whole address when only the path changes, and the built-in service by name', () => {
    const pathOnly = securityChanges(CURRENT, {
      service: { baseUrl: 'https://library.example.org/v2', authUrl: 'https://login.example.org' },
    });
    expect(lines('en', pathOnly)).toEqual([
      'Library service address changes: https://library.example.org/api → https://library.example.org/v2. The signed-in staff account will be signed out, and the kiosk will send its card and item barcodes to the new address.',
    ]);
    const leavingBuiltIn = securityChanges(
      {},
      { service: { baseUrl: 'https://library.example.org' } },
    );
    expect(lines('en', leavingBuiltIn)[0]).toBe(
      'Library service address changes: the built-in demo service → library.example.org. The signed-in staff account will be signed out, and the kiosk will send its card and item barcodes to the new address.',
    );
    expect(lines('es', leavingBuiltIn)[0]).toBe(
      'La dirección del servicio de la biblioteca cambia: el servicio de demostración integrado → library.example.org. Se cerrará la sesión del personal, y el quiosco enviará los códigos de barras de carnés y ejemplares a la nueva dirección.',
    );
  });

  it('names the fleet settings source by host and its key by fingerprint (never the key itself), none when unset, in English and Spanish', () => {
    // Public halves of two Ed25519 keys; their fingerprints from openssl's DER and sha256sum.
    const keyA = 'MCowBQYDK2VwAyEAVpc0Ic6wJQjbCmCoqHXtknYyDmugg1HzfE7NZLOJiJw=';
    const keyB = 'MCowBQYDK2VwAyEA7w995Q4GzYYDMGDJJlQ587185V4ABNXsVPraGWxaQoE=';
    const turnedOn = securityChanges(
      {},
      { fleet: { url: 'https://fleet.example.org/kiosks.json', publicKey: keyA } },
    );
    expect(lines('en', turnedOn)).toEqual([
      'Fleet settings address changes: none → fleet.example.org. The kiosk will take its settings from signed files at the new address.',
      'Fleet settings key changes: none → 94250548c76fbb8f. The kiosk will apply every settings file signed with the new key.',
    ]);
    expect(lines('es', turnedOn)).toEqual([
      'La dirección de la configuración de flota cambia: ninguna → fleet.example.org. El quiosco tomará su configuración de los archivos firmados en la nueva dirección.',
      'La clave de la configuración de flota cambia: ninguna → 94250548c76fbb8f. El quiosco aplicará todo archivo de configuración firmado con la nueva clave.',
    ]);
    const moved = securityChanges(
      { fleet: { url: 'https://fleet.example.org/kiosks.json', publicKey: keyA } },
      { fleet: { url: 'https://fleet.example.org/branch-7.json', publicKey: keyB } },
    );
    expect(lines('en', moved)).toEqual([
      'Fleet settings address changes: https://fleet.example.org/kiosks.json → https://fleet.example.org/branch-7.json. The kiosk will take its settings from signed files at the new address.',
      'Fleet settings key changes: 94250548c76fbb8f → 0a0ef59a2e535662. The kiosk will apply every settings file signed with the new key.',
    ]);
    for (const line of [...lines('en', moved), ...lines('es', moved)]) {
      expect(line).not.toContain('MCow');
    }
  });

  it('names the metrics listener opened to the network, in English and Spanish', () => {
    const metrics = {
      enabled: true,
      host: '0.0.0.0',
      bearerTokenSha256: 'ab'.repeat(32),
      tlsCertFile: '/etc/library-kiosk/metrics-cert.pem',
      tlsKeyFile: '/etc/library-kiosk/metrics-key.pem',
    };
    const fromOff = securityChanges({}, { metrics });
    expect(lines('en', fromOff)).toEqual([
      "Metrics for monitoring: Off → Open to the network. Other computers on the network can reach the kiosk's metrics; whoever holds the scrape token or a client certificate reads its counts and state.",
    ]);
    expect(lines('es', fromOff)).toEqual([
      'Métricas para supervisión: Desactivadas → Abiertas a la red. Otros equipos de la red pueden llegar a las métricas del quiosco; quien tenga el token de lectura o un certificado de cliente lee sus recuentos y su estado.',
    ]);
    const fromLoopback = securityChanges({ metrics: { enabled: true } }, { metrics });
    expect(lines('en', fromLoopback)[0]).toMatch(/^Metrics for monitoring: This computer only → /);
    expect(lines('es', fromLoopback)[0]).toMatch(/^Métricas para supervisión: Solo este equipo → /);
    // The token's hash is no word for staff.
    expect(lines('en', fromOff)[0]).not.toContain('abab');
  });

  it('has nothing to say about an ordinary change (idle timeouts, branch name)', () => {
    expect(
      lines(
        'en',
        securityChanges(CURRENT, {
          ...CURRENT,
          patron: { inactivityTimeoutMs: 90_000 },
          staff: { idleTimeoutMs: 600_000 },
          kiosk: { branchName: 'Hillside' },
        }),
      ),
    ).toEqual([]);
  });

  it('says beside the email choice, in both languages, that an email address is no secret', () => {
    expect(en.settingsScreen.hint.patron.allowEmail).toBe(
      "Anyone who knows a patron's email address can see their name, loans and fines and borrow on their account.",
    );
    expect(es.settingsScreen.hint.patron.allowEmail).toBe(
      'Cualquiera que conozca el correo electrónico de un usuario puede ver su nombre, sus préstamos y sus multas, y tomar prestado a su nombre.',
    );
  });

  it('tells staff to confirm each change by itself, in both languages', () => {
    expect(en.settingsScreen.security.confirmEach).toBe(
      'Tick each change you want. Nothing is written until every one of them is ticked.',
    );
    expect(es.settingsScreen.security.confirmEach).toBe(
      'Marque cada cambio que quiera. No se guarda nada hasta que estén todos marcados.',
    );
    expect(en.settingsScreen.security.notApplied).toBe(
      'Not applied: each of these changes needs its own confirmation. Tick every one, then apply again.',
    );
    expect(es.settingsScreen.security.notSaved).toBe(
      'No se guardó: cada uno de estos cambios necesita su propia confirmación. Márquelos todos y vuelva a guardar.',
    );
  });

  it('names the lowerings a second review reproduced (issue 35, item 2), each in English and Spanish', () => {
    const before = {
      sip2: {
        host: 'acs.example.org',
        tls: true,
        patronPin: true,
        tlsCaFile: '/etc/library-kiosk/acs-ca.pem',
        tlsServerName: 'acs.example.org',
      },
      metrics: {
        enabled: true,
        host: '0.0.0.0',
        bearerTokenSha256: 'ab'.repeat(32),
        tlsCertFile: '/etc/k/cert.pem',
        tlsKeyFile: '/etc/k/key.pem',
        tlsClientCaFile: '/etc/library-kiosk/scrapers-ca.pem',
      },
    };
    const after = {
      sip2: {
        host: 'acs.example.org',
        tls: true,
        patronPin: false,
        tlsServerName: 'evil.example.net',
      },
      metrics: {
        enabled: true,
        host: '0.0.0.0',
        bearerTokenSha256: 'cd'.repeat(32),
        tlsCertFile: '/etc/k/cert.pem',
        tlsKeyFile: '/etc/k/key.pem',
      },
    };
    const changes = securityChanges(before, after);
    expect(lines('en', changes)).toEqual([
      "Patrons type their card's PIN: On → Off. Anyone holding a patron's card could borrow on it without the PIN.",
      "Certificate authority file (empty: the system's): /etc/library-kiosk/acs-ca.pem → the system's certificate authorities. The kiosk will take the SIP2 server's certificate from another authority: whoever that authority vouches for can stand in for the server and read card numbers and PINs.",
      "Name on the server's certificate (empty: the server name above): acs.example.org → evil.example.net. A certificate for that name will be taken for the SIP2 server: whoever holds one can stand in for it and read card numbers and PINs.",
      "Scrape token for the metrics: the token whose SHA-256 starts abababab → the token whose SHA-256 starts cdcdcdcd. Whoever holds the new token (with no token: any scraper the listener admits) reads the kiosk's counts and state.",
      "Authority for the scrapers' certificates: /etc/library-kiosk/scrapers-ca.pem → none. Scrapers with certificates from the new authority (with none: any scraper with the token) read the kiosk's counts and state.",
    ]);
    expect(lines('es', changes)).toEqual([
      expect.stringMatching(
        /: Sí → No\. Cualquiera que tenga el carné de un usuario podría tomar préstamos con él sin el PIN\.$/,
      ),
      expect.stringContaining(
        '/etc/library-kiosk/acs-ca.pem → las autoridades de certificación del sistema. El quiosco aceptará el certificado del servidor SIP2 de otra autoridad',
      ),
      expect.stringContaining('acs.example.org → evil.example.net. Se aceptará como servidor SIP2'),
      'Token de lectura de las métricas: el token cuyo SHA-256 empieza por abababab → el token cuyo SHA-256 empieza por cdcdcdcd. Quien tenga el token nuevo (sin token: cualquier lector que el servicio admita) lee los recuentos y el estado del quiosco.',
      'Autoridad de los certificados de los lectores: /etc/library-kiosk/scrapers-ca.pem → ninguna. Los lectores con certificados de la nueva autoridad (sin ella: cualquier lector con el token) leen los recuentos y el estado del quiosco.',
    ]);
    // A token's hash shows by its first 8 hex digits only.
    expect(lines('en', changes).join(' ')).not.toContain('ab'.repeat(32));
  });

  it('names a remote ACS reached in clear on its own, beside its address (issue 34, item 9)', () => {
    const changes = securityChanges({}, { sip2: { host: 'acs.example.org' } });
    expect(lines('en', changes)).toEqual([
      "SIP2 server changes: the built-in demo SIP2 server → acs.example.org:6001. The kiosk will send its patrons' card numbers, PINs and item barcodes to the new server.",
      'SIP2 connection: to a server on this computer → in clear (TLS off) to acs.example.org:6001. Card numbers, PINs and the SIP2 login password would cross the network unprotected.',
    ]);
    expect(lines('es', changes)[1]).toBe(
      'Conexión SIP2: a un servidor de este equipo → sin cifrar (TLS desactivado) a acs.example.org:6001. Los números de carné, los PIN y la contraseña de acceso SIP2 cruzarían la red sin protección.',
    );
  });
});
