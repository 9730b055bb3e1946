import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { RouteError } from '@/app/routes/route-error';

/**
 * Every screen is its own module, loaded on demand (docs/PRODUCT.md "Screens"). A route module exports
 * `Component` (and may export `ErrorBoundary`), which React Router's `lazy` picks up.
 */
export const routes: RouteObject[] = [
  {
    lazy: () => import('@/components/layouts/public-layout'),
    ErrorBoundary: RouteError,
    children: [
      { path: paths.home, lazy: () => import('@/app/routes/public/home') },
      { path: paths.aboutUs, lazy: () => import('@/app/routes/public/about-us') },
      { path: paths.faqHome, lazy: () => import('@/app/routes/public/faq-home') },
      { path: paths.terms, lazy: () => import('@/app/routes/public/terms') },
      { path: paths.privacy, lazy: () => import('@/app/routes/public/privacy') },
      { path: '*', lazy: () => import('@/app/routes/not-found') },
    ],
  },
  {
    path: paths.app.root,
    lazy: () => import('@/components/layouts/app-layout'),
    ErrorBoundary: RouteError,
    children: [
      { index: true, lazy: () => import('@/app/routes/app/dashboard') },
      { path: paths.app.buy, lazy: () => import('@/app/routes/app/buy') },
      { path: paths.app.sell, lazy: () => import('@/app/routes/app/sell') },
      { path: paths.app.transactions, lazy: () => import('@/app/routes/app/transactions') },
      {
        path: paths.app.transactionDetail,
        lazy: () => import('@/app/routes/app/transaction-detail'),
      },
      { path: paths.app.accounts, lazy: () => import('@/app/routes/app/accounts') },
      { path: paths.app.profile, lazy: () => import('@/app/routes/app/profile') },
      { path: paths.app.support, lazy: () => import('@/app/routes/app/support') },
      { path: paths.app.faq, lazy: () => import('@/app/routes/app/faq') },
      {
        path: paths.app.agencyBankAccount,
        lazy: () => import('@/app/routes/app/agency-bank-account'),
      },
      { path: paths.app.clients, lazy: () => import('@/app/routes/app/clients') },
      { path: paths.app.clientDetail, lazy: () => import('@/app/routes/app/client-detail') },
      {
        path: paths.app.clientTransactions,
        lazy: () => import('@/app/routes/app/client-transactions'),
      },
      {
        path: paths.app.clientTransactionDetail,
        lazy: () => import('@/app/routes/app/client-transaction-detail'),
      },
      { path: paths.app.kycReview, lazy: () => import('@/app/routes/app/kyc-review') },
      {
        path: paths.app.merchantsAdmin,
        lazy: () => import('@/app/routes/app/merchants-admin'),
      },
      { path: paths.app.ratesAdmin, lazy: () => import('@/app/routes/app/rates-admin') },
      {
        path: paths.app.operatorTransactions,
        lazy: () => import('@/app/routes/app/operator-transactions'),
      },
      {
        path: paths.app.operatorTransactionDetail,
        lazy: () => import('@/app/routes/app/operator-transaction-detail'),
      },
      { path: paths.app.approvals, lazy: () => import('@/app/routes/app/approvals') },
      { path: paths.app.depositsAdmin, lazy: () => import('@/app/routes/app/deposits-admin') },
      {
        path: paths.app.agenciesAdmin,
        lazy: () => import('@/app/routes/app/agencies-admin'),
      },
      { path: paths.app.usersAdmin, lazy: () => import('@/app/routes/app/users-admin') },
      { path: paths.app.operatorUser, lazy: () => import('@/app/routes/app/operator-user') },
      { path: paths.app.auditLog, lazy: () => import('@/app/routes/app/audit-log') },
      {
        path: paths.app.reconciliation,
        lazy: () => import('@/app/routes/app/reconciliation'),
      },
      // Not found is not a secret: a signed-out visitor sees it without signing in first.
      { path: '*', handle: { public: true }, lazy: () => import('@/app/routes/not-found') },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
