import type { FileRejection } from '@mantine/dropzone';
import { KYC_ALLOWED_TYPES, MAX_KYC_FILE_BYTES, type KycDocumentKind } from '@portal/contract/kyc';

/** Why a picked file is refused before it is sent; each is a key under `kyc:refusals`. */
export type FileRefusal = 'tooLarge' | 'wrongType' | 'wrongTypeOrPdf' | 'oneFile' | 'empty';

export function acceptedTypes(kind: KycDocumentKind): string[] {
  return [...KYC_ALLOWED_TYPES[kind]];
}

export function acceptsPdf(kind: KycDocumentKind): boolean {
  return KYC_ALLOWED_TYPES[kind].includes('application/pdf');
}

/** The same rules the server applies (it also checks the content itself): type and size. */
export function refusalOf(kind: KycDocumentKind, file: File): FileRefusal | null {
  if (!KYC_ALLOWED_TYPES[kind].includes(file.type)) return wrongType(kind);
  if (file.size > MAX_KYC_FILE_BYTES) return 'tooLarge';
  if (file.size === 0) return 'empty';
  return null;
}

function wrongType(kind: KycDocumentKind): FileRefusal {
  return acceptsPdf(kind) ? 'wrongTypeOrPdf' : 'wrongType';
}

/** What the dropzone refused, in our words. */
export function refusalOfRejection(kind: KycDocumentKind, rejection: FileRejection): FileRefusal {
  const codes = rejection.errors.map((error) => error.code);
  if (codes.includes('too-many-files')) return 'oneFile';
  if (codes.includes('file-invalid-type')) return wrongType(kind);
  if (codes.includes('file-too-large')) return 'tooLarge';
  return refusalOf(kind, rejection.file) ?? wrongType(kind);
}
