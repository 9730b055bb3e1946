import { AgencyBankAccountScreen } from '@/features/agency-bank-account/components/agency-bank-account-screen';

export function Component() {
  return <AgencyBankAccountScreen />;
}
