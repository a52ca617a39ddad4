import type { LinkOwners } from '../api/get-link-choices';

/**
 * The options of an owner choice: the event's exhibitors, then their sub-accounts, whose
 * allocation the links use.
 */
export function LinkOwnerOptions({ owners, empty }: { owners: LinkOwners | undefined; empty: string }) {
  return (
    <>
      <option value="">{empty}</option>
      <optgroup label="Exhibitors">
        {owners?.exhibitors.map((exhibitor) => (
          <option key={exhibitor.id} value={exhibitor.id}>
            {exhibitor.companyName ?? exhibitor.name}
          </option>
        ))}
      </optgroup>
      {owners && owners.subAccounts.length > 0 && (
        <optgroup label="Sub-accounts">
          {owners.subAccounts.map((subAccount) => (
            <option key={subAccount.id} value={subAccount.id}>
              {subAccount.companyName ? `${subAccount.companyName} – ${subAccount.name}` : subAccount.name}
            </option>
          ))}
        </optgroup>
      )}
    </>
  );
}
