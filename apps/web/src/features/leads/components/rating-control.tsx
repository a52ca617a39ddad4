import { LEAD_RATING_LABELS, LEAD_RATINGS, type LeadRating } from '@portal/shared/leads';
import { FlameIcon, SnowflakeIcon, SunIcon, type LucideIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const ICONS: Record<LeadRating, LucideIcon> = { cold: SnowflakeIcon, warm: SunIcon, hot: FlameIcon };

type RatingControlProps = {
  name: string;
  value: LeadRating | null;
  onChange: (rating: LeadRating) => void;
  disabled?: boolean;
  /** Large touch targets, for the phone at the booth. */
  large?: boolean;
};

/**
 * Cold, warm or hot as one segmented control: native radio buttons, so arrow keys move between
 * them and screen readers announce the group; the icon and word tell them apart, not colour alone.
 */
export function RatingControl({ name, value, onChange, disabled, large }: RatingControlProps) {
  return (
    <fieldset className="grid gap-1.5" disabled={disabled}>
      <legend className="mb-1.5 text-sm font-medium">Rating</legend>
      <div className="grid grid-cols-3 rounded-lg border border-input p-1">
        {LEAD_RATINGS.map((rating) => {
          const Icon = ICONS[rating];
          return (
            <label
              key={rating}
              className={cn(
                'flex cursor-pointer items-center justify-center gap-1.5 rounded-md font-medium transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60',
                large ? 'min-h-12 text-base' : 'min-h-9 text-sm',
                value === rating ? 'bg-primary text-primary-foreground' : 'text-foreground hover:bg-muted',
              )}
            >
              <input
                type="radio"
                name={name}
                value={rating}
                checked={value === rating}
                onChange={() => onChange(rating)}
                className="sr-only"
              />
              <Icon aria-hidden className="size-4" />
              {LEAD_RATING_LABELS[rating]}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** A lead's rating in a list: its word and icon, or a dash when not rated. */
export function RatingLabel({ rating }: { rating: LeadRating | null }) {
  if (!rating) return <span className="text-muted-foreground">—</span>;
  const Icon = ICONS[rating];
  return (
    <Badge variant={rating === 'hot' ? 'destructive' : rating === 'warm' ? 'default' : 'secondary'}>
      <Icon aria-hidden />
      {LEAD_RATING_LABELS[rating]}
    </Badge>
  );
}
