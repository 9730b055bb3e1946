import type { UserRole } from '@portal/contract/users';
import { paths } from '@/config/paths';

/** A menu entry: its label key in the `common` namespace and where it leads. */
export interface NavItem {
  /** Key under `nav.` in the common namespace. */
  key: string;
  to: string;
  /** Match the path exactly (the dashboard is the parent of every other /app path). */
  end?: boolean;
}

/** The public header's links (docs/PRODUCT.md "Screens": About us, FAQ, Terms, Privacy). */
export const publicNavItems: readonly NavItem[] = [
  { key: 'aboutUs', to: paths.aboutUs },
  { key: 'faq', to: paths.faqHome },
  { key: 'terms', to: paths.terms },
  { key: 'privacy', to: paths.privacy },
];

const userNavItems: readonly NavItem[] = [
  { key: 'dashboard', to: paths.app.dashboard, end: true },
  { key: 'buy', to: paths.app.buy },
  { key: 'sell', to: paths.app.sell },
  { key: 'transactions', to: paths.app.transactions },
  { key: 'accounts', to: paths.app.accounts },
  { key: 'profile', to: paths.app.profile },
  { key: 'support', to: paths.app.support },
  { key: 'faq', to: paths.app.faq },
  { key: 'agencyBankAccount', to: paths.app.agencyBankAccount },
];

const agencyNavItems: readonly NavItem[] = [
  { key: 'clients', to: paths.app.clients },
  { key: 'clientTransactions', to: paths.app.clientTransactions },
];

/** The operator runs the portal: no buying, selling or merchant accounts of its own. */
const operatorNavItems: readonly NavItem[] = [
  { key: 'dashboard', to: paths.app.dashboard, end: true },
  { key: 'kycReview', to: paths.app.kycReview },
  { key: 'operatorTransactions', to: paths.app.operatorTransactions },
  { key: 'approvals', to: paths.app.approvals },
  { key: 'depositsAdmin', to: paths.app.depositsAdmin },
  { key: 'reconciliation', to: paths.app.reconciliation },
  { key: 'ratesAdmin', to: paths.app.ratesAdmin },
  { key: 'merchantsAdmin', to: paths.app.merchantsAdmin },
  { key: 'agenciesAdmin', to: paths.app.agenciesAdmin },
  { key: 'usersAdmin', to: paths.app.usersAdmin },
  { key: 'auditLog', to: paths.app.auditLog },
  { key: 'profile', to: paths.app.profile },
  { key: 'support', to: paths.app.support },
  { key: 'faq', to: paths.app.faq },
];

/**
 * The signed-in sidebar, in the order of docs/PRODUCT.md "Screens". Clients and Client Transactions belong
 * to partner agencies only; operators get their own screens instead of the trading ones. The
 * menu mirrors permissions; the server enforces them.
 */
export function appNavItems(role: UserRole): readonly NavItem[] {
  if (role === 'operator') return operatorNavItems;
  return role === 'agency' ? [...userNavItems, ...agencyNavItems] : userNavItems;
}
