import { describe, expect, it } from 'vitest';
import { authDialogPath, safeNextPath } from '@/lib/auth/auth-paths';

describe('safeNextPath', () => {
  it.each([
    ['/app', '/app'],
    ['/app/profile', '/app/profile'],
    ['/app/transactions?status=Pending#top', '/app/transactions?status=Pending#top'],
  ])('keeps %s', (next, expected) => expect(safeNextPath(next)).toBe(expected));

  it.each([
    null,
    '',
    '/',
    '/about-us',
    '/application',
    '//evil.example/app',
    '/\\evil.example/app',
    'https://evil.example/app',
    'javascript:alert(1)',
    'app/profile',
    '/app/../about-us',
  ])('replaces %s with the dashboard', (next) => expect(safeNextPath(next)).toBe('/app'));
});

describe('authDialogPath', () => {
  it('opens a dialog over Home and keeps where to go next', () => {
    expect(authDialogPath('sign-in')).toBe('/?auth=sign-in');
    expect(authDialogPath('sign-in', '/app/profile?x=1')).toBe(
      '/?auth=sign-in&next=%2Fapp%2Fprofile%3Fx%3D1',
    );
  });
});
