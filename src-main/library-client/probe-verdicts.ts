import type { ProbeConcept, ProbeConsequence } from '../../src-common/ipc/probe-report';
import type { ConceptKey } from './reader/concepts';

/**
 * What the kiosk does with each concept the probe looks for, so that a field a service does not
 * send reads as what it is: a problem only where something depends on it and nothing stands in.
 * `standIns`: concepts that do the same job when found (any one of them); `consequence`: what
 * staff and patrons lose when neither it nor a stand-in is found. A concept with neither is read
 * where a service sends it and missed by nothing (a staff screen shows "not given").
 */
interface Use {
  standIns?: readonly ConceptKey[];
  consequence?: ProbeConsequence;
}

// A member's block state has five readings; any one lets the kiosk judge a card before check-out.
const MAY_BORROW: readonly ConceptKey[] = [
  'member.blocked',
  'member.status',
  'member.active',
  'member.expiry',
  'circulation.blocks',
];
const blockReading = (concept: ConceptKey): Use => ({
  standIns: MAY_BORROW.filter((other) => other !== concept),
  consequence: 'may-borrow',
});

const USES: Partial<Record<ConceptKey, Use>> = {
  'member.id': { consequence: 'member-id' },
  'member.barcode': { consequence: 'card-number' },
  'member.givenName': { standIns: ['member.fullName'], consequence: 'greeting' },
  'member.fullName': { standIns: ['member.givenName'], consequence: 'greeting' },
  'member.surname': { standIns: ['member.fullName'] },
  'member.email': { consequence: 'email' },
  'member.blocked': blockReading('member.blocked'),
  'member.status': blockReading('member.status'),
  'member.active': blockReading('member.active'),
  'member.expiry': blockReading('member.expiry'),
  'circulation.blocks': blockReading('circulation.blocks'),
  'circulation.member': { consequence: 'greeting' },
  'circulation.loans': { consequence: 'loans' },
  'circulation.fine': { standIns: ['loan.fine'], consequence: 'fine' },
  'loan.itemBarcode': { standIns: ['loan.title'], consequence: 'loan-title' },
  'loan.title': { standIns: ['loan.itemBarcode'], consequence: 'loan-title' },
  'loan.dueDate': { consequence: 'loan-due' },
  'loan.overdue': { standIns: ['loan.dueDate', 'loan.overdueDate'] },
  'loan.overdueDate': { standIns: ['loan.dueDate', 'loan.overdue'] },
  'loan.fine': { standIns: ['circulation.fine'] },
  'memberList.items': { consequence: 'members-list' },
  'branchList.items': { consequence: 'branches' },
  'branch.id': { standIns: ['branch.code'], consequence: 'branches' },
  'branch.name': { consequence: 'branches' },
  'memberTypeList.items': { consequence: 'member-types' },
  'memberType.id': { consequence: 'member-types' },
  'memberType.loanPeriodDays': { consequence: 'offline-loan-period' },
  'userInfo.user': { consequence: 'staff-name' },
  'user.name': { standIns: ['user.givenName', 'user.userName'], consequence: 'staff-name' },
  'user.givenName': { standIns: ['user.name', 'user.userName'] },
  'user.surname': { standIns: ['user.name'] },
  'user.userName': { standIns: ['user.name', 'user.givenName'], consequence: 'staff-name' },
  'user.branchId': { consequence: 'staff-branch' },
};

/**
 * Each concept the probe looked for with its verdict: `read` (from the field named), `covered`
 * (not sent, and a stand-in was read: `by`), `not-needed` (not sent, and nothing depends on it)
 * or `needed` (not sent, nothing stands in, and `consequence` says what is lost).
 */
export function withVerdicts(
  concepts: readonly { concept: string; from: string | null }[],
): ProbeConcept[] {
  const found = new Set(
    concepts.filter((entry) => entry.from !== null).map((entry) => entry.concept),
  );
  return concepts.map(({ concept, from }) => {
    if (from !== null) return { concept, from, verdict: 'read' };
    const use = USES[concept as ConceptKey] ?? {};
    const by = (use.standIns ?? []).filter((standIn) => found.has(standIn));
    if (by.length > 0) return { concept, from, verdict: 'covered', by };
    if (use.consequence) {
      return { concept, from, verdict: 'needed', consequence: use.consequence };
    }
    return { concept, from, verdict: 'not-needed' };
  });
}
