import { CHECK_IN_RESULT_LABELS, type CheckInDirection, type RedeemResult } from '@portal/shared/check-in';

export type ResultText = {
  tone: 'admitted' | 'warning' | 'refused';
  title: string;
  name: string | null;
  lines: string[];
};

function timeOfDay(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hour12: false }).format(
    new Date(iso),
  );
}

/** What the door says about one scan, in the words a steward reads out at a glance. */
export function resultText(
  result: RedeemResult,
  direction: CheckInDirection,
  code: string,
  timeZone: string,
): ResultText {
  const badge = result.badge;
  const name = badge ? `${badge.firstName} ${badge.lastName}`.trim() : null;
  switch (result.result) {
    case 'admitted':
      return {
        tone: 'admitted',
        title: direction === 'exit' ? 'Exit recorded' : 'Admitted',
        name,
        lines: [badge?.company, badge?.categoryName].filter((line): line is string => Boolean(line)),
      };
    case 'already_checked_in': {
      const when = result.checkedInAt ? ` at ${timeOfDay(result.checkedInAt, timeZone)}` : '';
      const by = result.checkedInBy ? ` by ${result.checkedInBy}` : '';
      return { tone: 'warning', title: 'Already checked in', name, lines: [`Checked in${when}${by}`] };
    }
    case 'cancelled':
      return {
        tone: 'refused',
        title: CHECK_IN_RESULT_LABELS.cancelled,
        name,
        lines: ['This badge is no longer valid'],
      };
    case 'not_admitted':
      return {
        tone: 'refused',
        title: 'Not admitted',
        name,
        lines: [result.reason ?? 'This badge is not admitted here'],
      };
    case 'unknown':
      return {
        tone: 'refused',
        title: CHECK_IN_RESULT_LABELS.unknown,
        name: null,
        lines: [`No badge has the code ${code}`],
      };
    case 'other_event':
      return {
        tone: 'refused',
        title: CHECK_IN_RESULT_LABELS.other_event,
        name: null,
        lines: ['This badge is for a different event'],
      };
  }
}
