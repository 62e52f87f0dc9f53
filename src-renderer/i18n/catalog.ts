import enBase from './en.json';
import esBase from './es.json';
import consoleEn from './console/console.en.json';
import consoleEs from './console/console.es.json';
import diagnosticsEn from './console/diagnostics.en.json';
import diagnosticsEs from './console/diagnostics.es.json';
import documentsEn from './console/documents.en.json';
import documentsEs from './console/documents.es.json';
import membersEn from './console/members.en.json';
import membersEs from './console/members.es.json';
import offlineEn from './console/offline.en.json';
import offlineEs from './console/offline.es.json';
import settingsEn from './console/settings.en.json';
import settingsEs from './console/settings.es.json';
import sip2 from './sip2.json';
import access from './access.json';

/**
 * The message catalogs: the patron screens' in en.json / es.json, and each staff console
 * screen's in console/<screen>.<language>.json under its own top-level id (the offline desk's
 * words too: only the staff status screen shows them, so a patron's first load does not carry them); the words only a
 * SIP2 back end brings (the PIN screen, where a returned item goes) in sip2.json, both
 * languages in one file fetched after the start; audio mode's and the access bar's in
 * access.json, the same way.
 */
export const en = {
  ...enBase,
  sip2: sip2.en,
  access: access.en,
  offline: offlineEn,
  console: consoleEn,
  members: membersEn,
  documents: documentsEn,
  settingsScreen: settingsEn,
  diagnostics: diagnosticsEn,
};

export const es: typeof en = {
  ...esBase,
  sip2: sip2.es,
  access: access.es,
  offline: offlineEs,
  console: consoleEs,
  members: membersEs,
  documents: documentsEs,
  settingsScreen: settingsEs,
  diagnostics: diagnosticsEs,
};
