import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';

type KeysetPagerProps = {
  hasNewer: boolean;
  nextBefore: number | null;
  onNewer: () => void;
  onOlder: (before: number) => void;
};

/** Newer and older pages of a list read by its last id: the log is long and has no useful page count. */
export function KeysetPager({ hasNewer, nextBefore, onNewer, onOlder }: KeysetPagerProps) {
  if (!hasNewer && nextBefore === null) return null;
  return (
    <nav aria-label="Pages" className="flex justify-between gap-2 border-t p-3">
      <Button variant="outline" size="sm" disabled={!hasNewer} onClick={onNewer}>
        <ChevronLeftIcon aria-hidden />
        Newer
      </Button>
      <Button
        variant="outline"
        size="sm"
        disabled={nextBefore === null}
        onClick={() => nextBefore !== null && onOlder(nextBefore)}
      >
        Older
        <ChevronRightIcon aria-hidden />
      </Button>
    </nav>
  );
}
