import { LoaderCircleIcon } from 'lucide-react';
import { cx } from '@/lib/class-names';

const SIZES = { sm: 'size-4', md: 'size-5', lg: 'size-7' };
/** Muted on its own; in a button, the button's text colour. */
const TONES = { muted: 'text-muted-foreground', current: 'text-current' };

/** Size and colour are props, not classes: the spinner is part of the app's entry, which joins classes plainly. */
export function Spinner({
  size = 'md',
  tone = 'muted',
  label = 'Loading',
}: {
  size?: keyof typeof SIZES;
  tone?: keyof typeof TONES;
  label?: string;
}) {
  return (
    <span role="status" className="inline-flex items-center">
      <LoaderCircleIcon aria-hidden className={cx(SIZES[size], 'animate-spin', TONES[tone])} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** The spinner a guarded page shows while authentication loads. */
export function FullPageSpinner() {
  return (
    <div className="flex min-h-[60vh] w-full items-center justify-center">
      <Spinner size="lg" />
    </div>
  );
}
