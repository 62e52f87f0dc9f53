/**
 * The staff console's channel names, by screen (zod-free, like ../channels.ts, for the preload).
 * Each group's schemas are in the file of the same name beside this one, and each name says where
 * it lives: `staff.console.<that file>.<verb>` (staff's alone: the prefix is the gate).
 */
export const MEMBERS_CHANNELS = [
  'staff.console.members.search',
  'staff.console.members.get',
  'staff.console.members.lists',
  'staff.console.members.update',
  'staff.console.members.lookUp',
  'staff.console.members.checkOut',
  'staff.console.members.checkIn',
] as const;

export const DOCUMENTS_CHANNELS = [
  'staff.console.documents.choose',
  'staff.console.documents.stage',
  'staff.console.documents.publish',
  'staff.console.documents.cancel',
  'staff.console.documents.discard',
  'staff.console.documents.published',
] as const;

export const SETTINGS_CHANNELS = [
  'staff.console.settings.get',
  'staff.console.settings.check',
  'staff.console.settings.save',
  'staff.console.settings.export',
  'staff.console.settings.previewImport',
  'staff.console.settings.applyImport',
  'staff.console.settings.changePin',
  'staff.console.settings.staffCard',
  'staff.console.settings.sip2Password',
  'staff.console.settings.restart',
] as const;

export const DIAGNOSTICS_CHANNELS = [
  'staff.console.diagnostics.account',
  'staff.console.diagnostics.status',
  'staff.console.diagnostics.fieldMap',
  'staff.console.diagnostics.probe',
  'staff.console.diagnostics.saveFieldMap',
  'staff.console.diagnostics.probeSip2',
] as const;

export const CONSOLE_CHANNELS = [
  ...MEMBERS_CHANNELS,
  ...DOCUMENTS_CHANNELS,
  ...SETTINGS_CHANNELS,
  ...DIAGNOSTICS_CHANNELS,
] as const;

export type MembersChannel = (typeof MEMBERS_CHANNELS)[number];
export type DocumentsChannel = (typeof DOCUMENTS_CHANNELS)[number];
export type SettingsChannel = (typeof SETTINGS_CHANNELS)[number];
export type DiagnosticsChannel = (typeof DIAGNOSTICS_CHANNELS)[number];
export type ConsoleChannel = (typeof CONSOLE_CHANNELS)[number];
