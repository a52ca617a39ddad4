import { describe, expect, it } from 'vitest';
import { placeholderKind } from './page-placeholder';

describe('placeholderKind', () => {
  it.each([
    ['/', 'dashboard'],
    ['/dashboard', 'dashboard'],
    ['/login', 'login'],
    ['/vip/login', 'login'],
    ['/admins', 'list'],
    ['/users/12', 'list'],
    ['/events/3/exhibitor/4', 'list'],
    ['/users/create', 'form'],
    ['/events/3/edit', 'form'],
    ['/events/3/exhibitors/bulk-import', 'form'],
    ['/welcome', 'page'],
  ])('%s shows the %s placeholder', (pathname, kind) => {
    expect(placeholderKind(pathname)).toBe(kind);
  });
});
