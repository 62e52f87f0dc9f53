/**
 * The alias table: every concept the kiosk reads from a service record, with the spellings it is
 * found under. Names compare without regard to case, `_`, `-`, `@`, `$` or spaces (see locate.ts),
 * so one entry covers `GivenName`, `givenName`, `given_name` and `GIVEN-NAME`. A dotted alias
 * (`personal.firstName`) looks one object deeper. The spellings come from the interface's own
 * member update body and from the patron, loan and account APIs that library systems expose
 * (Koha, FOLIO, Sierra, Polaris, Alma, SIP2-style names); where two concepts could claim a name,
 * the record kind decides (a member's `title` is a name title, a loan's is a book title).
 */

export type ValueType = 'text' | 'number' | 'boolean' | 'date' | 'list' | 'record';

export interface ConceptSpec {
  type: ValueType;
  aliases: readonly string[];
  /** Word fragments that suggest an unknown field is this concept (for the probe's suggestions). */
  hints?: readonly string[];
}

const text = (aliases: string[], hints?: string[]): ConceptSpec => ({
  type: 'text',
  aliases,
  ...(hints ? { hints } : {}),
});
const number = (aliases: string[], hints?: string[]): ConceptSpec => ({
  type: 'number',
  aliases,
  ...(hints ? { hints } : {}),
});
const flag = (aliases: string[], hints?: string[]): ConceptSpec => ({
  type: 'boolean',
  aliases,
  ...(hints ? { hints } : {}),
});
const date = (aliases: string[], hints?: string[]): ConceptSpec => ({
  type: 'date',
  aliases,
  ...(hints ? { hints } : {}),
});
const list = (aliases: string[], hints?: string[]): ConceptSpec => ({
  type: 'list',
  aliases,
  ...(hints ? { hints } : {}),
});
const record = (aliases: string[]): ConceptSpec => ({ type: 'record', aliases });

/** Keys under which a list of records arrives when the service wraps it, whatever it holds. */
export const GENERIC_LIST_KEYS = [
  'data',
  'items',
  'results',
  'value',
  'records',
  'rows',
  'content',
  'list',
  'entries',
  'hits',
  'elements',
];

/** Envelopes around a single record: `{ "data": {...} }`, `{ "result": {...}, "success": true }`. */
export const ENVELOPE_KEYS = ['data', 'result', 'payload', 'response', 'value', 'body', 'record'];

const FINE = number(
  [
    'fine',
    'fines',
    'fineBalance',
    'fineTotal',
    'totalFines',
    'balance',
    'balanceOwed',
    'amountOwed',
    'owed',
    'owes',
    'moneyOwed',
    'outstanding',
    'outstandingBalance',
    'chargeBalance',
    'feesOwed',
    'fees',
    'debt',
    'accountBalance',
    'amountDue',
    'totalDue',
  ],
  ['fine', 'fee', 'owe', 'balance', 'debt', 'charge', 'due', 'amount'],
);
const CURRENCY = text(['currency', 'currencyCode', 'currencyIso'], ['currency', 'curr']);
const EMAIL = text(
  ['email', 'emailAddress', 'mail', 'emails', 'primaryEmail', 'personal.email', 'contact.email'],
  ['mail'],
);

const MEMBER = {
  id: text(['Id', 'memberId', 'patronId', 'userId', 'borrowerId', 'borrowerNumber', 'primaryId']),
  barcode: text(
    [
      'userbarcode',
      'barcode',
      'cardNumber',
      'cardBarcode',
      'memberBarcode',
      'patronBarcode',
      'libraryCard',
      'libraryCardNumber',
      'barcodes',
      'patronIdentifier',
      'card',
    ],
    ['barcode', 'card'],
  ),
  givenName: text(
    [
      'GivenName',
      'firstName',
      'forename',
      'nameFirst',
      'first',
      'personal.firstName',
      'name.given',
      'name.first',
    ],
    ['given', 'first', 'fore'],
  ),
  surname: text(
    [
      'Surname',
      'lastName',
      'familyName',
      'nameLast',
      'last',
      'personal.lastName',
      'name.family',
      'name.last',
    ],
    ['surname', 'last', 'family'],
  ),
  fullName: text(
    ['fullName', 'displayName', 'name', 'patronName', 'personalName', 'names', 'formattedName'],
    ['name'],
  ),
  email: EMAIL,
  userName: text(
    ['UserName', 'login', 'loginName', 'logonName', 'accountName'],
    ['login', 'logon', 'user'],
  ),
  // Not `state`: in Koha and many address records it is the address's state or province.
  status: text(
    ['userstatus', 'status', 'memberStatus', 'patronStatus', 'accountStatus'],
    ['status'],
  ),
  blocked: flag(
    [
      'blocked',
      'isBlocked',
      'blockedFlag',
      'barred',
      'isBarred',
      'suspended',
      'debarred',
      'restricted',
    ],
    ['block', 'bar', 'suspend'],
  ),
  active: flag(['active', 'isActive', 'enabled']),
  expiry: date(
    [
      'ExpiryDate',
      'expirationDate',
      'expires',
      'expiresOn',
      'expiresAt',
      'expiry',
      'validUntil',
      'dateExpiry',
      'membershipExpiry',
      'membershipExpires',
    ],
    ['expir', 'valid'],
  ),
  branchId: text(
    [
      'branchid',
      'libraryId',
      'homeBranch',
      'homeBranchId',
      'homeLibrary',
      'homeLibraryId',
      'registeredBranchId',
      'branchcode',
      'locationId',
      'branch',
    ],
    ['branch', 'library'],
  ),
  memberType: text(
    [
      'usertype',
      'memberType',
      'patronType',
      'categoryId',
      'category',
      'categoryCode',
      'patronGroup',
      'patronCode',
      'patronCodeId',
      'userGroup',
      'borrowerType',
    ],
    ['type', 'category', 'group'],
  ),
  phone: text(
    ['PhoneNo', 'phone', 'phoneNumber', 'phoneVoice1', 'telephone', 'mobile', 'personal.phone'],
    ['phone', 'tel', 'mobile'],
  ),
  address1: text([
    'address1',
    'addressLine1',
    'street',
    'streetOne',
    'streetAddress',
    'line1',
    'address',
    'address.line1',
    'address.addressLine1',
    'address.street',
  ]),
  address2: text(['address2', 'addressLine2', 'streetTwo', 'line2', 'address.line2']),
  city: text(['city', 'town', 'locality', 'address.city']),
  country: text(['country', 'countryCode', 'address.country', 'address.countryCode']),
  postcode: text([
    'postcode',
    'postalCode',
    'zip',
    'zipCode',
    'address.postcode',
    'address.postalCode',
  ]),
  nameTitle: text([
    'NameTitle',
    'title',
    'namePrefix',
    'salutation',
    'honorific',
    'personal.salutation',
  ]),
} satisfies Record<string, ConceptSpec>;

const LOAN = {
  itemBarcode: text(
    ['ItemBarcode', 'barcode', 'copyBarcode', 'item.barcode', 'itemBarcodes'],
    ['barcode', 'item'],
  ),
  title: text(['Title', 'itemTitle', 'bibTitle', 'browseTitle', 'item.title'], ['title']),
  author: text(
    [
      'Author',
      'creator',
      'itemAuthor',
      'browseAuthor',
      'item.author',
      'item.contributor',
      'authors',
    ],
    ['author', 'creator', 'contributor'],
  ),
  memberBarcode: text(
    ['UserBarcode', 'patronBarcode', 'memberBarcode', 'borrowerBarcode', 'cardNumber'],
    ['user', 'patron', 'card'],
  ),
  checkedOutAt: date(
    [
      'CheckedOutAt',
      'checkoutDate',
      'checkedOutDate',
      'checkedOut',
      'loanDate',
      'issueDate',
      'outDate',
      'dateCheckedOut',
      'loanedAt',
      'borrowedAt',
      'checkoutTime',
    ],
    ['checkout', 'issue', 'loan', 'out'],
  ),
  dueDate: date(
    ['DueDate', 'due', 'dueAt', 'dateDue', 'dueDateTime', 'dueBack', 'returnBy'],
    ['due', 'return'],
  ),
  overdue: flag(['Overdue', 'isOverdue', 'late', 'isLate'], ['overdue', 'late']),
  overdueDate: date(
    ['OverdueDate', 'overdueSince', 'dateOverdue', 'lateSince', 'missedDueDate'],
    ['overdue', 'late'],
  ),
  daysOverdue: number(['DaysOverdue', 'daysLate', 'overdueDays', 'lateDays'], ['days']),
  fine: number(
    [
      'Fine',
      'fineAmount',
      'fineCharged',
      'feeCharged',
      'feeAmount',
      'chargeAmount',
      'lateFee',
      'overdueFine',
      'amountCharged',
      'fee',
      'charge',
      'fines',
      'amount',
    ],
    ['fine', 'fee', 'charge', 'amount'],
  ),
  currency: CURRENCY,
  renewed: flag(['Renewed', 'isRenewal', 'renewal', 'wasRenewed'], ['renew']),
  transactionId: text(
    ['TransactionId', 'loanId', 'checkoutId', 'checkinId', 'circulationId', 'transaction', 'id'],
    ['transaction'],
  ),
} satisfies Record<string, ConceptSpec>;

/** Paging fields sit beside the list or in a `meta` / `pagination` / `paging` object. */
const paging = (names: string[]): ConceptSpec =>
  number([
    ...names,
    ...['meta', 'pagination', 'paging'].flatMap((at) => names.map((n) => `${at}.${n}`)),
  ]);

const PAGING = {
  page: paging(['page', 'pageNumber', 'currentPage', 'pageNo', 'pageIndex']),
  size: paging(['size', 'pageSize', 'perPage', 'limit']),
  total: paging(['total', 'totalCount', 'count', 'totalResults', 'totalRecords', 'totalItems']),
  totalPages: paging(['totalPages', 'pageCount', 'pages', 'lastPage']),
};

export const CONCEPTS = {
  member: MEMBER,
  circulation: {
    member: record([
      'Member',
      'patron',
      'user',
      'borrower',
      'customer',
      'person',
      'memberInfo',
      'patronInfo',
      'memberDetails',
    ]),
    loans: list(
      [
        'Items',
        'loans',
        'openLoans',
        'checkouts',
        'checkedOutItems',
        'checkedOut',
        'pendingItems',
        'pendingCheckouts',
        'currentLoans',
        'itemsOut',
        'itemsCheckedOut',
        'borrowedItems',
        'issues',
        'circulations',
      ],
      ['loan', 'checkout', 'item', 'issue', 'borrow'],
    ),
    fine: FINE,
    currency: CURRENCY,
    blocks: list(
      [
        'Blocks',
        'blockReasons',
        'patronBlocks',
        'circulationBlocks',
        'restrictions',
        'blockInfo',
        'debarments',
      ],
      ['block'],
    ),
  },
  loan: LOAN,
  checkOut: LOAN,
  checkIn: LOAN,
  memberList: {
    items: list(['Members', 'patrons', 'users', 'borrowers', ...GENERIC_LIST_KEYS]),
    ...PAGING,
    // OData's count sits beside the list: `{ "value": [...], "@odata.count": 240 }`.
    total: number([...PAGING.total.aliases, 'odata.count']),
  },
  branch: {
    id: text(['Id', 'branchId', 'libraryId', 'locationId', 'organizationId', 'branchcode']),
    name: text(['Name', 'branchName', 'libraryName', 'displayName', 'label', 'description']),
    code: text([
      'Code',
      'branchCode',
      'libraryCode',
      'locationCode',
      'abbreviation',
      'shortName',
      'branchcode',
    ]),
    city: text(['City', 'town', 'address.city', 'locality']),
  },
  branchList: { items: list(['Branches', 'libraries', 'locations', ...GENERIC_LIST_KEYS]) },
  memberType: {
    id: text([
      'Id',
      'userTypeId',
      'memberTypeId',
      'patronTypeId',
      'patronCodeId',
      'patronGroup',
      'patronGroupId',
      'typeId',
      'categoryId',
      'categoryCode',
      'code',
    ]),
    name: text([
      'Name',
      'typeName',
      'categoryName',
      'displayName',
      'label',
      'description',
      'desc',
      'group',
    ]),
    loanPeriodDays: number(
      [
        'LoanPeriodDays',
        'loanPeriod',
        'loanDays',
        'loanLength',
        'loanPeriodInDays',
        'issueLength',
        'defaultLoanPeriod',
      ],
      ['period', 'days', 'length'],
    ),
    loanLimit: number(
      [
        'LoanLimit',
        'maxLoans',
        'maxItems',
        'maxItemsOut',
        'maxCheckouts',
        'maxIssueQty',
        'issueLimit',
        'itemLimit',
      ],
      ['limit', 'max'],
    ),
    fineThreshold: number(
      ['FineThreshold', 'maxFine', 'fineLimit', 'chargeLimit', 'blockThreshold', 'noIssuesCharge'],
      ['threshold', 'limit'],
    ),
    dailyFine: number(
      ['DailyFine', 'finePerDay', 'dailyFineRate', 'overdueFinePerDay', 'fineRate'],
      ['daily', 'rate'],
    ),
    maxFinePerItem: number(
      [
        'MaxFinePerItem',
        'fineCap',
        'overdueFineCap',
        'overdueFinesCap',
        'maxFineAmount',
        'maxItemFine',
      ],
      ['cap', 'max'],
    ),
  },
  memberTypeList: {
    items: list([
      'UserTypes',
      'memberTypes',
      'patronTypes',
      'categories',
      'patronGroups',
      'userGroups',
      'types',
      ...GENERIC_LIST_KEYS,
    ]),
  },
  userInfo: {
    account: record([
      'Customer',
      'customerAccount',
      'account',
      'organisation',
      'organization',
      'library',
      'tenant',
    ]),
    user: record(['User', 'currentUser', 'staffUser', 'staff', 'me', 'profile', 'principal']),
  },
  account: {
    id: text(['Id', 'customerId', 'accountId', 'organisationId', 'tenantId']),
    name: text(['Name', 'customerName', 'accountName', 'organisationName', 'displayName']),
    plan: text(['Plan', 'planName', 'servicePlan', 'tier', 'subscription', 'product']),
  },
  // Create document's answer: the interface's spellings first, then common names for the same parts.
  uploadTicket: {
    itemId: text(['itemId', 'documentId', 'docid', 'id']),
    fileId: text(['fileId', 'blobId']),
    container: text(['container', 'containerName']),
    sas: text(['sas', 'sasToken']),
    url: text(['url', 'fileUrl', 'blobUrl']),
    subdocid: number(['subdocid', 'subDocumentId']),
    uploadendpoint: text(['uploadendpoint', 'uploadUrl', 'uploadUri', 'upload.url']),
  },
  user: {
    id: text(['Id', 'userId', 'primaryId', 'sub', 'staffId']),
    userName: text(['UserName', 'login', 'loginName', 'logonName', 'preferredUsername']),
    name: text(['Name', 'displayName', 'fullName', 'staffName']),
    // A name given in parts (Django's `first_name` / `last_name`), read when no whole name is.
    givenName: text(['GivenName', 'firstName', 'forename', 'first']),
    surname: text(['Surname', 'lastName', 'familyName', 'last']),
    email: EMAIL,
    branchId: text([
      'BranchId',
      'libraryId',
      'homeBranch',
      'homeLibrary',
      'homeLibraryId',
      'branch',
    ]),
  },
} as const satisfies Record<string, Record<string, ConceptSpec>>;

export type RecordKind = keyof typeof CONCEPTS;
export type ConceptOf<K extends RecordKind> = keyof (typeof CONCEPTS)[K] & string;
/** `member.givenName`, `checkIn.fine`, ...: the keys of `service.fieldMap`. */
export type ConceptKey = { [K in RecordKind]: `${K}.${ConceptOf<K>}` }[RecordKind];

export const CONCEPT_KEYS = Object.entries(CONCEPTS).flatMap(([kind, concepts]) =>
  Object.keys(concepts).map((concept) => `${kind}.${concept}`),
) as ConceptKey[];

export function specOf<K extends RecordKind>(kind: K, concept: ConceptOf<K>): ConceptSpec {
  return (CONCEPTS[kind] as Record<string, ConceptSpec>)[concept] as ConceptSpec;
}
