import packageJson from '../../package.json' with { type: 'json' };

/** The kiosk's version (package.json), written into settings exports. */
export const APP_VERSION: string = packageJson.version;
