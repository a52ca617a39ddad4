import { canStart, isReissuable, type AllocationPurchase } from '@portal/shared/allocation-purchases';
import {
  BanIcon,
  ClipboardCheckIcon,
  CreditCardIcon,
  FileTextIcon,
  LandmarkIcon,
  RefreshCwIcon,
  Undo2Icon,
  type LucideIcon,
} from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';
import { useCan } from '@/hooks/use-can';
import { useSession } from '@/lib/session';
import { cn } from '@/lib/utils';

export type PurchaseActionKey = 'review' | 'pay' | 'invoice' | 'record-payment' | 'refund' | 'reissue' | 'cancel';

type ActionSpec = { key: PurchaseActionKey; label: string; icon: LucideIcon; destructive?: boolean };

const ACTIONS: Record<PurchaseActionKey, ActionSpec> = {
  review: { key: 'review', label: 'Review', icon: ClipboardCheckIcon },
  pay: { key: 'pay', label: 'Pay', icon: CreditCardIcon },
  invoice: { key: 'invoice', label: 'View invoice', icon: FileTextIcon },
  'record-payment': { key: 'record-payment', label: 'Record bank transfer', icon: LandmarkIcon },
  refund: { key: 'refund', label: 'Refund', icon: Undo2Icon, destructive: true },
  reissue: { key: 'reissue', label: 'Issue corrected invoice', icon: RefreshCwIcon },
  cancel: { key: 'cancel', label: 'Cancel', icon: BanIcon, destructive: true },
};

/**
 * The actions the caller may take on a purchase in its current state: the permission says who,
 * the shared transition table says when. The API checks both again.
 */
export function usePurchaseActions(): (purchase: AllocationPurchase) => ActionSpec[] {
  const can = useCan();
  const session = useSession();
  const organiser = can('update_allocation_purchase');
  return (purchase) => {
    const own = purchase.admin.id === session?.user.id;
    // A sub-account's request may be paid, or withdrawn, by the sub-account or by its exhibitor.
    const requesterSide = own || (session?.type === 'exhibitor' && purchase.exhibitorId === session.user.id);
    const keys: PurchaseActionKey[] = [];
    if (organiser && canStart('approve', purchase.status)) keys.push('review');
    if (requesterSide && can('create_payment') && canStart('pay', purchase.status)) keys.push('pay');
    if (purchase.invoice) keys.push('invoice');
    if (organiser && can('create_payment') && canStart('pay', purchase.status)) keys.push('record-payment');
    if (can('refund_payment') && canStart('refund', purchase.status)) keys.push('refund');
    // Nothing is left to carry over once the purchase is cancelled or credit notes took back the whole invoice.
    if (organiser && purchase.invoice && purchase.status !== 'cancelled' && isReissuable(purchase.invoice))
      keys.push('reissue');
    if ((organiser || (requesterSide && can('create_allocation_purchase'))) && canStart('cancel', purchase.status))
      keys.push('cancel');
    return keys.map((key) => ACTIONS[key]);
  };
}

type PurchaseActionButtonsProps = {
  purchase: AllocationPurchase;
  actions: readonly ActionSpec[];
  onAction: (key: PurchaseActionKey, purchase: AllocationPurchase) => void;
  /** Icons with tooltips in a table row; labelled buttons in the purchase's details. */
  compact?: boolean;
  pending?: PurchaseActionKey | null;
};

export function PurchaseActionButtons({ purchase, actions, onAction, compact, pending }: PurchaseActionButtonsProps) {
  const subject = `${purchase.badgeCategory.display_name ?? purchase.badgeCategory.name} × ${purchase.quantity}`;
  return (
    <div className={cn('flex flex-wrap gap-1', compact ? 'justify-end' : 'gap-2')}>
      {actions.map(({ key, label, icon: Icon, destructive }) =>
        compact ? (
          <Tooltip key={key} content={label}>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={`${label}: ${subject}`}
              disabled={pending === key}
              className={cn(destructive && 'text-destructive hover:bg-destructive/10 hover:text-destructive')}
              onClick={() => onAction(key, purchase)}
            >
              <Icon aria-hidden />
            </Button>
          </Tooltip>
        ) : (
          <Button
            key={key}
            size="sm"
            variant={destructive ? 'outline' : key === 'review' || key === 'pay' ? 'default' : 'outline'}
            disabled={pending === key}
            className={cn(destructive && 'text-destructive hover:bg-destructive/10 hover:text-destructive')}
            onClick={() => onAction(key, purchase)}
          >
            <Icon aria-hidden />
            {label}
          </Button>
        ),
      )}
    </div>
  );
}
