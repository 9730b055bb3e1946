import { useState } from 'react';
import { Button, Group, type ButtonProps } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ExportFormat } from '@/lib/download';
import { errorMessage } from '@/lib/form-errors';
import { toast } from '@/lib/notifications';

const FORMATS: readonly ExportFormat[] = ['csv', 'xlsx'];

/**
 * A list's CSV and Excel buttons, the same on every screen: one export at a time (the other
 * button waits), the file saved under the name the server gave it (lib/download.ts), and a toast
 * naming the file, or saying why it could not be made.
 */
export function ExportButtons({
  onExport,
  labels,
  done,
  failed,
  ariaLabel,
  disabled = false,
  size,
}: {
  /** Downloads the export in `format`; answers the saved file's name. */
  onExport: (format: ExportFormat) => Promise<string>;
  labels: Record<ExportFormat, string>;
  /** The toast once saved, given the file's name; none when left out. */
  done?: (name: string) => string;
  /** The title of the toast when the export fails. */
  failed: string;
  /** Where a screen has several pairs, what each button exports ("Accounts: Export CSV"). */
  ariaLabel?: (format: ExportFormat) => string;
  disabled?: boolean;
  size?: ButtonProps['size'];
}) {
  const { t } = useTranslation('errors');
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const exportAs = async (format: ExportFormat) => {
    setExporting(format);
    try {
      const name = await onExport(format);
      if (done) toast('success', { message: done(name) });
    } catch (error) {
      toast('error', { title: failed, message: errorMessage(t, error) });
    } finally {
      setExporting(null);
    }
  };
  const iconSize = size === 'xs' ? 14 : 16;
  return (
    <Group gap="xs" wrap="wrap">
      {FORMATS.map((format) => (
        <Button
          key={format}
          size={size}
          variant="default"
          leftSection={
            format === 'csv' ? (
              <IconDownload size={iconSize} aria-hidden />
            ) : (
              <IconFileSpreadsheet size={iconSize} aria-hidden />
            )
          }
          loading={exporting === format}
          disabled={disabled || (exporting !== null && exporting !== format)}
          onClick={() => void exportAs(format)}
          aria-label={ariaLabel?.(format)}
        >
          {labels[format]}
        </Button>
      ))}
    </Group>
  );
}
