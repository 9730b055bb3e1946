import { paths } from '@/config/paths';

/** The operator's page of one user (docs/decisions/021), linked from Users and a transaction. */
export function operatorUserPath(id: string): string {
  return paths.app.operatorUser.replace(':id', encodeURIComponent(id));
}
