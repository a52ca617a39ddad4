import {
  BADGE_ORIENTATION_LABELS,
  BADGE_ORIENTATIONS,
  BADGE_PAGE_SIZE_IDS,
  BADGE_PAGE_SIZES,
  type BadgeOrientation,
  type BadgePageSize,
} from '@portal/shared/badge-layouts';
import { FormField } from '@/components/form/form-field';
import { Checkbox } from '@/components/ui/checkbox';
import { Input, NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { LayoutErrors } from '../lib/layout-errors';
import type { LayoutDraft } from '../lib/layout-draft';
import { ColorInput } from './color-input';

const DEFAULT_BACKGROUND = '#f1f5f9';

type PageSettingsProps = {
  draft: LayoutDraft;
  errors: LayoutErrors;
  onRename: (name: string) => void;
  onPage: (pageSize: BadgePageSize, orientation: BadgeOrientation) => void;
  onBackground: (color: string | null) => void;
};

/** The layout's name, the badge's size and orientation, and its background colour. */
export function PageSettings({ draft, errors, onRename, onPage, onBackground }: PageSettingsProps) {
  return (
    <div className="grid gap-4">
      <FormField id="layout-name" label="Name" required error={errors.name}>
        {(control) => <Input {...control} value={draft.name} maxLength={100} onChange={(event) => onRename(event.target.value)} />}
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
        <FormField id="layout-page-size" label="Badge size" error={errors.pageSize} hint="Elements keep their proportions">
          {(control) => (
            <NativeSelect
              {...control}
              value={draft.pageSize}
              onChange={(event) => onPage(event.target.value as BadgePageSize, draft.orientation)}
            >
              {BADGE_PAGE_SIZE_IDS.map((size) => (
                <option key={size} value={size}>
                  {BADGE_PAGE_SIZES[size].label}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField id="layout-orientation" label="Orientation" error={errors.orientation}>
          {(control) => (
            <NativeSelect
              {...control}
              value={draft.orientation}
              onChange={(event) => onPage(draft.pageSize, event.target.value as BadgeOrientation)}
            >
              {BADGE_ORIENTATIONS.map((orientation) => (
                <option key={orientation} value={orientation}>
                  {BADGE_ORIENTATION_LABELS[orientation]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </div>
      <div className="grid gap-2">
        <div className="flex items-center gap-2">
          <Checkbox
            id="layout-background-on"
            checked={draft.backgroundColor !== null}
            onCheckedChange={(checked) => onBackground(checked === true ? DEFAULT_BACKGROUND : null)}
          />
          <Label htmlFor="layout-background-on">Background colour</Label>
        </div>
        {draft.backgroundColor !== null && (
          <FormField id="layout-background" label="Colour" error={errors.backgroundColor}>
            {(control) => (
              <ColorInput {...control} value={draft.backgroundColor ?? DEFAULT_BACKGROUND} onChange={(event) => onBackground(event.target.value)} />
            )}
          </FormField>
        )}
      </div>
    </div>
  );
}
