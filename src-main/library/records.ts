import type { ServiceDate, Unknown } from './values';

/**
 * The client's view of service records, by concept rather than by one service's spelling. Text
 * that a service did not send is absent; values a decision or a patron's screen depends on (a
 * fine, a block state, a date) are `unknown` when they could not be read, never 0 or "none".
 * `extra` keeps the fields no concept read, for staff screens and diagnosis.
 */

type Extra = { extra: Record<string, unknown> };

export type Member = Extra & {
  id?: string;
  barcode?: string;
  givenName?: string;
  surname?: string;
  fullName?: string;
  email?: string;
  userName?: string;
  /** The status as the service words it (`active`, `B`, `Barred`...). */
  status?: string;
  blocked: boolean | Unknown;
  /** null: the service says the membership does not expire. */
  expiry: ServiceDate | null | Unknown;
  branchId?: string;
  memberType?: string;
  phone?: string;
  address1?: string;
  address2?: string;
  city?: string;
  country?: string;
  postcode?: string;
  nameTitle?: string;
  /**
   * Text concepts the service sent empty or null: it has none, which an edit may send back as
   * empty. A concept absent here and above was not sent (or not recognised) at all.
   */
  blank?: MemberTextConcept[];
};

/** The member's text concepts that an update can send back. */
export type MemberTextConcept =
  | 'barcode'
  | 'branchId'
  | 'memberType'
  | 'givenName'
  | 'surname'
  | 'userName'
  | 'status'
  | 'phone'
  | 'address1'
  | 'address2'
  | 'city'
  | 'country'
  | 'postcode'
  | 'nameTitle';

export type Loan = Extra & {
  itemBarcode?: string;
  title?: string;
  author?: string;
  checkedOutAt: ServiceDate | null | Unknown;
  dueDate: ServiceDate | null | Unknown;
  /**
   * The due date that was missed; null when the service says the loan is not overdue. Optional
   * only for records built by hand (screens, fakes): the reader always sets it.
   */
  overdueDate?: ServiceDate | null | Unknown;
  overdue: boolean | Unknown;
  fine: number | Unknown;
};

/** Both member lookups (by card and by email). */
export type MemberCirculation = Extra & {
  member: Member;
  loans: Loan[] | Unknown;
  fine: number | Unknown;
  currency?: string;
  /** The service's reasons why the member may not borrow now, when it gives them. */
  blocks: string[] | Unknown;
  /**
   * A back end that checks the patron's PIN (SIP2's CQ) says whether the one sent was right;
   * absent where no PIN was sent or the back end does not say.
   */
  pin?: 'valid' | 'invalid';
} & SystemWords;

/**
 * What the library's system says in its own words (SIP2's AF and AG), verbatim: lines for the
 * patron's screen and lines for the receipt. Absent where it said nothing.
 */
export type SystemWords = {
  screenMessages?: string[];
  printLines?: string[];
};

/**
 * Where a returned item goes next, as a check-in's answer says (SIP2's CV, CL, CT): another
 * patron's hold, another branch, or elsewhere. Never a name: the hold patron is not this patron.
 */
export type ItemRouting = {
  alert: 'hold' | 'transit' | 'hold-transit' | 'other';
  /** The bin or trolley the system names (SIP2's CL), verbatim. */
  sortBin?: string;
  /** The branch or location it travels to (SIP2's CT), verbatim. */
  destination?: string;
};

/** A check-out or check-in answer: whatever details the service gave. */
export type CirculationResult = Extra & {
  itemBarcode?: string;
  memberBarcode?: string;
  title?: string;
  author?: string;
  transactionId?: string;
  dueDate: ServiceDate | null | Unknown;
  /** The due date that was missed; null when the service says the item was not overdue. */
  overdueDate: ServiceDate | null | Unknown;
  overdue: boolean | Unknown;
  daysOverdue?: number;
  fine: number | Unknown;
  currency?: string;
  renewed: boolean | Unknown;
  /** Check-in only: where the item goes next, when the answer says. */
  routing?: ItemRouting;
} & SystemWords;

export type MemberPage = {
  members: Member[];
  page?: number;
  size?: number;
  total?: number;
  totalPages?: number;
};

export type Branch = Extra & { id?: string; name?: string; code?: string; city?: string };

export type MemberType = Extra & {
  id?: string;
  name?: string;
  loanPeriodDays?: number;
  loanLimit?: number;
  fineThreshold?: number;
  dailyFine?: number;
  maxFinePerItem?: number;
};

export type StaffUser = Extra & {
  id?: string;
  userName?: string;
  name?: string;
  email?: string;
  branchId?: string;
};

export type CustomerAccount = Extra & { id?: string; name?: string; plan?: string };

/** Get user info: the library's customer account (when the service names it) and the staff user. */
export type UserInfo = Extra & { account?: CustomerAccount; user: StaffUser };
