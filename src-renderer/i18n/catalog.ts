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
import settingsEn from './console/settings.en.json';
import settingsEs from './console/settings.es.json';

/**
 * The message catalogs: the patron screens' in en.json / es.json, and each staff console
 * screen's in console/<screen>.<language>.json under its own top-level id.
 */
export const en = {
  ...enBase,
  console: consoleEn,
  members: membersEn,
  documents: documentsEn,
  settingsScreen: settingsEn,
  diagnostics: diagnosticsEn,
};

export const es: typeof en = {
  ...esBase,
  console: consoleEs,
  members: membersEs,
  documents: documentsEs,
  settingsScreen: settingsEs,
  diagnostics: diagnosticsEs,
};
