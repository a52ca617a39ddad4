import { MAX_LEAD_TAG_LENGTH, MAX_LEAD_TAGS, type UpdateLeadBody } from '@portal/shared/leads';

/**
 * A tag added to a lead's tags, or why not. A tag that differs from one already there only in
 * case is that tag: two spellings of one tag would split the filter.
 */
export function addTag(tags: readonly string[], text: string): { tags: string[] } | { error: string } {
  const tag = text.trim().replace(/\s+/g, ' ');
  if (!tag) return { error: 'Type a tag first' };
  if (tag.length > MAX_LEAD_TAG_LENGTH) return { error: `At most ${MAX_LEAD_TAG_LENGTH} characters` };
  if (tags.some((existing) => existing.toLocaleLowerCase() === tag.toLocaleLowerCase())) return { tags: [...tags] };
  if (tags.length >= MAX_LEAD_TAGS) return { error: `At most ${MAX_LEAD_TAGS} tags` };
  return { tags: [...tags, tag] };
}

export function removeTag(tags: readonly string[], tag: string): string[] {
  return tags.filter((existing) => existing !== tag);
}

/**
 * A change of tags as the API merges it: the tags now, and the tags as loaded (`baseTags`), so that
 * the server applies only what this person added and removed, and a colleague's tags added
 * meanwhile stay.
 */
export function tagChange(
  loaded: readonly string[],
  now: readonly string[],
): Pick<UpdateLeadBody, 'tags' | 'baseTags'> {
  return { tags: [...now], baseTags: [...loaded] };
}

/** Whether the tags changed at all, in content, whatever their order. */
export function tagsChanged(loaded: readonly string[], now: readonly string[]): boolean {
  return loaded.length !== now.length || now.some((tag) => !loaded.includes(tag));
}
