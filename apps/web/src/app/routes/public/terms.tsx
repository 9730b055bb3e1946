import { LegalDocument } from '@/components/content/legal-document';

export function Component() {
  return <LegalDocument doc="terms" />;
}
