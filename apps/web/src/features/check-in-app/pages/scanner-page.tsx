import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { CameraScanner } from '@/components/scanning/camera-scanner';
import { ManualCodeForm } from '@/components/scanning/manual-code-form';
import { Button } from '@/components/ui/button';
import { FullPageSpinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useHidScanner } from '@/lib/scanning/use-hid-scanner';
import { cn } from '@/lib/utils';
import { ResultScreen } from '../components/result-screen';
import { StatusPill } from '../components/status-pill';
import { Conflicts } from '../components/supervisor/conflicts';
import { RecentScans } from '../components/supervisor/recent-scans';
import { RosterSearch } from '../components/supervisor/roster-search';
import { WalkInForm } from '../components/supervisor/walk-in-form';
import { UnpairedScreen } from '../components/unpaired-screen';
import { installDoorApp } from '../lib/pwa';
import { Station, type StationState } from '../lib/station';
import { useWakeLock } from '../lib/use-wake-lock';

function useStation(): [Station, StationState] {
  const [station] = useState(() => new Station());
  useEffect(() => {
    void station.start();
    return () => station.stop();
  }, [station]);
  const state = useSyncExternalStore(station.subscribe, station.getState);
  return [station, state];
}

/** `/check-in`: the door's scanner. */
export function ScannerPage() {
  const [station, state] = useStation();
  const [refreshKey, setRefreshKey] = useState(0);
  useWakeLock();

  useEffect(() => {
    document.title = 'Check-in';
    installDoorApp();
  }, []);

  const scan = useCallback(
    (code: string, method: 'camera' | 'scanner' | 'typed') => {
      void station.scan(code, method).then(
        (outcome) => outcome && setRefreshKey((k) => k + 1),
        () => undefined,
      );
    },
    [station],
  );
  const dismiss = useCallback(() => station.dismiss(), [station]);
  useHidScanner(
    (code) => scan(code, 'scanner'),
    () => state.outcome && dismiss(),
  );

  if (state.phase === 'loading') return <FullPageSpinner />;
  if (state.phase === 'unpaired') return <UnpairedScreen revoked={state.revoked} />;
  const device = state.device!;
  const list = device.lists.find((l) => l.id === state.listId);
  const supervisor = device.role === 'supervisor';

  return (
    <main
      className={cn('mx-auto flex min-h-dvh w-full flex-col gap-4 p-4', supervisor ? 'max-w-5xl' : 'max-w-md')}
      data-local-decision-ms={state.lastDecisionMs ?? undefined}
      data-roster-size={state.rosterSize}
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <h1 className="truncate text-xl font-bold">{list ? list.name : 'Check-in'}</h1>
          <p className="truncate text-sm text-muted-foreground">
            {device.event.name} · {device.name}
            {supervisor ? ' · Supervisor' : ''}
          </p>
        </div>
        <StatusPill online={state.online} queued={state.queued} rosterFetchedAt={state.rosterFetchedAt} />
      </header>

      {state.notice && (
        <div
          role="alert"
          className="flex items-start justify-between gap-3 rounded-md border border-destructive bg-card p-3 text-sm"
        >
          <p className="font-medium text-destructive">{state.notice}</p>
          <Button size="sm" variant="outline" onClick={() => station.dismissNotice()}>
            Dismiss
          </Button>
        </div>
      )}

      {device.lists.length === 0 ? (
        <p>This device has no list to check in on. Ask the organiser to give it one.</p>
      ) : (
        <div className={cn('grid gap-4', supervisor && 'lg:grid-cols-[minmax(0,28rem)_minmax(0,1fr)] lg:items-start')}>
          <div className="flex flex-col gap-4">
            {(device.lists.length > 1 || list?.scansExits) && (
              <div className="flex flex-wrap items-end gap-3">
                {device.lists.length > 1 && (
                  <div className="grid flex-1 gap-1">
                    <label htmlFor="check-in-list" className="text-sm font-medium">
                      List
                    </label>
                    <select
                      id="check-in-list"
                      className="h-11 rounded-md border border-input bg-card px-3 text-base"
                      value={state.listId ?? ''}
                      onChange={(e) => station.selectList(Number(e.target.value))}
                    >
                      {device.lists.map((l) => (
                        <option key={l.id} value={l.id}>
                          {l.name}
                        </option>
                      ))}
                    </select>
                  </div>
                )}
                {list?.scansExits && (
                  <fieldset className="flex rounded-md border border-input p-1">
                    <legend className="sr-only">Direction</legend>
                    {(['entry', 'exit'] as const).map((direction) => (
                      <label
                        key={direction}
                        className={cn(
                          'cursor-pointer rounded px-4 py-2 text-base font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                          state.direction === direction ? 'bg-primary text-primary-foreground' : 'text-foreground',
                        )}
                      >
                        <input
                          type="radio"
                          name="direction"
                          value={direction}
                          checked={state.direction === direction}
                          onChange={() => station.setDirection(direction)}
                          className="sr-only"
                        />
                        {direction === 'entry' ? 'Entry' : 'Exit'}
                      </label>
                    ))}
                  </fieldset>
                )}
              </div>
            )}
            <CameraScanner onCode={(code) => scan(code, 'camera')} paused={state.outcome !== null} />
            <ManualCodeForm onCode={(code) => scan(code, 'typed')} />
            <p className="text-sm text-muted-foreground">
              A handheld scanner works here too: scan a badge at any time.
            </p>
          </div>

          {supervisor && list && (
            <section aria-label="Supervisor tools" className="rounded-xl border bg-card p-4">
              <Tabs defaultValue="search">
                <TabsList className="flex w-full flex-wrap">
                  <TabsTrigger value="search">Find</TabsTrigger>
                  <TabsTrigger value="recent">Recent</TabsTrigger>
                  <TabsTrigger value="conflicts">Conflicts</TabsTrigger>
                  <TabsTrigger value="walk-in">Walk-in</TabsTrigger>
                </TabsList>
                <TabsContent value="search" className="pt-4">
                  <RosterSearch station={station} rosterSize={state.rosterSize + refreshKey} />
                </TabsContent>
                <TabsContent value="recent" className="pt-4">
                  <RecentScans
                    station={station}
                    listId={list.id}
                    timeZone={device.event.timezone}
                    refreshKey={refreshKey}
                  />
                </TabsContent>
                <TabsContent value="conflicts" className="pt-4">
                  <Conflicts
                    station={station}
                    timeZone={device.event.timezone}
                    refreshKey={`${refreshKey}-${state.queued}`}
                  />
                </TabsContent>
                <TabsContent value="walk-in" className="pt-4">
                  <WalkInForm
                    station={station}
                    listId={list.id}
                    onAdmitted={(answer) => {
                      station.showResult(answer.checkIn, answer.badge.code);
                      setRefreshKey((k) => k + 1);
                    }}
                  />
                </TabsContent>
              </Tabs>
            </section>
          )}
        </div>
      )}

      {state.outcome && <ResultScreen outcome={state.outcome} timeZone={device.event.timezone} onDone={dismiss} />}
    </main>
  );
}
