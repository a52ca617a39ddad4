import { CheckIcon, Columns3Icon } from 'lucide-react';
import { DropdownMenu as DropdownMenuPrimitive } from 'radix-ui';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { BadgeColumn } from './badge-columns';

type ColumnChooserProps = { columns: BadgeColumn[]; chosen: string[]; onToggle: (id: string) => void };

/** Which columns the badge table shows; the menu stays open while several are ticked. */
export function ColumnChooser({ columns, chosen, onToggle }: ColumnChooserProps) {
  const base = columns.filter((column) => !column.field);
  const fields = columns.filter((column) => column.field);
  const item = (column: BadgeColumn) => (
    <DropdownMenuPrimitive.CheckboxItem
      key={column.id}
      checked={chosen.includes(column.id)}
      onCheckedChange={() => onToggle(column.id)}
      onSelect={(event) => event.preventDefault()}
      className="relative flex cursor-default items-center gap-2 rounded-md py-1.5 pr-2 pl-7 text-sm outline-none select-none focus:bg-accent focus:text-accent-foreground"
    >
      <span className="absolute left-2 flex size-3.5 items-center justify-center">
        <DropdownMenuPrimitive.ItemIndicator>
          <CheckIcon className="size-3.5" />
        </DropdownMenuPrimitive.ItemIndicator>
      </span>
      {column.label}
    </DropdownMenuPrimitive.CheckboxItem>
  );
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">
          <Columns3Icon aria-hidden />
          Columns
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-h-96 overflow-y-auto">
        <DropdownMenuLabel>Columns</DropdownMenuLabel>
        {base.map(item)}
        {fields.length > 0 && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuLabel className="text-xs text-muted-foreground">Custom fields</DropdownMenuLabel>
            {fields.map(item)}
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
