import {
  BADGE_SHEET_IDS,
  BADGE_SHEETS,
  PRINT_OFFSET_LIMIT_MM,
  PRINT_SCALE_MAX,
  PRINT_SCALE_MIN,
  printSettingsSchema,
  type BadgeSheetId,
  type PrintSettings,
} from '@portal/shared/badge-prints';
import { FileDownIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, NativeSelect } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useDownloadTestPage, usePrintSettings, useSavePrintSettings } from '../api/print-settings';

type Draft = Record<keyof PrintSettings, string>;
const FIELDS: { key: keyof PrintSettings; label: string; hint: string; step: string }[] = [
  { key: 'offsetXMm', label: 'Offset right (mm)', hint: `Negative moves left; up to ±${PRINT_OFFSET_LIMIT_MM} mm`, step: '0.1' },
  { key: 'offsetYMm', label: 'Offset down (mm)', hint: `Negative moves up; up to ±${PRINT_OFFSET_LIMIT_MM} mm`, step: '0.1' },
  { key: 'scale', label: 'Scale', hint: `From ${PRINT_SCALE_MIN} to ${PRINT_SCALE_MAX}, about the sheet’s centre`, step: '0.001' },
];

const draftOf = (settings: PrintSettings): Draft => ({
  offsetXMm: String(settings.offsetXMm),
  offsetYMm: String(settings.offsetYMm),
  scale: String(settings.scale),
});

/** The event's printer calibration: offsets and scale applied to every printed sheet, and a test page to measure. */
export function CalibrationCard({ eventId }: { eventId: number }) {
  const settings = usePrintSettings(eventId);
  if (settings.isPending) return null;
  return (
    <Card className="mb-6">
      <CardHeader>
        <CardTitle>Badge printer calibration</CardTitle>
        <CardDescription>
          Print the test page, measure it with a ruler, then correct where and how large your printer puts the sheet.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isError ? (
          <FormAlert message={errorMessage(settings.error, 'The calibration could not be loaded')} />
        ) : (
          <CalibrationForm eventId={eventId} saved={settings.data} />
        )}
      </CardContent>
    </Card>
  );
}

function CalibrationForm({ eventId, saved }: { eventId: number; saved: PrintSettings }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const [sheet, setSheet] = useState<BadgeSheetId>('a4-4');
  const save = useSavePrintSettings();
  const testPage = useDownloadTestPage();
  const parsed = printSettingsSchema.safeParse(Object.fromEntries(Object.entries(draft).map(([key, value]) => [key, value.trim() === '' ? NaN : Number(value)])));
  const invalid = (key: keyof PrintSettings) => !parsed.success && parsed.error.issues.some((issue) => issue.path[0] === key);

  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!parsed.success) return;
        save.mutate(
          { eventId, settings: parsed.data },
          { onSuccess: () => toast.success('Calibration saved: every sheet printed from now on uses it') },
        );
      }}
    >
      <FormAlert message={save.isError ? errorMessage(save.error, 'The calibration could not be saved') : undefined} />
      <div className="grid gap-4 sm:grid-cols-3">
        {FIELDS.map((field) => (
          <FormField key={field.key} id={`calibration-${field.key}`} label={field.label} hint={field.hint} error={invalid(field.key) ? field.hint : undefined}>
            {(control) => (
              <Input
                {...control}
                type="number"
                inputMode="decimal"
                step={field.step}
                value={draft[field.key]}
                onChange={(event) => setDraft({ ...draft, [field.key]: event.target.value })}
              />
            )}
          </FormField>
        ))}
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Button type="submit" disabled={save.isPending || !parsed.success}>
          {save.isPending && <Spinner size="sm" tone="current" label="Saving" />}
          Save calibration
        </Button>
        <FormField id="calibration-sheet" label="Test page for" className="sm:ml-auto">
          {(control) => (
            <NativeSelect {...control} value={sheet} onChange={(event) => setSheet(event.target.value as BadgeSheetId)}>
              {BADGE_SHEET_IDS.map((id) => (
                <option key={id} value={id}>
                  {BADGE_SHEETS[id].label}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <Button
          type="button"
          variant="outline"
          disabled={testPage.isPending}
          onClick={() =>
            testPage.mutate({ eventId, sheet }, { onError: (error) => toast.error(errorMessage(error, 'The test page could not be made')) })
          }
        >
          {testPage.isPending ? <Spinner size="sm" tone="current" label="Making the test page" /> : <FileDownIcon aria-hidden />}
          Test page
        </Button>
      </div>
    </form>
  );
}
