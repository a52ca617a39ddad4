import { MAX_LEAD_TAG_LENGTH, MAX_LEAD_TAGS } from '@portal/shared/leads';
import { describe, expect, it } from 'vitest';
import { addTag, removeTag, tagChange, tagsChanged } from './lead-tags';

describe('a lead’s tags', () => {
  it('adds a tag trimmed, and a tag there already in another case is that tag', () => {
    expect(addTag(['robotics'], '  follow   up ')).toEqual({ tags: ['robotics', 'follow up'] });
    expect(addTag(['Ρομποτική'], 'ρομποτική')).toEqual({ tags: ['Ρομποτική'] });
  });

  it('refuses an empty tag, a long one and one too many', () => {
    expect(addTag([], '   ')).toEqual({ error: 'Type a tag first' });
    expect(addTag([], 'x'.repeat(MAX_LEAD_TAG_LENGTH + 1))).toEqual({
      error: `At most ${MAX_LEAD_TAG_LENGTH} characters`,
    });
    expect(addTag([], 'x'.repeat(MAX_LEAD_TAG_LENGTH))).toEqual({ tags: ['x'.repeat(MAX_LEAD_TAG_LENGTH)] });
    const full = Array.from({ length: MAX_LEAD_TAGS }, (_, i) => `tag ${i}`);
    expect(addTag(full, 'one more')).toEqual({ error: `At most ${MAX_LEAD_TAGS} tags` });
    // A tag already there is no new one, even on a full lead.
    expect(addTag(full, 'TAG 3')).toEqual({ tags: full });
  });

  it('sends the tags now with the tags as loaded, for the server’s three-way merge', () => {
    const loaded = ['robotics', 'demo'];
    const added = addTag(loaded, 'hot prospect');
    if ('error' in added) throw new Error(added.error);
    const now = removeTag(added.tags, 'demo');
    expect(now).toEqual(['robotics', 'hot prospect']);
    expect(tagChange(loaded, now)).toEqual({ tags: ['robotics', 'hot prospect'], baseTags: ['robotics', 'demo'] });
    expect(tagsChanged(loaded, now)).toBe(true);
    expect(tagsChanged(loaded, ['demo', 'robotics'])).toBe(false);
    expect(tagsChanged([], [])).toBe(false);
  });
});
