import { useQueryClient } from '@tanstack/react-query';
import type { LeadAccess } from '@portal/shared/leads';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { CameraScanner } from '@/components/scanning/camera-scanner';
import { ManualCodeForm } from '@/components/scanning/manual-code-form';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useUnsavedChangesGuard } from '@/hooks/use-unsaved-changes-guard';
import { beep } from '@/lib/scanning/beep';
import { keepPageUsableOffline } from '@/lib/scanning/offline-page';
import { useHidScanner } from '@/lib/scanning/use-hid-scanner';
import { useSession } from '@/lib/session';
import { leadKeys } from '../api/lead-keys';
import { useLeadAccess } from '../api/seats';
import { BoothStatus } from '../components/booth-status';
import { CaptureAnswer } from '../components/capture-answer';
import { UnsavedList } from '../components/unsaved-list';
import { Booth, isQualified, startingQualification, type BoothAnswer, type Qualification } from '../lib/booth';
import { useEventTimeZone } from '../lib/use-event-time-zone';

function useBooth(adminId: number) {
  const queryClient = useQueryClient();
  const [booth] = useState(
    () => new Booth({ adminId, onSaved: () => void queryClient.invalidateQueries({ queryKey: leadKeys.all }) }),
  );
  useEffect(() => {
    void booth.start();
    return () => booth.stop();
  }, [booth]);
  return [booth, useSyncExternalStore(booth.subscribe, booth.getState)] as const;
}

type Panel = { answer: BoothAnswer | null; draft: Qualification; error: string | null };

/** /leads/scan: scanning at the booth, on a phone first. */
export function LeadScanPage() {
  const session = useSession();
  const adminId = session?.user.id ?? 0;
  // Unknown (offline, or not answered yet) is no refusal: the server still decides at each scan.
  const access = useLeadAccess();
  const refused = access.data?.canScan === false ? access.data : null;
  const timeZone = useEventTimeZone();
  const [booth, state] = useBooth(adminId);
  const [stored, setPanel] = useState<Panel>({ answer: null, draft: startingQualification(null), error: null });
  // A new answer starts its panel afresh: the draft belongs to the answer it was made for.
  const panel: Panel =
    stored.answer === state.answer
      ? stored
      : { answer: state.answer, draft: startingQualification(state.answer), error: null };
  const [saving, setSaving] = useState(false);
  const dirty = isQualified(state.answer, panel.draft);
  const leaveGuard = useUnsavedChangesGuard(dirty, 'this lead');

  useEffect(() => keepPageUsableOffline(paths.leadsScan.href()), []);

  async function save(): Promise<boolean> {
    setSaving(true);
    try {
      const result = await booth.qualify(panel.draft);
      if (!result.ok) setPanel({ ...panel, error: result.error });
      return result.ok;
    } finally {
      setSaving(false);
    }
  }

  /** A badge from any source. A panel with something entered is saved first: a new scan never loses it. */
  async function scan(code: string) {
    if (dirty && !(await save())) return;
    const answer = await booth.scan(code);
    if (answer) beep(answer.kind === 'refused' ? 'failure' : 'success');
  }

  useHidScanner(
    (code) => void (refused ? undefined : scan(code)),
    () => state.answer?.kind === 'refused' && booth.dismiss(),
  );

  return (
    <div className="mx-auto grid w-full max-w-md gap-4">
      <PageHeader title="Scan leads" back={{ to: paths.leads.href(), label: 'Leads' }} />
      <div className="-mt-4 flex flex-wrap items-center gap-2">
        <BoothStatus online={state.online} queued={state.queued} />
        {state.scanning && <Spinner size="sm" label="Looking up the badge" />}
      </div>

      {state.notice && (
        <div role="status" className="flex items-start justify-between gap-3 rounded-md border bg-card p-3 text-sm">
          <p className="font-medium">{state.notice}</p>
          <Button size="sm" variant="outline" onClick={() => booth.dismissNotice()}>
            OK
          </Button>
        </div>
      )}

      {state.answer && (
        <CaptureAnswer
          answer={state.answer}
          queued={state.queued}
          draft={panel.draft}
          onDraft={(draft) => setPanel({ ...panel, draft, error: null })}
          dirty={dirty}
          saving={saving}
          error={panel.error}
          onSave={() => void save()}
          onDone={() => booth.dismiss()}
        />
      )}

      {/*
        The camera keeps running under an answer, so that the badge still held up is not read again
        the moment the answer goes, and the next one is read at once; it hands on no code meanwhile.
      */}
      {refused ? (
        <NoScanning access={refused} isExhibitorAccount={session?.type === 'exhibitor'} />
      ) : (
        <div className={state.answer ? 'grid gap-4 opacity-40' : 'grid gap-4'} inert={state.answer !== null}>
          <CameraScanner onCode={(code) => void scan(code)} paused={state.answer !== null || state.scanning} />
          <ManualCodeForm onCode={(code) => void scan(code.toUpperCase())} submitLabel="Look up" />
          <p className="text-sm text-muted-foreground">
            A handheld scanner works here too: scan a badge at any time. Without network, scans are kept on this phone
            and sent when it is back.
          </p>
        </div>
      )}

      <UnsavedList
        unsaved={state.unsaved}
        timeZone={timeZone}
        onDismiss={(nonce) => void booth.dismissUnsaved(nonce)}
      />
      {leaveGuard}
    </div>
  );
}

/** In place of the camera when the caller may not scan: why, and for the exhibitor where to fix it. */
function NoScanning({ access, isExhibitorAccount }: { access: LeadAccess; isExhibitorAccount: boolean }) {
  return (
    <div role="status" className="grid gap-2 rounded-md border bg-card p-4 text-sm">
      <p className="font-medium">You cannot scan leads at the moment</p>
      <p>{access.reason}</p>
      {isExhibitorAccount && access.mode === 'seats' && (
        <p className="flex flex-wrap gap-x-4 gap-y-1">
          <Link to={paths.allocationPurchases.href()} className="font-medium text-primary hover:underline">
            Allocation Purchases
          </Link>
          <Link to={paths.leads.href()} className="font-medium text-primary hover:underline">
            Give seats on the Leads page
          </Link>
        </p>
      )}
    </div>
  );
}
