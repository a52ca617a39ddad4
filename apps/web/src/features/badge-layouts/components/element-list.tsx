import { BADGE_LAYOUT_MAX_ELEMENTS, type BadgeElement } from '@portal/shared/badge-layouts';
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';
import { ADDABLE_ELEMENTS, type AddableElement } from '../lib/new-element';

type ElementListProps = {
  elements: BadgeElement[];
  labelOf: (element: BadgeElement) => string;
  selectedId: string | null;
  invalidIds: ReadonlySet<string>;
  /** Whether the event has a badge question whose answer a field element could print. */
  hasFields: boolean;
  onSelect: (id: string) => void;
  onAdd: (choice: AddableElement) => void;
  onRemove: (id: string) => void;
  onMove: (id: string, by: -1 | 1) => void;
};

/** The layout's elements in drawing order (each over those above it): choose, add, remove, reorder. */
export function ElementList({ elements, labelOf, selectedId, invalidIds, hasFields, onSelect, onAdd, onRemove, onMove }: ElementListProps) {
  const [choice, setChoice] = useState<AddableElement | ''>('');
  const full = elements.length >= BADGE_LAYOUT_MAX_ELEMENTS;

  return (
    <div className="grid gap-3">
      <form
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (!choice) return;
          onAdd(choice);
          setChoice('');
        }}
      >
        <FormField
          id="add-element"
          label="Add an element"
          className="min-w-0 grow"
          error={full ? `A layout holds at most ${BADGE_LAYOUT_MAX_ELEMENTS} elements` : undefined}
        >
          {(control) => (
            <NativeSelect {...control} value={choice} disabled={full} onChange={(event) => setChoice(event.target.value as AddableElement)}>
              <option value="">Choose…</option>
              {ADDABLE_ELEMENTS.map((option) => (
                <option key={option.choice} value={option.choice} disabled={option.choice === 'field' && !hasFields}>
                  {option.choice === 'field' && !hasFields ? `${option.label} (the event has no questions)` : option.label}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <Button type="submit" variant="outline" disabled={!choice || full}>
          <PlusIcon aria-hidden />
          Add
        </Button>
      </form>

      {elements.length === 0 ? (
        <p className="rounded-md border border-dashed p-4 text-center text-sm text-muted-foreground">
          No elements yet: the badge prints its background only. Add the name first.
        </p>
      ) : (
        <ol aria-label="Elements" className="grid gap-1">
          {elements.map((element, index) => {
            const label = labelOf(element);
            const selected = element.id === selectedId;
            return (
              <li
                key={element.id}
                className={cn(
                  'flex items-center gap-1 rounded-md border px-1 py-1',
                  selected ? 'border-primary bg-primary/5' : 'border-transparent',
                  invalidIds.has(element.id) && 'border-destructive',
                )}
              >
                <button
                  type="button"
                  aria-pressed={selected}
                  onClick={() => onSelect(element.id)}
                  className="min-w-0 grow truncate rounded-sm px-2 py-1 text-left text-sm hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  {label}
                  {invalidIds.has(element.id) && <span className="ml-2 text-xs text-destructive">needs a fix</span>}
                </button>
                <Tooltip content="Move up (drawn earlier)">
                  <Button variant="ghost" size="icon-sm" aria-label={`Move ${label} up`} disabled={index === 0} onClick={() => onMove(element.id, -1)}>
                    <ArrowUpIcon aria-hidden />
                  </Button>
                </Tooltip>
                <Tooltip content="Move down (drawn later, on top)">
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={`Move ${label} down`}
                    disabled={index === elements.length - 1}
                    onClick={() => onMove(element.id, 1)}
                  >
                    <ArrowDownIcon aria-hidden />
                  </Button>
                </Tooltip>
                <Tooltip content="Remove">
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={`Remove ${label}`}
                    className="text-destructive hover:bg-destructive/10 hover:text-destructive"
                    onClick={() => onRemove(element.id)}
                  >
                    <Trash2Icon aria-hidden />
                  </Button>
                </Tooltip>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
