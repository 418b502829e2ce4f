import { App, Button, Card, Typography } from 'antd';
import { errorText } from '../../../lib/apiError';
import { useSession } from '../../../lib/session';
import { useExportData } from '../api/account';
import { ACCOUNT_TEXT } from '../texts';

/** 导出我的数据: everything the site keeps about the member, downloaded as one JSON file. */
export function DataExportCard() {
  const { message } = App.useApp();
  const username = useSession()?.user.username ?? 'member';
  const exportData = useExportData(username);

  const onExport = () => {
    exportData.mutate(undefined, {
      onSuccess: () => message.success(ACCOUNT_TEXT.exported),
      onError: (error) => message.error(errorText(error, ACCOUNT_TEXT.exportFailed)),
    });
  };

  return (
    <Card title={ACCOUNT_TEXT.exportTitle}>
      <Typography.Paragraph type="secondary">{ACCOUNT_TEXT.exportIntro}</Typography.Paragraph>
      <Button onClick={onExport} loading={exportData.isPending}>
        {ACCOUNT_TEXT.exportButton}
      </Button>
    </Card>
  );
}
