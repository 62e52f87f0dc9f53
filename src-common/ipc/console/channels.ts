import type { Gate } from '../channels';

/**
 * The staff console's channel names, by screen (zod-free, like ../channels.ts, for the preload).
 * Each group's schemas are in the file of the same name beside this one, and each name says where
 * it lives: `console.<that file>.<verb>`.
 */
export const MEMBERS_CHANNELS = [
  'console.members.search',
  'console.members.get',
  'console.members.lists',
  'console.members.update',
  'console.members.lookUp',
  'console.members.checkOut',
  'console.members.checkIn',
] as const;

export const DOCUMENTS_CHANNELS = [
  'console.documents.choose',
  'console.documents.stage',
  'console.documents.publish',
  'console.documents.cancel',
  'console.documents.discard',
  'console.documents.published',
] as const;

export const SETTINGS_CHANNELS = [
  'console.settings.get',
  'console.settings.check',
  'console.settings.save',
  'console.settings.export',
  'console.settings.previewImport',
  'console.settings.applyImport',
  'console.settings.changePin',
  'console.settings.staffCard',
  'console.settings.sip2Password',
  'console.settings.restart',
] as const;

export const DIAGNOSTICS_CHANNELS = [
  'console.diagnostics.account',
  'console.diagnostics.status',
  'console.diagnostics.fieldMap',
  'console.diagnostics.probe',
  'console.diagnostics.saveFieldMap',
  'console.diagnostics.probeSip2',
] as const;

export const CONSOLE_CHANNELS = [
  ...MEMBERS_CHANNELS,
  ...DOCUMENTS_CHANNELS,
  ...SETTINGS_CHANNELS,
  ...DIAGNOSTICS_CHANNELS,
] as const;

/** Every console channel is staff's: the choke point refuses it outside staff mode. */
export const CONSOLE_GATES = Object.fromEntries(
  CONSOLE_CHANNELS.map((channel) => [channel, 'staff']),
) as Record<ConsoleChannel, Extract<Gate, 'staff'>>;

export type MembersChannel = (typeof MEMBERS_CHANNELS)[number];
export type DocumentsChannel = (typeof DOCUMENTS_CHANNELS)[number];
export type SettingsChannel = (typeof SETTINGS_CHANNELS)[number];
export type DiagnosticsChannel = (typeof DIAGNOSTICS_CHANNELS)[number];
export type ConsoleChannel = (typeof CONSOLE_CHANNELS)[number];
