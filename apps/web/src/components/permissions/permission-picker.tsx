import { areaOf, isPermission, PERMISSION_AREAS, type PermissionArea } from '@portal/shared/permissions';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';

/** `view_exhibitor_users` reads "View exhibitor users". */
function permissionLabel(name: string): string {
  const words = name.replace(/_/g, ' ').replace(/\bvip\b/g, 'VIP');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

type PermissionPickerProps = {
  /** The permissions to choose from (the catalogue for a role, the user's own for a token); none while they load. */
  offered: readonly string[] | undefined;
  value: string[];
  onChange: (value: string[]) => void;
  invalid?: boolean;
  describedBy?: string;
};

/** Permissions grouped by the catalogue's areas (spec §6), each area with a select-all box. */
export function PermissionPicker({ offered, value, onChange, invalid, describedBy }: PermissionPickerProps) {
  const idPrefix = useId();
  if (!offered) {
    return (
      <div className="grid gap-3" aria-label="Loading permissions">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-16" />
        ))}
      </div>
    );
  }
  const names = offered.filter(isPermission);
  const selected = new Set(value);
  const areas = (Object.keys(PERMISSION_AREAS) as PermissionArea[])
    .map((area) => ({ area, names: names.filter((name) => areaOf(name) === area) }))
    .filter((group) => group.names.length > 0);

  const set = (changed: readonly string[], on: boolean) => {
    const next = new Set(selected);
    changed.forEach((name) => (on ? next.add(name) : next.delete(name)));
    onChange(names.filter((name) => next.has(name)));
  };

  return (
    <div className="grid gap-3" aria-invalid={invalid} aria-describedby={describedBy}>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="text-muted-foreground" aria-live="polite">
          {names.filter((name) => selected.has(name)).length} of {names.length} permissions selected
        </span>
        <div className="flex gap-1">
          <Button variant="ghost" size="sm" onClick={() => set(names, true)}>
            Select all
          </Button>
          <Button variant="ghost" size="sm" onClick={() => onChange([])}>
            Clear
          </Button>
        </div>
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        {areas.map(({ area, names: areaNames }) => {
          const count = areaNames.filter((name) => selected.has(name)).length;
          const areaId = `${idPrefix}-${area.replace(/\W+/g, '-').toLowerCase()}`;
          return (
            <fieldset key={area} className="rounded-lg border bg-muted/20 p-3">
              <legend className="sr-only">{area}</legend>
              <div className="mb-2 flex items-center gap-2">
                <Checkbox
                  id={areaId}
                  checked={count === areaNames.length ? true : count > 0 ? 'indeterminate' : false}
                  onCheckedChange={(checked) => set(areaNames, checked === true)}
                  aria-label={`All ${area} permissions`}
                />
                <Label htmlFor={areaId} className="flex-1 font-semibold">
                  {area}
                </Label>
                <span className="text-xs text-muted-foreground tabular-nums">
                  {count}/{areaNames.length}
                </span>
              </div>
              <div className="grid gap-2 pl-6">
                {areaNames.map((name) => {
                  const id = `${idPrefix}-${name}`;
                  return (
                    <div key={name} className="flex items-center gap-2">
                      <Checkbox
                        id={id}
                        checked={selected.has(name)}
                        onCheckedChange={(checked) => set([name], checked === true)}
                      />
                      <Label htmlFor={id} className="font-normal">
                        {permissionLabel(name)}
                      </Label>
                    </div>
                  );
                })}
              </div>
            </fieldset>
          );
        })}
      </div>
    </div>
  );
}
