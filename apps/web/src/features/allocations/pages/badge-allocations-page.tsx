import { AllocationsPage } from './allocations-page';

export function BadgeAllocationsPage() {
  return <AllocationsPage type="badge" />;
}

export function AddonsAllocationsPage() {
  return <AllocationsPage type="addon" />;
}
