import { badgePageMm, type BadgeElement, type BadgeLayout } from '@portal/shared/badge-layouts';
import type { CustomField } from '@portal/shared/custom-fields';
import { TriangleAlertIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { FormAlert } from '@/components/form/form-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useUnsavedChangesGuard } from '@/hooks/use-unsaved-changes-guard';
import { errorMessage } from '@/lib/api-client';
import { useBadgeLayoutPreview } from '../api/preview-badge-layout';
import { useUpdateBadgeLayout } from '../api/update-badge-layout';
import { elementLabel } from '../lib/element-label';
import { serverLayoutErrors, validateLayout, type LayoutErrors } from '../lib/layout-errors';
import { draftOf, withElement, withElementMoved, withoutElement, withPage, type LayoutDraft } from '../lib/layout-draft';
import { newElement, type AddableElement } from '../lib/new-element';
import { ElementList } from './element-list';
import { ElementProperties } from './element-properties';
import { LayoutCanvas } from './layout-canvas';
import { LayoutImages } from './layout-images';
import { PageSettings } from './page-settings';
import { PreviewSourcePicker, previewTarget, type PreviewSource } from './preview-source';

/** The preview is asked for once editing pauses this long, not on every step of a drag. */
export const PREVIEW_DELAY_MS = 400;

type LayoutEditorProps = { eventId: number; layout: BadgeLayout; fields: readonly CustomField[] };

/**
 * The editor of one layout. The design is edited here, unsaved, and drawn by the server's preview
 * (the print's own code) once editing pauses; Save sends it whole. Images are saved apart, at once.
 */
export function LayoutEditor({ eventId, layout, fields }: LayoutEditorProps) {
  const [draft, setDraft] = useState<LayoutDraft>(() => draftOf(layout));
  const [saved, setSaved] = useState(() => JSON.stringify(draftOf(layout)));
  const [selectedId, setSelectedId] = useState<string | null>(layout.elements[0]?.id ?? null);
  const [serverErrors, setServerErrors] = useState<LayoutErrors>({});
  const [source, setSource] = useState<PreviewSource>({ kind: 'sample' });
  const update = useUpdateBadgeLayout();

  const dirty = JSON.stringify(draft) !== saved;
  const guard = useUnsavedChangesGuard(dirty, 'this layout');
  const page = badgePageMm(draft.pageSize, draft.orientation);
  const clientErrors = useMemo(() => validateLayout(draft), [draft]);
  const errors = { ...clientErrors, ...serverErrors };
  const invalidIds = new Set(draft.elements.filter((element) => Object.keys(errors).some((key) => key.startsWith(`elements.${element.id}.`))).map((element) => element.id));
  const labelOf = (element: BadgeElement) => elementLabel(element, fields);
  const selected = draft.elements.find((element) => element.id === selectedId) ?? null;

  const valid = Object.keys(clientErrors).length === 0;
  // One object per change, so that the debounce waits for changes rather than for renders.
  const request = useMemo(
    () => (valid ? { layout: draft, layoutId: layout.id, ...previewTarget(source) } : null),
    [valid, draft, layout.id, source],
  );
  const body = useDebouncedValue(request, PREVIEW_DELAY_MS);
  const preview = useBadgeLayoutPreview(eventId, body);

  function change(next: LayoutDraft) {
    setDraft(next);
    setServerErrors({});
  }

  function add(choice: AddableElement) {
    const element = newElement(choice, draft.elements, page, fields[0]?.id);
    change({ ...draft, elements: [...draft.elements, element] });
    setSelectedId(element.id);
  }

  function remove(id: string) {
    const index = draft.elements.findIndex((element) => element.id === id);
    const next = withoutElement(draft, id);
    change(next);
    if (selectedId === id) setSelectedId(next.elements[Math.min(index, next.elements.length - 1)]?.id ?? null);
  }

  function save() {
    if (!valid) {
      const first = draft.elements.find((element) => invalidIds.has(element.id));
      if (first) setSelectedId(first.id);
      toast.error('Some fields need a fix before the layout can be saved');
      return;
    }
    update.mutate(
      { id: layout.id, body: draft },
      {
        onSuccess: (result) => {
          setSaved(JSON.stringify(draftOf(result)));
          setDraft(draftOf(result));
          toast.success('Layout saved');
        },
        onError: (error) => {
          const refused = serverLayoutErrors(error, draft.elements);
          setServerErrors(refused);
          const first = draft.elements.find((element) => Object.keys(refused).some((key) => key.startsWith(`elements.${element.id}.`)));
          if (first) setSelectedId(first.id);
        },
      },
    );
  }

  const warnings = preview.data?.warnings ?? [];
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-end gap-3">
        <p className="mr-auto text-sm text-muted-foreground" role="status">
          {dirty ? 'Unsaved changes' : 'All changes saved'}
        </p>
        <Button onClick={save} disabled={update.isPending || !dirty}>
          {update.isPending && <Spinner size="sm" tone="current" label="Saving" />}
          Save layout
        </Button>
      </div>
      <div className="mb-4">
        <FormAlert message={errors.form ?? errors.elements} />
      </div>

      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card className="min-w-0 self-start">
          <CardHeader>
            <CardTitle>Preview</CardTitle>
            <CardDescription>
              Drawn by the print itself. Drag a box to move it, its corner to resize it; selected, arrow keys move it by 0.5 mm
              (Shift: 5 mm) and Alt with arrows resizes it.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <LayoutCanvas
              page={page}
              elements={draft.elements}
              labelOf={labelOf}
              selectedId={selectedId}
              onSelect={setSelectedId}
              onChange={(id, box) => {
                const element = draft.elements.find((candidate) => candidate.id === id);
                if (element) change(withElement(draft, { ...element, ...box }));
              }}
              svg={preview.data?.svg}
              loading={preview.isFetching}
              invalidIds={invalidIds}
            />
            {!valid && <p className="text-sm text-muted-foreground">The preview waits until the highlighted fields are fixed.</p>}
            {preview.isError && <FormAlert message={errorMessage(preview.error, 'The preview could not be drawn. Please try again.')} />}
            {warnings.length > 0 && (
              <div role="status" className="rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm">
                <p className="flex items-center gap-2 font-medium">
                  <TriangleAlertIcon aria-hidden className="size-4 text-amber-600 dark:text-amber-400" />
                  Check before printing
                </p>
                <ul className="mt-1 list-disc pl-6">
                  {warnings.map((warning) => (
                    <li key={warning}>{warning}</li>
                  ))}
                </ul>
              </div>
            )}
            <PreviewSourcePicker eventId={eventId} source={source} onChange={setSource} />
          </CardContent>
        </Card>

        <div className="grid min-w-0 content-start gap-4">
          <Card>
            <CardHeader>
              <CardTitle>Elements</CardTitle>
            </CardHeader>
            <CardContent>
              <ElementList
                elements={draft.elements}
                labelOf={labelOf}
                selectedId={selectedId}
                invalidIds={invalidIds}
                hasFields={fields.length > 0}
                onSelect={setSelectedId}
                onAdd={add}
                onRemove={remove}
                onMove={(id, by) => change(withElementMoved(draft, id, by))}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{selected ? labelOf(selected) : 'Properties'}</CardTitle>
              {!selected && <CardDescription>Choose an element to change it.</CardDescription>}
            </CardHeader>
            {selected && (
              <CardContent>
                <ElementProperties
                  key={selected.id}
                  element={selected}
                  errors={errors}
                  fields={fields}
                  onChange={(element) => change(withElement(draft, element))}
                />
              </CardContent>
            )}
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Badge</CardTitle>
            </CardHeader>
            <CardContent>
              <PageSettings
                draft={draft}
                errors={errors}
                onRename={(name) => change({ ...draft, name })}
                onPage={(pageSize, orientation) => change(withPage(draft, pageSize, orientation))}
                onBackground={(backgroundColor) => change({ ...draft, backgroundColor })}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Images</CardTitle>
              <CardDescription>Saved at once, apart from the design.</CardDescription>
            </CardHeader>
            <CardContent>
              <LayoutImages eventId={eventId} layoutId={layout.id} hasLogo={layout.hasLogo} hasBackgroundImage={layout.hasBackgroundImage} />
            </CardContent>
          </Card>
        </div>
      </div>
      {guard}
    </>
  );
}
