import { APP_ROOT, PUBLIC_PAGES } from '@portal/contract/pages';

/**
 * Every route path of the web app, in one place. Public paths are exactly those of docs/PRODUCT.md "Screens";
 * the signed-in screens live under /app (docs/PRODUCT.md "Screens").
 */
export const paths = {
  // The server answers these with 200 and lists them in its sitemap: one list for both.
  ...PUBLIC_PAGES,
  // Sign-in and sign-up open over Home, so the public routes stay exactly the product's five.
  signIn: '/?auth=sign-in',
  signUp: '/?auth=sign-up',
  app: {
    root: APP_ROOT,
    dashboard: '/app',
    buy: '/app/buy',
    sell: '/app/sell',
    transactions: '/app/transactions',
    transactionDetail: '/app/transactions/:id',
    accounts: '/app/accounts',
    profile: '/app/profile',
    support: '/app/support',
    faq: '/app/faq',
    agencyBankAccount: '/app/agency-bank-account',
    clients: '/app/clients',
    clientDetail: '/app/clients/:id',
    clientTransactions: '/app/client-transactions',
    clientTransactionDetail: '/app/client-transactions/:id',
    // Operator screens.
    kycReview: '/app/operator/kyc',
    merchantsAdmin: '/app/operator/merchants',
    ratesAdmin: '/app/operator/rates',
    operatorTransactions: '/app/operator/transactions',
    operatorTransactionDetail: '/app/operator/transactions/:id',
    approvals: '/app/operator/approvals',
    depositsAdmin: '/app/operator/deposits',
    agenciesAdmin: '/app/operator/agencies',
    usersAdmin: '/app/operator/users',
    operatorUser: '/app/operator/users/:id',
    auditLog: '/app/operator/audit',
    reconciliation: '/app/operator/reconciliation',
  },
} as const;
