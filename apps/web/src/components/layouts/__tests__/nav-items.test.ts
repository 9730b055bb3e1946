import { describe, expect, it } from 'vitest';
import { USER_ROLES } from '@portal/contract/users';
import { appNavItems, publicNavItems } from '@/components/layouts/nav-items';

const userMenu = [
  'dashboard',
  'buy',
  'sell',
  'transactions',
  'accounts',
  'profile',
  'support',
  'faq',
  'agencyBankAccount',
];

describe('navigation', () => {
  it('lists the public pages of docs/PRODUCT.md "Screens"', () => {
    expect(publicNavItems.map((item) => item.to)).toEqual([
      '/about-us',
      '/faq-home',
      '/terms',
      '/privacy',
    ]);
  });

  it('gives clients the user menu in the order of docs/PRODUCT.md "Screens"', () => {
    expect(appNavItems('client').map((item) => item.key)).toEqual(userMenu);
  });

  it('gives operators their queues, rates and merchants, and no trading screens', () => {
    expect(appNavItems('operator').map((item) => item.key)).toEqual([
      'dashboard',
      'kycReview',
      'operatorTransactions',
      'approvals',
      'depositsAdmin',
      'reconciliation',
      'ratesAdmin',
      'merchantsAdmin',
      'agenciesAdmin',
      'usersAdmin',
      'auditLog',
      'profile',
      'support',
      'faq',
    ]);
    for (const role of USER_ROLES.filter((role) => role !== 'operator')) {
      expect(appNavItems(role).some((item) => item.key === 'kycReview')).toBe(false);
      for (const key of [
        'merchantsAdmin',
        'operatorTransactions',
        'depositsAdmin',
        'ratesAdmin',
        'agenciesAdmin',
        'usersAdmin',
        'auditLog',
        'reconciliation',
        'approvals',
      ]) {
        expect(appNavItems(role).some((item) => item.key === key)).toBe(false);
      }
    }
  });

  it('adds Clients and Client Transactions for agencies only', () => {
    expect(appNavItems('agency').map((item) => item.key)).toEqual([
      ...userMenu,
      'clients',
      'clientTransactions',
    ]);
    for (const role of USER_ROLES.filter((role) => role !== 'agency')) {
      expect(appNavItems(role).some((item) => item.key.startsWith('client'))).toBe(false);
    }
  });

  it.each(USER_ROLES)(
    'matches the dashboard exactly for %s, so it is not active on every other screen',
    (role) => {
      expect(
        appNavItems(role)
          .filter((item) => item.end)
          .map((item) => item.key),
      ).toEqual(['dashboard']);
    },
  );
});
