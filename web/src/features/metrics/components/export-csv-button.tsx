import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { track } from '../../../lib/analytics.ts';

/**
 * The CSV export (spec admin §7): a plain link to `{app page}/installations.csv`, so the browser
 * navigates and downloads (the server sends it on to the API route), and the click is tracked.
 */
export function ExportCsvButton({
  appPage,
  appId,
  appName,
}: {
  appPage: string;
  appId: string;
  appName: string;
}) {
  const { t } = useTranslation();
  return (
    <Button
      component="a"
      href={`${appPage}/installations.csv`}
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      onClick={() =>
        track('developers.app_metrics.download_csv.clicked', { developer_app_id: appId, app_name: appName })
      }
    >
      {t('metrics.exportCsv')}
    </Button>
  );
}
