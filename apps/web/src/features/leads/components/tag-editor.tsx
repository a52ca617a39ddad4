import { PlusIcon, XIcon } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { addTag, removeTag } from '../lib/lead-tags';

type TagEditorProps = {
  tags: readonly string[];
  onChange: (tags: string[]) => void;
  disabled?: boolean;
  large?: boolean;
};

/** A lead's tags as chips, each with its remove button, and a field that adds one at Enter or "Add". */
export function TagEditor({ tags, onChange, disabled, large }: TagEditorProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  function add() {
    const result = addTag(tags, text);
    if ('error' in result) {
      setError(result.error);
      return;
    }
    setError(null);
    setText('');
    if (result.tags.length !== tags.length) onChange(result.tags);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    // Enter adds the tag; it must not submit a form around the editor.
    event.preventDefault();
    add();
  }

  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        Tags
      </label>
      {tags.length > 0 && (
        <ul aria-label="Current tags" className="flex flex-wrap gap-1.5">
          {tags.map((tag) => (
            <li
              key={tag}
              className="inline-flex max-w-full items-center gap-1 rounded-full border bg-secondary py-0.5 pr-0.5 pl-2.5 text-sm text-secondary-foreground"
            >
              <span className="truncate">{tag}</span>
              <Button
                type="button"
                variant="ghost"
                size="icon-sm"
                className="size-6 rounded-full"
                aria-label={`Remove tag ${tag}`}
                disabled={disabled}
                onClick={() => onChange(removeTag(tags, tag))}
              >
                <XIcon aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        <Input
          id={id}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Add a tag"
          autoComplete="off"
          disabled={disabled}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          className={cn(large && 'h-11 text-base')}
        />
        <Button type="button" variant="outline" className={cn(large && 'h-11')} disabled={disabled} onClick={add}>
          <PlusIcon aria-hidden />
          Add
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
