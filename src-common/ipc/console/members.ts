import { z } from 'zod';
import { AmountViewSchema, DateViewSchema } from '../patron';
import { consoleAnswer, ConsoleProblemSchema } from './answer';
import type { MembersChannel } from './channels';
import { EDITABLE_FIELDS, PAGE_SIZES } from '../../member-rules';

/**
 * The Members and Circulation lookup screens. Requests carry the interface's own spellings (the
 * member update body to the letter); answers are the client reader's concepts (service/reader),
 * never one service's spelling. The edit rules both sides run are in member-rules.ts (zod-free,
 * so the renderer can import them).
 */

export * from '../../member-rules';

// ---- Records as the screens show them ----

export const MemberFormValuesSchema = z.partialRecord(z.enum(EDITABLE_FIELDS), z.string());
export type MemberFormValues = z.infer<typeof MemberFormValuesSchema>;

const text = z.string().optional();

/** A member by concept (service/reader/types.ts `Member`, without its unread fields). */
export const MemberViewSchema = z.object({
  id: text,
  barcode: text,
  givenName: text,
  surname: text,
  fullName: text,
  email: text,
  userName: text,
  status: text,
  blocked: z.union([z.boolean(), z.literal('unknown')]),
  expiry: DateViewSchema,
  branchId: text,
  memberType: text,
  phone: text,
  address1: text,
  address2: text,
  city: text,
  country: text,
  postcode: text,
  nameTitle: text,
});
export type MemberView = z.infer<typeof MemberViewSchema>;

/** A member with the update body's fields as the service now has them, for the edit form. */
export const MemberDetailsSchema = z.object({
  member: MemberViewSchema,
  form: MemberFormValuesSchema,
});
export type MemberDetails = z.infer<typeof MemberDetailsSchema>;

export const MemberSearchSchema = z.object({
  name: z.string().max(100),
  size: z.literal(PAGE_SIZES),
  /** Pages count from 1, as the interface's documented call and the reference service do. */
  page: z.number().int().min(1).max(100_000),
});
export type MemberSearch = z.infer<typeof MemberSearchSchema>;

export const MemberPageViewSchema = z.object({
  members: z.array(MemberViewSchema),
  /** The page asked for; the service's own echo of it is not needed to show it. */
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int().optional(),
  totalPages: z.number().int().optional(),
  /** A further page exists: known from the totals, else guessed from a full page. */
  hasNext: z.boolean(),
});
export type MemberPageView = z.infer<typeof MemberPageViewSchema>;

const ChoiceSchema = z.object({ id: z.string(), name: z.string().optional() });
export type Choice = z.infer<typeof ChoiceSchema>;

export const MemberListsSchema = z.object({
  branches: z.array(ChoiceSchema),
  memberTypes: z.array(ChoiceSchema),
  /**
   * The member statuses the service's members have now (its first pages of members): the
   * interface publishes no list of the values it takes, so these are the ones seen in use.
   */
  statuses: z.array(z.string()),
});
export type MemberLists = z.infer<typeof MemberListsSchema>;

export const MemberSavedSchema = z.object({
  /** The member as the service now has it; absent when it could not be read back. */
  details: MemberDetailsSchema.optional(),
  /** The update was applied, but reading the member back failed. */
  readBackProblem: ConsoleProblemSchema.optional(),
  /** Fields changed at the service since the member was opened, kept as they are there. */
  changedElsewhere: z
    .array(z.object({ field: z.enum(EDITABLE_FIELDS), now: z.string() }))
    .optional(),
  /** Fields the member read back after the save does not show as they were sent. */
  notAsSent: z
    .array(
      z.object({ field: z.enum(EDITABLE_FIELDS), sent: z.string(), now: z.string().optional() }),
    )
    .optional(),
});
export type MemberSaved = z.infer<typeof MemberSavedSchema>;

// ---- Circulation lookup ----

export const LoanViewSchema = z.object({
  itemBarcode: text,
  title: text,
  author: text,
  dueDate: DateViewSchema,
  overdue: z.union([z.boolean(), z.literal('unknown')]),
});
export type LoanView = z.infer<typeof LoanViewSchema>;

export const CirculationViewSchema = z.object({
  member: MemberViewSchema,
  loans: z.union([z.array(LoanViewSchema), z.literal('unknown')]),
  fine: AmountViewSchema,
  currency: text,
  blocks: z.union([z.array(z.string()), z.literal('unknown')]),
});
export type CirculationView = z.infer<typeof CirculationViewSchema>;

export const TransactionViewSchema = z.object({
  itemBarcode: text,
  title: text,
  dueDate: DateViewSchema,
  overdue: z.union([z.boolean(), z.literal('unknown')]),
  fine: AmountViewSchema,
  currency: text,
});
export type TransactionView = z.infer<typeof TransactionViewSchema>;

const barcode = z.string().trim().min(1).max(64);

export const LookupRequestSchema = z.discriminatedUnion('by', [
  z.object({ by: z.literal('barcode'), value: barcode }),
  z.object({ by: z.literal('email'), value: z.string().trim().min(3).max(254) }),
]);
export type LookupRequest = z.infer<typeof LookupRequestSchema>;

/**
 * The request the renderer sends: the whole member record (every field a string, checked field by
 * field by the core), the fields that were empty or unread when it was read and stay empty (staff
 * confirmed the unread ones), which the rules let stay empty, and the member as it was read.
 */
const UpdateRequestSchema = z.object({
  record: z.record(z.string(), z.string().max(500)),
  keptBlank: z.array(z.enum(EDITABLE_FIELDS)).max(EDITABLE_FIELDS.length),
  /** The member's fields as the form read them: what staff changed is told from them. */
  read: MemberFormValuesSchema,
});
export type MemberUpdateRequest = z.infer<typeof UpdateRequestSchema>;

export const membersInvokeContract = {
  'staff.console.members.search': {
    request: MemberSearchSchema,
    response: consoleAnswer(MemberPageViewSchema),
  },
  'staff.console.members.get': {
    request: z.object({ id: z.string().min(1).max(64) }),
    response: consoleAnswer(MemberDetailsSchema),
  },
  'staff.console.members.lists': {
    request: z.undefined(),
    response: consoleAnswer(MemberListsSchema),
  },
  'staff.console.members.update': {
    request: UpdateRequestSchema,
    response: consoleAnswer(MemberSavedSchema),
  },
  'staff.console.members.lookUp': {
    request: LookupRequestSchema,
    response: consoleAnswer(CirculationViewSchema),
  },
  'staff.console.members.checkOut': {
    request: z.object({ itemBarcode: barcode, memberBarcode: barcode }),
    response: consoleAnswer(TransactionViewSchema),
  },
  'staff.console.members.checkIn': {
    request: z.object({ itemBarcode: barcode }),
    response: consoleAnswer(TransactionViewSchema),
  },
} as const satisfies Record<MembersChannel, unknown>;
