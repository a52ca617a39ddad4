import { CHECK_IN_RESULT_LABELS, type CheckInResult } from '@portal/shared/check-in';
import { Badge } from '@/components/ui/badge';

/** Green for in, amber for a second scan, red for a refusal: the colours the door shows too. */
export function ResultLabel({ result }: { result: CheckInResult }) {
  if (result === 'admitted') return <Badge variant="success">{CHECK_IN_RESULT_LABELS.admitted}</Badge>;
  if (result === 'already_checked_in') {
    return (
      <Badge variant="outline" className="border-transparent bg-warning/20 text-foreground dark:bg-warning/25">
        {CHECK_IN_RESULT_LABELS.already_checked_in}
      </Badge>
    );
  }
  return <Badge variant="destructive">{CHECK_IN_RESULT_LABELS[result]}</Badge>;
}
