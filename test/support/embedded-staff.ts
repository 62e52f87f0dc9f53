import { prepareEmbeddedServiceFolder } from '../../src-main/host/embedded-service-files';
import { withLibraryDatabase } from '../../src-reference-service/add-staff';
import { STAFF_ACCOUNTS } from '../../src-reference-service/config';
import { putStaffAccount } from '../../src-reference-service/db/staff-accounts';

/**
 * The kiosk's embedded service outside demo mode has no demo staff account. Tests that sign in
 * there as the librarian (a configured PIN turns demo mode off) get an account of that name,
 * added as `add-staff` adds one (its own id, so a non-demo start keeps it), with the demo
 * password: the sign-in helpers type that one. `add-staff` itself refuses that password.
 */
export function addTestLibrarian(kioskDataDir: string): void {
  const librarian = STAFF_ACCOUNTS.find((account) => account.username === 'librarian');
  if (!librarian) throw new Error('the seed has no librarian');
  withLibraryDatabase(prepareEmbeddedServiceFolder(kioskDataDir), (db) =>
    putStaffAccount(db, librarian, librarian.password),
  );
}
