import { Alert, Button, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { KYC_DOCUMENT_KINDS } from '@portal/contract/kyc';
import { errorMessage } from '@/lib/form-errors';
import { useMyKycDocuments } from '@/lib/my-kyc-documents';
import { KycDocumentCard } from '@/features/kyc/components/kyc-document-card';

/** The verification uploads of docs/PRODUCT.md "Screens": ID front and back, a selfie, a bank book copy. */
export function KycDocuments() {
  const { t } = useTranslation(['kyc', 'errors']);
  const documents = useMyKycDocuments();

  return (
    <Stack gap="md" component="section" aria-labelledby="kyc-title">
      <div>
        <Title id="kyc-title" order={2} fz="lg" mb={4}>
          {t('title')}
        </Title>
        <Text fz="sm" c="dark.6" maw={760}>
          {t('lead')}
        </Text>
      </div>
      {documents.isPending ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {KYC_DOCUMENT_KINDS.map((kind) => (
            <Skeleton key={kind} h={260} radius="md" />
          ))}
        </SimpleGrid>
      ) : documents.isError ? (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
          <Stack gap="sm" align="flex-start">
            <Text fz="sm">{errorMessage(t, documents.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void documents.refetch()}>
              {t('retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {KYC_DOCUMENT_KINDS.map((kind) => (
            <KycDocumentCard key={kind} kind={kind} document={documents.data[kind]} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
