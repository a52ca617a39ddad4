import { PERMISSION_AREAS, type PermissionArea } from '@portal/shared/permissions';
import type { PermissionRecord } from '@portal/shared/roles';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';

/** `view_exhibitor_users` reads "View exhibitor users". */
export function permissionLabel(name: string): string {
  const words = name.replace(/_/g, ' ').replace(/\bvip\b/g, 'VIP');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

type PermissionPickerProps = {
  available: PermissionRecord[] | undefined;
  value: string[];
  onChange: (value: string[]) => void;
  invalid?: boolean;
  describedBy?: string;
};

/** Permissions grouped by the areas of spec §6, each area with a select-all box. */
export function PermissionPicker({ available, value, onChange, invalid, describedBy }: PermissionPickerProps) {
  if (!available) {
    return (
      <div className="grid gap-3" aria-label="Loading permissions">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-16" />
        ))}
      </div>
    );
  }
  const selected = new Set(value);
  const areas = (Object.keys(PERMISSION_AREAS) as PermissionArea[])
    .map((area) => ({ area, permissions: available.filter((permission) => permission.area === area) }))
    .filter((group) => group.permissions.length > 0);

  const set = (names: string[], on: boolean) => {
    const next = new Set(selected);
    names.forEach((name) => (on ? next.add(name) : next.delete(name)));
    onChange(available.map((permission) => permission.name).filter((name) => next.has(name)));
  };

  return (
    <div className="grid gap-3" aria-invalid={invalid} aria-describedby={describedBy}>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="text-muted-foreground" aria-live="polite">
          {selected.size} of {available.length} permissions selected
        </span>
        <div className="flex gap-1">
          <Button
            variant="ghost"
            size="sm"
            onClick={() =>
              set(
                available.map((p) => p.name),
                true,
              )
            }
          >
            Select all
          </Button>
          <Button variant="ghost" size="sm" onClick={() => onChange([])}>
            Clear
          </Button>
        </div>
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        {areas.map(({ area, permissions }) => {
          const names = permissions.map((permission) => permission.name);
          const count = names.filter((name) => selected.has(name)).length;
          const areaId = `area-${area.replace(/\W+/g, '-').toLowerCase()}`;
          return (
            <fieldset key={area} className="rounded-lg border bg-muted/20 p-3">
              <legend className="sr-only">{area}</legend>
              <div className="mb-2 flex items-center gap-2">
                <Checkbox
                  id={areaId}
                  checked={count === names.length ? true : count > 0 ? 'indeterminate' : false}
                  onCheckedChange={(checked) => set(names, checked === true)}
                  aria-label={`All ${area} permissions`}
                />
                <Label htmlFor={areaId} className="flex-1 font-semibold">
                  {area}
                </Label>
                <span className="text-xs text-muted-foreground tabular-nums">
                  {count}/{names.length}
                </span>
              </div>
              <div className="grid gap-2 pl-6">
                {permissions.map((permission) => {
                  const id = `permission-${permission.name}`;
                  return (
                    <div key={permission.name} className="flex items-center gap-2">
                      <Checkbox
                        id={id}
                        checked={selected.has(permission.name)}
                        onCheckedChange={(checked) => set([permission.name], checked === true)}
                      />
                      <Label htmlFor={id} className="font-normal">
                        {permissionLabel(permission.name)}
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
