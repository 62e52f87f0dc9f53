import type { Gate } from '../channels';

/**
 * The staff console's channel names, by screen (zod-free, like ../channels.ts, for the preload).
 * Each group's schemas are in the file of the same name beside this one.
 */
export const MEMBERS_CHANNELS = [
  'members.search',
  'members.get',
  'members.lists',
  'members.update',
  'lookup.member',
  'lookup.checkOut',
  'lookup.checkIn',
] as const;

export const DOCUMENTS_CHANNELS = [
  'documents.choose',
  'documents.stage',
  'documents.publish',
  'documents.cancel',
  'documents.discard',
  'documents.published',
] as const;

export const SETTINGS_CHANNELS = [
  'settings.get',
  'settings.check',
  'settings.save',
  'settings.export',
  'settings.previewImport',
  'settings.applyImport',
  'settings.changePin',
  'settings.restart',
] as const;

export const DIAGNOSTICS_CHANNELS = [
  'console.account',
  'console.status',
  'diagnostics.fieldMap',
  'diagnostics.probe',
  'diagnostics.saveFieldMap',
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
