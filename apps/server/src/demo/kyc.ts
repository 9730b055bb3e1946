import { KYC_DOCUMENT_KINDS, type KycDocumentKind } from '@portal/contract/kyc';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '@server/db/client';
import { kycDocuments, users } from '@server/db/schema';
import { newStorageKey, type FileStorage } from '@server/lib/storage/file-storage';

/** The demo client whose identity is seeded as verified: buying and selling wait for it. */
export const DEMO_VERIFIED_CLIENT = 'client@wonbridge.example';

const LABELS: Record<KycDocumentKind, string> = {
  id_front: 'ID CARD (FRONT) · 주민등록증 앞면',
  id_back: 'ID CARD (BACK) · 주민등록증 뒷면',
  selfie: 'SELFIE · 본인 사진',
  bank_book: 'BANK BOOK · 통장 사본',
};

/**
 * A real image for each document, drawn here so that no personal data ships with the demo:
 * a card marked SAMPLE with the document's name, as a JPEG like a phone photo.
 */
export async function demoDocumentImage(kind: KycDocumentKind, name: string): Promise<Buffer> {
  const text = name.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400">
  <rect width="640" height="400" fill="#e8eef7"/>
  <rect x="24" y="24" width="592" height="352" rx="24" fill="#ffffff" stroke="#4263eb" stroke-width="6"/>
  <text x="56" y="104" font-family="sans-serif" font-size="30" fill="#1c2a4a">${LABELS[kind]}</text>
  <text x="56" y="180" font-family="sans-serif" font-size="44" font-weight="bold" fill="#1c2a4a">${text}</text>
  <text x="56" y="240" font-family="monospace" font-size="26" fill="#495057">900101-1******</text>
  <text x="320" y="340" font-family="sans-serif" font-size="72" font-weight="bold" fill="#e03131" fill-opacity="0.35" text-anchor="middle" transform="rotate(-12 320 300)">SAMPLE · 견본</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/**
 * The demo client's four identity documents, stored and approved, so the published demo user
 * can buy and sell at once (docs/decisions/010). The files are stored before the rows: a failed
 * seed leaves at most unreferenced files, never a document without its file.
 */
export async function seedDemoKyc(db: Database, storage: FileStorage): Promise<void> {
  const [client] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.email, DEMO_VERIFIED_CLIENT));
  if (!client) return;
  const documents = [];
  for (const kind of KYC_DOCUMENT_KINDS) {
    const bytes = await demoDocumentImage(kind, client.name);
    const storageKey = newStorageKey('kyc');
    await storage.put(storageKey, bytes, 'image/jpeg');
    documents.push({
      userId: client.id,
      kind,
      status: 'approved' as const,
      storageKey,
      contentType: 'image/jpeg',
      sizeBytes: bytes.length,
      reviewedAt: new Date(),
    });
  }
  await db.insert(kycDocuments).values(documents).onConflictDoNothing();
}
