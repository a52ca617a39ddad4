import {
  BADGE_FONT_SIZE_MAX,
  BADGE_FONT_SIZE_MIN,
  BADGE_TEXT_ALIGNS,
  BADGE_TYPE_BAND_LABELS,
  DEFAULT_BADGE_TYPE_COLORS,
  isTextElement,
  type BadgeElement,
  type BadgeTextAlign,
  type BadgeTextElement,
} from '@portal/shared/badge-layouts';
import { BADGE_TYPES } from '@portal/shared/badge-categories';
import type { CustomField } from '@portal/shared/custom-fields';
import type { ReactNode } from 'react';
import { FormField } from '@/components/form/form-field';
import { Checkbox } from '@/components/ui/checkbox';
import { NativeSelect, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { elementErrorKey, type LayoutErrors } from '../lib/layout-errors';
import { SNAP_MM } from '../lib/layout-geometry';
import { ColorInput } from './color-input';
import { NumberInput } from './number-input';

const ALIGN_LABELS: Record<BadgeTextAlign, string> = { left: 'Left', center: 'Centre', right: 'Right' };

type ElementPropertiesProps = {
  element: BadgeElement;
  onChange: (element: BadgeElement) => void;
  errors: LayoutErrors;
  fields: readonly CustomField[];
};

function CheckField({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="flex items-center gap-2">
      <Checkbox id={id} checked={checked} onCheckedChange={(value) => onChange(value === true)} />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}

/** The selected element's place in millimetres, its text style in points, and what its kind adds. */
export function ElementProperties({ element, onChange, errors, fields }: ElementPropertiesProps) {
  const error = (field: string) => errors[elementErrorKey(element.id, field)];
  const number = (field: 'x' | 'y' | 'width' | 'height', label: string) => (
    <FormField id={`element-${field}`} label={label} error={error(field)}>
      {(control) => (
        <NumberInput
          {...control}
          step={SNAP_MM}
          min={0}
          value={element[field]}
          onValue={(value) => onChange({ ...element, [field]: value })}
        />
      )}
    </FormField>
  );

  return (
    <div className="grid gap-4">
      <fieldset className="grid grid-cols-2 gap-3">
        <legend className="mb-2 text-sm font-medium">Place (mm from the top-left corner)</legend>
        {number('x', 'X (mm)')}
        {number('y', 'Y (mm)')}
        {number('width', 'Width (mm)')}
        {number('height', 'Height (mm)')}
      </fieldset>
      {error('id') && <p className="text-xs font-medium text-destructive">{error('id')}</p>}
      {isTextElement(element) && <TextStyle element={element} onChange={onChange} error={error} />}
      <KindOptions element={element} onChange={onChange} error={error} fields={fields} />
    </div>
  );
}

type StyleProps<T extends BadgeElement> = { element: T; onChange: (element: BadgeElement) => void; error: (field: string) => string | undefined };

function TextStyle({ element, onChange, error }: StyleProps<BadgeTextElement>) {
  return (
    <fieldset className="grid grid-cols-2 gap-3">
      <legend className="mb-2 text-sm font-medium">Text</legend>
      <FormField id="element-font-size" label="Font size (pt)" error={error('fontSize')} hint="The largest size">
        {(control) => (
          <NumberInput
            {...control}
            min={BADGE_FONT_SIZE_MIN}
            max={BADGE_FONT_SIZE_MAX}
            step={0.5}
            value={element.fontSize}
            onValue={(fontSize) => onChange({ ...element, fontSize })}
          />
        )}
      </FormField>
      <FormField id="element-min-font-size" label="Minimum size (pt)" error={error('minFontSize')} hint="Then it wraps">
        {(control) => (
          <NumberInput
            {...control}
            min={BADGE_FONT_SIZE_MIN}
            max={BADGE_FONT_SIZE_MAX}
            step={0.5}
            value={element.minFontSize}
            onValue={(minFontSize) => onChange({ ...element, minFontSize })}
          />
        )}
      </FormField>
      <FormField id="element-align" label="Alignment" error={error('align')}>
        {(control) => (
          <NativeSelect
            {...control}
            value={element.align}
            onChange={(event) => onChange({ ...element, align: event.target.value as BadgeTextAlign })}
          >
            {BADGE_TEXT_ALIGNS.map((align) => (
              <option key={align} value={align}>
                {ALIGN_LABELS[align]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField id="element-color" label="Colour" error={error('color')}>
        {(control) => (
          <ColorInput {...control} value={element.color} onChange={(event) => onChange({ ...element, color: event.target.value })} />
        )}
      </FormField>
      <CheckField id="element-bold" label="Bold" checked={element.bold} onChange={(bold) => onChange({ ...element, bold })} />
      <CheckField
        id="element-uppercase"
        label="Capitals"
        checked={element.uppercase}
        onChange={(uppercase) => onChange({ ...element, uppercase })}
      />
    </fieldset>
  );
}

function KindOptions({ element, onChange, error, fields }: StyleProps<BadgeElement> & { fields: readonly CustomField[] }): ReactNode {
  switch (element.kind) {
    case 'name':
      return (
        <FormField id="element-lines" label="Lines" error={error('lines')} hint="Two lines: the first name above the last name">
          {(control) => (
            <NativeSelect
              {...control}
              value={element.lines}
              onChange={(event) => onChange({ ...element, lines: event.target.value === '2' ? 2 : 1 })}
            >
              <option value="1">One line</option>
              <option value="2">Two lines</option>
            </NativeSelect>
          )}
        </FormField>
      );
    case 'field':
      return (
        <FormField
          id="element-field"
          label="Question"
          error={error('customFieldId')}
          hint={fields.length === 0 ? 'The event has no badge questions yet.' : 'The holder’s answer is printed.'}
        >
          {(control) => (
            <NativeSelect
              {...control}
              value={element.customFieldId || ''}
              onChange={(event) => onChange({ ...element, customFieldId: Number(event.target.value) })}
            >
              <option value="" disabled>
                Choose a question
              </option>
              {fields.map((field) => (
                <option key={field.id} value={field.id}>
                  {field.label}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      );
    case 'text':
      return (
        <FormField id="element-text" label="Text" error={error('text')}>
          {(control) => (
            <Textarea {...control} value={element.text} onChange={(event) => onChange({ ...element, text: event.target.value })} />
          )}
        </FormField>
      );
    case 'typeBand':
      return (
        <fieldset className="grid grid-cols-2 gap-3">
          <legend className="mb-2 text-sm font-medium">Band colour per badge type</legend>
          {BADGE_TYPES.map((type) => (
            <FormField key={type} id={`element-band-${type}`} label={BADGE_TYPE_BAND_LABELS[type]} error={error(`colors`)}>
              {(control) => (
                <ColorInput
                  {...control}
                  value={element.colors[type] ?? DEFAULT_BADGE_TYPE_COLORS[type]}
                  onChange={(event) => onChange({ ...element, colors: { ...element.colors, [type]: event.target.value } })}
                />
              )}
            </FormField>
          ))}
          <FormField id="element-band-text" label="Label colour" error={error('textColor')}>
            {(control) => (
              <ColorInput
                {...control}
                value={element.textColor}
                onChange={(event) => onChange({ ...element, textColor: event.target.value })}
              />
            )}
          </FormField>
          <div className="flex items-end pb-2">
            <CheckField
              id="element-band-label"
              label="Show the type’s name"
              checked={element.showLabel}
              onChange={(showLabel) => onChange({ ...element, showLabel })}
            />
          </div>
        </fieldset>
      );
    case 'qr':
      return <p className="text-sm text-muted-foreground">The badge code only, nothing personal: a square as large as the box allows, centred in it.</p>;
    case 'logo':
      return <p className="text-sm text-muted-foreground">The layout’s logo (upload it under Images), fitted into the box.</p>;
    default:
      return null;
  }
}
